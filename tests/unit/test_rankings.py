"""Your friends' Rankings (game/rankings.py) and the engine's calls that store them
(game/rankings_calls.py `rankings`, `board_add`, `board_merge`, `board_import`; game/statistics.py): the
ranking, one result per name and day, seasons, the stored document and its caps, two
tabs, an import's replays, and the laws the Rankings keep for any set of results.

Every result here is a real one: random legal moves on a day's board turned into a
code (tests/unit/daily_results.py), its numbers the replay's. Codes are cached, so the
whole module replays only a few hundred short games.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import (
    api,
    chance,
    daily,
    names,
    rankings,
    rankings_calls,
    replay,
    rules,
    saves,
    standings,
    stats,
    transfer,
)
from game.daily_results import DailyResult
from game.rankings import Entry
from game.session import Session
from game.ui import charts, sharing
from game.ui import rankings_dialog as room
from game.worker import Table
from tests.unit import languages
from tests.unit.daily_results import played

NOON = 1_796_126_400_000  # 2026-12-01 12:00 UTC
LAST_NOV = "2026-11-30"
FIRST_DEC = "2026-12-01"
SECOND = 1000
ADDRESS = "https://example.org/2048/"


class Wall:
    """A clock the test moves (each result added at its own millisecond)."""

    def __init__(self, ms: int = NOON) -> None:
        self.ms = ms

    def __call__(self) -> int:
        return self.ms

    def tick(self, ms: int = SECOND) -> None:
        self.ms += ms


def entry(result: DailyResult, name: str, added: int) -> Entry:
    """A friend's result as `board_add` keeps it: the code, the replay's numbers."""
    return Entry(result.code, name, added, result.date, result.moves, result.score, result.tile)


def link(code: str, name: str = "") -> str:
    return ADDRESS + replay.LINK_MARK + code + (names.NAME_MARK + names.quote(name) if name else "")


def codes(entries: Iterable[Entry]) -> set[str]:
    return {e.code for e in entries}


def stored(text: str) -> tuple[Entry, ...]:
    found = rankings.read_rankings(text)
    assert found.rejected == 0 and not found.document_rejected
    return found.entries


def engine(wall: Wall | None = None, own: Iterable[DailyResult] = ()) -> Table:
    """An engine and what is answered beside it (game/worker.py), as the page has them."""
    found = api.Engine(chance.seeded(1), wall=wall or Wall())
    for result in own:
        found.stats = stats.record_daily(found.stats, result)
    return Table(found)


@cache
def ranked(date: str) -> tuple[DailyResult, ...]:
    """Eight results of `date` with different scores (so different codes), the best first."""
    found: dict[int, DailyResult] = {}
    for seed in range(500):
        result = played(date, seed, 12)
        found.setdefault(result.score, result)
        if len(found) == 8:
            return tuple(sorted(found.values(), key=lambda r: -r.score))
    raise AssertionError("fewer than eight scores in 500 games")


@cache
def twins(date: str) -> tuple[DailyResult, DailyResult]:
    """Two results of `date` equal in score and moves, with different codes."""
    seen: dict[tuple[int, int], DailyResult] = {}
    for seed in range(200):
        result = played(date, seed, 2)
        other = seen.setdefault((result.score, result.moves), result)
        if other.code != result.code:
            return other, result
    raise AssertionError("no twins in 200 games")


@cache
def prefixes(date: str, seed: int) -> tuple[DailyResult, ...]:
    """Every prefix of one random game played to its end on `date`'s board, as a result:
    many real codes for the price of one game (each prefix is itself a legal game)."""
    session, _ = Session.new(daily.SIZE, chance.seeded(seed), daily=daily.Daily(date))
    pick = random.Random(seed)
    moves: list[str] = []
    found: list[DailyResult] = []
    while not session.over:
        direction = pick.choice(rules.legal_directions(session.position.board))
        session.move(direction)
        moves.append(direction)
        position = session.position
        found.append(DailyResult(date, position.score, rules.max_tile(position.board), len(moves),
                                 replay.encode(date, daily.SIZE, moves)))
    return tuple(found)


def many(count: int) -> list[DailyResult]:
    """`count` real results with different codes (prefixes of games on a few days)."""
    found: dict[str, DailyResult] = {}
    seed = 0
    while len(found) < count:
        for result in prefixes(f"2026-11-{1 + seed % 28:02d}", seed):
            found.setdefault(result.code, result)
        seed += 1
    return list(found.values())[:count]


def test_the_helpers_results_are_what_their_codes_replay_to() -> None:
    for result in (*ranked(LAST_NOV), *twins(LAST_NOV), prefixes(LAST_NOV, 3)[5], prefixes(LAST_NOV, 3)[-1]):
        outcome = replay.replay(replay.decode(result.code))
        assert (outcome.date, outcome.score, outcome.tile, outcome.moves) == (
            result.date, result.score, result.tile, result.moves)
        assert rankings.code_fields(result.code) == (result.date, result.moves)


# -- the day's ranking -----------------------------------------------------------------------

def test_rule_a_day_ranks_by_score_then_fewer_moves_then_the_earlier_added() -> None:
    best, second, third = ranked(LAST_NOV)[:3]
    low, also_low = twins(LAST_NOV)
    added = [entry(low, "Dee", NOON + 3), entry(third, "Cy", NOON + 2), entry(also_low, "Eve", NOON + 1),
             entry(best, "Ana", NOON + 4), entry(second, "Bo", NOON + 5)]
    ranking = standings.day_ranking(LAST_NOV, standings.by_date(added, [])[LAST_NOV])
    assert [(place, e.name) for place, e in ranking.rows] == [
        (1, "Ana"), (2, "Bo"), (3, "Cy"), (4, "Eve"), (4, "Dee")], "Eve was added before Dee"
    assert [(e.score, e.moves) for _, e in ranking.rows] == sorted(
        ((e.score, e.moves) for e in added), key=lambda sm: (-sm[0], sm[1]))
    assert ranking.conflicts == ()


def test_rule_fewer_moves_rank_first_on_an_equal_score() -> None:
    results = [played(LAST_NOV, seed, moves) for seed in range(40) for moves in (3, 4, 5, 6)]
    by_score: dict[int, list[DailyResult]] = {}
    for result in results:
        by_score.setdefault(result.score, []).append(result)
    slow, fast = next((max(group, key=lambda r: r.moves), min(group, key=lambda r: r.moves))
                      for group in by_score.values() if len({r.moves for r in group}) > 1)
    ranking = standings.day_ranking(LAST_NOV, [entry(slow, "Slow", NOON), entry(fast, "Fast", NOON + 1)])
    assert [(place, e.name) for place, e in ranking.rows] == [(1, "Fast"), (2, "Slow")]


def test_rule_equal_score_and_moves_share_a_place_and_the_next_place_skips() -> None:
    best = ranked(LAST_NOV)[0]
    low, also_low = twins(LAST_NOV)
    last = next(r for r in (played(LAST_NOV, seed, moves) for moves in (1, 2, 3) for seed in range(50))
                if (r.score, -r.moves) < (low.score, -low.moves))
    added = [entry(best, "Ana", NOON), entry(also_low, "Bo", NOON + 1), entry(low, "Cy", NOON + 2),
             entry(last, "Dee", NOON + 3)]
    ranking = standings.day_ranking(LAST_NOV, added)
    assert [(place, e.name) for place, e in ranking.rows] == [(1, "Ana"), (2, "Bo"), (2, "Cy"), (4, "Dee")]


def test_places_are_competition_places() -> None:
    assert standings.places([]) == []
    assert standings.places([9, 5, 5, 1]) == [1, 2, 2, 4]
    assert standings.places([3, 3, 3]) == [1, 1, 1]
    assert standings.places([(8, 2), (8, 3), (8, 3), (4, 1), (4, 1)]) == [1, 2, 2, 4, 4]


# -- one result per name and day -------------------------------------------------------------

def test_rule_one_result_per_name_and_day_the_first_added_counts_whatever_its_case() -> None:
    higher, lower = ranked(LAST_NOV)[:2]
    first, later = entry(lower, "Ana", NOON), entry(higher, "ANA", NOON + SECOND)
    ranking = standings.day_ranking(LAST_NOV, standings.by_date([later, first], [])[LAST_NOV])
    assert [e.code for _, e in ranking.rows] == [lower.code], "the first added counts, not the better"
    assert ranking.conflicts == (later,), "a different code under the same name is a conflict"
    swapped = standings.day_ranking(LAST_NOV, standings.by_date([entry(lower, "ana", NOON + SECOND),
                                                             entry(higher, "Ana", NOON)], [])[LAST_NOV])
    assert [e.code for _, e in swapped.rows] == [higher.code]
    view = standings.view([first, later], [], LAST_NOV, "", FIRST_DEC)
    assert [(r["name"], r["score"]) for r in view["rows"]] == [("Ana", lower.score)]
    assert [(r["name"], r["score"]) for r in view["conflicts"]] == [("ANA", higher.score)]
    assert standings.counts([first, later], [], lower.code, LAST_NOV)
    assert not standings.counts([first, later], [], higher.code, LAST_NOV)


def test_rule_a_name_counts_once_a_day_but_on_every_day() -> None:
    nov, dec = ranked(LAST_NOV)[0], ranked(FIRST_DEC)[0]
    entries = [entry(nov, "Ana", NOON), entry(dec, "ana", NOON + SECOND)]
    days = standings.by_date(entries, [])
    for date in (LAST_NOV, FIRST_DEC):
        ranking = standings.day_ranking(date, days[date])
        assert len(ranking.rows) == 1 and ranking.conflicts == ()


def test_rule_the_same_code_twice_is_one_result() -> None:
    result = ranked(LAST_NOV)[0]
    first, again = entry(result, "Ana", NOON), entry(result, "Bo", NOON + SECOND)
    ranking = standings.day_ranking(LAST_NOV, [first, again])
    assert [e.name for _, e in ranking.rows] == ["Ana"] and ranking.conflicts == ()
    assert rankings.union([again], [first]) == (first,), "the board keeps it once: the first added"
    assert rankings.union([first, first, again]) == (first,)


def test_rule_your_own_result_added_again_from_its_link_counts_once() -> None:
    mine = ranked(LAST_NOV)[0]
    own = standings.mine_of([mine], "Ana")
    for name in ("Ana", "Bo"):  # under your name, or under any other
        ranking = standings.day_ranking(LAST_NOV, standings.by_date([entry(mine, name, NOON)], own)[LAST_NOV])
        assert [(e.mine, e.name) for _, e in ranking.rows] == [(True, "Ana")] and ranking.conflicts == ()


def test_rule_your_own_result_whose_code_was_dropped_is_matched_by_name_and_numbers() -> None:
    mine, other = ranked(LAST_NOV)[:2]
    own = standings.mine_of([DailyResult(mine.date, mine.score, mine.tile, mine.moves, "")], "Ana")
    again = standings.day_ranking(LAST_NOV, standings.by_date([entry(mine, "ana", NOON)], own)[LAST_NOV])
    assert [(e.mine, e.code) for _, e in again.rows] == [(True, "")] and again.conflicts == ()
    # Another name is another player, whatever the numbers; your name with other numbers a conflict.
    named = standings.day_ranking(LAST_NOV, standings.by_date([entry(mine, "Bo", NOON)], own)[LAST_NOV])
    assert sorted((e.mine, e.name) for _, e in named.rows) == [(False, "Bo"), (True, "Ana")]
    clash = standings.day_ranking(LAST_NOV, standings.by_date([entry(other, "Ana", NOON)], own)[LAST_NOV])
    assert [e.mine for _, e in clash.rows] == [True] and [e.code for e in clash.conflicts] == [other.code]
    nameless = standings.mine_of([DailyResult(mine.date, mine.score, mine.tile, mine.moves, "")], "")
    days = standings.by_date([entry(mine, "Ana", NOON)], nameless)
    unmatched = standings.day_ranking(LAST_NOV, days[LAST_NOV])
    assert len(unmatched.rows) == 2, "without your name there is nothing to match it by"


def test_rule_your_own_results_are_always_first_for_your_name() -> None:
    better, mine = ranked(LAST_NOV)[:2]
    own = standings.mine_of([mine], "Ana")
    long_ago = entry(better, "ANA", rankings.MIN_ADDED)
    ranking = standings.day_ranking(LAST_NOV, standings.by_date([long_ago], own)[LAST_NOV])
    assert [(e.mine, e.code) for _, e in ranking.rows] == [(True, mine.code)]
    assert ranking.conflicts == (long_ago,)
    view = standings.view([long_ago], own, LAST_NOV, "", FIRST_DEC)
    assert [r["mine"] for r in view["rows"]] == [True]


def test_rule_your_result_without_a_name_is_yours_and_no_friends() -> None:
    mine, other = ranked(LAST_NOV)[:2]
    own = standings.mine_of([mine], "")
    ranking = standings.day_ranking(LAST_NOV, standings.by_date([entry(other, "You", NOON)], own)[LAST_NOV])
    assert sorted((e.mine, e.name) for _, e in ranking.rows) == [(False, "You"), (True, "")]
    assert own[0].key == rankings.YOU


# -- seasons -----------------------------------------------------------------------------------

def season_entries() -> tuple[list[Entry], list[Entry]]:
    """Ana plays 28-30 November, Bo 30 November and 1 December, you 30 November and
    1 December (as "Me")."""
    entries: list[Entry] = []
    added = NOON
    for date in ("2026-11-28", "2026-11-29", LAST_NOV):
        entries.append(entry(ranked(date)[1], "Ana", added))
        added += SECOND
    for date in (LAST_NOV, FIRST_DEC):
        entries.append(entry(ranked(date)[2], "Bo", added))
        added += SECOND
    own = standings.mine_of([ranked(LAST_NOV)[0], ranked(FIRST_DEC)[0]], "Me")
    return entries, own


def test_rule_a_season_is_a_calendar_month_of_daily_boards() -> None:
    entries, own = season_entries()
    november = standings.view(entries, own, LAST_NOV, "", FIRST_DEC)
    december = standings.view(entries, own, FIRST_DEC, "", FIRST_DEC)
    assert november["season"] == "2026-11" and december["season"] == "2026-12"
    assert november["seasons"] == december["seasons"] == ["2026-12", "2026-11"]
    assert november["days"] == [FIRST_DEC, LAST_NOV, "2026-11-29", "2026-11-28"]
    assert {s["name"] for s in november["standings"]} == {"Ana", "Bo", "Me"}
    assert {s["name"]: s["days"] for s in december["standings"]} == {"Bo": 1, "Me": 1}


def test_standings_count_days_total_best_day_and_its_date_and_best_tile() -> None:
    entries, own = season_entries()
    view = standings.view(entries, own, LAST_NOV, "", FIRST_DEC)
    ana = [e for e in entries if e.name == "Ana"]
    best = max(e.score for e in ana)
    found = {s["name"]: s for s in view["standings"]}
    assert found["Ana"]["days"] == 3 and found["Ana"]["total"] == sum(e.score for e in ana)
    # The best day's date: of the days with that score, the latest.
    latest = max(e.date for e in ana if e.score == best)
    assert (found["Ana"]["best"], found["Ana"]["best_date"]) == (best, latest)
    assert found["Ana"]["tile"] == max(e.tile for e in ana)
    bo_november = next(e for e in entries if e.name == "Bo" and e.date == LAST_NOV)
    bo = found["Bo"]
    assert (bo["days"], bo["total"], bo["best_date"]) == (1, bo_november.score, LAST_NOV)
    totals = [s["total"] for s in view["standings"]]
    assert totals == sorted(totals, reverse=True)
    assert [s["place"] for s in view["standings"]] == standings.places(totals)
    me = next(s for s in view["standings"] if s["mine"])
    assert view["place"] == {"place": me["place"], "of": 3}


def test_a_season_chart_has_a_series_per_player_with_each_days_score() -> None:
    entries, own = season_entries()
    view = standings.view(entries, own, LAST_NOV, "", FIRST_DEC)
    series = {s["name"]: s for s in view["series"]}
    assert series["Ana"]["scores"] == [[int(e.date[8:]), e.score] for e in entries if e.name == "Ana"]
    assert series["Me"]["mine"] and not series["Ana"]["mine"]
    assert [s["name"] for s in view["series"]] == [s["name"] for s in view["standings"]]


def test_the_season_view_shows_the_newest_day_of_a_season_asked_for() -> None:
    entries, own = season_entries()
    assert standings.view(entries, own, "", "2026-11", FIRST_DEC)["day"] == LAST_NOV
    assert standings.view(entries, own, FIRST_DEC, "2026-11", FIRST_DEC)["day"] == LAST_NOV
    shown = standings.view(entries, own, "2026-11-29", "2026-11", FIRST_DEC)
    assert (shown["day"], shown["season"]) == ("2026-11-29", "2026-11"), "a day of that season stays"


def test_a_day_or_season_without_results_shows_today_or_the_newest() -> None:
    entries, own = season_entries()
    newest = standings.view(entries, own, "", "", "2026-12-05")
    assert (newest["day"], newest["season"]) == (FIRST_DEC, "2026-12")
    today = standings.view(entries, own, "2026-11-15", "2026-10", LAST_NOV)
    assert (today["day"], today["season"]) == (LAST_NOV, "2026-11")
    empty = standings.view([], [], "", "", FIRST_DEC)
    assert (empty["day"], empty["season"]) == (FIRST_DEC, "2026-12")
    assert empty["rows"] == empty["standings"] == empty["days"] == []
    assert empty["place"] is None and empty["series"] == [] and empty["winner_code"] == ""


def test_your_season_in_the_statistics_is_your_place_days_and_total() -> None:
    entries, own = season_entries()
    summary = standings.season_summary(entries, own, LAST_NOV)
    assert summary is not None
    me = next(s for s in standings.view(entries, own, LAST_NOV, "", LAST_NOV)["standings"] if s["mine"])
    assert summary == {"season": "2026-11", "place": me["place"], "of": 3, "days": 1, "total": me["total"],
                       "best": me["best"], "best_date": LAST_NOV}
    assert standings.season_summary(entries, own, "2027-01-01") is None, "no day this season yet"
    assert standings.season_summary(entries, [], LAST_NOV) is None


def test_rule_a_result_under_your_name_joins_your_season_as_yours() -> None:
    """Your own result one day and a result shared under your name on another (from
    your other device, say) are one player's season: yours, marked and placed, whichever
    day came first."""
    for mine, elsewhere in ((ranked(LAST_NOV)[0], ranked("2026-11-29")[0]),
                            (ranked("2026-11-29")[0], ranked(LAST_NOV)[0])):
        own = standings.mine_of([mine], "Ana")
        shared = [entry(elsewhere, "ana", NOON), entry(ranked(LAST_NOV)[5], "Bo", NOON + SECOND)]
        view = standings.view(shared, own, "", "2026-11", FIRST_DEC)
        assert [(s["name"], s["days"], s["mine"]) for s in view["standings"]] == [
            ("Ana", 2, True), ("Bo", 1, False)], mine.date
        assert view["place"] == {"place": 1, "of": 2}
        summary = standings.season_summary(shared, own, LAST_NOV)
        assert summary is not None and summary["days"] == 2 and summary["place"] == 1


# -- the stored document -------------------------------------------------------------------

def friends_of(*indices: int) -> list[Entry]:
    """Friends' results of 30 November (`ranked`'s, by index), added in this order."""
    return [entry(ranked(LAST_NOV)[index], f"Friend {index}", NOON + at * SECOND)
            for at, index in enumerate(indices or (0, 1, 2))]


def test_the_document_round_trips_in_order_of_adding() -> None:
    entries = friends_of(0, 1, 2, 3)
    text = rankings.dump_rankings(reversed(rankings.union(entries)))
    found = rankings.read_rankings(text)
    assert found == rankings.RankingsRead(tuple(entries), 0, False)
    assert rankings.dump_rankings(found.entries) == rankings.dump_rankings(entries)
    data = json.loads(text)
    assert set(data) == {"format", "version", "results"} and data["format"] == rankings.FORMAT
    assert set(data["results"][0]) == {"code", "name", "added", "score", "tile", "seal"}


def test_a_name_beyond_ascii_is_kept_as_written() -> None:
    entries = [entry(ranked(LAST_NOV)[0], "Jo\u00e3o \u00b7 \u00c0ngel\u2019s", NOON)]
    assert stored(rankings.dump_rankings(entries)) == tuple(entries)


def edited(text: str, index: int, **change: Any) -> str:
    data = json.loads(text)
    data["results"][index].update(change)
    for key in [k for k, v in change.items() if v is None]:
        del data["results"][index][key]
    return json.dumps(data)


@pytest.mark.parametrize("change", [
    {"score": "+4"}, {"tile": "*2"}, {"added": "+1"}, {"name": "Mallory"}, {"code": "other"},
    {"seal": "0" * rankings.SEAL}, {"seal": None}, {"extra": 1}, {"score": 2}, {"tile": 12},
    {"name": ""}, {"name": " Ana"}, {"name": "Ana\u202e"}, {"added": 5}, {"code": "1.2026-11-30.4"},
    {"score": True}, {"added": 1.5e12},
])
def test_a_tampered_stored_entry_is_set_aside_alone(change: dict[str, Any]) -> None:
    entries = friends_of(0, 1, 2)
    text = rankings.dump_rankings(entries)
    victim = json.loads(text)["results"][1]
    value: dict[str, Any] = {}
    for key, how in change.items():
        if how == "+4":
            value[key] = victim[key] + 4  # the seal is left as it was
        elif how == "*2":
            value[key] = victim[key] * 2
        elif how == "+1":
            value[key] = victim[key] + 1
        elif how == "other":
            value[key] = ranked(LAST_NOV)[3].code
        else:
            value[key] = how
    found = rankings.read_rankings(edited(text, 1, **value))
    assert found.rejected == 1 and not found.document_rejected
    assert found.entries == (entries[0], entries[2])


NOT_DOCUMENTS = {
    "not JSON": "not json",
    "a list": "[]",
    "an empty object": "{}",
    "a string": '"py2048-rankings"',
    "another format": json.dumps({"format": "py2048-other", "version": 1, "results": []}),
    "an unknown version": json.dumps({"format": rankings.FORMAT, "version": 2, "results": []}),
    "a version as text": json.dumps({"format": rankings.FORMAT, "version": "1", "results": []}),
    "results not a list": json.dumps({"format": rankings.FORMAT, "version": 1, "results": {}}),
    "no results": json.dumps({"format": rankings.FORMAT, "version": 1}),
    "a field too many": json.dumps({"format": rankings.FORMAT, "version": 1, "results": [], "extra": 0}),
    "too many results": json.dumps({"format": rankings.FORMAT, "version": 1,
                                    "results": [{}] * (rankings.MAX_RESULTS + 1)}),
    "nested too deep": "[" * 10_000 + "]" * 10_000,
    "too long": '{"format":"py2048-rankings","version":1,"results":[]}' + " " * (rankings.MAX_TEXT + 1000),
}


@pytest.mark.parametrize("name", sorted(NOT_DOCUMENTS))
def test_a_document_that_is_not_one_reads_as_empty_and_says_so(name: str) -> None:
    assert rankings.read_rankings(NOT_DOCUMENTS[name]) == rankings.RankingsRead((), 0, True)


def test_nothing_stored_is_an_empty_board_and_not_a_rejection() -> None:
    for text in (None, ""):
        assert rankings.read_rankings(text) == rankings.RankingsRead((), 0, False)


# -- caps ----------------------------------------------------------------------------------

def test_rule_beyond_max_results_the_ones_added_longest_ago_go_first() -> None:
    results = many(rankings.MAX_RESULTS + 3)
    order = list(range(len(results)))
    random.Random(5).shuffle(order)  # added in an order of their own, not the list's
    entries = [entry(results[i], f"P{i % 50}", NOON + rank * SECOND) for rank, i in enumerate(order)]
    joined = rankings.union(entries)
    assert len(joined) == rankings.MAX_RESULTS
    oldest = sorted(entries, key=lambda e: e.added)[:3]
    assert codes(joined) == codes(entries) - codes(oldest)
    text = rankings.dump_rankings(joined)
    assert len(text) <= rankings.MAX_TEXT
    assert stored(text) == joined, "what the board writes, it reads back whole"
    more = entry(played(FIRST_DEC, 1), "Late", NOON + len(entries) * SECOND)
    assert more.code in codes(rankings.union(joined, [more])), "the newest always joins a full board"
    early = entry(played(FIRST_DEC, 2), "Early", NOON - SECOND)
    assert early.code not in codes(rankings.union(joined, [early])), "older than every kept result"


def test_rule_beyond_max_text_the_oldest_go_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rankings, "MAX_TEXT", 4000)
    results = many(60)
    entries = [entry(result, f"Ana {index}", NOON + index * SECOND) for index, result in enumerate(results)]
    joined = rankings.union(entries)
    assert 0 < len(joined) < len(entries)
    assert codes(joined) == codes(entries[-len(joined):]), "the newest that fit"
    text = rankings.dump_rankings(joined)
    assert len(text) <= rankings.MAX_TEXT
    assert stored(text) == joined


def test_rule_names_that_json_escapes_still_fit_in_max_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name of quotes and backslashes is written twice as long in JSON: the cap counts
    what the document really holds, so the board never writes more than it reads back
    (a document past MAX_TEXT and its margin would read as no board at all)."""
    monkeypatch.setattr(rankings, "MAX_TEXT", 60_000)
    results = many(700)
    name = '"' * 12 + "\\" * 12
    entries = [entry(result, name, NOON + index * SECOND) for index, result in enumerate(results)]
    joined = rankings.union(entries)
    assert 0 < len(joined) < len(entries)
    text = rankings.dump_rankings(joined)
    assert len(text) <= rankings.MAX_TEXT, len(text) - rankings.MAX_TEXT
    assert stored(text) == joined


