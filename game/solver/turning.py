"""Where a review's turning points fall, measured: `python -m game.solver turning ...`
(docs/review.md, "Turning points").

Two kinds of games, each with one corner-breaking move planted, then played on to the
end or `--max-moves`:
- **well**: the solver's move at a fixed positions budget (all but the planted one);
- **human**: the same, but one move in five a random legal one (a weak, human-like game).
The plant is a move the review itself rates a blunder: once the biggest tile reaches a
drawn stage, the first position where a legal move takes it (256 or more) out of its
corner and loses `BLUNDER` percent or more at the review's own budget, and there the
costliest such move. A cheaper corner-break is one the game makes good as a rule, and
then it did not turn on it.

Each game is reviewed (game/review.py, the review's own budget) and the rules of the
turning points are applied to the same grades: grading 1 (the three costliest moves),
grading 2 (the same, a lost game's last `TAIL` moves holding one at most) and
`review.decisive` (grading 3: what was lost and never got back first). Reported, per
rule: how many lost games name more than one of their last `TAIL` moves, and how often
the planted move is named, over all planted games and over the games that turned on it
(`turned`). With `--cache FILE` every reviewed game is kept as a JSON line, and a game
already there is read back instead of played again: a long run can be stopped and
resumed, and other rules tried on the same reviews (a cache is told apart by kind, seed,
player's budget and moves only: one made by another version of the plant is not).

Everything is seeded (`chance.seeded`), and the player's budget is in positions, so
the same arguments give the same games on any machine.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from typing import Any

from game import chance, rules
from game import record as records
from game.review import (
    TAIL,
    TURNING_POINTS,
    Judged,
    Review,
    bounds_for,
    budget_for,
    decisive,
    in_corner,
    loss_of,
)
from game.session import Session
from game.solver.search import choose_move, move_values

STAGES = {"well": (512, 1024), "human": (256, 512)}  # where the plant is drawn from
TURNED = 5  # chart points (percent of a live board) the game never got back after the plant
RULES = ("grading 1", "grading 2", "grading 3")


def breaking(board: rules.Board) -> list[str]:
    """The legal moves that take the biggest tile (256 or more) out of its corner."""
    top = rules.max_tile(board)
    if top < 256 or not in_corner(board, top):
        return []
    return [d for d in rules.legal_directions(board) if not in_corner(rules.slide(board, d)[0], top)]


def blunder(board: rules.Board) -> str | None:
    """The costliest corner-breaking move, if the review rates it a blunder (its own
    values: the same search at the same budget, so the review will grade it so)."""
    options = breaking(board)
    if not options:
        return None
    values = move_values(board, budget_for(len(board))).values
    worst = max(options, key=lambda d: (loss_of(values, d, len(board)), -options.index(d)))
    return worst if loss_of(values, worst, len(board)) >= bounds_for(len(board))[2] else None


def play(kind: str, seed: int, player_nodes: int, max_moves: int) -> tuple[Session, int | None]:
    """One game of `kind` with its planted move (its number, or None if none was legal)."""
    session, _ = Session.new(4, chance.seeded(seed))
    draws = chance.seeded(1_000_000 + seed)
    stage = STAGES[kind][chance.choose_index(draws, len(STAGES[kind]))]
    planted: int | None = None
    while not session.over and session.position.moves < max_moves:
        if session.status == "won":  # the win dialog's Continue (a move made then is refused)
            session.continue_after_win()
        board = session.position.board
        direction = blunder(board) if planted is None and rules.max_tile(board) >= stage else None
        if direction is not None:
            planted = session.position.moves + 1
        elif kind == "human" and chance.choose_index(draws, 5) == 0:
            legal = rules.legal_directions(board)
            direction = legal[chance.choose_index(draws, len(legal))]
        else:
            direction = choose_move(board, budget_nodes=player_nodes).direction
        if direction is None:
            break
        session.move(direction)
    return session, planted


def reviewed(kind: str, seed: int, player_nodes: int, max_moves: int) -> dict[str, Any]:
    """One game played and reviewed, as plain data (what `--cache` keeps)."""
    session, planted = play(kind, seed, player_nodes, max_moves)
    assert session.record is not None
    made = Review(records.read(session.record, 4))
    while not made.done:
        made.step(100)
    return {"kind": kind, "seed": seed, "player_nodes": player_nodes, "max_moves": max_moves,
            "planted": planted, "lost": made.lost, "moves": len(made.judged), "standings": made.standings,
            "judged": [list(j) for j in made.judged]}


def by_loss(judged: list[Judged], lost: bool) -> list[int]:
    """Gradings 1 and 2: the costliest moves (the earlier of two equal losses first),
    and in grading 2 (`lost`) a lost game's last `TAIL` moves hold one at most."""
    chosen: list[int] = []
    in_tail = False
    for j in sorted((j for j in judged if j.loss > 0.0), key=lambda j: (-j.loss, j.move)):
        if lost and j.move > len(judged) - TAIL:
            if in_tail:
                continue
            in_tail = True
        chosen.append(j.move)
        if len(chosen) == TURNING_POINTS:
            break
    return chosen


