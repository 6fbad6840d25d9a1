"""Statistics per board size, a local top 10, and the milestones that unlock palettes.

A game counts once: when it first ends, or when it is given up for a new game after at
least one move (game/api.py decides when; this module only keeps the numbers). The
numbers are pure data, changed only by pure functions that return a new `Stats`, so a
lookahead copy or another tab's document can never be changed by accident.

Stored statistics come from `localStorage` like the game, so they are checked against
what a real history can produce, size by size like the best scores (game/saves.py): a
bad size entry is set aside alone and the others kept. An imported file is judged
strictly instead (`load_stats`): nothing set aside is accepted there.
The format is documented in docs/save-format.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from game import rules, saves
from game.saves import SaveError, int_in
from game.settings import MILESTONES

FORMAT = "py2048-stats"
VERSION = 1
TOP = 10  # entries kept in each size's top list
MAX_COUNT = saves.MAX_REVISION  # counters stop at the largest exact JavaScript integer
MIN_DATE = 1_388_534_400_000  # 2014-01-01 in epoch ms: before 2048 existed
MAX_DATE = 7_258_118_400_000  # 2200-01-01 in epoch ms

_KEYS = frozenset({"format", "version", "sizes", "milestones"})
_TOP_KEYS = ("score", "tile", "moves", "ms", "date")
_SIZE_KEYS = ("played", "won", "best_score", "best_tile", "total_score", "total_moves", "total_ms",
              "streak", "best_streak", "top")


@dataclass(frozen=True)
class Result:
    """One counted game, as the engine hands it in."""

    score: int
    tile: int
    moves: int
    ms: int
    date: int  # epoch ms when the game was counted
    won: bool


@dataclass(frozen=True)
class TopEntry:
    score: int
    tile: int
    moves: int
    ms: int
    date: int

    def rank(self) -> tuple[int, int, int, int]:
        """Sort key of the top list: higher score, then higher tile, then fewer moves,
        then the earlier game (a later equal game does not push out an earlier one)."""
        return (-self.score, -self.tile, self.moves, self.date)


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


@dataclass(frozen=True)
class Stats:
    """Every size's numbers (a size with no entry has all zeros) and the milestones
    reached, in `MILESTONES` order."""

    sizes: dict[int, SizeStats] = field(default_factory=dict)
    milestones: tuple[str, ...] = ()

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
    )
    return replace(stats, sizes={**stats.sizes, size: new})


def _ordered(milestones: set[str]) -> tuple[str, ...]:
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
    new = tuple(m for m in _ordered(reached) if m not in stats.milestones)
    if not new:
        return stats, ()
    return replace(stats, milestones=_ordered(reached)), new


def merge(own: Stats, other: Stats) -> Stats:
    """Another tab's statistics with this one's: per size the entry with more games
    (on a tie this tab's), and every milestone either reached."""
    sizes = dict(own.sizes)
    for size, entry in other.sizes.items():
        if entry.played > own.of(size).played:
            sizes[size] = entry
    return Stats(sizes, _ordered(set(own.milestones) | set(other.milestones)))


def summary(stats: Stats, size: int, best: int) -> dict[str, Any]:
    """Plain data for the statistics dialog of one size; `best` is the best score the
    engine keeps (which also counts games still in play)."""
    entry = stats.of(size)
    played = entry.played
    return {
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
        "top": [_top_document(t) for t in entry.top],
    }


# -- the document ------------------------------------------------------------------------

def _top_document(entry: TopEntry) -> dict[str, int]:
    return {"score": entry.score, "tile": entry.tile, "moves": entry.moves, "ms": entry.ms,
            "date": entry.date}


def _size_document(entry: SizeStats) -> dict[str, Any]:
    data: dict[str, Any] = {key: getattr(entry, key) for key in _SIZE_KEYS}
    data["top"] = [_top_document(t) for t in entry.top]
    return data


def stats_document(stats: Stats) -> dict[str, Any]:
    """The document (plain data) for `stats`: every size, zeros included."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "sizes": {str(size): _size_document(stats.of(size)) for size in rules.SIZES},
        "milestones": list(stats.milestones),
    }


def dump_stats(stats: Stats) -> str:
    return json.dumps(stats_document(stats), separators=(",", ":"))


def _top_entry(value: object, size: int) -> TopEntry:
    if not isinstance(value, dict) or set(value) != set(_TOP_KEYS):
        raise SaveError("top entry has the wrong fields")
    score = int_in(value["score"], "top score", 0, saves.max_score(size))
    if score % 4:
        raise SaveError("top score is not a reachable score")
    tile = int_in(value["tile"], "top tile", 2, saves.max_value(size))
    if tile & (tile - 1):
        raise SaveError("top tile is not a power of two")
    return TopEntry(score, tile, int_in(value["moves"], "top moves", 0, MAX_COUNT),
                    int_in(value["ms"], "top time", 0, saves.MAX_CLOCK_MS),
                    int_in(value["date"], "top date", MIN_DATE, MAX_DATE))


def _size_entry(value: object, size: int) -> SizeStats:
    """One size's entry, or SaveError: only numbers a real history of counted games
    can produce (the checks are the laws `record` keeps)."""
    if not isinstance(value, dict) or set(value) != set(_SIZE_KEYS):
        raise SaveError("statistics have the wrong fields")
    raw_top = value["top"]
    if not isinstance(raw_top, list) or len(raw_top) > TOP:
        raise SaveError("top list is too long")
    top = tuple(_top_entry(t, size) for t in raw_top)
    counts = {key: int_in(value[key], key, 0, MAX_COUNT) for key in _SIZE_KEYS if key != "top"}
    entry = SizeStats(**counts, top=top)
    if entry.best_score > saves.max_score(size) or entry.best_score % 4:
        raise SaveError("best score is not a reachable score")
    tile = entry.best_tile
    if tile > saves.max_value(size) or tile == 1 or tile & (tile - 1):
        raise SaveError("best tile is not a tile")
    if not entry.streak <= entry.best_streak <= entry.won <= entry.played:
        raise SaveError("wins and streaks do not agree with the games played")
    if len(top) > entry.played:
        raise SaveError("top list is longer than the games played")
    if list(top) != sorted(top, key=TopEntry.rank):
        raise SaveError("top list is out of order")
    if top and (entry.best_score < top[0].score or entry.best_tile < max(t.tile for t in top)):
        raise SaveError("best score or tile below the top list")
    if (entry.total_score < sum(t.score for t in top) or entry.total_moves < sum(t.moves for t in top)
            or entry.total_ms < sum(t.ms for t in top)):
        raise SaveError("totals below the top list")
    if entry.played == 0 and entry != SizeStats():
        raise SaveError("statistics without a game played")
    return entry


@dataclass(frozen=True)
class StatsRead:
    """The statistics that passed, and what was set aside (like `saves.BestScores`)."""

    stats: Stats
    rejected_sizes: tuple[int, ...] = ()
    unknown_keys: int = 0
    milestones_rejected: bool = False

    @property
    def complete(self) -> bool:
        return not self.rejected_sizes and not self.unknown_keys and not self.milestones_rejected


def _milestones(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(m, str) and m in MILESTONES for m in value):
        raise SaveError("milestones are not a list of known milestones")
    if len(set(value)) != len(value):
        raise SaveError("a milestone is listed twice")
    return _ordered(set(value))


def _read(text: object, strict: bool) -> StatsRead:
    """The document judged size by size; `strict` raises for the first part that a
    lenient read would set aside, naming it."""
    data = saves.parse_document(text, FORMAT, (VERSION,))
    if set(data) != _KEYS:
        raise SaveError("statistics have the wrong fields")
    entries, rejected, unknown = saves.judge_sizes(data["sizes"], "statistics sizes", _size_entry, strict)
    # No entry and all zeros are the same statistics.
    sizes = {size: entry for size, entry in entries.items() if entry != SizeStats()}
    try:
        milestones, milestones_rejected = _milestones(data["milestones"]), False
    except SaveError:
        if strict:
            raise
        milestones, milestones_rejected = (), True
    return StatsRead(Stats(sizes, milestones), rejected, unknown, milestones_rejected)


def read_stats(text: object) -> StatsRead:
    """Statistics from saved text, size by size.

    SaveError only when the document as a whole is unusable (not text, over the limits,
    not JSON, wrong format, version or fields, `sizes` not an object); a bad size entry,
    a key that names no size or a bad milestones list is left out and named instead.
    """
    return _read(text, strict=False)


def load_stats(text: object) -> Stats:
    """Statistics from text that must be valid in every part (an imported file): what
    `read_stats` would set aside is a SaveError here, with the reason."""
    return _read(text, strict=True).stats
