"""Auto-play at full speed in the browser: how fast it plays, and what it costs the page.

The issue's target: during 200 moves of Auto-play at full speed ("max": each answer of
the solver is played as soon as it comes) the main thread has no task of 50 ms or more
(PerformanceObserver longtask). One run, in a fresh browser context with a desktop
viewport and no saved game (a new visitor whose stored settings say "max"):
- open the page and wait until it is playing (the `ours` probe's `ready`, as for the
  key latency runs), then let the boot's own work settle;
- click #autoplay and wait until `moves` moves were played (data-moves), polled from
  Python (the page's CSP rules out wait_for_function); a game that ends first (or an
  Auto-play that stops by itself) ends the run early, with the moves it reached;
- click #autoplay again to stop it.
Recorded: moves per second from the click's event time to the time the last counted
move showed (its data-moves change), the long tasks that started in that window (the
longest, 0 if none, and how many), and per solver question (a `hint` call through
window.py2048Engine, wrapped once the page is playing): the solver's own ms in the
worker (the answer's `ms`), its depth, and ask → answer on the page. Nothing passes
or fails.

    python -m tests.bench.autoplay [--runs N] [--moves M]   (prints each run, then the rows)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from game import settings
from tests.bench.boot import READY, scripts_for
from tests.bench.pages import DESKTOP, fresh_page, poll
from tests.bench.report import Table, autoplay_rows
from tests.bench.server import serve
from tests.bench.stats import percentile
from tests.browser import LAUNCH_ARGS, ROOT, find_chromium

MOVES = 200
SETTLE_S = 0.5  # after `ready`: the boot's own follow-up work is not auto-play's
SETTINGS_KEY = "py2048:settings"  # game/ui/store.py's prefix + "settings"

# Once playing: every data-moves change with its time, the clicks on #autoplay, and
# each solver question (ask time, ask → answer ms, the solver's ms, depth).
WATCH = """(() => {
    const game = document.getElementById('game');
    const w = (window.__autoplay = {moves: [], clicks: [], hints: []});
    new MutationObserver(() => {
        w.moves.push([performance.now(), Number(game.dataset.moves)]);
    }).observe(game, {attributes: true, attributeFilter: ['data-moves']});
    document.getElementById('autoplay').addEventListener('click', (event) => {
        w.clicks.push(event.timeStamp);
    }, true);
    const client = window.py2048Engine, call = client.call;
    client.call = function (name) {
        const promise = call.apply(client, arguments);
        if (name === 'hint') {
            const asked = performance.now();
            promise.then((text) => {
                const reply = JSON.parse(text);
                w.hints.push([asked, performance.now() - asked, reply.ms, reply.depth]);
            }, () => {});
        }
        return promise;
    };
    return Number(game.dataset.moves);
})()"""

STATE = """(() => {
    const g = document.getElementById('game');
    return {moves: Number(g.dataset.moves), status: g.dataset.status,
            autoplay: g.dataset.autoplay === 'on', clicks: window.__autoplay.clicks.length};
})()"""


def full_speed_settings() -> str:
    """The init script that stores the default settings with Auto-play at "max"."""
    chosen = settings.defaults()
    chosen["autoplay"] = "max"
    return f"localStorage.setItem({SETTINGS_KEY!r}, {settings.dump_settings(chosen)!r});"


def run(browser: Browser, url: str, moves: int = MOVES, timeout: float = 300.0) -> dict[str, Any]:
    """One run: `moves` auto-played moves at full speed on a new 4x4 game."""
    scripts = [*scripts_for("ours", None), full_speed_settings()]
    with fresh_page(browser, scripts, DESKTOP) as page:
        page.goto(url, wait_until="commit")
        poll(page, READY["ours"], timeout=120)
        time.sleep(SETTLE_S)
        first = int(page.evaluate(WATCH))
        page.click("#autoplay")
        poll(page, "window.__autoplay.clicks.length > 0", timeout=10)
        poll(page, "document.getElementById('game').dataset.autoplay === 'on'", timeout=10)
        end = time.monotonic() + timeout
        while True:
            seen = page.evaluate(STATE)
            if seen["moves"] >= first + moves or not seen["autoplay"]:
                break
            if time.monotonic() > end:
                raise TimeoutError(f"auto-play: {seen['moves'] - first} of {moves} moves in {timeout:.0f} s")
            time.sleep(0.1)
        stopped_by_itself = not seen["autoplay"]
        if not stopped_by_itself:
            page.click("#autoplay")
            poll(page, "document.getElementById('game').dataset.autoplay !== 'on'", timeout=10)
        page.wait_for_timeout(200)  # long-task entries are delivered asynchronously
        found: dict[str, Any] = page.evaluate(
            """(() => { const w = window.__autoplay, g = document.getElementById('game');
                return {clicks: w.clicks, moves: w.moves, hints: w.hints, status: g.dataset.status,
                        score: Number(g.dataset.score), engine: g.dataset.engine || null,
                        tasks: window.__tasks.flush()}; })()"""
        )
    began = float(found["clicks"][0])
    counted = [(t, m) for t, m in found["moves"] if t >= began and m <= first + moves]
    if not counted:
        raise RuntimeError("auto-play: no move was played")
    reached = max(m for _, m in counted)
    until = min(t for t, m in counted if m == reached)  # when it showed, not a later rewrite
    played = int(reached) - first
    seconds = (until - began) / 1000
    tasks = [[start, duration] for start, duration in found["tasks"] if began <= start < until]
    # the questions answered within the run (the one asked after the last move is not)
    hints = [h for h in found["hints"] if began <= h[0] and h[0] + h[1] <= until]
    return {
        "moves": played,
        "target": moves,
        "ended_early": played < moves,
        "status": found["status"],
        "stopped_by_itself": stopped_by_itself,
        "engine": found["engine"],
        "score": found["score"],
        "seconds": seconds,
        "moves_per_s": played / seconds if seconds > 0 else None,
        "longest": max((duration for _, duration in tasks), default=0.0),
        "long_tasks": len(tasks),
        "tasks": tasks,
        # the observer is alive: the boot's long tasks, before the click
        "long_tasks_before": sum(1 for start, _ in found["tasks"] if start < began),
        "hint_ms": [h[2] for h in hints],
        "hint_round_trip_ms": [h[1] for h in hints],
        "hint_depth": [h[3] for h in hints],
    }


def measure(browser: Browser, site_url: str, runs: int, moves: int = MOVES) -> dict[str, Any]:
    """`runs` runs on our page at `site_url` (the served repository root, ending in /),
    as {"4x4": [run, ...]}. A run that fails is kept as {"error": ...} (left out of the
    medians, like the other measurements' failed runs)."""
    found: list[dict[str, Any]] = []
    for i in range(runs):
        print(f"[bench {time.strftime('%H:%M:%S')}] auto-play at full speed: run {i + 1}/{runs}",
              file=sys.stderr, flush=True)
        try:
            found.append(run(browser, site_url + "index.html", moves))
        except Exception as error:  # one bad run must not lose the others
            print(f"[bench] auto-play run failed: {error}", file=sys.stderr, flush=True)
            found.append({"error": f"{type(error).__name__}: {error}"})
    return {"4x4": found}


def brief(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each run's headline numbers (what `python -m tests.bench.autoplay` prints)."""
    lines: list[dict[str, Any]] = []
    for r in runs:
        if "error" in r:
            lines.append({"error": r["error"]})
            continue
        lines.append({
            "moves": r["moves"], "engine": r["engine"], "status": r["status"],
            "moves_per_s": round(r["moves_per_s"] or 0, 1), "longest_task_ms": round(r["longest"], 1),
            "tasks_50ms_or_more": r["long_tasks"], "long_tasks_before_the_click": r["long_tasks_before"],
            "solver_questions": len(r["hint_ms"]),
            "solver_ms_mean": round(statistics.fmean(r["hint_ms"]), 1) if r["hint_ms"] else None,
            "round_trip_ms_p95": round(percentile(r["hint_round_trip_ms"], 0.95) or 0, 1),
        })
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.autoplay",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=2, help="runs, each in a fresh context (default 2)")
    parser.add_argument("--moves", type=int, default=MOVES, help=f"moves per run (default {MOVES})")
    options = parser.parse_args(argv)
    with serve(ROOT) as site, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        try:
            found = measure(browser, site.url, options.runs, options.moves)
        finally:
            browser.close()
    print(json.dumps(brief(found["4x4"]), indent=1))
    table = Table()
    autoplay_rows(table, found)
    print(table.markdown())


if __name__ == "__main__":
    main()
