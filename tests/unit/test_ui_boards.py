"""Which board the page shows, and switching boards (game/ui/boards.py): a switch takes
effect only once answered, and the daily board needs a clock within its days.

MicroPython-compatible, like test_ui_input.py: plain asserts, a fake storage.
"""

from game.ui import boards
from game.ui.store import DAILY, MODE
from tests.unit.test_ui_rooms import FakeStore as Storage

NOON = 1_796_126_400_000  # 2026-12-01 12:00 UTC
FLAT_BATTERY = 0  # 1970-01-01
AFTER_THE_LAST_DAY = 7_258_118_400_000  # 2200-01-01 00:00 UTC


def test_a_switch_changes_nothing_until_it_is_answered() -> None:
    store = Storage()
    shown = boards.Boards(store, 4, lambda: NOON)
    assert shown.ask("daily", 4) == DAILY
    assert shown.mode == "classic" and shown.key == "game" and MODE not in store.items
    assert shown.answered() and shown.mode == "daily" and shown.key == DAILY
    assert store.items[MODE] == "daily"


def test_a_failed_switch_leaves_the_board_and_the_stored_mode_as_they_were() -> None:
    store = Storage()
    shown = boards.Boards(store, 4, lambda: NOON)
    shown.ask("daily", 4)
    assert shown.failed() and not shown.answered()
    assert shown.mode == "classic" and MODE not in store.items
    shown.ask("classic", 5)
    assert shown.failed() and shown.size == 4 and shown.key == "game"


def test_another_size_is_the_normal_games_board_and_leaves_the_daily_one() -> None:
    store = Storage({MODE: "daily"})
    shown = boards.Boards(store, 4, lambda: NOON)
    assert shown.key == DAILY and shown.other_mode() == "classic"
    assert shown.ask("classic", 6) == "game-6"
    shown.answered()
    assert (shown.mode, shown.size, shown.key) == ("classic", 6, "game-6")
    assert store.items[MODE] == "classic" and shown.other_mode() == "daily"


def test_a_clock_outside_the_boards_days_keeps_the_daily_board_off_and_says_its_date() -> None:
    assert boards.Boards(Storage(), 4, lambda: NOON).clock_refusal() is None
    assert boards.Boards(Storage(), 4, lambda: FLAT_BATTERY).clock_refusal() == "1970-01-01"
    assert boards.Boards(Storage(), 4, lambda: AFTER_THE_LAST_DAY).clock_refusal() == "2200-01-01"
    assert boards.Boards(Storage(), 4, lambda: AFTER_THE_LAST_DAY - 1).clock_refusal() is None


def test_a_stored_daily_mode_on_a_wrong_clock_is_set_aside_for_the_normal_game() -> None:
    store = Storage({MODE: "daily"})
    shown = boards.Boards(store, 5, lambda: FLAT_BATTERY)
    assert (shown.mode, shown.key, shown.clock_said) == ("classic", "game-5", "1970-01-01")
    assert store.items[MODE] == "classic"
    right = boards.Boards(Storage({MODE: "daily"}), 5, lambda: NOON)
    assert (right.mode, right.clock_said) == ("daily", "")


def test_a_stored_mode_that_is_not_one_is_the_normal_game() -> None:
    for stored in ("", "Daily", "<b>daily</b>", "daily\u0000"):
        assert boards.Boards(Storage({MODE: stored}), 4, lambda: NOON).mode == "classic"
