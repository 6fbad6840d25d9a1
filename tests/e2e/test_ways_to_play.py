"""Settings: every control applies at once and survives a reload; board sizes keep their
own games; five undos in a row at game over; 5×5 and 6×6 played by keys and swipes."""

from __future__ import annotations

import json

from game import chance, rules, saves
from game.rules import Board
from game.session import Session
from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import GamePage
from tests.e2e.test_controls import swipe

SETTINGS_KEY = positions.SETTINGS_KEY
settings_text = positions.settings_text


def stored(game: GamePage, key: str) -> str | None:
    found: str | None = game.evaluate(f"() => localStorage.getItem({json.dumps(key)})")
    return found


def root_attribute(game: GamePage, name: str) -> str | None:
    found: str | None = game.evaluate(f"() => document.documentElement.getAttribute({json.dumps(name)})")
    return found


def every_direction_moves(size: int) -> Board:
    """A board of `size` on which each of the four moves changes something."""
    rows = []
    for r in range(size):
        row = [0] * size
        row[(r * 2) % size] = 2 << (r % 3)
        rows.append(row)
    rows[0][size - 1] = 2
    board = positions.board_of(rows)
    assert all(rules.slide(board, d)[0] != board for d in rules.DIRECTIONS)
    return board


def test_each_setting_applies_at_once_and_survives_a_reload(open_game: OpenGame) -> None:
    # With the system's motion on: Animations "off" must then be what stops it.
    game = open_game(viewport={"width": 1000, "height": 800}, reduced_motion="no-preference")
    game.start()
    assert game.evaluate("() => getComputedStyle(document.documentElement)"
                         ".getPropertyValue('--move-ms').trim()") != "0ms"
    assert root_attribute(game, "data-theme") is None  # automatic: the system decides
    game.choose_setting("theme", "dark")
    assert root_attribute(game, "data-theme") == "dark"
    assert game.evaluate("() => getComputedStyle(document.body).colorScheme").startswith("dark")
    bar = "() => [...document.querySelectorAll('meta[name=theme-color]')].map(m => m.content)"
    assert game.evaluate(bar) == ["#17141f", "#17141f"]  # the browser's bar follows
    game.choose_setting("animations", "off")
    assert root_attribute(game, "data-motion") == "off"
    assert game.evaluate("() => getComputedStyle(document.documentElement)"
                         ".getPropertyValue('--move-ms').trim()") == "0ms"
    game.choose_setting("letters", "off")
    game.choose_setting("undo", "5")
    game.choose_setting("size", "6")
    data = game.wait_for("a 6×6 board", lambda d: d["size"] == "6" and d["status"] == "playing")
    assert len(positions.parse_board(data["board"])) == 6
    doc = json.loads(stored(game, SETTINGS_KEY) or "{}")
    assert (doc["theme"], doc["animations"], doc["letters"], doc["undo"], doc["size"]) == (
        "dark", "off", False, 5, 6)
    game.wait_for("the 6×6 game stored", lambda d: stored(game, "py2048:game-6") is not None)
    assert json.loads(stored(game, "py2048:game-6") or "{}")["undo_depth"] == 5

    game.page.reload()
    # The look is on <html> before Python runs (assets/settings.js): no flash.
    game.wait_ready()
    assert root_attribute(game, "data-theme") == "dark"
    assert game.evaluate(bar) == ["#17141f", "#17141f"]
    assert root_attribute(game, "data-motion") == "off"
    assert game.state()["size"] == "6"
    assert game.page.locator("#set-theme").input_value() == "dark"
    assert game.page.locator("#set-undo").input_value() == "5"
    assert game.page.locator("#set-letters").input_value() == "off"
    # Letter keys off: "a" is left to the browser, arrows still play.
    inputs = int(game.state()["inputs"])
    game.press("a", "ArrowLeft")
    game.wait_inputs(inputs + 1)


def test_the_saved_theme_is_on_the_page_before_python_starts(game: GamePage) -> None:
    game.prepare_storage({SETTINGS_KEY: settings_text(theme="contrast", animations="fast")})
    game.goto(wait_until="domcontentloaded")
    assert game.state()["status"] == "loading"
    assert root_attribute(game, "data-theme") == "contrast"
    assert root_attribute(game, "data-motion") == "fast"
    game.wait_ready()


