"""Saved games and best scores: round trips, and every kind of bad data rejected."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import api, chance, rules, saves, session
from game.session import Session
from tests.unit.boards import board, consistent, played


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


def test_a_counted_game_round_trips_as_counted() -> None:
    session = played(4, 20)
    session.counted = True
    text = saves.dump_game(session)
    assert json.loads(text)["version"] == saves.GAME_VERSION and json.loads(text)["counted"] is True
    assert saves.load_game(text, chance.seeded(0)).counted
    assert saves.dump_game(saves.load_game(text, chance.seeded(0))) == text


def test_rule_a_new_game_is_named_by_its_birth_and_keeps_that_name() -> None:
    """A game's identity (game/session.py) comes from its size, the revision it began at,
    its start tiles and the word drawn at its birth: the page and the engine compute the
    same from the same steps (which carry the word). It is stored, and moves, undo and
    reloads keep it."""
    game, spawns = Session.new(4, chance.seeded(6), revision=7)
    word = game.word
    assert word is not None
    assert game.game_id == session.identity(4, 7, spawns, word)
    assert len(game.game_id) == session.IDENTITY_DIGITS
    assert Session.begun(4, spawns, word, chance.seeded(1), revision=7).game_id == game.game_id
    assert Session.begun(4, spawns, word, chance.seeded(1), revision=8).game_id != game.game_id
    assert Session.begun(5, spawns, word, chance.seeded(1), revision=7).game_id != game.game_id
    assert Session.begun(4, spawns, word ^ 1, chance.seeded(1), revision=7).game_id != game.game_id
    wordless = Session.begun(4, spawns, None, chance.seeded(1), revision=7)  # steps of version 2
    assert wordless.game_id == session.identity(4, 7, spawns, None) != game.game_id
    game.move(rules.legal_directions(game.position.board)[0])
    game.undo()
    assert game.copy().game_id == game.game_id
    text = saves.dump_game(game)
    assert json.loads(text)["game"] == game.game_id
    assert saves.load_game(text, chance.seeded(0)).game_id == game.game_id


def test_an_older_game_takes_the_identity_of_its_text_the_same_at_every_load() -> None:
    data = document(played(4, 20))
    del data["game"]
    data["version"] = 4
    text = json.dumps(data)
    first = saves.load_game(text, chance.seeded(0))
    assert first.game_id == session.text_identity(text) == saves.load_game(text, chance.seeded(9)).game_id
    assert json.loads(saves.dump_game(first))["game"] == first.game_id, "written with it from then on"
    other = json.dumps(dict(data, clock_ms=data["clock_ms"] + 1))
    assert saves.load_game(other, chance.seeded(0)).game_id != first.game_id


def test_a_version_2_game_reads_as_not_counted() -> None:
    data = document(played(4, 20))
    for field in ("counted", "daily", "practice", "record", "game"):
        del data[field]
    data["version"] = 2
    loaded = saves.load_game(json.dumps(data), chance.seeded(0))
    assert not loaded.counted and loaded.position == played(4, 20).position


def test_rule_a_game_loaded_for_a_size_must_be_of_that_size() -> None:
    text = saves.dump_game(played(4, 20, size=5))
    assert saves.load_game(text, chance.seeded(0), size=5).size == 5
    for size in (4, 6):
        with pytest.raises(saves.SaveError, match="another board size"):
            saves.load_game(text, chance.seeded(0), size=size)


def test_nan_and_infinity_are_not_json() -> None:
    for constant in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(saves.SaveError, match="not JSON"):
            saves.parse_json('{"a": ' + constant + '}')


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
    "future version": mutated({"version": saves.GAME_VERSION + 1}),
    "version 2 with counted": mutated({"version": 2}),
    "version 3 without counted": json.dumps(
        {k: v for k, v in document(played(5, 30)).items() if k != "counted"}),
    "counted as 1": mutated({"counted": 1}),
    "counted as text": mutated({"counted": "true"}),
    "counted null": mutated({"counted": None}),
    "game identity too short": mutated({"game": "abc"}),
    "game identity in capitals": mutated({"game": "0123456789ABCDEF"}),
    "game identity as a number": mutated({"game": 12}),
    "game identity as HTML": mutated({"game": "<img src=x>12345"}),
    "version 4 with a game identity": mutated({"version": 4}),
    "NaN score": mutated({"score": float("nan")}),
    "Infinity clock": mutated({"clock_ms": float("inf")}),
    "version 0": mutated({"version": 0}),
    "version 1 with a revision": mutated({"version": 1}),
    "version 2 without a revision": json.dumps(
        {k: v for k, v in document(played(5, 30)).items() if k != "revision"}),
    "negative revision": mutated({"revision": -1}),
    "float revision": mutated({"revision": 3.0}),
    "bool revision": mutated({"revision": True}),
    "text revision": mutated({"revision": "3"}),
    "null revision": mutated({"revision": None}),
    "revision beyond 2**53-1": mutated({"revision": saves.MAX_REVISION + 1}),
    "huge revision": mutated({"revision": 1 << 200}),
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


def _depth_char_by_char(text: str) -> int:
    """The measure as a plain scan of every character: what `nesting_depth` (which cuts
    the strings out with regular expressions, for speed) must always agree with."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


