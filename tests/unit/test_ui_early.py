"""The page's own game before the engine runs (game/ui/early.py): what it shows, what it
stores, and what a reload brings back. Pure, so these run on CPython and in real
MicroPython (tests/micropython/run.mjs); the hand-over itself is tests/unit/test_handover.py.
"""

import json

from game import chance, steps
from game.record import Spawned
from game.ui.early import EarlyPlay
from game.ui.snapshot import best_from_saved, game_from_saved
from tests.unit.stats_documents import counting, days, document

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

NOW = 1764547200000 + 3600000  # 2025-12-01, 01:00 UTC
FRESH = ("", "", "", 4, 1, False, "")


def page(seed: int = 1) -> "EarlyPlay":
    return EarlyPlay(chance.seeded(seed), lambda: NOW)


def quoted(text: str) -> str:
    return json.dumps(text) if text else ""


def legal(reply: "dict[str, object]") -> str:
    from game import rules

    state = reply["state"]
    assert isinstance(state, dict)
    return rules.legal_directions(tuple(tuple(row) for row in state["board"]))[0]


def test_a_fresh_visit_shows_a_new_game_and_stores_its_tiles_at_once() -> None:
    early = page()
    reply = early.load(*FRESH)
    state = reply["state"]
    assert reply["kind"] == "start" and state["status"] == "playing" and state["moves"] == 0
    assert len(reply["spawns"]) == 2 and sum(1 for row in state["board"] for v in row if v) == 2
    stored = steps.read(reply["steps"])
    assert stored.base == "" and stored.start is not None and stored.steps == []
    assert [[s.cell[0], s.cell[1]] for s in stored.start] == [s["at"] for s in reply["spawns"]]


def test_every_move_is_stored_the_moment_it_is_made_and_a_reload_brings_it_back() -> None:
    early = page()
    reply = early.load(*FRESH)
    for n in range(12):
        reply = early.move(legal(reply), 100 * n)
        assert reply["changed"] and reply["steps"]
        assert len(steps.read(reply["steps"]).steps) == n + 1
    again = page(seed=77)  # another load draws other words: the stored steps decide
    shown = again.load("", "", "", 4, 1, False, quoted(reply["steps"]))
    assert shown["state"] == reply["state"] and shown["spawns"] == []
    assert shown["state"]["revision"] == 12


def test_a_move_that_changes_nothing_stores_nothing_but_a_new_clock() -> None:
    left_stuck = steps.Steps("", 5, (Spawned((0, 0), 2), Spawned((1, 0), 4))).dump()
    early = page()
    assert early.load("", "", "", 4, 5, False, quoted(left_stuck))["state"]["board"][1][0] == 4
    reply = early.move("left", 0)
    assert not reply["changed"] and reply["steps"] == ""  # the clock was 0 already
    reply = early.move("left", 500)
    assert not reply["changed"] and steps.read(reply["steps"]).steps == [["clock", 500]]


def test_undo_keep_and_new_game_are_steps_too() -> None:
    two = steps.Steps("", 5, (Spawned((0, 0), 2), Spawned((1, 0), 4))).dump()
    early = page()
    early.load("", "", "", 4, 5, False, quoted(two))
    assert early.move("right", 10)["changed"] and early.move("left", 20)["changed"]
    moves = 2
    for n in range(moves):
        assert early.undo(30 + n)["changed"]
    undone = early.undo(40)
    assert not undone["changed"] and undone["state"]["moves"] == 0
    reply = early.new_game()
    assert reply["kind"] == "new" and len(reply["spawns"]) == 2 and reply["state"]["moves"] == 0
    ops = [step[0] for step in steps.read(reply["steps"]).steps]
    assert ops.count("undo") == moves and ops[-1] == "new"


def test_storage_it_cannot_read_is_no_game_and_never_an_error() -> None:
    for text in ("", "{", "[]", "null", '{"format": "py2048-game"}',
                 '{"format": "py2048-game", "size": 4}',
                 '{"format": "py2048-game", "size": 4, "board": "2,2", "score": 0, "moves": 0}'):
        assert game_from_saved(text, 4, False, chance.seeded(1)) is None, text
    assert best_from_saved("{") == {}
    assert best_from_saved('{"best": {"4": 12, "5": -4, "6": true}}') == {4: 12}
    early = page()
    reply = early.load(quoted("{"), quoted("{"), quoted("{"), 4, 1, False, quoted("{"))
    assert reply["state"]["moves"] == 0 and len(reply["spawns"]) == 2
    assert steps.read(reply["steps"]).base == steps.fingerprint("{")


