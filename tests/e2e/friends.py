"""Friends' daily results for the browser tests: real codes, played by the rules on each
day's own board (game/daily.py), and Rankings of them stored as the engine stores them
(game/rankings.py), so the page has to trust nothing a test made up.
"""

from __future__ import annotations

import random
from functools import cache

from game import chance, daily, names, rankings, replay, rules

RANKINGS_KEY = "py2048:rankings"
ADDED = 1_764_547_200_000  # 2025-12-01 00:00 UTC: when a prepared result was added


@cache
def code(date: str, seed: int, most: int = 400) -> str:
    """A finished (or `most`-move) game on `date`'s daily board, its moves drawn from
    `seed` among those that change the board."""
    draw = random.Random(seed)
    board_of_day = daily.Daily(date, daily.SIZE)
    board = rules.new_board(daily.SIZE)
    start = board_of_day.stream(0)
    for _ in range(2):
        board, _, _ = chance.spawn(board, start)
    moves: list[str] = []
    while rules.can_move(board) and len(moves) < most:
        direction = draw.choice([d for d in rules.DIRECTIONS if rules.slide(board, d)[0] != board])
        slid, _ = rules.slide(board, direction)
        moves.append(direction)
        board, _, _ = chance.spawn(slid, board_of_day.stream(len(moves)))
    return replay.encode(date, daily.SIZE, moves)


def numbers(result_code: str) -> replay.Outcome:
    return replay.replay(replay.decode(result_code))


def link(base_url: str, result_code: str, name: str = "") -> str:
    """A friend's link, as their page shares it."""
    tail = names.NAME_MARK + names.quote(name) if name else ""
    return f"{base_url}/#replay={result_code}{tail}"


def rankings_text(results: list[tuple[str, str]]) -> str:
    """Stored Rankings of (code, name) results, added a minute apart in this order."""
    entries = [rankings.verified_entry(result_code, name, ADDED + 60_000 * index, numbers(result_code))
               for index, (result_code, name) in enumerate(results)]
    return rankings.dump_rankings(entries)
