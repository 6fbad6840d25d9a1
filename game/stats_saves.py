"""The statistics document (`py2048-stats`, docs/save-format.md): written, and read by
its one reader (game/stats_reader.py), leniently or strictly, into the engine's records.

Stored statistics are read leniently (`read_stats`): a bad size entry, milestones list
or daily part is set aside alone and the rest kept. An imported file is judged strictly
instead (`load_stats`): nothing set aside is accepted there. The page reads the same
document by the same reader before the engine runs (game/tally.py `Known`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game import daily_results, rules, saves, stats_reader
from game.daily_results import DailyResult, DailyStats
from game.stats import FORMAT, VERSION, SizeStats, Stats, TopEntry, top_document
from game.stats_reader import COUNT_KEYS


def _size_document(entry: SizeStats) -> dict[str, Any]:
    data: dict[str, Any] = {key: getattr(entry, key) for key in COUNT_KEYS}
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


def size_stats(entry: dict[str, Any]) -> SizeStats:
    """The record of one size's entry as the reader passed it."""
    counts: dict[str, Any] = {key: entry[key] for key in COUNT_KEYS}
    return SizeStats(**counts, top=tuple(TopEntry(*top) for top in entry["top"]),
                     recent=entry["recent"], reached=entry["reached"], games=entry["games"])


def daily_stats(part: dict[str, Any] | None) -> DailyStats:
    """The record of the daily part as the reader passed it (none: no results yet)."""
    if part is None:
        return DailyStats()
    return DailyStats(tuple(DailyResult(*result) for result in part["results"]), part["played"],
                      part["best_streak"])


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


def read_document(text: object, strict: bool) -> StatsRead:
    """The document within the limits every stored text obeys (game/saves.py
    `parse_json`), read by the one reader; `strict` raises for the first part that a
    lenient read would set aside, naming it."""
    found = stats_reader.read(saves.parse_json(text), strict)
    sizes = {size: size_stats(entry) for size, entry in found.sizes.items()}
    return StatsRead(Stats(sizes, found.milestones, daily_stats(found.daily)), found.rejected_sizes,
                     found.unknown_keys, found.milestones_rejected, found.daily_rejected)


def read_stats(text: object) -> StatsRead:
    """Statistics from saved text, size by size.

    SaveError only when the document as a whole is unusable (not text, over the limits,
    not JSON, wrong format, version or fields, `sizes` not an object); a bad size entry,
    a key that names no size, a bad milestones list or a bad daily part is left out and
    named instead. A version 1 document has no daily results, and a version 1 or 2
    size entry no recent scores and reached counts from its top list only
    (game/stats_reader.py `size_entry`).
    """
    return read_document(text, strict=False)


def load_stats(text: object) -> Stats:
    """Statistics from text that must be valid in every part (an imported file): what
    `read_stats` would set aside is a SaveError here, with the reason."""
    return read_document(text, strict=True).stats
