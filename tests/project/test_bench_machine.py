"""The bench measures each page load from a quiet machine, or a page pays for the one
measured before it (its renderer still ending, its engine's download cancelled)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from tests.bench import machine


def proc_stat(shares: Iterable[float]) -> Iterator[tuple[int, int]]:
    """(busy, all) ticks as /proc/stat reads them before and after each window, `share`
    of the window's 1000 ticks busy."""
    busy = total = 0
    for share in shares:
        yield busy, total
        busy += round(1000 * share)
        total += 1000
        yield busy, total


def test_a_load_waits_out_busy_windows_and_starts_after_the_first_quiet_one() -> None:
    ticks = proc_stat([0.9, 0.6, 0.1, 0.9])
    windows: list[float] = []
    quiet = machine.settle(share=0.15, window=0.2, timeout=60,
                           ticks=lambda: next(ticks), pause=windows.append)
    assert quiet
    assert windows == [0.2, 0.2, 0.2]


def test_a_machine_that_never_quiets_is_measured_after_the_timeout_and_counted() -> None:
    ticks = proc_stat(itertools.repeat(1.0))
    loads, busy = machine.settled["loads"], machine.settled["busy"]
    quiet = machine.settle(share=0.15, window=0.0, timeout=0.02,
                           ticks=lambda: next(ticks), pause=lambda _: None)
    assert not quiet
    assert (machine.settled["loads"], machine.settled["busy"]) == (loads + 1, busy + 1)


def test_without_proc_stat_a_load_does_not_wait() -> None:
    windows: list[float] = []
    assert machine.settle(ticks=lambda: None, pause=windows.append)
    assert windows == []
