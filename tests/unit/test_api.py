"""The engine's plain-data interface: what a reply holds, so the UI need derive nothing."""

from __future__ import annotations

import json

from game import api, chance, daily_results, rules, saves, session, stats, stats_saves
from game.session import Session
from game.worker import Table
from tests.unit.boards import alike, board, consistent, played_out
from tests.unit.daily_results import on

REPLY_KEYS = {"kind", "changed", "game_changed", "direction", "points", "tiles", "spawn", "spawns",
              "notice", "set_aside", "state", "save", "best_save", "ahead",
              "stats_changed", "stats_save", "milestones", "unlocked"}
STATE_KEYS = {"size", "board", "score", "best", "moves", "won", "status", "can_undo",
              "undo_depth", "clock_ms", "max_tile", "revision", "mode", "date", "practice", "code",
              "watchable"}


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


# -- statistics, milestones, undo depth ---------------------------------------------------

NOON = 1_735_732_800_000  # 2025-01-01 12:00 UTC
LAST_MOVE = "2 4 2 4/4 2 4 2/32 4 2 4/8 16 8 ."  # "right" ends the game, whatever spawns


def counting_engine(text: str, lookahead: bool = False, revision: int = 0) -> api.Engine:
    engine = api.Engine(chance.seeded(3), lookahead=lookahead, wall=lambda: NOON)
    engine.session = Session(consistent(board(text)), chance.seeded(3), revision=revision,
                             game_id=session.identity(4, revision, (), None))
    return engine


def ending_move(engine: api.Engine) -> str:
    """A direction that ends the game (every spawn into the one hole leaves no move)."""
    for direction in ("down", "right"):
        trial = Session(engine.session.position, chance.seeded(0))
        trial.move(direction)
        if trial.over:
            return direction
    raise AssertionError("no ending move")


def test_rule_a_game_counts_once_when_it_ends() -> None:
    engine = counting_engine(LAST_MOVE)
    engine.session.clock_ms = 90_000
    reply = engine.move(ending_move(engine), 95_000)
    assert reply["state"]["status"] == "over"
    assert reply["stats_changed"] and reply["game_changed"]
    assert json.loads(reply["save"])["counted"] is True
    counted = stats_saves.load_stats(reply["stats_save"])
    top = counted.of(4).top[0]
    assert counted.of(4).played == 1 and counted.of(4).won == 0
    assert (top.score, top.moves, top.ms, top.date) == (
        reply["state"]["score"], reply["state"]["moves"], 95_000, NOON)
    assert top.tile == reply["state"]["max_tile"]
    again = engine.move("left")
    assert not again["stats_changed"] and again["stats_save"] == ""
    engine.undo()
    assert engine.session.counted, "undo keeps the game counted"
    replay = engine.move(ending_move(engine))
    assert replay["state"]["status"] == "over" and not replay["stats_changed"]
    assert engine.stats.of(4).played == 1
    assert not engine.new_game()["stats_changed"], "a counted game is not counted again"
    assert engine.stats.of(4).played == 1


def test_rule_a_game_given_up_after_a_move_counts_and_one_without_moves_does_not() -> None:
    engine = counting_engine(LOOK_BOARD)
    engine.new_game(5)
    engine.stats = stats.Stats()
    fresh = engine.new_game(5)
    assert not fresh["stats_changed"] and engine.stats.played == 0, "no move: not counted"
    engine.move(rules.legal_directions(engine.session.position.board)[0], 4000)
    gave_up = engine.new_game(5)
    assert gave_up["stats_changed"] and engine.stats.of(5).played == 1
    assert stats_saves.load_stats(gave_up["stats_save"]).of(5).top[0].ms == 4000
    assert not json.loads(gave_up["save"])["counted"], "the new game is not counted"