# -- the laws, for any results -------------------------------------------------------------

POOL_DATES = ("2026-11-29", LAST_NOV, FIRST_DEC)
POOL_NAMES = ("Ana", "ana", "ANA", "Bo", "bO", "Cy", "D\u00e9", "d\u00c9")


@cache
def pool() -> tuple[DailyResult, ...]:
    """Results on three days across a month's end; short games, so scores and moves tie."""
    found: dict[str, DailyResult] = {}
    for date in POOL_DATES:
        for seed in range(6):
            for moves in (1, 2, 3, 8):
                result = played(date, seed, moves)
                found.setdefault(result.code, result)
    return tuple(found.values())


@st.composite
def friends_results(draw: st.DrawFn) -> list[Entry]:
    """Results as a device adds them: any of the pool, under any name, at any time."""
    picks = draw(st.lists(st.tuples(st.integers(0, len(pool()) - 1), st.sampled_from(POOL_NAMES),
                                    st.integers(0, 50)), max_size=30))
    return [entry(pool()[i], name, NOON + added * SECOND) for i, name, added in picks]


@st.composite
def owns(draw: st.DrawFn) -> list[DailyResult]:
    """Your own results: at most one a day."""
    mine: list[DailyResult] = []
    for date in POOL_DATES:
        on_day = [r for r in pool() if r.date == date]
        if draw(st.booleans()):
            mine.append(draw(st.sampled_from(on_day)))
    return mine