@settings(max_examples=400)
@given(st.text(alphabet='[]{}"\\a,:\n', max_size=60))
def test_nesting_depth_agrees_with_a_scan_of_every_character(text: str) -> None:
    assert saves.nesting_depth(text) == _depth_char_by_char(text)


def test_nesting_depth_ignores_brackets_in_strings() -> None:
    assert saves.nesting_depth('{"a": "[[[[\\"[[", "b": [[1]]}') == 3
    assert saves.nesting_depth(saves.dump_game(played(3, 10))) == 5  # document, history, position, board, row


@pytest.mark.parametrize("name", sorted(BAD_GAMES))
def test_save_invalid_game_is_rejected(name: str) -> None:
    with pytest.raises(saves.SaveError):
        saves.load_game(BAD_GAMES[name], chance.seeded(0))


def best_text(table: object, **change: object) -> str:
    data: dict[str, object] = {"format": "py2048-best", "version": 1, "best": table}
    data.update(change)
    return json.dumps(data)


GOOD_TABLE = {"4": 2048, "5": 400, "6": 64}

BAD_BEST_DOCUMENTS: dict[str, object] = {
    "not text": 42,
    "not json": "nope",
    "json list": "[1, 2, 3]",
    "too long": best_text(GOOD_TABLE) + " " * saves.MAX_TEXT,
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "deep nesting inside": best_text(GOOD_TABLE, x=json.loads("[" * 40 + "]" * 40)),
    "wrong format": best_text(GOOD_TABLE, format="py2048-game"),
    "unknown version": best_text(GOOD_TABLE, version=2),
    "version as text": best_text(GOOD_TABLE, version="1"),
    "extra field": best_text(GOOD_TABLE, x=1),
    "missing best": json.dumps({"format": "py2048-best", "version": 1}),
    "best a list": best_text([2048, 400, 64]),
    "best null": best_text(None),
    "best a number": best_text(2048),
}


@pytest.mark.parametrize("name", sorted(BAD_BEST_DOCUMENTS))
def test_save_invalid_best_document_is_rejected_whole(name: str) -> None:
    with pytest.raises(saves.SaveError):
        saves.read_best(BAD_BEST_DOCUMENTS[name])
    with pytest.raises(saves.SaveError):
        saves.load_best(BAD_BEST_DOCUMENTS[name])


# One bad entry each: (size it replaces, value). Every other size must survive.
BAD_BEST_ENTRIES: dict[str, tuple[int, object]] = {
    "negative": (5, -4),
    "text": (4, "100"),
    "markup": (4, "<img src=x onerror=alert(1)>"),
    "float": (6, 64.0),
    "bool": (4, True),
    "null": (5, None),
    "list": (6, [64]),
    "object": (4, {"4": 4}),
    "not a multiple of 4": (4, 6),
    "two": (5, 2),
    "3 on 5x5": (5, 3),
    "above the bound": (4, saves.max_score(4) + 4),
    "bound of 6x6 on 4x4": (4, saves.max_score(6)),
    "2**60": (5, 1 << 60),
    "2**200": (6, 1 << 200),
}


@pytest.mark.parametrize("name", sorted(BAD_BEST_ENTRIES))
def test_a_bad_best_entry_is_set_aside_alone(name: str) -> None:
    size, value = BAD_BEST_ENTRIES[name]
    table: dict[str, object] = {**GOOD_TABLE, str(size): value}
    found = saves.read_best(best_text(table))
    expected = {int(k): v for k, v in GOOD_TABLE.items() if int(k) != size}
    assert found.scores == expected and found.rejected_sizes == (size,)
    assert found.unknown_keys == 0 and not found.complete
    assert saves.load_best(best_text(table)) == expected


