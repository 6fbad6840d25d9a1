"""A review's grades against a deep reference, measured: `python -m game.solver reference ...`
(docs/review.md, "Against a deep reference").

A review grades each move from `move_values` at a fixed budget in positions. How far
from the truth is that? The reference is the same search at `--factor` times the budget
(20 by default). Games of three kinds, all seeded:
- **well**: the solver's move at `--player-nodes` positions a move;
- **human**: the same, but one move in five a random legal one (careless);
- **weak**: one move in two random (a beginner).
From each game, `--sample` positions where the move was a choice (two legal moves or
more) are drawn, and the move played there is graded by both searches. Reported:
- of the moves the reference grades a blunder, the share the review flags (an
  inaccuracy or worse);
- the share of moves whose two grades are within one step (best, good, inaccuracy,
  mistake, blunder);
- each grade's count at both budgets.

`--cache FILE` keeps each game's sampled values as a JSON line, and a game already there
is read back: a long run resumes, and `--judge` variants of the grading read the same
values without searching again.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from typing import Any

from game import chance, rules
from game.review import GRADES, bounds_for, budget_for, grade, loss_of
from game.session import Session
from game.solver.search import choose_move, move_values

KINDS = {"well": 0, "human": 5, "weak": 2}  # one move in N random (0: never)


def play(kind: str, seed: int, player_nodes: int, max_moves: int) -> tuple[list[rules.Board], list[str]]:
    """One game of `kind`: the positions before each move, and the moves."""
    session, _ = Session.new(4, chance.seeded(seed))
    session.keep_playing = True
    draws = chance.seeded(2_000_000 + seed)
    boards: list[rules.Board] = []
    moves: list[str] = []
    while not session.over and session.position.moves < max_moves:
        if session.status == "won":
            session.continue_after_win()
        board = session.position.board
        legal = rules.legal_directions(board)
        if KINDS[kind] and chance.choose_index(draws, KINDS[kind]) == 0:
            direction: str | None = legal[chance.choose_index(draws, len(legal))]
        else:
            direction = choose_move(board, budget_nodes=player_nodes).direction
        if direction is None:
            break
        boards.append(board)
        moves.append(direction)
        session.move(direction)
    return boards, moves


def sampled(kind: str, seed: int, player_nodes: int, max_moves: int, sample: int, budget: int,
            factor: int) -> dict[str, Any]:
    """One game played, `sample` of its choices valued at the budget and the reference's."""
    boards, moves = play(kind, seed, player_nodes, max_moves)
    choices = [i for i, board in enumerate(boards) if len(rules.legal_directions(board)) > 1]
    draws = chance.seeded(3_000_000 + seed)
    picked: list[int] = []
    while choices and len(picked) < sample:
        picked.append(choices.pop(chance.choose_index(draws, len(choices))))
    positions = []
    for at in sorted(picked):
        review = move_values(boards[at], budget)
        reference = move_values(boards[at], budget * factor)
        positions.append({"move": at + 1, "board": [list(row) for row in boards[at]], "played": moves[at],
                          "review": review.values, "reference": reference.values,
                          "depths": [review.depth, reference.depth]})
    return {"kind": kind, "seed": seed, "player_nodes": player_nodes, "max_moves": max_moves,
            "budget": budget, "factor": factor, "moves": len(moves), "positions": positions}


def games(args: argparse.Namespace, out: Callable[[str], Any]) -> list[dict[str, Any]]:
    """Every game asked for: from the cache where it is there, else played and kept."""
    cached: dict[tuple[Any, ...], dict[str, Any]] = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    game = json.loads(line)
                    cached[(game["kind"], game["seed"], game["budget"], game["factor"])] = game
    found = []
    for kind in args.kinds.split(","):
        for number in range(args.games):
            seed = args.seed + number
            key = (kind, seed, args.budget, args.factor)
            game = cached.get(key)
            if game is None:
                game = sampled(kind, seed, args.player_nodes, args.max_moves, args.sample, args.budget,
                               args.factor)
                if args.cache:
                    with open(args.cache, "a", encoding="utf-8") as cache:
                        cache.write(json.dumps(game) + "\n")
                out(f"{kind} {seed}: {game['moves']} moves, {len(game['positions'])} positions valued")
            found.append(game)
    return found


def agreement(found: list[dict[str, Any]]) -> dict[str, Any]:
    """The two measures (module docstring) and each grade's count at both budgets."""
    pairs = []
    for game in found:
        for p in game["positions"]:
            size = len(p["board"])
            bounds = bounds_for(size)
            pairs.append((grade(loss_of(p["review"], p["played"], size), bounds),
                          grade(loss_of(p["reference"], p["played"], size), bounds), game["kind"]))
    blunders = [mine for mine, deep, _ in pairs if deep == "x"]
    near = [abs(GRADES.index(mine) - GRADES.index(deep)) <= 1 for mine, deep, _ in pairs]
    by_kind = {kind: sum(1 for *_, k in pairs if k == kind) for kind in KINDS}
    return {
        "positions": len(pairs), "by_kind": by_kind,
        "reference_blunders": len(blunders),
        "blunders_flagged": sum(1 for g in blunders if g in "imx") / len(blunders) if blunders else None,
        "within_one_step": sum(near) / len(near) if near else None,
        "review_grades": {g: sum(1 for mine, _, _ in pairs if mine == g) for g in GRADES},
        "reference_grades": {g: sum(1 for _, deep, _ in pairs if deep == g) for g in GRADES},
    }


def main(argv: list[str], out: Callable[[str], Any] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.solver reference")
    parser.add_argument("--games", type=int, default=7, help="games of each kind")
    parser.add_argument("--kinds", default="well,human,weak")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player-nodes", type=int, default=300)
    parser.add_argument("--max-moves", type=int, default=1500)
    parser.add_argument("--sample", type=int, default=40, help="positions valued per game")
    parser.add_argument("--budget", type=int, default=None, help="the review's positions budget "
                        "(default: the review's own, `review.budget_for`)")
    parser.add_argument("--factor", type=int, default=20, help="the reference's budget, in budgets")
    parser.add_argument("--judge", default="network", help="as bench's --judge")
    parser.add_argument("--cache", metavar="FILE")
    args = parser.parse_args(argv)
    from game.solver.bench import judge

    judge(args.judge)
    if args.budget is None:
        args.budget = budget_for(4)
    out(json.dumps(agreement(games(args, out)), indent=1))
    return 0