def test_switching_sizes_keeps_each_game_exactly(game: GamePage) -> None:
    game.set_board(positions.KEYS_BOARD)
    game.start()
    game.press("ArrowLeft")
    four = game.wait_inputs(1)
    game.choose_setting("size", "5")
    five = game.wait_for("a 5×5 game", lambda d: d["size"] == "5" and d["status"] == "playing")
    assert five["moves"] == "0" and positions.tile_count(positions.parse_board(five["board"])) == 2
    for key in ("ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight"):
        game.press(key)
    five = game.wait_inputs(5)
    game.choose_setting("size", "4")
    back = game.wait_for("the 4×4 game again", lambda d: d["size"] == "4")
    assert (back["board"], back["score"], back["moves"]) == (four["board"], four["score"], four["moves"])
    game.choose_setting("size", "5")
    again = game.wait_for("the 5×5 game again", lambda d: d["size"] == "5")
    assert (again["board"], again["score"], again["moves"]) == (five["board"], five["score"], five["moves"])
    game.page.reload()
    data = game.wait_ready()
    assert (data["size"], data["board"], data["moves"]) == ("5", five["board"], five["moves"])


def game_over_with_history(depth: int) -> str:
    """A saved game that is over, with `depth` moves in its undo history (played out
    on CPython from a seeded source, always the first direction that moves)."""
    source = chance.seeded(8)
    while True:
        session, _ = Session.new(4, source, undo_depth=depth)
        while not session.over:
            moved = [d for d in ("left", "up", "right", "down") if session.move(d).changed]
            assert moved
        if len(session.history) == depth and not session.position.won:
            return saves.dump_game(session)


def test_five_undos_in_a_row_from_a_finished_board(game: GamePage) -> None:
    text = game_over_with_history(5)
    doc = json.loads(text)
    game.prepare_storage({positions.GAME_KEY: text, SETTINGS_KEY: settings_text(undo=5)})
    data = game.start()
    assert data["status"] == "over" and game.dialog_open("over")
    game.page.locator("#over-dialog").get_by_role("button", name="Undo").click()
    game.press("u", "u", "u", "u")
    data = game.wait_inputs(5)
    first = doc["history"][0]
    assert data["status"] == "playing"
    assert positions.parse_board(data["board"]) == positions.board_of(first["board"])
    assert (int(data["score"]), int(data["moves"])) == (first["score"], first["moves"])
    game.press("u")  # a sixth: nothing left to undo
    data = game.wait_inputs(6)
    assert int(data["moves"]) == first["moves"]


def test_lowering_undo_steps_trims_the_history_at_once(game: GamePage) -> None:
    text = game_over_with_history(5)
    game.prepare_storage({positions.GAME_KEY: text, SETTINGS_KEY: settings_text(undo=5)})
    game.start()
    game.page.locator("#over-dialog").get_by_role("button", name="Undo").click()
    game.wait_inputs(1)
    game.choose_setting("undo", "1")
    game.wait_for("a trimmed history", lambda d: len(json.loads(stored(game, positions.GAME_KEY) or "{}")
                                                      .get("history", [0, 0])) == 1)
    moves = int(game.state()["moves"])
    game.press("u", "u")
    data = game.wait_inputs(3)
    assert int(data["moves"]) == moves - 1  # one step, then nothing


def test_large_and_expert_boards_play_by_keys_and_swipes_on_a_phone(open_game: OpenGame) -> None:
    for size in (5, 6):
        game = open_game(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                         device_scale_factor=2)
        board = every_direction_moves(size)
        game.prepare_storage({
            f"py2048:game-{size}": positions.game_text(board),
            SETTINGS_KEY: settings_text(size=size),
        })
        data = game.start()
        moves = int(data["moves"])
        assert data["size"] == str(size)
        assert game.page.locator("#cells .cell").count() == size * size
        box = game.page.locator("#board").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        game.press("ArrowRight")
        data = game.wait_inputs(1)
        assert int(data["moves"]) == moves + 1
        cdp = game.context.new_cdp_session(game.page)
        x, y = game.board_centre()
        swipe(cdp, x, y, -110, 0)
        data = game.wait_inputs(2)
        assert int(data["moves"]) == moves + 2 and data["size"] == str(size)
        assert game.scroll_y() == 0
