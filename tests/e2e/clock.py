"""The device's clock as a test sets it: the page and its engine's worker both read it.

The page reads `Date` on the main thread; the engine (Pyodide, in its own worker) reads
its own `Date` through `time.time()`. A phone with a flat clock battery or a hand-set
date shows both the same wrong time, so a test must shift both: the page by an init
script, the worker by serving its module with the same shift in front. The shift is an
offset from the real time (the shifted clock still runs), kept in the tab's
sessionStorage for the page and here for the worker, and read at each load: a test
changes it, then reloads. The worker's shift goes in front of the first module it
imports (assets/engine/sources.mjs, which only the worker loads): that module runs
before the worker's own code, and Chromium routes a worker's imports, not its script.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Route

from tests.e2e.gamepage import GamePage

KEY = "e2e-clock-offset"

# `Date` with the offset: `Date.now()`, `new Date()` and `Date()` shifted, every other
# use of Date as it was (a given time stays that time).
_SHIFT = """
(() => {
  const offset = OFFSET;
  const Real = Date;
  const now = () => Real.now() + offset;
  function Shifted(...args) {
    if (!new.target) return new Real(now()).toString();
    return args.length ? new Real(...args) : new Real(now());
  }
  Shifted.prototype = Real.prototype;
  Shifted.now = now;
  Shifted.parse = Real.parse;
  Shifted.UTC = Real.UTC;
  globalThis.Date = Shifted;
})();
"""

_PAGE = """
(() => {
  let offset = OFFSET;
  try {
    const saved = sessionStorage.getItem(KEY);
    if (saved !== null) offset = Number(saved);
    else sessionStorage.setItem(KEY, String(offset));
  } catch (error) {}
  window.__e2eClockOffset = offset;
})();
""".replace("KEY", json.dumps(KEY))


def real_ms() -> int:
    return int(time.time() * 1000)


class DeviceClock:
    """Install before the page's first load: `DeviceClock(game, epoch_ms)`."""

    def __init__(self, game: GamePage, epoch_ms: int) -> None:
        self.game = game
        self.offset = epoch_ms - real_ms()
        game.page.add_init_script(_PAGE.replace("OFFSET", str(self.offset)))
        game.page.add_init_script(_SHIFT.replace("OFFSET", "window.__e2eClockOffset"))
        game.context.route("**/assets/engine/sources.mjs", self._worker)

    def _worker(self, route: Route) -> None:
        response = route.fetch()
        body = _SHIFT.replace("OFFSET", str(self.offset)) + response.text()
        route.fulfill(response=response, body=body)

    def set(self, epoch_ms: int) -> None:
        """The device's clock says `epoch_ms` now (from the next load of the page)."""
        self.offset = epoch_ms - real_ms()
        self.game.page.evaluate("([key, offset]) => sessionStorage.setItem(key, String(offset))",
                                [KEY, self.offset])

    def now(self) -> int:
        """What the device's clock says now."""
        return real_ms() + self.offset

    def engine_now(self) -> Any:
        """What the page reads (to check the shift took)."""
        return self.game.evaluate("Date.now()")
