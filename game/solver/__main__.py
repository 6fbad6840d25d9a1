"""`python -m game.solver bench --size 4 --games 50 --budget-ms 20 --seed 1` (see bench.py)."""

import sys

from game.solver.bench import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
