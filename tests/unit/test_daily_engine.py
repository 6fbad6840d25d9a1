"""The daily board through the engine's interface (game/api.py): fair play (no undo, the
first finished game of the day is the result, later tries are practice), saving and
resuming per day, the normal game untouched, result codes and watching."""

from __future__ import annotations

import json
import random
from typing import Any

from game import api, chance, daily, replay, rules, saves, stats, stats_saves
from game import record as records
from game.codes import Codes, Watch
from game.session import Refused
from tests.unit.boards import alike, board, consistent

NOON = 1_796_126_400_000  # 2026-12-01 12:00 UTC
DAY = "2026-12-01"
DAY_MS = 86_400_000


class Wall:
    """A clock the test moves."""

    def __init__(self, ms: int = NOON) -> None:
        self.ms = ms

    def __call__(self) -> int:
        return self.ms


def engine(seed: int = 1, lookahead: bool = True, wall: Wall | None = None) -> api.Engine:
    return api.Engine(chance.seeded(seed), lookahead=lookahead, wall=wall or Wall())


def play_to_end(e: api.Engine, seed: int = 0, limit: int = 100_000) -> dict[str, Any]:
    """Random legal moves through `take` (the page's path) until the game ends."""
    rng = random.Random(seed)
    reply: dict[str, Any] = {}
    while e.session.status != "over" and e.session.position.moves < limit:
        if e.session.status == "won":
            e.keep_playing(0)
        reply = e.take(rng.choice(rules.legal_directions(e.session.position.board)), 0)
    return reply


def test_the_wall_clock_names_the_day() -> None:
    assert daily.utc_date(NOON) == DAY


def test_daily_start_is_todays_board_whatever_the_random_source() -> None:
    a = engine(1).start(None, None, daily_board=True)
    b = engine(77).start(None, None, daily_board=True)
    assert a["state"]["board"] == b["state"]["board"]
    assert a["state"]["mode"] == "daily" and a["state"]["date"] == DAY and not a["state"]["practice"]
    classic = engine(1).start(None, None)
    assert classic["state"]["mode"] == "classic" and classic["state"]["date"] == ""


def test_rule_the_same_moves_give_the_same_spawns_with_or_without_lookahead() -> None:
    ahead, plain = engine(1, lookahead=True), engine(2, lookahead=False)
    ahead.start(None, None, daily_board=True)
    plain.start(None, None, daily_board=True)
    rng = random.Random(4)
    for _ in range(60):
        if ahead.session.over:
            break
        direction = rng.choice(rules.legal_directions(ahead.session.position.board))
        one, two = ahead.take(direction, 0), plain.move(direction, 0)
        assert one["state"]["board"] == two["state"]["board"]


def test_rule_no_undo_in_daily_mode() -> None:
    e = engine()
    e.start(None, None, undo_depth=5, daily_board=True)
    e.take(rules.legal_directions(e.session.position.board)[0], 0)
    reply = e.undo(0)
    assert not reply["changed"] and not reply["state"]["can_undo"] and reply["state"]["moves"] == 1


def test_the_first_finished_game_of_the_day_is_the_result_and_later_tries_are_practice() -> None:
    e = engine()
    e.start(None, None, daily_board=True)
    last = play_to_end(e, seed=1)
    assert last["stats_changed"] and last["state"]["code"]
    result = stats.daily_result(e.stats, DAY)
    assert result is not None and result.score == e.session.position.score
    assert result.code == last["state"]["code"]
    assert replay.verdict(result.code)["score"] == result.score
    again = e.new_game()
    assert again["state"]["practice"] and again["state"]["mode"] == "daily"
    assert again["state"]["board"] == engine(3).start(None, None, daily_board=True)["state"]["board"]
    play_to_end(e, seed=2)
    assert stats.daily_result(e.stats, DAY) == result  # practice counts nowhere
    assert e.stats.of(4).played == 0  # nor in the 4×4 statistics


def test_giving_up_the_first_try_makes_it_the_result_as_it_stands() -> None:
    e = engine()
    e.start(None, None, daily_board=True)
    for direction in ("left", "up", "right", "down") * 3:
        e.take(direction, 0)
    score, moves = e.session.position.score, e.session.position.moves
    reply = e.new_game()
    result = stats.daily_result(e.stats, DAY)
    assert reply["stats_changed"] and result is not None
    assert (result.score, result.moves) == (score, moves) and reply["state"]["practice"]


