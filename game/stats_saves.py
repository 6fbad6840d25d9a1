"""The statistics document (`py2048-stats`, docs/save-format.md): written, and read by
one reader, leniently or strictly.

Stored statistics come from `localStorage` like the game, so they are checked against
what a real history can produce, size by size like the best scores (game/saves.py): a
bad size entry is set aside alone and the others kept (`read_stats`). An imported file
is judged strictly instead (`load_stats`): nothing set aside is accepted there. Both
are one reader (`read_document`, `strict` its parameter).

A version 1 or 2 document does not hold the recent scores and reached counts (version
3), and that history is unknown: it reads with no recent scores, and reached counts
taken from its top list alone (see `_size_entry`). Version 4 adds each size's counted
games' identities (game/stats.py says why).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from game import daily_results, rules, saves
from game.daily_results import DailyStats
from game.saves import SaveError, int_in
from game.session import is_identity
from game.settings import MILESTONES
from game.stats import (
    FORMAT,
    MAX_COUNT,
    MAX_DATE,
    MIN_DATE,
    REACHED_TILES,
    RECENT,
    TOP,
    VERSION,
    VERSIONS,
    SizeStats,
    Stats,
    TopEntry,
    ordered,
    top_document,
)

_KEYS_BY_VERSION = {1: frozenset({"format", "version", "sizes", "milestones"}),
                    2: frozenset({"format", "version", "sizes", "milestones", "daily"}),
                    3: frozenset({"format", "version", "sizes", "milestones", "daily"}),
                    4: frozenset({"format", "version", "sizes", "milestones", "daily"})}
_TOP_KEYS = ("score", "tile", "moves", "ms", "date")
_COUNT_KEYS = ("played", "won", "best_score", "best_tile", "total_score", "total_moves", "total_ms",
               "streak", "best_streak")
_SIZE_KEYS_BY_VERSION = {1: frozenset({*_COUNT_KEYS, "top"}), 2: frozenset({*_COUNT_KEYS, "top"}),
                         3: frozenset({*_COUNT_KEYS, "top", "recent", "reached"}),
                         4: frozenset({*_COUNT_KEYS, "top", "recent", "reached", "games"})}
def _size_document(entry: SizeStats) -> dict[str, Any]:
    data: dict[str, Any] = {key: getattr(entry, key) for key in _COUNT_KEYS}
    data["top"] = [top_document(t) for t in entry.top]
    data["recent"] = list(entry.recent)
    data["reached"] = list(entry.reached)
    data["games"] = list(entry.games)
    return data


def stats_document(stats: Stats) -> dict[str, Any]:
    """The document (plain data) for `stats`: every size, zeros included."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "sizes": {str(size): _size_document(stats.of(size)) for size in rules.SIZES},
        "milestones": list(stats.milestones),
        "daily": daily_results.document(stats.daily),
    }


def dump_stats(stats: Stats) -> str:
    return json.dumps(stats_document(stats), separators=(",", ":"))


def _score(value: object, what: str, size: int) -> int:
    """A counted game's score: a multiple of 4 up to the size's `max_score`."""
    score = int_in(value, what, 0, saves.max_score(size))
    if score % 4:
        raise SaveError(f"{what} is not a reachable score")
    return score


def _top_entry(value: object, size: int) -> TopEntry:
    if not isinstance(value, dict) or set(value) != set(_TOP_KEYS):
        raise SaveError("top entry has the wrong fields")
    score = _score(value["score"], "top score", size)
    tile = int_in(value["tile"], "top tile", 2, saves.max_value(size))
    if tile & (tile - 1):
        raise SaveError("top tile is not a power of two")
    return TopEntry(score, tile, int_in(value["moves"], "top moves", 0, MAX_COUNT),
                    int_in(value["ms"], "top time", 0, saves.MAX_CLOCK_MS),
                    int_in(value["date"], "top date", MIN_DATE, MAX_DATE))


def _reached_by(top: Iterable[TopEntry]) -> tuple[int, ...]:
    """Per `REACHED_TILES`, how many of these games ended at that tile or above."""
    tiles = [t.tile for t in top]
    return tuple(sum(1 for found in tiles if found >= tile) for tile in REACHED_TILES)


def _recent(value: object, entry: SizeStats, size: int) -> tuple[int, ...]:
    """A version 3 entry's recent scores, or SaveError: at most the newest `RECENT` of
    the games played, each a score one of them can have (at most the best), together
    no more than the total (which they are part of; 50 of the largest 6×6 scores stay
    below the counters' cap, so the cap cannot break this)."""
    if not isinstance(value, list) or len(value) > min(RECENT, entry.played):
        raise SaveError("recent scores are not a list of at most the games played, up to 50")
    recent = tuple(_score(score, "recent score", size) for score in value)
    if any(score > entry.best_score for score in recent):
        raise SaveError("a recent score is above the best score")
    if sum(recent) > entry.total_score:
        raise SaveError("recent scores are above the total score")
    return recent


