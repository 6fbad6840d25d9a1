"""The one reader of the statistics document (`py2048-stats`), over plain values.

Stored statistics come from `localStorage` like the game, so they are judged against
what a real history can produce, part by part: a bad size entry is set aside alone and
the others kept, like the best scores (game/saves.py), and so are a bad milestones list
and a bad daily part; an imported file is read `strict`ly instead, where whatever would
be set aside is a SaveError naming it.

Two sides read the document, by this one reader: the engine, which turns what passed
into its records (game/stats_saves.py), and the page before the engine runs, which
only asks which games and days were counted (game/tally.py `Known`). So this module is
written in the subset the page's MicroPython runs (game/rules.py says why), and hands
back tuples, dicts and numbers.

A version 1 or 2 document does not hold the recent scores and reached counts (version
3), and that history is unknown: it reads with no recent scores, and reached counts
taken from its top list alone (see `size_entry`). Version 4 adds each size's counted
games' identities (game/stats.py says why). Version 1 has no daily results.
"""

from collections import namedtuple

from game import daily, replay
from game.judging import MAX_CLOCK_MS, SaveError, document_of, int_in, judge_sizes, max_score, max_value
from game.session import MAX_REVISION, is_identity
from game.settings import MILESTONES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

FORMAT = "py2048-stats"
VERSION = 4  # what game/stats_saves.py writes: version 3 plus each size's counted games' identities
VERSIONS = (1, 2, 3, 4)  # what the reader takes
TOP = 10  # entries kept in each size's top list
RECENT = 50  # scores kept in each size's recent list, the oldest dropped first
REACHED_TILES = (256, 512, 1024, 2048, 4096, 8192)  # the tiles each size counts games reaching
MAX_COUNT = MAX_REVISION  # counters stop at the largest exact JavaScript integer
MIN_DATE = 1_388_534_400_000  # 2014-01-01 in epoch ms: before 2048 existed
MAX_DATE = 7_258_118_400_000  # 2200-01-01 in epoch ms
DAILY_DAYS = 366  # daily results kept: a year and a day, the oldest dropped first
DAILY_CODES = 10  # the newest results keep their replay code; older ones drop it (size)

COUNT_KEYS = ("played", "won", "best_score", "best_tile", "total_score", "total_moves", "total_ms",
              "streak", "best_streak")
TOP_KEYS = ("score", "tile", "moves", "ms", "date")  # a top entry's fields, in its tuple's order
DAILY_RESULT_KEYS = ("date", "score", "tile", "moves", "code")  # a daily result's, likewise
_KEYS = ("format", "version", "sizes", "milestones")
_SIZE_KEYS = COUNT_KEYS + ("top",)
_SIZE_KEYS_BY_VERSION = {1: _SIZE_KEYS, 2: _SIZE_KEYS, 3: _SIZE_KEYS + ("recent", "reached"),
                         4: _SIZE_KEYS + ("recent", "reached", "games")}
_DAILY_KEYS = ("played", "best_streak", "results")

# What a read found: `sizes` maps a size to its entry (COUNT_KEYS' numbers, "top" a tuple
# of (score, tile, moves, ms, date), "recent" scores, "reached" counts per REACHED_TILES,
# "games" identities); sizes never played are left out. `daily` is None, or "results" a
# tuple of (date, score, tile, moves, code) oldest first, "played" and "best_streak".
Read = namedtuple("Read", ("sizes", "rejected_sizes", "unknown_keys", "milestones", "milestones_rejected",
                           "daily", "daily_rejected"))


def top_rank(entry: "tuple[int, ...]") -> "tuple[int, int, int, int]":
    """Sort key of a top list (score, tile, moves, ms, date): higher score, then higher
    tile, then fewer moves, then the earlier game (a later equal game does not push out
    an earlier one)."""
    return (-entry[0], -entry[1], entry[2], entry[4])


def reached_by(tiles: "Iterable[int]") -> "tuple[int, ...]":
    """Per `REACHED_TILES`, how many of the games that ended at these tiles reached it."""
    ended = list(tiles)
    return tuple(sum(1 for found in ended if found >= tile) for tile in REACHED_TILES)


def longest_run(dates: "Iterable[str]") -> int:
    """The most consecutive calendar days among `dates` (each counted once)."""
    days = sorted(set(daily.day_number(date) for date in dates))
    longest = run = 0
    for index, day in enumerate(days):
        run = run + 1 if index and day == days[index - 1] + 1 else 1
        longest = max(longest, run)
    return longest


def _same_keys(value: object, keys: "tuple[str, ...]") -> bool:
    return isinstance(value, dict) and len(value) == len(keys) and all(key in value for key in keys)


def _score(value: object, what: str, size: int) -> int:
    """A counted game's score: a multiple of 4 up to the size's `max_score`."""
    score = int_in(value, what, 0, max_score(size))
    if score % 4:
        raise SaveError(what + " is not a reachable score")
    return score


