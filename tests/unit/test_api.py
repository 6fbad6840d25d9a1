"""The engine's plain-data interface: what a reply holds, so the UI need derive nothing."""

from __future__ import annotations

import json

from game import api, chance, rules, saves
from game.session import Session
from tests.unit.boards import board, consistent

REPLY_KEYS = {"kind", "changed", "game_changed", "direction", "points", "tiles", "spawn", "spawns",
              "notice", "set_aside", "state", "save", "best_save", "ahead",
              "stats_changed", "stats_save", "milestones", "unlocked"}
STATE_KEYS = {"size", "board", "score", "best", "moves", "won", "status", "can_undo",
              "undo_depth", "clock_ms", "max_tile", "revision"}


def engine_at(text: str, seed: int = 1, lookahead: bool = False) -> api.Engine:
    engine = api.Engine(chance.seeded(seed), lookahead=lookahead)
    engine.session = Session(consistent(board(text)), chance.seeded(seed))
    return engine


def test_reply_is_plain_json_data() -> None:
    engine = api.Engine(chance.seeded(2))
    reply = engine.start(None, None)
    assert set(reply) == REPLY_KEYS and set(reply["state"]) == STATE_KEYS
    assert json.loads(json.dumps(reply)) == reply


def test_move_reply_says_where_each_tile_came_from() -> None:
    engine = engine_at("2 2 4 ./. . . ./. . . ./. . . 8")
    reply = engine.move("left", 1500)
    assert reply["changed"] and reply["points"] == 4 and reply["direction"] == "left"
    tiles = {tuple(t["to"]): t for t in reply["tiles"]}
    assert tiles[(0, 0)] == {"from": [[0, 0], [0, 1]], "to": [0, 0], "value": 4, "merged": True}
    assert tiles[(0, 1)]["from"] == [[0, 2]] and not tiles[(0, 1)]["merged"]
    assert tiles[(3, 0)]["from"] == [[3, 3]]
    spawn = reply["spawn"]
    assert spawn["value"] in (2, 4)
    r, c = spawn["at"]
    assert reply["state"]["board"][r][c] == spawn["value"]
    assert reply["state"]["clock_ms"] == 1500
    assert json.loads(reply["save"])["clock_ms"] == 1500


def test_no_op_move_reply_changes_nothing() -> None:
    engine = engine_at("2 4 . ./. . . ./. . . ./. . . .")
    before = engine.state()
    reply = engine.move("left")
    assert not reply["changed"] and reply["tiles"] == [] and reply["spawn"] is None
    assert reply["state"] == before


def test_reply_save_documents_reload_to_the_same_state() -> None:
    engine = engine_at("2 2 4 ./. . . ./. . . ./. . . 8")
    reply = engine.move("left")
    other = api.Engine(chance.seeded(99))
    again = other.start(reply["save"], reply["best_save"])
    assert again["notice"] is None and again["state"] == reply["state"]


def test_win_then_keep_playing_through_the_interface() -> None:
    engine = engine_at("1024 1024 . ./2 . . ./. . . ./. . . .")
    reply = engine.move("left")
    assert reply["state"]["status"] == "won" and reply["state"]["won"]
    assert not engine.move("down")["changed"]
    reply = engine.keep_playing()
    assert reply["changed"] and reply["state"]["status"] == "playing" and reply["state"]["won"]


def test_undo_and_new_game_through_the_interface() -> None:
    engine = engine_at("2 2 4 ./. . . ./. . . ./. . . 8")
    start = engine.state()
    engine.move("left")
    reply = engine.undo()
    assert reply["changed"] and reply["state"]["board"] == start["board"]
    assert not engine.undo()["changed"]
    best = reply["state"]["best"]
    fresh = engine.new_game(5)
    assert fresh["state"]["size"] == 5 and fresh["state"]["moves"] == 0
    assert len(fresh["spawns"]) == 2
    assert saves.load_best(fresh["best_save"])[4] == best


