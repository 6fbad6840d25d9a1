"""The built-in solver (game/solver/search.py) and its benchmark (game/solver/bench.py).

The engine asks `choose_move(board, budget_ms)` for Hint and Auto-play;
`python -m game.solver bench …` plays whole games with it (README, "Solver").
"""

from game.solver.search import Decision, choose_move

__all__ = ["Decision", "choose_move"]
