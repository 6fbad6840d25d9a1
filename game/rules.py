"""The sliding and merging rules of 2048, for any square board.

A board is a tuple of rows, each a tuple of ints (0 = empty). Boards are immutable so
they can be hashed, memoised and shared between the undo history and a solver without
copies. Every line of a move (a row or a column, read from the wall the move pushes
toward) is reduced by one memoised function: a 4x4 board has only 17**4 possible rows,
so after warm-up a move is four dictionary look-ups.

One rule, three interpreters: the engine runs this in Pyodide, the tests on CPython,
and the page's MicroPython plays it itself until the engine has started. So it is
written in the subset all three run: no `typing`, `dataclasses` or `__future__` at run
time (type names only behind TYPE_CHECKING, annotations as strings), no slices with a
step (MicroPython has none), `collections.namedtuple` for records.
"""

from collections import namedtuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NamedTuple

    Line = tuple[int, ...]
    Board = tuple[Line, ...]
    Cell = tuple[int, int]

    class LineResult(NamedTuple):
        line: Line
        points: int
        sources: tuple[tuple[int, ...], ...]

    class TileMove(NamedTuple):
        sources: tuple[Cell, ...]
        target: Cell
        value: int
else:
    Line = Board = Cell = tuple  # importable everywhere; the real types are above
    # One line after sliding toward index 0. `sources[i]` lists the indices (in the
    # input line) of the tiles that ended at i: one for a slide, two for a merge, none
    # for an empty cell.
    LineResult = namedtuple("LineResult", ("line", "points", "sources"))
    # Where one tile of the result came from: one source cell, or two for a merge.
    TileMove = namedtuple("TileMove", ("sources", "target", "value"))

DIRECTIONS: "tuple[str, ...]" = ("left", "right", "up", "down")
SIZES: "tuple[int, ...]" = (4, 5, 6)
WIN_VALUE = 2048

_LINE_CACHE: "dict[Line, LineResult]" = {}


def reversed_line(line: "Line") -> "Line":
    """The line read from its other end."""
    return tuple(reversed(line))


def slide_line(line: "Line") -> "LineResult":
    """Slide one line toward index 0, merging equal pairs from the wall outward.

    A tile made by a merge is not looked at again, so `2 2 2 2` gives `4 4`, and pairs
    are taken from the wall side, so `4 4 4` gives `8 4`.
    """
    cached = _LINE_CACHE.get(line)
    if cached is not None:
        return cached
    out: "list[int]" = []
    sources: "list[tuple[int, ...]]" = []
    points = 0
    pending = -1  # index in `line` of a tile that may still merge with the next one
    for i, value in enumerate(line):
        if value == 0:
            continue
        if pending >= 0 and line[pending] == value:
            out[-1] = value * 2
            sources[-1] = (pending, i)
            points += value * 2
            pending = -1
        else:
            out.append(value)
            sources.append((i,))
            pending = i
    width = len(line)
    result = LineResult(
        tuple(out) + (0,) * (width - len(out)),
        points,
        tuple(sources) + ((),) * (width - len(sources)),
    )
    _LINE_CACHE[line] = result
    return result


def new_board(size: int) -> "Board":
    """An empty board of the given side."""
    return ((0,) * size,) * size


def transpose(board: "Board") -> "Board":
    return tuple(zip(*board))


def _lines(board: "Board", direction: str) -> "Board":
    """The board's lines, each read from the wall the move pushes toward."""
    if direction == "left":
        return board
    if direction == "right":
        return tuple(reversed_line(row) for row in board)
    if direction == "up":
        return transpose(board)
    if direction == "down":
        return tuple(reversed_line(col) for col in transpose(board))
    raise ValueError("unknown direction: %r" % (direction,))


def _unlines(lines: "Board", direction: str) -> "Board":
    """Inverse of `_lines`: put slid lines back in board orientation."""
    if direction == "left":
        return lines
    if direction == "right":
        return tuple(reversed_line(line) for line in lines)
    if direction == "up":
        return transpose(lines)
    return transpose(tuple(reversed_line(line) for line in lines))


