"""Real daily results for the statistics' tests: games played on a day's board, their
replay codes, and the numbers a replay of each code gives.

A stored result must carry a code that decodes to its own date and move count, so the
tests make real ones rather than writing codes by hand: random moves on the day's
board (game/daily.py), the game's record turned into a code (game/replay.py), and the
score, tile and moves taken from replaying that code, as a verifier would.
"""

from __future__ import annotations

import random
from functools import cache

from game import chance, daily, record, replay, rules
from game.daily_results import DailyResult
from game.session import Session


@cache
def played(date: str, seed: int = 0, moves: int = 12) -> DailyResult:
    """The result of up to `moves` random moves (fewer if the game ends) on `date`'s
    board; `seed` picks the moves. Cached: a replay is the dearest part of a test."""
    session, _ = Session.new(daily.SIZE, chance.seeded(seed), daily=daily.Daily(date))
    pick = random.Random(seed)
    while session.position.moves < moves and not session.over:
        session.move(pick.choice(rules.DIRECTIONS))  # one into a wall changes nothing
    assert session.record is not None
    code = replay.encode(date, daily.SIZE, record.directions(session.record))
    outcome = replay.replay(replay.decode(code))
    return DailyResult(date, outcome.score, outcome.tile, outcome.moves, code)


def on(date: str, seed: int = 0) -> DailyResult:
    """A result on `date` without its code (as an old result is stored): no game
    needed, for tests that only count days."""
    return DailyResult(date, 4 * (seed % 50), 4, 1 + seed % 7, "")
