"""Playable at first paint: the page plays the engine's own rules until Pyodide takes over.

Each test holds the engine's WebAssembly back (a route that does not answer until the
test lets it through), so what is checked happens before the engine exists; then the
engine takes over, and the game must go on from exactly the board on screen.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from game import record, rules
from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import BOOT_TIMEOUT, GamePage
from tests.e2e.positions import State

KEYS = {"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}
WASM = "**/pyodide.asm.wasm"


class Held:
    """The engine's WebAssembly held back for one page, until `release`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        self.released = False
        page.route(WASM, self.hold)

    def hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes = []


@contextmanager
def engine_held(game: GamePage) -> Iterator[Held]:
    held = Held(game.page)
    try:
        yield held
    finally:
        held.release()


def judged_moves(game: GamePage, count: int, first: int = 0) -> State:
    """`count` keys, each judged by the rules: the board after it is one the slide and a
    spawn of 2 or 4 in an empty cell allow (or unchanged when the slide changes nothing)."""
    for n in range(count):
        before = game.game_state()
        board = before[0]
        legal = rules.legal_directions(board)
        direction = legal[n % len(legal)] if n % 5 else "left"  # now and then one that may not move
        game.press(KEYS[direction])
        data = game.wait_inputs(first + n + 1)
        after = game.game_state()
        if rules.slide(board, direction)[0] == board:
            assert after == before, f"{direction} changed nothing by the rules, yet {data['board']}"
        else:
            assert after in positions.after_move([before], direction), (direction, before, after)
        assert data["engine"] == "starting", "the engine's wasm is held: the page played this"
    return game.game_state()


def test_a_first_visit_plays_at_once_and_the_engine_takes_over_without_a_seam(game: GamePage) -> None:
    with engine_held(game) as held:
        game.goto()
        data = game.wait_playable()
        assert data["engine"] == "starting" and data["moves"] == "0"
        tiles = game.tiles()
        assert len(tiles) == 2 and positions.tile_count(positions.parse_board(data["board"])) == 2
        shown = judged_moves(game, 12)
        game.page.reload()  # before the engine ever ran: the very board comes back
        data = game.wait_playable()
        assert game.game_state() == shown and data["engine"] == "starting"
        shown = judged_moves(game, 6)
        assert game.evaluate("() => localStorage.getItem('py2048:game')") is None  # steps only
        held.release()
        data = game.wait_ready()
        assert game.game_state() == shown, "the hand-over moved the board"
        assert game.evaluate("() => localStorage.getItem('py2048:game-steps')") is None
        stored = game.evaluate("() => JSON.parse(localStorage.getItem('py2048:game'))")
        assert (stored["score"], stored["moves"]) == shown[1:]
        assert positions.board_attr(tuple(map(tuple, stored["board"]))) == data["board"]
        played = game.game_state()
        legal = rules.legal_directions(played[0])[0]
        game.press(KEYS[legal])
        game.wait_inputs(int(data["inputs"]) + 1)
        assert game.game_state() in positions.after_move([played], legal)
    after = game.game_state()
    game.page.reload()
    game.wait_ready()
    assert game.game_state() == after


def test_a_game_given_up_before_the_engine_ran_is_in_the_statistics_after(game: GamePage) -> None:
    with engine_held(game) as held:
        game.goto()
        game.wait_playable()
        moved = judged_moves(game, 8)
        game.click("#new-game")
        game.click("[data-action=confirm-new]")
        game.wait_for("a new game", lambda data: data["moves"] == "0")
        game.click("#stats")  # before the engine: the numbers wait for it, and say so
        assert game.evaluate("() => document.getElementById('stats-grid').hasAttribute('data-starting')")
        assert game.page.locator(".stats-waiting").is_visible()
        held.release()
        game.wait_ready()
        game.poll("the numbers", lambda: game.page.locator("#stat-played").text_content() == "1")
        assert not game.page.locator(".stats-waiting").is_visible()
        assert game.page.locator("#stat-moves").text_content() == str(moved[2])
        assert game.page.locator("#stat-best-score").text_content() == f"{moved[1]:,}"


