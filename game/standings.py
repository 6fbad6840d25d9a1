"""The Rankings' days and seasons: who won each day, the season's standings and your
place in them, from the results the friends' Rankings hold (game/rankings.py keeps,
reads and writes those).

Ranking: higher score, then fewer moves; rows equal on both share a place (so every
device that holds the same results shows the same places), listed by when they were
added. A season is a calendar month of daily boards (UTC, the days' own dates). One
result per name and day counts: the first added; another code under the same name that
day is a conflict, shown and not counted. Your own daily results are always first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.rankings import CHARTED, SHOWN, Entry


@dataclass(frozen=True)
class Day:
    """A day's board: the counted results in ranking order (with their places), and
    the conflicts (a second, different result under a name that already counts)."""

    date: str
    rows: tuple[tuple[int, Entry], ...]
    conflicts: tuple[Entry, ...]


def mine_of(results: Iterable[Any], own_name: str) -> list[Entry]:
    """Your own daily results (game/stats.py `DailyResult`s) as Rankings entries."""
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


def day_ranking(date: str, candidates: list[Entry]) -> Day:
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


def standings(days: Iterable[Day]) -> list[tuple[int, Standing]]:
    """The season from its days' rankings (only counted results): ordered by total, then
    more days, then the better best day; places shared on an equal total."""
    players: dict[str, list[Entry]] = {}
    for ranking in sorted(days, key=lambda d: d.date):
        for _, entry in ranking.rows:
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
    """Plain data for the Rankings dialog: the ranking of `day` (or the newest day with
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
    ranking = day_ranking(day, days.get(day, []))
    month = [day_ranking(d, days[d]) for d in dates if season_of(d) == season]
    table = standings(month)
    return {
        "kind": "rankings",
        "winner_code": picture_code(ranking),
        "day": day,
        "days": dates,
        "rows": [row_data(p, e) for p, e in ranking.rows[:SHOWN]],
        "more": max(0, len(ranking.rows) - SHOWN),
        "conflicts": [row_data(0, e) for e in ranking.conflicts[:SHOWN]],
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
    ranking = day_ranking(date, by_date(entries, own).get(date, []))
    if any(entry.code == code for _, entry in ranking.rows):
        return True
    mine = next((e for e in own if e.date == date), None)
    return any(e.code == code and _same_as_own(e, mine) for e in entries)


def season_summary(entries: Iterable[Entry], own: list[Entry], today: str) -> dict[str, Any] | None:
    """Your current season for the Statistics dialog: your place among your friends,
    days played, total and best day; None when you have played no day this month."""
    season = season_of(today)
    days = by_date(entries, own)
    month = [day_ranking(d, days[d]) for d in days if season_of(d) == season]
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
