"""How well a review grades, measured: `python -m game.solver review ...` (docs/review.md).

A review (game/review.py) is only as good as its grades mean something. Two checks
that need no human judge:
- **The solver's own games.** Games played by following `choose_move(board, 20 ms)`
  should come out mostly best or good: the reviewer is the same solver, so what it
  calls a mistake there is a disagreement between two searches of nearly equal depth.
- **Planted moves.** At sampled positions of those games, the solver's lowest-valued
  legal move put in place of the played one should be graded an inaccuracy or worse,
  and be among the game's three costliest moves unless the position was already lost
  (the best move's value below `LOST` percent of a live board: the solver expects to
  lose from there whatever is played).

The games are the engine's own `Session`s, their tiles from `chance.seeded(seed + n)`;
the player's 20 ms and the review's time count this process's CPU time by default (a
busy machine must not weaken the player nor slow the review down on paper; under
Pyodide, tests/bench/solver.mjs makes "cpu" the Node process's CPU time).
`--games-file` keeps the games' records, so another budget, or Pyodide (`node
tests/bench/solver.mjs review ...`), reviews exactly the same games and must print the
same grades digest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from game import chance, rules
from game import record as records
from game.review import GRADES, Review, bounds_for, budget_for, grade, loss_of, standing
from game.session import Session
from game.solver.clocks import CLOCKS
from game.solver.search import DIRECTIONS, choose_move

LOST = 50  # a position whose best move is worth less than this share of a live board is already lost
PHASES = (128, 256, 512, 1024, 2048)  # the biggest tile on the board, bucketed (up to each bound)


def play(size: int, seed: int, player_ms: float, max_moves: int, clock: str = "cpu") -> dict[str, Any]:
    """One game following the solver's move at `player_ms` a move, to its end or `max_moves`."""
    session, _ = Session.new(size, chance.seeded(seed))
    session.keep_playing = True
    while not session.over and session.position.moves < max_moves:
        if session.status == "won":
            session.continue_after_win()
        decision = choose_move(session.position.board, player_ms, clock=CLOCKS[clock])
        if decision.direction is None:
            break
        session.move(decision.direction)
    return {"size": size, "seed": seed, "player_ms": player_ms, "record": session.record,
            "moves": session.position.moves, "max_tile": rules.max_tile(session.position.board),
            "over": session.over}


class Reviewed(NamedTuple):
    game: dict[str, Any]
    review: Review
    seconds: float


def review_game(game: dict[str, Any], budget: int, clock: str = "cpu") -> Reviewed:
    """The game's review, timed (in slices, as the worker makes it) by this process's
    CPU time by default: what it costs, however busy the machine is."""
    film = records.read(game["record"], game["size"])
    began = CLOCKS[clock]()
    review = Review(film, budget)
    while not review.done:
        review.step(50)
    return Reviewed(game, review, CLOCKS[clock]() - began)


def phase_of(board: rules.Board) -> str:
    top = rules.max_tile(board)
    bound = next((b for b in PHASES if top <= b), None)
    return f"<={bound}" if bound is not None else f">{PHASES[-1]}"


def sample(reviewed: list[Reviewed], count: int, seed: int) -> list[tuple[int, int]]:
    """`count` positions (game, move index) where the player had a choice, drawn
    without replacement by the engine's own seeded source (the same ones every run)."""
    pool = [(g, j.move - 1) for g, r in enumerate(reviewed) for j in r.review.judged if not j.forced]
    source = chance.seeded(seed)
    for i in range(len(pool) - 1, 0, -1):
        k = chance.choose_index(source, i + 1)
        pool[i], pool[k] = pool[k], pool[i]
    return sorted(pool[:count])


def lowest(values: dict[str, float]) -> str:
    """The solver's lowest-valued legal move (the first in DIRECTIONS order of equals)."""
    return min(values, key=lambda d: (values[d], DIRECTIONS.index(d)))


