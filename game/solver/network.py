"""The learned evaluation: an n-tuple network's weights, read from the solver's data file
and valued a pair of lines at a time.

Why it looks like this:
- **What it values.** The points still to come after a slide, as learned by TD(0)
  (game/solver/training.py, CPython only): the search adds the points each slide scores
  and values its horizon's boards with this (game/solver/learned.py).
- **Pairs of lines, memoised.** Every tuple of the network lies within two adjacent
  rows, so its eight symmetric images lie within a pair of adjacent rows or columns: an
  edge pair (rows 0-1, 3-2, columns 0-1, 3-2, read from the edge in) or a middle pair
  (rows 1-2, columns 1-2). A board's value is six look-ups in two dicts keyed by the
  pair's 8 bytes that fill themselves (`Learned`), as the heuristic's single lines do.
  A game meets far fewer distinct pairs than boards, and a new pair is valued from
  its two lines' parts, memoised per line (`_PairTable`).
- **The late game valued as the middle game** (tile downgrading, after Yeh et al.,
  "Multi-stage temporal difference learning for 2048-like games", 2016). Once a board
  holds an 8192, the search values it as the board it resembles one step earlier:
  every tile above the highest value missing from the board (4 and up) is halved, so an
  8192 building its 4096 reads as the 4096 building its 2048 that the network met in
  most of its training games, where it met the real board in few. Greedy play from 40
  fresh-8192 boards made 16384 in 19.4 % of 4,000 games this way, against 0.6 %
  (docs/solver.md, "The late game"). The network's own value (`value`) stays the raw
  one: the search's `judge` does the downgrading.
- **Integers.** The weights are stored as whole numbers (16 bits, times `scale`), so a
  board's value is an exact integer sum, the same in Pyodide and on CPython: a review
  graded on a phone is the one graded here.
- **The file.** xz (LZMA2): one line of JSON (shape name, tuples, scale, games trained),
  then each tuple's 16**n weights as little-endian int16. LZMA2 told that its data comes
  in 2-byte units (lp=1, pb=1, lc=0) models the high bytes itself: on the same weights
  it is 18-22 % smaller than format 1's zlib over separate low and high byte planes,
  which with 56 points a step lets six 5-tuples travel in the one offline file within
  its 10 MB. Pure Python, standard library only (Pyodide has `lzma` built in): the
  page's engine reads it in its worker, one `frombytes` per table, no loop per weight.
"""

from __future__ import annotations

import json
import lzma
import sys
from array import array
from collections.abc import Callable
from operator import add, itemgetter
from typing import Any

from game.solver.search import Learned  # the self-filling dict the line tables use

EDGE_ROW = range(0, 4)  # a tuple with a cell on row 0 (and the rest on row 1) is an edge pair's
MIDDLE_ROWS = range(4, 12)  # one within rows 1-2 is the middle pair's (row 1 alone too)
FORMAT = 2
# xz for 2-byte weights: the literal's position within its pair (lp, pb) matters, the byte
# before it (lc) does not
_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "lc": 0, "lp": 1, "pb": 1}]
DOWNGRADE_FROM = 13  # from the first 8192 on
# A missing 2 is no gap (a 2 comes and goes with every spawn); a missing 4 and up is.
LOWEST_GAP = 2
# For each gap, the translation that lowers every exponent above it by one.
_LOWER_ABOVE: Learned[int, bytes] = Learned(lambda gap: bytes(e - (e > gap) for e in range(256)))


