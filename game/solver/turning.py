"""Where a review's turning points fall, measured: `python -m game.solver turning ...`
(docs/review.md, "Turning points").

Two kinds of games, each with one corner-breaking move planted (a legal move that
takes the biggest tile, 256 or more, out of its corner, drawn once the board reaches a
drawn stage), then played on to the end or `--max-moves`:
- **well**: the solver's move at a fixed positions budget every move;
- **human**: the same, but one move in five a random legal one (a weak, human-like game).
Each game is reviewed (game/review.py, the review's own budget) and both rules of the
turning points are applied to the same grades: the costliest three moves (grading 1),
and `review.decisive` (a lost game's last `TAIL` moves hold one at most). Reported:
how many lost games name more than one of their last `TAIL` moves, and how often the
planted move is among the turning points, over all games and over those that turned on
it (lost, and the chart never back above where it stood before the planted move, less
`TURNED`: the move's loss was never made good).

Everything is seeded (`chance.seeded`), and the player's budget is in positions, so
the same arguments give the same games on any machine.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from game import chance, rules
from game import record as records
from game.review import TAIL, Judged, Review, decisive, in_corner
from game.session import Session
from game.solver.search import choose_move

STAGES = {"well": (512, 1024, 2048), "human": (256, 512)}  # where the plant is drawn from
TURNED = 5  # chart points (percent of a live board) the game never got back after the plant


def breaking(board: rules.Board) -> list[str]:
    """The legal moves that take the biggest tile (256 or more) out of its corner."""
    top = rules.max_tile(board)
    if top < 256 or not in_corner(board, top):
        return []
    return [d for d in rules.legal_directions(board) if not in_corner(rules.slide(board, d)[0], top)]


def play(kind: str, seed: int, player_nodes: int, max_moves: int) -> tuple[Session, int | None]:
    """One game of `kind` with its planted move (its number, or None if none was legal)."""
    session, _ = Session.new(4, chance.seeded(seed))
    session.keep_playing = True
    draws = chance.seeded(1_000_000 + seed)
    stage = STAGES[kind][chance.choose_index(draws, len(STAGES[kind]))]
    planted: int | None = None
    while not session.over and session.position.moves < max_moves:
        board = session.position.board
        direction = None
        options = breaking(board) if planted is None and rules.max_tile(board) >= stage else []
        if options:
            direction, planted = options[chance.choose_index(draws, len(options))], session.position.moves + 1
        elif kind == "human" and chance.choose_index(draws, 5) == 0:
            legal = rules.legal_directions(board)
            direction = legal[chance.choose_index(draws, len(legal))]
        else:
            direction = choose_move(board, budget_nodes=player_nodes).direction
        if direction is None:
            break
        session.move(direction)
    return session, planted


def costliest(judged: list[Judged]) -> list[int]:
    """Grading 1's turning points: the three costliest moves, wherever they fall (the
    rule `decisive` keeps for a game that was not lost)."""
    return [j.move for j in decisive(judged, lost=False)]


def measured(kind: str, seed: int, player_nodes: int, max_moves: int) -> dict[str, Any]:
    session, planted = play(kind, seed, player_nodes, max_moves)
    assert session.record is not None
    made = Review(records.read(session.record, 4))
    while not made.done:
        made.step(100)
    moves, standings = len(made.judged), made.standings
    turned = planted is not None and made.lost and max(standings[planted:]) <= standings[planted - 1] - TURNED
    return {"kind": kind, "seed": seed, "moves": moves, "lost": made.lost, "planted": planted,
            "turned": turned, "tail_from": moves - TAIL + 1,
            "before": costliest(made.judged), "after": [j.move for j in decisive(made.judged, made.lost)]}


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    lost = [g for g in games if g["lost"]]
    out: dict[str, Any] = {"games": len(games), "lost": len(lost)}
    for rule in ("before", "after"):
        crowded = sum(sum(m >= g["tail_from"] for m in g[rule]) > 1 for g in lost)
        planted = [g for g in games if g["planted"] is not None]
        turned = [g for g in planted if g["turned"]]
        out[rule] = {"lost_with_more_than_one_in_tail": crowded,
                     "planted_named": sum(g["planted"] in g[rule] for g in planted), "planted": len(planted),
                     "turned_named": sum(g["planted"] in g[rule] for g in turned), "turned": len(turned)}
    return out


def main(argv: list[str], out: Callable[[str], Any] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.solver turning")
    parser.add_argument("--kind", choices=sorted(STAGES), default="human")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player-nodes", type=int, default=0,
                        help="the player's positions per move (default: 1500 well, 400 human)")
    parser.add_argument("--max-moves", type=int, default=2000)
    args = parser.parse_args(argv)
    nodes = args.player_nodes or (1500 if args.kind == "well" else 400)
    games = []
    for number in range(args.games):
        games.append(measured(args.kind, args.seed + number, nodes, args.max_moves))
        print(json.dumps(games[-1]), file=sys.stderr)
    out(json.dumps(summary(games)))
    return 0
