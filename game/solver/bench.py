"""Whole games played by the solver with the real engine: how strong, how fast.

Each game is a `Session` (the engine's own rules and spawns) whose random words come
from `chance.seeded(seed + game number)`, so the tiles are the seed's. With
`--budget-nodes` every decision is reproducible too, and so is the whole run; with
`--budget-ms` the search depth depends on the machine's speed at that moment.
The same module runs on CPython and in Pyodide under Node (tests/bench/solver.mjs),
so the two can be compared move for move.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import chance, rules
from game.session import Session
from game.solver import learned
from game.solver.clocks import CLOCKS
from game.solver.search import Pace, choose_move

MILESTONES: tuple[int, ...] = (2048, 4096, 8192, 16384)




# `python -m game.solver NAME ...` for the tools beside the bench: the module each is.
TOOLS = {
    "review": "calibrate",  # how well a review grades
    "turning": "turning",  # where a review's turning points fall
    "reference": "reference",  # a review's grades against a deeper search
    "train": "training",  # the n-tuple network's trainer (CPython only: numba)
}
NETWORK = str(Path(__file__).resolve().parents[2] / "assets" / "solver" / "network.bin")


def judge(name: str) -> None:
    """Install what the search values 4x4 boards by (`--judge`)."""
    from game.solver import network

    if name == "heuristic":
        learned.install(None)
        return
    with open(NETWORK if name == "network" else name, "rb") as data:
        learned.install(network.read(data.read()))


def play_game(size: int, seed: int, budget_ms: float, budget_nodes: int | None,
              max_moves: int = 100_000, clock: str = "wall") -> dict[str, Any]:
    """One game to its end (the win is played through): its score, tile and costs.

    A time budget is a mean over the game (`Pace`, as auto-play uses it); a positions
    budget holds for every move, so the game is the same on every run. The "cpu" clock
    counts only this process's time: on a shared machine the search then gets the
    budget it was given, whatever else runs (the page's budget is wall time)."""
    session, _ = Session.new(size, chance.seeded(seed))
    pace = Pace(budget_ms)
    session.keep_playing = True
    times: list[float] = []
    nodes = 0
    depths: list[int] = []
    while not session.over and session.position.moves < max_moves:
        if session.status == "won":
            session.continue_after_win()
        board = session.position.board
        if budget_nodes is None:
            decision = pace.choose(board, CLOCKS[clock])
        else:
            decision = choose_move(board, budget_nodes=budget_nodes)
        if decision.direction is None:
            break
        outcome = session.move(decision.direction)
        if not outcome.changed:
            raise AssertionError(f"the solver chose a move that changes nothing: {decision}")
        times.append(decision.ms)
        nodes += decision.nodes
        depths.append(decision.depth)
    return {
        "size": size,
        "budget_ms": None if budget_nodes else budget_ms,
        "budget_nodes": budget_nodes,
        "clock": clock,
        "python": sys.version.split()[0] + (" (Pyodide)" if sys.platform == "emscripten" else ""),
        "seed": seed,
        "judge": "network" if size == learned.SIZE and learned.installed() else "heuristic",
        "score": session.position.score,
        "max_tile": rules.max_tile(session.position.board),
        "moves": session.position.moves,
        "ms": times,
        "nodes": nodes,
        "depth_mean": statistics.fmean(depths) if depths else 0.0,
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summarize(games: list[dict[str, Any]]) -> dict[str, Any]:
    """One summary of games played with the same size and budget (`report` checks)."""
    times = [t for game in games for t in game["ms"]]
    total_s = sum(times) / 1000.0
    first = games[0]
    return {
        "size": first["size"],
        "games": len(games),
        "budget_ms": first["budget_ms"],
        "budget_nodes": first["budget_nodes"],
        "clock": first.get("clock", "wall"),
        "python": first["python"],
        "judge": first.get("judge", "heuristic"),
        "reached": {str(tile): sum(g["max_tile"] >= tile for g in games) / len(games) for tile in MILESTONES},
        "score_mean": statistics.fmean(g["score"] for g in games),
        "score_median": statistics.median(g["score"] for g in games),
        "moves_mean": statistics.fmean(g["moves"] for g in games),
        "ms_per_move_mean": statistics.fmean(times) if times else 0.0,
        "ms_per_move_p99": percentile(times, 0.99),
        "positions_per_s": sum(g["nodes"] for g in games) / total_s if total_s else 0.0,
        "depth_mean": statistics.fmean(g["depth_mean"] for g in games),
        "max_tiles": sorted(g["max_tile"] for g in games),
    }


def table(summary: dict[str, Any]) -> str:
    budget = (f"{summary['budget_nodes']} positions" if summary["budget_nodes"]
              else f"{summary['budget_ms']:g} ms mean ({summary['clock']} clock)")
    reached = "  ".join(f"{tile}: {share * 100:.0f} %" for tile, share in summary["reached"].items())
    return "\n".join([
        f"{summary['size']}x{summary['size']}, {summary['games']} games, budget {budget}, "
        f"judge {summary['judge']}, "
        f"Python {summary['python']}",
        f"reached      {reached}",
        f"score        mean {summary['score_mean']:.0f}, median {summary['score_median']:.0f}",
        f"moves/game   {summary['moves_mean']:.0f}",
        f"ms/move      mean {summary['ms_per_move_mean']:.1f}, p99 {summary['ms_per_move_p99']:.1f}",
        f"positions/s  {summary['positions_per_s']:.0f}  (mean depth {summary['depth_mean']:.2f})",
    ])


def main(argv: list[str], out: Callable[[str], Any] = print) -> int:
    if argv[:1] and argv[0] in TOOLS:  # each tool's own arguments, in its module
        tool: Any = importlib.import_module(f"game.solver.{TOOLS[argv[0]]}")
        return int(tool.main(argv[1:], out))
    parser = argparse.ArgumentParser(prog="python -m game.solver")
    commands = parser.add_subparsers(dest="command", required=True)
    bench = commands.add_parser("bench", help="play whole games and report strength and speed")
    bench.add_argument("--size", type=int, default=4, choices=rules.SIZES)
    bench.add_argument("--games", type=int, default=10)
    bench.add_argument("--budget-ms", type=float, default=20.0)
    bench.add_argument("--budget-nodes", type=int, default=None,
                       help="positions per move instead of a time budget (reproducible)")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                       help="what the time budget counts: wall time, or this process's CPU time")
    bench.add_argument("--first", type=int, default=0, help="skip this many games (to split a run)")
    bench.add_argument("--max-moves", type=int, default=100_000, help="end each game after this many moves")
    bench.add_argument("--json", action="store_true", help="print the summary as JSON")
    bench.add_argument("--quiet", action="store_true", help="no line per game")
    bench.add_argument("--record", metavar="FILE", help="append each game as a JSON line (see report)")
    bench.add_argument("--judge", default="network", metavar="network|heuristic|FILE[,...]",
                       help="what values the search's boards on 4x4: the shipped network "
                            f"({NETWORK}), the line heuristic (the solver before it), or a network "
                            "file; several, comma-separated, play each game number in turn "
                            "(--record's {judge} is replaced by each one's name)")
    report = commands.add_parser("report", help="one summary of games recorded by bench --record")
    report.add_argument("files", nargs="+", metavar="FILE")
    report.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    if args.command == "report":
        return report_of(args.files, args.json, out)
    judges = args.judge.split(",")  # several: each game number played by each, alternated
    games: dict[str, list[dict[str, Any]]] = {name: [] for name in judges}
    for number in range(args.first, args.first + args.games):
        for name in judges:
            judge(name)
            began = time.perf_counter()
            game = play_game(args.size, args.seed + number, args.budget_ms, args.budget_nodes, args.max_moves,
                             args.clock)
            games[name].append(game)
            if args.record:
                with open(args.record.replace("{judge}", Path(name).stem), "a", encoding="utf-8") as record:
                    record.write(json.dumps(game) + "\n")
            if not args.quiet:
                print(f"game {number + 1} ({game['judge']}): score {game['score']}, tile {game['max_tile']}, "
                      f"{game['moves']} moves, {time.perf_counter() - began:.1f} s", file=sys.stderr)
    for name in judges:
        summary = summarize(games[name])
        out(json.dumps(summary) if args.json else table(summary))
    return 0


def report_of(files: list[str], as_json: bool, out: Callable[[str], Any]) -> int:
    """Games recorded by several runs (say one per core) summarised as one run."""
    games: list[dict[str, Any]] = []
    for name in files:
        with open(name, encoding="utf-8") as lines:
            games += [json.loads(line) for line in lines if line.strip()]
    kinds = {(g["size"], g["budget_ms"], g["budget_nodes"], g.get("clock"), g["python"], g.get("judge"))
             for g in games}
    if len(kinds) != 1:
        print(f"report: the files mix runs: {sorted(map(str, kinds))}", file=sys.stderr)
        return 2
    seeds = [g["seed"] for g in games]
    if len(set(seeds)) != len(seeds):
        print("report: a seed was played twice", file=sys.stderr)
        return 2
    summary = summarize(games)
    out(json.dumps(summary) if as_json else table(summary))
    return 0
