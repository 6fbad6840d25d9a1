"""Keys and gestures to actions (the UI layer's pure parts).

Written in the Python subset MicroPython shares: these tests also run in real
MicroPython (tests/micropython/run.mjs), the interpreter the UI layer runs on.
"""

from game.ui import gestures, keys


def test_arrow_keys_move() -> None:
    assert [keys.action_for_key(k) for k in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")] == [
        "left", "right", "up", "down"]


def test_wasd_and_vim_keys_move_in_either_case() -> None:
    expected = {"w": "up", "a": "left", "s": "down", "d": "right",
                "h": "left", "j": "down", "k": "up", "l": "right"}
    for key, direction in expected.items():
        assert keys.action_for_key(key) == direction
        assert keys.action_for_key(key.upper()) == direction


def test_u_undoes_and_n_starts_a_new_game() -> None:
    assert keys.action_for_key("u") == "undo" and keys.action_for_key("U") == "undo"
    assert keys.action_for_key("n") == "new" and keys.action_for_key("N") == "new"


def test_keys_with_a_modifier_are_left_to_the_browser() -> None:
    assert keys.action_for_key("ArrowLeft", ctrl=True) is None
    assert keys.action_for_key("r", "KeyR", ctrl=True) is None
    assert keys.action_for_key("w", alt=True) is None
    assert keys.action_for_key("n", meta=True) is None


def test_keys_typed_into_a_form_field_are_ignored() -> None:
    assert keys.action_for_key("a", "KeyA", in_field=True) is None
    assert keys.action_for_key("ArrowUp", in_field=True) is None


def test_letter_keys_can_be_turned_off_arrows_stay() -> None:
    assert keys.action_for_key("w", "KeyW", letters=False) is None
    assert keys.action_for_key("ArrowUp", letters=False) == "up"


def test_physical_key_code_works_on_non_latin_layouts() -> None:
    assert keys.action_for_key("ц", "KeyW") == "up"
    assert keys.action_for_key("ф", "KeyA") == "left"


def test_other_keys_do_nothing() -> None:
    for key, code in (("Enter", "Enter"), (" ", "Space"), ("x", "KeyX"), ("Tab", "Tab"), ("1", "Digit1")):
        assert keys.action_for_key(key, code) is None


def test_swipe_direction_is_the_dominant_axis() -> None:
    assert gestures.swipe_direction(60, 10) == "right"
    assert gestures.swipe_direction(-60, 25) == "left"
    assert gestures.swipe_direction(5, 40) == "down"
    assert gestures.swipe_direction(-30, -41) == "up"


def test_swipe_below_threshold_is_no_move() -> None:
    assert gestures.swipe_direction(23, 0) is None
    assert gestures.swipe_direction(0, -23.9) is None
    assert gestures.swipe_direction(24, 0) == "right"


def test_exact_diagonal_swipe_is_ambiguous() -> None:
    assert gestures.swipe_direction(50, 50) is None


def test_tracker_follows_one_pointer_from_down_to_up() -> None:
    tracker = gestures.Tracker()
    assert tracker.down(1, 100, 100)
    assert not tracker.down(2, 0, 0)  # a second finger is ignored
    assert tracker.up(2, 300, 100) is None
    assert tracker.up(1, 100, 30) == "up"
    assert tracker.up(1, 100, 300) is None  # already released


def test_tracker_cancel_forgets_the_gesture() -> None:
    tracker = gestures.Tracker()
    tracker.down(7, 0, 0)
    tracker.cancel(7)
    assert tracker.up(7, 100, 0) is None
    assert tracker.down(8, 0, 0)


def test_b_reads_the_board_in_either_case_and_on_any_layout() -> None:
    assert keys.action_for_key("b", "KeyB") == "read-board"
    assert keys.action_for_key("B", "KeyB", shift=True) == "read-board"
    assert keys.action_for_key("и", "KeyB") == "read-board"  # a Cyrillic layout


def test_shift_s_says_the_numbers_and_plain_s_stays_down() -> None:
    assert keys.action_for_key("S", "KeyS", shift=True) == "read-numbers"
    assert keys.action_for_key("Ы", "KeyS", shift=True) == "read-numbers"
    assert keys.action_for_key("s", "KeyS") == "down"
    assert keys.action_for_key("S", "KeyS") == "down"  # Caps Lock, no Shift: still a move
    assert keys.action_for_key("W", "KeyW", shift=True) == "up"  # Shift changes only S


def test_reading_keys_are_ignored_with_modifiers_in_fields_and_without_letter_keys() -> None:
    for kwargs in ({"ctrl": True}, {"alt": True}, {"meta": True}, {"in_field": True},
                   {"letters": False}):
        assert keys.action_for_key("b", "KeyB", **kwargs) is None, kwargs
        assert keys.action_for_key("S", "KeyS", shift=True, **kwargs) is None, kwargs


def test_reading_keys_are_not_move_attempts() -> None:
    for action in keys.READING:
        assert action not in keys.DIRECTIONS and action not in ("undo", "new")


def test_what_a_key_puts_in_the_queue_by_what_is_on_screen() -> None:
    assert keys.queued("left", None, False, False) == "left"
    assert keys.queued("left", None, True, False) == "noop"  # a dialog in front: counted only
    assert keys.queued("left", "", False, False) == "noop"  # a replay on the board
    assert keys.queued("undo", "", False, False) == "noop"
    assert keys.queued("new", "", False, False) is None
    assert keys.queued("left", "practice:", False, False) == "practice:left"  # a practice: its move
    assert keys.queued("left", "practice:", True, False) == "noop"
    assert keys.queued("undo", "practice:", False, False) == "practice:undo"  # it is practice
    assert keys.queued("back", "practice:", False, False) == "practice:back"  # Escape: to the review
    assert keys.queued("back", "", False, False) is None and keys.queued("back", None, False, False) is None
    assert keys.queued("back", "practice:", True, False) is None  # a dialog in front closes itself
    assert keys.action_for_key("Escape") == "back" and keys.action_for_key("Escape", ctrl=True) is None
    assert keys.queued("new", "practice:", False, False) is None
    assert keys.queued("new", None, False, False) == "new?"  # over a game in progress: asks
    assert keys.queued("new", None, False, True) == "new"
    assert keys.queued("new", None, True, True) is None
    for reading in keys.READING:
        assert keys.queued(reading, None, False, False) is None
