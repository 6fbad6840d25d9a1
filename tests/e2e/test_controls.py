"""Every way to move: keys (each binding), modifiers ignored, touch swipes, mouse drags."""

from __future__ import annotations

from playwright.sync_api import CDPSession

from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import GamePage
from tests.e2e.positions import KEYS_BOARD, State

BINDINGS = {
    "left": ("ArrowLeft", "a", "h", "Shift+KeyA", "Shift+KeyH"),
    "right": ("ArrowRight", "d", "l", "Shift+KeyD", "Shift+KeyL"),
    "up": ("ArrowUp", "w", "k", "Shift+KeyW", "Shift+KeyK"),
    # Shift+S says the numbers (test_keyboard.py): a capital S without Shift (Caps Lock)
    # still moves down.
    "down": ("ArrowDown", "s", "j", "S", "Shift+KeyJ"),
}
STEP = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def each_direction(start: State) -> dict[str, set[State]]:
    """What each direction can give; the sets must not overlap (nor hold the start)."""
    results = {d: positions.outcomes(start, [d]) for d in BINDINGS}
    for d, states in results.items():
        assert start not in states
        for other, other_states in results.items():
            assert other == d or not states & other_states, (d, other)
    return results


def test_every_key_binding_moves_its_way_and_u_undoes_exactly(game: GamePage) -> None:
    start = game.set_board(KEYS_BOARD)
    results = each_direction(start)
    game.start()
    inputs = 0
    for direction, keys in BINDINGS.items():
        for n, key in enumerate(keys):
            game.press(key)
            inputs += 1
            game.wait_inputs(inputs)
            moved = game.game_state()
            assert moved in results[direction], f"{key} did not move {direction}: {moved}"
            game.press("u" if n % 2 else "Shift+KeyU")
            inputs += 1
            game.wait_inputs(inputs)
            assert game.game_state() == start, f"undo after {key} did not restore the game"
    assert game.state()["status"] == "playing"


def test_keys_with_ctrl_alt_or_meta_are_ignored(game: GamePage) -> None:
    start = game.set_board(KEYS_BOARD)
    game.start()
    game.press("Control+ArrowLeft", "Control+KeyD", "Control+KeyU", "Alt+ArrowDown", "Alt+KeyW",
               "Alt+KeyN", "Meta+ArrowUp", "Meta+KeyL", "Meta+KeyN", "Control+Shift+KeyJ")
    game.press("u")  # nothing to undo: handled, changes nothing, and comes after the others
    data = game.wait_inputs(1)
    assert game.game_state() == start and data["status"] == "playing"
    assert not game.dialog_open("confirm")


def swipe(cdp: CDPSession, x: float, y: float, dx: float, dy: float, steps: int = 6) -> None:
    """A real touch swipe: touchStart, several touchMoves, touchEnd."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, steps + 1):
        point = {"x": x + dx * i / steps, "y": y + dy * i / steps}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_swipes_on_a_phone_move_without_scrolling_the_page(open_game: OpenGame) -> None:
    game = open_game(viewport={"width": 390, "height": 844}, device_scale_factor=3,
                     is_mobile=True, has_touch=True)
    start = game.set_board(KEYS_BOARD)
    results = each_direction(start)
    game.start()
    # Whatever the page's own height, make it scrollable: a swipe must still not scroll it.
    game.page.evaluate("() => { const s = document.createElement('div');"
                       " s.style.height = '3000px'; document.body.append(s); }")
    cdp = game.context.new_cdp_session(game.page)
    inputs = 0
    for direction in ("up", "left", "down", "right"):
        x, y = game.board_centre()
        sx, sy = STEP[direction]
        swipe(cdp, x, y, 110 * sx, 110 * sy)
        inputs += 1
        game.wait_inputs(inputs)
        assert game.game_state() in results[direction], f"swipe {direction}"
        assert game.scroll_y() == 0, f"the page scrolled on a swipe {direction}"
        game.press("u")  # (a tap right after a fast swipe may only stop the fling: no click)
        inputs += 1
        game.wait_inputs(inputs)
        assert game.game_state() == start
    assert game.scroll_y() == 0


def test_mouse_drag_moves_and_a_drag_under_the_threshold_does_nothing(game: GamePage) -> None:
    start = game.set_board(KEYS_BOARD)
    results = each_direction(start)
    game.start()
    mouse = game.page.mouse
    x, y = game.board_centre()
    mouse.move(x, y)
    mouse.down()
    mouse.move(x - 12, y + 4, steps=3)  # 12 px: below the threshold
    mouse.up()
    game.press("u")  # nothing to undo; handled after the drag, had it counted
    game.wait_inputs(1)
    assert game.game_state() == start, "a short drag moved the tiles"
    inputs = 1
    for direction in ("left", "up", "right", "down"):
        sx, sy = STEP[direction]
        mouse.move(x, y)
        mouse.down()
        mouse.move(x + 120 * sx, y + 120 * sy, steps=6)
        mouse.up()
        inputs += 1
        game.wait_inputs(inputs)
        assert game.game_state() in results[direction], f"drag {direction}"
        game.press("u")
        inputs += 1
        game.wait_inputs(inputs)
        assert game.game_state() == start
