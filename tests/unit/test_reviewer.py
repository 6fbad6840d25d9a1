"""The review calls (game/reviewer.py) and the stored reviews (game/stored_reviews.py).

A review is made a slice at a time and never changes the game it reviews; a finished
one is kept under its game's key, within the caps, oldest dropped first; a kept text
that is damaged or hostile is as if nothing were kept, and never raises.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import api, chance, rules, saves, stored_reviews
from game.codes import Codes
from game.review import BUDGET, GRADING
from game.reviewer import MAX_STEP, Reviewer

SMALL = 200  # positions per position: these tests check the calls, not the grades


def entry(number: int, moves: int = 3) -> dict[str, Any]:
    """A valid kept review, its key made from `number`."""
    return {"key": f"{number:064x}", "grading": GRADING, "budget": BUDGET, "size": 4,
            "grades": "bgx"[:moves] + "b" * max(0, moves - 3), "accuracy": 71.5,
            "values": [100] * (moves + 1),
            "played": ("lru" + "l" * moves)[:moves], "better": (".ll" + "." * moves)[:moves],
            "turning": [{"move": 3, "played": "up", "better": "left", "grade": "x", "loss": 7.25,
                         "why": [{"code": "corner", "tile": 64},
                                 {"code": "empty", "better": 4, "played": 2}]}]}


def engine_playing(moves: int = 12, seed: int = 7) -> tuple[api.Engine, Reviewer]:
    engine = api.Engine(chance.seeded(seed), lookahead=True)
    engine.start(None, None)
    for direction in ("left", "up", "right", "down") * moves:
        if engine.session.position.moves >= moves:
            break
        engine.move(direction)
    return engine, Reviewer(Codes(engine), SMALL)


def finish(reviewer: Reviewer, slice_size: int = 5) -> dict[str, Any]:
    for _ in range(10_000):
        reply = reviewer.review_step(slice_size)
        if reply["done"]:
            return reply
    raise AssertionError("the review never finished")


def test_a_review_does_not_change_the_game() -> None:
    engine, reviewer = engine_playing()
    before = (json.dumps(engine.state()), saves.dump_game(engine.session), engine.session.record)
    started = reviewer.review_start("game", "")
    assert started["ok"] and started["moves"] == engine.session.position.moves and not started["done"]
    finished = finish(reviewer)
    assert finished["done"] and finished["progress"] == 100
    assert (json.dumps(engine.state()), saves.dump_game(engine.session), engine.session.record) == before


def test_playing_on_meanwhile_does_not_change_the_review() -> None:
    """The review has its own copy of the record: moves made between its slices are not in it."""
    engine, reviewer = engine_playing()
    alone = Reviewer(Codes(engine), SMALL)
    started = reviewer.review_start("game", "")
    expected = finish(alone) if alone.review_start("game", "")["ok"] else {}
    reviewer.review_step(3)
    engine.move("left")
    engine.move("up")
    finished = finish(reviewer)
    assert finished["total"] == started["total"] and finished["grades"] == expected["grades"]
    assert finished["values"] == expected["values"] and finished["turning"] == expected["turning"]


def test_the_steps_report_progress_and_the_end_carries_the_whole_review() -> None:
    _, reviewer = engine_playing(moves=10)
    started = reviewer.review_start("game", "")
    assert (started["kind"], started["at"], started["total"], started["progress"]) == ("review", 0, 11, 0)
    assert started["title"] == {"date": "", "size": 4} and not started["kept"]
    step = reviewer.review_step(4)
    assert (step["kind"], step["at"], step["progress"], step["done"]) == ("review_step", 4, 36, False)
    assert len(step["grades"]) == 4 and len(step["values"]) == 4 and "accuracy" not in step
    last = finish(reviewer, 100)
    assert last["at"] == last["total"] == 11 and len(last["grades"]) == 10 and len(last["values"]) == 11
    assert {"accuracy", "turning", "kept_save"} <= set(last)
    assert json.loads(json.dumps(last)) == last
    stored = stored_reviews.read(last["kept_save"])
    assert [k["key"] for k in stored] == [started["key"]] and stored[0]["grades"] == last["grades"]
    assert reviewer.review_step(1)["ok"] is False, "a finished review is over"


def test_asking_again_for_the_review_under_way_goes_on_where_it_was() -> None:
    engine, reviewer = engine_playing(moves=9)
    reviewer.review_start("game", "")
    reviewer.review_step(4)
    again = reviewer.review_start("game", "")
    assert again["at"] == 4 and len(again["grades"]) == 4 and not again["done"]
    alone = Reviewer(Codes(engine), SMALL)
    alone.review_start("game", "")
    assert finish(reviewer)["grades"] == finish(alone)["grades"]
    assert reviewer.review_start("game", "")["done"], "finished: kept, answered at once"
    engine.move(rules.legal_directions(engine.session.position.board)[0])  # the game went on: another record
    restarted = reviewer.review_start("game", "")
    assert restarted["at"] == 0 and restarted["moves"] == 10


def test_a_stored_review_is_answered_at_once() -> None:
    engine, reviewer = engine_playing(moves=8)
    started = reviewer.review_start("game", "")
    last = finish(reviewer, 100)
    again = reviewer.review_start("game", last["kept_save"])
    assert again["kept"] and again["done"] and again["key"] == started["key"]
    assert (again["grades"], again["values"], again["accuracy"], again["turning"]) == (
        last["grades"], last["values"], last["accuracy"], last["turning"])
    assert again["kept"] is True and again["played"] == last["played"]
    assert again["keeps"] == last["keeps"] and len(last["keeps"]) == len(last["grades"])
    assert again["kept_save"] == "" and reviewer.review is None
    other = Reviewer(Codes(engine), SMALL + 1)  # another budget: a review made otherwise is made again
    assert not other.review_start("game", last["kept_save"])["kept"]


def test_a_kept_review_names_what_each_better_move_kept_as_the_one_made_now() -> None:
    """The move list reads the same from a review made now and one read back from storage
    (`kept` is not stored: it is made again from the record)."""
    engine, reviewer = engine_playing(moves=14, seed=3)
    reviewer.review_start("game", "")
    made = finish(reviewer, 100)
    again = Reviewer(Codes(engine), SMALL).review_start("game", made["kept_save"])
    assert again["kept"] is True
    letters = made["keeps"]
    assert set(letters) <= set(".cemaf")
    assert [k in ".f" for k in letters] == [b == "." for b in made["better"]]
    assert Reviewer(Codes(engine), SMALL).review_start("game", made["kept_save"])["grades"] == made["grades"]
    assert again["keeps"] == letters


def test_a_retried_move_is_graded_as_the_review_graded_it() -> None:
    """Retry your mistakes: the move played at a position, tried again there, gets the
    review's own grade; the best move passes; a move that moves nothing is no answer."""
    _, reviewer = engine_playing(moves=16, seed=5)
    reviewer.review_start("game", "")
    made = finish(reviewer, 100)
    codes = reviewer.codes
    for move in (1, 6, 12):
        codes.watch("game", move - 1)
        played = {"l": "left", "r": "right", "u": "up", "d": "down"}[made["played"][move - 1]]
        answer = reviewer.review_try(played)
        assert answer["ok"] and answer["legal"] and answer["move"] == move
        assert answer["grade"] == made["grades"][move - 1]
        assert answer["right"] == (answer["grade"] in "bg")
        best = reviewer.review_try(answer["better"])
        assert best["grade"] == "b" and best["right"] and best["why"] == []
        if not answer["right"]:
            assert answer["why"] and answer["better"] != played
    board = codes.watching.session.position.board if codes.watching else None
    stuck = [d for d in rules.DIRECTIONS if board is not None and rules.slide(board, d)[0] == board]
    for direction in stuck:
        assert reviewer.review_try(direction)["legal"] is False
    codes.practice()
    assert reviewer.review_try("left")["ok"] is False, "a practice is no position of the record"


