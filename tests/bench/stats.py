"""Summaries of repeated samples: the bench reports medians, never single runs.

The machine is shared and noisy, so every figure is a median of several runs, kept
next to its spread (min and max) and its raw samples in docs/bench-results.json.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from typing import TypedDict


class Summary(TypedDict):
    median: float | None
    min: float | None
    max: float | None
    n: int
    samples: list[float]


def summary(values: Iterable[float | None]) -> Summary:
    """Median, min and max of the values that were measured (None: not measured)."""
    numbers = [float(v) for v in values if v is not None]
    if not numbers:
        return {"median": None, "min": None, "max": None, "n": 0, "samples": []}
    return {
        "median": statistics.median(numbers),
        "min": min(numbers),
        "max": max(numbers),
        "n": len(numbers),
        "samples": numbers,
    }


def percentile(values: list[float], fraction: float) -> float | None:
    """The nearest-rank percentile (0.5: median, 0.95: p95) of a list of samples."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]
