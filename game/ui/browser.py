"""The page's calls into the browser, each a line around a JavaScript global or a guard
of assets/boot.js (a call that may throw goes through a guard: MicroPython cannot
catch a JavaScript exception). The page (game/ui/page.py) is one of these, so a room
asks the page for the time, a timer, a file or the address like for anything else.
"""

import js
from pyscript import document
from pyscript.ffi import create_proxy

from game.ui import device

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


# The page's clock, fetched once: `js.performance.now()` is two crossings into
# JavaScript, and a key asks the time several times.
PERFORMANCE = js.performance


def now() -> float:
    return float(PERFORMANCE.now())


class LoadedStrings:
    """A language's strings where assets/settings.js loaded them (a JS object), read a
    string at a time and kept once read. Copying the whole table into MicroPython
    (JSON out of JavaScript, parsed again in Python) cost 10-25 ms of a desktop's
    start and four times that on a phone, for the few strings the start says."""

    def __init__(self, strings: "Any") -> None:
        self.strings = strings
        self.read: "dict[str, str]" = {}

    def get(self, key: str) -> "str | None":
        found = self.read.get(key)
        if found is None:
            text = js.window.py2048Lang.lookup(self.strings, key)
            if text is False:
                return None
            found = self.read[key] = str(text)
        return found


class Browser:
    def __init__(self) -> None:
        self.proxies: "list[Any]" = []
        self.on_idle: "Any" = None  # what `when_idle` hands the browser (made by the page)

    def log_error(self, message: str) -> None:
        js.console.error(message)

    def idle(self, callback: "Any") -> None:
        """`callback` (a proxy) once the page is idle."""
        js.window.py2048Idle(callback)

    def fragment(self) -> str:
        """A result code in the address's fragment, cut to the engine's length cap by
        assets/boot.js, so a hostile megabyte never crosses into MicroPython."""
        return str(js.window.py2048Replay.fragment() or "")

    def address(self) -> str:
        return str(js.window.location.href).split("#")[0]

    def epoch_ms(self) -> int:
        return device.epoch_ms()

    def offset_now(self) -> int:
        return int(js.window.py2048Time.offsetMinutes())

    def strings(self, loaded: "Any") -> "LoadedStrings":
        return LoadedStrings(loaded)

    def pick_file(self, element_id: str) -> None:
        js.window.py2048Files.pick(element_id)

    def read_file(self, element_id: str) -> "Any":
        return js.window.py2048Files.read(element_id)

    def download(self, name: str, content: str) -> bool:
        return bool(js.window.py2048Files.download(name, content))

    def every(self, ms: int, callback: "Any") -> None:
        js.setInterval(callback, ms)

    def later(self, ms: float, callback: "Any") -> None:
        """`callback` (a proxy the room made once) after `ms`."""
        js.setTimeout(callback, int(ms))

    def now(self) -> float:
        return now()

    def visible(self) -> bool:
        return str(document.visibilityState) != "hidden"

    def pasted(self, element_id: str) -> str:
        return str(js.window.py2048Replay.pasted(element_id))

    def when_idle(self, callback: "Any") -> None:
        js.window.py2048Idle(self.on_idle)  # the proxy of `callback`, made once

    def proxy(self, fn: "Any") -> "Any":
        p = create_proxy(fn)
        self.proxies.append(p)
        return p
