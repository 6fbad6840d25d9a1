"""Revisions of the saved game: what raises them, how version 1 reads, and `follow`.

Two tabs share one stored game; the revision is how a tab tells a newer stored game
from an older one, so it must rise exactly when the game document changes and never
otherwise (a best-score merge, a move that did nothing).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game import api, chance, rules, saves, session
from game.session import Session
from tests.unit.boards import board, consistent

LOOK_BOARD = "2 2 4 ./. . . ./. . . ./. . . 8"  # every direction changes it


def engine_at(text: str, seed: int = 1, lookahead: bool = False, revision: int = 0) -> api.Engine:
    engine = api.Engine(chance.seeded(seed), lookahead=lookahead)
    engine.session = Session(consistent(board(text)), chance.seeded(seed), revision=revision,
                             game_id=session.identity(4, revision, (), None))
    return engine


def revision_of(reply: api.Reply) -> int:
    saved = json.loads(reply["save"])["revision"]
    assert saved == reply["state"]["revision"]
    return int(saved)


def test_a_fresh_start_is_revision_0_in_state_and_document() -> None:
    reply = api.Engine(chance.seeded(1)).start(None, None)
    assert revision_of(reply) == 0 and reply["game_changed"]
    assert json.loads(reply["save"])["version"] == saves.GAME_VERSION


def test_each_kind_of_change_raises_the_revision_by_one() -> None:
    engine = engine_at("1024 1024 . ./2 . . ./. . . ./. . . .", revision=7)
    steps: list[tuple[str, Callable[[], api.Reply]]] = [
        ("move", lambda: engine.move("left")),  # wins: 2048
        ("continue", engine.keep_playing),
        ("clock", lambda: engine.set_clock(9000)),
        ("move", lambda: engine.move("down")),
        ("undo", engine.undo),
        ("new", engine.new_game),
    ]
    for number, (kind, step) in enumerate(steps, start=8):
        reply = step()
        assert reply["kind"] == kind and reply["changed"] and reply["game_changed"]
        assert revision_of(reply) == number, kind
    assert revision_of(engine.new_game(6)) == 14, "a new game continues the count"


def test_calls_that_change_no_game_keep_the_revision() -> None:
    engine = engine_at("2 4 . ./. . . ./. . . ./. . . .", revision=3)
    before = engine.set_clock(100)
    assert revision_of(before) == 4
    for reply in (
        engine.move("left", 100),  # nothing moves, the clock is the same
        engine.move("left"),
        engine.undo(100),  # no history
        engine.keep_playing(100),  # no win
        engine.set_clock(100),
        engine.merge_best(saves.dump_best({4: 4000, 6: 8})),  # changes the best only
        engine.merge_best("garbage"),
    ):
        assert not reply["game_changed"] and revision_of(reply) == 4, reply["kind"]
        assert reply["save"] == before["save"]
    assert engine.state()["best"] == 4000


def test_a_best_merge_says_the_game_did_not_change() -> None:
    engine = engine_at(LOOK_BOARD, revision=2)
    reply = engine.merge_best(saves.dump_best({4: 4000}))
    assert reply["kind"] == "best" and reply["changed"] and not reply["game_changed"]
    assert revision_of(reply) == 2


def test_a_move_that_does_nothing_but_carries_a_new_clock_is_a_change() -> None:
    """The document then differs (its clock), so it is a new revision: no two different
    documents this engine writes share a revision unless `take` refreshed a clock."""
    engine = engine_at("2 4 . ./. . . ./. . . ./. . . .")
    reply = engine.move("left", 5000)
    assert not reply["changed"] and reply["game_changed"] and revision_of(reply) == 1


# -- version 1 and the document --------------------------------------------------------

def version_1(session: Session) -> str:
    data = json.loads(saves.dump_game(session))
    del data["revision"], data["counted"], data["daily"], data["practice"], data["record"], data["game"]
    data["version"] = 1
    return json.dumps(data)


def test_a_version_1_game_reads_as_revision_0_and_is_written_as_the_current_version() -> None:
    engine = engine_at(LOOK_BOARD)
    engine.move("left")
    text = version_1(engine.session)
    loaded = saves.load_game(text, chance.seeded(2))
    assert loaded.revision == 0 and loaded.position == engine.session.position
    resumed = api.Engine(chance.seeded(3))
    reply = resumed.start(text, None)
    assert reply["notice"] is None and not reply["game_changed"] and revision_of(reply) == 0
    assert json.loads(reply["save"])["version"] == saves.GAME_VERSION
    moved = resumed.move(rules.legal_directions(loaded.position.board)[0])
    assert moved["game_changed"] and revision_of(moved) == 1


def test_a_version_2_game_round_trips_its_revision() -> None:
    for revision in (0, 1, 12_345, saves.MAX_REVISION):
        game = Session(consistent(board(LOOK_BOARD)), chance.seeded(1), revision=revision,
                       game_id=session.identity(4, revision, (), None))
        loaded = saves.load_game(saves.dump_game(game), chance.seeded(2))
        assert loaded.revision == revision
        assert saves.dump_game(loaded) == saves.dump_game(game)
        reply = api.Engine(chance.seeded(3)).start(saves.dump_game(game), None)
        assert revision_of(reply) == revision


def test_the_revision_stops_at_the_largest_exact_javascript_integer() -> None:
    engine = engine_at(LOOK_BOARD, revision=saves.MAX_REVISION - 1)
    assert revision_of(engine.move("left")) == saves.MAX_REVISION
    reply = engine.undo()
    assert reply["game_changed"] and revision_of(reply) == saves.MAX_REVISION
    assert saves.load_game(reply["save"], chance.seeded(1)).revision == saves.MAX_REVISION


# -- lookahead ------------------------------------------------------------------------

def test_each_candidate_carries_the_revision_it_has_when_taken() -> None:
    engine = engine_at("2 4 . ./. . . ./. . . 8/. . . .", lookahead=True, revision=5)
    reply = engine.set_clock(1000)
    assert revision_of(reply) == 6
    for direction, text in reply["ahead"].items():
        candidate = json.loads(text)
        assert revision_of(candidate) == (7 if candidate["changed"] else 6), direction
        assert candidate["game_changed"] == candidate["changed"]


def test_take_answers_with_exactly_the_document_the_page_stored() -> None:
    engine = engine_at(LOOK_BOARD, lookahead=True)
    reply = engine.set_clock(1000)
    chosen = json.loads(reply["ahead"]["left"])
    taken = engine.take("left", 1000)
    assert taken["kind"] == "taken" and taken["game_changed"]
    assert taken["save"] == chosen["save"] and revision_of(taken) == 2


def test_take_with_a_newer_clock_keeps_the_candidates_revision() -> None:
    engine = engine_at(LOOK_BOARD, lookahead=True)
    chosen = json.loads(engine.set_clock(1000)["ahead"]["up"])
    taken = engine.take("up", 2500)
    mine, theirs = json.loads(taken["save"]), json.loads(chosen["save"])
    assert mine["revision"] == theirs["revision"] == 2
    assert mine.pop("clock_ms") == 2500 and theirs.pop("clock_ms") == 1000
    assert mine == theirs


def test_taking_a_candidate_that_did_nothing_with_a_new_clock_is_one_change() -> None:
    engine = engine_at("2 4 . ./. . . ./. . . ./. . . .", lookahead=True)
    engine.set_clock(1000)
    taken = engine.take("left", 3000)
    assert not taken["changed"] and taken["game_changed"] and revision_of(taken) == 2
    again = engine.take("left", 3000)
    assert not again["game_changed"] and revision_of(again) == 2


# -- follow: another tab's newer game -------------------------------------------------

def other_tab_game(revision: int, text: str = "4 8 16 ./2 . . ./. . . 2/. . . .") -> Session:
    return Session(consistent(board(text)), chance.seeded(9), revision=revision,
                   game_id=session.identity(4, 1000 + revision, (), None))


def test_follow_adopts_a_newer_game_without_writing_it_back() -> None:
    engine = engine_at(LOOK_BOARD, lookahead=True, revision=4)
    other = other_tab_game(5)
    reply = engine.follow(saves.dump_game(other))
    assert reply["kind"] == "follow" and reply["changed"] and not reply["game_changed"]
    assert not reply["dropped"], "a newer game of another tab drops nothing shown here"
    assert reply["state"]["board"] == [list(r) for r in other.position.board]
    assert revision_of(reply) == 5 and reply["save"] == saves.dump_game(other)
    assert set(reply["ahead"]) == set(rules.DIRECTIONS), "a lookahead for the adopted game"
    taken = engine.take("left")
    assert taken["kind"] == "taken" and revision_of(taken) == 6


def test_follow_ignores_an_older_or_identical_game() -> None:
    engine = engine_at(LOOK_BOARD, lookahead=True, revision=5)
    before = engine.state()
    for revision in (0, 4):
        reply = engine.follow(saves.dump_game(other_tab_game(revision)))
        assert reply["kind"] == "follow" and not reply["changed"] and not reply["game_changed"]
        assert reply["state"] == before
    same = engine.follow(saves.dump_game(engine.session))
    assert not same["changed"] and same["state"] == before


def test_follow_takes_another_game_of_the_same_revision() -> None:
    """Two tabs that moved from the same game at once both reach revision 6; storage
    kept the first write, and the other tab takes it (no back and forth)."""
    engine = engine_at(LOOK_BOARD, lookahead=True, revision=6)
    other = other_tab_game(6)
    reply = engine.follow(saves.dump_game(other))
    assert reply["changed"] and not reply["game_changed"]
    assert reply["save"] == saves.dump_game(other)
    assert reply["dropped"], "the game shown here is gone: the page says so"
    again = engine.follow(saves.dump_game(other))
    assert not again["changed"], "the same game twice is no change"


def test_follow_ignores_an_invalid_game() -> None:
    engine = engine_at(LOOK_BOARD, revision=0)
    before = engine.state()
    newer = json.loads(saves.dump_game(other_tab_game(9)))
    for bad in ("", "{broken", "null", json.dumps({**newer, "score": newer["score"] + 4}),
                json.dumps({**newer, "revision": -1}), saves.dump_best({4: 8})):
        reply = engine.follow(bad)
        assert not reply["changed"] and not reply["game_changed"] and reply["state"] == before


def test_follow_keeps_the_higher_best_of_each_size() -> None:
    engine = engine_at(LOOK_BOARD)
    engine.merge_best(saves.dump_best({4: 8, 5: 4000}))
    high = other_tab_game(3, "1024 512 256 128/64 32 16 8/4 2 . ./. . . .")
    reply = engine.follow(saves.dump_game(high))
    assert reply["state"]["best"] == high.position.score > 8, "the other game's score counts"
    assert saves.load_best(reply["best_save"]) == {4: high.position.score, 5: 4000, 6: 0}
    engine.merge_best(saves.dump_best({4: 1_000_000}))
    reply = engine.follow(saves.dump_game(other_tab_game(4)))
    assert reply["changed"] and reply["state"]["best"] == 1_000_000


# -- the law ------------------------------------------------------------------------------

ACTIONS = ("move", "take", "undo", "clock", "keep", "best", "new")


def act(engine: api.Engine, action: str, direction: str, clock: int) -> api.Reply:
    if action == "move":
        return engine.move(direction, clock)
    if action == "take":
        return engine.take(direction, clock)
    if action == "undo":
        return engine.undo(clock)
    if action == "clock":
        return engine.set_clock(clock)
    if action == "keep":
        return engine.keep_playing(clock)
    if action == "best":
        return engine.merge_best(saves.dump_best({4: clock * 4}))
    return engine.new_game()


def counted(reply: api.Reply) -> bool:
    return bool(json.loads(reply["save"])["counted"])


def without_revision(save: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(save)
    del data["revision"]
    return data


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.booleans(),
    st.lists(
        st.tuples(st.sampled_from(ACTIONS), st.sampled_from(rules.DIRECTIONS), st.sampled_from([0, 1, 2])),
        max_size=30,
    ),
)
def test_law_the_revision_rises_by_one_exactly_when_the_game_changed(
        seed: int, lookahead: bool, script: list[tuple[str, str, int]]) -> None:
    engine = api.Engine(chance.seeded(seed), lookahead=lookahead)
    last = engine.start(None, None, None, 4, 5)
    for action, direction, clock in script:
        reply = act(engine, action, direction, clock)
        rose = revision_of(reply) - revision_of(last)
        # taking a candidate that ended the game: the page stored the candidate (one
        # revision up), and counting the game made one more document
        counted_on_take = reply["kind"] == "taken" and counted(reply) and not counted(last)
        expected = 0 if not reply["game_changed"] else 2 if counted_on_take else 1
        assert rose == expected, (action, reply["kind"])
        if reply["game_changed"]:
            assert reply["save"] != last["save"]
        else:
            assert reply["save"] == last["save"]
        if reply["kind"] in ("move", "taken", "undo", "continue", "clock") and reply["changed"]:
            assert reply["game_changed"]
        if action == "new":
            assert rose == 1, "a new game continues the count"
        else:
            assert (without_revision(reply["save"]) != without_revision(last["save"])) == (rose >= 1)
        last = reply


def test_follow_takes_a_game_of_the_same_revision_whose_clock_alone_differs() -> None:
    """The rule the page follows too (game/other_tabs.py `newer`): another document of
    the same revision is taken, even when only its clock differs."""
    engine = engine_at(LOOK_BOARD, lookahead=True, revision=6)
    other = engine.session.copy()
    other.set_clock(engine.session.clock_ms + 1000)
    reply = engine.follow(saves.dump_game(other))
    assert reply["changed"] and reply["state"]["clock_ms"] == other.clock_ms
    assert not engine.follow(saves.dump_game(other))["changed"]
