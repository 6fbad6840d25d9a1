"""Statistics per size: what counting a game does, the milestones, and the document."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import daily, daily_results, replay, rules, saves, stats, stats_saves
from game.daily_results import DailyResult, DailyStats
from game.stats import Result, SizeStats, Stats, TopEntry
from tests.unit.daily_results import on, played

DAY = 86_400_000
JAN_2025 = 1_735_689_600_000
FIRST_DAY = daily.day_number("2025-01-01")


def result(score: int = 1000, tile: int = 128, moves: int = 100, ms: int = 60_000,
           date: int = JAN_2025, won: bool = False, game: str = "") -> Result:
    return Result(score, tile, moves, ms, date, won, game)


def game_id(n: int) -> str:
    """A game's identity (game/session.py), the n-th of a test's."""
    return "%016x" % (0x5eed0000 + n)


@st.composite
def results(draw: st.DrawFn) -> tuple[int, Result]:
    """A game any size could count: a reachable score and tile, any clock and date."""
    size = draw(st.sampled_from(rules.SIZES))
    tile = 1 << draw(st.integers(1, size * size + 1))
    score = 4 * draw(st.integers(0, saves.max_score(size) // 4))
    moves, ms = draw(st.integers(0, 10**7)), draw(st.integers(-5, saves.MAX_CLOCK_MS + 5))
    date = draw(st.integers(0, stats.MAX_DATE + DAY))
    game = draw(st.one_of(st.just(""), st.integers(0, 60).map(game_id)))  # some counted twice
    return size, Result(score, tile, moves, ms, date, draw(st.booleans()), game)


def games(size: int, *items: Result) -> Stats:
    found = Stats()
    for item in items:
        found = stats.record(found, size, item)
    return found


def recorded(items: list[tuple[int, Result]]) -> Stats:
    found = Stats()
    for size, item in items:
        found = stats.record(found, size, item)
        found, _ = stats.reach(found, size, item.tile, item.won)
    return found


@settings(max_examples=60, deadline=None)
@given(st.lists(results(), max_size=30))
def test_law_recorded_statistics_stay_consistent_and_round_trip(items: list[tuple[int, Result]]) -> None:
    found = recorded(items)
    for size in rules.SIZES:
        entry = found.of(size)
        assert entry.played == sum(1 for s, _ in items if s == size)
        assert 0 <= entry.streak <= entry.best_streak <= entry.won <= entry.played
        assert len(entry.top) <= min(stats.TOP, entry.played)
        assert list(entry.top) == sorted(entry.top, key=TopEntry.rank)
        mine = [item for s, item in items if s == size]
        assert entry.recent == tuple(item.score for item in mine)[-stats.RECENT:]
        assert entry.reached == tuple(sum(1 for item in mine if item.tile >= tile)
                                      for tile in stats.REACHED_TILES)
        assert sum(entry.recent) <= entry.total_score and len(entry.recent) <= min(stats.RECENT, entry.played)
        assert all(a >= b for a, b in zip(entry.reached, entry.reached[1:]))
        ids: list[str] = []
        for item in mine:
            if item.game and item.game not in ids:
                ids = (ids + [item.game])[-stats.RECENT:]
        assert entry.games == tuple(ids), "each counted game once, the newest fifty"
        assert all(stats.counted(found, size, game) for game in ids)
        rate = stats.summary(found, size, 0)["win_rate"]
        assert 0.0 <= rate <= 1.0
    text = stats_saves.dump_stats(found)
    again = stats_saves.read_stats(text)
    assert again.complete, "what record produces always passes validation"
    assert again.stats == found and stats_saves.load_stats(text) == found
    assert stats_saves.dump_stats(again.stats) == text


def test_rule_the_top_list_keeps_the_ten_best_in_order() -> None:
    found = Stats()
    for n in range(14):
        found = stats.record(found, 4, result(score=4 * (n % 7), tile=2 << (n % 3), moves=50 - n,
                                              date=JAN_2025 + n * DAY))
    top = found.of(4).top
    assert len(top) == 10 and found.of(4).played == 14
    keys = [(t.score, t.tile, t.moves, t.date) for t in top]
    assert keys == sorted(keys, key=lambda k: (-k[0], -k[1], k[2], k[3]))
    assert top[0].score == 24


def test_rule_ties_keep_fewer_moves_then_the_earlier_game() -> None:
    found = Stats()
    found = stats.record(found, 4, result(moves=90, date=JAN_2025 + 2 * DAY))
    found = stats.record(found, 4, result(moves=80, date=JAN_2025 + 3 * DAY))
    found = stats.record(found, 4, result(moves=80, date=JAN_2025 + DAY))
    assert [(t.moves, t.date) for t in found.of(4).top] == [
        (80, JAN_2025 + DAY), (80, JAN_2025 + 3 * DAY), (90, JAN_2025 + 2 * DAY)]


def test_rule_a_streak_is_the_latest_run_of_wins() -> None:
    found = Stats()
    for won in (True, True, True, False, True):
        found = stats.record(found, 5, result(won=won, tile=2048 if won else 512))
    entry = found.of(5)
    assert (entry.played, entry.won, entry.streak, entry.best_streak) == (5, 4, 1, 3)
    assert found.of(4) == SizeStats() and found.of(6) == SizeStats()


def test_rule_the_recent_list_keeps_the_newest_fifty_scores_oldest_first() -> None:
    found = Stats()
    for n in range(stats.RECENT + 13):
        found = stats.record(found, 5, result(score=4 * n))
    entry = found.of(5)
    assert entry.played == 63 and entry.recent == tuple(4 * n for n in range(13, 63))
    assert found.of(4).recent == () and found.of(6).recent == ()
    again = stats_saves.read_stats(stats_saves.dump_stats(found))
    assert again.complete and again.stats == found


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(rules.SIZES), st.lists(st.tuples(st.integers(0, 5000), st.integers(1, 14)),
                                              min_size=40, max_size=120))
def test_law_a_long_run_of_one_size_keeps_the_newest_fifty(size: int, scored: list[tuple[int, int]]) -> None:
    found = games(size, *(result(score=4 * score, tile=1 << power) for score, power in scored))
    entry = found.of(size)
    assert entry.recent == tuple(4 * score for score, _ in scored)[-stats.RECENT:]
    assert entry.reached == tuple(sum(1 for _, power in scored if 1 << power >= tile)
                                  for tile in stats.REACHED_TILES)
    again = stats_saves.read_stats(stats_saves.dump_stats(found))
    assert again.complete and again.stats == found


def test_rule_a_game_counts_at_every_tile_up_to_its_best() -> None:
    found = games(4, result(tile=1024), result(tile=128), result(tile=256), result(tile=8192, won=True),
                  result(tile=2048, won=True), result(tile=16384, won=True))
    assert found.of(4).reached == (5, 4, 4, 3, 2, 2)
    one = stats.record(Stats(), 6, result(tile=1024)).of(6).reached
    assert dict(zip(stats.REACHED_TILES, one)) == {256: 1, 512: 1, 1024: 1, 2048: 0, 4096: 0, 8192: 0}
    assert stats.record(Stats(), 6, result(tile=128)).of(6).reached == (0,) * 6, "below 256"


def test_summary_gives_rates_averages_and_the_higher_best() -> None:
    found = games(4, result(score=1000, won=True, tile=2048), result(score=1002))
    summary = stats.summary(found, 4, 5000)
    assert summary["played"] == 2 and summary["won"] == 1 and summary["win_rate"] == 0.5
    assert summary["average_score"] == 1001 and summary["best_score"] == 5000
    assert summary["best_tile"] == 2048 and summary["total_moves"] == 200 and summary["total_ms"] == 120_000
    assert [t["score"] for t in summary["top"]] == [1002, 1000]
    assert summary["recent"] == [1000, 1002], "oldest first, as played"
    assert summary["reached"] == [{"tile": 256, "games": 1}, {"tile": 512, "games": 1},
                                  {"tile": 1024, "games": 1}, {"tile": 2048, "games": 1},
                                  {"tile": 4096, "games": 0}, {"tile": 8192, "games": 0}]
    assert set(summary["top"][0]) == {"score", "tile", "moves", "ms", "date"}
    half = games(4, result(score=4), result(score=0))
    assert stats.summary(half, 4, 0)["average_score"] == 2
    up = games(4, result(score=4), result(score=8))
    assert stats.summary(up, 4, 0)["average_score"] == 6
    odd = games(4, result(score=4), result(score=0), result(score=0))
    assert stats.summary(odd, 4, 0)["average_score"] == 1, "4/3 rounds to 1"
    empty = stats.summary(Stats(), 6, 12)
    assert empty["win_rate"] == 0.0 and empty["average_score"] == 0 and empty["best_score"] == 12
    assert empty["recent"] == [] and [r["games"] for r in empty["reached"]] == [0] * 6
    assert json.loads(json.dumps(summary)) == summary


def test_rule_a_wrong_device_clock_is_clamped_not_stored() -> None:
    found = stats.record(Stats(), 4, result(date=0, ms=-3))
    assert found.of(4).top[0].date == stats.MIN_DATE and found.of(4).top[0].ms == 0
    assert stats_saves.read_stats(stats_saves.dump_stats(found)).complete


# -- milestones -----------------------------------------------------------------------

def test_milestones_are_reached_once_and_stay() -> None:
    found, new = stats.reach(Stats(), 4, 2048, True)
    assert new == ("tile-2048",) and found.milestones == ("tile-2048",)
    found, new = stats.reach(found, 4, 2048, True)
    assert new == ()
    found, new = stats.reach(found, 5, 8192, True)
    assert new == ("tile-4096",)
    found, new = stats.reach(found, 6, 2048, True)
    assert new == ("expert-win",)
    found, new = stats.reach(found, 4, 2, False)
    assert new == () and found.milestones == ("tile-2048", "tile-4096", "expert-win")


def test_rule_expert_win_is_a_won_six_by_six_game() -> None:
    assert stats.reach(Stats(), 6, 1024, False)[1] == ()
    assert stats.reach(Stats(), 5, 2048, True)[1] == ("tile-2048",)
    assert "expert-win" in stats.reach(Stats(), 6, 2048, True)[1]


def test_rule_a_hundred_counted_games_over_all_sizes() -> None:
    found = Stats()
    for n in range(99):
        found = stats.record(found, rules.SIZES[n % 3], result(score=4))
    assert stats.reach(found, 4, 4, False)[1] == ()
    found = stats.record(found, 6, result(score=4))
    assert stats.reach(found, 4, 4, False)[1] == ("games-100",)


def test_merge_keeps_the_entry_with_more_games_and_every_milestone() -> None:
    mine = stats.record(Stats(milestones=("tile-2048",)), 4, result())
    theirs = stats.record(stats.record(Stats(milestones=("games-100",)), 4, result(score=8)), 4, result())
    theirs = stats.record(theirs, 5, result())
    mine = stats.record(mine, 5, result(score=12))
    merged = stats.merge(mine, theirs)
    assert merged.of(4) == theirs.of(4), "more games"
    assert merged.of(5) == mine.of(5), "a tie keeps this tab's"
    assert merged.milestones == ("tile-2048", "games-100")
    assert stats.merge(merged, mine) == merged
    assert merged.of(4).recent == (8, 1000) and merged.of(5).recent == (12,), "whole entries"
    again = stats_saves.read_stats(stats_saves.dump_stats(merged))
    assert again.complete and again.stats == merged


# -- the document -----------------------------------------------------------------------

def good_entry() -> dict[str, Any]:
    first = stats.record(Stats(), 4, result(score=2000, tile=256, won=False, game=game_id(1)))
    found = stats.record(first, 4, result(score=24_000, tile=2048, won=True, game=game_id(2)))
    return stats_saves.stats_document(found)["sizes"]["4"]  # type: ignore[no-any-return]


def doc(sizes: object = None, **change: object) -> str:
    data: dict[str, object] = {"format": "py2048-stats", "version": 4,
                               "sizes": {"4": good_entry()} if sizes is None else sizes,
                               "milestones": ["tile-2048"],
                               "daily": {"played": 0, "best_streak": 0, "results": []}}
    data.update(change)
    return json.dumps(data)


def older(text: str, version: int) -> str:
    """A version 4 document as `version` wrote it: no counted games' identities before
    version 4, no recent scores or reached tiles in the size entries before version 3,
    and no daily part in version 1."""
    data = json.loads(text)
    data["version"] = version
    for entry in data["sizes"].values():
        if version < 4:
            del entry["games"]
        if version < 3:
            del entry["recent"], entry["reached"]
    if version == 1:
        del data["daily"]
    return json.dumps(data)


def entry_with(**change: Any) -> dict[str, Any]:
    entry = good_entry()
    entry.update(change)
    return entry


def top_with(index: int, **change: Any) -> dict[str, Any]:
    entry = good_entry()
    entry["top"][index].update(change)
    return entry


def test_a_size_with_no_entry_is_all_zeros() -> None:
    found = stats_saves.read_stats(doc({}))
    assert found.complete and found.stats.of(5) == SizeStats()
    zero = stats_saves.stats_document(Stats())["sizes"]["5"]
    assert stats_saves.read_stats(doc({"5": zero})).stats == stats_saves.read_stats(doc({})).stats


BAD_DOCUMENTS: dict[str, object] = {
    "not text": 7,
    "not json": "{",
    "a list": "[]",
    "NaN": doc().replace('"version": 4', '"version": NaN'),
    "too long": doc() + " " * saves.MAX_TEXT,
    "too deep": doc(x=json.loads("[" * 40 + "]" * 40)),
    "wrong format": doc(format="py2048-best"),
    "version 5": doc(version=5),
    "version 0": doc(version=0),
    "version 1 with daily results": doc(version=1),
    "version 2 without daily results": json.dumps(
        {k: v for k, v in json.loads(older(doc(), 2)).items() if k != "daily"}),
    "version 4 without daily results": json.dumps(
        {k: v for k, v in json.loads(doc()).items() if k != "daily"}),
    "extra field": doc(extra=1),
    "missing milestones": json.dumps({"format": "py2048-stats", "version": 4, "sizes": {},
                                      "daily": {"played": 0, "best_streak": 0, "results": []}}),
    "sizes a list": doc([]),
}


@pytest.mark.parametrize("name", sorted(BAD_DOCUMENTS))
def test_an_unusable_statistics_document_is_rejected_whole(name: str) -> None:
    with pytest.raises(saves.SaveError):
        stats_saves.read_stats(BAD_DOCUMENTS[name])
    with pytest.raises(saves.SaveError):
        stats_saves.load_stats(BAD_DOCUMENTS[name])


BAD_ENTRIES: dict[str, dict[str, Any]] = {
    "negative played": entry_with(played=-1),
    "played as float": entry_with(played=2.0),
    "played as bool": entry_with(played=True),
    "huge count": entry_with(total_moves=1 << 60),
    "extra field": entry_with(colour=1),
    "missing field": {k: v for k, v in good_entry().items() if k != "streak"},
    "more wins than games": entry_with(won=3),
    "streak above best streak": entry_with(streak=2, best_streak=1),
    "best streak above wins": entry_with(streak=1, best_streak=2),
    "top longer than played": entry_with(played=1, won=1, streak=1, best_streak=1),
    "top longer than ten": entry_with(played=20, top=good_entry()["top"] * 6),
    "top out of order": entry_with(top=good_entry()["top"][::-1]),
    "top entry extra field": top_with(0, x=1),
    "top score not a multiple of 4": top_with(1, score=2002),
    "top score above the bound": entry_with(
        best_score=saves.max_score(4), top=[{**good_entry()["top"][0], "score": saves.max_score(4) + 4}]),
    "top tile not a power of two": top_with(1, tile=300),
    "top tile 1": top_with(1, tile=1),
    "top tile above the board": top_with(0, tile=saves.max_value(4) * 2),
    "negative moves": top_with(1, moves=-1),
    "negative time": top_with(1, ms=-1),
    "time beyond ten years": top_with(1, ms=saves.MAX_CLOCK_MS + 1),
    "date before 2014": top_with(1, date=stats.MIN_DATE - 1),
    "date after 2200": top_with(1, date=stats.MAX_DATE + 1),
    "date as text": top_with(1, date="2025-01-01"),
    "best score below the top": entry_with(best_score=2000),
    "best score above the bound": entry_with(best_score=saves.max_score(4) + 4),
    "best tile below a top tile": entry_with(best_tile=256),
    "best tile not a tile": entry_with(best_tile=3000),
    "total score below the top": entry_with(total_score=100),
    "total moves below the top": entry_with(total_moves=100),
    "total time below the top": entry_with(total_ms=100),
    "nothing played but a best": {**stats_saves.stats_document(Stats())["sizes"]["4"], "best_score": 4},
    "top not a list": entry_with(top={}),
    "entry not an object": {"played": 0},
    # recent scores and reached tiles (version 3); the good entry has recent [2000, 24000]
    # and reached (2, 1, 1, 1, 0, 0): two games, a 256 and a 2048
    "recent missing": {k: v for k, v in good_entry().items() if k != "recent"},
    "recent not a list": entry_with(recent={}),
    "recent longer than played": entry_with(recent=[4, 4, 4]),
    "recent longer than fifty": entry_with(played=60, recent=[4] * 51),
    "recent score not a multiple of 4": entry_with(recent=[2000, 2002]),
    "recent score negative": entry_with(recent=[-4]),
    "recent score above the bound": entry_with(best_score=saves.max_score(4), total_score=stats.MAX_COUNT,
                                               recent=[saves.max_score(4) + 4]),
    "recent score as float": entry_with(recent=[2000.0, 24000]),
    "recent score as bool": entry_with(recent=[False, 24000]),
    "recent score as text": entry_with(recent=["2000"]),
    "recent score above the best": entry_with(recent=[24004]),
    "recent above the total": entry_with(played=3, recent=[24000] * 3),
    "nothing played but recent": {**stats_saves.stats_document(Stats())["sizes"]["4"], "recent": [0]},
    "reached missing": {k: v for k, v in good_entry().items() if k != "reached"},
    "reached not a list": entry_with(reached={}),
    "reached five counts": entry_with(reached=[2, 1, 1, 1, 0]),
    "reached seven counts": entry_with(reached=[2, 1, 1, 1, 0, 0, 0]),
    "reached negative": entry_with(reached=[2, 1, 1, 1, 0, -1]),
    "reached as float": entry_with(reached=[2.0, 1, 1, 1, 0, 0]),
    "reached as bool": entry_with(reached=[2, 1, 1, True, 0, 0]),
    "reached growing": entry_with(reached=[2, 1, 2, 1, 0, 0]),
    "reached above played": entry_with(reached=[3, 1, 1, 1, 0, 0]),
    "reached a tile above the best": entry_with(reached=[2, 1, 1, 1, 1, 0]),
    "reached below the top list": entry_with(reached=[2, 1, 0, 0, 0, 0]),
    "reached below the top list at 256": entry_with(reached=[1, 1, 1, 1, 0, 0]),
    # the counted games' identities (version 4); the good entry names its two games
    "games missing": {k: v for k, v in good_entry().items() if k != "games"},
    "games not a list": entry_with(games={}),
    "games longer than played": entry_with(games=[game_id(n) for n in range(3)]),
    "games longer than fifty": entry_with(played=60, games=[game_id(n) for n in range(51)]),
    "game not an identity": entry_with(games=[game_id(1), "<b>x</b>"]),
    "game in capitals": entry_with(games=[game_id(1).upper()]),
    "game as a number": entry_with(games=[12]),
    "game listed twice": entry_with(games=[game_id(1), game_id(1)]),
}


@pytest.mark.parametrize("name", sorted(BAD_ENTRIES))
def test_a_bad_size_entry_is_set_aside_alone(name: str) -> None:
    text = doc({"4": BAD_ENTRIES[name], "5": good_entry_for(5)})
    found = stats_saves.read_stats(text)
    assert found.rejected_sizes == (4,) and not found.complete
    assert found.stats.of(4) == SizeStats() and found.stats.of(5).played == 2
    assert found.stats.milestones == ("tile-2048",)
    with pytest.raises(saves.SaveError, match="4×4"):
        stats_saves.load_stats(text)


VERSION_3_REASONS = {
    "recent missing": "wrong fields", "recent not a list": "recent scores are not a list",
    "recent longer than played": "at most the games played", "recent longer than fifty": "up to 50",
    "recent score not a multiple of 4": "not a reachable score", "recent score negative": "out of range",
    "recent score above the bound": "out of range", "recent score as float": "not an integer",
    "recent score as bool": "not an integer", "recent score as text": "not an integer",
    "recent score above the best": "above the best score", "recent above the total": "above the total",
    "nothing played but recent": "at most the games played",
    "reached missing": "wrong fields", "reached not a list": "one count per tile",
    "reached five counts": "one count per tile", "reached seven counts": "one count per tile",
    "reached negative": "out of range", "reached as float": "not an integer",
    "reached as bool": "not an integer", "reached growing": "larger tile than a smaller one",
    "reached above played": "above the games played", "reached a tile above the best": "above the best tile",
    "reached below the top list": "below the top list",
    "reached below the top list at 256": "below the top list",
    "games missing": "wrong fields", "games not a list": "not a list of at most the games played",
    "games longer than played": "at most the games played", "games longer than fifty": "up to 50",
    "game not an identity": "not named by its identity", "game in capitals": "not named by its identity",
    "game as a number": "not named by its identity", "game listed twice": "listed twice",
}


@pytest.mark.parametrize("name", sorted(VERSION_3_REASONS))
def test_each_recent_and_reached_law_refuses_for_its_own_reason(name: str) -> None:
    with pytest.raises(saves.SaveError, match=f"4×4: .*{VERSION_3_REASONS[name]}"):
        stats_saves.load_stats(doc({"4": BAD_ENTRIES[name]}))


def good_entry_for(size: int) -> dict[str, Any]:
    found = stats.record(stats.record(Stats(), size, result()), size, result(score=8))
    return stats_saves.stats_document(found)["sizes"][str(size)]  # type: ignore[no-any-return]


def test_the_good_entry_itself_passes() -> None:
    found = stats_saves.read_stats(doc({"4": good_entry(), "5": good_entry_for(5)}))
    assert found.complete and found.stats.of(4).played == 2


def test_each_recent_and_reached_law_holds_alone_for_the_good_entry() -> None:
    """The bad entries above break one law each: the good entry is at its edges."""
    edge = entry_with(played=3, recent=[2000, 24000], total_score=26000, reached=[3, 1, 1, 1, 0, 0])
    assert stats_saves.read_stats(doc({"4": edge})).complete
    full = entry_with(played=60, recent=[4] * 50, reached=[2, 1, 1, 1, 0, 0])
    assert stats_saves.read_stats(doc({"4": full})).stats.of(4).recent == (4,) * 50
    unknown = entry_with(recent=[], reached=[2, 1, 1, 1, 0, 0])
    assert stats_saves.read_stats(doc({"4": unknown})).complete, (
        "games not in recent: counted before version 3")
    full = entry_with(played=60, recent=[4] * 50, games=[game_id(n) for n in range(50)])
    assert stats_saves.read_stats(doc({"4": full})).stats.of(4).games == tuple(game_id(n) for n in range(50))
    nameless = entry_with(games=[])
    assert stats_saves.read_stats(doc({"4": nameless})).complete, (
        "games with no identity: counted before version 4")


def test_a_version_2_document_reads_and_is_written_back_as_the_current_version() -> None:
    """Version 2 kept no recent scores or reached tiles: none are made up. An entry
    whose top list has no tile of 256 or above reads with reached zeros; otherwise the
    top list's own games are counted (they are counted games), so that the entry
    written back is one the next load accepts."""
    counted = games(5, result(score=8, tile=128), result(score=4, tile=64))
    low = stats_saves.stats_document(counted)["sizes"]["5"]
    text = older(doc({"4": good_entry(), "5": low}), 2)
    found = stats_saves.read_stats(text)
    assert found.complete and stats_saves.load_stats(text) == found.stats
    five, four = found.stats.of(5), found.stats.of(4)
    assert five.recent == () and five.reached == (0,) * 6 and five.played == 2
    assert four.recent == () and four.reached == (2, 1, 1, 1, 0, 0), "the 256 and the 2048 of the top list"
    assert found.stats.milestones == ("tile-2048",)
    written = stats_saves.dump_stats(found.stats)
    assert json.loads(written)["version"] == stats.VERSION == 4
    again = stats_saves.read_stats(written)
    assert again.complete and again.stats == found.stats
    more = stats.record(again.stats, 4, result(score=400, tile=512))
    assert more.of(4).recent == (400,) and more.of(4).reached == (3, 2, 1, 1, 0, 0)
    assert stats_saves.read_stats(stats_saves.dump_stats(more)).stats == more


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_a_size_entry_has_exactly_the_fields_of_its_version(version: int) -> None:
    data = json.loads(older(doc({"4": good_entry(), "5": good_entry_for(5)}), version))
    data["sizes"]["4"] = json.loads(older(doc(), 4 if version < 4 else 3))["sizes"]["4"]
    found = stats_saves.read_stats(json.dumps(data))
    assert found.rejected_sizes == (4,) and found.stats.of(5).played == 2


@settings(max_examples=40, deadline=None)
@given(st.lists(results(), max_size=20), st.lists(results(), max_size=20), st.sampled_from([1, 2]))
def test_law_statistics_from_an_older_version_stay_consistent(
        before: list[tuple[int, Result]], after: list[tuple[int, Result]], version: int) -> None:
    """Whatever an older version counted, the statistics it reads as, and every game
    counted on them, give documents that read back equal."""
    old = stats_saves.read_stats(older(stats_saves.dump_stats(recorded(before)), version))
    assert old.complete
    found = old.stats
    for size, item in after:
        found = stats.record(found, size, item)
    for size in rules.SIZES:
        entry = found.of(size)
        assert entry.recent == tuple(item.score for s, item in after if s == size)[-stats.RECENT:]
        assert sum(entry.recent) <= entry.total_score
        assert all(a >= b for a, b in zip(entry.reached, entry.reached[1:]))
    text = stats_saves.dump_stats(found)
    again = stats_saves.read_stats(text)
    assert again.complete and again.stats == found and stats_saves.dump_stats(again.stats) == text


@pytest.mark.parametrize("key", ["7", "04", "four", ""])
def test_an_entry_under_an_unknown_key_is_set_aside(key: str) -> None:
    found = stats_saves.read_stats(doc({"4": good_entry(), key: good_entry()}))
    assert found.unknown_keys == 1 and found.stats.of(4).played == 2
    with pytest.raises(saves.SaveError):
        stats_saves.load_stats(doc({"4": good_entry(), key: good_entry()}))


@pytest.mark.parametrize("milestones", [
    "tile-2048", ["tile-2048", "tile-2048"], ["tile-8192"], [1], None, {"tile-2048": True}])
def test_a_bad_milestones_list_is_dropped_and_flagged(milestones: object) -> None:
    found = stats_saves.read_stats(doc(milestones=milestones))
    assert found.milestones_rejected and found.stats.milestones == () and found.stats.of(4).played == 2
    with pytest.raises(saves.SaveError, match="milestone"):
        stats_saves.load_stats(doc(milestones=milestones))


def test_milestones_read_in_their_own_order() -> None:
    found = stats_saves.read_stats(doc(milestones=["games-100", "tile-2048"]))
    assert found.complete and found.stats.milestones == ("tile-2048", "games-100")


# -- daily results -----------------------------------------------------------------------

def day(offset: int) -> str:
    """The date `offset` days after 2025-01-01 (before it when negative)."""
    return (datetime.date(2025, 1, 1) + datetime.timedelta(days=offset)).isoformat()


def with_days(offsets: list[int], seed: int = 0) -> Stats:
    """Statistics holding a codeless result on each of these days, recorded in order."""
    found = Stats()
    for index, offset in enumerate(offsets):
        found = stats.record_daily(found, on(day(offset), seed + index))
    return found


def brute_longest(days: set[int]) -> int:
    """The longest run, by trying every interval between two days held."""
    return max((b - a + 1 for a in days for b in days
                if a <= b and all(d in days for d in range(a, b + 1))), default=0)


def brute_current(days: set[int], today: int) -> int:
    """The longest run of held days ending today, or else ending yesterday."""
    def ending(last: int) -> int:
        return max(n for n in range(len(days) + 1) if all(last - i in days for i in range(n)))
    return ending(today) or ending(today - 1)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 40), max_size=30), st.integers(-2, 45))
def test_law_day_streaks_agree_with_a_brute_force_count(offsets: list[int], today: int) -> None:
    """Whatever days hold a result, in whatever order they arrive (another tab), the
    days played, the best streak and the current streak are what counting them by hand
    gives, and the first result of each day is the one kept."""
    found = with_days(offsets)
    days = {FIRST_DAY + o for o in offsets}
    part = found.daily
    assert [r.date for r in part.results] == sorted(day(o) for o in set(offsets))
    assert part.played == len(days) and part.best_streak == brute_longest(days)
    for offset in set(offsets):
        first = offsets.index(offset)
        assert stats.daily_result(found, day(offset)) == on(day(offset), first)
    summary = stats.daily_summary(found, day(today))
    assert summary["streak"] == brute_current(days, FIRST_DAY + today)
    assert summary["played"] == len(days) and summary["best_streak"] == part.best_streak
    assert summary["streak"] <= summary["best_streak"]
    assert stats_saves.read_stats(stats_saves.dump_stats(found)).stats == found


def test_rule_the_first_finished_game_of_a_day_is_its_result() -> None:
    first = played("2026-11-30", seed=1)
    found = stats.record_daily(Stats(), first)
    assert stats.record_daily(found, played("2026-11-30", seed=2)) is found, "later tries are practice"
    assert stats.daily_result(found, "2026-11-30") == first
    assert stats.daily_result(found, "2026-11-29") is None
    assert (found.daily.played, found.daily.best_streak) == (1, 1)


def test_rule_a_result_holds_what_its_code_replays_to() -> None:
    result = played("2026-11-30", seed=5, moves=30)
    outcome = replay.replay(replay.decode(result.code))
    assert (result.score, result.tile, result.moves) == (outcome.score, outcome.tile, outcome.moves)
    assert result.moves == 30 and result.score % 4 == 0


def test_rule_only_the_newest_ten_results_keep_their_codes() -> None:
    found = Stats()
    for offset in (*range(2, 13), 0):  # eleven days, then an older one arrives late
        found = stats.record_daily(found, played(day(offset), seed=offset))
    coded = [r.date for r in found.daily.results if r.code]
    assert coded == [day(o) for o in range(3, 13)]
    assert stats.daily_result(found, day(0)) == replace_code(played(day(0), seed=0))
    assert stats.daily_result(found, day(2)) == replace_code(played(day(2), seed=2))
    assert found.daily.played == 12 and found.daily.best_streak == 11


def replace_code(result: DailyResult) -> DailyResult:
    return DailyResult(result.date, result.score, result.tile, result.moves, "")


def test_rule_a_year_and_a_day_of_results_is_kept_and_the_counters_go_on() -> None:
    found = with_days(list(range(daily_results.DAILY_DAYS + 4)))
    part = found.daily
    assert len(part.results) == daily_results.DAILY_DAYS and part.played == daily_results.DAILY_DAYS + 4
    assert part.results[0].date == day(4) and stats.daily_result(found, day(3)) is None
    assert part.best_streak == daily_results.DAILY_DAYS, "a run is counted over the kept results"
    assert stats.record_daily(found, on(day(1))) is found, "maybe one of the dropped: not counted twice"
    assert stats.record_daily(found, on(day(-10))) is found
    assert stats_saves.read_stats(stats_saves.dump_stats(found)).complete


def test_rule_a_late_result_joins_two_runs_into_one() -> None:
    found = with_days([0, 1, 3, 4, 5])
    assert found.daily.best_streak == 3
    joined = stats.record_daily(found, on(day(2)))
    assert joined.daily.best_streak == 6 and joined.daily.played == 6
    assert [r.date for r in joined.daily.results] == [day(n) for n in range(6)]


def test_rule_a_streak_lives_until_today_is_over() -> None:
    found = with_days([0, 1, 2])
    assert stats.daily_summary(found, day(2))["streak"] == 3, "played today"
    assert stats.daily_summary(found, day(3))["streak"] == 3, "not yet today: still alive"
    assert stats.daily_summary(found, day(4))["streak"] == 0, "a day missed"
    assert stats.daily_summary(found, day(1))["streak"] == 2, "a clock set back counts to its today"
    assert stats.daily_summary(Stats(), day(0))["streak"] == 0
    assert stats.daily_summary(found, "1970-01-01")["streak"] == 0, "a device clock at zero"


@pytest.mark.parametrize("result", [
    DailyResult("2025-02-30", 4, 4, 1, ""),
    DailyResult("2025-01-01", 6, 4, 1, ""),
    DailyResult("2025-01-01", 4, 3, 1, ""),
    DailyResult("2025-01-01", 4, 4, -1, ""),
], ids=["no such date", "score", "tile", "moves"])
def test_rule_a_result_the_document_would_refuse_is_never_recorded(result: DailyResult) -> None:
    with pytest.raises(ValueError):
        stats.record_daily(Stats(), result)


def test_rule_a_result_whose_code_is_for_another_game_is_never_recorded() -> None:
    other = played("2026-11-29", seed=3)
    with pytest.raises(ValueError, match="another game"):
        stats.record_daily(Stats(), DailyResult("2026-11-30", other.score, other.tile, other.moves,
                                                other.code))
    short = played("2026-11-30", seed=3)
    with pytest.raises(ValueError, match="another game"):
        stats.record_daily(Stats(), DailyResult(short.date, short.score, short.tile, short.moves + 1,
                                                short.code))


def test_daily_summary_lists_the_newest_ten_first_and_todays_result() -> None:
    found = Stats()
    for offset in range(12):
        found = stats.record_daily(found, played(day(offset), seed=offset))
    summary = stats.daily_summary(found, day(11))
    assert [r["date"] for r in summary["results"]] == [day(o) for o in range(11, 1, -1)]
    assert summary["today"] == summary["results"][0]
    assert set(summary["today"]) == {"date", "score", "tile", "moves", "code"}
    assert summary["today"]["code"] == played(day(11), seed=11).code
    assert stats.daily_summary(found, day(12))["today"] is None
    assert (summary["played"], summary["streak"], summary["best_streak"]) == (12, 12, 12)
    assert json.loads(json.dumps(summary)) == summary


def test_summary_carries_the_daily_section_only_when_given_today() -> None:
    found = with_days([0, 1])
    assert "daily" not in stats.summary(found, 4, 0)
    whole = stats.summary(found, 5, 0, today=day(2))
    assert whole["daily"] == stats.daily_summary(found, day(2)) and whole["played"] == 0
    assert stats.summary(found, 6, 0, day(2))["daily"] == whole["daily"], "the same for every size"


@st.composite
def daily_parts(draw: st.DrawFn, seed: int) -> Stats:
    """Statistics with results on some days, counters maybe above what they show (days
    whose results were dropped), as another tab may hold them."""
    offsets = draw(st.lists(st.integers(0, 40), unique=True, max_size=20))
    part = with_days(offsets, seed).daily
    played_more = draw(st.integers(0, 5))
    best_more = draw(st.integers(0, played_more))
    return Stats(daily=DailyStats(part.results, part.played + played_more, part.best_streak + best_more))


@settings(max_examples=60, deadline=None)
@given(daily_parts(0), daily_parts(100))
def test_law_merge_is_commutative_in_its_days_and_counters(own: Stats, other: Stats) -> None:
    one, two = stats.merge(own, other), stats.merge(other, own)
    dates = {r.date for r in own.daily.results} | {r.date for r in other.daily.results}
    assert {r.date for r in one.daily.results} == dates == {r.date for r in two.daily.results}
    assert one.daily.played == two.daily.played >= max(own.daily.played, other.daily.played, len(dates))
    assert one.daily.best_streak == two.daily.best_streak
    assert one.daily.best_streak >= brute_longest({daily.day_number(d) for d in dates})
    assert one.daily.best_streak >= max(own.daily.best_streak, other.daily.best_streak)
    for result in own.daily.results:
        assert stats.daily_result(one, result.date) == result, "a date in both keeps this tab's"
    assert stats.merge(one, own) == one and stats.merge(one, other) == one
    for merged in (one, two):
        again = stats_saves.read_stats(stats_saves.dump_stats(merged))
        assert again.complete and again.stats == merged


def test_merge_of_a_long_history_keeps_a_year_and_a_day_and_ten_codes() -> None:
    old = with_days(list(range(daily_results.DAILY_DAYS)))
    recent = Stats()
    for offset in range(daily_results.DAILY_DAYS, daily_results.DAILY_DAYS + 12):
        recent = stats.record_daily(recent, played(day(offset), seed=offset))
    merged = stats.merge(old, recent)
    assert len(merged.daily.results) == daily_results.DAILY_DAYS
    assert merged.daily.results[-1].date == day(daily_results.DAILY_DAYS + 11)
    assert sum(1 for r in merged.daily.results if r.code) == daily_results.DAILY_CODES
    assert merged.daily.played == daily_results.DAILY_DAYS + 12
    assert merged.daily.best_streak == daily_results.DAILY_DAYS + 12, "the run the two tabs' days make"
    assert stats_saves.read_stats(stats_saves.dump_stats(merged)).complete


# -- the daily part of the document -------------------------------------------------------

def real_results() -> list[DailyResult]:
    """Twelve results on consecutive days, the newest ten with their codes."""
    found = Stats()
    for offset in range(12):
        found = stats.record_daily(found, played(day(offset), seed=offset))
    return list(found.daily.results)


def daily_part(**change: Any) -> dict[str, Any]:
    part: dict[str, Any] = {"played": 12, "best_streak": 12, "results": [
        {"date": r.date, "score": r.score, "tile": r.tile, "moves": r.moves, "code": r.code}
        for r in real_results()]}
    part.update(change)
    return part


def result_with(index: int, **change: Any) -> dict[str, Any]:
    part = daily_part()
    part["results"][index].update(change)
    return part


def results_with(results: list[Any], **change: Any) -> dict[str, Any]:
    return daily_part(results=results, **change)


def test_a_document_with_daily_results_round_trips() -> None:
    found = stats.record(Stats(), 4, result())
    for item in real_results():
        found = stats.record_daily(found, item)
    text = stats_saves.dump_stats(found)
    data = json.loads(text)
    assert data["version"] == stats.VERSION and data["daily"] == daily_part()
    again = stats_saves.read_stats(text)
    assert again.complete and again.stats == found
    assert stats_saves.load_stats(text) == found and stats_saves.dump_stats(again.stats) == text


def test_the_good_daily_part_itself_passes() -> None:
    found = stats_saves.read_stats(doc(daily=daily_part()))
    assert found.complete and len(found.stats.daily.results) == 12


def test_a_version_1_document_reads_with_no_daily_results() -> None:
    text = older(doc(), 1)
    found = stats_saves.read_stats(text)
    assert found.complete and found.stats.daily == DailyStats() and found.stats.of(4).played == 2
    assert found.stats.of(4).recent == () and found.stats.of(4).reached == (2, 1, 1, 1, 0, 0)
    assert stats_saves.load_stats(text) == found.stats
    assert json.loads(stats_saves.dump_stats(found.stats))["version"] == stats.VERSION == 4


def codes(moves: int = 12) -> list[str]:
    return [played(day(o), seed=o, moves=moves).code for o in range(12)]


def damaged(code: str) -> str:
    at = code.index("~") + 1
    return code[:at] + ("B" if code[at] != "B" else "C") + code[at + 1:]


BAD_DAILY: dict[str, object] = {
    "not an object": [],
    "extra field": daily_part(streak=3),
    "missing field": {k: v for k, v in daily_part().items() if k != "best_streak"},
    "results not a list": daily_part(results={}),
    "more results than a year and a day": results_with(
        [{"date": day(n), "score": 4, "tile": 4, "moves": 1, "code": ""}
         for n in range(daily_results.DAILY_DAYS + 1)], played=400, best_streak=daily_results.DAILY_DAYS + 1),
    "result not an object": results_with(["2025-01-01"], played=1, best_streak=1),
    "result extra field": result_with(0, ms=4),
    "result missing field": results_with(
        [{"date": day(0), "score": 4, "tile": 4, "moves": 1}], played=1, best_streak=1),
    "no such date": result_with(0, date="2025-02-30"),
    "date not ISO": result_with(0, date="2025-1-01"),
    "date as a number": result_with(0, date=20250101),
    "date before 2000": results_with(
        [{"date": "1999-12-31", "score": 4, "tile": 4, "moves": 1, "code": ""}], played=1, best_streak=1),
    "dates out of order": results_with(daily_part()["results"][::-1]),
    "a date twice": results_with(daily_part()["results"][:1] * 2, played=2, best_streak=1),
    "score not a multiple of 4": result_with(0, score=6),
    "negative score": result_with(0, score=-4),
    "score above the bound": result_with(0, score=saves.max_score(4) + 4),
    "score as float": result_with(0, score=4.0),
    "tile not a power of two": result_with(0, tile=12),
    "tile 1": result_with(0, tile=1),
    "tile above the board": result_with(0, tile=saves.max_value(4) * 2),
    "negative moves": result_with(0, moves=-1),
    "moves above the limit": result_with(0, moves=replay.MAX_MOVES + 1),
    "moves as bool": result_with(0, moves=True),
    "code damaged": result_with(11, code=damaged(codes()[11])),
    "code not text": result_with(11, code=7),
    "code of another day": result_with(11, code=codes()[10]),
    "code with other moves": result_with(11, moves=13),
    "code of a longer game": result_with(11, code=played(day(11), seed=11, moves=13).code, moves=12),
    "code cut short": result_with(11, code=codes()[11][:-1]),
    "eleven codes": result_with(1, code=codes()[1]),
    "days played below the results": daily_part(played=11),
    "days played negative": daily_part(played=-1),
    "best streak above the days played": daily_part(played=12, best_streak=13),
    "best streak below the longest run": daily_part(best_streak=11),
    "no best streak with a result": results_with(
        [{"date": day(0), "score": 4, "tile": 4, "moves": 1, "code": ""}], played=1, best_streak=0),
    "best streak as text": daily_part(best_streak="12"),
}


@pytest.mark.parametrize("name", sorted(BAD_DAILY))
def test_a_bad_daily_part_is_set_aside_alone(name: str) -> None:
    text = doc({"4": good_entry(), "5": good_entry_for(5)}, daily=BAD_DAILY[name])
    found = stats_saves.read_stats(text)
    assert found.daily_rejected and not found.complete
    assert found.stats.daily == DailyStats()
    assert found.stats.of(4).played == 2 and found.stats.of(5).played == 2
    assert found.stats.milestones == ("tile-2048",) and found.rejected_sizes == ()
    with pytest.raises(saves.SaveError, match="daily"):
        stats_saves.load_stats(text)


def test_a_bad_size_entry_leaves_the_daily_part_alone() -> None:
    found = stats_saves.read_stats(doc({"4": BAD_ENTRIES["more wins than games"]}, daily=daily_part()))
    assert found.rejected_sizes == (4,) and not found.daily_rejected
    assert len(found.stats.daily.results) == 12


def test_a_version_3_document_reads_with_no_counted_games_and_remembers_those_counted_after() -> None:
    """Before version 4 the statistics did not say which games they counted: none is
    made up, and every game counted from then on is remembered."""
    text = older(doc(), 3)
    found = stats_saves.read_stats(text)
    assert found.complete and found.stats.of(4).games == () and found.stats.of(4).played == 2
    more = stats.record(found.stats, 4, result(game=game_id(7)))
    assert more.of(4).games == (game_id(7),) and stats.counted(more, 4, game_id(7))
    assert not stats.counted(more, 5, game_id(7)) and not stats.counted(more, 4, "")
    assert stats_saves.read_stats(stats_saves.dump_stats(more)).stats == more


# -- the page's read (game/tally.py `Known`) by the same reader ----------------------------

def page_reads() -> dict[str, object]:
    """Every document above: good, older, and each bad document, entry and daily part."""
    found: dict[str, object] = {"good": doc(daily=daily_part())}
    found.update({f"version {version}": older(doc(), version) for version in (1, 2, 3)})
    found.update({f"document: {name}": text for name, text in BAD_DOCUMENTS.items()})
    found.update({f"entry: {name}": doc({"4": bad, "5": good_entry_for(5)})
                  for name, bad in BAD_ENTRIES.items()})
    found.update({f"daily: {name}": doc(daily=bad) for name, bad in BAD_DAILY.items()})
    return found


PAGE_READS = page_reads()


@pytest.mark.parametrize("name", sorted(PAGE_READS))
def test_the_page_counts_exactly_what_the_engine_reads_from_storage(name: str) -> None:
    """One reader, leniently on both sides: the games, the games played and the days'
    results the page takes as counted before the engine runs are those of the engine's
    statistics from the same stored text (nothing, where it refuses the whole text)."""
    from game.tally import Known

    text = PAGE_READS[name]
    known = Known()
    known.read(text if isinstance(text, str) else None)
    try:
        engine = stats_saves.read_stats(text).stats
    except saves.SaveError:
        engine = Stats()
    assert known.games == {size: list(entry.games) for size, entry in engine.sizes.items()}
    assert known.played == {size: entry.played for size, entry in engine.sizes.items()}
    assert known.scores == {result.date: result.score for result in engine.daily.results}
