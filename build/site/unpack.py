"""The built site's entry script (build/site.mjs puts it inline in the page): the page's
Python, imported from the bundle that build/site/mount.py has mounted, then the page.

The modules only the rooms that join later import (game/ui/rooms.py `LATER`) are a
second part of the bundle, named on its first line (`assets/ui-later-<hash>.txt`,
base64): it is not downloaded before the first game, where a phone's link is the
start's bottleneck (its 20 kB of gzip, about 100 ms there), but once the page asks for
it (`LATER_CODE`). That part also carries those rooms' dialogs (`LATER_DIALOGS`), which
the built page leaves out: 28 kB of markup its browser would parse before the first tiles.

On a phone that start is one long task: PyScript's own (the mount, writing its
`pyscript` package's sources and importing it), then this script, the forty imports
and the first paint, all in one run of promise callbacks, which the phone's browser
cannot interrupt to answer a tap, and which Lighthouse counts as blocking time. So it
goes a step at a time: it first lets PyScript's task end, then imports the modules in
tasks of about TASK_MS each, and the page last. Lighthouse's phone score multiplies a
desktop's task times by four and counts what passes 50 ms, so a task must stay near 12
ms on a desktop; a turn costs next to nothing where the browser has `scheduler.yield`
(no timer's minimum delay), so a time budget costs no start time.
"""

import asyncio
import time

import js
import ubinascii

# Imports in one task, in ms of the device's own time (docs/performance.md).
TASK_MS = 8


def _next_turn():
    """A task of its own for what follows: the browser's `scheduler.yield` (the rest runs
    first, ahead of other tasks), else a timer; never a promise's callback, which would
    run in the same task."""
    scheduler = getattr(js.window, "scheduler", None)
    if scheduler is not None and hasattr(scheduler, "yield"):
        return getattr(scheduler, "yield")()
    return asyncio.sleep_ms(1)


def _module(path):
    """game/ui/text.mpy -> game.ui.text; None for a package's __init__."""
    name = path[: -len(".mpy")].replace("/", ".")
    return None if name.endswith(".__init__") else name


# The later rooms' dialogs, in the later part beside their code (build/site.mjs): put
# into the page, in the language in use, before those rooms join.
LATER_DIALOGS = "later-dialogs.html"


def _bring_later(done, wait_ms=500):
    """The later rooms' part, asked for once the page wants it (game/ui/rooms.py
    `LATER_CODE`): fetched as base64 text, which MicroPython turns into bytes in C
    (`ubinascii`; a JavaScript byte array crosses into MicroPython a byte at a time),
    added to the bundle, then `done()`. A failed download is tried again, less and less
    often: what waits for it is kept, never dropped."""

    def again(_=None):
        js.setTimeout(lambda: _bring_later(done, min(2 * wait_ms, 30000)), wait_ms)

    def text(response):
        if response.ok:
            response.text().then(arrived, again)
        else:
            again()

    def arrived(encoded):
        try:
            bundle.add(ubinascii.a2b_base64(encoded))
        except ValueError:  # not the page's Python (a stale or broken copy): ask again
            again()
            return
        if LATER_DIALOGS in bundle.files:
            js.window.py2048Lang.place(bundle.open(LATER_DIALOGS, "r").read())
        done()

    js.fetch(bundle.later).then(text, again)


# The bundle build/site/mount.py mounted: PyScript runs both in the same globals.
bundle = globals()["bundle"]
await _next_turn()  # noqa: F704  (PyScript runs this script with top-level await)
if bundle.later:
    from game.ui import rooms

    rooms.LATER_CODE = _bring_later

# Before the page's forty modules are imported: collections spaced as in play.
from game.ui import memory  # noqa: E402

memory.configure()

PAGE = "game.ui.app"  # the page itself: it starts when imported, so it comes last
modules = [name for name in map(_module, bundle.order[: bundle.at_start])
           if name is not None and name != PAGE]
began = time.ticks_ms()
for name in modules:
    __import__(name)
    if time.ticks_diff(time.ticks_ms(), began) >= TASK_MS:
        await _next_turn()  # noqa: F704
        began = time.ticks_ms()
await _next_turn()  # noqa: F704
__import__(PAGE)
