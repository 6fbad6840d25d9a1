"""Statistics per size: what counting a game does, the milestones, and the document."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import rules, saves, stats
from game.stats import Result, SizeStats, Stats, TopEntry

DAY = 86_400_000
JAN_2025 = 1_735_689_600_000


def result(score: int = 1000, tile: int = 128, moves: int = 100, ms: int = 60_000,
           date: int = JAN_2025, won: bool = False) -> Result:
    return Result(score, tile, moves, ms, date, won)


@st.composite
def results(draw: st.DrawFn) -> tuple[int, Result]:
    """A game any size could count: a reachable score and tile, any clock and date."""
    size = draw(st.sampled_from(rules.SIZES))
    tile = 1 << draw(st.integers(1, size * size + 1))
    score = 4 * draw(st.integers(0, saves.max_score(size) // 4))
    moves, ms = draw(st.integers(0, 10**7)), draw(st.integers(-5, saves.MAX_CLOCK_MS + 5))
    date = draw(st.integers(0, stats.MAX_DATE + DAY))
    return size, Result(score, tile, moves, ms, date, draw(st.booleans()))


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
        rate = stats.summary(found, size, 0)["win_rate"]
        assert 0.0 <= rate <= 1.0
    text = stats.dump_stats(found)
    again = stats.read_stats(text)
    assert again.complete, "what record produces always passes validation"
    assert again.stats == found and stats.load_stats(text) == found
    assert stats.dump_stats(again.stats) == text


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


def test_summary_gives_rates_averages_and_the_higher_best() -> None:
    found = games(4, result(score=1000, won=True, tile=2048), result(score=1002))
    summary = stats.summary(found, 4, 5000)
    assert summary["played"] == 2 and summary["won"] == 1 and summary["win_rate"] == 0.5
    assert summary["average_score"] == 1001 and summary["best_score"] == 5000
    assert summary["best_tile"] == 2048 and summary["total_moves"] == 200 and summary["total_ms"] == 120_000
    assert [t["score"] for t in summary["top"]] == [1002, 1000]
    assert set(summary["top"][0]) == {"score", "tile", "moves", "ms", "date"}
    half = games(4, result(score=4), result(score=0))
    assert stats.summary(half, 4, 0)["average_score"] == 2
    up = games(4, result(score=4), result(score=8))
    assert stats.summary(up, 4, 0)["average_score"] == 6
    odd = games(4, result(score=4), result(score=0), result(score=0))
    assert stats.summary(odd, 4, 0)["average_score"] == 1, "4/3 rounds to 1"
    empty = stats.summary(Stats(), 6, 12)
    assert empty["win_rate"] == 0.0 and empty["average_score"] == 0 and empty["best_score"] == 12
    assert json.loads(json.dumps(summary)) == summary


def test_rule_a_wrong_device_clock_is_clamped_not_stored() -> None:
    found = stats.record(Stats(), 4, result(date=0, ms=-3))
    assert found.of(4).top[0].date == stats.MIN_DATE and found.of(4).top[0].ms == 0
    assert stats.read_stats(stats.dump_stats(found)).complete


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


# -- the document -----------------------------------------------------------------------

def good_entry() -> dict[str, Any]:
    found = stats.record(stats.record(Stats(), 4, result(score=2000, tile=256, won=False)), 4,
                         result(score=24_000, tile=2048, won=True))
    return stats.stats_document(found)["sizes"]["4"]  # type: ignore[no-any-return]


def doc(sizes: object = None, **change: object) -> str:
    data: dict[str, object] = {"format": "py2048-stats", "version": 1,
                               "sizes": {"4": good_entry()} if sizes is None else sizes,
                               "milestones": ["tile-2048"]}
    data.update(change)
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
    found = stats.read_stats(doc({}))
    assert found.complete and found.stats.of(5) == SizeStats()
    zero = stats.stats_document(Stats())["sizes"]["5"]
    assert stats.read_stats(doc({"5": zero})).stats == stats.read_stats(doc({})).stats


BAD_DOCUMENTS: dict[str, object] = {
    "not text": 7,
    "not json": "{",
    "a list": "[]",
    "NaN": doc().replace('"version": 1', '"version": NaN'),
    "too long": doc() + " " * saves.MAX_TEXT,
    "too deep": doc(x=json.loads("[" * 40 + "]" * 40)),
    "wrong format": doc(format="py2048-best"),
    "version 2": doc(version=2),
    "extra field": doc(extra=1),
    "missing milestones": json.dumps({"format": "py2048-stats", "version": 1, "sizes": {}}),
    "sizes a list": doc([]),
}


@pytest.mark.parametrize("name", sorted(BAD_DOCUMENTS))
def test_an_unusable_statistics_document_is_rejected_whole(name: str) -> None:
    with pytest.raises(saves.SaveError):
        stats.read_stats(BAD_DOCUMENTS[name])
    with pytest.raises(saves.SaveError):
        stats.load_stats(BAD_DOCUMENTS[name])


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
    "nothing played but a best": {**stats.stats_document(Stats())["sizes"]["4"], "best_score": 4},
    "top not a list": entry_with(top={}),
    "entry not an object": {"played": 0},
}


@pytest.mark.parametrize("name", sorted(BAD_ENTRIES))
def test_a_bad_size_entry_is_set_aside_alone(name: str) -> None:
    text = doc({"4": BAD_ENTRIES[name], "5": good_entry_for(5)})
    found = stats.read_stats(text)
    assert found.rejected_sizes == (4,) and not found.complete
    assert found.stats.of(4) == SizeStats() and found.stats.of(5).played == 2
    assert found.stats.milestones == ("tile-2048",)
    with pytest.raises(saves.SaveError, match="4×4"):
        stats.load_stats(text)


def good_entry_for(size: int) -> dict[str, Any]:
    found = stats.record(stats.record(Stats(), size, result()), size, result(score=8))
    return stats.stats_document(found)["sizes"][str(size)]  # type: ignore[no-any-return]


def test_the_good_entry_itself_passes() -> None:
    found = stats.read_stats(doc({"4": good_entry(), "5": good_entry_for(5)}))
    assert found.complete and found.stats.of(4).played == 2


@pytest.mark.parametrize("key", ["7", "04", "four", ""])
def test_an_entry_under_an_unknown_key_is_set_aside(key: str) -> None:
    found = stats.read_stats(doc({"4": good_entry(), key: good_entry()}))
    assert found.unknown_keys == 1 and found.stats.of(4).played == 2
    with pytest.raises(saves.SaveError):
        stats.load_stats(doc({"4": good_entry(), key: good_entry()}))


@pytest.mark.parametrize("milestones", [
    "tile-2048", ["tile-2048", "tile-2048"], ["tile-8192"], [1], None, {"tile-2048": True}])
def test_a_bad_milestones_list_is_dropped_and_flagged(milestones: object) -> None:
    found = stats.read_stats(doc(milestones=milestones))
    assert found.milestones_rejected and found.stats.milestones == () and found.stats.of(4).played == 2
    with pytest.raises(saves.SaveError, match="milestone"):
        stats.load_stats(doc(milestones=milestones))


def test_milestones_read_in_their_own_order() -> None:
    found = stats.read_stats(doc(milestones=["games-100", "tile-2048"]))
    assert found.complete and found.stats.milestones == ("tile-2048", "games-100")
