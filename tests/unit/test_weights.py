"""The solver's learned network in the engine (game/weights.py, game/worker.py): fetched by
the worker when a 4x4 search first needs it, handed in as a file, installed, or given up.

Every test leaves the solver as it found it: without a network (`learned.install(None)`),
so the other tests' searches are the heuristic's.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import api, chance, worker
from game.solver import learned, network, search
from game.weights import Weights

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "assets" / "solver" / "network.bin"


@pytest.fixture(autouse=True)
def no_network() -> Iterator[None]:
    learned.install(None)
    yield
    learned.install(None)


def small_network() -> bytes:
    """A network file of one 4-tuple (rows 0-1), every weight 1: quick to read."""
    return network.write({"scale": 1, "tuples": [[0, 1, 4, 5]]}, [array("h", [1]) * 16**4])


def written(folder: Path, blob: bytes) -> str:
    path = folder / "network.bin"
    path.write_bytes(blob)
    return str(path)


@pytest.fixture
def page_table() -> Iterator[worker.Table]:
    """The page's table as `worker.table()` makes it (a review needs the network), with a
    seeded source, playing a 4x4 game."""
    table = worker.Table(api.Engine(chance.seeded(5), lookahead=True), Weights(required=True))
    worker._engine = table
    table.engine.start(None, None, None, 4, 1)
    yield table
    worker._engine = None


def test_a_damaged_file_leaves_the_heuristic_and_says_why(tmp_path: Path) -> None:
    weights = Weights()
    for blob in (b"", b"not xz at all", network.write({"scale": 1, "tuples": [[0, 1, 2, 12]]},
                                                       [array("h", [0]) * 16**4])):
        reason = weights.install(written(tmp_path, blob))
        assert reason and weights.state == "failed" and weights.reason == reason
        assert not learned.installed(), "a damaged file installs nothing"
    cut = small_network()[:-100]
    assert weights.install(written(tmp_path, cut)) and not learned.installed()
    assert type(search.search_for(4, float("inf"), 100, lambda: 0.0)) is search.Search


def test_a_file_that_is_not_there_is_a_failure_not_an_exception(tmp_path: Path) -> None:
    weights = Weights()
    assert "FileNotFoundError" in weights.install(str(tmp_path / "none.bin"))
    assert weights.state == "failed" and not learned.installed()


def test_a_good_file_is_installed_for_4x4_searches_only_and_its_copy_removed(tmp_path: Path) -> None:
    weights = Weights()
    path = written(tmp_path, small_network())
    assert weights.install(path) == "" and weights.state == "installed"
    assert not Path(path).exists(), "the worker's copy in the file system is not kept"
    assert learned.installed()
    assert isinstance(search.search_for(4, float("inf"), 100, lambda: 0.0), learned.NetSearch)
    assert type(search.search_for(5, float("inf"), 100, lambda: 0.0)) is search.Search


def test_the_shipped_network_is_one_the_engine_reads() -> None:
    """assets/solver/network.bin (whatever its training) is a file `read` takes, and a
    4x4 hint answers with it installed."""
    found = network.read(SHIPPED.read_bytes())
    assert found.scale > 0 and found.meta["tuples"]
    learned.install(found)
    engine = api.Engine(chance.seeded(3), lookahead=True)
    engine.start(None, None, None, 4, 1)
    answer = worker.Table(engine).hints.hint(20.0, 1)
    assert answer["direction"] in ("left", "right", "up", "down")


def test_what_waits_for_the_network_and_for_how_long() -> None:
    """Before any fetch every 4x4 search waits; after a failed one only a review's
    grading does (its grades are kept); once installed nothing does; other sizes never."""
    weights = Weights()
    assert weights.waits(4, "hint") and weights.waits(4, "review_step") and weights.waits(4, "review_try")
    assert not weights.waits(5, "hint") and not weights.waits(6, "review_step") and not weights.waits(0, "x")
    weights.give_up("offline")
    assert (weights.state, weights.reason) == ("failed", "offline")
    assert not weights.waits(4, "hint") and not weights.waits(4, "practice_hint")
    assert weights.waits(4, "review_step"), "a review waits for another try"
    assert not weights.can_grade(4) and weights.can_grade(5)
    assert not Weights(required=False).waits(5, "hint") and Weights(required=False).can_grade(4)


def test_the_worker_asks_the_page_table_which_call_waits(page_table: worker.Table, tmp_path: Path) -> None:
    """`game.worker.waits` is what assets/engine/network.mjs asks before each call: the
    game in play's Hint on 4x4 waits, its moves and every call of other parts do not."""
    assert worker.waits("hint")
    assert not any(worker.waits(name) for name in ("move", "take", "statistics", "review_start",
                                                   "review_cancel", "verify", "no such call"))
    assert not worker.waits("review_step") and not worker.waits("review_try"), "no review, nothing watched"
    page_table.engine.new_game(5)
    page_table.engine.move("left", 1000)
    assert not worker.waits("hint"), "a 5x5 game's hint is the heuristic's"
    assert not worker.waits("review_start", json.dumps(["game", ""]))
    page_table.engine.new_game(4)
    worker.network_failed("TypeError: Failed to fetch")
    assert not worker.waits("hint") and not learned.installed()
    hint = json.loads(worker.call("hint", json.dumps([5.0, 1, 0])))
    assert hint["direction"] in ("left", "right", "up", "down"), "the heuristic answers"
    assert worker.install_network(written(tmp_path, small_network())) == ""
    assert learned.installed() and not worker.waits("hint")


