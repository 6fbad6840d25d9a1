"""The built-in solver: expectimax over the spawns, deepened until a time budget runs out.

Why it looks like this:
- **Packed boards.** A board is one int holding each cell's exponent in 5 bits (0 =
  empty, 11 = 2048), row after row. Hashing one int is far cheaper than a tuple of
  tuples, and the transposition table is a plain dict keyed by it.
- **Lines, memoised.** Everything the search asks of a row or a column (the line slid
  either way, its cells laid down a column, its empty cells, its heuristic value) is
  computed once per line code and kept in a dict, for every board size alike. A 4x4
  game meets only a few thousand distinct lines, so after the first moves a slide is a
  handful of dict look-ups; nothing is built at start-up (Pyodide would pay ~0.7 s to
  fill the 4x4 tables eagerly).
- **Expectimax.** The player's nodes take the best of the four slides; the chance nodes
  average over every empty cell and both spawns (a 2 at 9/10, a 4 at 1/10, RULES.md).
  A chance node whose cumulative probability falls below `CUTOFF` is not expanded
  (its heuristic value stands in), and every chance node's value is kept per decision
  in a transposition table with the depth it was searched to.
- **Iterative deepening.** Depth 1, 2, 3, … until the budget (milliseconds, or
  positions for a reproducible run) is spent; an interrupted depth is thrown away and
  the last complete one answers. A depth is not started when the previous one's cost
  times its growth says it cannot finish. So an open 6x6 board (30 empty cells) stops
  at depth 2 in time, and a crowded 4x4 one goes deep.

The heuristic scores each row and column on its own (so it memoises per line): empty
cells and equal neighbours earn, a line that is not monotonic toward one end loses by
how far it is from it, with big tiles weighing most (this is what keeps the biggest
tiles in a corner), and large tiles in the middle of a line lose a little more (big
tiles belong on the edge). Pure Python, standard library only: the same code runs on
CPython and in the engine's Pyodide worker.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from math import fsum
from operator import itemgetter
from typing import NamedTuple, TypeVar

from game import rules
from game.rules import Board

DIRECTIONS: tuple[str, ...] = ("left", "right", "up", "down")

# Heuristic weights (tuned with `python -m game.solver bench`, see the README).
LINE_BASE = 200_000.0  # every line starts here, so a live board always scores > 0 (a loss)
EMPTY_WEIGHT = 270.0
MERGE_WEIGHT = 700.0
MONOTONIC_POWER = 4.0
MONOTONIC_WEIGHT = 47.0
SUM_POWER = 3.5
SUM_WEIGHT = 11.0
CUTOFF = 0.0001  # a chance node below this cumulative probability is not expanded
CHECK_EVERY = 256  # positions between two looks at the clock
MAX_DEPTH = 12
FLOOR_DEPTH = 2  # depths searched to the end whatever the time budget says
ONE, TWO = b"\x01", b"\x02"  # a spawned 2 and 4, as exponents


class Decision(NamedTuple):
    """The solver's answer: the move, and how hard it looked."""

    direction: str | None  # None when no move changes the board
    depth: int  # the deepest search that completed (0: one legal move or none, not searched)
    nodes: int  # positions evaluated (boards after a slide, leaves included)
    ms: float  # time taken


class _OutOfBudget(Exception):
    """Raised deep in the search when the budget is spent; caught at the root."""


K = TypeVar("K")
V = TypeVar("V")


class Learned(dict[K, V]):
    """A dict that computes a missing value on first look-up and keeps it.

    `map(table.__getitem__, lines)` then stays a loop in C, learning as it goes.
    """

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value


def slid(cells: list[int]) -> list[int]:
    """Exponents of a line slid toward index 0, by the engine's own rule
    (`rules.slide_line`; memoised here per line, so the conversion costs nothing)."""
    values = tuple((1 << cell) if cell else 0 for cell in cells)
    return [value.bit_length() - 1 if value else 0 for value in rules.slide_line(values).line]