@pytest.mark.parametrize("key", ["7", "3", "04", " 4", "4.0", "four", "", "__proto__"])
def test_a_best_entry_under_an_unknown_key_is_set_aside_alone(key: str) -> None:
    found = saves.read_best(best_text({**GOOD_TABLE, key: 4}))
    assert found.scores == {4: 2048, 5: 400, 6: 64}
    assert found.rejected_sizes == () and found.unknown_keys == 1


def test_every_bad_entry_at_once_leaves_an_empty_table_not_an_error() -> None:
    found = saves.read_best(best_text({"4": -4, "5": 3, "6": "x", "9": 8}))
    assert found.scores == {} and found.rejected_sizes == (4, 5, 6) and found.unknown_keys == 1


def test_a_valid_best_document_is_complete_and_a_subset_is_fine() -> None:
    found = saves.read_best(best_text({"5": 0}))
    assert found.scores == {5: 0} and found.complete
    assert saves.read_best(best_text({})).scores == {}


# -- the largest best score accepted per size ------------------------------------------

def test_max_score_is_n4_times_the_largest_tile() -> None:
    assert {n: saves.max_score(n) for n in rules.SIZES} == {
        4: 33_554_432, 5: 41_943_040_000, 6: 178_120_883_699_712}
    for n in rules.SIZES:
        bound = saves.max_score(n)
        assert bound == n**4 * 2 ** (n * n + 1) and bound % 4 == 0
        assert bound <= saves.MAX_REVISION, "exact as a JavaScript number"
        assert saves.load_best(best_text({str(n): bound})) == {n: bound}
        assert saves.read_best(best_text({str(n): bound + 4})).rejected_sizes == (n,)


def test_max_score_is_the_score_of_the_fullest_board_a_game_save_may_hold() -> None:
    """The bound is reached, not just approached: a board full of the largest tile passes
    `load_game`, and its score is exactly the bound, so a best score that a loaded game
    can produce is never set aside on the next load."""
    for n in rules.SIZES:
        full = tuple(tuple([saves.max_value(n)] * n) for _ in range(n))
        session = Session(consistent(full), chance.seeded(1))
        assert session.position.score == saves.max_score(n)
        again = saves.load_game(saves.dump_game(session), chance.seeded(2))
        assert again.position == session.position
        engine = api.Engine(chance.seeded(3))
        reply = engine.start(saves.dump_game(session), None, None, n)
        assert reply["notice"] is None and reply["state"]["best"] == saves.max_score(n)
        assert saves.read_best(reply["best_save"]).complete


def staircase(n: int) -> int:
    """The all-twos score of one tile each of 4 .. 2**(n*n+1): the most real play nears."""
    return sum((k - 1) * 2**k for k in range(2, n * n + 2))


def test_the_tighter_staircase_sum_would_reject_a_score_a_game_save_may_hold() -> None:
    """Why the bound is not the staircase sum: boards `load_game` accepts score more."""
    for n in rules.SIZES:
        assert staircase(n) < saves.max_score(n)
        crowded = [[saves.max_value(n)] * n for _ in range(n)]
        moves = n * n * saves.max_value(n) // 2 - 2
        assert (saves.expected_score(tuple(map(tuple, crowded)), moves) or 0) > staircase(n)