def test_an_untouched_daily_board_given_up_is_no_result() -> None:
    e = engine()
    e.start(None, None, daily_board=True)
    reply = e.new_game()
    assert stats.daily_result(e.stats, DAY) is None and not reply["state"]["practice"]


def test_rule_daily_tries_born_at_one_revision_are_games_of_their_own_and_the_day_counts_once() -> None:
    """Every try of a day's board begins with the day's tiles, so two tries born at one
    revision (the day's first try, with no stored daily game, and a try begun after
    that stored game was set aside: both at revision 0) were one game by their birth
    alone. Each has its own identity; the first try, given up after a move, counts once,
    as the day's result, and the later one is practice: it counts nowhere, the day's
    result stays the first try's."""
    first = api.Engine(alike(0), lookahead=True, wall=Wall())
    began = first.start(None, None, daily_board=True)
    first.take(rules.legal_directions(first.session.position.board)[0], 0)
    first_name, score = first.session.game_id, first.session.position.score
    gave_up = first.new_game()
    result = stats.daily_result(first.stats, DAY)
    assert gave_up["stats_changed"] and result is not None and result.score == score
    second = api.Engine(alike(1), lookahead=True, wall=Wall())
    reply = second.start("not a game", None, gave_up["stats_save"], daily_board=True)
    assert reply["set_aside"]["game"] and reply["state"]["revision"] == began["state"]["revision"] == 0
    assert reply["spawns"] == began["spawns"] and reply["state"]["practice"]
    assert second.session.game_id != first_name
    last = play_to_end(second)
    assert last["state"]["status"] == "over" and stats.daily_result(second.stats, DAY) == result
    assert second.stats.daily.played == 1 and second.stats.of(4).played == 0


def test_the_daily_game_is_saved_and_resumed_on_its_day() -> None:
    e = engine()
    e.start(None, None, daily_board=True)
    for direction in ("left", "up", "right", "down") * 3:
        reply = e.take(direction, 0)
    again = engine(5)
    resumed = again.start(reply["save"], reply["best_save"], reply["stats_save"] or None, daily_board=True)
    assert resumed["state"]["board"] == reply["state"]["board"] and not resumed["spawns"]
    assert resumed["state"]["moves"] == reply["state"]["moves"] and resumed["notice"] is None


def test_another_days_daily_game_gives_way_to_todays_board() -> None:
    wall = Wall()
    e = engine(wall=wall)
    e.start(None, None, daily_board=True)
    reply = e.take(rules.legal_directions(e.session.position.board)[0], 0)
    wall.ms += DAY_MS
    tomorrow = engine(wall=wall).start(reply["save"], None, daily_board=True)
    assert tomorrow["state"]["date"] == "2026-12-02" and tomorrow["state"]["moves"] == 0
    assert tomorrow["notice"] is None and tomorrow["game_changed"]
    assert tomorrow["state"]["revision"] > reply["state"]["revision"]


def test_the_normal_game_and_its_best_score_are_untouched_by_the_daily_board() -> None:
    e = engine()
    classic = e.start(None, None)
    for direction in ("left", "up", "right", "down") * 5:
        classic = e.take(direction, 0)
    best_before = classic["best_save"]
    e.start(None, classic["best_save"], daily_board=True)
    last = play_to_end(e, seed=3)
    assert last["best_save"] == best_before
    assert last["state"]["best"] == e.session.position.score  # the day's own best
    back = e.start(classic["save"], last["best_save"], last["stats_save"] or None)
    assert back["state"]["board"] == classic["state"]["board"] and back["state"]["mode"] == "classic"


def test_a_daily_game_in_the_normal_games_place_is_set_aside_and_the_reverse() -> None:
    e = engine()
    daily_save = e.start(None, None, daily_board=True)["save"]
    assert engine().start(daily_save, None)["set_aside"]["game"]
    classic_save = engine().start(None, None)["save"]
    assert engine().start(classic_save, None, daily_board=True)["set_aside"]["game"]


def tampered(save: str, **change: Any) -> str:
    data = json.loads(save)
    data.update(change)
    return json.dumps(data)


