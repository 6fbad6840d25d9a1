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
from tests.bench.pages import PHONE, fresh_page, poll, settle

ROUND_TRIP_MS = 150
BYTES_PER_SECOND = 1.6 * 1024 * 1024 / 8  # Lighthouse's 1.6 Mbit/s (its kbit is 1024 bits)
SUB_PATH = "/py2048/"
VISITS = ("fresh", "repeat")
# "Everything in the first 120 s" of a first visit: read once the link has been quiet
# this long (nothing in flight, no response finished), or at 120 s.
WITHIN_S = 120.0
QUIET_S = 8.0

# A variant of our page that starts the engine's worker as soon as the document is
# parsed, as the page did before it played by itself: what waiting for the UI's files
# saves on the link (docs/engine-start.md, "When the engine starts").
ENGINE_AT_ONCE = ("document.addEventListener('DOMContentLoaded', () => "
                  "window.py2048Engine && window.py2048Engine.start && window.py2048Engine.start());")
TAKEN_OVER = "window.__bench && window.__bench.engine !== null"
WORKER_ACTIVE = ("navigator.serviceWorker.getRegistration().then((r) => !!(r && r.active"
                 " && r.active.state === 'activated'))")
# Whether the engine's snapshot is kept on the device (assets/engine/device_snapshot.mjs) for the
# repeat visit, which a returning player makes later than the bench does.
KEPT = """new Promise((resolve) => {
  const request = indexedDB.open("py2048-engine", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
  request.onerror = () => resolve(false);
  request.onsuccess = () => {
    const get = request.result.transaction("snapshots").objectStore("snapshots").getKey("engine");
    get.onsuccess = () => { request.result.close(); resolve(get.result !== undefined); };
    get.onerror = () => resolve(false);
  };
})"""
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


def within(target: Target, mark: int, began: float) -> int:
    """Bytes the link carried for requests made in the first WITHIN_S seconds after
    `began` (the hits since `mark`), read when the link is quiet or the time is up."""
    link = target.site.link
    while time.monotonic() < began + WITHIN_S:
        hits = target.site.since(mark)
        last = max([began, *(hit.done for hit in hits)])
        busy_until = link.free_at if link else 0.0
        if time.monotonic() - max(last, busy_until) >= QUIET_S:
            break
        time.sleep(0.5)
    return sum(hit.sent for hit in target.site.since(mark) if hit.at <= began + WITHIN_S)


def run(browser: Browser, target: Target, timeout: float = 600.0) -> dict[str, Any]:
    """A first and a repeat visit of `target` in one fresh context, on the phone link."""
    with fresh_page(browser, scripts_for(target.kind, None) + list(target.scripts), PHONE) as page:
        mark, began = target.site.mark(), time.monotonic()
        fresh = visit(page, target, "goto", timeout)
        if target.kind == "ours":
            started = time.monotonic()
            poll(page, WORKER_ACTIVE, timeout=timeout, interval=0.5)
            fresh["worker_active_after_s"] = time.monotonic() - started
        fresh["sent_within_120s"] = within(target, mark, began)
        if target.kind == "ours":
            started = time.monotonic()
            try:
                poll(page, KEPT, timeout=15, interval=0.5)
                fresh["kept_after_s"] = time.monotonic() - started
            except TimeoutError:  # an earlier build keeps none: its repeat uses the HTTP cache
                fresh["kept_after_s"] = None
            page.evaluate("(game) => { localStorage.removeItem('py2048:game-steps');"
                          " localStorage.setItem('py2048:game', game); }", saved_game())
        settle(page, PHONE)
        repeat = visit(page, target, "reload", timeout)
    return {"fresh": fresh, "repeat": repeat}
