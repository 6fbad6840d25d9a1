"""How the engine's Python starts: restored from the snapshot `make` built, or plain.

The snapshot path must be the one that runs (every other browser test also asserts it
through `GamePage.wait_ready`), and any snapshot that cannot be trusted — corrupt,
made from other sources or for another runtime, or too slow to download — must give
way to a plain start that plays, with the reason in the console. A snapshot freezes
the interpreter's state, so the randomness of two page loads must still differ.
"""

from __future__ import annotations

import gzip
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import ClassVar

import pytest
from playwright.sync_api import Browser

from game import rules
from tests.browser import QuietHandler, serve
from tests.e2e import positions
from tests.e2e.conftest import REPO_ROOT
from tests.e2e.gamepage import GamePage

SNAPSHOTS = REPO_ROOT / "assets" / "runtime" / "snapshot"
DIRECTION_KEYS = {"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}


def manifest() -> dict[str, object]:
    loaded: dict[str, object] = json.loads((SNAPSHOTS / "snapshot.json").read_text())
    return loaded


def engine_lines(game: GamePage) -> list[str]:
    return [line for line in game.console_lines if "engine:" in line]


def plays(game: GamePage) -> None:
    """One legal move is applied by the engine: the board changes as a move of it."""
    before = game.game_state()
    direction = rules.legal_directions(before[0])[0]
    inputs = int(game.state()["inputs"])
    game.press(DIRECTION_KEYS[direction])
    game.wait_inputs(inputs + 1)
    assert game.game_state() in positions.after_move([before], direction)


def test_the_engine_restores_the_snapshot_make_built_and_plays(game: GamePage) -> None:
    data = game.start()  # asserts data-engine == "snapshot"
    assert data["engine"] == "snapshot"
    assert f"{game.base_url}/assets/runtime/snapshot/{manifest()['file']}" in game.requests
    assert any("snapshot start" in line for line in engine_lines(game)), engine_lines(game)
    plays(game)


def _truncated(snapshot: bytes) -> bytes:
    return snapshot[: len(snapshot) // 2]


def _not_a_snapshot(snapshot: bytes) -> bytes:
    """A valid gzip stream of the right size whose content is not Pyodide's."""
    return gzip.compress(random.Random(7).randbytes(1 << 20))


@pytest.mark.parametrize("damage", [_truncated, _not_a_snapshot], ids=["truncated", "not-a-snapshot"])
def test_a_corrupt_snapshot_gives_way_to_a_plain_start_that_plays(
        game: GamePage, damage: Callable[[bytes], bytes]) -> None:
    broken = damage((SNAPSHOTS / str(manifest()["file"])).read_bytes())
    game.context.route("**/*.snapshot.gz", lambda route: route.fulfill(
        status=200, body=broken, headers={"Content-Type": "application/gzip"}))
    game.expected_engine = "plain"
    game.start()
    assert any("the snapshot failed" in line for line in engine_lines(game)), engine_lines(game)
    plays(game)


def test_a_snapshot_of_other_engine_sources_is_not_used(game: GamePage) -> None:
    """Served sources that differ from the snapshot's (an edit since `make`) win: the
    engine starts plain from what is served."""
    edited = (REPO_ROOT / "game" / "rules.py").read_bytes() + b"\n# edited after the snapshot\n"
    game.context.route("**/game/rules.py", lambda route: route.fulfill(
        status=200, body=edited, headers={"Content-Type": "text/plain"}))
    game.expected_engine = "plain"
    game.start()
    assert any("sources changed" in line for line in engine_lines(game)), engine_lines(game)
    plays(game)


def test_a_snapshot_made_for_another_runtime_is_not_used(game: GamePage) -> None:
    """The runtime's version is only known once Pyodide's module is imported, while the
    snapshot's download starts with its manifest (they overlap): it is then abandoned,
    never restored."""
    other = dict(manifest(), pyodide="0.0.1")
    game.context.route("**/snapshot/snapshot.json", lambda route: route.fulfill(
        status=200, body=json.dumps(other), headers={"Content-Type": "application/json"}))
    game.expected_engine = "plain"
    game.start()
    assert any("for Pyodide 0.0.1" in line for line in engine_lines(game)), engine_lines(game)
    assert not any("snapshot failed" in line for line in engine_lines(game)), engine_lines(game)
    plays(game)


def test_every_page_load_draws_its_own_random_tiles(game: GamePage) -> None:
    """Nothing random is frozen into the snapshot: each load of a fresh game spawns anew
    (a frozen generator would give the same two start tiles every time)."""
    boards = []
    game.start()
    for _ in range(4):
        boards.append(game.state()["board"])
        game.evaluate("localStorage.clear()")
        game.page.reload()
        game.wait_ready()
    assert len(set(boards)) > 1, f"four loads, one start board: {boards[0]}"


class TricklingHandler(QuietHandler):
    """Serves the snapshot at a trickle the first time it is asked for (a slow link)."""

    trickled: ClassVar[list[str]] = []
    requested: ClassVar[list[str]] = []
    served: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if not path.endswith(".snapshot.gz"):
            super().do_GET()
            return
        type(self).requested.append(path)
        if type(self).trickled:
            super().do_GET()
            type(self).served.append(path)
            return
        type(self).trickled.append(path)
        body = (REPO_ROOT / path.lstrip("/")).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "application/gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            for offset in range(0, len(body), 16384):  # ~160 KB/s: minutes for 6 MB
                self.wfile.write(body[offset:offset + 16384])
                time.sleep(0.1)
        except OSError:
            pass  # the worker gave up on it, as it should


@pytest.fixture
def trickling_site() -> Iterator[str]:
    TricklingHandler.trickled = []
    TricklingHandler.requested = []
    TricklingHandler.served = []
    with serve(REPO_ROOT, TricklingHandler) as url:
        yield url.rstrip("/")


def test_a_slow_snapshot_download_gives_way_then_serves_the_next_visit(
        browser: Browser, trickling_site: str) -> None:
    """On a slow link the game does not wait for 6 MB: it starts plain at once, then
    fetches the snapshot in the background, and the next visit restores it."""
    context = browser.new_context()
    game = GamePage(context, context.new_page(), trickling_site)
    try:
        game.expected_engine = "plain"
        game.start()
        assert any("would take" in line for line in engine_lines(game)), engine_lines(game)
        plays(game)
        game.poll("the snapshot fetched again, in full, for the next visit",
                  lambda: bool(TricklingHandler.served), timeout=30)
        game.expected_engine = "snapshot"
        game.page.reload()
        game.wait_ready()
        assert not game.page_errors, game.page_errors
    finally:
        context.close()