def _top_entry(value: "Any", size: int) -> "tuple[int, ...]":
    if not _same_keys(value, TOP_KEYS):
        raise SaveError("top entry has the wrong fields")
    score = _score(value["score"], "top score", size)
    tile = int_in(value["tile"], "top tile", 2, max_value(size))
    if tile & (tile - 1):
        raise SaveError("top tile is not a power of two")
    return (score, tile, int_in(value["moves"], "top moves", 0, MAX_COUNT),
            int_in(value["ms"], "top time", 0, MAX_CLOCK_MS),
            int_in(value["date"], "top date", MIN_DATE, MAX_DATE))


def _recent(value: object, entry: "dict[str, Any]", size: int) -> "tuple[int, ...]":
    """A version 3 entry's recent scores: at most the newest `RECENT` of the games
    played, each a score one of them can have (at most the best), together no more than
    the total (which they are part of; 50 of the largest 6×6 scores stay below the
    counters' cap, so the cap cannot break this)."""
    if not isinstance(value, list) or len(value) > min(RECENT, entry["played"]):
        raise SaveError("recent scores are not a list of at most the games played, up to 50")
    recent = tuple(_score(score, "recent score", size) for score in value)
    if any(score > entry["best_score"] for score in recent):
        raise SaveError("a recent score is above the best score")
    if sum(recent) > entry["total_score"]:
        raise SaveError("recent scores are above the total score")
    return recent


def _reached(value: object, entry: "dict[str, Any]") -> "tuple[int, ...]":
    """A version 3 entry's reached counts: one count per tile, a game counted at a tile
    counted at every smaller one, none above the games played or at a tile above the
    best, and at least the top list's own games at each tile."""
    if not isinstance(value, list) or len(value) != len(REACHED_TILES):
        raise SaveError("reached counts are not a list of one count per tile")
    reached = tuple(int_in(games, "reached count", 0, MAX_COUNT) for games in value)
    if any(reached[index] < reached[index + 1] for index in range(len(reached) - 1)):
        raise SaveError("more games reached a larger tile than a smaller one")
    if reached[0] > entry["played"]:
        raise SaveError("reached counts are above the games played")
    if any(games and tile > entry["best_tile"] for tile, games in zip(REACHED_TILES, reached)):
        raise SaveError("a tile above the best tile is reached")
    least = reached_by(top[1] for top in entry["top"])
    if any(games < floor for games, floor in zip(reached, least)):
        raise SaveError("reached counts are below the top list")
    return reached


def _games(value: object, entry: "dict[str, Any]") -> "tuple[str, ...]":
    """A version 4 entry's counted games' identities: at most the newest `RECENT` of the
    games played, each an identity, none twice."""
    if not isinstance(value, list) or len(value) > min(RECENT, entry["played"]):
        raise SaveError("counted games are not a list of at most the games played, up to 50")
    if not all(is_identity(game) for game in value):
        raise SaveError("a counted game is not named by its identity")
    if len(set(value)) != len(value):
        raise SaveError("a counted game is listed twice")
    return tuple(value)


def _counts(value: "Any", size: int) -> "dict[str, Any]":
    """An entry's counters and top list: only numbers a real history of counted games
    can produce (the laws game/stats.py `record` keeps)."""
    raw_top = value["top"]
    if not isinstance(raw_top, list) or len(raw_top) > TOP:
        raise SaveError("top list is too long")
    top = tuple(_top_entry(entry, size) for entry in raw_top)
    entry: dict[str, Any] = dict((key, int_in(value[key], key, 0, MAX_COUNT)) for key in COUNT_KEYS)
    entry["top"] = top
    if entry["best_score"] > max_score(size) or entry["best_score"] % 4:
        raise SaveError("best score is not a reachable score")
    tile = entry["best_tile"]
    if tile > max_value(size) or tile == 1 or tile & (tile - 1):
        raise SaveError("best tile is not a tile")
    if not entry["streak"] <= entry["best_streak"] <= entry["won"] <= entry["played"]:
        raise SaveError("wins and streaks do not agree with the games played")
    if len(top) > entry["played"]:
        raise SaveError("top list is longer than the games played")
    if list(top) != sorted(top, key=top_rank):
        raise SaveError("top list is out of order")
    if top and (entry["best_score"] < top[0][0] or entry["best_tile"] < max(t[1] for t in top)):
        raise SaveError("best score or tile below the top list")
    if (entry["total_score"] < sum(t[0] for t in top) or entry["total_moves"] < sum(t[2] for t in top)
            or entry["total_ms"] < sum(t[3] for t in top)):
        raise SaveError("totals below the top list")
    return entry