def test_rule_a_milestone_is_unlocked_during_play() -> None:
    engine = counting_engine("1024 1024 . ./2 . . ./. . . ./. . . .")
    reply = engine.move("left")
    assert reply["state"]["status"] == "won"
    assert reply["unlocked"] == ["tile-2048"] and reply["milestones"] == ["tile-2048"]
    assert reply["stats_changed"] and stats_saves.load_stats(reply["stats_save"]).milestones == ("tile-2048",)
    assert engine.stats.played == 0, "reached, not counted: the game goes on"
    later = engine.keep_playing()
    assert later["unlocked"] == [] and later["milestones"] == ["tile-2048"] and not later["stats_changed"]


def test_rule_an_expert_win_is_a_won_six_by_six_game() -> None:
    engine = counting_engine(". . . . . ./. . . . . ./. . . . . ./. . . . . ./. . . . . 2/. . . . 1024 1024")
    reply = engine.move("right")
    assert reply["unlocked"] == ["tile-2048", "expert-win"]


def test_a_taken_candidate_that_ends_the_game_is_counted_one_revision_on() -> None:
    engine = counting_engine(LAST_MOVE, lookahead=True, revision=4)
    direction = ending_move(engine)
    reply = engine.set_clock(100)
    candidate = json.loads(reply["ahead"][direction])
    assert not candidate["stats_changed"] and candidate["stats_save"] == "", "a candidate counts nothing"
    assert json.loads(candidate["save"])["counted"] is False and candidate["state"]["revision"] == 6
    taken = engine.take(direction, 100)
    assert taken["stats_changed"] and taken["game_changed"]
    assert json.loads(taken["save"])["counted"] is True and taken["state"]["revision"] == 7


def test_rule_a_game_the_statistics_counted_is_never_counted_again_whatever_storage_kept() -> None:
    """The move that ends a game is a lookahead candidate the page stored (uncounted);
    the engine counts it and answers the statistics and the counted game. Storage may
    keep either of each (a write refused for room): after a reload, and an undo and the
    same ending again, the game is counted exactly once whichever pair was kept, but
    for the counted game beside statistics without it, which the page never stores
    (game/ui/screen.py `Storing`: the game waits for its statistics)."""
    engine = counting_engine(LAST_MOVE, lookahead=True, revision=4)
    engine.session.game_id = session.identity(4, 0, (), None)
    direction = ending_move(engine)
    before = engine.set_clock(100)
    candidate = json.loads(before["ahead"][direction])["save"]
    taken = engine.take(direction, 100)
    assert json.loads(taken["save"])["counted"]
    assert stats_saves.load_stats(taken["stats_save"]).of(4).played == 1
    counted = {(candidate, taken["stats_save"]), (taken["save"], taken["stats_save"]), (candidate, "")}
    for game_text, stats_text in counted:
        again = api.Engine(chance.seeded(5), lookahead=True, wall=lambda: NOON)
        reply = again.start(game_text, None, stats_text, 4, 1)
        assert reply["state"]["status"] == "over" and again.stats.of(4).played == 1, (game_text, stats_text)
        document = json.loads(reply["save"])
        assert document["counted"] and document["game"] == engine.session.game_id
        again.undo(200)
        ended = again.move(ending_move(again), 300)
        assert ended["state"]["status"] == "over" and not ended["stats_changed"]
        again.new_game()
        assert again.stats.of(4).played == 1 and again.stats.of(4).games == (engine.session.game_id,)


def test_rule_a_game_another_tab_counted_is_not_counted_here() -> None:
    """Two tabs hold the same game; one gives it up for a new game (counted there). The
    other merges those statistics, then ends the same game: it is not counted again."""
    first = counting_engine(LOOK_BOARD)
    first.session.game_id = session.identity(4, 3, (), None)
    second = counting_engine(LOOK_BOARD)
    second.session.game_id = first.session.game_id
    first.move(rules.legal_directions(first.session.position.board)[0])
    gave_up = first.new_game()
    assert gave_up["stats_changed"] and first.stats.of(4).played == 1
    second.merge_stats(gave_up["stats_save"])
    second.move(rules.legal_directions(second.session.position.board)[0])
    assert not second.new_game()["stats_changed"] and second.stats.of(4).played == 1