def planted(reviewed: list[Reviewed], count: int, seed: int) -> list[dict[str, Any]]:
    """At each sampled position, the lowest-valued move graded in place of the played
    one, and whether it would be among its game's three costliest moves."""
    out = []
    for g, at in sample(reviewed, count, seed):
        review = reviewed[g].review
        values = review.values[at]
        move = lowest(values)
        loss = loss_of(values, move, review.size)
        losses = [j.loss for j in review.judged]
        losses[at] = loss
        costliest = sorted(range(len(losses)), key=lambda k: (-losses[k], k))[:3]
        out.append({"game": g, "move": at + 1, "phase": phase_of(review.boards[at]), "loss": loss,
                    "grade": grade(loss, bounds_for(review.size)),
                    "lost": standing(values, review.size) < LOST,
                    "top3": loss > 0.0 and at in costliest})
    return out


def share(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else 0.0


def digest(reviewed: list[Reviewed]) -> str:
    """SHA-256 of every review's grades, values and accuracy: equal on any interpreter."""
    text = json.dumps([[r.review.finished()[k] for k in ("grades", "values", "accuracy")] for r in reviewed])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def phases(reviewed: list[Reviewed], plants: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per stage of the game (its biggest tile): the played moves' best-or-good share
    and the planted moves' inaccuracy-or-worse share, and their median losses."""
    rows: dict[str, dict[str, Any]] = {}
    for r in reviewed:
        for j in r.review.judged:
            if not j.forced:
                row = rows.setdefault(phase_of(r.review.boards[j.move - 1]), {"played": [], "planted": []})
                row["played"].append(j.loss)
    for plant in plants:
        rows.setdefault(plant["phase"], {"played": [], "planted": []})["planted"].append(plant["loss"])
    order = [f"<={b}" for b in PHASES] + [f">{PHASES[-1]}"]
    bounds = bounds_for(reviewed[0].review.size) if reviewed else bounds_for(0)
    return {name: {"moves": len(row["played"]),
                   "best_or_good": share(sum(grade(x, bounds) in "bg" for x in row["played"]),
                                         len(row["played"])),
                   "played_loss_p90": percentile(row["played"], 0.9),
                   "planted": len(row["planted"]),
                   "planted_flagged": share(sum(grade(x, bounds) not in "bg" for x in row["planted"]),
                                            len(row["planted"])),
                   "planted_loss_median": percentile(row["planted"], 0.5)}
            for name, row in sorted(rows.items(), key=lambda item: order.index(item[0]))}


def percentile(values: list[float], at: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(at * len(ordered)))] if ordered else 0.0


def summary(reviewed: list[Reviewed], plants: list[dict[str, Any]]) -> dict[str, Any]:
    judged = [j for r in reviewed for j in r.review.judged]
    chosen = [j for j in judged if not j.forced]
    alive = [p for p in plants if not p["lost"]]
    seconds = sum(r.seconds for r in reviewed)
    positions = sum(r.review.total for r in reviewed)
    longest = max(reviewed, key=lambda r: r.review.total)
    return {
        "python": sys.version.split()[0] + (" (Pyodide)" if sys.platform == "emscripten" else ""),
        "games": len(reviewed), "budget": reviewed[0].review.budget, "size": reviewed[0].review.size,
        "moves": len(judged), "forced": len(judged) - len(chosen),
        "grades": {g: sum(j.grade == g for j in judged) for g in GRADES},
        "best_or_good": share(sum(j.grade in "bg" for j in judged), len(judged)),
        "best_or_good_of_choices": share(sum(j.grade in "bg" for j in chosen), len(chosen)),
        "accuracy": [r.review.finished()["accuracy"] for r in reviewed],
        "planted": len(plants),
        "planted_flagged": share(sum(p["grade"] not in "bg" for p in plants), len(plants)),
        "planted_grades": {g: sum(p["grade"] == g for p in plants) for g in GRADES},
        "already_lost": share(len(plants) - len(alive), len(plants)),
        "planted_top3": share(sum(p["top3"] for p in alive), len(alive)),
        "positions_per_s": sum(r.review.nodes for r in reviewed) / seconds if seconds else 0.0,
        "ms_per_position": 1000.0 * seconds / positions if positions else 0.0,
        "longest": {"moves": longest.review.total - 1, "seconds": longest.seconds},
        "phases": phases(reviewed, plants),
        "digest": digest(reviewed),
    }


def table(s: dict[str, Any]) -> str:
    lines = [
        f"{s['size']}x{s['size']}, {s['games']} games, {s['moves']} moves ({s['forced']} forced), "
        f"review budget {s['budget']} positions, Python {s['python']}",
        "grades       " + "  ".join(f"{g}: {n}" for g, n in s["grades"].items()),
        f"best or good {s['best_or_good']:.1f} % of moves ({s['best_or_good_of_choices']:.1f} % of choices)",
        "accuracy     " + ", ".join(f"{a:.1f}" for a in s["accuracy"]),
        f"planted      {s['planted']} lowest-valued moves: {s['planted_flagged']:.1f} % inaccuracy or worse "
        f"(" + "  ".join(f"{g}: {n}" for g, n in s["planted_grades"].items()) + ")",
        f"             already lost {s['already_lost']:.1f} %; "
        f"among the 3 costliest {s['planted_top3']:.1f} % of the others",
        f"speed        {s['positions_per_s']:.0f} positions/s, {s['ms_per_position']:.2f} ms per position; "
        f"the longest game ({s['longest']['moves']} moves) in {s['longest']['seconds']:.1f} s",
        "phase        moves  best/good  played p90  planted  flagged  planted median",
    ]
    for name, row in s["phases"].items():
        lines.append(f"  {name:<9} {row['moves']:>6}  {row['best_or_good']:>7.1f} %  "
                     f"{row['played_loss_p90']:>9.2f}  {row['planted']:>7}  "
                     f"{row['planted_flagged']:>5.1f} %  {row['planted_loss_median']:>13.2f}")
    lines.append(f"digest       {s['digest']}")
    return "\n".join(lines)


def games_of(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The games in `--games-file` if it exists (the same games again), else played now
    (and written there)."""
    if args.games_file and os.path.exists(args.games_file):
        with open(args.games_file, encoding="utf-8") as lines:
            return [json.loads(line) for line in lines if line.strip()][: args.games]
    games = []
    for number in range(args.games):
        began = time.perf_counter()
        game = play(args.size, args.seed + number, args.player_ms, args.max_moves, args.clock)
        games.append(game)
        print(f"game {number + 1}: {game['moves']} moves, tile {game['max_tile']}, "
              f"{time.perf_counter() - began:.1f} s", file=sys.stderr)
        if args.games_file:
            with open(args.games_file, "a", encoding="utf-8") as lines:
                lines.write(json.dumps(game) + "\n")
    return games


def main(argv: list[str], out: Callable[[str], Any] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.solver review")
    parser.add_argument("--size", type=int, default=4, choices=rules.SIZES)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player-ms", type=float, default=20.0, help="the player's budget per move")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="what the player's ms and the review's time count")
    parser.add_argument("--max-moves", type=int, default=1000, help="end each game after this many moves")
    parser.add_argument("--budget", type=int, default=None,
                        help="the review's positions per position (default: the review's own for the size)")
    parser.add_argument("--judge", default="network", help="as bench's --judge")
    parser.add_argument("--samples", type=int, default=240, help="positions to plant the lowest move at")
    parser.add_argument("--games-file", metavar="FILE",
                        help="the games' records: read if it exists, else written")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    from game.solver.bench import judge

    judge(args.judge)
    if args.budget is None:
        args.budget = budget_for(args.size)
    reviewed = []
    for number, game in enumerate(games_of(args)):
        reviewed.append(review_game(game, args.budget, args.clock))
        print(f"review {number + 1}: {reviewed[-1].review.total - 1} moves, {reviewed[-1].seconds:.1f} s",
              file=sys.stderr)
    result = summary(reviewed, planted(reviewed, args.samples, args.seed))
    out(json.dumps(result) if args.json else table(result))
    return 0
