"""The worker entry: calls by name with JSON arguments, and nothing random before the first.

The snapshot build imports `game.worker` and runs `warm_up()` before freezing the
interpreter, so both must leave no engine (and so no drawn random word) behind.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from game import api, chance, saves, worker
from game.hints import Hints


@pytest.fixture
def seeded_engine() -> Iterator[api.Engine]:
    """The page's engine, with a seeded source in place of `crypto.getRandomValues`."""
    engine = api.Engine(chance.seeded(11), lookahead=True)
    worker._engine = worker.Table(engine)
    yield engine
    worker._engine = None


def test_importing_the_worker_makes_no_engine() -> None:
    importlib.reload(worker)
    assert worker._engine is None


def test_warm_up_runs_every_call_but_leaves_no_engine_behind() -> None:
    worker._engine = None
    worker.warm_up()
    assert worker._engine is None


def test_every_call_the_page_makes_answers_json_text(seeded_engine: api.Engine) -> None:
    started = json.loads(worker.call("start", json.dumps(["", "", "", 4, 1])))
    assert started["kind"] == "start" and started["state"]["size"] == 4
    kinds = {
        "move": json.dumps(["left", 1200]),
        "take": json.dumps(["up", 1250]),
        "undo": json.dumps([1300]),
        "keep_playing": json.dumps([1400]),
        "set_clock": json.dumps([1500]),
        "merge_best": json.dumps([json.dumps(started["best_save"])]),
        "new_game": json.dumps([0]),
        "follow": json.dumps([started["save"]]),
        "set_undo_depth": json.dumps([5]),
        "merge_stats": json.dumps([json.dumps(started["stats_save"])]),
    }
    answers = {name: json.loads(worker.call(name, args)) for name, args in kinds.items()}
    assert {name: reply["kind"] for name, reply in answers.items()} == {
        "move": "move", "take": "taken", "undo": "undo", "keep_playing": "continue", "set_clock": "clock",
        "merge_best": "best", "new_game": "new", "follow": "follow", "set_undo_depth": "undo_depth",
        "merge_stats": "stats"}
    for reply in answers.values():
        assert {"stats_changed", "stats_save", "milestones", "unlocked"} <= set(reply)
    statistics = json.loads(worker.call("statistics", json.dumps([5])))
    assert statistics["kind"] == "statistics" and statistics["size"] == 5
    assert statistics["summary"]["played"] == 0
    quoted = [json.dumps(started["save"]), "", "", json.dumps(started["best_save"]), "", ""]
    exported = json.loads(worker.call("export_all", json.dumps(quoted)))
    assert exported["kind"] == "export"
    checked = json.loads(worker.call("check_import", json.dumps([json.dumps(exported["text"])])))
    assert checked["kind"] == "import" and checked["ok"] and checked["error"] == ""
    assert checked["parts"]["games"] == {"4": started["save"], "5": None, "6": None}
    refused = json.loads(worker.call("check_import", json.dumps([json.dumps("{}")])))
    assert not refused["ok"] and "export file" in refused["error"]
    for args in ([5, 7], [5, 7, 1]):
        hint = json.loads(worker.call("hint", json.dumps(args)))
        assert hint["kind"] == "hint" and hint["ticket"] == 7 and hint["direction"] in (
            None, "left", "right", "up", "down")
    code = api.result_code(seeded_engine.session) or "1.2026-11-30.4.0~.AAAA"
    verdict = json.loads(worker.call("verify", json.dumps([json.dumps("#replay=" + code)])))
    assert verdict["kind"] == "verify" and verdict["reason"] in ("", "damaged")
    for direction in ("left", "up", "right", "down"):
        worker.call("move", json.dumps([direction, 1600]))
    watched = json.loads(worker.call("watch", json.dumps(["game"])))
    assert watched["kind"] == "watch" and watched["ok"] and watched["at"] == 0
    stepped = json.loads(worker.call("watch_step", "[]"))
    assert stepped["kind"] == "watch_move" and stepped["at"] == 1
    resumed = json.loads(worker.call("resume", "[]"))
    assert resumed["kind"] == "resume" and resumed["state"] == seeded_engine.state()
    review = json.loads(worker.call("review_start", json.dumps(["game", ""])))
    assert review["kind"] == "review" and review["ok"] and review["at"] == 0 and not review["done"]
    stepped = json.loads(worker.call("review_step", json.dumps([2])))
    assert stepped["kind"] == "review_step" and stepped["at"] == 2 and len(stepped["grades"]) == 2
    cancelled = json.loads(worker.call("review_cancel", "[]"))
    assert cancelled == {"kind": "review_cancel", "ok": True, "cancelled": True}
    merged = json.loads(worker.call("merge_reviews", json.dumps([json.dumps("not a document")])))
    assert merged["kind"] == "reviews" and json.loads(merged["kept_save"])["format"] == "py2048-reviews"
    daily = json.loads(worker.call("start", json.dumps(["", "", "", 4, 1, 1])))
    assert daily["state"]["mode"] == "daily" and daily["state"]["date"]
    board = {"rankings": json.dumps(["", "", "", ""]), "board_add": json.dumps(["", "Ana", ""]),
             "board_merge": json.dumps([""]), "board_import": json.dumps(["", 50]),
             "board_picture": json.dumps([""])}
    for name, board_args in board.items():
        assert json.loads(worker.call(name, board_args))["kind"] == name
    made = set(kinds) | set(board) | {
        "start", "statistics", "export_all", "check_import", "hint", "verify", "watch", "watch_step",
        "resume", "review_start", "review_step", "review_cancel", "merge_reviews", "practice",
        "practice_move"}
    assert made <= set(worker.table().calls), "a call the page makes is missing from the call map"