@st.composite
def accepted_boards(draw: st.DrawFn) -> tuple[int, int, int]:
    """Any board and move count that `_position` accepts: (size, moves, its score)."""
    n = draw(st.sampled_from(rules.SIZES))
    top = n * n + 1
    exponents = draw(st.lists(st.one_of(st.just(0), st.integers(1, top)), min_size=n * n, max_size=n * n))
    values = [1 << e if e else 0 for e in exponents]
    values[0] = values[0] or 2
    values[1] = values[1] or 2
    rows = tuple(tuple(values[r * n:(r + 1) * n]) for r in range(n))
    total = sum(values)
    # spawns s of 2 or 4 with sum `total`: s runs from total/4 (all 4s) to total/2
    spawns = draw(st.integers(max(-(-total // 4), len([v for v in values if v])), total // 2))
    score = saves.expected_score(rows, spawns - 2)
    assert score is not None
    return n, spawns - 2, score


@settings(max_examples=200, deadline=None)
@given(accepted_boards())
def test_law_no_board_a_save_may_hold_scores_above_the_bound(case: tuple[int, int, int]) -> None:
    n, _, score = case
    assert 0 <= score <= saves.max_score(n)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(rules.SIZES))
def test_law_played_games_stay_under_the_staircase_and_the_bound(seed: int, size: int) -> None:
    session = played(seed, 400, size)
    assert session.position.score <= staircase(size) <= saves.max_score(size)


def test_expected_score_counts_fours_exactly() -> None:
    # a start: a 2 and a 4 spawned, nothing merged
    assert saves.expected_score(board("2 . . ./. . . ./. . . ./. . . 4"), 0) == 0
    # 2+2 merged into a 4 (4 points), then a 2 spawned
    assert saves.expected_score(board("4 . . ./. . . ./. . . ./. . . 2"), 1) == 4
    # the same tiles cannot come from two moves: that needs four spawns summing to 6
    assert saves.expected_score(board("4 . . ./. . . ./. . . ./. . . 2"), 2) is None


GAMES = {"none": None, "valid": "valid", "bad": "{broken"}
BESTS: dict[str, str | None] = {
    "none": None,
    "valid": best_text({"4": 2048, "5": 400}),
    "partly bad": best_text({"4": 2048, "5": 3, "6": -8}),
    "unknown key": best_text({"4": 2048, "5": 400, "9": 4}),
    "whole bad": "garbage",
}


@pytest.mark.parametrize("game_kind", sorted(GAMES))
@pytest.mark.parametrize("best_kind", sorted(BESTS))
def test_engine_start_notice_says_exactly_what_was_set_aside(game_kind: str, best_kind: str) -> None:
    session = played(9, 40)
    game_text = saves.dump_game(session) if game_kind == "valid" else GAMES[game_kind]
    reply = api.Engine(chance.seeded(1)).start(game_text, BESTS[best_kind])
    game_bad = game_kind == "bad"
    best_bad = best_kind in ("partly bad", "unknown key", "whole bad")
    assert reply["notice"] == {
        (False, False): None, (True, False): "game-invalid",
        (False, True): "best-invalid", (True, True): "game-and-best-invalid"}[game_bad, best_bad]
    assert reply["set_aside"] == {
        "game": game_bad,
        "best_sizes": [5, 6] if best_kind == "partly bad" else [],
        "best_unknown_keys": 1 if best_kind == "unknown key" else 0,
        "best_document": best_kind == "whole bad",
        "stats_sizes": [],
        "stats_document": False,
        "stats_daily": False,
    }
    best_before = 0 if best_kind in ("none", "whole bad") else 2048
    if game_kind == "valid":  # resumed, whatever became of the best scores
        assert reply["state"]["board"] == [list(r) for r in session.position.board]
        assert reply["state"]["best"] == max(best_before, session.position.score)
        assert not reply["game_changed"], "the stored game is not written back"
    else:  # a fresh game, which must be stored
        assert reply["state"]["moves"] == 0 and len(reply["spawns"]) == 2
        assert reply["state"]["best"] == best_before and reply["game_changed"]
    assert reply["kind"] == "start" and reply["changed"]
    best = saves.read_best(reply["best_save"])
    assert best.complete and best.scores[4] >= best_before
    if best_kind in ("valid", "unknown key"):
        assert best.scores[5] == 400


def test_only_a_start_sets_aside() -> None:
    engine = api.Engine(chance.seeded(1))
    engine.start("{broken", "garbage")
    for reply in (engine.move("left"), engine.undo(), engine.set_clock(5), engine.new_game(),
                  engine.merge_best("garbage"), engine.follow("{broken")):
        assert reply["notice"] is None
        assert reply["set_aside"] == {"game": False, "best_sizes": [], "best_unknown_keys": 0,
                                      "best_document": False, "stats_sizes": [], "stats_document": False,
                                      "stats_daily": False}


def test_engine_start_resumes_a_valid_save_without_notice() -> None:
    session = played(11, 25, size=6)
    engine = api.Engine(chance.seeded(1))
    reply = engine.start(saves.dump_game(session), saves.dump_best({6: 99_996}), None, 6)
    assert reply["notice"] is None and reply["state"]["size"] == 6
    assert reply["state"]["best"] == 99_996 and reply["state"]["moves"] == session.position.moves


def test_save_of_a_huge_legal_6x6_game_round_trips() -> None:
    huge = board(". . . . . ./. . . . . ./. . . . . ./. . . . . ./. . . . . 2/. . . . . " + str(1 << 36))
    session = Session(consistent(huge), chance.seeded(1))
    loaded = saves.load_game(saves.dump_game(session), chance.seeded(2))
    assert loaded.position == session.position
    assert saves.load_best(saves.dump_best({6: session.position.score}))[6] == session.position.score
