"""What a tab takes from another tab (game/other_tabs.py) and what counts a game
(game/tally.py): one rule each, for the engine and the page alike.

In the subset MicroPython runs (tests/unit/subset.py): the page follows other tabs and
counts games by these very functions before its engine has started.
"""

import json

from game import chance, daily, other_tabs
from game.session import Session, identity
from game.tally import Aside, Known, Tally
from tests.unit.stats_documents import counting, days, document


def game(seed: int = 1, revision: int = 3) -> "Session":
    found, _ = Session.new(4, chance.seeded(seed), revision=revision)
    return found


def test_a_higher_revision_is_newer_and_a_lower_or_identical_game_never() -> None:
    mine = game(revision=5)
    assert other_tabs.newer(mine, game(2, 6))
    assert not other_tabs.newer(mine, game(2, 4))
    assert not other_tabs.newer(mine, mine.copy())


def test_the_same_revision_with_only_another_clock_is_newer() -> None:
    """Two tabs that changed the same game at once (here only its clock) hold two
    documents of one revision: storage holds one, and the other tab takes it."""
    mine = game(revision=5)
    other = mine.copy()
    other.set_clock(mine.clock_ms + 1000)
    assert other.position == mine.position
    assert other_tabs.newer(mine, other) and other_tabs.newer(other, mine)
    moved = game(2, 5)
    assert other_tabs.newer(mine, moved)


def test_best_scores_merge_to_the_higher_of_each_size() -> None:
    best = {4: 100, 5: 900}
    assert other_tabs.merge_best(best, {4: 300, 5: 20, 6: 8})
    assert best == {4: 300, 5: 900, 6: 8}
    assert not other_tabs.merge_best(best, {4: 300, 6: 4})


def test_statistics_of_a_size_are_taken_from_the_tab_that_counted_more() -> None:
    assert other_tabs.takes_size(3, 4) and not other_tabs.takes_size(4, 4)
    own = [("2025-12-01", 10), ("2025-12-02", 20)]
    other = [("2025-12-02", 99), ("2025-12-03", 30)]
    assert other_tabs.united(own, other, lambda item: item[0]) == own + [("2025-12-03", 30)]


def test_the_tally_that_keeps_nothing_counted_nothing() -> None:
    nothing = Tally()
    one = game()
    nothing.count(one)
    assert not nothing.counted(one) and not nothing.has_result("2025-12-01")


def test_a_game_is_counted_by_its_identity_and_a_daily_try_by_its_day() -> None:
    known = Known()
    one, other = game(1), game(2)
    assert one.game_id and one.game_id != other.game_id
    known.count(one)
    assert known.counted(one) and not known.counted(other)
    nameless = game(3)
    nameless.game_id = ""
    known.count(nameless)
    assert not known.counted(nameless), "a game without an identity is never known counted"
    day, _ = Session.new(4, chance.seeded(4), daily=daily.Daily("2025-12-01"))
    assert not known.counted(day)
    known.count(day)
    assert known.counted(day) and known.has_result("2025-12-01") and known.day_best("2025-12-01") == 0
    practice, _ = Session.new(4, chance.seeded(4), daily=daily.Daily("2025-12-02"), practice=True)
    known.count(practice)
    assert not known.has_result("2025-12-02"), "a practice try counts nowhere"


def test_stored_statistics_are_read_leniently_by_the_engines_reader() -> None:
    """A size entry or a daily part the reader sets aside counted nothing; the others
    stand (game/stats_reader.py; tests/unit/test_stats_reader.py has every law)."""
    known = Known()
    mine = identity(4, 3, (), None)
    known.read(json.dumps(document({"4": counting(["0" * 16, mine]), "5": "junk"},
                                   daily=days(("2025-11-30", 80)))))
    assert known.holds(4, mine) and known.played == {4: 2} and known.day_best("2025-11-30") == 80
    late = days(("2025-11-30", 80), ("2025-11-29", 4))
    known.read(json.dumps(document({"4": counting([mine, mine])}, daily=late)))
    assert not known.holds(4, mine), "a game listed twice"
    assert not known.has_result("2025-11-30"), "days out of order"
    for junk in ("", "{", "[]", json.dumps(document(sizes=4)), json.dumps(document(version=7))):
        known.read(junk)
        assert not known.holds(4, mine) and not known.has_result("2025-11-30")


def test_another_tabs_statistics_merge_by_the_engines_rule() -> None:
    """A size's counted games come from the tab that counted more (a tie keeps this
    tab's, as game/stats.py `merge` keeps its numbers); a day in both keeps this tab's."""
    first, second, third = identity(4, 1, (), None), identity(4, 2, (), None), identity(4, 3, (), None)
    known = Known()
    known.read(json.dumps(document({"4": counting([first])}, daily=days(("2025-12-01", 12)))))
    known.merge(json.dumps(document({"4": counting([second]), "5": counting([third])},
                                    daily=days(("2025-12-01", 96), ("2025-12-02", 4)))))
    assert known.holds(4, first) and not known.holds(4, second), "a tie keeps this tab's"
    assert known.holds(5, third), "a size this tab knew nothing of"
    assert known.day_best("2025-12-01") == 12 and known.day_best("2025-12-02") == 4
    known.merge(json.dumps(document({"4": counting([first, second])})))
    assert known.holds(4, first) and known.holds(4, second)


def test_steps_played_aside_count_over_what_was_counted_before() -> None:
    under = Known()
    before = game(1)
    under.count(before)
    aside = Aside(under)
    assert aside.counted(before), "what the tally beneath counted stays counted"
    new = game(2)
    assert not aside.counted(new)
    aside.count(new)
    assert aside.counted(new) and not under.counted(new), "kept aside until that game is taken"
    assert [g.game_id for g in aside.handed] == [new.game_id]