def test_rule_two_games_born_at_one_revision_with_the_same_tiles_each_count_once() -> None:
    """Two tabs show the same stored game, not yet moved (revision 4), and each begins a
    new game at once: both are born at revision 5 with the very same tiles (about one
    4×4 pair in 350; here sources whose every choice is alike). Each game is played to
    its end, the second tab having taken the first's statistics: each counts once, two
    games in all. By their birth alone they were one game, and the second never counted."""
    stored = saves.dump_game(Session.new(4, chance.seeded(8), revision=4)[0])
    tabs = [api.Engine(alike(n), wall=lambda: NOON) for n in (0, 1)]
    births = []
    for tab in tabs:
        tab.start(stored, None, None, 4, 1)
        births.append(tab.new_game())
    assert births[0]["spawns"] == births[1]["spawns"] and births[0]["save"] != births[1]["save"]
    assert births[0]["state"]["revision"] == births[1]["state"]["revision"] == 5
    names = tuple(tab.session.game_id for tab in tabs)
    assert names[0] != names[1]
    first = played_out(tabs[0])
    tabs[1].merge_stats(first["stats_save"])
    second = played_out(tabs[1])
    assert first["state"]["score"] == second["state"]["score"], "the very same game, twice"
    assert second["stats_changed"] and json.loads(second["save"])["counted"]
    counted = stats_saves.load_stats(second["stats_save"]).of(4)
    assert counted.played == 2 and counted.games == names and counted.recent == (first["state"]["score"],) * 2


def test_rule_a_game_begun_at_revision_0_after_a_set_aside_save_counts_once() -> None:
    """A game begun with no stored game of its size starts at revision 0, as the first
    game of that size did. One begun after the stored game was set aside, with the
    first game's very tiles, is another game: counted once when it ends, not taken for
    the first (counted before), and never again after a reload."""
    first = api.Engine(alike(0), wall=lambda: NOON)
    began = first.start(None, None, None, 4, 1)
    first.move(rules.legal_directions(first.session.position.board)[0], 100)
    first_name = first.session.game_id
    gave_up = first.new_game()
    assert gave_up["stats_changed"] and first.stats.of(4).games == (first_name,)
    second = api.Engine(alike(1), wall=lambda: NOON)
    reply = second.start('{"format": "py2048-game", "version": 5}', None, gave_up["stats_save"], 4, 1)
    assert reply["notice"] == "game-invalid" and reply["state"]["revision"] == 0
    assert reply["spawns"] == began["spawns"] and second.session.game_id != first_name
    ended = played_out(second)
    assert ended["stats_changed"] and second.stats.of(4).games == (first_name, second.session.game_id)
    again = api.Engine(chance.seeded(4), wall=lambda: NOON)
    assert not again.start(ended["save"], None, ended["stats_save"], 4, 1)["stats_changed"]
    assert not again.new_game()["stats_changed"] and again.stats.of(4).played == 2


def test_set_undo_depth_trims_the_history_at_once() -> None:
    engine = counting_engine(LOOK_BOARD)
    engine.set_undo_depth(5)
    for _ in range(4):
        engine.move(rules.legal_directions(engine.session.position.board)[0])
    assert len(engine.session.history) == 4
    same = engine.set_undo_depth(5)
    assert same["kind"] == "undo_depth" and not same["changed"] and not same["game_changed"]
    lowered = engine.set_undo_depth(1)
    assert lowered["changed"] and lowered["game_changed"] and lowered["state"]["undo_depth"] == 1
    assert len(json.loads(lowered["save"])["history"]) == 1 and len(engine.session.history) == 1


def test_start_takes_the_undo_depth_and_says_when_that_changed_the_game() -> None:
    engine = counting_engine(LOOK_BOARD)
    engine.set_undo_depth(5)
    for _ in range(3):
        engine.move(rules.legal_directions(engine.session.position.board)[0])
    save = saves.dump_game(engine.session)
    counted = api.Engine(chance.seeded(4)).start(save, None, None, 4, 5)
    assert not counted["game_changed"] and counted["save"] == save
    trimmed = api.Engine(chance.seeded(4)).start(save, None, None, 4, 1)
    assert trimmed["game_changed"] and trimmed["state"]["revision"] == json.loads(save)["revision"] + 1
    assert len(json.loads(trimmed["save"])["history"]) == 1 and trimmed["notice"] is None