def size_entry(value: "Any", size: int, version: int) -> "dict[str, Any]":
    """One size's entry in a document of `version`, or SaveError.

    Before version 3 the recent scores and reached tiles were not kept, and what they
    were is unknown: such an entry reads with no recent scores, and reached counts from
    its top list alone (those are counted games whose tiles are known; zeros when it
    holds no tile of 256 or above). Zeros would break the law that the top list's own
    games are counted, so the entry written back would be set aside on the next load.
    """
    if not _same_keys(value, _SIZE_KEYS_BY_VERSION[version]):
        raise SaveError("statistics have the wrong fields")
    entry = _counts(value, size)
    if version < 3:
        entry["recent"], entry["reached"] = (), reached_by(top[1] for top in entry["top"])
    else:
        entry["recent"] = _recent(value["recent"], entry, size)
        entry["reached"] = _reached(value["reached"], entry)
    entry["games"] = _games(value["games"], entry) if version >= 4 else ()
    if entry["played"] == 0 and (any(entry[key] for key in COUNT_KEYS) or entry["top"] or entry["recent"]
                                 or any(entry["reached"]) or entry["games"]):
        raise SaveError("statistics without a game played")
    return entry


def _daily_code(value: object, date: str, moves: int) -> str:
    """A stored result's code: "" (dropped) or a code that decodes (shape and check
    characters, not a replay: that is for watching it) to this day's 4×4 board and
    exactly this many moves."""
    if value == "":
        return ""
    if not isinstance(value, str):
        raise SaveError("daily result code is not text")
    try:
        claim = replay.decode(value)
    except replay.Rejection as refusal:
        reason = "daily result code does not read (" + str(refusal.reason) + ")"
        raise SaveError(reason)  # noqa: B904 (MicroPython warns in the console at every chained raise)
    if claim.date != date or claim.size != daily.SIZE or len(claim.directions) != moves:
        raise SaveError("daily result code is for another game")
    return value


def daily_result(value: "Any") -> "tuple[Any, ...]":
    """One stored daily result as (date, score, tile, moves, code), or SaveError:
    numbers a 4×4 game can reach, and a code that names this very game."""
    if not _same_keys(value, DAILY_RESULT_KEYS):
        raise SaveError("daily result has the wrong fields")
    date = value["date"]
    if not daily.valid_date(date):
        raise SaveError("daily result date is not a date")
    score = int_in(value["score"], "daily score", 0, max_score(daily.SIZE))
    if score % 4:
        raise SaveError("daily score is not a reachable score")
    tile = int_in(value["tile"], "daily tile", 2, max_value(daily.SIZE))
    if tile & (tile - 1):
        raise SaveError("daily tile is not a power of two")
    moves = int_in(value["moves"], "daily moves", 0, replay.MAX_MOVES)
    return (date, score, tile, moves, _daily_code(value["code"], date, moves))


def daily_part(value: "Any") -> "dict[str, Any]":
    """The stored daily part, or SaveError: the laws game/daily_results.py keeps."""
    if not _same_keys(value, _DAILY_KEYS):
        raise SaveError("daily results have the wrong fields")
    raw = value["results"]
    if not isinstance(raw, list) or len(raw) > DAILY_DAYS:
        raise SaveError("daily results are not a list of at most a year and a day")
    results = tuple(daily_result(result) for result in raw)
    if any(results[index][0] >= results[index + 1][0] for index in range(len(results) - 1)):
        raise SaveError("daily results are not in order of their dates, one per date")
    if sum(1 for result in results if result[4]) > DAILY_CODES:
        raise SaveError("daily results keep too many codes")
    played = int_in(value["played"], "daily days played", 0, MAX_COUNT)
    best_streak = int_in(value["best_streak"], "daily best streak", 0, MAX_COUNT)
    if played < len(results):
        raise SaveError("daily days played are fewer than the results")
    if best_streak > played:
        raise SaveError("daily best streak is longer than the days played")
    if best_streak < longest_run(result[0] for result in results):
        raise SaveError("daily best streak is shorter than a run of the results")
    return {"results": results, "played": played, "best_streak": best_streak}


def _milestones(value: object) -> "tuple[str, ...]":
    if not isinstance(value, list) or not all(isinstance(m, str) and m in MILESTONES for m in value):
        raise SaveError("milestones are not a list of known milestones")
    if len(set(value)) != len(value):
        raise SaveError("a milestone is listed twice")
    return tuple(m for m in MILESTONES if m in value)


def read(data: object, strict: bool) -> "Read":
    """The parsed document judged part by part; `strict` raises for the first part that
    a lenient read would set aside, naming it. A document unusable as a whole (wrong
    format, version or fields, `sizes` not an object) is a SaveError either way."""
    document = document_of(data, FORMAT, VERSIONS)
    version = document["version"]
    keys = _KEYS + (("daily",) if version >= 2 else ())
    if not _same_keys(document, keys):
        raise SaveError("statistics have the wrong fields")
    entries, rejected, unknown = judge_sizes(
        document["sizes"], "statistics sizes", lambda value, size: size_entry(value, size, version), strict)
    # No entry and all zeros are the same statistics.
    sizes = dict((size, entry) for size, entry in entries.items() if entry["played"])
    try:
        milestones, milestones_rejected = _milestones(document["milestones"]), False
    except SaveError:
        if strict:
            raise
        milestones, milestones_rejected = (), True
    part, daily_rejected = None, False
    if version >= 2:
        try:
            part = daily_part(document["daily"])
        except SaveError:
            if strict:
                raise
            daily_rejected = True
    return Read(sizes, rejected, unknown, milestones, milestones_rejected, part, daily_rejected)
