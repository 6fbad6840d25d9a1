"""Export and Import: a round trip restores every part; a hostile file is refused by name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import api, chance, rules, saves, settings, stats, stats_saves, transfer
from game.session import Session
from tests.unit import boards, daily_results
from tests.unit.boards import alike, board, consistent, played_out

JAN_2025 = 1_735_689_600_000


def played(seed: int, moves: int, size: int) -> Session:
    """A real game with its clock, revision and counted flag set (all exported)."""
    session = boards.played(seed, moves, size, undo_depth=5)
    session.clock_ms, session.revision, session.counted = 9000, 12, seed % 2 == 0
    return session


def stored() -> tuple[dict[int, str | None], str, str, str]:
    games: dict[int, str | None] = {4: saves.dump_game(played(2, 40, 4)), 5: None,
                                    6: saves.dump_game(played(3, 20, 6))}
    record = stats.Result(1200, 128, 140, 70_000, JAN_2025, False)
    counted = stats.record(stats.record(stats.Stats(milestones=("tile-2048",)), 4, record), 6, record)
    values = {**settings.defaults(), "size": 6, "palette": "sunrise", "letters": False}
    best = saves.dump_best({4: 4000, 6: 1200})
    return games, best, stats_saves.dump_stats(counted), settings.dump_settings(values)


def exported() -> dict[str, Any]:
    games, best, counted, chosen = stored()
    return json.loads(transfer.export_bundle(games, best, counted, chosen, JAN_2025))  # type: ignore[no-any-return]


def test_export_then_import_restores_every_part_exactly() -> None:
    games, best, counted, chosen = stored()
    text = transfer.export_bundle(games, best, counted, chosen, JAN_2025)
    assert "\n" in text, "indented for a person to read"
    bundle = transfer.check_bundle(text)
    assert bundle.games == games and bundle.best == best
    assert bundle.stats == counted and bundle.settings == chosen
    four = played(2, 40, 4).position
    assert bundle.summary == {
        "games": {"4": {"score": four.score, "moves": four.moves, "max_tile": rules.max_tile(four.board)},
                  "5": None,
                  "6": bundle.summary["games"]["6"]},
        "best": {"4": 4000, "5": 0, "6": 1200}, "played": 2, "exported": JAN_2025, "results": 0}
    assert bundle.summary["games"]["6"]["moves"] == played(3, 20, 6).position.moves


def test_export_leaves_out_what_is_not_valid() -> None:
    games, _, counted, _ = stored()
    bad_stats = json.loads(counted)
    bad_stats["sizes"]["6"]["won"] = 99
    text = transfer.export_bundle({4: "{broken", 5: games[4], 6: games[6]},
                                  '{"format":"py2048-best","version":1,"best":{"4":4000,"5":3}}',
                                  json.dumps(bad_stats), "garbage", JAN_2025)
    data = json.loads(text)
    assert data["games"] == {"4": None, "5": None, "6": json.loads(games[6] or "")}, "a 4×4 game is not a 5×5"
    assert data["best"]["best"] == {"4": 4000, "5": 0, "6": 0}
    assert data["stats"]["sizes"]["6"]["played"] == 0 and data["stats"]["sizes"]["4"]["played"] == 1
    assert data["settings"] == json.loads(settings.dump_settings(settings.defaults()))
    bundle = transfer.check_bundle(text)
    assert bundle.games == {4: None, 5: None, 6: games[6]}


def test_export_of_nothing_stored_imports() -> None:
    bundle = transfer.check_bundle(transfer.export_bundle({}, None, None, None, 0))
    assert bundle.games == {4: None, 5: None, 6: None} and bundle.summary["played"] == 0


def test_settings_of_version_2_export_and_import_with_auto_play_at_its_default() -> None:
    """A file exported before Auto-play (settings version 2, no speed) still imports,
    and so does storage from then: exported as the current version."""
    version_2 = {"format": "py2048-settings", "version": 2, "size": 5, "undo": 5,
                 "animations": "fast", "theme": "dark", "letters": True, "palette": "classic",
                 "language": "nl"}
    data = exported()
    data["settings"] = version_2
    bundle = transfer.check_bundle(json.dumps(data))
    assert json.loads(bundle.settings) == dict(version_2, version=4, autoplay=5, name="")
    games, best, counted, _ = stored()
    again = json.loads(transfer.export_bundle(games, best, counted, json.dumps(version_2), JAN_2025))
    assert again["settings"] == dict(version_2, version=4, autoplay=5, name="")
    assert transfer.check_bundle(json.dumps(again)).settings == bundle.settings


def test_an_older_game_version_imports_as_the_current_one() -> None:
    data = exported()
    for field in ("counted", "daily", "practice", "record", "game"):
        del data["games"]["4"][field]
    data["games"]["4"]["version"] = 2
    bundle = transfer.check_bundle(json.dumps(data))
    assert json.loads(bundle.games[4] or "")["version"] == saves.GAME_VERSION


def imported(text: str, seed: int) -> tuple[api.Engine, dict[str, Any]]:
    """A file imported into a fresh engine: its parts stored, then started from (the page's path)."""
    bundle = transfer.check_bundle(text)
    engine = api.Engine(chance.seeded(seed), wall=lambda: JAN_2025)
    return engine, engine.start(bundle.games[4], bundle.best, bundle.stats, 4, 1)


def test_rule_an_imported_game_counts_once_and_never_zero_times() -> None:
    """The file comes from a device whose statistics counted a game born at revision 0,
    and whose game in play was begun there at revision 0 too, after its stored game was
    set aside, with the very same tiles (sources whose every choice is alike). Imported,
    that game keeps its identity and is another game than the counted one: ended here it
    counts (never zero times), and the file exported after that, imported again, does
    not count it a second time, not even ended again after an undo."""
    there = api.Engine(alike(0), wall=lambda: JAN_2025)
    there.start(None, None, None, 4, 1)
    there.move(rules.legal_directions(there.session.position.board)[0], 100)
    counted_name = there.session.game_id
    gave_up = there.new_game()
    later = api.Engine(alike(1), wall=lambda: JAN_2025)
    begun = later.start("{}", None, gave_up["stats_save"], 4, 1)
    assert begun["set_aside"]["game"] and begun["state"]["revision"] == 0
    moved = later.move(rules.legal_directions(later.session.position.board)[0], 100)
    text = transfer.export_bundle({4: moved["save"]}, moved["best_save"], gave_up["stats_save"], None,
                                  JAN_2025)
    here, start = imported(text, 5)
    assert not start["stats_changed"] and here.session.game_id == later.session.game_id != counted_name
    last = played_out(here)
    assert last["stats_changed"] and here.stats.of(4).games == (counted_name, later.session.game_id)
    again = transfer.export_bundle({4: last["save"]}, last["best_save"], last["stats_save"], None, JAN_2025)
    here_again, start = imported(again, 6)
    assert not start["stats_changed"] and here_again.session.status == "over"
    here_again.undo(200)
    assert not played_out(here_again)["stats_changed"] and here_again.stats.of(4).played == 2


def test_rule_a_repeated_key_counts_as_its_last_value() -> None:
    text = json.dumps(exported())
    first = f'"exported": {JAN_2025}'
    last_good = transfer.check_bundle(text.replace(first, '"exported": "x", ' + first))
    assert last_good.summary["exported"] == JAN_2025
    with pytest.raises(saves.SaveError, match="export date"):
        transfer.check_bundle(text.replace(first, first + ', "exported": "x"'))


def changed(path: tuple[str, ...], value: object) -> str:
    data = exported()
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(data)


DELETE = object()


def swapped_games() -> str:
    data = exported()
    data["games"]["4"], data["games"]["6"] = data["games"]["6"], data["games"]["4"]
    return json.dumps(data)


def cheated_score() -> str:
    data = exported()
    data["games"]["6"]["score"] += 4
    return json.dumps(data)


HOSTILE: dict[str, tuple[object, str]] = {
    "not text": (12, "not a 2048 export file"),
    "not JSON": ("{", "not a 2048 export file: not JSON"),
    "a game file": (saves.dump_game(played(1, 5, 4)), "not a 2048 export file"),
    "wrong format": (changed(("format",), "py2048-backup"), "not a 2048 export file"),
    "wrong version": (changed(("version",), 2), "not a 2048 export file"),
    "extra field": (changed(("note",), "hi"), "wrong fields"),
    "missing field": (changed(("stats",), DELETE), "wrong fields"),
    "too long": (json.dumps(exported()) + " " * transfer.MAX_TEXT, "too long"),
    "too deep": (changed(("games", "5"), json.loads("[" * 40 + "]" * 40)), "nested too deeply"),
    "NaN": (json.dumps(exported()).replace(str(JAN_2025), "NaN"), "not JSON"),
    "Infinity": (json.dumps(exported()).replace(str(JAN_2025), "Infinity"), "not JSON"),
    "exported as text": (changed(("exported",), "today"), "export date"),
    "exported negative": (changed(("exported",), -1), "export date"),
    "games a list": (changed(("games",), [None, None, None]), "the games"),
    "a size missing": (changed(("games", "5"), DELETE), "the games"),
    "an extra size": (changed(("games", "7"), None), "the games"),
    "game under the wrong size": (swapped_games(), "the 4×4 game: game is for another board size"),
    "game score edited": (cheated_score(), "the 6×6 game: score, moves and tiles do not agree"),
    "game as text": (changed(("games", "4"), saves.dump_game(played(2, 40, 4))),
                     "the 4×4 game: not a JSON object"),
    "best entry bad": (changed(("best", "best", "5"), 3), "the best scores"),
    "best unknown size": (changed(("best", "best", "9"), 4), "the best scores"),
    "best wrong format": (changed(("best", "format"), "py2048-game"), "the best scores"),
    "stats entry bad": (changed(("stats", "sizes", "4", "won"), 5), "the statistics: 4×4"),
    "stats milestone unknown": (changed(("stats", "milestones"), ["tile-9"]), "the statistics"),
    "stats missing": (changed(("stats",), None), "the statistics"),
    "settings value bad": (changed(("settings", "size"), 7), "the settings: bad value for size"),
    "settings extra": (changed(("settings", "font"), "x"), "the settings: unknown setting"),
    "settings as text": (changed(("settings",), settings.dump_settings(settings.defaults())), "the settings"),
    "settings letters as 1": (changed(("settings", "letters"), 1), "the settings"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_file_is_refused_with_a_reason_naming_the_part(name: str) -> None:
    text, reason = HOSTILE[name]
    with pytest.raises(saves.SaveError) as caught:
        transfer.check_bundle(text)
    assert reason in str(caught.value)


def test_a_huge_but_legal_game_still_imports() -> None:
    huge = board(". . . . . ./. . . . . ./. . . . . ./. . . . . ./. . . . . 2/. . . . . " + str(1 << 36))
    data = exported()
    data["games"]["6"] = saves.game_document(Session(consistent(huge), chance.seeded(1)))
    assert transfer.check_bundle(json.dumps(data)).games[6] is not None


def test_daily_results_export_and_import_and_a_bad_daily_part_is_refused_by_name() -> None:
    games, best, _, chosen = stored()
    counted = stats.Stats()
    for offset, date in enumerate(("2025-01-01", "2025-01-02", "2025-01-04")):
        counted = stats.record_daily(counted, daily_results.played(date, seed=offset))
    text = transfer.export_bundle(games, best, stats_saves.dump_stats(counted), chosen, JAN_2025)
    bundle = transfer.check_bundle(text)
    assert stats_saves.load_stats(bundle.stats) == counted
    data = json.loads(text)
    data["stats"]["daily"]["results"][2]["code"] = data["stats"]["daily"]["results"][1]["code"]
    with pytest.raises(saves.SaveError, match="the statistics: daily result code is for another game"):
        transfer.check_bundle(json.dumps(data))
    exported_again = json.loads(transfer.export_bundle(games, best, json.dumps(data["stats"]), chosen, 0))
    assert exported_again["stats"]["daily"] == {"played": 0, "best_streak": 0, "results": []}, (
        "export keeps what the lenient read keeps: a bad daily part is left out")
    assert exported_again["stats"]["sizes"] == data["stats"]["sizes"]


def test_minus_zero_reads_as_zero_in_every_field_that_holds_a_number() -> None:
    """JSON's `-0` is the number 0 (RULES: a count, a score, a cell): every part reads it
    so, none refuses it, and what is stored from it is written `0`."""
    import re

    games, best, counted, chosen = stored()
    text = transfer.export_bundle(games, best, counted, chosen, JAN_2025)
    zeros = re.compile(r"(?<=[\[:,\s])0(?=[,\]\}\s])")
    assert len(zeros.findall(text)) > 20, "the file has zeros to write as -0"
    plain, minus = transfer.check_bundle(text), transfer.check_bundle(zeros.sub("-0", text))
    assert (minus.games, minus.best, minus.stats, minus.settings) == (
        plain.games, plain.best, plain.stats, plain.settings)
    assert minus.summary == plain.summary
    assert all("-0" not in (part or "") for part in [*minus.games.values(), minus.best, minus.stats])