def test_every_call_in_the_map_answers_its_own_example_as_json() -> None:
    """The call map is the parts' own tables put together: each call is some part's
    method of that name, has an example, and answers it with a JSON object (its kind
    named), through the very road the page's messages take."""
    parts = worker.spare()
    assert [name for name, _ in parts.examples] and {name for name, _ in parts.examples} == set(parts.calls)
    for name, args in parts.examples:
        reply = json.loads(parts.call(name, json.dumps(list(args))))
        assert isinstance(reply, dict) and isinstance(reply.get("kind"), str), name


def test_a_call_claimed_by_two_parts_is_an_error() -> None:
    """A part adds its calls by its own table; two parts answering one name would leave
    one of them unreachable, so the table refuses the second."""
    parts = worker.spare()
    with pytest.raises(ValueError, match="claimed twice"):
        parts.part(Hints(parts.engine.play))


def test_a_call_without_its_example_is_an_error() -> None:
    class Tip:
        CALLS: ClassVar[dict[str, tuple[str, ...]]] = {"tip": ()}
        EXAMPLES: ClassVar[dict[str, tuple[object, ...]]] = {}

        def tip(self) -> dict[str, object]:
            return {"kind": "tip"}

    with pytest.raises(ValueError, match="examples"):
        worker.spare().part(Tip())


def test_a_new_part_is_one_line_and_its_calls_go_through_the_map() -> None:
    """A service added by `part` alone (a throw-away Tip, telling the game's score) is
    answered by name with converted arguments, as the page would ask."""
    parts = worker.spare()

    class Tip:
        CALLS: ClassVar[dict[str, tuple[str, ...]]] = {"tip": ("int",)}
        EXAMPLES: ClassVar[dict[str, tuple[object, ...]]] = {"tip": (7,)}

        def tip(self, ticket: int) -> dict[str, object]:
            return {"kind": "tip", "ticket": ticket, "score": parts.engine.session.position.score}

    parts.part(Tip())
    assert json.loads(parts.call("tip", '["7"]')) == {"kind": "tip", "ticket": 7, "score": 0}


@pytest.mark.parametrize("name, args", [
    ("eval", "[]"),  # not a call of the engine
    ("move", '{"direction": "left"}'),  # arguments must be a list
    ("undo", "[1, 2]"),  # more arguments than the call takes
])
def test_a_call_the_engine_does_not_have_is_refused(
        seeded_engine: api.Engine, name: str, args: str) -> None:
    with pytest.raises(ValueError):
        worker.call(name, args)


def test_crypto_words_are_32_bit_and_not_repeated_between_sources() -> None:
    """The real games' source gives 32-bit words, and two sources (two page loads)
    do not draw the same sequence: nothing is seeded or frozen."""
    first, second = worker.CryptoWords(), worker.CryptoWords()
    words = [first() for _ in range(600)]  # more than one batch of 256
    assert all(0 <= word < 2**32 for word in words)
    assert words[:8] != [second() for _ in range(8)]
    assert len(set(words)) > 590


def test_stored_text_arrives_exactly_as_stored() -> None:
    """The page quotes stored text as a JSON literal: the engine unquotes every
    character, a NUL and a byte-order mark included; "" means nothing stored."""
    for text in ["{}", "\ufeff{}", "{}\u0000junk", "\u00e9\u2028", ""]:
        assert worker.stored(json.dumps(text)) == text
    assert worker.stored("") is None
    assert worker.stored("not a literal") == "not a literal"  # judged as it is
    assert worker.stored("[1]") == "[1]"


def test_a_valid_save_with_a_nul_and_junk_after_it_is_rejected(seeded_engine: api.Engine) -> None:
    """What storage holds is judged, not a prefix of it: a save followed by a NUL and
    junk is not a save (a bridge that cut at the NUL would have accepted it)."""
    save = seeded_engine.start(None, None)["save"]
    resumed = json.loads(worker.call("start", json.dumps([json.dumps(save), "", "", 4, 1])))
    assert resumed["notice"] is None and not resumed["spawns"]
    cut = json.loads(worker.call("start", json.dumps([json.dumps(save + "\u0000junk"), "", "", 4, 1])))
    assert cut["notice"] is not None and cut["spawns"]


def test_the_page_cuts_stored_text_only_past_what_the_engine_accepts() -> None:
    """game/ui/store.py cuts huge stored items to MAX_TEXT + 1 characters before they
    cross into MicroPython: that must be the engine's own limit, so a cut item is
    still rejected as too long and a valid one is never cut."""
    source = (Path(__file__).resolve().parents[2] / "game" / "ui" / "store.py").read_text()
    assert f"\nMAX_TEXT = {saves.MAX_TEXT}\n" in source
