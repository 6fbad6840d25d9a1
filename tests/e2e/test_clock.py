"""A device clock the game does not expect: the daily board says so and stays off, the
normal game is untouched, a call that fails changes nothing, and a reload always plays.

The clock is shifted in the page and in the engine's worker alike (tests/e2e/clock.py):
the engine reads its own `Date`. docs/reliability.md lists each case with its test.
"""

from __future__ import annotations

import json

import pytest

from game import replay
from tests.e2e.clock import DeviceClock
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import Dataset, GamePage
from tests.e2e.test_before_engine import engine_held

DAY_MS = 86_400_000
FLAT_BATTERY = 12 * 3_600_000  # 1970-01-01 12:00 UTC
END_MS = 7_258_118_400_000  # 2200-01-01 00:00 UTC: the first day after the daily board's last
NOON = 1_796_126_400_000  # 2026-12-01 12:00 UTC
KEYS = ["ArrowDown", "ArrowLeft", "ArrowRight", "ArrowUp"]


def stored(game: GamePage, key: str) -> str | None:
    value = game.evaluate(f"() => localStorage.getItem('py2048:{key}')")
    return None if value is None else str(value)


def moves_made(game: GamePage, count: int) -> Dataset:
    """`count` key presses that move the board (each direction tried in turn)."""
    data = game.state()
    for _ in range(count * 8):
        if int(data["moves"]) >= count:
            return data
        before = int(data["inputs"])
        game.press(KEYS[before % 4])
        data = game.wait_inputs(before + 1)
    raise AssertionError(f"the board would not move: {data}")


def no_errors(game: GamePage) -> None:
    assert not game.page_errors, game.page_errors
    assert game.state()["status"] != "error"


def test_a_flat_clock_battery_keeps_the_daily_board_off_and_the_normal_game_untouched(
        game: GamePage) -> None:
    DeviceClock(game, FLAT_BATTERY)
    game.start()
    moves_made(game, 3)
    game.click("#daily")
    game.poll("the clock's sentence", lambda: "1970-01-01" in game.notice()[1])
    assert "daily board needs today's date" in game.notice()[1]
    data = moves_made(game, 6)  # the keys still play the normal game, stored as such
    assert data["mode"] == "classic" and stored(game, "mode") != "daily"
    assert stored(game, "daily") is None, "moves went into the daily board's slot"
    stored_now = stored(game, "game")
    assert stored_now is not None and json.loads(stored_now)["moves"] == int(data["moves"])
    game.page.reload()
    again = game.wait_ready()
    assert again["mode"] == "classic" and again["board"] == data["board"]
    no_errors(game)


def test_a_stored_daily_mode_a_wrong_clock_cannot_open_is_set_aside_and_the_page_plays(
        game: GamePage) -> None:
    game.prepare_storage({"py2048:mode": "daily"})
    DeviceClock(game, END_MS + DAY_MS)
    data = game.start()
    assert data["mode"] == "classic" and data["status"] == "playing"
    assert "2200-01-02" in game.notice()[1]
    assert stored(game, "mode") == "classic"
    moves_made(game, 2)
    no_errors(game)


@pytest.mark.alone
def test_across_the_last_midnight_the_days_game_is_kept_and_another_try_refused(
        game: GamePage) -> None:
    # 2199-12-31 23:59:40 UTC: the page's and the engine's start, the Daily board and two
    # moves must all come before midnight; a slow day took more than the 4 s once given.
    clock = DeviceClock(game, END_MS - 20_000)
    game.start()
    assert clock.now() < END_MS - 5_000, "the start took the whole margin: no day left to play"
    game.click("#daily")
    game.wait_for("the last day's board", lambda d: d.get("mode") == "daily" and d["status"] == "playing")
    data = moves_made(game, 2)
    game.poll("the device's midnight", lambda: int(game.evaluate("Date.now()")) >= END_MS, timeout=30)
    game.press("n")  # New game: after a move, the player confirms first
    game.poll("the confirmation", lambda: game.dialog_open("confirm"))
    game.page.locator("#confirm-dialog [data-action=confirm-new]").click()
    game.poll("the clock's sentence", lambda: "2200-01-01" in game.notice()[1])
    after = game.state()
    assert after["mode"] == "daily" and after["board"] == data["board"], "the day's game was replaced"
    stored_now = json.loads(stored(game, "daily") or "{}")
    assert stored_now.get("counted") is not True and stored_now["daily"] == "2199-12-31"
    assert stored(game, "stats") is None or "2199-12-31" not in (stored(game, "stats") or "")
    game.page.reload()
    again = game.wait_ready()  # the stored daily mode is set aside: the normal game plays
    assert again["mode"] == "classic" and again["status"] == "playing"
    assert json.loads(stored(game, "daily") or "{}")["moves"] == int(data["moves"]), "the day's game is gone"
    no_errors(game)
    assert clock.now() >= END_MS


