"""Your friends' Rankings: their verified daily results beside yours, ranked per day and
per season, kept on the device.

There is no server to hold a leaderboard, but a daily result proves itself: its code
replays on any copy of the game (game/replay.py). A group of friends who send each
other their links hold everything a leaderboard needs, so each device builds the same
Rankings from the same links. Nothing here is trusted from a stranger: a result is added
only from a code the engine has just replayed, with the replay's numbers, and the name
beside it (game/names.py) is only what the sender says.

When codes are replayed (docs/rankings.md has the reasoning):
- on adding (a link or a paste; the replay is the verification the player saw);
- on import, every result the device does not already hold (a file is outside data);
- never on reading the device's own storage: the numbers kept there are the replay's,
  and each entry carries a seal (a digest of its code, name, time and numbers) that
  catches an entry damaged or edited in part. A seal is not a secret: whoever edits
  storage by hand can forge one, and only fools their own device; their friends' boards
  are built from codes, never from anyone's numbers.

One result per name and day: names are compared without case, and the first result
added for a name and a day is the one that counts; another code under the same name
that day is a conflict, shown and not counted. The same code twice is one result. Your
own daily results (the statistics', game/stats.py) are always yours and always first.

Ranking: higher score, then fewer moves; rows equal on both share a place (so every
device that holds the same results shows the same places), listed by when they were
added. A season is a calendar month of daily boards (UTC, the days' own dates).

The document (`py2048-rankings`, docs/save-format.md) keeps at most `MAX_RESULTS`
results in at most `MAX_TEXT` characters; when more arrive the ones added longest ago
go first. Tabs merge by union: the set of results only grows, so two tabs that add at
once both end up with both.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from game import daily, names, replay, saves
from game.record import ALPHABET
from game.saves import SaveError, int_in

FORMAT = "py2048-rankings"
VERSION = 1
MAX_RESULTS = 2000  # results kept; the ones added longest ago are dropped first
MAX_TEXT = 1_500_000  # characters of the stored document (localStorage holds about 5 MB)
# Read, a document may be this much longer than the board ever writes, so that no
# rounding in `_room` can make a board that cannot be read back.
READ_MARGIN = 1000
# The page (assets/rankings.js, py2048Rankings) cuts the stored Rankings past this many
# characters before they reach the engine, so a hostile megabyte never crosses whole.
# Above what the engine reads (MAX_TEXT + READ_MARGIN): Rankings it can read are never
# cut, and cut ones are still refused as too long.
PAGE_CUT = MAX_TEXT + 100_000
MIN_ADDED = 1_388_534_400_000  # 2014-01-01 in epoch ms, as the statistics' dates
MAX_ADDED = 7_258_118_400_000  # 2200-01-01
SHOWN = 100  # rows of a ranking or a season the page is sent; the rest are counted
CHARTED = 8  # players drawn in a season's chart (the season's first eight)
SEAL = 16  # hex digits of the seal kept with each result
# What the page sends for the stored Rankings when storage holds exactly the text the
# engine last read or wrote (assets/rankings.js py2048Rankings, which build/names.py
# gives it): it is not sent again.
KNOWN = "@known"
YOU = "\x00you"  # the identity of your own results while you have no name
_KEYS = frozenset({"format", "version", "results"})
_ENTRY_KEYS = frozenset({"code", "name", "added", "score", "tile", "seal"})
_CODE = re.compile("[" + re.escape(ALPHABET + ".~") + "]+")  # a code's characters (a C loop)


@dataclass(frozen=True)
class Entry:
    """One result on the board: a friend's, or (with `mine`) your own daily result.

    `date` and `moves` are read from the code itself; `score` and `tile` are its
    replay's. `added` is when this device added it (epoch ms); your own results are
    first whenever they came (-1)."""

    code: str
    name: str
    added: int
    date: str
    moves: int
    score: int
    tile: int
    mine: bool = False
    sealed: str = field(default="", compare=False)  # its seal, once computed (`seal_of`)

    @property
    def key(self) -> str:
        """Who the result is for: the name without case (your own: YOU without one)."""
        if self.mine and not self.name:
            return YOU
        return self.name.casefold()

    def order(self) -> tuple[int, int, int, str]:
        """Ranking order: higher score, fewer moves, then the earlier added."""
        return (-self.score, self.moves, self.added, self.key)


@dataclass(frozen=True)
class BoardRead:
    """The results that passed a read, and how many entries were set aside."""

    entries: tuple[Entry, ...] = ()
    rejected: int = 0
    document_rejected: bool = False


def seal(code: str, name: str, added: int, score: int, tile: int) -> str:
    """The digest that binds a kept result's numbers to its code (see the docstring)."""
    text = f"py2048 rankings 1\n{code}\n{name}\n{added}\n{score}\n{tile}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:SEAL]