def test_a_tampered_daily_game_is_set_aside() -> None:
    e = engine()
    e.start(None, None, daily_board=True)
    for direction in ("left", "up", "right", "down") * 4:
        reply = e.take(direction, 0)
    save = reply["save"]
    data = json.loads(save)
    record = data["record"]
    cells = data["board"]
    row, column = next((r, c) for r in range(4) for c in range(4) if cells[r][c] == 2)
    cells[row][column] = 4  # a 4 where the day's board spawned a 2: tiles and score still agree
    cases = {
        "history": tampered(save, history=[{}]),
        "record": tampered(save, record=record[:-2] + ("AA" if record[-2:] != "AA" else "BA")),
        "no record": tampered(save, record=None),
        "date": tampered(save, daily="2026-12-02"),
        "bad date": tampered(save, daily="2026-02-30"),
        "size": tampered(save, size=5),
        "practice type": tampered(save, practice="no"),
        "board": tampered(save, board=cells, score=data["score"] - 4),
    }
    for name, text in cases.items():
        reply = engine().start(text, None, daily_board=True)
        assert reply["set_aside"]["game"] or reply["state"]["moves"] == 0, name
        assert reply["state"]["moves"] == 0, name


def test_a_practice_flag_outside_a_daily_game_is_refused() -> None:
    save = engine().start(None, None)["save"]
    assert engine().start(tampered(save, practice=True), None)["set_aside"]["game"]


def test_follow_takes_another_tabs_daily_game_of_the_same_day_only() -> None:
    one, two = engine(1), engine(2)
    start = one.start(None, None, daily_board=True)
    two.start(start["save"], None, daily_board=True)
    moved = one.take(rules.legal_directions(one.session.position.board)[0], 0)
    assert two.follow(moved["save"])["changed"]
    classic = engine(3).start(None, None)
    assert not two.follow(classic["save"])["changed"]


# -- codes and watching ---------------------------------------------------------------------

def test_verify_answers_the_replays_numbers_and_watch_shows_every_move() -> None:
    e = engine()
    e.start(None, None, daily_board=True)
    last = play_to_end(e, seed=5, limit=40)
    code = api.result_code(e.session)
    verdict = Codes(engine(9)).verify("#replay=" + code)
    assert verdict["ok"] and verdict["score"] == last["state"]["score"] == e.session.position.score
    watcher = engine(9)
    codes = Codes(watcher)
    codes.verify(code)
    shown = codes.watch("verified")
    assert shown["ok"] and shown["at"] == 0 and shown["total"] == e.session.position.moves
    assert shown["title"] == {"date": DAY, "size": 4}
    step: dict[str, Any] = shown
    while not step["end"]:
        step = codes.watch_step()
        assert step["kind"] == "watch_move" and step["changed"] and step["ok"]
    assert step["state"]["board"] == [list(row) for row in e.session.position.board]
    assert step["state"]["score"] == e.session.position.score
    assert codes.watch_step()["at"] == step["at"]  # nothing after the end


def test_watching_from_a_move_shows_the_position_the_steps_from_the_start_reach() -> None:
    """A review's turning point is shown from the position before it (`watch(what, at)`),
    the very position stepping from the start reaches."""
    e = engine()
    e.start(None, None, daily_board=True)
    play_to_end(e, seed=5, limit=40)
    codes = Codes(engine(9))
    codes.verify(api.result_code(e.session))
    codes.watch("verified")
    stepped = [codes.watch_step() for _ in range(12)][-1]
    jumped = codes.watch("verified", 12)
    assert jumped["ok"] and jumped["at"] == 12 and jumped["state"]["board"] == stepped["state"]["board"]
    assert jumped["spawns"] == [] and codes.watch_step()["at"] == 13
    assert codes.watch("verified", 10_000)["at"] == e.session.position.moves  # at most the end


def test_a_practice_from_a_watched_position_plays_on_and_touches_nothing_of_the_game_in_play() -> None:
    """Review's "Play on from here": the watched game, from its position, moved by the
    player with random spawns; the game in play, its statistics and best scores stay."""
    e = engine()
    e.start(None, None)
    play_to_end(e, seed=5, limit=30)
    before = (e.session.position, stats_saves.dump_stats(e.stats), dict(e.best))
    codes = Codes(e)
    assert not codes.practice_move("left")["ok"] and not codes.practice()["ok"]  # nothing watched
    codes.watch("game", 10)
    started = codes.practice()
    assert started["ok"] and started["practice"] and started["state"]["moves"] == 10
    moved = [codes.practice_move(d) for d in ("left", "up", "right", "down", "left", "up")]
    assert any(m["changed"] for m in moved) and all(m["kind"] == "practice_move" for m in moved)
    assert not codes.watch_step()["ok"]  # the record no longer steps it
    assert moved[-1]["state"]["moves"] == 10 + sum(1 for m in moved if m["changed"])
    assert (e.session.position, stats_saves.dump_stats(e.stats), dict(e.best)) == before
    codes.resume()
    assert not codes.practice_move("left")["ok"]


