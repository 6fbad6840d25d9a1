"""Hints.hint (game/hints.py): the solver's move for the game as it is, as plain data (Hint, Auto-play).

The search itself is game/solver's (and tested there); here: the answer is always a
move that changes the board when one exists, None on a stuck board, and it names the
game it was chosen for so the page can drop an answer it no longer shows.
"""

from __future__ import annotations

import json

import pytest

from game import api, chance, rules, saves, solver
from game.hints import Hints
from game.session import Session
from tests.unit.boards import board, consistent, played

STUCK = "2 4 2 4/4 2 4 2/2 4 2 4/4 2 4 2"


def engine_on(session: Session) -> Hints:
    engine = api.Engine(chance.seeded(5), lookahead=True)
    engine.session = session
    return Hints(engine.play)


@pytest.mark.parametrize("size", [4, 5, 6])
@pytest.mark.parametrize("seed", range(8))
def test_the_hint_is_a_legal_move_whenever_there_is_one(size: int, seed: int) -> None:
    session = played(seed, moves=10 + 25 * seed, size=size)
    hints = engine_on(session)
    hint = hints.hint(15.0, 3)
    legal = rules.legal_directions(session.position.board)
    if not legal:  # a random game that ended before its moves ran out
        assert hint["direction"] is None
    else:
        assert hint["direction"] in legal
        assert rules.slide(session.position.board, hint["direction"])[0] != session.position.board
    assert hint["size"] == size and hint["revision"] == session.revision and hint["ticket"] == 3
    assert hint["board"] == [list(row) for row in session.position.board]
    assert json.loads(json.dumps(hint)) == hint


def test_auto_play_paces_its_budget_over_the_moves() -> None:
    """Paced (Auto-play): one Pace per budget, kept from move to move, its moves legal;
    a plain Hint leaves it alone."""
    hints = engine_on(played(2, 30))
    hint = hints.hint(10.0, 1, paced=True)
    pace = hints.pace
    assert pace is not None and pace.budget_ms == 10.0
    assert hint["direction"] in rules.legal_directions(hints.play.session.position.board)
    hints.hint(10.0, 2, paced=True)
    hints.hint(80.0, 3)
    assert hints.pace is pace, "the same pace for the same budget, and Hint leaves it"
    hints.hint(20.0, 4, paced=True)
    assert hints.pace is not pace and hints.pace is not None and hints.pace.budget_ms == 20.0
    stuck = engine_on(Session(consistent(board(STUCK)), chance.seeded(1)))
    assert stuck.hint(10.0, paced=True)["direction"] is None


def test_a_stuck_board_has_no_hint() -> None:
    hints = engine_on(Session(consistent(board(STUCK)), chance.seeded(1)))
    hint = hints.hint(20.0)
    assert hint["direction"] is None and hint["kind"] == "hint" and hint["ticket"] == 0


def test_asking_for_a_hint_changes_nothing() -> None:
    engine = api.Engine(chance.seeded(5), lookahead=True)
    engine.session = played(3, 30)
    hints = Hints(engine.play)
    engine.start(None, None)
    before = json.dumps(engine.state())
    save = saves.dump_game(engine.session)
    hints.hint(10.0)
    assert json.dumps(engine.state()) == before and saves.dump_game(engine.session) == save


def test_the_budget_is_bounded_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """At least 1 ms (still an answer), at most 1 s (the worker answers nothing else
    meanwhile, and the page gives up on a call after 10 s)."""
    asked: list[float] = []
    real = solver.choose_move

    def spy(board: rules.Board, budget_ms: float) -> object:
        asked.append(budget_ms)
        return real(board, 1.0)

    monkeypatch.setattr(solver, "choose_move", spy)
    hints = engine_on(played(4, 40))
    assert hints.hint(-5.0)["direction"] is not None
    hints.hint(1e9)
    hints.hint(80)
    assert asked == [1.0, 1000.0, 80.0]