def who(e: Entry) -> str:
    """A result's player, by hand: you without a name, else the name without case."""
    return "you" if e.mine and not e.name else "name " + e.name.casefold()


def brute_day(date: str, entries: tuple[Entry, ...], own: list[Entry]) -> tuple[list[Entry], list[Entry]]:
    """The day counted by hand: your result first, then the rest as added; your own
    code again is skipped, and a player's second code is a conflict."""
    counted: dict[str, Entry] = {}
    conflicts: list[Entry] = []
    mine = [e for e in own if e.date == date]
    for e in mine + sorted((e for e in entries if e.date == date), key=lambda e: (e.added, e.code)):
        if not e.mine and mine and e.code == mine[0].code:
            continue
        if who(e) in counted:
            conflicts.append(e)
        else:
            counted[who(e)] = e
    return list(counted.values()), conflicts


@settings(max_examples=80, deadline=None)
@given(friends_results(), owns(), st.sampled_from(("", "Ana", "Cy")))
def test_law_a_day_is_ranked_with_competition_places_and_a_name_counts_once(
        added: list[Entry], mine: list[DailyResult], own_name: str) -> None:
    entries = rankings.union(added)
    own = standings.mine_of(mine, own_name)
    days = standings.by_date(entries, own)
    for date in POOL_DATES:
        ranking = standings.day_ranking(date, days.get(date, []))
        rows = [e for _, e in ranking.rows]
        keys = [(-e.score, e.moves) for e in rows]
        assert keys == sorted(keys)
        assert [place for place, _ in ranking.rows] == [
            1 + sum(1 for other in keys if other < key) for key in keys], "competition places"
        assert len({e.key for e in rows}) == len(rows), "a name counts once a day"
        counted, conflicts = brute_day(date, entries, own)
        assert rows == sorted(counted, key=Entry.order), "score, fewer moves, then the earlier added"
        assert list(ranking.conflicts) == conflicts
        for e in rows:
            assert standings.counts(entries, own, e.code, date)
        for e in ranking.conflicts:
            assert not standings.counts(entries, own, e.code, date)