def test_another_tab_follows_the_moves_of_a_tab_whose_engine_is_still_starting(
        open_game: OpenGame) -> None:
    first = open_game(viewport={"width": 1000, "height": 800})
    first.start()
    second = GamePage(first.context, first.context.new_page(), first.base_url)
    with engine_held(second) as held:
        second.goto()
        second.wait_playable()
        assert second.game_state() == first.game_state()  # the same stored game
        shown = judged_moves(second, 5)
        first.poll("the first tab following", lambda: first.game_state() == shown, BOOT_TIMEOUT)
        held.release()
        second.wait_ready()
        assert second.game_state() == shown
    assert first.evaluate("() => localStorage.getItem('py2048:game-steps')") is None
    legal = rules.legal_directions(shown[0])[0]
    inputs = int(second.state()["inputs"])
    second.press(KEYS[legal])
    second.wait_inputs(inputs + 1)
    moved = second.game_state()
    first.poll("the first tab following the engine's move", lambda: first.game_state() == moved)


_HEARD = """() => {
  // Every text the live region takes from now on, in order (what a screen reader hears).
  window.e2eHeard = [];
  const live = document.getElementById("live");
  new MutationObserver(() => window.e2eHeard.push(live.textContent.trim()))
    .observe(live, {childList: true, characterData: true, subtree: true});
}"""


def tampered(game: GamePage, way: str) -> dict[str, Any] | None:
    """The stored steps, one of them made one the engine refuses: a spawned 8 where a
    2 or 4 was (`eight`), or a direction that changes nothing on its board (`still`;
    None while no stored board has such a direction yet)."""
    doc: dict[str, Any] = json.loads(game.evaluate("() => localStorage.getItem('py2048:game-steps')"))
    board = rules.new_board(4)
    for row, column, value in doc["start"][:2]:  # its two tiles (then the identity's word)
        board = rules.place(board, (row, column), value)
    for at, step in enumerate(doc["steps"]):
        if step[0] != "move":
            continue
        still = [d for d in rules.DIRECTIONS if rules.slide(board, d)[0] == board]
        if at >= 2 and (way == "eight" or still):
            if way == "eight":
                step[4] = 8
            else:
                step[1] = still[0]
            return doc
        board = rules.place(rules.slide(board, step[1])[0], (step[2], step[3]), step[4])
    return None


@pytest.mark.parametrize("way", ["eight", "still"])
def test_a_refused_step_is_said_as_it_is_on_screen_and_out_loud(game: GamePage, way: str) -> None:
    """Steps played before the engine, edited in storage (by a hand, another program)
    so that the engine refuses one: the game goes on from the last legal step, the
    notice says why, and what is read out says where the game now is: not "New game"
    (for the fresh game the steps began) nor a move the player never made."""
    with engine_held(game) as held:
        game.goto()
        game.wait_playable()
        played = 16
        judged_moves(game, played)
        doc = tampered(game, way)
        while doc is None and played < 96:  # early boards where every direction moves: on
            judged_moves(game, 8, played)
            played += 8
            doc = tampered(game, way)
        assert doc is not None, f"no stored step to make {way} in {played} moves"
        game.page.evaluate("text => localStorage.setItem('py2048:game-steps', text)", json.dumps(doc))
        game.evaluate(_HEARD)
        held.release()
        data = game.wait_ready()
    game.poll("the notice", lambda: "could not be kept" in game.notice()[1])
    heard = game.evaluate("() => window.e2eHeard")
    assert heard == [f"The game goes on from move {data['moves']}, score {data['score']}."], heard


def test_steps_the_page_cannot_play_at_a_load_are_said_too(game: GamePage) -> None:
    """The same edit while no tab is open: the page, loading, plays the steps up to the
    one it cannot play, and says so as the engine would; the engine then agrees."""
    with engine_held(game) as held:
        game.goto()
        game.wait_playable()
        judged_moves(game, 12)
        game.page.goto(game.base_url + "/README.md")  # the game closed, storage kept
        doc = tampered(game, "eight")
        game.page.evaluate("text => localStorage.setItem('py2048:game-steps', text)", json.dumps(doc))
        game.goto()
        shown = game.wait_playable()
        game.poll("the notice", lambda: "could not be kept" in game.notice()[1])
        said = game.evaluate("() => document.getElementById('live').textContent.trim()")
        assert said == f"The game goes on from move {shown['moves']}, score {shown['score']}.", said
        held.release()
        data = game.wait_ready()
    assert (data["board"], data["moves"]) == (shown["board"], shown["moves"])