def _reached(value: object, entry: SizeStats) -> tuple[int, ...]:
    """A version 3 entry's reached counts, or SaveError: one count per tile, a game
    counted at a tile counted at every smaller one, none above the games played or at
    a tile above the best, and at least the top list's own games at each tile."""
    if not isinstance(value, list) or len(value) != len(REACHED_TILES):
        raise SaveError("reached counts are not a list of one count per tile")
    reached = tuple(int_in(games, "reached count", 0, MAX_COUNT) for games in value)
    if any(smaller < larger for smaller, larger in zip(reached, reached[1:])):
        raise SaveError("more games reached a larger tile than a smaller one")
    if reached[0] > entry.played:
        raise SaveError("reached counts are above the games played")
    if any(games and tile > entry.best_tile for tile, games in zip(REACHED_TILES, reached)):
        raise SaveError("a tile above the best tile is reached")
    if any(games < least for games, least in zip(reached, _reached_by(entry.top))):
        raise SaveError("reached counts are below the top list")
    return reached


def _games(value: object, entry: SizeStats) -> tuple[str, ...]:
    """A version 4 entry's counted games' identities, or SaveError: at most the newest
    `RECENT` of the games played, each an identity, none twice."""
    if not isinstance(value, list) or len(value) > min(RECENT, entry.played):
        raise SaveError("counted games are not a list of at most the games played, up to 50")
    if not all(is_identity(game) for game in value):
        raise SaveError("a counted game is not named by its identity")
    if len(set(value)) != len(value):
        raise SaveError("a counted game is listed twice")
    return tuple(value)


def _size_entry(value: object, size: int, version: int) -> SizeStats:
    """One size's entry in a document of `version`, or SaveError: only numbers a real
    history of counted games can produce (the checks are the laws `record` keeps).

    Before version 3 the recent scores and reached tiles were not kept, and what they
    were is unknown: such an entry reads with no recent scores, and reached counts from
    its top list alone (those are counted games whose tiles are known; zeros when it
    holds no tile of 256 or above). Zeros would break the law that the top list's own
    games are counted, so the entry written back would be set aside on the next load.
    """
    if not isinstance(value, dict) or set(value) != _SIZE_KEYS_BY_VERSION[version]:
        raise SaveError("statistics have the wrong fields")
    raw_top = value["top"]
    if not isinstance(raw_top, list) or len(raw_top) > TOP:
        raise SaveError("top list is too long")
    top = tuple(_top_entry(t, size) for t in raw_top)
    counts: dict[str, Any] = {key: int_in(value[key], key, 0, MAX_COUNT) for key in _COUNT_KEYS}
    entry = SizeStats(**counts, top=top)  # Any: the ints go to the int fields, by their names
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
    if version < 3:
        entry = replace(entry, reached=_reached_by(top))
    else:
        entry = replace(entry, recent=_recent(value["recent"], entry, size),
                        reached=_reached(value["reached"], entry))
    if version >= 4:
        entry = replace(entry, games=_games(value["games"], entry))
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
    daily_rejected: bool = False

    @property
    def complete(self) -> bool:
        return not (self.rejected_sizes or self.unknown_keys or self.milestones_rejected
                    or self.daily_rejected)


def _milestones(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(m, str) and m in MILESTONES for m in value):
        raise SaveError("milestones are not a list of known milestones")
    if len(set(value)) != len(value):
        raise SaveError("a milestone is listed twice")
    return ordered(set(value))


def read_document(text: object, strict: bool) -> StatsRead:
    """The document judged size by size; `strict` raises for the first part that a
    lenient read would set aside, naming it."""
    data = saves.parse_document(text, FORMAT, VERSIONS)
    if set(data) != _KEYS_BY_VERSION[data["version"]]:
        raise SaveError("statistics have the wrong fields")
    version = data["version"]
    entries, rejected, unknown = saves.judge_sizes(
        data["sizes"], "statistics sizes", lambda value, size: _size_entry(value, size, version), strict)
    # No entry and all zeros are the same statistics.
    sizes = {size: entry for size, entry in entries.items() if entry != SizeStats()}
    try:
        milestones, milestones_rejected = _milestones(data["milestones"]), False
    except SaveError:
        if strict:
            raise
        milestones, milestones_rejected = (), True
    part, daily_rejected = DailyStats(), False
    if "daily" in data:  # versions 2 and 3
        try:
            part = daily_results.read(data["daily"])
        except SaveError:
            if strict:
                raise
            daily_rejected = True
    return StatsRead(Stats(sizes, milestones, part), rejected, unknown, milestones_rejected, daily_rejected)


def read_stats(text: object) -> StatsRead:
    """Statistics from saved text, size by size.

    SaveError only when the document as a whole is unusable (not text, over the limits,
    not JSON, wrong format, version or fields, `sizes` not an object); a bad size entry,
    a key that names no size, a bad milestones list or a bad daily part is left out and
    named instead. A version 1 document has no daily results, and a version 1 or 2
    size entry no recent scores and reached counts from its top list only (`_size_entry`).
    """
    return read_document(text, strict=False)


def load_stats(text: object) -> Stats:
    """Statistics from text that must be valid in every part (an imported file): what
    `read_stats` would set aside is a SaveError here, with the reason."""
    return read_document(text, strict=True).stats