@settings(max_examples=200, deadline=None)
@given(friends_results(), owns(), st.sampled_from(("", "Bo")))
def test_law_a_season_is_the_sum_of_its_counted_days(added: list[Entry], mine: list[DailyResult],
                                                      own_name: str) -> None:
    entries = rankings.union(added)
    own = standings.mine_of(mine, own_name)
    days = standings.by_date(entries, own)
    for season in ("2026-11", "2026-12"):
        month = [standings.day_ranking(d, es) for d, es in days.items() if standings.season_of(d) == season]
        table = standings.standings(month)
        counted: dict[str, list[Entry]] = {}
        for ranking in month:
            for _, e in ranking.rows:
                counted.setdefault(e.key, []).append(e)
        assert {s.key for _, s in table} == set(counted)
        for place, s in table:
            played_days = counted[s.key]
            assert s.days == len(played_days) == len({e.date for e in played_days})
            assert s.total == sum(e.score for e in played_days)
            assert s.best == max(e.score for e in played_days)
            assert s.best_date == max(e.date for e in played_days if e.score == s.best)
            assert s.tile == max(e.tile for e in played_days)
            assert s.mine == any(e.mine for e in played_days), "a season with your result is yours"
            assert place == 1 + sum(1 for _, other in table if other.total > s.total)
        totals = [s.total for _, s in table]
        assert totals == sorted(totals, reverse=True)
        summary = standings.season_summary(entries, own, season + "-15")
        if any(e.mine for es in counted.values() for e in es):
            assert summary is not None and summary["of"] == len(table)
        else:
            assert summary is None


