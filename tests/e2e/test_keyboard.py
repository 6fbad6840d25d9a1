"""The game with the keyboard alone, and what a screen reader hears.

Every control is reached with Tab in the page's order; each dialog takes focus when it
opens, keeps it while open, closes on Escape and gives focus back to the button that
opened it; the game-over dialog is used with Tab and Enter. B and Shift+S put in the
live region what `#game` says (board, score, best, moves), are no move attempts, and
work while the engine is still loading; every move attempt is announced, a repeated
"Can't move" too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.rules import Board
from game.ui import text
from tests.e2e import positions
from tests.e2e.gamepage import GamePage
from tests.e2e.positions import KEYS_BOARD, OVER_BOARD

ROOT = Path(__file__).resolve().parents[2]
# The controls of the page at rest, in Tab order (Undo once there is a move to undo).
TAB_ORDER = ["new-game", "undo", "stats", "rankings", "settings", "help", "hint", "autoplay", "daily",
             "board"]
# Left, up and right change nothing on this board; down does.
STUCK_BOARD = positions.board_of([
    [2, 4, 8, 16],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
])
# Every text the live region shows, in order (installed before the page's scripts).
_RECORD_LIVE = """
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  const live = document.getElementById("live");
  new MutationObserver(() => window.__said.push(live.textContent.trim()))
    .observe(live, {childList: true, characterData: true, subtree: true});
});
"""


def english() -> None:
    text.use("en", json.loads((ROOT / "assets" / "lang" / "en.json").read_text(encoding="utf-8")))


def rows(board: Board) -> list[list[int]]:
    return [list(row) for row in board]


def focused(game: GamePage) -> str:
    """The focused element's id, else its tag."""
    return str(game.evaluate("() => document.activeElement.id || document.activeElement.tagName"))


def focus_in(game: GamePage, dialog: str) -> bool:
    return bool(game.evaluate(
        f"() => document.getElementById('{dialog}-dialog').contains(document.activeElement)"))


def tab_to(game: GamePage, element_id: str, limit: int = 30) -> list[str]:
    """Press Tab until `element_id` has focus; the ids focused on the way there."""
    seen: list[str] = []
    for _ in range(limit):
        game.press("Tab")
        seen.append(focused(game))
        if seen[-1] == element_id:
            return seen
    raise AssertionError(f"Tab never reached #{element_id}: {seen}")


def live(game: GamePage) -> str:
    return str(game.evaluate("() => document.getElementById('live').textContent.trim()"))


# Every sentence put in the live region, each time it is put there, even two in one task
# (keys queued behind an engine call are answered together): each write replaces the
# region's text node, and the node added keeps the words it was written with.
_RECORD_EVERY_SENTENCE = """
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  const live = document.getElementById("live");
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) window.__said.push((node.textContent || "").trim());
    }
  }).observe(live, {childList: true});
});
"""


def said(game: GamePage) -> list[str]:
    found: list[Any] = game.evaluate("() => window.__said")
    return [str(line) for line in found]


def open_with_keys(game: GamePage, name: str) -> None:
    """Tab to the button `#name` and press Enter: its dialog opens with focus inside."""
    tab_to(game, name)
    game.press("Enter")
    game.poll(f"the {name} dialog to open", lambda: game.dialog_open(name))
    assert focus_in(game, name), f"focus is on {focused(game)}, not in the {name} dialog"


def close_with_escape(game: GamePage, name: str, opener: str) -> None:
    game.press("Escape")
    assert not game.dialog_open(name), f"Escape did not close the {name} dialog"
    assert focused(game) == opener, f"focus went to {focused(game)}, not back to #{opener}"


def test_keyboard_alone_plays_reaches_every_control_and_uses_every_dialog(game: GamePage) -> None:
    game.set_board(KEYS_BOARD)
    game.start()
    game.press("ArrowLeft")
    game.wait_inputs(1)
    assert live(game).startswith("Left"), live(game)
    assert tab_to(game, "board") == TAB_ORDER
    game.evaluate("() => document.activeElement.blur()")

    # Settings: Tab + Enter, a select changed with the arrow keys, Escape.
    open_with_keys(game, "settings")
    seen = tab_to(game, "set-animations")
    assert all(focus_in(game, "settings") for _ in seen)
    assert game.evaluate("() => document.getElementById('set-animations').value") == "normal"
    game.press("ArrowDown")
    game.poll("the animations setting to apply", lambda: game.evaluate(
        "() => document.documentElement.dataset.motion") == "fast")
    # Modal: a whole round of Tab never reaches the page behind the dialog (past its last
    # control focus goes to the browser, here the document, then comes back in).
    for _ in range(25):
        game.press("Tab")
        assert focus_in(game, "settings") or focused(game) == "BODY", (
            f"Tab reached {focused(game)} behind the settings dialog")
    tab_to(game, "set-theme")
    close_with_escape(game, "settings", "settings")
    game.press("ArrowRight")  # the keys move again once the dialog is closed
    game.wait_inputs(2)

    # Statistics: its board chosen with the keyboard, then Escape.
    game.evaluate("() => document.activeElement.blur()")
    open_with_keys(game, "stats")
    tab_to(game, "stats-size")
    game.press("ArrowDown")
    assert game.evaluate("() => document.getElementById('stats-size').value") == "5"
    close_with_escape(game, "stats", "stats")

    # Help: read, then Escape.
    game.evaluate("() => document.activeElement.blur()")
    open_with_keys(game, "help")
    assert focused(game) == "help-title"
    close_with_escape(game, "help", "help")
    assert game.state()["inputs"] == "2", "keys used in the dialogs counted as moves"