def test_the_step_is_bounded_and_cancel_drops_the_review() -> None:
    _, reviewer = engine_playing(moves=4)
    assert reviewer.review_step(3) == {"kind": "review_step", "ok": False, "reason": "empty", "detail": {}}
    reviewer.review_start("game", "")
    assert reviewer.review_step(-5)["at"] == 1, "at least one position"
    assert reviewer.review_cancel() == {"kind": "review_cancel", "ok": True, "cancelled": True}
    assert reviewer.review_cancel()["cancelled"] is False
    assert reviewer.review_step(1)["ok"] is False
    assert MAX_STEP >= 1


def test_a_game_the_engine_cannot_reach_is_refused_with_a_reason() -> None:
    engine, reviewer = engine_playing(moves=4)
    refused = {"kind": "review", "ok": False, "reason": "empty", "detail": {}}
    assert reviewer.review_start("verified", "") == refused
    assert reviewer.review_start("daily:2026-11-30", "")["reason"] == "empty"
    engine.session.record = str(engine.session.record)[:-2] + "AA"  # the last spawn moved: altered
    refused = reviewer.review_start("game", "")
    assert refused["ok"] is False and refused["reason"] == "record_damaged"


def test_a_verified_code_can_be_reviewed() -> None:
    engine = api.Engine(chance.seeded(3), lookahead=True, wall=lambda: 1_764_590_400_000)
    engine.start(None, None, None, 4, 1, True)
    for direction in ("left", "up", "right", "down") * 2:
        engine.move(direction)
    codes = Codes(engine)
    assert codes.verify(api.result_code(engine.session) or "")["ok"]
    reviewer = Reviewer(codes, SMALL)
    started = reviewer.review_start("verified", "")
    assert started["ok"] and started["title"]["date"] == "2025-12-01" and started["moves"] == 8


