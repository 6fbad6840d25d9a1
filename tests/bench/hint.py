"""Hint in the browser: from the click to the move marked, first with the solver's
network still to fetch, then with it in (docs/solver.md, "Where it runs").

One run, in a fresh browser context with a desktop viewport and no saved game: open the
page, wait until it is playing, make a few moves, then click #hint and time the click's
event to the moment `#game[data-hint]` is set (a MutationObserver's clock, the page's
own). The first Hint of the run fetches and installs the network (its time is kept
apart: the page says it is loading meanwhile); then `--hints` more, each after a key
that moved the board (so `data-hint` went and the next one is new). Nothing passes or
fails: the rows give each run's first Hint and the median and p95 of the others.

    python -m tests.bench.hint [--runs N] [--hints K]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from tests.bench.boot import READY, scripts_for
from tests.bench.pages import DESKTOP, fresh_page, poll
from tests.bench.server import serve
from tests.bench.stats import percentile
from tests.browser import LAUNCH_ARGS, ROOT, find_chromium

HINTS = 10
KEYS = ("ArrowLeft", "ArrowDown", "ArrowRight", "ArrowDown")

# Every click on #hint and every time data-hint is set, on the page's clock.
WATCH = """(() => {
    const game = document.getElementById('game');
    const w = (window.__hint = {clicks: [], marks: []});
    new MutationObserver(() => {
        if (game.dataset.hint) w.marks.push(performance.now());
    }).observe(game, {attributes: true, attributeFilter: ['data-hint']});
    document.getElementById('hint').addEventListener('click', (e) => w.clicks.push(e.timeStamp), true);
    return true;
})()"""


def one_hint(page: Page, timeout: float) -> float:
    """Click #hint once; ms from the click to data-hint being set."""
    before = int(page.evaluate("window.__hint.marks.length"))
    page.click("#hint")
    poll(page, f"window.__hint.marks.length > {before}", timeout=timeout)
    clicked, marked = page.evaluate("[window.__hint.clicks.at(-1), window.__hint.marks.at(-1)]")
    return float(marked) - float(clicked)


def moved(page: Page, turn: int) -> None:
    """A key that moves the board (the next that does), and data-hint gone with it."""
    for attempt in range(len(KEYS)):
        moves = int(page.evaluate("Number(document.getElementById('game').dataset.moves)"))
        page.keyboard.press(KEYS[(turn + attempt) % len(KEYS)])
        try:
            poll(page, f"Number(document.getElementById('game').dataset.moves) > {moves}", timeout=2)
        except TimeoutError:
            continue
        poll(page, "!document.getElementById('game').dataset.hint", timeout=5)
        return


def run(browser: Browser, url: str, hints: int) -> dict[str, Any]:
    with fresh_page(browser, list(scripts_for("ours", None)), DESKTOP) as page:
        page.goto(url, wait_until="commit")
        poll(page, READY["ours"], timeout=120)
        page.evaluate(WATCH)
        for turn in range(6):
            moved(page, turn)
        first = one_hint(page, timeout=60)
        solver = page.evaluate("document.getElementById('game').dataset.solver || null")
        later = []
        for turn in range(hints):
            moved(page, turn)
            later.append(one_hint(page, timeout=10))
    return {"first_ms": first, "solver": solver, "later_ms": later}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.hint", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hints", type=int, default=HINTS)
    options = parser.parse_args(argv)
    found = []
    with serve(ROOT) as site, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        try:
            for i in range(options.runs):
                print(f"[bench {time.strftime('%H:%M:%S')}] hint: run {i + 1}/{options.runs}",
                      file=sys.stderr)
                found.append(run(browser, site.url + "index.html", options.hints))
        finally:
            browser.close()
    later = [ms for r in found for ms in r["later_ms"]]
    print(json.dumps({"runs": found, "first_ms": [round(r["first_ms"]) for r in found],
                      "later_median_ms": round(statistics.median(later), 1),
                      "later_p95_ms": round(percentile(later, 0.95) or 0, 1),
                      "later_max_ms": round(max(later), 1)}, indent=1))


if __name__ == "__main__":
    main()