def test_the_clock_back_a_day_and_forward_again_keeps_the_days_unfinished_game(
        game: GamePage) -> None:
    clock = DeviceClock(game, NOON)
    game.start()
    game.click("#daily")
    game.wait_for("the daily board", lambda d: d.get("mode") == "daily" and d["status"] == "playing")
    data = moves_made(game, 5)
    for when in (NOON - DAY_MS, NOON):
        clock.set(when)
        game.page.reload()
        again = game.wait_ready()
        assert again["mode"] == "daily" and again["board"] == data["board"], when
        assert again["moves"] == data["moves"] and "2026-12-01" in str(game.evaluate(
            "() => document.getElementById('size-label').textContent"))
        assert "practice" not in str(game.evaluate(
            "() => document.getElementById('size-label').textContent"))
    no_errors(game)


def code_of_a_day(date: str, count: int) -> str:
    """A code of `count` legal moves on `date`'s daily board, played here."""
    from game import chance, daily, rules
    from game.session import Session

    session, _ = Session.new(4, chance.seeded(1), daily=daily.Daily(date))
    moves: list[str] = []
    while len(moves) < count:
        direction = rules.legal_directions(session.position.board)[0]
        session.move(direction)
        moves.append(direction)
    return replay.encode(date, 4, moves)


def test_a_code_of_a_day_after_the_devices_today_says_its_day_has_not_come(
        open_game: OpenGame) -> None:
    friend = open_game()
    DeviceClock(friend, NOON)  # 2026-12-01, and the code is of 2026-12-02
    friend.page.goto(friend.address() + "#replay=" + code_of_a_day("2026-12-02", 12))
    friend.wait_ready()
    friend.poll("the verdict", lambda: bool(friend.state().get("replay")))
    said = str(friend.evaluate("() => document.getElementById('replay-verdict').textContent"))
    assert said.startswith("Verified") and "2026-12-02" in said, said
    assert "has not come yet" in said and "2026-12-01" in said, said
    no_errors(friend)


@pytest.mark.alone
def test_the_daily_board_played_before_the_engine_across_midnight_is_the_one_taken_over(
        game: GamePage) -> None:
    """The page plays the day's board itself (the engine held back); midnight (UTC)
    passes and the player goes on; then the engine starts, in the new day. It takes
    over the board on screen, that day's, with every move: nothing moves, nothing is
    said to be refused, and the stored game is that day's."""
    midnight = NOON + DAY_MS // 2  # 2026-12-02 00:00 UTC
    DeviceClock(game, midnight - 5_000)
    with engine_held(game) as held:
        game.goto()
        game.wait_playable()
        game.click("#daily")
        game.wait_for("the day's board", lambda d: d.get("mode") == "daily" and d["status"] == "playing")
        moves_made(game, 2)
        game.poll("the device's midnight", lambda: int(game.evaluate("Date.now()")) >= midnight, timeout=15)
        data = moves_made(game, 4)
        assert data["engine"] == "starting"
        held.release()
        after = game.wait_ready()
    assert [after[k] for k in ("mode", "board", "moves", "score")] == ["daily", data["board"], data["moves"],
                                                                       data["score"]]
    assert "could not be kept" not in game.notice()[1]
    stored_now = json.loads(stored(game, "daily") or "{}")
    assert stored_now["daily"] == "2026-12-01" and stored_now["moves"] == int(data["moves"]), stored_now
    no_errors(game)