@settings(max_examples=80, deadline=None)
@given(friends_results(), friends_results(), friends_results())
def test_law_union_is_commutative_idempotent_and_associative(a: list[Entry], b: list[Entry],
                                                              c: list[Entry]) -> None:
    assert rankings.union(a, b) == rankings.union(b, a)
    assert codes(rankings.union(a, b)) == codes(a) | codes(b), "below the caps nothing is lost"
    assert rankings.union(a, a) == rankings.union(a) == rankings.union(rankings.union(a))
    assert rankings.union(rankings.union(a, b), c) == rankings.union(a, rankings.union(b, c))
    for e in rankings.union(a, b):
        assert e.added == min(o.added for o in a + b if o.code == e.code), "each code as first added"
    text = rankings.dump_rankings(rankings.union(a, b))
    assert text == rankings.dump_rankings(rankings.union(b, a)), "the same results make the same document"
    assert stored(text) == rankings.union(a, b)


# -- the engine: adding, two tabs, importing --------------------------------------------------

def test_verify_reads_the_name_beside_the_code() -> None:
    result = ranked(LAST_NOV)[0]
    answer = engine().codes.verify("Look!\n" + link(result.code, "Jo\u00e3o"))
    assert answer["ok"] and answer["code"] == result.code
    assert (answer["name"], answer["name_refused"]) == ("Jo\u00e3o", False)
    assert (answer["score"], answer["tile"], answer["moves"]) == (result.score, result.tile, result.moves)
    refused = engine().codes.verify(link(result.code) + "&name=Ana%E2%80%AE")
    assert refused["ok"] and (refused["name"], refused["name_refused"]) == ("", True)
    bare = engine().codes.verify(result.code)
    assert bare["ok"] and (bare["name"], bare["name_refused"]) == ("", False)