def test_start_sets_aside_a_game_of_another_size() -> None:
    five = Session.new(5, chance.seeded(2))[0]
    reply = api.Engine(chance.seeded(4)).start(saves.dump_game(five), None, None, 4, 1)
    assert reply["notice"] == "game-invalid" and reply["set_aside"]["game"]
    assert reply["state"]["size"] == 4 and reply["game_changed"]
    resumed = api.Engine(chance.seeded(4)).start(saves.dump_game(five), None, None, 5, 1)
    assert resumed["notice"] is None and resumed["state"]["size"] == 5


def test_start_reads_the_statistics_size_by_size() -> None:
    game = stats.Result(400, 64, 50, 1000, NOON, False)
    counted = stats.record(stats.Stats(milestones=("tile-2048",)), 5, game)
    data = json.loads(stats_saves.dump_stats(counted))
    data["sizes"]["6"]["won"] = 3
    reply = api.Engine(chance.seeded(1)).start(None, None, json.dumps(data))
    assert reply["set_aside"]["stats_sizes"] == [6] and not reply["set_aside"]["stats_document"]
    assert reply["notice"] is None, "the notice is about the game and best scores"
    assert reply["milestones"] == ["tile-2048"] and reply["unlocked"] == [] and not reply["stats_changed"]
    engine = api.Engine(chance.seeded(1))
    whole = engine.start(None, None, "garbage")
    assert whole["set_aside"]["stats_document"] and engine.stats == stats.Stats()
    assert Table(engine).statistics.statistics(5)["summary"]["played"] == 0


def test_start_sets_aside_a_bad_daily_part_alone() -> None:
    counted = stats.record(stats.Stats(), 5, stats.Result(400, 64, 50, 1000, NOON, False))
    counted = stats.record_daily(counted, on("2024-12-31"))
    data = json.loads(stats_saves.dump_stats(counted))
    data["daily"]["best_streak"] = 0
    engine = api.Engine(chance.seeded(1))
    reply = engine.start(None, None, json.dumps(data))
    assert reply["set_aside"]["stats_daily"] and reply["set_aside"]["stats_sizes"] == []
    assert not reply["set_aside"]["stats_document"] and reply["notice"] is None
    assert engine.stats.of(5).played == 1 and engine.stats.daily == daily_results.DailyStats()
    good = api.Engine(chance.seeded(1)).start(None, None, stats_saves.dump_stats(counted))
    assert not good["set_aside"]["stats_daily"]


def test_statistics_carry_the_daily_section_of_the_utc_day_now() -> None:
    engine = counting_engine(LAST_MOVE)  # its wall clock: 2025-01-01, noon UTC
    for date in ("2024-12-30", "2024-12-31"):
        engine.stats = stats.record_daily(engine.stats, on(date))
    for size in rules.SIZES:
        section = Table(engine).statistics.statistics(size)["summary"]["daily"]
        assert (section["played"], section["streak"], section["best_streak"]) == (2, 2, 2)
        assert section["today"] is None, "yesterday's streak lives on, today has no result yet"
    engine.wall = lambda: NOON + 2 * 86_400_000
    assert Table(engine).statistics.statistics(4)["summary"]["daily"]["streak"] == 0


def test_merge_stats_takes_the_other_tabs_daily_results() -> None:
    engine = counting_engine(LAST_MOVE)
    engine.stats = stats.record_daily(engine.stats, on("2024-12-31", 1))
    theirs = stats.record_daily(stats.record_daily(stats.Stats(), on("2024-12-31", 2)), on("2025-01-01"))
    reply = engine.merge_stats(stats_saves.dump_stats(theirs))
    assert reply["stats_changed"] and engine.stats.daily.played == 2
    assert stats.daily_result(engine.stats, "2024-12-31") == on("2024-12-31", 1), "this tab's day stays"
    assert Table(engine).statistics.statistics(4)["summary"]["daily"]["streak"] == 2