def test_the_keeping_cap_drops_the_oldest() -> None:
    stored: list[dict[str, Any]] = []
    for number in range(stored_reviews.MAX_REVIEWS + 3):
        stored = stored_reviews.add(stored, entry(number))
    assert [int(k["key"], 16) for k in stored] == list(range(3, stored_reviews.MAX_REVIEWS + 3))
    stored = stored_reviews.add(stored, entry(5))  # reviewed again: the newest now
    assert int(stored[-1]["key"], 16) == 5 and len(stored) == stored_reviews.MAX_REVIEWS
    assert [k["key"] for k in stored_reviews.read(stored_reviews.dump(stored))] == [k["key"] for k in stored]


def test_the_size_cap_drops_the_oldest_and_never_keeps_a_review_too_big() -> None:
    big = stored_reviews.MAX_TEXT // 20  # moves: about a third of the cap with their values and letters
    stored: list[dict[str, Any]] = []
    for number in range(8):
        stored = stored_reviews.add(stored, entry(number, big))
        assert len(stored_reviews.dump(stored)) <= stored_reviews.MAX_TEXT
    numbers = [int(k["key"], 16) for k in stored]
    assert numbers == list(range(8 - len(numbers), 8)) and 2 <= len(numbers) < 8
    assert stored_reviews.add(stored, entry(99, stored_reviews.MAX_TEXT)) == [], "too big alone: nothing fits"
    assert stored_reviews.read(stored_reviews.dump(stored)) == stored