def test_board_add_keeps_the_verified_code_with_the_replays_numbers() -> None:
    wall = Wall()
    e = engine(wall)
    result = ranked(LAST_NOV)[0]
    answer = e.codes.verify(link(result.code, "Jo\u00e3o"))
    reply = e.rankings.board_add("", "  Jo\u00e3o ")
    assert reply["kind"] == "board_add" and reply["ok"] and reply["reason"] == ""
    assert (reply["already"], reply["conflict"]) == (False, False)
    assert (reply["date"], reply["name"]) == (LAST_NOV, "Jo\u00e3o"), "the name as it is kept: tidy"
    assert reply["total"] == 1
    assert stored(reply["save"]) == (Entry(result.code, "Jo\u00e3o", wall.ms, LAST_NOV, answer["moves"],
                                           answer["score"], answer["tile"]),)


def test_board_add_refuses_a_name_it_cannot_keep() -> None:
    e = engine()
    e.codes.verify(link(ranked(LAST_NOV)[0].code))
    for bad in ("", "   ", "x" * 25, "Ana\u202e", "Ana\nBo", "\U0001f600"):
        reply = e.rankings.board_add("", bad)
        assert (reply["ok"], reply["reason"]) == (False, "bad_name"), bad
        assert (reply["total"], reply["save"]) == (0, ""), bad


def test_board_add_of_a_code_already_there_is_already_whatever_the_name() -> None:
    wall = Wall()
    e = engine(wall)
    e.codes.verify(link(ranked(LAST_NOV)[0].code, "Ana"))
    storage = e.rankings.board_add("", "Ana")["save"]
    wall.tick()
    for name in ("Ana", "Bo"):
        reply = e.rankings.board_add(storage, name)
        assert reply["ok"] and reply["already"] and not reply["conflict"]
        assert reply["save"] == "" and reply["total"] == 1
    assert [x.name for x in stored(storage)] == ["Ana"]


def test_board_add_says_a_conflict_and_keeps_both() -> None:
    wall = Wall()
    e = engine(wall)
    first, second = ranked(LAST_NOV)[:2]
    e.codes.verify(link(second.code))
    storage = e.rankings.board_add("", "Ana")["save"]
    wall.tick()
    e.codes.verify(link(first.code))
    reply = e.rankings.board_add(storage, "ANA")
    assert reply["ok"] and reply["conflict"] and not reply["already"] and reply["total"] == 2
    view = e.rankings.rankings(reply["save"], LAST_NOV)
    assert [r["score"] for r in view["rows"]] == [second.score], "the first added counts"
    assert [r["score"] for r in view["conflicts"]] == [first.score]


def test_nothing_is_added_without_a_verified_code() -> None:
    e = engine()
    reply = e.rankings.board_add("", "Ana")
    assert (reply["ok"], reply["reason"], reply["save"], reply["total"]) == (False, "nothing", "", 0)
    code = ranked(LAST_NOV)[0].code
    e.codes.verify(link(code))
    tampered = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    answer = e.codes.verify(link(tampered, "Ana"))
    assert not answer["ok"] and answer["reason"] in replay.REASONS and answer["reason"] != ""
    assert "code" not in answer, "a refused code names no code to add"
    reply = e.rankings.board_add("", "Ana")
    assert (reply["ok"], reply["reason"], reply["total"]) == (False, "nothing", 0), "the last verdict counts"


@pytest.mark.parametrize(("how", "reason"), [
    (lambda c: c[:-1] + ("A" if c[-1] != "A" else "B"), "damaged"),
    (lambda c: c[: c.rfind(".")], "truncated"),
    (lambda c: c.replace("2026-11-30", "2026-11-31"), "bad_date"),
    (lambda c: c + "!", "bad_character"),
])
def test_verify_of_a_tampered_code_is_refused_with_its_reason(how: Any, reason: str) -> None:
    e = engine()
    code = ranked(LAST_NOV)[0].code
    assert e.codes.verify(link(code, "Ana"))["ok"]
    answer = e.codes.verify(link(how(code), "Ana"))
    assert (answer["ok"], answer["reason"]) == (False, reason)
    reply = e.rankings.board_add("", "Ana")
    assert (reply["ok"], reply["reason"], reply["total"]) == (False, "nothing", 0), "not even the code before"


def test_board_add_to_rankings_full_of_newer_results_adds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rankings, "MAX_RESULTS", 3)
    storage = rankings.dump_rankings(friends_of(0, 1, 2))  # added at noon and the two seconds after
    e = engine(Wall(NOON - SECOND))  # a clock set back: older than every kept result
    e.codes.verify(link(ranked(LAST_NOV)[5].code))
    reply = e.rankings.board_add(storage, "Late")
    assert (reply["ok"], reply["reason"], reply["save"], reply["total"]) == (False, "full", "", 3)


def test_a_result_added_by_a_clock_outside_the_boards_years_is_kept_at_their_edge() -> None:
    for ms, edge in ((0, rankings.MIN_ADDED), (10**15, rankings.MAX_ADDED)):
        e = engine(Wall(ms))
        e.codes.verify(link(ranked(LAST_NOV)[0].code))
        assert [x.added for x in stored(e.rankings.board_add("", "Ana")["save"])] == [edge], ms


def test_your_own_result_added_from_its_link_is_already_on_your_board() -> None:
    mine = ranked(LAST_NOV)[0]
    e = engine(own=[mine])
    e.codes.verify(link(mine.code, "Ana"))
    reply = e.rankings.board_add("", "Ana", "Ana")
    assert reply["ok"] and reply["already"] and not reply["conflict"] and reply["total"] == 0
    view = e.rankings.rankings("", LAST_NOV, "", "Ana")
    assert [(r["mine"], r["name"]) for r in view["rows"]] == [(True, "Ana")]


def test_your_own_result_whose_code_was_dropped_counts_once_when_added_again() -> None:
    mine = ranked(LAST_NOV)[0]
    e = engine(own=[DailyResult(mine.date, mine.score, mine.tile, mine.moves, "")])
    e.codes.verify(link(mine.code, "Ana"))
    reply = e.rankings.board_add("", "Ana", "Ana")
    assert reply["ok"] and not reply["conflict"], "your own result again is no conflict"
    view = e.rankings.rankings(reply["save"], LAST_NOV, "", "Ana")
    assert [(r["mine"], r["name"]) for r in view["rows"]] == [(True, "Ana")] and view["conflicts"] == []