def test_statistics_answers_plain_data_for_one_size() -> None:
    engine = counting_engine(LAST_MOVE)
    engine.move(ending_move(engine))
    answer = Table(engine).statistics.statistics(4)
    assert answer["kind"] == "statistics" and answer["size"] == 4
    summary = answer["summary"]
    assert summary["played"] == 1 and summary["best_score"] == engine.state()["best"]
    assert json.loads(json.dumps(answer)) == answer


def test_merge_stats_keeps_the_entry_with_more_games_and_every_milestone() -> None:
    engine = counting_engine(LAST_MOVE)
    engine.move(ending_move(engine))  # one 4×4 game here
    result = stats.Result(400, 64, 50, 1000, NOON, False)
    theirs = stats.record(stats.record(stats.Stats(milestones=("games-100",)), 4, result), 4, result)
    theirs = stats.record(theirs, 6, result)
    reply = engine.merge_stats(stats_saves.dump_stats(theirs))
    assert reply["kind"] == "stats" and reply["stats_changed"] and not reply["game_changed"]
    assert engine.stats.of(4).played == 2 and engine.stats.of(6).played == 1
    assert reply["milestones"] == ["games-100"] and reply["unlocked"] == []
    assert stats_saves.load_stats(reply["stats_save"]) == engine.stats
    same = engine.merge_stats(stats_saves.dump_stats(theirs))
    assert not same["stats_changed"] and same["stats_save"] == ""
    for bad in ("", "garbage", saves.dump_best({4: 8})):
        assert not engine.merge_stats(bad)["stats_changed"]


def test_export_and_import_through_the_engine() -> None:
    engine = counting_engine(LAST_MOVE)
    reply = engine.move(ending_move(engine))
    files = Table(engine).transfer
    exported = files.export_all(reply["save"], None, None, reply["best_save"], reply["stats_save"], None)
    assert exported["kind"] == "export" and json.loads(exported["text"])["exported"] == NOON
    checked = files.check_import(exported["text"])
    assert checked["ok"] and checked["parts"]["games"]["4"] == reply["save"]
    assert checked["parts"]["stats"] == reply["stats_save"] and checked["summary"]["played"] == 1
    refused = files.check_import(exported["text"].replace('"py2048-export"', '"other"'))
    assert refused == {"kind": "import", "ok": False, "error": refused["error"], "summary": {},
                       "parts": {"games": {"4": None, "5": None, "6": None}, "best": "", "stats": "",
                                 "settings": ""}}
    assert "export file" in refused["error"]


def test_the_default_source_gives_32_bit_words() -> None:
    """CPython's own source (the engine's default outside the browser): the OS's."""
    words = [chance.secrets_source() for _ in range(200)]
    assert all(0 <= w < 2**32 for w in words) and len(set(words)) > 190


def test_a_stored_game_that_ended_uncounted_counts_when_it_is_next_started_once() -> None:
    """The tab closed (or storage was full) after the ended game was stored but before
    its count was: the next start counts it, and its document says so from then on."""
    engine = counting_engine(LAST_MOVE)
    engine.move(ending_move(engine))
    engine.session.counted = False  # the count that was not stored
    ended = saves.dump_game(engine.session)
    again = api.Engine(chance.seeded(3), wall=lambda: NOON)
    reply = again.start(ended, None)
    assert reply["state"]["status"] == "over" and reply["stats_changed"]
    assert stats_saves.load_stats(reply["stats_save"]).of(4).played == 1
    assert reply["game_changed"] and json.loads(reply["save"])["counted"] is True
    third = api.Engine(chance.seeded(4), wall=lambda: NOON)
    assert not third.start(reply["save"], None, reply["stats_save"])["stats_changed"]