HOSTILE = [
    "", "null", "[]", "{}", "{", "\u0000", "NaN", '"text"', "[" * 100_000 + "]" * 100_000,
    f'{{"format": "py2048-reviews", "version": {stored_reviews.VERSION + 1}, "reviews": []}}',
    '{"format": "py2048-reviews", "version": true, "reviews": []}',
    f'{{"format": "py2048-reviews", "version": {stored_reviews.VERSION}, "reviews": {{}}}}',
    f'{{"format": "py2048-reviews", "version": {stored_reviews.VERSION}, "reviews": [], "more": 1}}',
    f'{{"format": "py2048-game", "version": {stored_reviews.VERSION}, "reviews": []}}',
    f'{{"format": "py2048-reviews", "version": {stored_reviews.VERSION}, "reviews": [NaN]}}',
    # version 1, before each move's letters: graded by rules no longer in use
    stored_reviews.dump([entry(1)]).replace(f'"version":{stored_reviews.VERSION}', '"version":1'),
    " " * (stored_reviews.MAX_TEXT + 1),
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_hostile_stored_text_is_as_if_nothing_were_stored(text: str) -> None:
    assert stored_reviews.read(text) == []
    _, reviewer = engine_playing(moves=3)
    started = reviewer.review_start("game", text)
    assert started["ok"] and not started["kept"]


BROKEN: list[tuple[str, object]] = [
    ("key", "A" * 64), ("key", "0" * 63), ("key", 5), ("grading", True), ("budget", 0), ("budget", 2.0),
    ("size", 7), ("size", True), ("grades", "bgz"), ("grades", ["b"]), ("accuracy", 100.5),
    ("accuracy", -0.5), ("accuracy", "99"), ("values", [100, 100, 100]), ("values", [100, 101, 0, 0]),
    ("values", [100, True, 0, 0]), ("turning", [{}]), ("turning", {}),
    ("turning", [entry(0)["turning"][0]] * 4),
    # each move's letters (version 2): as long as the grades, directions, "." exactly where best
    ("played", "lr"), ("played", "lrx"), ("played", ["l", "r", "u"]), ("better", ".l"), ("better", "lll"),
    ("better", "..l"), ("better", ".rl"), ("better", ".l."),
]


@pytest.mark.parametrize("field, value", BROKEN)
def test_a_broken_entry_is_dropped_alone(field: str, value: object) -> None:
    broken = entry(1) | {field: value}
    text = stored_reviews.dump([entry(0), broken, entry(2)])
    assert [int(k["key"], 16) for k in stored_reviews.read(text)] == [0, 2]


@pytest.mark.parametrize("turning", [
    {"move": 4}, {"played": "north"}, {"grade": "b"}, {"loss": -1}, {"why": []},
    {"why": [{"code": "corner"}]}, {"why": [{"code": "corner", "tile": 64, "extra": 1}]},
    {"why": [{"code": "luck", "tile": 2}]}, {"why": [{"code": "empty", "better": 1.5, "played": 0}]},
])
def test_a_broken_turning_point_drops_its_entry(turning: dict[str, object]) -> None:
    point = entry(1)["turning"][0] | turning
    assert not stored_reviews.valid(entry(1) | {"turning": [point]})
    assert stored_reviews.valid(entry(1))


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.text(max_size=300), st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=70),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=9),
    max_leaves=30).map(lambda data: json.dumps(
        {"format": "py2048-reviews", "version": stored_reviews.VERSION, "reviews": [data, entry(9)]}))))
def test_no_stored_text_makes_reading_raise(text: str) -> None:
    stored = stored_reviews.read(text)
    assert all(stored_reviews.valid(k) for k in stored)


def test_reviews_stored_in_two_tabs_merge_by_game() -> None:
    """Rule (docs/save-format.md, the stored reviews): another tab's stored reviews and this
    tab's merge like every other document: theirs, then each of this tab's they do not
    hold, as the newest; a game both hold keeps theirs; the caps drop the oldest first."""
    theirs = [entry(1), entry(2), entry(3)]
    ours = [entry(2), entry(4)]
    merged = stored_reviews.merge(ours, theirs)
    assert [e["key"] for e in merged] == [entry(n)["key"] for n in (1, 2, 3, 4)]
    assert stored_reviews.merge([], theirs) == theirs and stored_reviews.merge(ours, []) == ours
    many = [entry(n) for n in range(100, 100 + stored_reviews.MAX_REVIEWS)]
    merged = stored_reviews.merge([entry(5), entry(6)], many)
    assert len(merged) == stored_reviews.MAX_REVIEWS
    assert [e["key"] for e in merged[-2:]] == [entry(5)["key"], entry(6)["key"]]
    assert merged[0]["key"] == entry(102)["key"], "the oldest of theirs went first"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 30), max_size=25), st.lists(st.integers(0, 30), max_size=25))