def test_two_tabs_adding_at_once_meet_at_the_union() -> None:
    storage = ""  # localStorage, as both tabs see it
    wall = Wall()
    first, second = engine(wall), engine(wall)
    ana, bo = ranked(LAST_NOV)[:2]
    first.codes.verify(link(ana.code, "Ana"))
    second.codes.verify(link(bo.code, "Bo"))
    one = first.rankings.board_add(storage, "Ana")  # both read the empty board...
    wall.tick()
    two = second.rankings.board_add(storage, "Bo")
    storage = one["save"]  # ...and each writes its own: the second over the first
    storage = two["save"]
    for tab in (first, second, first, second):  # each hears the other's write and merges
        reply = tab.rankings.board_merge(storage)
        assert reply["kind"] == "board_merge"
        if reply["save"]:
            storage = reply["save"]
    assert codes(stored(storage)) == {ana.code, bo.code}
    assert first.rankings.friends == second.rankings.friends == stored(storage)
    assert first.rankings.board_merge(storage)["save"] == second.rankings.board_merge(storage)["save"] == ""
    assert first.rankings.rankings(storage) == second.rankings.rankings(storage)


def test_a_tab_that_reads_a_board_with_a_tampered_entry_writes_it_back_without() -> None:
    entries = friends_of(0, 1, 2)
    text = edited(rankings.dump_rankings(entries), 0, score=entries[0].score + 4)
    reply = engine().rankings.board_merge(text)
    assert stored(reply["save"]) == tuple(entries[1:])


def export_with(rankings_text: str) -> str:
    return transfer.export_bundle({4: None, 5: None, 6: None}, None, None, None, NOON, rankings_text)


def import_file(results: list[Entry], change: Any = None) -> str:
    data = json.loads(export_with(rankings.dump_rankings(results)))
    if change:
        change(data["rankings"]["results"])
    return json.dumps(data)


class Clock:
    """`time` for the engine: every reading is `step_ms` later than the one before."""

    def __init__(self, step_ms: float) -> None:
        self.now = 0.0
        self.step = step_ms / 1000

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_board_import_replays_in_budgeted_chunks_and_refuses_what_does_not_replay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    wall = Wall()
    e = engine(wall)
    known = ranked(FIRST_DEC)[0]
    e.codes.verify(link(known.code))
    storage = e.rankings.board_add("", "Kim")["save"]
    friends = [entry(r, f"Friend {i}", NOON - (i + 1) * SECOND) for i, r in enumerate(ranked(LAST_NOV)[:5])]
    finished = prefixes(LAST_NOV, 7)[-1]
    illegal = replay.encode(LAST_NOV, daily.SIZE, replay.decode(finished.code).directions + ("left",))
    with pytest.raises(replay.Rejection):
        replay.replay(replay.decode(illegal))
    cheat = Entry(illegal, "Cheat", NOON - 20 * SECOND, LAST_NOV, finished.moves + 1, finished.score,
                  finished.tile)
    results = friends + [cheat, entry(known, "Kim again", NOON - 30 * SECOND)]

    def inflate(raw: list[dict[str, Any]]) -> None:
        claim = next(r for r in raw if r["code"] == friends[0].code)
        claim["score"] += 4  # a claim its code does not replay to (an import's seals are not checked)

    checked = e.transfer.check_import(import_file(results, inflate))
    assert checked["ok"] and checked["summary"]["results"] == len(results)
    replayed: list[str] = []
    real = rankings.replayed

    def spy(one: Entry) -> Entry | None:
        replayed.append(one.code)
        return real(one)

    monkeypatch.setattr(rankings, "replayed", spy)
    monkeypatch.setattr(rankings_calls, "time", Clock(10.0))
    lefts = []
    while True:
        reply = e.rankings.board_import(storage, budget_ms=25.0)  # two entries a call on this clock
        lefts.append(reply["left"])
        if reply["save"]:
            storage = reply["save"]
        if not reply["left"]:
            break
    assert lefts == [max(0, len(results) - 2 * n) for n in range(1, len(lefts) + 1)] == [5, 3, 1, 0]
    assert (reply["added"], reply["refused"]) == (4, 2), "the inflated claim and the illegal code"
    assert known.code not in replayed, "a code already on the board is not replayed again"
    by_code = {x.code: x for x in stored(storage)}
    assert set(by_code) == {known.code} | {f.code for f in friends[1:]}
    assert by_code[known.code].name == "Kim", "the board's own entry stays"
    assert all(by_code[f.code] == f for f in friends[1:]), "an imported result keeps its name and time"
    again = e.rankings.board_import(storage, budget_ms=25.0)
    assert (again["left"], again["save"], again["total"]) == (0, "", 5), "nothing more to replay"


def test_board_import_of_results_the_board_holds_adds_nothing() -> None:
    e = engine()
    results = friends_of(0, 1, 2)
    storage = rankings.dump_rankings(results)
    e.transfer.check_import(import_file(results))
    reply = e.rankings.board_import(storage)
    assert (reply["left"], reply["added"], reply["refused"], reply["total"]) == (0, 0, 0, 3)


def test_the_export_carries_the_board_and_its_check_gives_the_results_back() -> None:
    results = friends_of(0, 1, 2)
    text = edited(rankings.dump_rankings(results + [entry(ranked(LAST_NOV)[3], "Zed", NOON + 99 * SECOND)]),
                  3, score=4)  # the newest, the last written: its seal no longer holds
    exported = engine().transfer.export_all(None, None, None, None, None, None, text)["text"]
    bundle = transfer.check_bundle(exported)
    assert bundle.results == tuple(results), "what storage held, tampered entries left out"
    assert bundle.summary["results"] == 3
    checked = engine().transfer.check_import(exported)
    assert checked["ok"] and checked["summary"]["results"] == 3


def test_a_file_without_rankings_still_imports_with_no_results() -> None:
    data = json.loads(export_with(rankings.dump_rankings(friends_of(0, 1))))
    del data["rankings"]
    bundle = transfer.check_bundle(json.dumps(data))
    assert bundle.results == () and bundle.summary["results"] == 0
    e = engine()
    assert e.transfer.check_import(json.dumps(data))["ok"]
    reply = e.rankings.board_import("")
    assert (reply["left"], reply["added"], reply["refused"], reply["total"]) == (0, 0, 0, 0)


