"""Engine throughput: moves per second on CPython for each board size.

Prints medians of several rounds (this machine is shared and noisy), never pass/fail.
`make bench` puts the same numbers in its report (tests/bench/__main__.py).
Usage: python -m tests.bench.engine
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from game import chance, rules
from game.rules import Board
from game.session import Session


def sample_boards(size: int, count: int, seed: int) -> list[Board]:
    """Positions from real play (random legal moves), so rows look like game rows."""
    boards: list[Board] = []
    source = chance.seeded(seed)
    session, _ = Session.new(size, source)
    while len(boards) < count:
        legal = rules.legal_directions(session.position.board)
        if not legal:
            session, _ = Session.new(size, source)
            continue
        session.move(legal[chance.choose_index(source, len(legal))])
        boards.append(session.position.board)
    return boards


def slide_rates(boards: list[Board], rounds: int = 5) -> list[float]:
    """Slides per second over the sample boards, one rate per round."""
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for board in boards:
            for direction in rules.DIRECTIONS:
                rules.slide(board, direction)
        rates.append(4 * len(boards) / (time.perf_counter() - start))
    return rates


def session_moves_per_second(size: int, count: int = 3000) -> float:
    """Full moves with tile accounting and a spawn, as the page makes them."""
    source = chance.seeded(size)
    session, _ = Session.new(size, source)
    start = time.perf_counter()
    done = 0
    while done < count:
        legal = rules.legal_directions(session.position.board)
        if not legal:
            session, _ = Session.new(size, source)
            continue
        session.move(legal[done % len(legal)])
        done += 1
    return count / (time.perf_counter() - start)


def measure(rounds: int = 5) -> dict[str, dict[str, Any]]:
    """Per board size: slide and full-session move rates, one sample per round."""
    found: dict[str, dict[str, Any]] = {}
    for size in rules.SIZES:
        boards = sample_boards(size, 20_000, seed=size)
        slide_rates(boards, rounds=1)  # warm the row cache
        found[f"{size}x{size}"] = {
            "slide_moves_per_s": slide_rates(boards, rounds),
            "session_moves_per_s": [session_moves_per_second(size) for _ in range(rounds)],
        }
    return found


def main() -> None:
    print("| board | slide moves/s (median of 5) | full session moves/s (median of 5) |")
    print("|---|---|---|")
    for board, rates in measure().items():
        print(f"| {board} | {statistics.median(rates['slide_moves_per_s']):,.0f} | "
              f"{statistics.median(rates['session_moves_per_s']):,.0f} |")


if __name__ == "__main__":
    main()
