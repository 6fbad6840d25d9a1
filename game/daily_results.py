"""The daily board's results, as the statistics keep them (game/stats.py `Stats.daily`).

One result per UTC day: the first daily game finished that day (later tries are
practice and count nowhere). The results are kept for a year and a day, and the codes
that replay them (game/replay.py) for the newest ten only, so the document stays
small; the days played and the best day streak are counters that outlive the results
they were counted from. Pure data, changed only by functions that return a new value,
and judged when read like every stored part (docs/save-format.md, "The daily results";
game/stats_reader.py `daily_part`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from game import daily, other_tabs, replay, stats_reader
from game.stats_reader import DAILY_CODES, DAILY_DAYS, MAX_COUNT, longest_run

DAILY_SHOWN = 10  # results the summary lists, newest first
# How long results and codes are kept, and the laws a stored part keeps, are the
# statistics reader's (game/stats_reader.py `daily_part`), which the page runs too.
__all__ = ["DAILY_CODES", "DAILY_DAYS", "MAX_COUNT", "longest_run"]


@dataclass(frozen=True)
class DailyResult:
    """One day's result on the daily board: the first daily game finished that UTC day.

    `code` replays it (game/replay.py), so a result can be watched or shared again; it
    is "" once the result is no longer among the newest `DAILY_CODES`.
    """

    date: str
    score: int
    tile: int
    moves: int
    code: str


@dataclass(frozen=True)
class DailyStats:
    """The daily results, oldest first (one per date, at most `DAILY_DAYS`), and two
    counters that outlive them: the days with a result ever, and the longest run of
    consecutive such days ever."""

    results: tuple[DailyResult, ...] = ()
    played: int = 0
    best_streak: int = 0


def _trimmed(results: Iterable[DailyResult]) -> tuple[DailyResult, ...]:
    """Results sorted by date, the newest `DAILY_DAYS` kept, and the replay code kept on
    the newest `DAILY_CODES` alone: what a stored document may hold, whatever order the
    results came in (another tab's, a merge's)."""
    newest = sorted(results, key=lambda r: r.date)[-DAILY_DAYS:]
    coded = len(newest) - DAILY_CODES
    return tuple(replace(r, code="") if index < coded and r.code else r for index, r in enumerate(newest))


def of_code(code: str) -> DailyResult | None:
    """The result a daily game's code gives, replayed (None if it does not replay:
    never expected of a game played by these rules)."""
    try:
        outcome = replay.replay(replay.decode(code))
    except replay.Rejection:
        return None
    return DailyResult(outcome.date, outcome.score, outcome.tile, outcome.moves, code)


def result_of(part: DailyStats, date: str) -> DailyResult | None:
    """The day's result, if that day has one still kept."""
    return next((r for r in part.results if r.date == date), None)


def record(part: DailyStats, result: DailyResult) -> DailyStats:
    """`part` with the day's result; `part` itself when that date has one already
    (the first finished daily game of a day is its result, later ones are practice).

    Dates may come out of order (another tab finished an earlier day's game late), so
    the results are kept sorted. A date older than every kept result, once results have
    been dropped (`played` exceeds them), may be one of those dropped: it is refused
    rather than counted twice. Streaks are counted over the kept results: a run of more
    than `DAILY_DAYS` days counts as `DAILY_DAYS` (the document holds no more; a year
    and a day without a miss). A result the document would not accept is a ValueError
    (like an unknown size in game/stats.py `record`): the engine must never write
    statistics its next load sets aside.
    """
    stats_reader.daily_result(result_document(result))  # SaveError is a ValueError
    if result_of(part, result.date) is not None:
        return part
    if part.results and result.date < part.results[0].date and part.played > len(part.results):
        return part
    results = _trimmed(part.results + (result,))
    return DailyStats(results, min(part.played + 1, MAX_COUNT), max(part.best_streak, longest_run(
        r.date for r in results)))


def current_streak(dates: Iterable[str], today: str) -> int:
    """The run of consecutive days with a result that ends today, or yesterday while
    today has none yet (the streak is alive until today is over); 0 otherwise."""
    days = {daily.day_number(date) for date in dates}
    day = daily.day_number(today)
    if day not in days:
        day -= 1
    run = 0
    while day in days:
        run += 1
        day -= 1
    return run


def summary(part: DailyStats, today: str) -> dict[str, Any]:
    """Plain data for the dialog's daily section on the UTC day `today` (YYYY-MM-DD,
    as `daily.utc_date` gives for any clock): days played, the current and best day
    streaks, today's result if there is one, and the newest results first."""
    mine = result_of(part, today)
    return {
        "played": part.played,
        "streak": current_streak((r.date for r in part.results), today),
        "best_streak": part.best_streak,
        "today": result_document(mine) if mine else None,
        "results": [result_document(r) for r in part.results[::-1][:DAILY_SHOWN]],
    }


def result_document(result: DailyResult) -> dict[str, Any]:
    return {"date": result.date, "score": result.score, "tile": result.tile, "moves": result.moves,
            "code": result.code}


def document(part: DailyStats) -> dict[str, Any]:
    return {"played": part.played, "best_streak": part.best_streak,
            "results": [result_document(r) for r in part.results]}


def _date_of(result: DailyResult) -> str:
    return result.date


def merge(own: DailyStats, other: DailyStats) -> DailyStats:
    """Another tab's daily results with this one's: the results of both (one date in
    both keeps this tab's), with counters at least what either tab counted and what the
    results themselves show."""
    union = tuple(other_tabs.united(list(own.results), list(other.results), _date_of))
    played = max(own.played, other.played, len(union))
    best_streak = max(own.best_streak, other.best_streak, longest_run(r.date for r in union))
    return DailyStats(_trimmed(union), min(played, MAX_COUNT), min(best_streak, MAX_COUNT))