def played(table: worker.Table, moves: int) -> None:
    for direction in ("left", "up", "right", "down") * moves:
        table.engine.move(direction, 1000)


def test_a_4x4_review_is_never_graded_without_the_network(page_table: worker.Table, tmp_path: Path) -> None:
    """Grades are kept and must be the same on every device: the page's engine refuses to
    grade a 4x4 review while the network could not be had, and grades it once it is in."""
    played(page_table, 2)
    assert worker.waits("review_start", json.dumps(["game", ""])), "its start picks the network's budget"
    assert not worker.waits("review_start", json.dumps(["verified", ""])), "nothing to review: refused now"
    started = json.loads(worker.call("review_start", json.dumps(["game", ""])))
    assert started["ok"] and started["title"]["size"] == 4
    assert worker.waits("review_step"), "its steps wait for the network"
    worker.network_failed("offline")
    assert worker.waits("review_step"), "and for another try once a fetch failed"
    refused = json.loads(worker.call("review_step", json.dumps([3])))
    assert refused == {"kind": "review_step", "ok": False, "reason": "no_network", "detail": {}}
    assert worker.install_network(written(tmp_path, small_network())) == ""
    step = json.loads(worker.call("review_step", json.dumps([3])))
    assert step["ok"] and step["at"] == 3, "graded from the first position, with the network"


def test_a_throw_away_engine_grades_a_4x4_review_without_the_network() -> None:
    """The warm-up (made before the memory snapshot, where no network may be) and the
    standard library's trace review a 4x4 game with the heuristic."""
    table = worker.spare()
    table.engine.start(None, None, None, 4, 1)
    played(table, 2)
    assert table.reviewer.review_start("game")["ok"]
    assert table.reviewer.review_step(2)["ok"]


def test_warm_up_installs_no_network() -> None:
    """The memory snapshot is taken after the warm-up: no weights may be in it."""
    worker._engine = None
    worker.warm_up()
    assert not learned.installed() and worker._engine is None


def test_a_watched_4x4_game_waits_for_its_practice_hint_and_retry(page_table: worker.Table) -> None:
    played(page_table, 2)
    assert page_table.codes.watch("game")["ok"] is not False
    assert worker.waits("review_try")
    assert page_table.codes.practice()["kind"] == "practice"
    assert worker.waits("practice_hint")
    page_table.codes.resume()
    assert not worker.waits("practice_hint") and not worker.waits("review_try")
