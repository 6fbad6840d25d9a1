"""Draws the game from engine replies: tiles, scores, counters, dialogs, state attributes.

Every move redraws the tile layer from the reply alone (the original 2048's way): each
tile is created at its source cell with CSS classes that slide, pop or fade it in, so a
new reply simply replaces the layer, which also ends any animation still running.
Values are written with `textContent`, never as HTML.
"""

from pyscript import document

from game.ui import clock
from game.ui.snapshot import board_attr
from game.ui.text import moves_label

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

BIGGEST_STYLED = 131072


def tile_classes(value: int, extra: str = "") -> str:
    """CSS classes of a tile: its value's colour and its digit count (for font size)."""
    name = "v%d" % value if value <= BIGGEST_STYLED else "vbig"
    classes = "tile %s d%d" % (name, len(str(value)))
    return classes + " " + extra if extra else classes


def number_class(digits: int) -> str:
    """Scores on 5x5 and 6x6 boards reach 13 digits: long ones get a smaller size class."""
    if digits > 10:
        return "longer"
    return "long" if digits > 7 else ""


class View:
    def __init__(self) -> None:
        self.game = document.getElementById("game")
        self.board = document.getElementById("board")
        self.cells = document.getElementById("cells")
        self.tiles = document.getElementById("tiles")
        self.score = document.getElementById("score")
        self.score_box = document.getElementById("score-box")
        self.best = document.getElementById("best")
        self.moves = document.getElementById("moves")
        self.clock = document.getElementById("clock")
        self.undo = document.getElementById("undo")
        self.live = document.getElementById("live")
        self.notice = document.getElementById("notice")
        self.size = 4
        self.inputs = 0

    # -- board -----------------------------------------------------------------------

    def set_size(self, size: int) -> None:
        if size == self.size:
            return
        self.size = size
        self.board.style.setProperty("--n", str(size))
        fragment = document.createDocumentFragment()
        for _ in range(size * size):
            cell = document.createElement("div")
            cell.className = "cell"
            fragment.appendChild(cell)
        self.cells.replaceChildren(fragment)
        self.game.setAttribute("data-size", str(size))

    def _tile(self, fragment: "Any", value: int, row: int, col: int, extra: str = "",
              source: "list[int] | None" = None) -> None:
        el = document.createElement("div")
        # One CSSOM write for the position (allowed by the CSP, unlike a style attribute).
        css = "--r:%d;--c:%d" % (row, col)
        if source is not None and (source[0] != row or source[1] != col):
            css += ";--fr:%d;--fc:%d" % (source[0], source[1])
            extra = (extra + " moved").strip()
        el.style.cssText = css
        el.className = tile_classes(value, extra)
        label = document.createElement("span")
        label.textContent = str(value)
        el.appendChild(label)
        fragment.appendChild(el)

    def paint(self, board: "list[list[int]]", appear: "list[list[int]] | None" = None) -> None:
        """Draw a board as it stands; cells listed in `appear` fade in."""
        self.set_size(len(board))
        fresh = appear or []
        fragment = document.createDocumentFragment()
        for r, row in enumerate(board):
            for c, value in enumerate(row):
                if value:
                    self._tile(fragment, value, r, c, "new" if [r, c] in fresh else "")
        self.tiles.replaceChildren(fragment)

    def animate(self, reply: "dict[str, Any]") -> None:
        """Draw a move: tiles slide from their sources, merges pop, the spawn appears."""
        fragment = document.createDocumentFragment()
        for tile in reply["tiles"]:
            row, col = tile["to"]
            value = tile["value"]
            if tile["merged"]:
                for source in tile["from"]:
                    self._tile(fragment, value // 2, row, col, "ghost", source)
                self._tile(fragment, value, row, col, "merged")
            else:
                self._tile(fragment, value, row, col, "", tile["from"][0])
        spawn = reply["spawn"]
        if spawn:
            self._tile(fragment, spawn["value"], spawn["at"][0], spawn["at"][1], "new")
        self.tiles.replaceChildren(fragment)

    # -- numbers and state -----------------------------------------------------------

    def publish(self, state: "dict[str, Any]") -> None:
        """The CONTRACT.md state attributes, written once per reply with its final state."""
        game = self.game
        game.setAttribute("data-size", str(state["size"]))
        game.setAttribute("data-board", board_attr(state["board"]))
        game.setAttribute("data-score", str(state["score"]))
        game.setAttribute("data-best", str(state["best"]))
        game.setAttribute("data-moves", str(state["moves"]))
        game.setAttribute("data-won", "true" if state["won"] else "false")
        game.setAttribute("data-status", str(state["status"]))

    def show_numbers(self, state: "dict[str, Any]", points: int = 0) -> None:
        for element, value in ((self.score, state["score"]), (self.best, state["best"])):
            digits = str(value)
            element.textContent = digits
            element.className = number_class(len(digits))
        self.moves.textContent = moves_label(state["moves"])
        self.undo.disabled = not state["can_undo"]
        if points:
            delta = document.createElement("span")
            delta.className = "score-delta"
            delta.setAttribute("aria-hidden", "true")
            delta.textContent = "+%d" % points
            old = self.score_box.querySelector(".score-delta")
            if old:
                old.remove()
            self.score_box.appendChild(delta)

    def show_clock(self, ms: int) -> None:
        self.clock.textContent = clock.format_clock(ms)
        self.clock.setAttribute("datetime", clock.iso_duration(ms))

    def count_input(self) -> None:
        self.inputs += 1
        self.game.setAttribute("data-inputs", str(self.inputs))

    def say(self, text: str) -> None:
        self.live.textContent = text

    def show_notice(self, text: str) -> None:
        self.notice.textContent = text
        self.notice.hidden = False

    def hide_notice(self) -> None:
        self.notice.hidden = True

    # -- dialogs ---------------------------------------------------------------------

    def dialog(self, name: str) -> "Any":
        return document.getElementById(name + "-dialog")

    def open_dialog(self, name: str) -> None:
        dialog = self.dialog(name)
        if not dialog.open:
            dialog.showModal()

    def close_dialog(self, name: str) -> None:
        dialog = self.dialog(name)
        if dialog.open:
            dialog.close()

    def is_open(self, name: str) -> bool:
        return bool(self.dialog(name).open)

    def set_text(self, element_id: str, text: str) -> None:
        document.getElementById(element_id).textContent = text