def test_rule_best_never_decreases_by_another_tab() -> None:
    engine = engine_at("2 2 4 ./. . . ./. . . ./. . . 8")
    engine.move("left")
    mine = engine.state()["best"]
    higher = engine.merge_best(saves.dump_best({4: mine + 400, 6: 40}))
    assert higher["changed"] and higher["state"]["best"] == mine + 400
    assert saves.load_best(higher["best_save"]) == {4: mine + 400, 5: 0, 6: 40}
    lower = engine.merge_best(saves.dump_best({4: 4}))
    assert not lower["changed"] and lower["state"]["best"] == mine + 400
    assert not engine.merge_best("{not json")["changed"]


def test_clock_is_stored_without_a_move() -> None:
    engine = engine_at("2 2 4 ./. . . ./. . . ./. . . 8")
    reply = engine.set_clock(65_000)
    assert reply["changed"] and reply["state"]["clock_ms"] == 65_000
    assert json.loads(reply["save"])["clock_ms"] == 65_000
    assert reply["state"]["moves"] == engine.session.position.moves
    assert not engine.set_clock(65_000)["changed"]


# -- lookahead: the next move answered before it is asked ------------------------------

LOOK_BOARD = "2 2 4 ./. . . ./. . . ./. . . 8"  # left, right, up, down all change it


def test_lookahead_answers_every_direction_with_the_reply_that_move_gives() -> None:
    engine = engine_at(LOOK_BOARD, lookahead=True)
    reply = engine.set_clock(1000)  # any reply carries the lookahead
    board = tuple(tuple(row) for row in reply["state"]["board"])
    assert set(reply["ahead"]) == set(rules.DIRECTIONS)
    for direction, text in reply["ahead"].items():
        candidate = json.loads(text)
        assert set(candidate) == REPLY_KEYS | {"newly_won"} and candidate["ahead"] == {}
        assert candidate["kind"] == "move" and candidate["direction"] == direction
        slid, points, _ = rules.move_tiles(board, direction)
        r, c = candidate["spawn"]["at"]
        assert slid[r][c] == 0, "the spawn lands on an empty cell"
        expected = [list(row) for row in slid]
        expected[r][c] = candidate["spawn"]["value"]
        assert candidate["state"]["board"] == expected and candidate["points"] == points
        assert candidate["state"]["score"] == reply["state"]["score"] + points
    assert engine.state() == reply["state"], "looking ahead changed the game"


def test_take_makes_the_chosen_candidate_the_game_and_looks_ahead_again() -> None:
    engine = engine_at(LOOK_BOARD, lookahead=True)
    ahead = engine.set_clock(1000)["ahead"]
    chosen = json.loads(ahead["left"])
    taken = engine.take("left", 2500)
    assert taken["kind"] == "taken" and taken["changed"]
    assert {k: v for k, v in taken["state"].items() if k != "clock_ms"} == {
        k: v for k, v in chosen["state"].items() if k != "clock_ms"}
    assert taken["state"]["clock_ms"] == 2500 and json.loads(taken["save"])["clock_ms"] == 2500
    assert json.loads(taken["ahead"]["right"])["state"]["moves"] == chosen["state"]["moves"] + 1
    assert engine.undo()["state"]["board"] == engine_at(LOOK_BOARD).state()["board"]


def test_a_direction_that_changes_nothing_is_looked_ahead_as_no_move() -> None:
    engine = engine_at("2 4 . ./. . . ./. . . ./. . . .", lookahead=True)
    reply = engine.set_clock(1)
    left = json.loads(reply["ahead"]["left"])
    assert not left["changed"] and left["spawn"] is None and left["state"] == reply["state"]
    taken = engine.take("left")
    assert not taken["changed"] and taken["state"]["board"] == reply["state"]["board"]


def test_take_without_a_lookahead_is_a_plain_move() -> None:
    engine = engine_at(LOOK_BOARD)
    taken = engine.take("left")
    assert taken["kind"] == "move" and taken["changed"] and taken["ahead"] == {}
