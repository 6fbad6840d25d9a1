"""Result codes and replays: how long a code is, and how long checking it takes.

A game is needed that a real player could have played: the solver plays the daily
board of DAY (a cheap positions budget, so the game is the same on every run) until it
ends or reaches GAME_MOVES moves. From that one game:
- the code of its first 1 000 moves and of the whole game: moves and characters;
- CPython: `replay.verdict` of each code (median of REPEAT);
- in the page (Chromium, the repository's page, engine from its snapshot): the engine's
  `verify` call through `window.py2048Engine`, from the call to its answer on the main
  thread (the replay in the worker plus the round trip), REPEAT times per code; the
  `start` of a stored daily game of 1 000 moves (judging it replays its record); and
  `watch_step`, one watched move's round trip.
Nothing passes or fails: the rows are for the closing note and the README.

    python -m tests.bench.replays [--repeat N]   (prints the rows)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from game import chance, daily, record, replay, saves, solver
from game.session import Session
from tests.bench.boot import READY, scripts_for
from tests.bench.pages import DESKTOP, fresh_page, poll
from tests.bench.report import Table, count, ms1
from tests.bench.server import serve
from tests.browser import ROOT, launch_chromium

DAY = "2026-11-30"
GAME_MOVES = 6000
FIRST = 1000
REPEAT = 15
NODES = 400  # the solver's positions per move: a fair game, quick to play

CALL = """async ([name, args]) => {
    const t0 = performance.now();
    const text = await window.py2048Engine.call(name, ...args);
    return [performance.now() - t0, text.length];
}"""


def solver_game(limit: int = GAME_MOVES) -> Session:
    """The daily board of DAY played by the solver (positions budget: reproducible)."""
    session, _ = Session.new(4, chance.seeded(0), daily=daily.Daily(DAY))
    while not session.over and session.position.moves < limit:
        if session.status == "won":
            session.continue_after_win()
        decision = solver.choose_move(session.position.board, 1000.0, budget_nodes=NODES)
        assert decision.direction is not None
        session.move(decision.direction)
    return session


def codes(session: Session) -> dict[str, str]:
    moves = record.directions(session.record or "")
    return {f"{FIRST:,} moves": replay.encode(DAY, 4, moves[:FIRST]),
            f"whole game ({len(moves):,} moves)": replay.encode(DAY, 4, moves)}


def daily_save(session: Session, moves: int) -> str:
    """The stored document of the same game after `moves` moves."""
    again, _ = Session.new(4, chance.seeded(0), daily=daily.Daily(DAY))
    for direction in record.directions(session.record or "")[:moves]:
        if again.status == "won":
            again.continue_after_win()
        again.move(direction)
    return saves.dump_game(again)


def cpython_ms(code: str, repeat: int) -> list[float]:
    found = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        answer = replay.verdict(code)
        found.append((time.perf_counter() - t0) * 1000)
        assert answer["ok"], answer
    return found


def in_page(browser: Browser, url: str, texts: dict[str, str], save: str, repeat: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with fresh_page(browser, scripts_for("ours", None), DESKTOP) as page:
        page.goto(url + "index.html?engine=snapshot")
        poll(page, READY["ours"], timeout=120)
        for label, code in texts.items():
            quoted = json.dumps(code)
            page.evaluate(CALL, ["verify", [quoted]])  # once, unmeasured
            results[label] = [page.evaluate(CALL, ["verify", [quoted]])[0] for _ in range(repeat)]
        quoted_save = json.dumps(save)
        results["start"] = [page.evaluate(CALL, ["start", [quoted_save, "", "", 4, 1, 1]])[0]
                            for _ in range(repeat)]
        page.evaluate(CALL, ["verify", [json.dumps(next(iter(texts.values())))]])
        page.evaluate(CALL, ["watch", ["verified"]])
        results["step"] = [page.evaluate(CALL, ["watch_step", []])[0] for _ in range(repeat * 10)]
    return results


def measure(browser: Browser, url: str, repeat: int = REPEAT) -> dict[str, Any]:
    session = solver_game()
    texts = codes(session)
    return {
        "game_moves": session.position.moves,
        "score": session.position.score,
        "codes": {label: {"moves": len(replay.decode(code).directions), "chars": len(code)}
                  for label, code in texts.items()},
        "cpython": {label: cpython_ms(code, repeat) for label, code in texts.items()},
        "page": in_page(browser, url, texts, daily_save(session, FIRST), repeat),
    }


def replay_rows(table: Table, found: dict[str, Any]) -> None:
    for label, size in found["codes"].items():
        table.add(f"result code of the daily board, {label}: characters", "solver's game",
                  [size["chars"]], count)
    for label, runs in found["cpython"].items():
        table.add(f"verify a code, {label}", "CPython 3.11 (replay.verdict)", runs, ms1)
    page = found["page"]
    for label in found["codes"]:
        table.add(f"verify a code, {label}", "in the page: call → answer", page[label], ms1)
    table.add(f"start a stored daily game of {FIRST:,} moves (its record replayed)",
              "in the page: call → answer", page["start"], ms1)
    table.add("watch: one move of a replay", "in the page: call → answer", page["step"], ms1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=REPEAT)
    options = parser.parse_args()
    with serve(ROOT) as site, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        found = measure(browser, site.url, options.repeat)
        browser.close()
    table = Table()
    replay_rows(table, found)
    print(f"solver's game on {DAY}: {found['game_moves']:,} moves, score {found['score']:,}; "
          f"medians of {options.repeat} (watch: {options.repeat * 10})")
    print(table.markdown())
    print(json.dumps({k: statistics.median(v) for k, v in found["page"].items()}))


if __name__ == "__main__":
    main()
