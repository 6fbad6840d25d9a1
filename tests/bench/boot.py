"""Getting to play: boot timings of our page, the two floors and the anchor.

One run = one fresh browser context: a first visit (empty profile, nothing cached),
then a reload in the same context (the repeat visit: HTTP cache warm, storage kept).
Our page gets a saved game in localStorage (as a returning player has), so "saved
board painted" is the MicroPython UI drawing it before the engine exists.

The floors (tests/bench/floors/) are what the engine's start cannot beat: a bare
module worker that loads Pyodide plain and imports json, and one that restores the
game's own snapshot file. Our `playing` over a floor says what the page adds.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, Page

from game import chance, saves
from game.session import Session
from tests.bench import transfer
from tests.bench.pages import DESKTOP, Network, fresh_page, poll, probe, settle
from tests.bench.server import Site

# When a load counts as done, per kind of page.
READY = {
    "ours": "window.__bench && window.__bench.ready !== null && window.__bench.engine !== null",
    "floor": "document.body && document.body.dataset.status !== 'loading'",
    "anchor": "window.__bench && window.__bench.tilesFrame !== null && document.readyState === 'complete'",
}

FCP = "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: null}).startTime"

READOUT = {
    "ours": f"""(() => {{
        const b = window.__bench, game = document.getElementById('game');
        return {{fcp: {FCP}, tiles: b.tilesFrame ?? b.tiles, tiles_dom: b.tiles, ready: b.ready,
                 status: b.status, taken_over: b.engine, engine: game.dataset.engine || null,
                 longest: window.__tasks.longest(0, b.ready),
                 longest_to_engine: window.__tasks.longest(0, b.engine), tasks: window.__tasks.flush()}};
    }})()""",
    "floor": f"""(() => {{
        const f = window.__floor || {{}};
        return {{fcp: {FCP}, ready: f.ready ?? null, worker_ms: f.worker_ms ?? null,
                 error: f.error ?? null, status: document.body.dataset.status,
                 longest: window.__tasks.longest(0, f.ready ?? Infinity), tasks: window.__tasks.flush()}};
    }})()""",
    "anchor": f"""(() => {{
        const b = window.__bench;
        return {{fcp: {FCP}, tiles: b.tilesFrame, tiles_dom: b.tiles, ready: b.tilesFrame,
                 longest: window.__tasks.longest(0, b.tilesFrame), tasks: window.__tasks.flush()}};
    }})()""",
}


@dataclass(frozen=True)
class Target:
    """One page to boot: `name` in the report, `kind` (ours, floor, anchor), where:
    `path` on `site`, or `address` when it is not on a server (the one offline file
    opened by file://; `site` then only counts no bytes); `scripts` run before the
    page's own (a variant of the page, for a measurement)."""

    name: str
    kind: str
    site: Site
    path: str
    address: str = ""
    scripts: tuple[str, ...] = ()

    @property
    def url(self) -> str:
        return self.address or self.site.url + self.path

    @property
    def one_file(self) -> bool:
        return self.name.startswith("ours one file")


def saved_game() -> str:
    """A game 20 moves in, as game.saves stores it (the same document every run)."""
    session, _ = Session.new(4, chance.seeded(5))
    for direction in ["left", "up", "right", "up"] * 5:
        session.move(direction)
    return saves.dump_game(session)


def scripts_for(kind: str, save: str | None) -> list[str]:
    scripts = [probe("tasks")]
    if kind in ("ours", "anchor"):
        scripts.append(probe(kind))
    elif kind == "pyscript":  # the PyScript floor keeps our page's contract (tests/bench/pyscript_floor.py)
        scripts.append(probe("ours"))
    if save is not None:
        scripts.append(f"localStorage.setItem('py2048:game', {save!r});")
    return scripts


def load(page: Page, target: Target, navigate: Callable[[], Any], timeout: float) -> dict[str, Any]:
    """Navigate, wait until the page counts as loaded, read its numbers and its bytes."""
    mark = target.site.mark()
    navigate()
    poll(page, READY[target.kind], timeout=timeout)
    with contextlib.suppress(TimeoutError):  # the paint entry lags its frame a little
        poll(page, f"{FCP} !== null", timeout=5)
    sample: dict[str, Any] = page.evaluate(READOUT[target.kind])
    sample["bytes"] = transfer.account(
        target.site.since(mark), prefetch_excluded=sample.get("engine") == "plain"
    )
    return sample


def boot_run(
    browser: Browser, target: Target, network: Network = DESKTOP, timeout: float = 120.0
) -> dict[str, Any]:
    """A first visit and a repeat visit of `target` in one fresh context."""
    save = saved_game() if target.kind == "ours" else None
    with fresh_page(browser, scripts_for(target.kind, save), network) as page:
        fresh = load(page, target, lambda: page.goto(target.url, wait_until="commit"), timeout)
        if target.one_file:
            # The one file makes its snapshot on the device after its first answer and
            # keeps it in IndexedDB: a returning player opens it again after that.
            fresh["snapshot_cached"] = poll(page, KEPT_ON_DEVICE, timeout=timeout)
        elif target.kind == "ours" and fresh.get("engine") == "plain" and "engine=plain" not in target.path:
            # A plain boot fetches the snapshot for the next visit after its first answer:
            # a returning player comes back after that download, so the reload waits for it.
            fresh["snapshot_cached"] = poll(page, cached_snapshot(target.site), timeout=timeout)
        settle(page, network)
        repeat = load(page, target, lambda: page.reload(wait_until="commit"), timeout)
    return {"fresh": fresh, "repeat": repeat}


# An expression: ms after navigation start once the one offline file's worker has kept
# its snapshot in IndexedDB (build/onefile/prelude.js), else false.
KEPT_ON_DEVICE = """new Promise((resolve) => {
  const request = indexedDB.open("py2048-engine", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
  request.onerror = () => resolve(false);
  request.onsuccess = () => {
    const count = request.result.transaction("snapshots").objectStore("snapshots").count();
    count.onsuccess = () => { request.result.close(); resolve(count.result > 0 && performance.now()); };
    count.onerror = () => resolve(false);
  };
})"""


def cached_snapshot(site: Site) -> str:
    """An expression: ms after navigation start once the snapshot is in the HTTP cache."""
    manifest = json.loads((site.root / "assets/runtime/snapshot/snapshot.json").read_text())
    url = f"assets/runtime/snapshot/{manifest['file']}"
    return (f"fetch({url!r}, {{cache: 'only-if-cached', mode: 'same-origin'}})"
            ".then((r) => r.ok && performance.now(), () => false)")