def test_the_daily_board_is_the_days_own_before_the_engine_too() -> None:
    from game import daily
    from game.session import Session

    early = page()
    reply = early.load("", "", "", 4, 1, True)
    game, _ = Session.new(4, chance.seeded(5), daily=daily.Daily("2025-12-01"))
    assert reply["state"]["mode"] == "daily" and reply["state"]["date"] == "2025-12-01"
    assert [tuple(row) for row in reply["state"]["board"]] == list(game.position.board)
    assert not reply["state"]["can_undo"] and not reply["state"]["practice"]
    stats = json.dumps(document(daily=days(("2025-12-01", 480))))
    practice = page().load("", "", quoted(stats), 4, 1, True)["state"]
    assert practice["practice"] and practice["best"] == 480


def test_another_tabs_newer_steps_are_followed_and_older_ones_not() -> None:
    first, second = page(1), page(2)
    reply = first.load(*FRESH)
    shared = reply["steps"]
    mine = second.load("", "", "", 4, 1, False, quoted(shared))
    assert mine["state"] == reply["state"]
    for n in range(3):
        reply = first.move(legal(reply), n)
    followed = second.follow("", quoted(reply["steps"]), 4, 1, False)
    assert followed["changed"] and followed["state"] == reply["state"]
    assert not second.follow("", quoted(shared), 4, 1, False)["changed"]  # older: not taken
    assert second.session.position.moves == 3


def test_another_tabs_game_of_the_same_revision_and_only_another_clock_is_followed() -> None:
    """The engine's rule (game/other_tabs.py `newer`): the same revision and another
    document is newer, even when only the clock differs; the page follows it too."""
    first, second = page(1), page(2)
    reply = first.load(*FRESH)
    reply = first.move(legal(reply), 100)
    second.load("", "", "", 4, 1, False, quoted(reply["steps"]))
    mine = second.set_clock(5000)
    theirs = first.set_clock(7000)
    assert mine["state"]["revision"] == theirs["state"]["revision"]
    assert mine["state"]["board"] == theirs["state"]["board"]
    followed = second.follow("", quoted(theirs["steps"]), 4, 1, False)
    assert followed["changed"] and followed["state"]["clock_ms"] == 7000
    assert not second.follow("", quoted(theirs["steps"]), 4, 1, False)["changed"]


def test_a_clock_outside_the_daily_boards_days_refuses_it_before_the_engine_too() -> None:
    from game.session import Refused

    def clock_at(ms: int) -> "Callable[[], float]":
        return lambda: ms

    for clock in (0, 7_258_118_400_000):  # 1970-01-01 (a flat battery), 2200-01-01
        early = EarlyPlay(chance.seeded(1), clock_at(clock))
        classic = early.load(*FRESH)
        try:
            early.load("", "", "", 4, 1, True)
        except Refused as refused:
            assert refused.reason == "clock"
        else:
            raise AssertionError("a daily board on the clock " + str(clock))
        assert early.session.daily is None and early.steps_text() == classic["steps"]


def test_a_daily_board_begun_before_a_clock_change_is_that_days_until_its_day_is_over() -> None:
    day = 86_400_000
    early = page(3)
    reply = early.load("", "", "", 4, 1, True)
    for n in range(3):
        reply = early.move(legal(reply), 100 * n)
    stored = reply["steps"]
    assert steps.read(stored).date == "2025-12-01"
    back = EarlyPlay(chance.seeded(8), lambda: NOW - day).load("", "", "", 4, 1, True, quoted(stored))
    assert back["state"]["date"] == "2025-12-01" and back["state"]["board"] == reply["state"]["board"]
    on = EarlyPlay(chance.seeded(8), lambda: NOW + day).load("", "", "", 4, 1, True, quoted(stored))
    assert on["state"]["date"] == "2025-12-02" and on["state"]["moves"] == 0
    assert steps.read(on["steps"]).date == "2025-12-02"


def test_the_page_knows_which_games_the_stored_statistics_counted() -> None:
    """Whether a game was counted is the statistics' to say (game/stats.py): the page
    reads their counted games' identities and days by the engine's own reader, leniently
    as the engine reads storage, and a game it sees end is known from then on."""
    from game.session import Session, identity
    from game.tally import Known

    known = Known()
    mine = identity(4, 3, (), None)
    known.read(json.dumps(document({"4": counting([mine]), "5": "junk"}, daily=days(("2025-11-30", 80)))))
    game = game_from_saved(json.dumps({
        "format": "py2048-game", "size": 4, "board": [[2, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4], "score": 0,
        "moves": 0, "won": False, "undo_depth": 1, "history": [], "keep_playing": False, "clock_ms": 0,
        "game": mine}), 4, False, chance.seeded(1))
    assert game is not None and game.game_id == mine and known.counted(game)
    other = Session.new(4, chance.seeded(2))[0]
    assert not known.counted(other)
    known.count(other)
    assert known.counted(other) and known.has_result("2025-11-30") and known.day_best("2025-11-30") == 80
    twice = json.dumps(document({"4": counting([mine, mine])}, daily=[]))
    for junk in ("", "{", "[]", '{"sizes": 4}', twice):
        known.read(junk)
        assert not known.counted(game) and not known.has_result("2025-11-30")
