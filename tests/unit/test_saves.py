"""Saved games and best scores: round trips, and every kind of bad data rejected."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import api, chance, rules, saves
from game.session import Session
from tests.unit.boards import board, consistent


def played(seed: int, moves: int, size: int = 4, undo_depth: int = 1) -> Session:
    session, _ = Session.new(size, chance.seeded(seed), undo_depth=undo_depth)
    source = chance.seeded(seed + 1)
    for _ in range(moves):
        legal = rules.legal_directions(session.position.board)
        if not legal:
            break
        session.move(legal[chance.choose_index(source, len(legal))])
    return session


def document(session: Session) -> dict[str, Any]:
    return json.loads(saves.dump_game(session))  # type: ignore[no-any-return]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120), st.sampled_from(rules.SIZES), st.sampled_from([1, 5]))
def test_save_round_trip_restores_the_game_exactly(seed: int, moves: int, size: int, depth: int) -> None:
    session = played(seed, moves, size, depth)
    session.clock_ms = 4321
    loaded = saves.load_game(saves.dump_game(session), chance.seeded(0), {size: session.best})
    assert loaded.position == session.position
    assert loaded.history == session.history
    assert (loaded.keep_playing, loaded.clock_ms, loaded.undo_depth) == (False, 4321, depth)
    assert saves.dump_game(loaded) == saves.dump_game(session)


def test_save_round_trip_of_a_won_game_kept_playing() -> None:
    session = Session(consistent(board("1024 1024 . ./2 . . ./. . . ./. . . .")), chance.seeded(3))
    session.move("left")
    session.continue_after_win()
    loaded = saves.load_game(saves.dump_game(session), chance.seeded(0))
    assert loaded.status == "playing" and loaded.position.won and loaded.keep_playing


def test_best_round_trip() -> None:
    assert saves.load_best(saves.dump_best({4: 1024, 6: 8})) == {4: 1024, 5: 0, 6: 8}


def mutated(change: dict[str, Any]) -> str:
    data = document(played(5, 30))
    data.update(change)
    return json.dumps(data)


def with_board(rows: list[list[Any]], **extra: Any) -> str:
    data = document(played(5, 30))
    data["board"] = rows
    data["history"] = []
    data.update(extra)
    return json.dumps(data)


BAD_GAMES: dict[str, object] = {
    "not text": 42,
    "empty": "",
    "not json": "{board: nope",
    "json list": "[1, 2, 3]",
    "wrong format": mutated({"format": "other"}),
    "future version": mutated({"version": 2}),
    "version as text": mutated({"version": "1"}),
    "size 3": mutated({"size": 3}),
    "size as bool": mutated({"size": True}),
    "missing field": json.dumps({k: v for k, v in document(played(5, 30)).items() if k != "moves"}),
    "extra field": mutated({"html": "<b>x</b>"}),
    "rows too short": with_board([[2, 2, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]),
    "board not square": with_board([[2, 2, 0, 0]] * 3),
    "odd value": with_board([[3, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]),
    "value one": with_board([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]),
    "negative value": with_board([[-2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]),
    "float value": with_board([[2.0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]),
    "bool value": with_board([[True, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]),
    "text value": with_board([["<img src=x onerror=alert(1)>", 0, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]]),
    "value beyond the board": with_board([[1 << 18, 0, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]]),
    "huge value": with_board([[1 << 200, 0, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]]),
    "one tile": with_board([[2, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4], score=0, moves=0),
    "score off by four": mutated({"score": document(played(5, 30))["score"] + 4}),
    "moves off by one": mutated({"moves": document(played(5, 30))["moves"] + 1}),
    "negative moves": mutated({"moves": -1}),
    "won without 2048": mutated({"won": True}),
    "keep playing without a win": mutated({"keep_playing": True}),
    "negative clock": mutated({"clock_ms": -5}),
    "undo depth 3": mutated({"undo_depth": 3}),
    "history longer than depth": mutated({"history": document(played(5, 30))["history"] * 2}),
    "history not a move": mutated(
        {"history": [{"board": [[2, 0, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]],
                      "score": 0, "moves": 0, "won": False}]}
    ),
    "history not a list": mutated({"history": {}}),
    "too long": " " * (saves.MAX_TEXT + 1),
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "deep nesting inside the document": mutated({"history": json.loads("[" * 40 + "]" * 40)}),
}


def test_nesting_depth_ignores_brackets_in_strings() -> None:
    assert saves.nesting_depth('{"a": "[[[[\\"[[", "b": [[1]]}') == 3
    assert saves.nesting_depth(saves.dump_game(played(3, 10))) == 5  # document, history, position, board, row


@pytest.mark.parametrize("name", sorted(BAD_GAMES))
def test_save_invalid_game_is_rejected(name: str) -> None:
    with pytest.raises(saves.SaveError):
        saves.load_game(BAD_GAMES[name], chance.seeded(0))


BAD_BEST: dict[str, object] = {
    "not json": "nope",
    "wrong format": json.dumps({"format": "py2048-game", "version": 1, "best": {}}),
    "unknown size": json.dumps({"format": "py2048-best", "version": 1, "best": {"7": 4}}),
    "negative": json.dumps({"format": "py2048-best", "version": 1, "best": {"4": -4}}),
    "unreachable": json.dumps({"format": "py2048-best", "version": 1, "best": {"4": 6}}),
    "text": json.dumps({"format": "py2048-best", "version": 1, "best": {"4": "100"}}),
    "extra field": json.dumps({"format": "py2048-best", "version": 1, "best": {}, "x": 1}),
}


@pytest.mark.parametrize("name", sorted(BAD_BEST))
def test_save_invalid_best_is_rejected(name: str) -> None:
    with pytest.raises(saves.SaveError):
        saves.load_best(BAD_BEST[name])


def test_expected_score_counts_fours_exactly() -> None:
    # a start: a 2 and a 4 spawned, nothing merged
    assert saves.expected_score(board("2 . . ./. . . ./. . . ./. . . 4"), 0) == 0
    # 2+2 merged into a 4 (4 points), then a 2 spawned
    assert saves.expected_score(board("4 . . ./. . . ./. . . ./. . . 2"), 1) == 4
    # the same tiles cannot come from two moves: that needs four spawns summing to 6
    assert saves.expected_score(board("4 . . ./. . . ./. . . ./. . . 2"), 2) is None


def test_engine_start_sets_aside_a_bad_game_and_keeps_a_valid_best() -> None:
    engine = api.Engine(chance.seeded(1))
    reply = engine.start("{broken", saves.dump_best({4: 2048}))
    assert reply["notice"] == "save-invalid"
    assert reply["state"]["best"] == 2048 and reply["state"]["moves"] == 0
    assert len(reply["spawns"]) == 2


def test_engine_start_with_a_bad_best_keeps_a_valid_game() -> None:
    session = played(9, 40)
    engine = api.Engine(chance.seeded(1))
    reply = engine.start(saves.dump_game(session), "garbage")
    assert reply["notice"] == "save-invalid"
    assert reply["state"]["board"] == [list(r) for r in session.position.board]
    assert reply["state"]["best"] == session.position.score


def test_engine_start_resumes_a_valid_save_without_notice() -> None:
    session = played(11, 25, size=6)
    engine = api.Engine(chance.seeded(1))
    reply = engine.start(saves.dump_game(session), saves.dump_best({6: 99_996}))
    assert reply["notice"] is None and reply["state"]["size"] == 6
    assert reply["state"]["best"] == 99_996 and reply["state"]["moves"] == session.position.moves


def test_save_of_a_huge_legal_6x6_game_round_trips() -> None:
    huge = board(". . . . . ./. . . . . ./. . . . . ./. . . . . ./. . . . . 2/. . . . . " + str(1 << 36))
    session = Session(consistent(huge), chance.seeded(1))
    loaded = saves.load_game(saves.dump_game(session), chance.seeded(2))
    assert loaded.position == session.position
    assert saves.load_best(saves.dump_best({6: session.position.score}))[6] == session.position.score
