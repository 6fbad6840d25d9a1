"""Rankings: opening a board of 1,000 friends' results, and adding one more.

The board: FRIENDS players over DAYS daily boards (1,000 results; the newest day has
all of them), each a real code on that day's board: the solver plays each day once
with a tiny budget (hundreds to a couple of thousand moves, like a person's game) and
each friend's result is that game given up after a different number of its moves
(half of it to all of it). Stored as the engine stores it (game/rankings.py).

In the page (Chromium, the repository's page, engine from its snapshot):
- opening: from the click on Rankings until the dialog is open with the day's rows in
  it and a frame has been drawn after that (on screen): the first opening in a page
  SETTLED_S after it started (the page, idle, has had the engine read the stored board
  and filled the closed dialog by then: it opens at once, and asks again), the first
  opening the moment the engine has started (it reads the board then), and again in
  the same page;
- adding: a friend's link of a 1,000-move game on that board, checked (`verify`, the
  replay: call → answer, as tests/bench/replays.py measures it), then "Add to your
  board": from the click until the sentence that says it is added is on screen. The
  target is the replay plus at most 20 ms, so the second number is the one to read.
Nothing passes or fails: the rows are for the closing note and the README.

    python -m tests.bench.rankings [--repeat N]   (prints the rows)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from game import chance, daily, names, rankings, replay, rules, solver
from tests.bench.boot import READY, scripts_for
from tests.bench.pages import DESKTOP, fresh_page, poll
from tests.bench.report import Table, count, ms1
from tests.bench.server import serve
from tests.browser import ROOT, launch_chromium

FRIENDS = 20
DAYS = 50
LAST_DAY = "2026-11-27"  # its solver game has more than ADD_MOVES moves
ADD_MOVES = 1000
REPEAT = 7
AGAIN = 5  # openings again in the same page, per fresh page
NODES = 5  # the solver's positions per move for the friends' games
SETTLED_S = 5.0  # a player opens Rankings some seconds after the page: it has read the board
READ_S = 0.3  # and reads a verdict before pressing "Add to your board"

# Click, then wait until `selector`'s text changes from what it was and a frame is
# drawn after that: the time on screen, measured in the page.
TIMED_CLICK = """async ([button, watched]) => {
    const target = document.querySelector(watched);
    const before = target.textContent;
    const t0 = performance.now();
    const changed = new Promise(resolve => {
        const observer = new MutationObserver(() => {
            if (target.textContent !== before) { observer.disconnect(); resolve(); }
        });
        observer.observe(target, {childList: true, characterData: true, subtree: true});
    });
    document.querySelector(button).click();
    await changed;
    await new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t0;
}"""
# Click Rankings, then wait until the dialog is open with the day's rows in it (at once,
# when the page filled it while idle) and a frame is drawn after that: on screen.
OPEN = """async () => {
    const dialog = document.getElementById('rankings-dialog');
    const shown = () => dialog.open && document.querySelectorAll('#day-rows tr').length > 0;
    const t0 = performance.now();
    document.getElementById('rankings').click();
    if (!shown()) {
        await new Promise(resolve => {
            const observer = new MutationObserver(() => {
                if (shown()) { observer.disconnect(); resolve(); }
            });
            observer.observe(dialog, {childList: true, subtree: true, attributes: true});
        });
    }
    await new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - t0;
}"""
CALL = """async ([name, args]) => {
    const t0 = performance.now();
    await window.py2048Engine.call(name, ...args);
    return performance.now() - t0;
}"""


def solver_moves(date: str) -> list[str]:
    """The solver's game on `date`'s daily board, with a tiny positions budget (quick,
    and the same on every run)."""
    board_of_day = daily.Daily(date, daily.SIZE)
    board = rules.new_board(daily.SIZE)
    start = board_of_day.stream(0)
    for _ in range(2):
        board, _, _ = chance.spawn(board, start)
    moves: list[str] = []
    while rules.can_move(board):
        direction = solver.choose_move(board, 1000.0, budget_nodes=NODES).direction
        assert direction is not None
        slid, _ = rules.slide(board, direction)
        moves.append(direction)
        board, _, _ = chance.spawn(slid, board_of_day.stream(len(moves)))
    return moves


def rankings_text() -> tuple[str, dict[str, Any]]:
    """The stored board of FRIENDS × DAYS results, and what it holds."""
    last = daily.day_number(LAST_DAY)
    entries: list[rankings.Entry] = []
    for day in range(DAYS):
        date = daily.utc_date((last - DAYS + 1 + day) * 86_400_000)
        moves = solver_moves(date)
        for friend in range(FRIENDS):
            played = moves[: len(moves) * (FRIENDS + friend + 1) // (2 * FRIENDS)]
            code = replay.encode(date, daily.SIZE, played)
            outcome = replay.replay(replay.decode(code))
            added = rankings.MIN_ADDED + 60_000 * len(entries)
            entries.append(rankings.verified_entry(code, f"Friend {friend + 1}", added, outcome))
    text = rankings.dump_rankings(entries)
    counts = [e.moves for e in entries]
    return text, {"results": len(entries), "chars": len(text), "median_moves": statistics.median(counts)}


def opened(page: Page) -> float:
    ms = float(page.evaluate(OPEN))
    assert page.evaluate("() => document.querySelectorAll('#day-rows tr').length") == FRIENDS
    time.sleep(0.3)  # the page asks again on opening: its answer is in before the dialog closes
    page.evaluate("() => document.getElementById('rankings-dialog').close()")
    return ms


def measure(browser: Browser, url: str, repeat: int = REPEAT) -> dict[str, Any]:
    text, holds = rankings_text()
    store = f"localStorage.setItem('py2048:rankings', {json.dumps(text)});"
    found: dict[str, Any] = {"board": holds, "first": [], "at_once": [], "again": [], "verify": [], "add": []}
    # A new friend's result each run: the newest day's game cut at a length no friend's is.
    game = solver_moves(LAST_DAY)
    taken = {len(game) * (FRIENDS + friend + 1) // (2 * FRIENDS) for friend in range(FRIENDS)}
    lengths = [n for n in range(ADD_MOVES, ADD_MOVES - 100, -1) if n not in taken and n <= len(game)]
    for run in range(repeat):
        with fresh_page(browser, scripts_for("ours", None) + [store], DESKTOP) as page:
            page.goto(url + "index.html?engine=snapshot")
            poll(page, READY["ours"], timeout=120)
            found["at_once"].append(opened(page))  # before the page, idle, had the board read
        with fresh_page(browser, scripts_for("ours", None) + [store], DESKTOP) as page:
            page.goto(url + "index.html?engine=snapshot")
            poll(page, READY["ours"], timeout=120)
            time.sleep(SETTLED_S)
            found["first"].append(opened(page))
            found["again"].extend(opened(page) for _ in range(AGAIN))
            code = replay.encode(LAST_DAY, daily.SIZE, game[: lengths[run]])
            found["verify"].append(float(page.evaluate(CALL, ["verify", [json.dumps(code)]])))
            page.evaluate("link => { location.hash = link; }", f"#replay={code}{names.NAME_MARK}New%20friend")
            poll(page, "!document.getElementById('add-rankings').hidden && "
                       "document.getElementById('add-name').value === 'New friend'")
            time.sleep(READ_S)  # the player reads the verdict before adding it
            found["add"].append(float(page.evaluate(TIMED_CLICK, ["#add-rankings-button", "#add-status"])))
            added = page.evaluate("() => document.getElementById('add-status').textContent")
            assert added.startswith("Added to your board"), added
    return found


def ranking_rows(table: Table, found: dict[str, Any]) -> None:
    board = found["board"]
    table.add(f"rankings: a board of {board['results']:,} results ({FRIENDS} friends × {DAYS} days): "
              "stored characters", f"median game {board['median_moves']:,.0f} moves", [board["chars"]], count)
    table.add("rankings: open the board, until the day's rows are on screen",
              f"first opening, {SETTLED_S:.0f} s after the page started", found["first"], ms1)
    table.add("rankings: open the board, until the day's rows are on screen",
              "first opening, the moment the engine has started", found["at_once"], ms1)
    table.add("rankings: open the board, until the day's rows are on screen", "again, same page",
              found["again"], ms1)
    table.add(f"rankings: check a friend's {ADD_MOVES:,}-move code (the replay)",
              "in the page: call → answer", found["verify"], ms1)
    table.add("rankings: add it to the board, until it says so on screen", "click → on screen",
              found["add"], ms1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=REPEAT)
    options = parser.parse_args()
    with serve(ROOT) as site, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        found = measure(browser, site.url, options.repeat)
        browser.close()
    table = Table()
    ranking_rows(table, found)
    print(table.markdown())
    print(json.dumps({k: statistics.median(v) for k, v in found.items() if isinstance(v, list)}))


if __name__ == "__main__":
    main()
