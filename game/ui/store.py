"""localStorage, the only storage the game uses, behind one key prefix.

The UI alone touches storage; the engine produces and validates the documents. A
browser may refuse storage (private modes, blocked cookies, quota): every access is
guarded, the game plays on without it, and `ok` turns False so the page can say once
that progress will not be kept.
"""

import js

PREFIX = "py2048:"
GAME = "game"
BEST = "best"
REJECTED = "rejected-game"


class Store:
    def __init__(self) -> None:
        self.ok = True
        self.storage = None
        try:
            self.storage = js.window.localStorage
            probe = PREFIX + "probe"
            self.storage.setItem(probe, "1")
            self.storage.removeItem(probe)
        except Exception:
            self.ok = False

    def read(self, name: str) -> "str | None":
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(PREFIX + name)
        except Exception:
            self.ok = False
            return None
        if value is None or not isinstance(value, str):
            return None
        return value

    def write(self, name: str, text: str) -> bool:
        if self.storage is None:
            self.ok = False
            return False
        try:
            self.storage.setItem(PREFIX + name, text)
            return True
        except Exception:
            self.ok = False
            return False
