"""What the numbers were measured on: they mean little without the machine beside them."""

from __future__ import annotations

import datetime
import os
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# A load is measured from a quiet machine: the page before it may still be ending (a
# closed context's renderer, its engine's download and compile cancelled) and on two
# cores that landed in the next load, the game's and the floor's alike: the first tiles
# of one build moved by 30 ms between two sets of rounds. Quiet: under this share of
# all cores busy over one window (s); a load waits at most the timeout (s) for it.
QUIET_SHARE = 0.15
QUIET_WINDOW = 0.2
QUIET_TIMEOUT = 10.0
# How the waits went: loads, the seconds waited in all, the loads that began busy.
settled: dict[str, float] = {"loads": 0, "waited_s": 0.0, "busy": 0}


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def load_average() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def busy_ticks() -> tuple[int, int] | None:
    """(busy, all) CPU ticks since boot, over every core; None where there is no /proc."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(x) for x in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)  # idle and iowait are not busy


def settle(share: float = QUIET_SHARE, window: float = QUIET_WINDOW, timeout: float = QUIET_TIMEOUT,
           ticks: Callable[[], tuple[int, int] | None] = busy_ticks,
           pause: Callable[[float], None] = time.sleep) -> bool:
    """Return once the machine is quiet (True), or after `timeout` s (False)."""
    began = time.monotonic()
    quiet = False
    while not quiet and time.monotonic() - began < timeout:
        before = ticks()
        if before is None:
            return True  # nothing to read: measured as it comes
        pause(window)  # the window the share is read over
        after = ticks()
        if after is None:
            return True
        quiet = (after[0] - before[0]) <= share * max(1, after[1] - before[1])
    settled["loads"] += 1
    settled["waited_s"] += time.monotonic() - began
    settled["busy"] += 0 if quiet else 1
    return quiet


def describe(chromium_version: str) -> dict[str, Any]:
    """CPU, cores, Chromium, date, and the load when the bench started (a shared machine)."""
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "chromium": chromium_version,
        "python": platform.python_version(),
        "os": platform.platform(),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load_average_at_start": load_average(),
    }
