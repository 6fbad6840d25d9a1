"""The clocks a measured run can be timed by: the wall's (what a player waits) or the
processor's (what the search itself costs, steady on a shared machine). Both the bench
(game/solver/bench.py) and the review's calibration (game/solver/calibrate.py) offer them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
