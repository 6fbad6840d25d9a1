"""Statistics per board size, a local top 10, the daily results, and the milestones
that unlock palettes.

A game counts once: when it first ends, or when it is given up for a new game after at
least one move (game/api.py decides when; this module only keeps the numbers). The
numbers are pure data, changed only by pure functions that return a new `Stats`, so a
lookahead copy or another tab's document can never be changed by accident.

Stored statistics come from `localStorage` like the game, so they are checked against
what a real history can produce, size by size like the best scores (game/saves.py): a
bad size entry is set aside alone and the others kept. An imported file is judged
strictly instead (`load_stats`): nothing set aside is accepted there.

Each size also keeps the scores of its newest `RECENT` counted games and, for each of
`REACHED_TILES`, how many counted games ended at that tile or above (version 3). A
version 1 or 2 document does not hold them, and that history is unknown: it reads with
no recent scores, and reached counts taken from its top list alone (the only counted
games whose tiles it knows; see `_size_entry`), so they count the games since plus those.

Which games were counted travels with the numbers (version 4): each size keeps the
identities (game/session.py `identity`) of its newest `RECENT` counted games, and a game
named there is never counted again, whatever its own document says, so its count does
not depend on which document reached storage (docs/reliability.md says why fifty do).

The daily board's results are a part of their own (game/daily_results.py).
The format is documented in docs/save-format.md.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from game import daily_results, other_tabs, rules, saves
from game.daily_results import DailyResult, DailyStats
from game.replies import result_code
from game.saves import SaveError, int_in
from game.session import Session, is_identity
from game.settings import MILESTONES

FORMAT = "py2048-stats"
VERSION = 4  # what dump_stats writes: version 3 plus each size's counted games' identities
VERSIONS = (1, 2, 3, 4)  # what the reads take; version 1 has no daily results, 1 and 2 no recent/reached
TOP = 10  # entries kept in each size's top list
RECENT = 50  # scores kept in each size's recent list, the oldest dropped first
REACHED_TILES = (256, 512, 1024, 2048, 4096, 8192)  # the tiles each size counts games reaching
MAX_COUNT = saves.MAX_REVISION  # counters stop at the largest exact JavaScript integer
MIN_DATE = 1_388_534_400_000  # 2014-01-01 in epoch ms: before 2048 existed
MAX_DATE = 7_258_118_400_000  # 2200-01-01 in epoch ms

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
    (on a tie this tab's), every milestone either reached, and the daily results of
    both (one date in both keeps this tab's), with counters at least what either tab
    counted and what the results themselves show."""
    sizes = dict(own.sizes)
    for size, entry in other.sizes.items():
        if other_tabs.takes_size(own.of(size).played, entry.played):
            sizes[size] = entry
    return Stats(sizes, _ordered(set(own.milestones) | set(other.milestones)),
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
        "top": [_top_document(t) for t in entry.top],
        "recent": list(entry.recent),
        "reached": [{"tile": tile, "games": games} for tile, games in zip(REACHED_TILES, entry.reached)],
    }
    if today:
        data["daily"] = daily_summary(stats, today)
    return data


# -- the document ------------------------------------------------------------------------

def _top_document(entry: TopEntry) -> dict[str, int]:
    return {"score": entry.score, "tile": entry.tile, "moves": entry.moves, "ms": entry.ms,
            "date": entry.date}


def _size_document(entry: SizeStats) -> dict[str, Any]:
    data: dict[str, Any] = {key: getattr(entry, key) for key in _COUNT_KEYS}
    data["top"] = [_top_document(t) for t in entry.top]
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
    return _ordered(set(value))


def _read(text: object, strict: bool) -> StatsRead:
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
    return _read(text, strict=False)


def load_stats(text: object) -> Stats:
    """Statistics from text that must be valid in every part (an imported file): what
    `read_stats` would set aside is a SaveError here, with the reason."""
    return _read(text, strict=True).stats