@pytest.mark.parametrize("change", [
    lambda raw: raw[0].update(name="Ana\u202e"), lambda raw: raw[0].update(score=3),
    lambda raw: raw[0].pop("seal"), lambda raw: raw[0].update(code="1.2026-11-30.4.x"),
    lambda raw: raw.extend([raw[0]] * rankings.MAX_RESULTS),
])
def test_an_import_with_a_bad_result_is_refused_naming_the_rankings(change: Any) -> None:
    with pytest.raises(saves.SaveError, match="the rankings: "):
        transfer.check_bundle(import_file(friends_of(0, 1), change))


def test_an_imported_board_is_judged_whole_and_strictly() -> None:
    good = rankings.document(friends_of(0, 1))
    assert rankings.check_imported(good) == friends_of(0, 1)
    for bad, reason in ((dict(good, format="py2048-other"), "not a rankings document"),
                        (dict(good, version=2), "unknown version"),
                        (dict(good, version=True), "unknown version"),
                        (dict(good, extra=1), "not a rankings document"), ([good], "not a rankings document"),
                        (dict(good, results=good["results"] + [{}]), "result 3: ")):
        with pytest.raises(saves.SaveError, match=reason):
            rankings.check_imported(bad)


def test_rankings_answers_the_view_and_then_the_winners_last_board() -> None:
    wall = Wall()
    e = engine(wall, own=[ranked(LAST_NOV)[2]])
    storage = rankings.dump_rankings(friends_of(0, 1))
    reply = e.rankings.rankings(storage, "", "", "Me")
    assert reply["kind"] == "rankings" and reply["save"] == "" and reply["total"] == 2
    assert reply["day"] == LAST_NOV and [r["place"] for r in reply["rows"]] == [1, 2, 3]
    assert [r["mine"] for r in reply["rows"]] == [False, False, True]
    assert "winner_code" not in reply, "a code is never handed to the page's view"
    winner = ranked(LAST_NOV)[0]
    picture = e.rankings.board_picture(LAST_NOV)
    assert picture == {"kind": "board_picture", "day": LAST_NOV,
                       "picture": [list(row) for row in replay.replay(replay.decode(winner.code)).board]}
    assert e.rankings.board_picture(LAST_NOV) == picture, "the same winner again: the same board"


def test_a_winner_whose_code_is_not_kept_has_no_picture() -> None:
    mine = ranked(LAST_NOV)[0]
    e = engine(own=[DailyResult(mine.date, mine.score, mine.tile, mine.moves, "")])
    reply = e.rankings.rankings(rankings.dump_rankings(friends_of(3)), LAST_NOV, "", "Me")
    assert [r["mine"] for r in reply["rows"]] == [True, False]
    assert e.rankings.board_picture(LAST_NOV)["picture"] == []
    assert engine().rankings.rankings("", "", "", "")["rows"] == []
    assert engine().rankings.board_picture("")["picture"] == []


def test_statistics_says_your_season_among_your_friends() -> None:
    wall = Wall(NOON - 86_400_000)  # 2026-11-30
    e = engine(wall, own=[ranked(LAST_NOV)[1]])
    storage = rankings.dump_rankings(friends_of(0, 2, 3))
    season = e.statistics.statistics(4, storage, "Me")["summary"]["season"]
    assert season == {"season": "2026-11", "place": 2, "of": 4, "days": 1, "total": ranked(LAST_NOV)[1].score,
                      "best": ranked(LAST_NOV)[1].score, "best_date": LAST_NOV}
    alone = e.statistics.statistics(4, None, "Me")["summary"]["season"]
    assert alone is not None and (alone["place"], alone["of"]) == (1, 1), "no friends yet: first of one"
    wall.tick(86_400_000)  # December: no day of yours this season yet
    assert e.statistics.statistics(4, storage, "Me")["summary"]["season"] is None


def test_the_rooms_tables_and_charts_read_the_engines_view() -> None:
    languages.load_all()
    entries, _ = season_entries()
    e = engine()
    view = e.rankings.rankings(rankings.dump_rankings(entries), LAST_NOV)
    rows = room.day_rows(view)
    assert [row[1] for row in rows] == [r["name"] for r in view["rows"]]
    drawn = [dict(attributes) for tag, attributes, _ in charts.season_chart(view["series"], view["season"])
             if tag == "polyline"]
    table = room.chart_rows(view)
    assert len(drawn) == len(view["series"]) == len(table[0]) - 1 == 2
    for column, line in enumerate(drawn, start=1):
        assert line["data-values"] == ",".join(
            f"{int(row[0][8:])}:{row[column]}" for row in table if row[column])
    view["picture"] = e.rankings.board_picture(view["day"])["picture"]  # as the room keeps it
    shared = room.share_text(view).split("\n")
    assert shared[0].endswith(LAST_NOV) and len(shared) == 1 + len(rows) + 4
    assert "\n".join(shared[-4:]) == sharing.picture(view["picture"])


# -- the fast paths: what the page need not send, what need not be rewritten -------------

def test_adding_the_newest_result_appends_exactly_what_a_whole_rewrite_would_write() -> None:
    results = many(30)
    friends = tuple(entry(r, f"Friend {i % 7}", NOON + i * SECOND) for i, r in enumerate(results[:29]))
    text = rankings.dump_rankings(friends)
    newest = entry(results[29], 'Jo\u00e3o "Q"', NOON + 60 * SECOND)
    assert rankings.appended(friends, text, newest) == rankings.dump_rankings(friends + (newest,))
    older = entry(results[29], "Ana", NOON - SECOND)  # the clock went back: the union decides
    assert rankings.appended(friends, text, older) is None
    assert rankings.appended(friends, " " + text, newest) is None, "not the engine's own text"
    assert rankings.appended((), rankings.dump_rankings(()), newest) == rankings.dump_rankings((newest,))


def test_a_board_the_engine_knows_is_not_sent_again_and_still_exported_whole() -> None:
    results = many(3)
    player = engine()
    text = rankings.dump_rankings(entry(r, "Ana", NOON + i) for i, r in enumerate(results))
    first = player.rankings.rankings(text, "", "", "")
    assert first["save"] == "" and len(first["rows"]) >= 1
    again = player.rankings.rankings(rankings.KNOWN, "", "", "")
    assert again["rows"] == first["rows"] and again["save"] == ""
    none_stored = (None,) * 6
    exported = json.loads(player.transfer.export_all(*none_stored, rankings.KNOWN)["text"])
    assert [e["code"] for e in exported["rankings"]["results"]] == [r.code for r in results]
    fresh = engine()
    nothing = fresh.rankings.rankings(rankings.KNOWN, "", "", "")
    assert nothing["rows"] == [], "an engine that read nothing knows nothing"
