"""When MicroPython collects its garbage: between the player's keys, not inside them.

The page's MicroPython (PyScript's WebAssembly build) collects only where no Python
frame is running: when a call from JavaScript returns, if a collection is due. It is
due after every 16 KB allocated, and a key allocates about 20 KB playing its move and
more drawing it, so nearly every key paid a whole collection (about 1 ms on this
machine, 4 ms with a phone's CPU) inside its own event, after the board was drawn:
measured as a third of a key's main-thread time (docs/performance.md).

So the interpreter's own collections are spaced far apart (`THRESHOLD`), and after each
reply the page asks for one when the browser is idle (assets/boot.js `py2048Idle`):
between keys, or within a second at the latest. A burst of play that never leaves the
browser idle (Auto-play) still collects at the threshold, once in about a hundred moves.

Pure: the scheduler and the collection are handed in (tested on CPython and
MicroPython with fakes); `configure` does nothing where there is no such threshold.
"""

import gc

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

# Bytes allocated between two collections of the interpreter's own (about a hundred
# moves); the heap grows by at most this much garbage before one.
THRESHOLD = 2 * 1024 * 1024


def configure(threshold: int = THRESHOLD) -> bool:
    """Space the interpreter's own collections `threshold` bytes apart (MicroPython's
    `gc.threshold`); whether this interpreter has one."""
    space = getattr(gc, "threshold", None)
    if space is None:
        return False
    space(threshold)
    return True


class IdleCollector:
    """One collection asked for at a time, when the browser is next idle: `later(fn)`
    runs `fn` then, and `collect` asks for the collection itself."""

    def __init__(self, later: "Callable[[Callable[[], None]], None]",
                 collect: "Callable[[], object]" = gc.collect) -> None:
        self.later = later
        self.collect = collect
        self.asked = False

    def soon(self) -> None:
        """Garbage was made (a reply drawn): collect it once the browser is idle. Many
        replies before that are one collection."""
        if not self.asked:
            self.asked = True
            self.later(self.idle)

    def idle(self) -> None:
        self.asked = False
        self.collect()
