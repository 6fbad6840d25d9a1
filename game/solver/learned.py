"""The search on a learned evaluation: expectimax whose horizon is valued by the
n-tuple network (game/solver/network.py) instead of the line heuristic.

Why it looks like this:
- **Points along the way.** The network values an afterstate by the points still to
  come, so a slide is worth the points it scores plus what follows it: every player
  node adds its slide's points (memoised per line, `Lines.gain`), and a board with no
  slide left is worth 0, exactly the target the network was trained toward at a loss.
- **The same search otherwise.** The chance nodes, the probability cut-off, the
  transposition table, iterative deepening and the budgets are `Search`'s: only what a
  node is worth changes. So Hint, Auto-play and Review keep their budgets' meaning.
- **Installed, not imported.** The engine starts without the network (its data is
  fetched when the solver is first needed); `install` makes every later 4x4 search use
  it, through `search.SEARCHES`.
"""

from __future__ import annotations

from collections.abc import Callable

from game.solver import search
from game.solver.network import Network
from game.solver.search import CUTOFF, Search

SIZE = 4  # the network's board size


class NetSearch(Search):
    """One decision's search valued by the network (see the module docstring)."""

    network: Network

    def moves(self, board: bytes) -> list[tuple[int, bytes, int]]:
        """(direction index, board after the slide, points it scores) for each slide
        that changes the board: `Search.children` with the points."""
        ln = self.lines
        rows, turn, join = ln.rows, ln.turn, b"".join
        start, end, gain = ln.start.__getitem__, ln.end.__getitem__, ln.gain.__getitem__
        out = []
        lines = rows(board)
        points = sum(map(gain, lines))
        moved = join(map(start, lines))
        if moved != board:
            out.append((0, moved, points))
        moved = join(map(end, lines))
        if moved != board:
            out.append((1, moved, points))
        lines = rows(bytes(turn(board)))
        points = sum(map(gain, lines))
        moved = bytes(turn(join(map(start, lines))))
        if moved != board:
            out.append((2, moved, points))
        moved = bytes(turn(join(map(end, lines))))
        if moved != board:
            out.append((3, moved, points))
        return out

    def score(self, board: bytes) -> float:
        """The network's value of an afterstate, in points."""
        value = self.scores.get(board)
        if value is None:
            value = self.scores[board] = float(self.network.judge(board) * self.network.scale)
        return value

    def best(self, board: bytes, depth: int, probability: float) -> float:
        value = 0.0
        moves = self.moves(board)
        if depth <= 0 or probability < CUTOFF:
            self.count(len(moves))
            # `score` inlined: this loop values most of the search's boards
            scores = self.scores
            known = scores.get
            for _, moved, points in moves:
                found = known(moved)
                if found is None:
                    found = scores[moved] = float(self.network.judge(moved) * self.network.scale)
                found += points
                if found > value:
                    value = found
            return value
        chance = self.chance
        for _, moved, points in moves:
            found = points + chance(moved, depth, probability)
            if found > value:
                value = found
        return value

    def root(self, board: bytes, depth: int) -> list[tuple[float, int]]:
        if depth <= 1:
            return [(points + self.score(moved), index) for index, moved, points in self.moves(board)]
        chance = self.chance
        return [(points + chance(moved, depth - 1, 1.0), index) for index, moved, points in self.moves(board)]


def install(network: Network | None) -> None:
    """Make every later 4x4 search value its boards by `network` (None: the heuristic)."""
    if network is None:
        search.SEARCHES.pop(SIZE, None)
        return

    def make(size: int, deadline: float, node_limit: int | None, clock: Callable[[], float]) -> Search:
        network.forget()
        found = NetSearch(size, deadline, node_limit, clock)
        found.network = network
        return found

    search.SEARCHES[SIZE] = make


def installed() -> bool:
    return SIZE in search.SEARCHES