def test_a_refused_code_cannot_be_watched() -> None:
    e = engine()
    codes = Codes(e)
    assert not codes.verify("1.2026-12-01.4.1~A.AAAA")["ok"]
    assert not codes.watch("verified")["ok"]


def test_watching_leaves_the_game_in_play_untouched_and_resume_shows_it() -> None:
    e = engine()
    codes = Codes(e)
    e.start(None, None, undo_depth=5)
    for direction in ("left", "up", "right", "down") * 5:
        reply = e.take(direction, 0)
    before = e.state()
    shown = codes.watch("game")
    assert shown["ok"] and shown["total"] == before["moves"]
    for _ in range(shown["total"]):
        step = codes.watch_step()
    assert step["state"]["board"] == before["board"] and step["end"]
    back = codes.resume()
    assert back["kind"] == "resume" and back["state"] == before and not back["game_changed"]
    assert set(back["ahead"]) == set(rules.DIRECTIONS)
    assert reply["save"] == back["save"]


def test_a_won_game_is_watched_on_past_its_win() -> None:
    start = (records.Spawned((3, 3), 2), records.Spawned((3, 2), 2))
    steps = (records.Step("left", records.Spawned((3, 3), 2)),
             records.Step("right", records.Spawned((1, 0), 2)))
    watch = Watch(records.Film(4, start, steps), {"date": "", "size": 4})
    watch.session.position = consistent(board("1024 1024 . ./. . . ./. . . ./. . . ."))
    won = watch.step()
    assert won["changed"] and won["state"]["won"]
    after = watch.step()  # the win dialog's pause is not the watcher's: it plays on
    assert after["changed"] and after["end"] and after["state"]["board"][0] == [0, 0, 0, 2048]


def test_an_altered_record_cannot_be_watched_and_says_so() -> None:
    e = engine()
    codes = Codes(e)
    e.start(None, None)
    for direction in ("left", "up", "right", "down") * 3:
        e.take(direction, 0)
    assert e.session.record is not None
    e.session.record = e.session.record[:-1] + ("A" if e.session.record[-1] != "A" else "B")
    answer = codes.watch("game")
    assert not answer["ok"] and answer["reason"] == "record_damaged"


def test_a_game_stored_before_records_were_kept_is_not_watchable() -> None:
    e = engine()
    reply = e.start(None, None)
    for direction in ("left", "up", "right", "down") * 3:
        reply = e.take(direction, 0)
    data = json.loads(reply["save"])
    for field in ("daily", "practice", "record", "game"):
        del data[field]
    data["version"] = 3
    old = engine().start(json.dumps(data), None)
    assert not old["state"]["watchable"] and not old["set_aside"]["game"]
    assert saves.load_game(old["save"], chance.seeded(0)).record is None


def test_a_days_result_is_watched_from_the_statistics() -> None:
    e = engine()
    codes = Codes(e)
    e.start(None, None, daily_board=True)
    play_to_end(e, seed=6, limit=30)
    e.new_game()  # gives the first try up: the day's result
    shown = codes.watch("daily:" + DAY)
    assert shown["ok"] and shown["total"] == 30
    assert not codes.watch("daily:2026-11-11")["ok"]


def test_a_daily_game_stored_over_but_not_counted_is_the_days_result_on_the_next_start() -> None:
    e = engine(lookahead=False)
    e.start(None, None, daily_board=True)
    rng = random.Random(8)
    while not e.session.over:
        e.session.move(rng.choice(rules.legal_directions(e.session.position.board)))
    save = saves.dump_game(e.session)  # the last move's document, stored before it was counted
    assert not json.loads(save)["counted"]
    again = engine()
    reply = again.start(save, None, daily_board=True)
    result = stats.daily_result(again.stats, DAY)
    assert result is not None and result.score == e.session.position.score
    assert reply["stats_changed"] and reply["game_changed"] and json.loads(reply["save"])["counted"]


