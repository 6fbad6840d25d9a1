"""The solver's short run for `make bench`: CPython and Pyodide under Node, alternated.

Each round plays the first `MOVES` moves of the same seeded 4x4 game at the page's
auto-play budget, once on CPython and once in Pyodide (tests/bench/solver.mjs), and
keeps each run's mean and p99 ms per move and positions per second. The budget counts
the process's own CPU time (`--clock cpu`), so a busy machine slows the run, not the
numbers. Whole games (the
reach rates) take tens of minutes: they are the README's table, run by hand with
`python -m game.solver bench` (README, "Solver").
Usage: python -m tests.bench.solver [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MOVES = 300
BUDGET_MS = 20.0


def arguments(seed: int) -> list[str]:
    return ["bench", "--size", "4", "--games", "1", "--budget-ms", f"{BUDGET_MS:g}",
            "--seed", str(seed), "--max-moves", str(MOVES), "--clock", "cpu", "--json", "--quiet"]


def run(where: str, seed: int) -> dict[str, Any]:
    if where == "cpython":
        command = [sys.executable, "-m", "game.solver", *arguments(seed)]
    else:
        command = ["node", str(ROOT / "tests" / "bench" / "solver.mjs"), *arguments(seed)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True, timeout=900)
    summary: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return summary


def measure(rounds: int = 3) -> dict[str, dict[str, list[float]]]:
    found: dict[str, dict[str, list[float]]] = {
        where: {"ms_per_move_mean": [], "ms_per_move_p99": [], "positions_per_s": [], "depth_mean": []}
        for where in ("cpython", "pyodide")}
    for round_number in range(rounds):
        for where in ("cpython", "pyodide"):
            summary = run(where, seed=1 + round_number)
            for key, values in found[where].items():
                values.append(float(summary[key]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    print(json.dumps(measure(parser.parse_args().rounds), indent=1))


if __name__ == "__main__":
    main()
