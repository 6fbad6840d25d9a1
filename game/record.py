"""A game's record: its start tiles, then every move with the tile that spawned after it.

A finished game can be watched again only if every spawn is known, so the game document
keeps this record (docs/save-format.md). It is a string, two characters per entry, from
the URL-safe base64 alphabet:

    first  = ALPHABET[2 * direction + (1 if the spawn was a 4 else 0)]
    second = ALPHABET[row * size + column]        (the spawn's cell)

The two start tiles come first, written with direction 0; then one entry per move, in
order (directions are numbered as in `rules.DIRECTIONS`). A game of m moves has a record
of 4 + 2m characters, and an undo cuts the last entry off. Parsing checks the shape
only; whether the moves replay is judged where a record is watched (game/replay.py),
since that costs a replay of the whole game.

Shared with the page's MicroPython (game/rules.py says why and in what subset): a game
the page plays before the engine has started keeps its record the same way.
"""

from collections import namedtuple

from game import rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NamedTuple

    from game.rules import Cell

    class Spawned(NamedTuple):
        cell: Cell
        value: int

    class Step(NamedTuple):
        direction: str
        spawn: Spawned

    class Film(NamedTuple):
        """A record read back: the board size, the start tiles and every move."""

        size: int
        start: tuple[Spawned, Spawned]
        steps: tuple[Step, ...]
else:
    Spawned = namedtuple("Spawned", ("cell", "value"))
    Step = namedtuple("Step", ("direction", "spawn"))
    Film = namedtuple("Film", ("size", "start", "steps"))

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
INDEX = {ch: i for i, ch in enumerate(ALPHABET)}
_DIRECTION_INDEX = {d: i for i, d in enumerate(rules.DIRECTIONS)}
_FIRSTS = frozenset(ALPHABET[:8])
_START_FIRSTS = frozenset(ALPHABET[:2])
_CELLS = {size: frozenset(ALPHABET[: size * size]) for size in rules.SIZES}


def _entry(size: int, direction_index: int, cell: "Cell", value: int) -> str:
    return ALPHABET[2 * direction_index + (value == 4)] + ALPHABET[cell[0] * size + cell[1]]


def start(size: int, spawns: "list[tuple[Cell, int]]") -> str:
    """The record of a game that has just begun with these two tiles."""
    return "".join(_entry(size, 0, cell, value) for cell, value in spawns)


def step(size: int, direction: str, cell: "Cell", value: int) -> str:
    """The entry a move adds: its direction and the tile that spawned after it."""
    return _entry(size, _DIRECTION_INDEX[direction], cell, value)


def cut(text: str, moves: int) -> str:
    """The record of the same game back at `moves` moves (after an undo)."""
    return text[: 4 + 2 * moves]


def well_formed(text: object, size: int, moves: int) -> bool:
    """Whether `text` has the shape of a record of `moves` moves on a `size` board.

    Set operations keep this fast on long records (it runs whenever a game is loaded).
    """
    if not isinstance(text, str) or moves < 0 or len(text) != 4 + 2 * moves or size not in _CELLS:
        return False
    firsts = {text[i] for i in range(0, len(text), 2)}
    seconds = {text[i] for i in range(1, len(text), 2)}
    return firsts <= _FIRSTS and seconds <= _CELLS[size] and {text[0], text[2]} <= _START_FIRSTS


def read(text: str, size: int) -> "Film":
    """A well-formed record (see `well_formed`) as data; ValueError otherwise."""
    moves, odd = divmod(len(text) - 4, 2)
    if odd or moves < 0 or not well_formed(text, size, moves):
        raise ValueError("not a game record")
    entries = []
    for i in range(0, len(text), 2):
        first, cell = INDEX[text[i]], INDEX[text[i + 1]]
        entries.append((rules.DIRECTIONS[first >> 1], Spawned(divmod(cell, size), 4 if first & 1 else 2)))
    return Film(size, (entries[0][1], entries[1][1]), tuple(Step(d, s) for d, s in entries[2:]))


def directions(text: str) -> "list[str]":
    """The moves of a record, without their spawns (a daily game's proof needs no more)."""
    return [rules.DIRECTIONS[INDEX[text[i]] >> 1] for i in range(4, len(text), 2)]
