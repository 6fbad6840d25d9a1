"""Draws the game from engine replies: tiles, scores, counters, state attributes.

Every move redraws the tile layer from the reply alone (the original 2048's way):
`layer.py` says which element shows which tile, with CSS classes that slide, pop or
fade it in. The elements are kept and rewritten in place, only where something
changed; the layer's `odd` class flips on every redraw, which switches pops and fades
to their twin keyframes (style.css), so a new reply restarts them and ends any that
is still running.
Values are written with `textContent`, never as HTML.

Under the tiles (aria-hidden), `#cells` is the board a screen reader reads: a grid of
rows (`display: contents`, so the CSS grid lays the cells out as before) of gridcells,
each labelled with its value and place ("8, row 1, column 2"); a label is rewritten
only when its cell's value changed (or the language did).
"""

from pyscript import document

from game.ui import clock, layer
from game.ui.controls import Controls
from game.ui.snapshot import board_attr
from game.ui.text import TABLES, changed_cells, moves_label, number, say

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

def number_class(digits: int) -> str:
    """Scores on 5x5 and 6x6 boards reach 13 digits: long ones get a smaller size class."""
    if digits > 10:
        return "longer"
    return "long" if digits > 7 else ""


class View(Controls):
    """The board and what is drawn from replies; `#game`'s attributes and the controls
    around the board are `Controls`', the page's other elements (dialogs, forms,
    tables, notices) `Elements`'."""

    def __init__(self) -> None:
        Controls.__init__(self)
        self.cells = document.getElementById("cells")
        self.tiles = document.getElementById("tiles")
        self.score = document.getElementById("score")
        self.score_box = document.getElementById("score-box")
        self.best = document.getElementById("best")
        self.moves = document.getElementById("moves")
        self.size_label = document.getElementById("size-label")
        self.clock = document.getElementById("clock")
        self.undo = document.getElementById("undo")
        self.live = document.getElementById("live")
        # #cells' gridcells, row by row: index.html's 4×4 grid until another size is set.
        nodes = self.cells.querySelectorAll(".cell")
        self.gridcells: "list[Any]" = [nodes[i] for i in range(int(nodes.length))]
        self.size = int(self.cells.children.length)
        # The value each gridcell's label says (-1: not written by this view yet). The
        # page's own cells come labelled empty (index.html, and assets/settings.js in the
        # player's language): the first game rewrites only the cells its tiles are on.
        self.values: "list[int]" = [0] * len(self.gridcells)
        self.shown: "list[list[int]] | None" = None  # the board on screen, if any
        self.inputs = 0
        self.said = ""
        # Tile elements by slot (layer.TileLayer), each [element, its style, its number's
        # span, then style, classes, text as last written]: unchanged ones are not written.
        self.layer = layer.TileLayer()
        self.pool: "list[list[Any]]" = []
        self.odd = False
        self.shown_numbers: "dict[str, Any]" = {}  # what show_numbers last wrote, by name
        self.delta: "Any" = None
        self.delta_odd = False

    # -- board -----------------------------------------------------------------------

    def set_size(self, size: int) -> None:
        if size == self.size:
            return
        self.size = size
        self.board.style.setProperty("--n", str(size))
        fragment = document.createDocumentFragment()
        self.gridcells = []
        for _ in range(size):
            row = document.createElement("div")
            row.className = "row"
            row.setAttribute("role", "row")
            for _ in range(size):
                cell = document.createElement("div")
                cell.className = "cell"
                cell.setAttribute("role", "gridcell")
                row.appendChild(cell)
                self.gridcells.append(cell)
            fragment.appendChild(row)
        self.cells.replaceChildren(fragment)
        self.values = [-1] * (size * size)
        self.shown = None
        self.name_grid()
        self.write_labels([[0] * size for _ in range(size)])
        self.set_attributes((("data-size", str(size)),))

    def name_grid(self) -> None:
        if not TABLES:
            return  # the strings are not in yet: `relabel` names it when they are
        self.cells.setAttribute("aria-label", say("board_label", n=self.size))

    def label_cells(self, board: "list[list[int]]") -> None:
        """Each gridcell says its value and place: only changed ones are written."""
        self.set_size(len(board))
        self.shown = board
        self.write_labels(board)

    def write_labels(self, board: "list[list[int]]") -> None:
        if not TABLES:
            return  # the strings are not in yet: `relabel` labels them when they are
        cells = self.gridcells
        for i, label in changed_cells(self.values, board):
            cells[i].setAttribute("aria-label", label)

    def relabel(self) -> None:
        """The language changed: name the grid and label every cell again."""
        self.name_grid()
        self.values = [-1] * (self.size * self.size)
        self.write_labels(self.shown or [[0] * self.size for _ in range(self.size)])

    def show_tiles(self, shown: "list[tuple[str, str, str]]") -> None:
        """Make slot i show shown[i] (`layer.TileLayer`), writing only what changed."""
        pool = self.pool
        while len(pool) < len(shown):
            el = document.createElement("div")
            el.className = layer.SPARE[1]
            number = document.createElement("span")
            el.appendChild(number)
            self.tiles.appendChild(el)
            pool.append([el, el.style, number, "", layer.SPARE[1], ""])
        for slot, (css, classes, text) in zip(pool, shown):
            if slot[4] != classes:
                slot[0].className = classes
                slot[4] = classes
            if classes == layer.SPARE[1]:
                continue  # hidden: its position and number wait for its next tile
            # One CSSOM write for the position (allowed by the CSP, unlike a style attribute).
            if slot[3] != css:
                slot[1].cssText = css
                slot[3] = css
            if slot[5] != text:
                slot[2].textContent = text
                slot[5] = text
        self.odd = not self.odd
        self.tiles.className = "tiles odd" if self.odd else "tiles"

    def paint(self, board: "list[list[int]]", appear: "list[list[int]] | None" = None) -> None:
        """Draw a board as it stands; cells listed in `appear` fade in."""
        self.label_cells(board)
        self.show_tiles(self.layer.paint(board, appear))

    def animate(self, reply: "dict[str, Any]") -> None:
        """Draw a move: tiles slide from their sources, merges pop, the spawn appears."""
        self.show_tiles(self.layer.move(reply))

    # -- numbers and state -----------------------------------------------------------

    def publish(self, state: "dict[str, Any]", own: "dict[str, Any] | None" = None) -> None:
        """The CONTRACT.md state attributes, written once per reply with its final state
        (only those that changed: most replies change the board, score and moves), and
        the grid's labels. `own`: the game in play's state while another game is on the
        board (a replay, a practice): `data-best` is always the player's own best."""
        self.label_cells(state["board"])
        self.set_attributes((
            ("data-size", str(state["size"])),
            ("data-board", board_attr(state["board"])),
            ("data-score", str(state["score"])),
            ("data-best", str((own or state)["best"])),
            ("data-moves", str(state["moves"])),
            ("data-won", "true" if state["won"] else "false"),
            ("data-status", str(state["status"])),
        ))

    def show_numbers(self, state: "dict[str, Any]", points: int = 0, own: "dict[str, Any] | None" = None
                     ) -> None:
        """Score, best, moves, the board's name and Undo: only what changed is written
        (a move changes the score and the moves, seldom the rest). `own` as `publish`'s:
        the BEST box and its label are the game in play's, never a replay's or practice's."""
        mine = own or state
        score, best = state["score"], mine["best"]
        self.put("score", self.score, "textContent", number(score))
        self.put("score-class", self.score, "className", number_class(len(str(score))))
        self.put("best", self.best, "textContent", number(best))
        self.put("best-class", self.best, "className", number_class(len(str(best))))
        self.put("moves", self.moves, "textContent", moves_label(state["moves"]))
        daily = state.get("mode") == "daily"
        best_daily = mine.get("mode") == "daily"
        if daily:
            label = say("daily_practice_label" if state.get("practice") else "daily_label",
                        date=state.get("date", ""))
        else:
            label = say("size", n=state["size"])
        self.put("size-label", self.size_label, "textContent", label)
        # Its text is also the language's own (data-i18n): written every time.
        self.set_text("best-label", say("daily_best_label" if best_daily else "best_label"))
        self.put("undo", self.undo, "disabled", not state["can_undo"])
        if points:
            self.show_delta(points)

    def put(self, name: str, element: "Any", prop: str, value: "Any") -> None:
        """Set `element`'s `prop` to `value` unless this view last set it so (`name`).
        Only for what nothing else on the page writes."""
        if self.shown_numbers.get(name, self) != value:
            setattr(element, prop, value)
            self.shown_numbers[name] = value

    def show_delta(self, points: int) -> None:
        """Float "+points" over the score; a new one restarts it (twin keyframes again)."""
        if self.delta is None:
            self.delta = document.createElement("span")
            self.delta.setAttribute("aria-hidden", "true")
            self.score_box.appendChild(self.delta)
        self.delta.textContent = "+" + number(points)
        self.delta_odd = not self.delta_odd
        self.delta.className = "score-delta odd" if self.delta_odd else "score-delta"

    def show_clock(self, ms: int) -> None:
        self.clock.textContent = clock.format_clock(ms)
        self.clock.setAttribute("datetime", clock.iso_duration(ms))

    def count_input(self) -> None:
        self.inputs += 1
        self.game.setAttribute("data-inputs", str(self.inputs))

    def say(self, text: str) -> None:
        """Put `text` in the polite live region. The same words twice (two moves that
        both fail) must be heard twice: a repeat alternates a trailing no-break space,
        so the region's text changes (read with .trim(), it is the words alone)."""
        if text == self.said:
            text = text + "\u00a0"
        self.said = text
        self.live.textContent = text
