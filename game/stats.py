"""Statistics per board size, a local top 10, the daily results, and the milestones
that unlock palettes.

A game counts once: when it first ends, or when it is given up for a new game after at
least one move (game/api.py decides when; this module only keeps the numbers). The
numbers are pure data, changed only by pure functions that return a new `Stats`, so a
lookahead copy or another tab's document can never be changed by accident.

Stored statistics come from `localStorage` like the game, so they are checked against
what a real history can produce, size by size, by one reader that the page runs too
(game/stats_reader.py); game/stats_saves.py writes the document and makes these records
of what that reader passed.

Each size also keeps the scores of its newest `RECENT` counted games and, for each of
`REACHED_TILES`, how many counted games ended at that tile or above (version 3). A
version 1 or 2 document does not hold them, and that history is unknown: it reads with
no recent scores, and reached counts taken from its top list alone (the only counted
games whose tiles it knows; game/stats_reader.py `size_entry`), so they count the games since plus those.

Which games were counted travels with the numbers (version 4): each size keeps the
identities (game/session.py `identity`) of its newest `RECENT` counted games, and a game
named there is never counted again, whatever its own document says, so its count does
not depend on which document reached storage (docs/reliability.md says why fifty do).

The daily board's results are a part of their own (game/daily_results.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game import daily_results, other_tabs, rules, saves
from game.daily_results import DailyResult, DailyStats
from game.replies import result_code
from game.session import Session
from game.settings import MILESTONES
from game.stats_reader import (
    FORMAT,
    MAX_COUNT,
    MAX_DATE,
    MIN_DATE,
    REACHED_TILES,
    RECENT,
    TOP,
    VERSION,
    VERSIONS,
    top_rank,
)

# The document's numbers are its one reader's (game/stats_reader.py), which the page runs too.
__all__ = ["FORMAT", "MAX_COUNT", "MAX_DATE", "MIN_DATE", "REACHED_TILES", "RECENT", "TOP", "VERSION",
           "VERSIONS"]

_NOT_REACHED = (0,) * len(REACHED_TILES)


@dataclass(frozen=True)
class Result:
    """One counted game, as the engine hands it in."""

    score: int
    tile: int
    moves: int
    ms: int
    date: int  # epoch ms when the game was counted
    won: bool
    game: str = ""  # its identity (game/session.py), "" when it has none


@dataclass(frozen=True)
class TopEntry:
    score: int
    tile: int
    moves: int
    ms: int
    date: int

    def rank(self) -> tuple[int, int, int, int]:
        """Sort key of the top list (game/stats_reader.py `top_rank`, which the reader
        checks stored lists by)."""
        return top_rank((self.score, self.tile, self.moves, self.ms, self.date))


@dataclass(frozen=True)
class SizeStats:
    """One board size's numbers; all zeros is "never played"."""

    played: int = 0
    won: int = 0
    best_score: int = 0
    best_tile: int = 0
    total_score: int = 0
    total_moves: int = 0
    total_ms: int = 0
    streak: int = 0  # the most recent run of won games
    best_streak: int = 0
    top: tuple[TopEntry, ...] = ()
    recent: tuple[int, ...] = ()  # the newest `RECENT` counted games' scores, oldest first
    reached: tuple[int, ...] = _NOT_REACHED  # per `REACHED_TILES`: games that ended at it or above
    games: tuple[str, ...] = ()  # the identities of the newest `RECENT` counted games, oldest first


@dataclass(frozen=True)
class Stats:
    """Every size's numbers (a size with no entry has all zeros), the milestones
    reached, in `MILESTONES` order, and the daily results."""

    sizes: dict[int, SizeStats] = field(default_factory=dict)
    milestones: tuple[str, ...] = ()
    daily: DailyStats = field(default_factory=DailyStats)

    def of(self, size: int) -> SizeStats:
        return self.sizes.get(size, SizeStats())

    @property
    def played(self) -> int:
        """Counted games over all sizes."""
        return sum(entry.played for entry in self.sizes.values())


def _add(total: int, amount: int) -> int:
    return min(total + amount, MAX_COUNT)


def _clamp(value: int, low: int, high: int) -> int:
    return min(max(value, low), high)


def record(stats: Stats, size: int, result: Result) -> Stats:
    """`stats` with one more counted game of `size`.

    The date and clock are clamped into the range the document accepts: a device whose
    clock is wrong must not make the engine write statistics its next load sets aside.
    """
    if size not in rules.SIZES:
        raise ValueError(f"unsupported board size {size}")
    entry = stats.of(size)
    top = TopEntry(result.score, result.tile, result.moves, _clamp(result.ms, 0, saves.MAX_CLOCK_MS),
                   _clamp(result.date, MIN_DATE, MAX_DATE))
    streak = _add(entry.streak, 1) if result.won else 0
    new = SizeStats(
        played=_add(entry.played, 1),
        won=_add(entry.won, 1) if result.won else entry.won,
        best_score=max(entry.best_score, top.score),
        best_tile=max(entry.best_tile, top.tile),
        total_score=_add(entry.total_score, top.score),
        total_moves=_add(entry.total_moves, top.moves),
        total_ms=_add(entry.total_ms, top.ms),
        streak=streak,
        best_streak=max(entry.best_streak, streak),
        top=tuple(sorted(entry.top + (top,), key=TopEntry.rank)[:TOP]),
        recent=(entry.recent + (top.score,))[-RECENT:],
        reached=tuple(_add(games, 1) if top.tile >= tile else games
                      for tile, games in zip(REACHED_TILES, entry.reached)),
        games=(entry.games + (result.game,))[-RECENT:] if result.game not in ("",) + entry.games
        else entry.games,
    )
    return replace(stats, sizes={**stats.sizes, size: new})


