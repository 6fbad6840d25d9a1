"""Review: how long a 1,000-move 4×4 game takes to review in the page, how soon its
first grades show, and what a review going on behind costs the player's keys.

The game: the 4×4 classic board played by the solver (a positions budget, so it is the
same on every run) for GAME_MOVES moves, stored as the game in play. In the page
(Chromium, the repository's page, the engine from its snapshot):
- Review pressed (in the game-over dialog, opened for the bench: the game is not over)
  → the first grades on screen (`data-grades` not empty) and the review's end
  (`data-accuracy`), REPEAT fresh pages (nothing kept between them);
- keys with a review going on behind (its dialog closed) against keys with none,
  alternated, fresh pages: key → board and a key's main-thread time, KEY_COUNT legal
  keys INTERVAL apart (longer than the quiet the review waits for after a key, so its
  steps run between the keys and a key may land on one), and the longest main-thread
  task meanwhile;
- reviewing, on the finished review (its dialog open): the kept review reopened (its
  1,000 rows made at once), a flagged move shown on the board, STEPS moves stepped with
  Right and back with Left, Escape back to the list, Retry started and answered: the
  longest main-thread task of each, on the desktop and with the CPU 4x slower (a phone).
Nothing passes or fails: the rows are for the closing note and docs/review.md.

    python -m tests.bench.review [--repeat N]   (prints the rows)
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from game import chance, saves, solver
from game.session import Session
from tests.bench.boot import READY, scripts_for
from tests.bench.keys import KEYS, STATE, board_of
from tests.bench.pages import DESKTOP, fresh_page, poll
from tests.bench.report import Table, ms1
from tests.bench.server import serve
from tests.bench.stats import percentile
from tests.browser import ROOT, launch_chromium

GAME_MOVES = 1000
NODES = 400  # the solver's positions per move: a fair game, quick to play
REPEAT = 3
KEY_COUNT = 30
INTERVAL = 0.5  # s between keys: over the review's quiet time (game/ui/review_dialog.py QUIET_MS)

PRESS_REVIEW = """() => {
    const d = document.getElementById('review-dialog');
    const c = document.getElementById('review-counts');
    const r = (window.__rv = {t0: performance.now(), first: null, done: null});
    new MutationObserver(() => { if (r.first === null && c.dataset.grades) r.first = performance.now(); })
        .observe(c, {attributes: true});
    new MutationObserver(() => { if (r.done === null && d.dataset.accuracy) r.done = performance.now(); })
        .observe(d, {attributes: true});
    document.getElementById('over-dialog').showModal();
    document.getElementById('over-review').click();
}"""


def solver_game(moves: int = GAME_MOVES) -> str:
    """The stored document of the solver's game after `moves` moves (played on past 2048)."""
    session, _ = Session.new(4, chance.seeded(1))
    while not session.over and session.position.moves < moves:
        if session.status == "won":
            session.continue_after_win()
        decision = solver.choose_move(session.position.board, 1000.0, budget_nodes=NODES)
        assert decision.direction is not None
        session.move(decision.direction)
    assert session.position.moves == moves, "the solver's game ended early: choose another seed"
    return saves.dump_game(session)


def opened(page: Page, url: str) -> None:
    page.goto(url + "index.html?engine=snapshot")
    poll(page, READY["ours"], timeout=120)


def review_times(browser: Browser, url: str, save: str) -> dict[str, float]:
    with fresh_page(browser, scripts_for("ours", save), DESKTOP) as page:
        opened(page, url)
        page.evaluate(PRESS_REVIEW)
        poll(page, "window.__rv.done !== null", timeout=600, interval=0.05)
        found: dict[str, float] = page.evaluate(
            "({first: window.__rv.first - window.__rv.t0, done: window.__rv.done - window.__rv.t0})")
        return found


def keys(browser: Browser, url: str, save: str, reviewing: bool) -> dict[str, Any]:
    """KEY_COUNT legal keys, with a review going on behind or none."""
    with fresh_page(browser, scripts_for("ours", save), DESKTOP) as page:
        opened(page, url)
        if reviewing:
            page.evaluate(PRESS_REVIEW)
            poll(page, "window.__rv.first !== null", timeout=60)
            page.evaluate("document.querySelector('[data-action=close-review]').click()")
        page.evaluate("document.getElementById('over-dialog').close()")
        since = float(page.evaluate("performance.now()"))
        tasks_before = int(page.evaluate("window.__bench.task.length"))
        for _ in range(KEY_COUNT):
            seen = page.evaluate(STATE["ours"])
            board = board_of("ours", seen)
            assert board, "the stored game ended: choose another seed"
            direction = solver.choose_move(board, 1000.0, budget_nodes=NODES).direction  # it plays on
            assert direction is not None
            started = time.monotonic()
            page.keyboard.press(KEYS[direction])
            poll(page, f"window.__bench.lat.length > {seen['seen']}", timeout=10, interval=0.002)
            time.sleep(max(0.0, started + INTERVAL - time.monotonic()))  # pacing, not waiting
        until = float(page.evaluate("performance.now()"))
        found: dict[str, Any] = page.evaluate(
            f"({{lat: window.__bench.lat.slice(-{KEY_COUNT}),"
            f" task: window.__bench.task.slice({tasks_before}),"
            f" longest: window.__tasks.longest({since}, {until}),"
            f" progress: document.getElementById('review-dialog').dataset.progress}})")
        return found


