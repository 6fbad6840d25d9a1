"""The statistics document's one reader (game/stats_reader.py), in the subset all three
Pythons run: the page reads by it before the engine runs (game/tally.py `Known`), so
these run on CPython, in Pyodide and in real MicroPython (tests/micropython/run.mjs).
Every law of the document is tested on the engine's side too (tests/unit/test_stats.py),
which also checks that the page counts exactly what the engine reads."""

import json

from game import stats_reader
from game.judging import SaveError
from game.tally import Known
from tests.unit.stats_documents import JAN_2025, document, entry, game_id
from tests.unit.subset import raises


def test_a_good_document_reads_whole_as_plain_values() -> None:
    found = stats_reader.read(document(), False)
    assert found.rejected_sizes == () and found.unknown_keys == 0
    assert not found.milestones_rejected and not found.daily_rejected
    assert list(found.sizes) == [4] and found.sizes[4]["played"] == 2
    assert found.sizes[4]["top"][0] == (24000, 2048, 100, 60000, JAN_2025)
    assert found.sizes[4]["games"] == (game_id(1), game_id(2)) and found.milestones == ("tile-2048",)
    assert [result[:2] for result in found.daily["results"]] == [
        ("2025-01-01", 40), ("2025-01-02", 80), ("2025-01-04", 160)]
    assert stats_reader.read(document(), True) == found


def test_a_bad_size_entry_is_set_aside_alone_and_refused_by_name_when_strict() -> None:
    for bad in (entry(won=3), entry(games=[game_id(1), game_id(1)]), entry(reached=[2, 1, 2, 1, 0, 0]),
                entry(top=entry()["top"][::-1]), "junk"):
        text = document({"4": bad, "5": entry()})
        found = stats_reader.read(text, False)
        assert found.rejected_sizes == (4,) and list(found.sizes) == [5]
        assert "4×4" in str(raises(SaveError, stats_reader.read, text, True))


def test_a_bad_daily_part_or_milestones_list_is_set_aside_alone() -> None:
    late = document()
    late["daily"]["results"].reverse()
    for text in (late, document(daily=[]), document(milestones=["tile-2048", "tile-2048"])):
        found = stats_reader.read(text, False)
        assert found.daily_rejected or found.milestones_rejected
        assert found.sizes[4]["played"] == 2
        raises(SaveError, stats_reader.read, text, True)


def test_a_document_unusable_as_a_whole_is_refused_either_way() -> None:
    version_1 = document(version=1)
    unusable: list[object] = [[], document(format="py2048-best"), document(version=5), document(extra=1),
                              version_1, document(sizes=[])]
    for bad in unusable:
        raises(SaveError, stats_reader.read, bad, False)
        raises(SaveError, stats_reader.read, bad, True)
    del version_1["daily"]
    assert stats_reader.read(version_1, False).daily is None


def test_an_older_entry_reads_with_reached_counts_from_its_top_list() -> None:
    old = entry()
    for key in ("recent", "reached", "games"):
        del old[key]
    found = stats_reader.read(document({"4": old}, version=2), False).sizes[4]
    assert found["recent"] == () and found["games"] == () and found["reached"] == (2, 1, 1, 1, 0, 0)


def test_the_page_counts_what_the_reader_passes_and_nothing_it_sets_aside() -> None:
    """game/tally.py `Known`: the counted games of a size the reader passes, none of
    one it sets aside, the days' results unless their part is set aside."""
    known = Known()
    text = json.dumps(document({"4": entry(), "5": entry(won=3)}))
    known.read(text)
    assert known.unread == [text], "read when first asked, not at the page's start"
    assert known.holds(4, game_id(2)) and known.unread == []
    assert known.holds(4, game_id(2)) and not known.holds(5, game_id(2)) and known.played == {4: 2}
    assert known.day_best("2025-01-04") == 160 and not known.has_result("2025-01-03")
    known.read(json.dumps(document(daily={"played": 0, "best_streak": 1, "results": []})))
    assert known.holds(4, game_id(1)) and known.scores == {}
    for junk in ("", "{", "[]", json.dumps(document(version=9)), json.dumps(document(sizes=4))):
        known.read(junk)
        assert known.games == {} and known.scores == {}