def test_five_step_undo_used_before_the_engine_goes_on_as_the_engine_allows(game: GamePage) -> None:
    """Undo keeps five steps (Settings). Before the engine runs the player makes seven
    moves and undoes two; the engine takes over, and undo goes on exactly where the
    page left it: three more steps back, each to the board that was shown there, then
    no further (five in all)."""
    game.prepare_storage({positions.SETTINGS_KEY: positions.settings_text(undo=5)})
    with engine_held(game) as held:
        game.goto()
        first = game.wait_playable()
        boards = [first["board"]]
        inputs = 0
        while len(boards) < 8:
            board = positions.parse_board(game.state()["board"])
            game.press(KEYS[rules.legal_directions(board)[inputs % len(rules.legal_directions(board))]])
            inputs += 1
            boards.append(game.wait_inputs(inputs)["board"])
        for back in (6, 5):
            game.press("u")
            inputs += 1
            data = game.wait_inputs(inputs)
            assert (data["board"], data["moves"]) == (boards[back], str(back)), back
        held.release()
        game.wait_ready()
    for back in (4, 3, 2):
        game.press("u")
        inputs += 1
        data = game.wait_inputs(inputs)
        assert (data["board"], data["moves"], data["engine"]) == (boards[back], str(back), "snapshot"), back
    game.press("u")
    inputs += 1
    data = game.wait_inputs(inputs)
    assert (data["board"], data["moves"]) == (boards[2], "2"), "five steps in all"
    said = game.evaluate("() => document.getElementById('live').textContent.trim()")
    assert said == "Nothing to undo.", said


def test_a_storm_of_keys_across_the_engines_takeover_loses_none_and_doubles_none(game: GamePage) -> None:
    """300 keys or more, 5 ms apart, begun while the page plays by itself and going on
    while the engine takes over (at least 50 after it): every key is handled once
    (`data-inputs`), and the game the engine stores is exactly those keys played by
    the rules, in order: each key that could move the board moved it once, with one
    spawn, and each that could not left it as it was."""
    game.prepare_storage({positions.SETTINGS_KEY: positions.settings_text(size=6)})  # no game over
    pressed: list[str] = []
    taken_at = -1
    with engine_held(game) as held:
        game.goto()
        game.wait_playable()
        while len(pressed) < 300 or taken_at < 0 or len(pressed) - taken_at < 50:
            direction = ("left", "down", "right", "down", "up")[len(pressed) % 5]
            game.page.keyboard.press(KEYS[direction])
            pressed.append(direction)
            if len(pressed) == 100:
                held.release()
            if taken_at < 0 and len(pressed) % 10 == 0 and game.state()["engine"] != "starting":
                taken_at = len(pressed)
            game.page.wait_for_timeout(5)  # the storm's pace, not a wait for the page
            assert len(pressed) < 3000, "the engine never took over"
    data = game.wait_inputs(len(pressed), timeout=60)
    assert data["engine"] == "snapshot" and 100 <= taken_at <= len(pressed) - 50, (taken_at, len(pressed))
    game.poll("the engine's game stored", lambda: game.evaluate(
        "() => JSON.parse(localStorage.getItem('py2048:game-6') || '{}').moves") == int(data["moves"]))
    stored = json.loads(game.evaluate("() => localStorage.getItem('py2048:game-6')"))
    film = record.read(stored["record"], 6)
    board = rules.new_board(6)
    for spawned in film.start:
        board = rules.place(board, spawned.cell, spawned.value)
    moves = iter(film.steps)
    for direction in pressed:
        slid = rules.slide(board, direction)[0]
        if slid == board:
            continue  # no move: nothing recorded, nothing spawned
        step = next(moves)
        assert step.direction == direction, (direction, step)
        board = rules.place(slid, step.spawn.cell, step.spawn.value)
    assert next(moves, None) is None, "a move recorded that no key made"
    assert positions.board_attr(board) == data["board"] and stored["board"] == [list(r) for r in board]