def power(base: int, exponent: float) -> float:
    """`base ** exponent` for a whole or half `exponent`, correctly rounded by operations
    IEEE 754 defines exactly (an integer power, then one conversion or one square root of
    that integer), so it is the same float on every machine. libm's `pow` is not: glibc
    and Pyodide's musl differ in the last bit of 15 ** 3.5, and a review must value a
    board identically in the browser and here. (For the exponents of this game's tiles,
    at most 37, the results equal glibc's `pow` but for 15 ** 3.5, where glibc is the
    one a bit off.) Other exponents fall back to `math.pow`."""
    twice = exponent * 2.0
    if not twice.is_integer() or twice < 0:
        return math.pow(base, exponent)
    if int(twice) % 2 == 0:
        return float(base ** (int(twice) // 2))  # int to float: one exact rounding
    return math.sqrt(base ** int(twice))  # the square root of an exact integer: one rounding


def line_score(cells: list[int]) -> float:
    """The heuristic value of one row or column of exponents (see the module docstring).

    Floats are added with `math.fsum`, never `sum`: Python 3.12 made `sum` of floats
    compensated, so it rounds differently in the engine's Python 3.14 than on CPython
    3.11, where `fsum` is exactly rounded on every Python (and about as fast here), and
    the same board must get the same value in both."""
    empty = sum(1 for cell in cells if not cell)
    merges = 0
    previous = 0
    run = 0
    for cell in cells:
        if not cell:
            continue
        if cell == previous:
            run += 1
        elif run:
            merges += 1 + run
            run = 0
        previous = cell
    if run:
        merges += 1 + run
    toward_start = toward_end = 0.0
    for a, b in zip(cells, cells[1:]):
        pa, pb = power(a, MONOTONIC_POWER), power(b, MONOTONIC_POWER)
        if a > b:
            toward_start += pa - pb
        else:
            toward_end += pb - pa
    weight = fsum(power(cell, SUM_POWER) for cell in cells)
    return (LINE_BASE + EMPTY_WEIGHT * empty + MERGE_WEIGHT * merges
            - MONOTONIC_WEIGHT * min(toward_start, toward_end) - SUM_WEIGHT * weight)


class Lines:
    """How to cut one board size into lines, and what is known of each line, memoised.

    A board is `bytes`, one exponent per cell, row after row. Cutting it into rows and
    reading it column-wise are `itemgetter`s, and the tables fill themselves, so a
    slide is a `join` over a `map`: no Python-level loop per cell.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.rows = itemgetter(*[slice(i * size, (i + 1) * size) for i in range(size)])
        self.turn = itemgetter(*[r * size + c for c in range(size) for r in range(size)])
        self.start: Learned[bytes, bytes] = Learned(lambda line: bytes(slid(list(line))))
        self.end: Learned[bytes, bytes] = Learned(lambda line: bytes(slid(list(line)[::-1])[::-1]))
        self.score: Learned[bytes, float] = Learned(lambda line: line_score(list(line)))
        # the points a slide of the line scores (the same toward either end)
        self.gain: Learned[bytes, int] = Learned(lambda line: rules.slide_line(
            tuple((1 << cell) if cell else 0 for cell in line)).points)


_LINES: dict[int, Lines] = {}


def lines_of(size: int) -> Lines:
    """The tables of one board size, kept for the life of the process: a game's lines
    recur from one decision to the next."""
    found = _LINES.get(size)
    if found is None:
        found = _LINES[size] = Lines(size)
    return found


def pack(board: Board) -> bytes:
    """A board of tile values as bytes of exponents."""
    return bytes(tile.bit_length() - 1 if tile else 0 for row in board for tile in row)


def unpack(packed: bytes, size: int) -> Board:
    """The board of tile values the bytes hold (for tests and debugging)."""
    return tuple(tuple((1 << e) if e else 0 for e in packed[r * size:(r + 1) * size]) for r in range(size))


class Search:
    """One decision's search: the budget, the counters and the transposition table."""

    def __init__(self, size: int, deadline: float, node_limit: int | None,
                 clock: Callable[[], float]) -> None:
        self.lines = lines_of(size)
        self.deadline = deadline
        self.node_limit = node_limit
        self.clock = clock
        self.nodes = 0
        self.next_check = CHECK_EVERY
        self.table: dict[bytes, tuple[int, float]] = {}  # board -> (depth searched, value)
        self.scores: dict[bytes, float] = {}  # board -> heuristic value

    def children(self, board: bytes) -> list[tuple[int, bytes]]:
        """(direction index, board after the slide) for each slide that changes it."""
        ln = self.lines
        rows, turn, join = ln.rows, ln.turn, b"".join
        start, end = ln.start.__getitem__, ln.end.__getitem__
        out = []
        lines = rows(board)
        moved = join(map(start, lines))
        if moved != board:
            out.append((0, moved))
        moved = join(map(end, lines))
        if moved != board:
            out.append((1, moved))
        lines = rows(bytes(turn(board)))
        moved = bytes(turn(join(map(start, lines))))
        if moved != board:
            out.append((2, moved))
        moved = bytes(turn(join(map(end, lines))))
        if moved != board:
            out.append((3, moved))
        return out

    def score(self, board: bytes) -> float:
        """The heuristic value of a board: its rows' and its columns' line scores."""
        value = self.scores.get(board)
        if value is None:
            ln = self.lines
            rows, line = ln.rows, ln.score.__getitem__
            # fsum, not sum: exactly rounded on every Python (see `line_score`)
            value = fsum(map(line, rows(board))) + fsum(map(line, rows(bytes(ln.turn(board)))))
            self.scores[board] = value
        return value

    def count(self, nodes: int) -> None:
        self.nodes += nodes
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + CHECK_EVERY
            if self.node_limit is None:
                if self.clock() >= self.deadline:
                    raise _OutOfBudget
            elif self.nodes > self.node_limit:
                raise _OutOfBudget

    def chance(self, board: bytes, depth: int, probability: float) -> float:
        """The expected value after a slide: the spawn is still to come."""
        known = self.table.get(board)
        if known is not None and known[0] >= depth:
            return known[1]
        self.count(1)
        cells = [i for i, cell in enumerate(board) if not cell]
        share = probability / len(cells)  # a slide always leaves an empty cell
        two, four = share * 0.9, share * 0.1
        total = 0.0
        best = self.best
        depth -= 1
        for i in cells:
            total += 0.9 * best(board[:i] + ONE + board[i + 1:], depth, two)
            total += 0.1 * best(board[:i] + TWO + board[i + 1:], depth, four)
        value = total / len(cells)
        self.table[board] = (depth + 1, value)
        return value

    def best(self, board: bytes, depth: int, probability: float) -> float:
        """The player's node: the best slide's expected value, 0 when none is left.

        At the search's horizon (or below the probability cut-off) each slide's board
        is valued by the heuristic instead of by its spawns."""
        value = 0.0
        children = self.children(board)
        if depth <= 0 or probability < CUTOFF:
            self.count(len(children))
            score = self.score
            for _, moved in children:
                found = score(moved)
                if found > value:
                    value = found
            return value
        chance = self.chance
        for _, moved in children:
            found = chance(moved, depth, probability)
            if found > value:
                value = found
        return value

    def root(self, board: bytes, depth: int) -> list[tuple[float, int]]:
        """(value, direction index) of each legal slide, searched `depth` moves deep."""
        if depth <= 1:
            return [(self.score(moved), index) for index, moved in self.children(board)]
        return [(self.chance(moved, depth - 1, 1.0), index) for index, moved in self.children(board)]


# The search a board size is valued by, when not the heuristic's: a learned network
# installs its own for 4x4 (game/solver/learned.py `install`).
SEARCHES: dict[int, Callable[[int, float, int | None, Callable[[], float]], Search]] = {}


def search_for(size: int, deadline: float, node_limit: int | None, clock: Callable[[], float]) -> Search:
    return SEARCHES.get(size, Search)(size, deadline, node_limit, clock)


class Deepened(NamedTuple):
    """What iterative deepening found: each legal slide's value at the deepest depth
    that completed, as (value, direction index) in the order `Search.children` gives."""

    results: list[tuple[float, int]]
    depth: int  # the deepest completed depth (0: not even depth 1 completed)


def deepen(search: Search, packed: bytes, budget_nodes: int | None, max_depth: int) -> Deepened:
    """Depth 1, 2, 3, ... on one board until the budget says stop: the one loop both
    `choose_move` and `move_values` run, so a move and its value come from the same search.

    With `budget_nodes` nothing here reads the clock to decide: the same board and
    budget always stop at the same depth with the same values (reviews rely on it)."""
    clock = search.clock
    results: list[tuple[float, int]] = []
    completed = 0
    previous_nodes = 0
    deadline = search.deadline
    for depth in range(1, max_depth + 1):
        # The first depths always finish on a time budget: they cost a few ms, and a
        # busy machine must not reduce the move to a guess.
        search.deadline = float("inf") if depth <= FLOOR_DEPTH else deadline
        depth_began = clock()
        nodes_before = search.nodes
        try:
            results = search.root(packed, depth)
        except _OutOfBudget:
            break
        completed = depth
        cost = clock() - depth_began
        spent = search.nodes - nodes_before
        if depth > 2 and spent == previous_nodes:
            break  # the cut-off stopped the tree growing: deeper is the same search
        # Predict the next depth from this one's growth; skip it when it cannot finish.
        growth = max(4.0, spent / previous_nodes if previous_nodes else 8.0)
        if budget_nodes is None:
            if depth >= FLOOR_DEPTH and clock() + cost * growth > deadline:
                break
        elif search.nodes + spent * growth > budget_nodes:
            break
        previous_nodes = spent
    search.deadline = deadline
    return Deepened(results, completed)


def choose_move(board: Board, budget_ms: float = 20.0, budget_nodes: int | None = None,
                clock: Callable[[], float] = time.perf_counter, max_depth: int = MAX_DEPTH) -> Decision:
    """The solver's move for a board of tile values (any supported size).

    With `budget_nodes` the search stops after that many positions instead of after
    `budget_ms`, so the same board always gets the same move (reproducible benches).
    """
    began = clock()
    size = len(board)
    packed = pack(board)
    search = search_for(size, began + budget_ms / 1000.0, budget_nodes, clock)
    legal = search.children(packed)
    if not legal:
        return Decision(None, 0, 0, (clock() - began) * 1000.0)
    if len(legal) == 1:
        return Decision(DIRECTIONS[legal[0][0]], 0, 0, (clock() - began) * 1000.0)
    found = deepen(search, packed, budget_nodes, max_depth)
    choice = max(found.results)[1] if found.results else legal[0][0]
    return Decision(DIRECTIONS[choice], found.depth, search.nodes, (clock() - began) * 1000.0)


class Valued(NamedTuple):
    """Every legal move of a board valued by the search (a review grades with these)."""

    values: dict[str, float]  # direction -> expected value, in DIRECTIONS order; {} when stuck
    best: str | None  # the move `choose_move` would play (the same tie-break); None when stuck
    depth: int  # the deepest search that completed
    nodes: int  # positions evaluated


def _no_clock() -> float:
    """A clock that never moves: a positions budget never asks it anything that
    matters, and a fixed value keeps wall time out of what `move_values` can see."""
    return 0.0


def move_values(board: Board, budget_nodes: int, max_depth: int = MAX_DEPTH) -> Valued:
    """The value of every legal move of a board, from the deepest depth that completed
    within `budget_nodes` positions: the same search as `choose_move`'s (its best move
    is the one `choose_move(board, budget_nodes=budget_nodes)` plays on a board with two
    legal moves or more).

    Unlike `choose_move`, a board with one legal move is searched too: a review wants
    the value of every position, forced or not. No clock is involved, so the same board
    and budget give bit-identical values on every run and interpreter.
    """
    packed = pack(board)
    search = search_for(len(board), float("inf"), max(1, int(budget_nodes)), _no_clock)
    if not search.children(packed):
        return Valued({}, None, 0, 0)
    found = deepen(search, packed, search.node_limit, max(1, max_depth))  # depth 1 never runs out
    values = {DIRECTIONS[index]: value for value, index in sorted(found.results, key=itemgetter(1))}
    return Valued(values, DIRECTIONS[max(found.results)[1]], found.depth, search.nodes)


class Pace:
    """A mean time budget over a game's moves, for auto-play and the bench.

    A move that finishes early saves what it did not use (up to `CARRY` budgets), and
    only a crowded board (few empty cells: where one depth more decides the game, and
    where a depth costs least) may spend the savings. A move that overran (the clock is
    looked at every `CHECK_EVERY` positions, and a busy machine stretches that) is paid
    back by the next ones. So the mean over a game stays the budget.
    """

    CARRY = 5.0  # savings kept, in budgets
    DEBT = 1.0  # overrun remembered, in budgets

    def __init__(self, budget_ms: float) -> None:
        self.budget_ms = budget_ms
        self.saved_ms = 0.0  # negative: owed

    def allowance(self, board: Board) -> float:
        size = len(board)
        crowded = sum(row.count(0) for row in board) <= size * size // 4
        extra = self.saved_ms if crowded else min(self.saved_ms, 0.0)
        return max(self.budget_ms / 2, self.budget_ms + extra)

    def choose(self, board: Board, clock: Callable[[], float] = time.perf_counter) -> Decision:
        decision = choose_move(board, self.allowance(board), clock=clock)
        self.saved_ms = max(-self.DEBT * self.budget_ms,
                            min(self.CARRY * self.budget_ms, self.saved_ms + self.budget_ms - decision.ms))
        return decision