def _images(cells: list[int], base: int, mirrors: bool) -> list[list[int]]:
    """Where each of a tuple's cells sits in a pair's 8 bytes, for each image the pair
    stands for: the tuple, mirrored left-right, and (middle pairs) the two rows swapped."""
    plain = [cell - base for cell in cells]
    out = [plain, [(p // 4) * 4 + 3 - p % 4 for p in plain]]
    if mirrors:
        out += [[(p + 4) % 8 for p in image] for image in out]
    return out


Tuples = list[tuple[list[int], list[list[int]]]]  # (where its weights begin, for each summed; images)


class Pairs:
    """One stage's two pair tables (edge, middle), filled on first look-up."""

    def __init__(self, weights: array[int], edge: Tuples, middle: Tuples) -> None:
        self.edge = _PairTable(weights, edge)
        self.middle = _PairTable(weights, middle)

    def value(self, board: bytes) -> int:
        turned = bytes(_TURN(board))
        edge, middle = self.edge.pairs, self.middle.pairs
        return (edge[board[0:8]] + edge[board[12:16] + board[8:12]] + middle[board[4:12]]
                + edge[turned[0:8]] + edge[turned[12:16] + turned[8:12]] + middle[turned[4:12]])

    def size(self) -> int:
        return self.edge.size() + self.middle.size()

    def clear(self) -> None:
        self.edge.clear()
        self.middle.clear()


class _PairTable:
    """The values of one kind of pair (edge or middle), memoised per pair.

    A pair met for the first time is valued from its two lines' parts: each weight's
    place in the network's one array is the first line's part plus the second line's,
    and each line's parts (one per image of every tuple) are memoised per line too. A
    game meets a few thousand lines but hundreds of thousands of pairs, so a new pair
    costs a few C-level maps rather than a Python loop over its cells."""

    def __init__(self, weights: array[int], tuples: Tuples) -> None:
        slots = [(start, image) for starts, images in tuples for image in images for start in starts]
        # The first line's part carries where the tuple's weights begin in the array.
        first = [(start, [(p, 4 * k) for k, p in enumerate(image) if p < 4]) for start, image in slots]
        second = [(0, [(p - 4, 4 * k) for k, p in enumerate(image) if p >= 4]) for _, image in slots]
        self.first: Learned[bytes, list[int]] = Learned(lambda line: _parts(line, first))
        self.second: Learned[bytes, list[int]] = Learned(lambda line: _parts(line, second))
        self.weight = weights.__getitem__
        self.pairs: Learned[bytes, int] = Learned(self._value)

    def _value(self, pair: bytes) -> int:
        return sum(map(self.weight, map(add, self.first[pair[0:4]], self.second[pair[4:8]])))

    def size(self) -> int:
        return len(self.pairs)

    def clear(self) -> None:
        self.pairs.clear()
        self.first.clear()
        self.second.clear()


def _parts(line: bytes, slots: list[tuple[int, list[tuple[int, int]]]]) -> list[int]:
    """A line's share of each slot's weight index: its cells' exponents (clamped to 4
    bits) at the places the slot's tuple reads them, plus the slot's start."""
    cells = line.translate(_CLAMP)
    return [start + sum(cells[p] << shift for p, shift in places) for start, places in slots]


class Network:
    """A trained network: its tuples' weights, and the pair tables that value boards.

    With two stages (`stage_tile` in the file), a board holding a tile of
    2**stage_tile is valued by the second weights: the first plus the file's
    difference tables (game/solver/training.py `export`)."""

    def __init__(self, meta: dict[str, Any], weights: array[int], starts: list[int]) -> None:
        """`weights` holds every table, one after another (`starts`: where each begins):
        a weight is then one index, its table's start plus the tuple's cells."""
        self.meta = meta
        self.scale = int(meta["scale"])
        self.stage_tile = int(meta.get("stage_tile", 99))
        count = len(meta["tuples"])
        self.weights = weights
        first = starts[:count]
        self.stages = [self._pairs(meta["tuples"], [[start] for start in first])]
        if "stage_tile" in meta:
            later = starts[count:]
            self.stages.append(self._pairs(meta["tuples"], [[a, b] for a, b in zip(first, later)]))
        # The search calls this for every board it values: with one stage, straight
        # to the pair tables.
        plain: Callable[[bytes], int] = self.stages[0].value if len(self.stages) == 1 else self.value

        def judge(board: bytes) -> int:
            """The board's value as the search uses it: a late board's downgraded."""
            if max(board) >= DOWNGRADE_FROM:
                board = downgraded(board)
            return plain(board)

        self.judge: Callable[[bytes], int] = judge

    def _pairs(self, tuples: list[list[int]], starts: list[list[int]]) -> Pairs:
        edge: Tuples = []
        middle: Tuples = []
        for cells, summed in zip(tuples, starts):
            if any(cell in EDGE_ROW for cell in cells) and all(cell < 8 for cell in cells):
                edge.append((summed, _images(cells, 0, False)))
            elif all(cell in MIDDLE_ROWS for cell in cells):
                middle.append((summed, _images(cells, 4, True)))
            else:
                raise ValueError(f"tuple {cells} is not within two adjacent rows")
        return Pairs(self.weights, edge, middle)

    def value(self, board: bytes) -> int:
        """The board's value (a 4x4 board as 16 exponent bytes, row after row), in
        weight units: times `scale` it is the points the network expects to come."""
        if len(self.stages) > 1 and max(board) >= self.stage_tile:
            return self.stages[1].value(board)
        return self.stages[0].value(board)

    def forget(self, keep: int = 400_000) -> None:
        """Empty the pair tables when they hold more than `keep` pairs (memory)."""
        if sum(stage.size() for stage in self.stages) > keep:
            for stage in self.stages:
                stage.clear()


def downgraded(board: bytes) -> bytes:
    """The board a late board is valued as (the module's docstring): every exponent
    above the highest one from `LOWEST_GAP` up that is missing below the top tile, one
    less; a board with no such gap, or no tile of 2**DOWNGRADE_FROM, as it is. Empty
    cells stay empty and no two different tiles become one."""
    top = max(board)
    if top < DOWNGRADE_FROM:
        return board
    present = set(board)
    for gap in range(top - 1, LOWEST_GAP - 1, -1):
        if gap not in present:
            return board.translate(_LOWER_ABOVE[gap])
    return board


_TURN = itemgetter(*[r * 4 + c for c in range(4) for r in range(4)])  # the board read column-wise
_CLAMP = bytes(min(e, 15) for e in range(256))  # a tile past 32768 reads as 32768 (4 bits a cell)


def read(blob: bytes) -> Network:
    """The network a data file holds (raises ValueError on a file it cannot read)."""
    try:
        raw = lzma.decompress(blob, format=lzma.FORMAT_XZ)
    except lzma.LZMAError as error:
        raise ValueError(f"not a network file: {error}") from None
    head, _, body = raw.partition(b"\n")
    try:
        meta = json.loads(head)
    except ValueError:
        raise ValueError("not a network file: its head is not JSON") from None
    if not isinstance(meta, dict):
        raise ValueError("not a network file: its head is no JSON object")
    if meta.get("format") != FORMAT:
        raise ValueError(f"network format {meta.get('format')}, expected {FORMAT}")
    weights: array[int] = array("h")  # every table in one array, as the pair tables read it
    starts: list[int] = []
    at = 0
    for cells in meta["tuples"] * (2 if "stage_tile" in meta else 1):
        size = 2 * 16 ** len(cells)
        if len(body) < at + size:
            raise ValueError("network file cut short")
        starts.append(len(weights))
        weights.frombytes(body[at:at + size])
        at += size
    if sys.byteorder == "big":
        weights.byteswap()
    return Network(meta, weights, starts)


def write(meta: dict[str, Any], tables: list[array[int]]) -> bytes:
    """The data file for these weights (whole numbers in int16's range)."""
    body = []
    for weights in tables:
        little = array("h", weights)
        if sys.byteorder == "big":
            little.byteswap()
        body.append(little.tobytes())
    head = json.dumps({**meta, "format": FORMAT}, sort_keys=True).encode("ascii")
    return lzma.compress(head + b"\n" + b"".join(body), format=lzma.FORMAT_XZ, filters=_FILTERS)
