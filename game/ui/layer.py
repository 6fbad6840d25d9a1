"""The tile layer as data: what every tile element shows after a reply.

A tile is a (style, classes, text) triple: its cell (and, when it slides, the cell it
slides from) as CSS custom properties, its colour, size and motion classes, and its
number. The view keeps a set of tile elements and writes only what changed in each
(a handful of browser calls per move instead of building every element anew); this
module decides what they show and is pure, so it is tested on CPython and MicroPython.
The engine's reply alone drives it: nothing here knows a rule of the game.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

BIGGEST_STYLED = 131072


def tile_classes(value: int, extra: str = "") -> str:
    """CSS classes of a tile: its value's colour and its digit count (for font size)."""
    name = "v%d" % value if value <= BIGGEST_STYLED else "vbig"
    classes = "tile %s d%d" % (name, len(str(value)))
    return classes + " " + extra if extra else classes


def tile(value: int, row: int, col: int, extra: str = "",
         source: "list[int] | None" = None) -> "tuple[str, str, str]":
    """One tile at (row, col); from `source` when it slides there (class `moved`)."""
    css = "--r:%d;--c:%d" % (row, col)
    if source is not None and (source[0] != row or source[1] != col):
        css += ";--fr:%d;--fc:%d" % (source[0], source[1])
        extra = (extra + " moved").strip()
    return css, tile_classes(value, extra), str(value)


def painted(board: "list[list[int]]",
            appear: "list[list[int]] | None" = None) -> "list[tuple[str, str, str]]":
    """A board as it stands; cells listed in `appear` fade in (class `new`)."""
    fresh = appear or []
    return [tile(value, r, c, "new" if [r, c] in fresh else "")
            for r, row in enumerate(board) for c, value in enumerate(row) if value]


def moved(reply: "dict[str, Any]") -> "list[tuple[str, str, str]]":
    """A move: tiles slide from their sources, both halves of a merge slide in under
    the merged tile (class `ghost`), which pops (`merged`); the spawn appears (`new`)."""
    tiles = []
    for item in reply["tiles"]:
        row, col = item["to"]
        value = item["value"]
        if item["merged"]:
            for source in item["from"]:
                tiles.append(tile(value // 2, row, col, "ghost", source))
            tiles.append(tile(value, row, col, "merged"))
        else:
            tiles.append(tile(value, row, col, "", item["from"][0]))
    spawn = reply["spawn"]
    if spawn:
        tiles.append(tile(spawn["value"], spawn["at"][0], spawn["at"][1], "new"))
    return tiles