def seal_of(entry: Entry) -> str:
    return entry.sealed or seal(entry.code, entry.name, entry.added, entry.score, entry.tile)


class _Seen:
    """What a read has already judged: a board holds a few names and a few hundred
    days many times over, and each is checked once per read (the board opens within
    its time budget with a thousand results)."""

    def __init__(self) -> None:
        self.names: dict[str, bool] = {}
        self.days: dict[str, bool] = {}

    def name(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if name not in self.names:
            self.names[name] = bool(name) and names.valid(name)
        return self.names[name]

    def day(self, date: str) -> bool:
        if date not in self.days:
            self.days[date] = daily.valid_date(date)
        return self.days[date]


def code_fields(code: object, seen: _Seen | None = None) -> tuple[str, int]:
    """The day and the number of moves a code names, read from its fields alone (no
    decoding of the moves: the seal vouches for the rest); SaveError if it has not
    even a code's shape."""
    if not isinstance(code, str) or not 0 < len(code) <= replay.MAX_CODE or not _CODE.fullmatch(code):
        raise SaveError("result code is not a code")
    parts = code.split(".")
    if len(parts) != 5 or parts[0] != replay.VERSION or parts[2] != str(daily.SIZE):
        raise SaveError("result code is not a code")
    count, tilde, _ = parts[3].partition("~")
    valid_day = seen.day(parts[1]) if seen is not None else daily.valid_date(parts[1])
    if not valid_day or not tilde or not count.isdigit() or len(count) > 6:
        raise SaveError("result code is not a code")
    return parts[1], int(count)


def _entry(value: object, sealed: bool, seen: _Seen | None = None) -> Entry:
    """One stored (or imported) result, or SaveError. `sealed`: the device's own
    storage, whose seal must match; an import's entries are replayed instead."""
    if not isinstance(value, dict) or set(value) != _ENTRY_KEYS:
        raise SaveError("result has the wrong fields")
    seen = seen or _Seen()
    code = value["code"]
    date, moves = code_fields(code, seen)
    name = value["name"]
    if not seen.name(name):
        raise SaveError("result name is not a name")
    added = int_in(value["added"], "result time", MIN_ADDED, MAX_ADDED)
    score = int_in(value["score"], "result score", 0, saves.max_score(daily.SIZE))
    tile = int_in(value["tile"], "result tile", 2, saves.max_value(daily.SIZE))
    if score % 4 or tile & (tile - 1):
        raise SaveError("result numbers are not a game's")
    if not isinstance(value["seal"], str):
        raise SaveError("result seal is not text")
    if sealed and value["seal"] != seal(code, name, added, score, tile):
        raise SaveError("result does not match its seal")
    return Entry(code, name, added, date, moves, score, tile, sealed=value["seal"] if sealed else "")


def _results(value: object, sealed: bool, strict: bool) -> BoardRead:
    if not isinstance(value, list) or len(value) > MAX_RESULTS:
        raise SaveError(f"results are not a list of at most {MAX_RESULTS}")
    kept: list[Entry] = []
    rejected = 0
    seen = _Seen()
    for index, raw in enumerate(value):
        try:
            kept.append(_entry(raw, sealed, seen))
        except SaveError as error:
            if strict:
                raise SaveError(f"result {index + 1}: {error}") from error
            rejected += 1
    return BoardRead(union(kept), rejected)


def read_board(text: object) -> BoardRead:
    """The board in the device's storage, entry by entry: a bad entry is left out
    alone and counted; a document that is unusable as a whole reads as empty, said so."""
    if text is None or text == "":
        return BoardRead()
    try:
        data = saves.parse_document(text, FORMAT, (VERSION,), MAX_TEXT + READ_MARGIN)
        if set(data) != _KEYS:
            raise SaveError("rankings have the wrong fields")
        return _results(data["results"], sealed=True, strict=False)
    except SaveError:
        return BoardRead(document_rejected=True)


def check_imported(value: object) -> list[Entry]:
    """An export file's board (parsed), strictly: every entry well formed, or
    SaveError naming the first that is not. Its numbers are claims until replayed
    (`replay_pending`)."""
    if not isinstance(value, dict) or set(value) != _KEYS or value.get("format") != FORMAT:
        raise SaveError("not a rankings document")
    if not saves.is_int(value.get("version")) or value["version"] != VERSION:
        raise SaveError("unknown version")
    return list(_results(value["results"], sealed=False, strict=True).entries)


def _room(entry: Entry) -> int:
    """The most characters the entry's JSON can take in the document (`MAX_TEXT`)."""
    escaped = entry.name.count('"') + entry.name.count("\\")  # written twice as long in JSON
    return len(entry.code) + len(entry.name.encode("utf-8")) + escaped + 110


def union(*groups: Iterable[Entry]) -> tuple[Entry, ...]:
    """Every result of the groups once (by code: the one added first), capped: the
    newest `MAX_RESULTS` by when they were added, then as many as fit in `MAX_TEXT`.
    In order of adding, so the same results always make the same document."""
    first: dict[str, Entry] = {}
    for group in groups:
        for entry in group:
            found = first.get(entry.code)
            if found is None or (entry.added, entry.name) < (found.added, found.name):
                first[entry.code] = entry
    newest = sorted(first.values(), key=lambda e: (-e.added, e.code))[:MAX_RESULTS]
    room = MAX_TEXT - 64
    kept = []
    for entry in newest:
        room -= _room(entry)
        if room < 0:
            break
        kept.append(entry)
    return tuple(sorted(kept, key=lambda e: (e.added, e.code)))


def document(entries: Iterable[Entry]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "results": [_entry_document(e) for e in entries]}


def _entry_document(e: Entry) -> dict[str, Any]:
    return {"code": e.code, "name": e.name, "added": e.added, "score": e.score, "tile": e.tile,
            "seal": seal_of(e)}


def dump_board(entries: Iterable[Entry]) -> str:
    return json.dumps(document(entries), separators=(",", ":"), ensure_ascii=False)


_HEAD = dump_board(())[:-2]  # the document up to its first result: '{"format":…,"results":['


def appended(entries: tuple[Entry, ...], text: str | None, entry: Entry) -> str | None:
    """`dump_board(entries + (entry,))`, made by adding the new result's text to `text`
    (the dump of `entries`), when that is what `union` would give: the new result comes
    last in the order of adding and no cap is reached. None otherwise (the caller
    unites and dumps). Adding a result then costs a few milliseconds, not a rewrite of
    every result the board holds."""
    if not text or not text.startswith(_HEAD) or not text.endswith("]}"):
        return None
    if entries and (entry.added, entry.code) <= (entries[-1].added, entries[-1].code):
        return None
    if len(entries) + 1 > MAX_RESULTS:
        return None
    piece = json.dumps(_entry_document(entry), separators=(",", ":"), ensure_ascii=False)
    joined = text[:-2] + ("," if entries else "") + piece + "]}"
    room = MAX_TEXT - 64 - sum(_room(e) for e in entries + (entry,))
    return joined if room >= 0 else None


def verified_entry(code: str, name: str, added: int, outcome: replay.Outcome) -> Entry:
    """A result to add, from a code just replayed (its numbers are the replay's)."""
    entry = Entry(code, name, min(max(added, MIN_ADDED), MAX_ADDED), outcome.date, outcome.moves,
                  outcome.score, outcome.tile)
    return replace(entry, sealed=seal_of(entry))


def replayed(entry: Entry) -> Entry | None:
    """An imported result replayed: itself when its code replays to its numbers."""
    try:
        outcome = replay.replay(replay.decode(entry.code))
    except replay.Rejection:
        return None
    if (outcome.date, outcome.moves, outcome.score, outcome.tile) != (entry.date, entry.moves, entry.score,
                                                                       entry.tile):
        return None
    return entry


# -- the views -------------------------------------------------------------------------

@dataclass(frozen=True)
class Day:
    """A day's board: the counted results in ranking order (with their places), and
    the conflicts (a second, different result under a name that already counts)."""

    date: str
    rows: tuple[tuple[int, Entry], ...]
    conflicts: tuple[Entry, ...]


def mine_of(results: Iterable[Any], own_name: str) -> list[Entry]:
    """Your own daily results (game/stats.py `DailyResult`s) as board entries."""
    return [Entry(r.code, own_name, -1, r.date, r.moves, r.score, r.tile, mine=True) for r in results]


def by_date(entries: Iterable[Entry], own: Iterable[Entry]) -> dict[str, list[Entry]]:
    """Every result by its day: your own first, then in order of adding."""
    days: dict[str, list[Entry]] = {}
    for entry in list(own) + sorted(entries, key=lambda e: (e.added, e.code)):
        days.setdefault(entry.date, []).append(entry)
    return days


def _same_as_own(entry: Entry, own: Entry | None) -> bool:
    """A friend's entry that is your own result again: the same code, or, where your
    result no longer keeps its code, your name and the very same numbers."""
    if own is None:
        return False
    if own.code:
        return entry.code == own.code
    return entry.key == own.key and (entry.score, entry.moves, entry.tile) == (own.score, own.moves, own.tile)


def places(values: list[Any]) -> list[int]:
    """Competition places (1, 2, 2, 4) of rows in order: equal values share one."""
    placed: list[int] = []
    for index, value in enumerate(values):
        placed.append(placed[-1] if index and value == values[index - 1] else index + 1)
    return placed


def day_board(date: str, candidates: list[Entry]) -> Day:
    """The day's ranking from its results (your own first, then in order of adding)."""
    own = next((c for c in candidates if c.mine), None)
    codes: set[str] = set()
    counted: dict[str, Entry] = {}
    conflicts: list[Entry] = []
    for entry in candidates:
        if entry.code and entry.code in codes:
            continue
        if not entry.mine and _same_as_own(entry, own):
            continue
        codes.add(entry.code)
        if entry.key in counted:
            conflicts.append(entry)
        else:
            counted[entry.key] = entry
    ordered = sorted(counted.values(), key=Entry.order)
    ranks = places([(e.score, e.moves) for e in ordered])
    return Day(date, tuple(zip(ranks, ordered)), tuple(conflicts))


@dataclass(frozen=True)
class Standing:
    """A player's season: days played, the total of their daily scores, their best day
    (score and date) and best tile, and each day's score (for the chart)."""

    key: str
    name: str
    mine: bool
    days: int
    total: int
    best: int
    best_date: str
    tile: int
    scores: tuple[tuple[str, int], ...]


def season_of(date: str) -> str:
    return date[:7]


def standings(boards: Iterable[Day]) -> list[tuple[int, Standing]]:
    """The season from its days' boards (only counted results): ordered by total, then
    more days, then the better best day; places shared on an equal total."""
    players: dict[str, list[Entry]] = {}
    for board in sorted(boards, key=lambda b: b.date):
        for _, entry in board.rows:
            players.setdefault(entry.key, []).append(entry)
    found = []
    for key, played in players.items():
        best = max(played, key=lambda e: (e.score, e.date))
        mine = [e for e in played if e.mine]  # your name's season is yours, whichever day came first
        found.append(Standing(key, (mine or played)[0].name, bool(mine), len(played),
                              sum(e.score for e in played), best.score, best.date,
                              max(e.tile for e in played), tuple((e.date, e.score) for e in played)))
    found.sort(key=lambda s: (-s.total, -s.days, -s.best, s.key))
    return list(zip(places([s.total for s in found]), found))


def row_data(place: int, entry: Entry) -> dict[str, Any]:
    return {"place": place, "name": entry.name, "mine": entry.mine, "score": entry.score,
            "tile": entry.tile, "moves": entry.moves, "date": entry.date}


def standing_data(place: int, standing: Standing) -> dict[str, Any]:
    return {"place": place, "name": standing.name, "mine": standing.mine, "days": standing.days,
            "total": standing.total, "best": standing.best, "best_date": standing.best_date,
            "tile": standing.tile}


def your_place(table: list[tuple[int, Standing]]) -> dict[str, int] | None:
    mine = next((place for place, s in table if s.mine), None)
    return None if mine is None else {"place": mine, "of": len(table)}


def view(entries: Iterable[Entry], own: list[Entry], day: str, season: str, today: str) -> dict[str, Any]:
    """Plain data for the Rankings dialog: the board of `day` (or the newest day with
    results, today when it has some) and the standings of `season` (or that day's
    month; a season asked for without one of its days shows its newest day), with the
    days and seasons there are to browse."""
    days = by_date(entries, own)
    dates = sorted(days, reverse=True)
    seasons = sorted({season_of(d) for d in dates}, reverse=True)
    if season in seasons and (day not in days or season_of(day) != season):
        day = next(d for d in dates if season_of(d) == season)  # the season's newest day
    elif day not in days:
        day = today if today in days else (dates[0] if dates else today)
    if season not in seasons:
        season = season_of(day)
    board = day_board(day, days.get(day, []))
    month = [day_board(d, days[d]) for d in dates if season_of(d) == season]
    table = standings(month)
    return {
        "kind": "rankings",
        "winner_code": picture_code(board),
        "day": day,
        "days": dates,
        "rows": [row_data(p, e) for p, e in board.rows[:SHOWN]],
        "more": max(0, len(board.rows) - SHOWN),
        "conflicts": [row_data(0, e) for e in board.conflicts[:SHOWN]],
        "season": season,
        "seasons": seasons,
        "standings": [standing_data(p, s) for p, s in table[:SHOWN]],
        "more_players": max(0, len(table) - SHOWN),
        "place": your_place(table),
        "series": [{"name": s.name, "mine": s.mine, "scores": [[int(d[8:]), v] for d, v in s.scores]}
                   for _, s in table[:CHARTED]],
    }


def counts(entries: Iterable[Entry], own: list[Entry], code: str, date: str) -> bool:
    """Whether the result of `code` is the one counted for its name on `date` (your own
    result again, matched by name and numbers where its code is no longer kept, is)."""
    entries = [e for e in entries if e.date == date]
    board = day_board(date, by_date(entries, own).get(date, []))
    if any(entry.code == code for _, entry in board.rows):
        return True
    mine = next((e for e in own if e.date == date), None)
    return any(e.code == code and _same_as_own(e, mine) for e in entries)


def season_summary(entries: Iterable[Entry], own: list[Entry], today: str) -> dict[str, Any] | None:
    """Your current season for the Statistics dialog: your place among your friends,
    days played, total and best day; None when you have played no day this month."""
    season = season_of(today)
    days = by_date(entries, own)
    month = [day_board(d, days[d]) for d in days if season_of(d) == season]
    table = standings(month)
    for place, standing in table:
        if standing.mine:
            return {"season": season, "place": place, "of": len(table), "days": standing.days,
                    "total": standing.total, "best": standing.best, "best_date": standing.best_date}
    return None


def picture_code(day: Day) -> str:
    """The code of the day's winner, to draw their board in the shared text ("" when
    there is none, or it is your own result whose code is no longer kept)."""
    return day.rows[0][1].code if day.rows else ""
