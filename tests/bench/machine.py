"""What the numbers were measured on: they mean little without the machine beside them."""

from __future__ import annotations

import datetime
import os
import platform
from pathlib import Path
from typing import Any


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