STEPS = 20  # positions stepped through on the board


def span(page: Page, what: str, act: Any) -> tuple[str, float]:
    """The longest main-thread task while `act()` runs and its answer is drawn."""
    since = float(page.evaluate("performance.now()"))
    act()
    time.sleep(0.3)  # its last drawing lands in the window
    until = float(page.evaluate("performance.now()"))
    return what, float(page.evaluate(f"window.__tasks.longest({since}, {until})"))


def teaching(browser: Browser, url: str, save: str, slower: int) -> dict[str, float]:
    """The longest task of each thing a player does with a finished review (above)."""
    with fresh_page(browser, scripts_for("ours", save), DESKTOP) as page:
        opened(page, url)
        page.evaluate(PRESS_REVIEW)
        poll(page, "window.__rv.done !== null", timeout=600, interval=0.05)
        if slower > 1:
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slower})
        keys = page.keyboard

        def reopen() -> None:
            page.evaluate("document.querySelector('[data-action=close-review]').click()")
            poll(page, "document.getElementById('over-dialog').open", timeout=30)
            page.evaluate("document.getElementById('over-review').click()")
            poll(page, "document.getElementById('review-dialog').dataset.accuracy != null", timeout=60)

        def show() -> None:
            page.evaluate("document.querySelector('#review-moves-rows [data-grade=\"m\"] button, "
                          "#review-moves-rows [data-grade=\"i\"] button').click()")
            poll(page, "document.getElementById('game').dataset.watch === 'paused'", timeout=30)

        def step() -> None:
            for key in ["ArrowRight"] * STEPS + ["ArrowLeft"] * 5:
                keys.press(key)
                time.sleep(0.15)

        def back() -> None:
            keys.press("Escape")
            poll(page, "document.getElementById('review-dialog').open", timeout=30)

        def retry() -> None:
            page.evaluate("document.getElementById('review-retry').click()")
            poll(page, "document.getElementById('game').dataset.mode === 'retry'", timeout=30)
            keys.press("ArrowLeft")
            answered = ("!!document.getElementById('review-dialog').dataset.retry || "
                        "document.getElementById('watch-review-line').textContent.includes('nothing')")
            poll(page, answered, timeout=60)

        return dict(span(page, what, act) for what, act in (
            ("the kept review reopened (every move's row made)", reopen), ("a flagged move shown", show),
            (f"{STEPS} moves stepped on the board and 5 back", step), ("Escape: back to the list", back),
            ("Retry started and answered", retry)))


def measure(browser: Browser, url: str, repeat: int = REPEAT) -> dict[str, Any]:
    save = solver_game()
    times = [review_times(browser, url, save) for _ in range(repeat)]
    runs: dict[str, list[dict[str, Any]]] = {"a review going on behind": [], "no review": []}
    for i in range(repeat):
        for reviewing in ((True, False) if i % 2 == 0 else (False, True)):
            name = "a review going on behind" if reviewing else "no review"
            runs[name].append(keys(browser, url, save, reviewing))
    teach = {slower: [teaching(browser, url, save, slower) for _ in range(repeat)] for slower in (1, 4)}
    return {"times": times, "keys": runs, "reviewing": teach}


def review_rows(table: Table, found: dict[str, Any]) -> None:
    times = found["times"]
    game = f"review a {GAME_MOVES:,}-move 4×4 game"
    table.add(game + ": Review pressed → first grades on screen", "in the page",
              [t["first"] for t in times], ms1)
    table.add(game + ": Review pressed → the review done", "in the page", [t["done"] for t in times], ms1)
    for name, runs in found["keys"].items():
        table.add(f"key → board p50 (per run, {KEY_COUNT} keys {INTERVAL:g} s apart)", name,
                  [percentile(r["lat"], 0.5) for r in runs], ms1)
        table.add(f"key → board p95 (per run, {KEY_COUNT} keys {INTERVAL:g} s apart)", name,
                  [percentile(r["lat"], 0.95) for r in runs], ms1)
        table.add("main-thread time of a key's task, p95 (per run)", name,
                  [percentile(r["task"], 0.95) for r in runs], ms1)
        table.add("longest main-thread task during the keys", name, [r["longest"] for r in runs], ms1)
    for slower, runs in found.get("reviewing", {}).items():
        where = "in the page" if slower == 1 else f"CPU {slower}x slower"
        for what in runs[0]:
            table.add("longest main-thread task: " + what, where, [r[what] for r in runs], ms1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=REPEAT)
    options = parser.parse_args()
    with serve(ROOT) as site, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        found = measure(browser, site.url, options.repeat)
        browser.close()
    table = Table()
    review_rows(table, found)
    print(f"medians of {options.repeat}")
    print(table.markdown())
    print({name: [r["progress"] for r in runs] for name, runs in found["keys"].items()})
    print(statistics.median(t["done"] for t in found["times"]))


if __name__ == "__main__":
    main()
