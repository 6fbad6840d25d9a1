"""A phone meeting the game over a slow link: first visit and repeat visit, side by side.

What a phone player waits for, measured as they would meet it: `make dist`'s site,
served as GitHub Pages serves it (gzip, under a sub-path), through a link that is the
bench's own server (tests/bench/server.py `Link`: Lighthouse's phone link, a 150 ms
round trip before every response and 1.6 Mbit/s shared by everything the page, its
worker and its service worker download), with the page's CPU 4x slower (CDP). The
targets are alternated run by run: our site, optionally an earlier build of it
(`--before DIR`: its dist/site), and the original JavaScript 2048.

A run is one fresh browser context (an empty profile): the first visit, an arrow every
50 ms from the commit until a key moves the board; the moment the engine took the game
over and what the link carried until then. Then, for a site with a service worker,
until the worker is active (it has kept every file for offline play); then the repeat
visit of a returning player (ours: a game 20 moves in stored, the same in every run, as
the arrows pressed before a page runs may have played its first game to its end), measured
the same way.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page

from tests.bench import transfer
from tests.bench.boot import FCP, Target, saved_game, scripts_for
from tests.bench.keys import press_until_moved
from tests.bench.pages import PHONE, fresh_page, poll

ROUND_TRIP_MS = 150
BYTES_PER_SECOND = 1.6 * 1024 * 1024 / 8  # Lighthouse's 1.6 Mbit/s (its kbit is 1024 bits)
SUB_PATH = "/py2048/"
VISITS = ("fresh", "repeat")

# A variant of our page that starts the engine's worker as soon as the document is
# parsed, as the page did before it played by itself: what waiting for the UI's files
# saves on the link (docs/engine-start.md, "When the engine starts").
ENGINE_AT_ONCE = ("document.addEventListener('DOMContentLoaded', () => "
                  "window.py2048Engine && window.py2048Engine.start && window.py2048Engine.start());")
TAKEN_OVER = "window.__bench && window.__bench.engine !== null"
WORKER_ACTIVE = ("navigator.serviceWorker.getRegistration().then((r) => !!(r && r.active"
                 " && r.active.state === 'activated'))")
READOUT = f"""(() => {{
    const b = window.__bench;
    return {{fcp: {FCP}, tiles: b.tilesFrame, taken_over: b.engine ?? null, boot: b.boot ?? null,
             longest: window.__tasks.longest(0, b.firstMove)}};
}})()"""


def visit(page: Page, target: Target, navigate: str, timeout: float) -> dict[str, Any]:
    """One visit: the first moving key, then (ours) the engine taking over."""
    mark = target.site.mark()
    started = time.monotonic()
    if navigate == "goto":
        page.goto(target.url, wait_until="commit")
    else:
        page.reload(wait_until="commit")
    found = press_until_moved(page, target.name, timeout=timeout)
    if target.kind == "ours":
        poll(page, TAKEN_OVER, timeout=max(1.0, timeout - (time.monotonic() - started)))
    found.update(page.evaluate(READOUT))
    found["bytes"] = transfer.account(target.site.since(mark))
    found["bytes"].pop("files", None)
    return found


def run(browser: Browser, target: Target, timeout: float = 600.0) -> dict[str, Any]:
    """A first and a repeat visit of `target` in one fresh context, on the phone link."""
    with fresh_page(browser, scripts_for(target.kind, None) + list(target.scripts), PHONE) as page:
        fresh = visit(page, target, "goto", timeout)
        if target.kind == "ours":
            started = time.monotonic()
            poll(page, WORKER_ACTIVE, timeout=timeout, interval=0.5)
            fresh["worker_active_after_s"] = time.monotonic() - started
            page.evaluate("(game) => { localStorage.removeItem('py2048:game-steps');"
                          " localStorage.setItem('py2048:game', game); }", saved_game())
        repeat = visit(page, target, "reload", timeout)
    return {"fresh": fresh, "repeat": repeat}