def test_game_over_dialog_undoes_and_starts_a_new_game_with_tab_and_enter(game: GamePage) -> None:
    start = game.set_board(OVER_BOARD)
    game.start()
    game.press("ArrowLeft")
    game.wait_status("over")
    game.poll("the game-over dialog to open", lambda: game.dialog_open("over"))
    assert focus_in(game, "over") and focused(game) != "BODY"
    # Undo is just before the focused "New game": Shift+Tab, Enter.
    game.press("Shift+Tab")
    assert game.evaluate("() => document.activeElement.dataset.action") == "undo"
    game.press("Enter")
    game.wait_for("the undo", lambda data: data["status"] == "playing")
    assert not game.dialog_open("over")
    assert game.game_state() == start
    game.press("ArrowLeft")
    game.wait_status("over")
    game.poll("the game-over dialog to open again", lambda: game.dialog_open("over"))
    assert game.evaluate("() => document.activeElement.dataset.action") == "new-game"
    game.press("Enter")
    data = game.wait_for("a new game", lambda data: data["moves"] == "0")
    assert data["status"] == "playing" and not game.dialog_open("over")


def test_b_shift_s_and_the_grid_say_the_board_and_numbers_on_screen_without_counting(
        game: GamePage) -> None:
    english()
    game.set_board(KEYS_BOARD)
    game.start()
    game.press("ArrowUp")
    data = game.wait_inputs(1)
    game.press("b")
    assert live(game) == text.read_board(rows(positions.parse_board(data["board"])), "en")
    game.press("Shift+KeyS")
    numbers = {"score": int(data["score"]), "best": int(data["best"]), "moves": int(data["moves"])}
    assert live(game) == text.read_numbers(numbers, "en")
    assert live(game).startswith(f"Score {text.number(int(data['score']), 'en')}, best ")
    game.press("Control+KeyB", "Alt+KeyB", "Meta+Shift+KeyS")
    assert live(game) == text.read_numbers(numbers, "en"), "a modifier key was not ignored"
    game.press("ArrowLeft")  # counted right after: B and Shift+S were not
    data = game.wait_inputs(2)
    # The grid says the same board, cell by cell, after every reply.
    board = positions.parse_board(data["board"])
    labels = game.evaluate("() => [...document.querySelectorAll('#cells [role=row]')].map(row =>"
                           " [...row.querySelectorAll('[role=gridcell]')].map(c => c.ariaLabel))")
    assert labels == [[text.cell_label(v, r, c, "en") for c, v in enumerate(row)]
                      for r, row in enumerate(board)]
    assert game.evaluate("() => document.getElementById('cells').ariaLabel") == "Board, 4 by 4"


def test_b_and_shift_s_pressed_before_the_page_runs_are_read_and_are_not_moves(
        game: GamePage) -> None:
    english()
    game.set_board(KEYS_BOARD)
    game.page.add_init_script(_RECORD_LIVE)
    game.goto(wait_until="domcontentloaded")
    game.press("b", "Shift+KeyS")  # long before the engine is up, before Python runs
    game.wait_ready()
    board = text.read_board(rows(KEYS_BOARD), "en")
    resumed = text.say("resumed", "en", score=data_score(game))
    data = game.state()
    numbers = text.read_numbers({name: int(data[name]) for name in ("score", "best", "moves")}, "en")
    assert said(game)[0] == f"{resumed} {board} {numbers}", said(game)
    game.press("u")  # nothing to undo: counted; the reading keys before it were not
    game.wait_inputs(1)


def data_score(game: GamePage) -> str:
    return text.number(int(game.state()["score"]), "en")


def test_every_move_attempt_is_announced_a_repeated_one_too(game: GamePage) -> None:
    english()
    game.set_board(STUCK_BOARD)
    game.page.add_init_script(_RECORD_EVERY_SENTENCE)
    game.start()
    game.press("ArrowLeft", "ArrowLeft", "ArrowUp")
    game.wait_inputs(3)
    cannot = [line for line in said(game) if line.startswith("Can't")]
    assert cannot == ["Can't move left.", "Can't move left.", "Can't move up."], said(game)
    game.press("ArrowDown")
    game.wait_inputs(4)
    assert live(game).startswith("Down"), live(game)