def counted(stats: Stats, size: int, game: str) -> bool:
    """Whether the game of this identity is among the counted games of `size` these
    statistics remember (a game without one never is)."""
    return bool(game) and game in stats.of(size).games


def count_game(stats: Stats, game: Session, date_ms: int) -> Stats:
    """`stats` with `game` counted (game/play.py says when it is due): in its size's
    numbers, dated `date_ms`, with the milestones it reaches; a daily try, unless
    practice, as its day's result (`daily_results.of_code`: the numbers of its own code
    replayed, exactly what anyone checking the code sees)."""
    if game.daily is not None:
        result = None if game.practice else daily_results.of_code(result_code(game))
        try:
            return stats if result is None else record_daily(stats, result)
        except ValueError:  # a result the document would refuse: never written
            return stats
    position = game.position
    tile = rules.max_tile(position.board)
    counted_now = record(stats, game.size, Result(position.score, tile, position.moves, game.clock_ms,
                                                  date_ms, position.won, game.game_id))
    return reach(counted_now, game.size, tile, position.won)[0]


def ordered(milestones: set[str]) -> tuple[str, ...]:
    return tuple(m for m in MILESTONES if m in milestones)


def reach(stats: Stats, size: int, max_tile: int, won: bool) -> tuple[Stats, tuple[str, ...]]:
    """`stats` with the milestones a game of `size` at `max_tile` (won or not) and the
    counted games reach, and which of them are new. Reached milestones stay."""
    reached = set(stats.milestones)
    if max_tile >= 2048:
        reached.add("tile-2048")
    if max_tile >= 4096:
        reached.add("tile-4096")
    if won and size == 6:
        reached.add("expert-win")
    if stats.played >= 100:
        reached.add("games-100")
    new = tuple(m for m in ordered(reached) if m not in stats.milestones)
    if not new:
        return stats, ()
    return replace(stats, milestones=ordered(reached)), new


# -- the daily results (game/daily_results.py), in the statistics -----------------------

def daily_result(stats: Stats, date: str) -> DailyResult | None:
    """The day's result, if that day has one still kept."""
    return daily_results.result_of(stats.daily, date)


def record_daily(stats: Stats, result: DailyResult) -> Stats:
    """`stats` with the day's result; `stats` itself when there is none to add
    (`daily_results.record` says when)."""
    part = daily_results.record(stats.daily, result)
    return stats if part is stats.daily else replace(stats, daily=part)


def daily_summary(stats: Stats, today: str) -> dict[str, Any]:
    return daily_results.summary(stats.daily, today)


def merge(own: Stats, other: Stats) -> Stats:
    """Another tab's statistics with this one's: per size the entry with more games
    (on a tie this tab's: game/other_tabs.py `merged_sizes`, the page's merge too),
    every milestone either reached, and the daily results of both (one date in both
    keeps this tab's), with counters at least what either tab counted and what the
    results themselves show."""
    sizes = other_tabs.merged_sizes(own.sizes, other.sizes, lambda entry: entry.played)
    return Stats(sizes, ordered(set(own.milestones) | set(other.milestones)),
                 daily_results.merge(own.daily, other.daily))


def summary(stats: Stats, size: int, best: int, today: str = "") -> dict[str, Any]:
    """Plain data for the statistics dialog of one size; `best` is the best score the
    engine keeps (which also counts games still in play). With `today` (the UTC date
    now) it also holds the daily section, which belongs to no size: `daily_summary`."""
    entry = stats.of(size)
    played = entry.played
    data: dict[str, Any] = {
        "played": played,
        "won": entry.won,
        "win_rate": entry.won / played if played else 0.0,
        "best_score": max(entry.best_score, best),
        "best_tile": entry.best_tile,
        "average_score": (2 * entry.total_score + played) // (2 * played) if played else 0,
        "total_moves": entry.total_moves,
        "total_ms": entry.total_ms,
        "streak": entry.streak,
        "best_streak": entry.best_streak,
        "top": [top_document(t) for t in entry.top],
        "recent": list(entry.recent),
        "reached": [{"tile": tile, "games": games} for tile, games in zip(REACHED_TILES, entry.reached)],
    }
    if today:
        data["daily"] = daily_summary(stats, today)
    return data


def top_document(entry: TopEntry) -> dict[str, int]:
    return {"score": entry.score, "tile": entry.tile, "moves": entry.moves, "ms": entry.ms,
            "date": entry.date}