def test_merging_stored_reviews_loses_no_game_but_to_the_caps(own: list[int], other: list[int]) -> None:
    """Law: every game of either list is in the merge unless the cap dropped it, and a
    game is dropped only if every game kept after it in the merge is newer; no game twice."""
    ours = stored_reviews.read(stored_reviews.dump([entry(n) for n in own]))
    theirs = stored_reviews.read(stored_reviews.dump([entry(n) for n in other]))
    merged = stored_reviews.merge(ours, theirs)
    keys = [e["key"] for e in merged]
    assert len(keys) == len(set(keys)) <= stored_reviews.MAX_REVIEWS
    held = {t["key"] for t in theirs}
    wanted = [e["key"] for e in theirs] + [e["key"] for e in ours if e["key"] not in held]
    assert keys == wanted[-len(keys):] if keys else not wanted


def test_a_finished_review_merged_with_another_tabs_keeps_both() -> None:
    """The reported loss: two tabs each finish a review; each wrote the list it had read
    at its start, and storage kept one. Now the second merges the first's in."""
    _, reviewer = engine_playing()
    reviewer.review_start("game", "")
    mine = json.loads(finish(reviewer)["kept_save"])["reviews"]
    stored = stored_reviews.dump([entry(9)])
    merged = json.loads(reviewer.merge_reviews(stored)["kept_save"])["reviews"]
    assert [e["key"] for e in merged] == [entry(9)["key"], mine[0]["key"]]
    assert reviewer.merge_reviews("damaged")["kept_save"] == stored_reviews.dump(reviewer.stored)


def test_a_practice_has_hint_and_undo_but_never_past_where_it_started() -> None:
    """Practice is practice: the solver's move is there for it, and Undo takes back its
    own moves, never the recorded ones before it (the review's position stays put)."""
    engine, reviewer = engine_playing(moves=10, seed=4)
    codes = reviewer.codes
    assert codes.practice_hint(5.0)["ok"] is False, "no practice yet"
    codes.watch("game", 6)
    start = codes.practice()["state"]
    assert start["moves"] == 6
    assert codes.practice_undo()["undone"] is False, "nothing of the practice's to take back"
    hint = codes.practice_hint(5.0)
    assert hint["ok"] and hint["direction"] in rules.DIRECTIONS
    for _ in range(3):
        codes.practice_move(str(codes.practice_hint(5.0)["direction"]))
    assert codes.watching is not None and codes.watching.session.position.moves == 9
    for _ in range(3):
        assert codes.practice_undo()["undone"] is True
    back = codes.practice_undo()
    assert back["undone"] is False and back["state"]["board"] == start["board"]
    assert engine.session.position.moves == 10, "the game in play is untouched"


def test_a_review_storage_refused_is_still_answered_at_once_in_this_tab() -> None:
    """A full storage gives the stored reviews up first (assets/storage.js): the review
    finished here is still kept in the engine, so Review again is instant until the page
    closes; what another tab stored is read as well."""
    _, reviewer = engine_playing(moves=8)
    reviewer.review_start("game", "")
    last = finish(reviewer, 100)
    again = reviewer.review_start("game", "")  # storage kept nothing
    assert again["kept"] and again["grades"] == last["grades"]
    other = stored_reviews.dump([entry(5)])
    reviewer.review_start("game", other)
    assert {r["key"] for r in reviewer.stored} == {last["key"], entry(5)["key"]}
