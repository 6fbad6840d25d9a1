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
  storage by hand can forge one, and only fools their own device; their friends' Rankings
  are built from codes, never from anyone's numbers.

One result per name and day: names are compared without case, and the first result
added for a name and a day is the one that counts; another code under the same name
that day is a conflict, shown and not counted. The same code twice is one result. Your
own daily results (the statistics', game/stats.py) are always yours and always first.

Ranking: higher score, then fewer moves, per day and per season (a calendar month):
game/standings.py, from the results kept here.

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
# Read, a document may be this much longer than the Rankings ever write, so that no
# rounding in `_room` can make Rankings that cannot be read back.
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
class RankingsRead:
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
    """What a read has already judged: the Rankings hold a few names and a few hundred
    days many times over, and each is checked once per read (the Rankings open within
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


def _results(value: object, sealed: bool, strict: bool) -> RankingsRead:
    if not isinstance(value, list) or len(value) > MAX_RESULTS:
        raise SaveError(f"results are not a list of at most {MAX_RESULTS}")
    valid: list[Entry] = []
    rejected = 0
    seen = _Seen()
    for index, raw in enumerate(value):
        try:
            valid.append(_entry(raw, sealed, seen))
        except SaveError as error:
            if strict:
                raise SaveError(f"result {index + 1}: {error}") from error
            rejected += 1
    return RankingsRead(union(valid), rejected)


def read_rankings(text: object) -> RankingsRead:
    """The Rankings in the device's storage, entry by entry: a bad entry is left out
    alone and counted; a document that is unusable as a whole reads as empty, said so."""
    if text is None or text == "":
        return RankingsRead()
    try:
        data = saves.parse_document(text, FORMAT, (VERSION,), MAX_TEXT + READ_MARGIN)
        if set(data) != _KEYS:
            raise SaveError("rankings have the wrong fields")
        return _results(data["results"], sealed=True, strict=False)
    except SaveError:
        return RankingsRead(document_rejected=True)


def check_imported(value: object) -> list[Entry]:
    """An export file's Rankings (parsed), strictly: every entry well formed, or
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
    fitting = []
    for entry in newest:
        room -= _room(entry)
        if room < 0:
            break
        fitting.append(entry)
    return tuple(sorted(fitting, key=lambda e: (e.added, e.code)))


def document(entries: Iterable[Entry]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "results": [_entry_document(e) for e in entries]}


def _entry_document(e: Entry) -> dict[str, Any]:
    return {"code": e.code, "name": e.name, "added": e.added, "score": e.score, "tile": e.tile,
            "seal": seal_of(e)}


def dump_rankings(entries: Iterable[Entry]) -> str:
    return json.dumps(document(entries), separators=(",", ":"), ensure_ascii=False)


_HEAD = dump_rankings(())[:-2]  # the document up to its first result: '{"format":…,"results":['


def appended(entries: tuple[Entry, ...], text: str | None, entry: Entry) -> str | None:
    """`dump_rankings(entries + (entry,))`, made by adding the new result's text to `text`
    (the dump of `entries`), when that is what `union` would give: the new result comes
    last in the order of adding and no cap is reached. None otherwise (the caller
    unites and dumps). Adding a result then costs a few milliseconds, not a rewrite of
    every result the Rankings hold."""
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