def test_a_normal_game_drops_its_record_past_the_limit_and_a_daily_one_keeps_it() -> None:
    from game.session import RECORD_LIMIT, Position, Session

    near = Session(Position(board("2 . . ./. . . ./. . . ./. . . 2"), 0, RECORD_LIMIT, False),
                   chance.seeded(1), record="AA" * (RECORD_LIMIT + 2))
    near.move("left")
    assert near.record is None and near.position.moves == RECORD_LIMIT + 1
    day = Session(Position(board("2 . . ./. . . ./. . . ./. . . 2"), 0, RECORD_LIMIT, False),
                  chance.seeded(1), daily=daily.Daily(DAY), record="AA" * (RECORD_LIMIT + 2))
    day.move("left")
    assert day.record is not None and len(day.record) == 4 + 2 * (RECORD_LIMIT + 1)


# -- the clock is an input (docs/daily.md, "The day") ------------------------------------

FIRST_MS = 946_684_800_000  # 2000-01-01 00:00 UTC: the first day of the board
END_MS = 7_258_118_400_000  # 2200-01-01 00:00 UTC: the first day after the last


def test_the_daily_board_exists_from_the_first_to_the_last_supported_day_only() -> None:
    assert daily.day_of(FIRST_MS) == "2000-01-01" and daily.day_of(FIRST_MS - 1) is None
    assert daily.day_of(END_MS - 1) == "2199-12-31" and daily.day_of(END_MS) is None
    assert daily.day_of(0) is None and daily.day_of(-1) is None


def test_a_clock_outside_the_boards_days_refuses_the_daily_board_and_changes_nothing() -> None:
    for ms in (0, FIRST_MS - 1, END_MS, 10**15):
        e = engine(wall=Wall(ms))
        classic = e.start(None, None)
        try:
            e.start(None, None, daily_board=True)
        except Refused as refused:
            assert refused.reason == "clock" and refused.detail["date"] == daily.utc_date(ms)
        else:
            raise AssertionError(f"a daily board on a clock at {ms}")
        assert e.state() == classic["state"], "the refused start changed the game in play"


def test_a_new_daily_try_across_the_last_midnight_is_refused_before_anything_counts() -> None:
    wall = Wall(END_MS - 20_000)  # 2199-12-31 23:59:40 UTC
    e = engine(wall=wall)
    e.start(None, None, daily_board=True)
    reply = e.take(rules.legal_directions(e.session.position.board)[0], 0)
    wall.ms = END_MS + 1_000
    try:
        e.new_game()
    except Refused as refused:
        assert refused.reason == "clock"
    else:
        raise AssertionError("a daily board after 2199-12-31")
    assert not e.session.counted and stats.daily_result(e.stats, "2199-12-31") is None
    assert e.state() == reply["state"]
    # the day's game is still its own: moves go on, and it ends counted as that day's
    e.take(rules.legal_directions(e.session.position.board)[0], 0)
    assert e.session.daily is not None and e.session.daily.date == "2199-12-31"


def test_the_clock_going_back_a_day_resumes_the_later_days_game() -> None:
    wall = Wall()
    e = engine(wall=wall)
    e.start(None, None, daily_board=True)
    for direction in ("left", "up", "right", "down") * 3:
        reply = e.take(direction, 0)
    wall.ms -= DAY_MS
    back = engine(wall=wall).start(reply["save"], None, daily_board=True)
    assert back["state"]["date"] == DAY and back["state"]["board"] == reply["state"]["board"]
    assert back["state"]["moves"] == reply["state"]["moves"] and not back["spawns"]
    assert not back["game_changed"], "the stored game was written again for nothing"
    wall.ms += DAY_MS  # the clock right again: the same game, not a fresh board
    again = engine(wall=wall).start(reply["save"], None, daily_board=True)
    assert again["state"]["moves"] == reply["state"]["moves"] and not again["state"]["practice"]


def test_a_recorded_day_is_practice_whenever_the_clock_brings_it_back() -> None:
    wall = Wall()
    e = engine(wall=wall)
    e.start(None, None, daily_board=True)
    play_to_end(e)
    assert stats.daily_result(e.stats, DAY) is not None
    wall.ms -= DAY_MS  # back one day: yesterday's board, never played, is no practice
    yesterday = e.new_game()
    assert yesterday["state"]["date"] == "2026-11-30" and not yesterday["state"]["practice"]
    wall.ms += DAY_MS  # right again: the recorded day only as practice
    today = e.new_game()
    assert today["state"]["date"] == DAY and today["state"]["practice"]
