"""The page as the tests drive it: storage prepared before load, state read from `#game`.

Waiting is done by polling `#game`'s data attributes with `page.evaluate` (the page's
Content-Security-Policy has no 'unsafe-eval', which `wait_for_function` needs).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from typing import Any

from playwright.sync_api import BrowserContext, Page

from game.rules import Board
from tests.e2e import positions
from tests.e2e.positions import State

BOOT_TIMEOUT = 30.0  # seconds: a cold engine start is ~4-7 s here, more under load
INPUT_TIMEOUT = 10.0
POLL = 0.02

Dataset = dict[str, str]

_PREPARE = """
(() => {
  if (location.origin !== %(origin)s) return;
  try {
    if (!sessionStorage.getItem("e2e-prepared")) {
      sessionStorage.setItem("e2e-prepared", "1");
      localStorage.clear();
      const entries = %(entries)s;
      for (const key of Object.keys(entries)) localStorage.setItem(key, entries[key]);
    }
  } catch (error) {}
})();
"""


# The engine's snapshot kept on this device (assets/engine/device_snapshot.mjs), as the page's
# origin sees it: {build, file, sources, bytes} or null.
_KEPT = """() => new Promise((resolve) => {
  const request = indexedDB.open("py2048-engine", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
  request.onerror = () => resolve(null);
  request.onsuccess = () => {
    const get = request.result.transaction("snapshots").objectStore("snapshots").get("engine");
    get.onsuccess = () => {
      const e = get.result;
      request.result.close();
      resolve(e ? {build: e.build, file: e.manifest.file, sources: e.manifest.sources,
                   bytes: e.packed.byteLength} : null);
    };
    get.onerror = () => resolve(null);
  };
})"""


class GamePage:
    """One browser tab on the game, with what it requested and every uncaught error."""

    def __init__(self, context: BrowserContext, page: Page, base_url: str) -> None:
        self.context = context
        self.page = page
        self.base_url = base_url
        # How the engine's Python must have started (`#game[data-engine]`): every test
        # runs on the snapshot path unless it breaks the snapshot on purpose.
        self.expected_engine = "snapshot"
        self.console_lines: list[str] = []
        self.page_errors: list[str] = []
        self.requests: list[str] = []
        self.bad_responses: list[str] = []
        self.console_errors: list[str] = []
        page.on("pageerror", lambda error: self.page_errors.append(f"{error.name}: {error.message}"))
        page.on("console", self._on_console)
        context.on("request", lambda request: self.requests.append(request.url))
        context.on(
            "response",
            lambda response: self.bad_responses.append(f"{response.status} {response.url}")
            if response.status >= 400 else None,
        )
        context.on("requestfailed", lambda request: self.bad_responses.append(
            f"failed ({request.failure}) {request.url}"))

    def _on_console(self, message: Any) -> None:
        self.console_lines.append(f"{message.type}: {message.text}")
        if message.type == "error":
            self.console_errors.append(message.text)

    # -- before load -------------------------------------------------------------------

    def prepare_storage(self, entries: Mapping[str, str]) -> None:
        """Write these localStorage entries once, before the page's first load in this tab
        (a reload keeps what the page itself stored since)."""
        self.page.add_init_script(_PREPARE % {
            "origin": json.dumps(self.base_url),
            "entries": json.dumps(dict(entries)),
        })

    def set_board(self, board: Board, moves: int | None = None,
                  best: int | None = None) -> State:
        """Prepare a saved game on this board; the state the page should resume."""
        start = positions.state_of(board, moves)
        size = len(board)
        entries = {positions.game_key(size): positions.game_text(board, moves)}
        entries[positions.BEST_KEY] = positions.best_text(start[1] if best is None else best, size)
        if size != 4:  # the page plays the size its settings name
            entries[positions.SETTINGS_KEY] = positions.settings_text(size=size)
        self.prepare_storage(entries)
        return start

    # -- navigation --------------------------------------------------------------------

    def address(self) -> str:
        """The page's address. A test that expects the snapshot start asks for it
        (`?engine=snapshot`): the worker then never gives the download up for a slow
        pace, which a busy two-core machine can fake; the choice itself is tested in
        test_engine_start.py, on links made slow on purpose."""
        return self.base_url + "/" + ("?engine=snapshot" if self.expected_engine == "snapshot" else "")

    def goto(self, wait_until: str = "load") -> None:
        if wait_until == "domcontentloaded":
            self.page.goto(self.address(), wait_until="domcontentloaded")
        else:
            self.page.goto(self.address())

    def start(self) -> Dataset:
        """Load the page and wait for the engine."""
        self.goto()
        return self.wait_ready()

    # -- reading -----------------------------------------------------------------------

    def state(self) -> Dataset:
        data: Dataset = self.page.evaluate(
            "() => Object.assign({}, document.getElementById('game').dataset)")
        return data

    def game_state(self) -> State:
        data = self.state()
        return (positions.parse_board(data["board"]), int(data["score"]), int(data["moves"]))

    def evaluate(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def device_snapshot(self) -> dict[str, object] | None:
        entry: dict[str, object] | None = self.page.evaluate(_KEPT)
        return entry

    def wait_device_snapshot(self) -> None:
        """Until the engine has kept its snapshot on this device: it does so after its
        first answer, in the background, so a reload before then starts plain again."""
        self.poll("the engine's snapshot, kept on this device",
                  lambda: self.device_snapshot() is not None, timeout=BOOT_TIMEOUT)

    def dialog_open(self, name: str) -> bool:
        return bool(self.page.evaluate(f"() => !!document.getElementById('{name}-dialog')?.open"))

    def notice(self) -> tuple[bool, str]:
        """Whether `#notice` shows, and its text."""
        shown, text = self.page.evaluate(
            "() => { const n = document.getElementById('notice');"
            " return [!n.hidden && n.getClientRects().length > 0, n.textContent]; }")
        return bool(shown), str(text)

    def tiles(self) -> list[tuple[int, int, str]]:
        """The drawn tiles (not the fading copies of merged ones): row, column, text."""
        found: list[list[Any]] = self.page.evaluate(
            "() => [...document.querySelectorAll('#tiles .tile:not(.ghost)')].map(t =>"
            " [Number(t.style.getPropertyValue('--r')), Number(t.style.getPropertyValue('--c')),"
            " t.textContent])")
        return sorted((int(r), int(c), str(text)) for r, c, text in found)

    def scroll_y(self) -> float:
        return float(self.page.evaluate("() => window.scrollY + document.scrollingElement.scrollTop"))

    # -- waiting -----------------------------------------------------------------------

    def poll(self, what: str, check: Callable[[], bool], timeout: float = INPUT_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not check():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out after {timeout} s waiting for {what}; "
                                     f"#game is {self.state()}; console errors: {self.console_errors}")
            self.page.wait_for_timeout(POLL * 1000)  # the poll interval; also lets events in

    def wait_for(self, what: str, condition: Callable[[Dataset], bool],
                 timeout: float = INPUT_TIMEOUT) -> Dataset:
        found: list[Dataset] = []

        def check() -> bool:
            data = self.state()
            if condition(data):
                found.append(data)
                return True
            return False

        self.poll(what, check, timeout)
        return found[0]

    def wait_status(self, *statuses: str, timeout: float = INPUT_TIMEOUT) -> Dataset:
        return self.wait_for(f"data-status in {statuses}",
                             lambda data: data["status"] in statuses, timeout)

    def wait_playable(self) -> Dataset:
        """The board on screen can be played (the engine may still be starting)."""
        return self.wait_status("playing", "won", "over", timeout=BOOT_TIMEOUT)

    def wait_ready(self) -> Dataset:
        """The engine has taken the game over (`data-engine` says how it started)."""
        data = self.wait_for("the engine to take the game over",
                             lambda data: data.get("engine") != "starting"
                             and data["status"] in ("playing", "won", "over", "error"), BOOT_TIMEOUT)
        assert data.get("engine") == self.expected_engine, (
            f"the engine started {data.get('engine')!r}, not {self.expected_engine!r}; "
            f"console: {[line for line in self.console_lines if 'engine' in line]}")
        return data

    def wait_inputs(self, count: int, timeout: float = INPUT_TIMEOUT) -> Dataset:
        data = self.wait_for(f"data-inputs >= {count}",
                             lambda data: int(data["inputs"]) >= count, timeout)
        assert int(data["inputs"]) == count, f"more inputs handled than given: {data}"
        return data

    # -- acting ------------------------------------------------------------------------

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def choose_setting(self, control: str, value: str) -> None:
        """Open Settings, pick `value` in the select `#set-<control>`, close Settings."""
        self.click("#settings")
        assert self.dialog_open("settings")
        self.page.select_option(f"#set-{control}", value)
        self.click("#settings-dialog [data-action=close-settings]")
        # Polled: on a busy machine the Settings room's code may still be on its way
        # (game/ui/rooms.py LATER), and the page carries the click out once it is in.
        self.poll("Settings closed", lambda: not self.dialog_open("settings"))

    def board_centre(self) -> tuple[float, float]:
        box = self.page.locator("#board").bounding_box()
        assert box is not None, "#board is not laid out"
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def foreign_requests(self) -> list[str]:
        own = self.base_url + "/"
        return [url for url in self.requests
                if not (url.startswith(own) or url.startswith(("blob:", "data:")))]
