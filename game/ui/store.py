"""localStorage, the only storage the game uses, behind one key prefix.

The UI alone touches storage; the engine produces and validates the documents. A
browser may refuse storage (private modes, blocked cookies, a full quota) by throwing,
and MicroPython in PyScript cannot catch a JavaScript exception, so every access goes
through the guards in assets/boot.js, which answer with plain values instead. The game
plays on without storage, and `ok` turns False so the page can say once that progress
will not be kept.
"""

import js

PREFIX = "py2048:"
GAME = "game"
BEST = "best"
REJECTED = "rejected-game"


class Store:
    def __init__(self) -> None:
        self.guard = js.window.py2048Storage
        self.ok = bool(self.guard.probe(PREFIX + "probe"))

    def read(self, name: str) -> "str | None":
        """The stored text, or None when there is none or storage failed."""
        value = self.guard.read(PREFIX + name)
        if not isinstance(value, str):  # the guard's false: storage failed
            self.ok = False
            return None
        return value or None

    def write(self, name: str, text: str) -> bool:
        written = bool(self.guard.write(PREFIX + name, text))
        if not written:
            self.ok = False
        return written