def named(game: dict[str, Any]) -> dict[str, list[int]]:
    """The moves each rule names in a reviewed game."""
    judged = [Judged(*j) for j in game["judged"]]
    return {"grading 1": by_loss(judged, False), "grading 2": by_loss(judged, game["lost"]),
            "grading 3": [j.move for j in decisive(judged, game["lost"], game["standings"])]}


def turned(game: dict[str, Any]) -> bool:
    """The game turned on its planted move: lost, the plant before its last `TAIL`
    moves (while it could still be saved), and the chart never again within `TURNED`
    points of where it stood before the plant (what the plant lost was never made good)."""
    planted, standings = game["planted"], game["standings"]
    return bool(planted is not None and game["lost"] and planted <= game["moves"] - TAIL
                and max(standings[planted:]) <= standings[planted - 1] - TURNED)


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Per rule: lost games naming more than one of their last `TAIL` moves, and the
    planted move named over all planted games, the lost ones and those that turned on it."""
    lost = [g for g in games if g["lost"]]
    planted = [g for g in games if g["planted"] is not None]
    sets = {"planted": planted, "planted_lost": [g for g in planted if g["lost"]],
            "turned": [g for g in planted if turned(g)]}
    out: dict[str, Any] = {"games": len(games), "lost": len(lost)} | {k: len(v) for k, v in sets.items()}
    names = {id(g): named(g) for g in games}
    for rule in RULES:
        out[rule] = {"lost_with_more_than_one_in_tail": sum(
            sum(m > g["moves"] - TAIL for m in names[id(g)][rule]) > 1 for g in lost)}
        out[rule] |= {f"{k}_named": sum(g["planted"] in names[id(g)][rule] for g in v)
                      for k, v in sets.items()}
    return out


def cached(path: str | None) -> dict[tuple[str, int, int, int], dict[str, Any]]:
    """The games a cache file holds, by what made them (kind, seed, player's budget, moves)."""
    if not path or not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as lines:
        games = [json.loads(line) for line in lines if line.strip()]
    return {(g["kind"], g["seed"], g["player_nodes"], g["max_moves"]): g for g in games}


def main(argv: list[str], out: Callable[[str], Any] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.solver turning")
    parser.add_argument("--kind", choices=sorted(STAGES), default="human")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player-nodes", type=int, default=0,
                        help="the player's positions per move (default: 1500 well, 400 human)")
    parser.add_argument("--max-moves", type=int, default=2000)
    parser.add_argument("--cache", help="a JSON-lines file of reviewed games: read, and appended to")
    args = parser.parse_args(argv)
    nodes = args.player_nodes or (1500 if args.kind == "well" else 400)
    kept = cached(args.cache)
    games = []
    for seed in range(args.seed, args.seed + args.games):
        game = kept.get((args.kind, seed, nodes, args.max_moves))
        if game is None:
            game = reviewed(args.kind, seed, nodes, args.max_moves)
            if args.cache:
                with open(args.cache, "a", encoding="utf-8") as cache:
                    cache.write(json.dumps(game) + "\n")
        games.append(game)
    out(json.dumps(summary(games)))
    return 0