def cell_of(direction: str, line_index: int, position: int, size: int) -> "Cell":
    """The (row, column) of `position` along line `line_index` for a direction."""
    if direction == "left":
        return (line_index, position)
    if direction == "right":
        return (line_index, size - 1 - position)
    if direction == "up":
        return (position, line_index)
    return (size - 1 - position, line_index)


_TOWARD_START: "dict[Line, tuple[Line, int]]" = {}  # line -> (slid toward index 0, points)
_TOWARD_END: "dict[Line, tuple[Line, int]]" = {}  # line -> (slid toward its last index, points)


def _fill_start(line: "Line") -> "tuple[Line, int]":
    result = slide_line(line)
    slid = _TOWARD_START[line] = (result.line, result.points)
    return slid


def _fill_end(line: "Line") -> "tuple[Line, int]":
    result = slide_line(reversed_line(line))
    slid = _TOWARD_END[line] = (reversed_line(result.line), result.points)
    return slid


def slide(board: "Board", direction: str) -> "tuple[Board, int]":
    """The board after sliding (without a spawn) and the points gained.

    This is the fast path used by the game-over test, validation and search (two
    memo tables keyed by the line as it stands, so no line is reversed on a hit);
    `move_tiles` gives the same board with the tile-by-tile account the UI animates.
    """
    if direction == "left" or direction == "up":
        table, fill = _TOWARD_START, _fill_start
    elif direction == "right" or direction == "down":
        table, fill = _TOWARD_END, _fill_end
    else:
        raise ValueError("unknown direction: %r" % (direction,))
    vertical = direction == "up" or direction == "down"
    lines = tuple(zip(*board)) if vertical else board
    get = table.get
    out: "list[Line]" = []
    points = 0
    for line in lines:
        slid = get(line) or fill(line)
        out.append(slid[0])
        points += slid[1]
    if vertical:
        return tuple(zip(*out)), points
    return tuple(out), points


def merged(tile: "TileMove") -> bool:
    """Whether a tile of a move's result was made by a merge (it has two sources)."""
    return len(tile.sources) == 2


def move_tiles(board: "Board", direction: str) -> "tuple[Board, int, tuple[TileMove, ...]]":
    """Slide like `slide`, and also say where every resulting tile came from."""
    size = len(board)
    lines = _lines(board, direction)
    points = 0
    out: "list[Line]" = []
    tiles: "list[TileMove]" = []
    for k, line in enumerate(lines):
        result = slide_line(line)
        out.append(result.line)
        points += result.points
        for position, sources in enumerate(result.sources):
            if not sources:
                continue
            tiles.append(
                TileMove(
                    tuple(cell_of(direction, k, s, size) for s in sources),
                    cell_of(direction, k, position, size),
                    result.line[position],
                )
            )
    return _unlines(tuple(out), direction), points, tuple(tiles)


def empty_cells(board: "Board") -> "list[Cell]":
    """Empty cells in row-major order (the order spawning indexes into)."""
    return [(r, c) for r, row in enumerate(board) for c, value in enumerate(row) if value == 0]


def place(board: "Board", cell: "Cell", value: int) -> "Board":
    """A copy of the board with one cell set."""
    r, c = cell
    row = board[r]
    return board[:r] + (row[:c] + (value,) + row[c + 1 :],) + board[r + 1 :]


def has_equal_neighbours(board: "Board") -> bool:
    """True when two orthogonally adjacent cells hold the same non-zero value."""
    for lines in (board, transpose(board)):
        for line in lines:
            for a, b in zip(line, line[1:]):
                if a and a == b:
                    return True
    return False


def can_move(board: "Board") -> bool:
    """Some direction changes the board: an empty cell, or equal neighbours."""
    return any(0 in row for row in board) or has_equal_neighbours(board)


def max_tile(board: "Board") -> int:
    return max(max(row) for row in board)


def legal_directions(board: "Board") -> "list[str]":
    """The directions whose slide changes the board."""
    return [d for d in DIRECTIONS if slide(board, d)[0] != board]
