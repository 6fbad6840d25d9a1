"""The tile layer as data: which tile element shows which tile after each reply.

The view keeps a set of tile elements ("slots") and never rebuilds them. A tile keeps
its element while it lives: when the engine says a tile slid from one cell to another,
the element that showed it there gets its new cell, and a CSS transition on its
`transform` slides it (a reply that comes mid-slide restarts the slide from where the
tile is: nothing waits for an animation). Both halves of a merge slide in as ghosts
under a merged tile that pops in its cell after the slide; a spawn fades in; free
elements wait hidden. Pops and fades are keyframes on `scale` and `opacity` only, with
no `var()` in them: keyframes that read custom properties made Chromium's style work
per move about twice as dear (measured: docs/performance.md, "A key in one frame").

A slot shows a (style, classes, text) triple: its cell as CSS custom properties, its
colour, size and role classes, and its number. `TileLayer` is pure (no browser), so it
is tested on CPython and MicroPython; the engine's reply alone drives it.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

BIGGEST_STYLED = 131072
SPARE = ("", "spare", "")  # a free element: hidden (style.css)


def tile_classes(value: int, extra: str = "") -> str:
    """CSS classes of a tile: its value's colour and its digit count (for font size)."""
    name = "v%d" % value if value <= BIGGEST_STYLED else "vbig"
    classes = "tile %s d%d" % (name, len(str(value)))
    return classes + " " + extra if extra else classes


def tile(value: int, row: int, col: int, role: str = "") -> "tuple[str, str, str]":
    """A tile at (row, col). Roles: "" (slides when its cell changes), "still" (placed
    without sliding), "ghost" (half of a merge, under it), "merged" (pops), "new" (fades in)."""
    return "--r:%d;--c:%d" % (row, col), tile_classes(value, role), str(value)


class TileLayer:
    """Which slot shows which tile; `shown[i]` is slot i's triple after the last draw."""

    def __init__(self) -> None:
        self.shown: "list[tuple[str, str, str]]" = []
        self.live: "dict[tuple[int, int], int]" = {}  # cell -> slot of the tile there

    def _free(self, busy: "set[int]") -> "list[int]":
        """Slots not in `busy`, lowest first; more are added when needed (see take)."""
        return [i for i in range(len(self.shown)) if i not in busy]

    def _take(self, free: "list[int]") -> int:
        if free:
            return free.pop(0)
        self.shown.append(SPARE)
        return len(self.shown) - 1

    def _finish(self, drawn: "dict[int, tuple[str, str, str]]",
                live: "dict[tuple[int, int], int]") -> "list[tuple[str, str, str]]":
        self.live = live
        self.shown = [drawn.get(i, SPARE) for i in range(len(self.shown))]
        return self.shown

    def paint(self, board: "list[list[int]]",
              appear: "list[list[int]] | None" = None) -> "list[tuple[str, str, str]]":
        """A board as it stands, nothing sliding; cells listed in `appear` fade in. A
        tile on a cell that already showed one keeps that element."""
        fresh = appear or []
        cells = [(r, c, value) for r, row in enumerate(board) for c, value in enumerate(row) if value]
        staying = {self.live[(r, c)] for r, c, _ in cells if (r, c) in self.live}
        free = self._free(staying)
        drawn: "dict[int, tuple[str, str, str]]" = {}
        live: "dict[tuple[int, int], int]" = {}
        for r, c, value in cells:
            slot = self.live[(r, c)] if (r, c) in self.live else self._take(free)
            drawn[slot] = tile(value, r, c, "new" if [r, c] in fresh else "still")
            live[(r, c)] = slot
        return self._finish(drawn, live)

    def move(self, reply: "dict[str, Any]") -> "list[tuple[str, str, str]]":
        """A move: each tile's element slides from its source cell; both halves of a
        merge slide in as ghosts and a merged tile pops over them; the spawn fades in."""
        before = self.live
        sources = [tuple(source) for item in reply["tiles"] for source in item["from"]]
        moving = {before[cell] for cell in sources if cell in before}
        free = self._free(moving)
        drawn: "dict[int, tuple[str, str, str]]" = {}
        live: "dict[tuple[int, int], int]" = {}
        for item in reply["tiles"]:
            row, col = item["to"]
            value = item["value"]
            if item["merged"]:
                for source in item["from"]:
                    cell = (source[0], source[1])
                    if cell in before:
                        drawn[before[cell]] = tile(value // 2, row, col, "ghost")
                slot = self._take(free)
                drawn[slot] = tile(value, row, col, "merged")
            else:
                source = item["from"][0]
                cell = (source[0], source[1])
                if cell in before:
                    slot = before[cell]
                    drawn[slot] = tile(value, row, col)
                else:  # not on screen before (cannot happen after a paint): just place it
                    slot = self._take(free)
                    drawn[slot] = tile(value, row, col, "still")
            live[(row, col)] = slot
        spawn = reply["spawn"]
        if spawn:
            row, col = spawn["at"]
            slot = self._take(free)
            drawn[slot] = tile(spawn["value"], row, col, "new")
            live[(row, col)] = slot
        return self._finish(drawn, live)
