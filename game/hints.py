"""The hint: the solver's move for the game in play (Hint, and Auto-play's every move).

Auto-play asks for a move after every move, each with the same budget; a crowded board
needs more search than an open one, so its budget is a mean over the moves asked so
(game/solver `Pace`), kept here between the calls.

`hint(budget_ms, ticket, paced)` answers {"kind": "hint", "ticket": the caller's
ticket, "direction": "left" | "right" | "up" | "down" | None (no move changes the
board), "revision": the game's revision, "size": n, "board": [[v]] (the game the move
was chosen for: the page drops an answer for a game it no longer shows), "depth",
"nodes", "ms"} (game/solver: the search's deepest full depth, positions evaluated, its
time).
"""

from __future__ import annotations

from typing import Any, ClassVar

from game import solver
from game.play import Play
from game.solver.search import Pace


class Hints:
    """The solver's moves for the game in play, and Auto-play's pace."""

    CALLS: ClassVar[dict[str, tuple[str, ...]]] = {"hint": ("float", "int", "bool")}
    EXAMPLES: ClassVar[dict[str, tuple[Any, ...]]] = {"hint": (2.0, 1, 0)}

    def __init__(self, play: Play) -> None:
        self.play = play
        self.pace: Pace | None = None  # Auto-play's mean budget over its moves

    def hint(self, budget_ms: float, ticket: int = 0, paced: bool = False) -> dict[str, Any]:
        """The solver's move for the game as it is (Hint, Auto-play): plain data, no
        game reply; nothing changes. `budget_ms` bounds the search (at least 1 ms, at
        most 1 s: the worker answers nothing else meanwhile); `paced` (Auto-play) makes
        it the mean over the moves asked so (game/solver `Pace`: a crowded board may
        spend what open ones saved). The answer names the revision and board it was
        chosen for, and `ticket` as given."""
        budget = min(max(float(budget_ms), 1.0), 1000.0)
        game = self.play.session
        board = game.position.board
        if paced:
            if self.pace is None or self.pace.budget_ms != budget:
                self.pace = Pace(budget)
            decision = self.pace.choose(board)
        else:
            decision = solver.choose_move(board, budget)
        return {"kind": "hint", "ticket": int(ticket), "direction": decision.direction,
                "revision": game.revision, "size": game.size,
                "board": [list(row) for row in board], "depth": decision.depth,
                "nodes": decision.nodes, "ms": round(decision.ms, 3)}
