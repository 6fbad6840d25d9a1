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
import re
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


def test_every_engine_start_spawns_its_own_random_tiles(game: GamePage) -> None:
    """Nothing random is frozen into the snapshot: from the same stored game, the tile
    the engine spawns after the same move differs from one start to the next (a
    generator frozen into the snapshot would spawn the same tile every time). The move
    is made once the engine has taken over: the page's own tiles before it come from the
    browser's randomness, so they would not show a frozen engine. (Two tiles on the
    board: 14 cells free after the move, so four starts spawn alike by chance about
    once in 5,000 runs.)"""
    board = positions.board_of([[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4], [0, 0, 0, 0]])
    stored = positions.game_text(board)
    game.set_board(board)
    game.start()
    boards = []
    for _ in range(4):
        inputs = int(game.state()["inputs"])
        game.press("ArrowLeft")
        boards.append(game.wait_inputs(inputs + 1)["board"])
        game.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [positions.GAME_KEY, stored])
        game.page.reload()
        game.wait_ready()
    assert len(set(boards)) > 1, f"four engine starts, one spawn: {boards[0]}"


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


# A way to spoil the snapshot kept on this device (assets/engine/device_snapshot.mjs): "corrupt"
# changes bytes in the middle of its gzip, "foreign" makes it another build's.
_SPOIL = """(how) => new Promise((resolve, reject) => {
  const request = indexedDB.open("py2048-engine", 1);
  request.onerror = () => reject(request.error);
  request.onsuccess = () => {
    const store = request.result.transaction("snapshots", "readwrite").objectStore("snapshots");
    const get = store.get("engine");
    get.onsuccess = () => {
      const e = get.result;
      if (how === "corrupt") {
        const bytes = new Uint8Array(e.packed);
        for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 4096; i++) bytes[i] ^= 0x5a;
      } else {
        e.build = "0123456789abcdef";
      }
      const put = store.put(e, "engine");
      put.onsuccess = () => { request.result.close(); resolve(true); };
      put.onerror = () => reject(put.error);
    };
  };
})"""


def started_from(game: GamePage) -> str:
    """Where the engine's snapshot came from: "device", "download" or "" (plain)."""
    return str(game.evaluate("() => window.py2048Engine.ready.then((ready) => ready.from)"))


def build_key() -> str:
    match = re.fullmatch(r"engine-([0-9a-f]+)\.snapshot\.gz", str(manifest()["file"]))
    assert match, manifest()
    return match[1]


def test_a_slow_link_starts_plain_makes_the_snapshot_here_and_restores_it_next_time(
        browser: Browser, trickling_site: str) -> None:
    """On a slow link the game does not wait for 6 MB: it starts plain at once, makes
    the snapshot on the device, keeps it for this build, and never downloads it; the
    next visit restores the kept one."""
    context = browser.new_context()
    game = GamePage(context, context.new_page(), trickling_site)
    try:
        game.expected_engine = "plain"
        game.page.goto(trickling_site + "/")  # the paced start, not ?engine=snapshot
        game.wait_ready()
        assert any("would take" in line for line in engine_lines(game)), engine_lines(game)
        plays(game)
        game.wait_device_snapshot()
        entry = game.device_snapshot()
        assert entry and entry["build"] == build_key() and entry["sources"] == manifest()["sources"]
        assert int(str(entry["bytes"])) > 1_000_000
        game.expected_engine = "snapshot"
        game.page.reload()
        game.wait_ready()
        assert started_from(game) == "device"
        plays(game)
        assert TricklingHandler.requested == TricklingHandler.trickled, (
            "the snapshot was downloaded again after the slow start: "
            f"{TricklingHandler.requested}")
        assert not TricklingHandler.served
        assert not game.page_errors, game.page_errors
    finally:
        context.close()


@contextmanager
def snapshot_after_a_first_visit(browser: Browser) -> Iterator[GamePage]:
    """A fresh profile's first visit on a fast link, once the snapshot it downloaded
    (and restored) is kept on the device."""
    context = browser.new_context()
    game = GamePage(context, context.new_page(), "")
    try:
        with serve(REPO_ROOT, QuietHandler) as url:
            game.base_url = url.rstrip("/")
            game.goto()
            game.wait_ready()
            assert started_from(game) == "download"
            game.wait_device_snapshot()
            yield game
    finally:
        context.close()


def test_a_fast_link_keeps_the_downloaded_snapshot_and_restores_it_without_the_network(
        browser: Browser) -> None:
    with snapshot_after_a_first_visit(browser) as game:
        entry = game.device_snapshot()
        assert entry and entry["bytes"] == manifest()["bytes"] and entry["file"] == manifest()["file"]
        requests = len(game.requests)
        game.page.reload()
        game.wait_ready()
        assert started_from(game) == "device"
        snapshot_file = f"/assets/runtime/snapshot/{manifest()['file']}"
        assert not [r for r in game.requests[requests:] if r.endswith(snapshot_file)]
        plays(game)


@pytest.mark.parametrize("how", ["corrupt", "foreign"])
def test_a_spoiled_snapshot_on_the_device_gives_way_and_is_replaced(browser: Browser, how: str) -> None:
    """A kept snapshot whose bytes are damaged, or of another build, is never restored:
    the engine starts another way (plain; or, for another build's, from this build's
    download), plays, and the entry is replaced by this build's snapshot."""
    with snapshot_after_a_first_visit(browser) as game:
        game.page.evaluate(_SPOIL, how)
        game.expected_engine = "plain" if how == "corrupt" else "snapshot"
        game.page.reload()
        game.wait_ready()
        assert started_from(game) == ("" if how == "corrupt" else "download")
        plays(game)
        game.poll("this build's snapshot kept in its place",
                  lambda: (game.device_snapshot() or {}).get("build") == build_key(), timeout=30)
        if how == "corrupt":
            assert any("the snapshot failed" in line for line in engine_lines(game)), engine_lines(game)
            game.poll("the snapshot made after the plain start, kept",
                      lambda: (game.device_snapshot() or {}).get("bytes") != manifest()["bytes"], timeout=30)
        game.expected_engine = "snapshot"
        game.page.reload()
        game.wait_ready()
        assert started_from(game) == "device"
        plays(game)
        assert not game.page_errors, game.page_errors


class LateHandler(QuietHandler):
    """Holds the snapshot's answer back before its first byte, then serves it at full
    speed: a request that waited to be sent (Firefox sent the worker's up to 350 ms late
    while the page was starting) on a fast link."""

    def do_GET(self) -> None:
        if self.path.split("?")[0].endswith(".snapshot.gz"):
            time.sleep(0.8)
        super().do_GET()


def test_a_late_first_byte_on_a_fast_link_is_no_slow_link(browser: Browser) -> None:
    """The pace is timed from the snapshot's first bytes: a wait before them is not
    extrapolated over 6 MB (it was: 0.8 s for the first 64 KB projected a minute)."""
    with serve(REPO_ROOT, LateHandler) as url:
        context = browser.new_context()
        game = GamePage(context, context.new_page(), url.rstrip("/"))
        try:
            game.page.goto(game.base_url + "/")  # the paced start, not ?engine=snapshot
            game.wait_ready()  # asserts data-engine == "snapshot"
            assert not game.page_errors, game.page_errors
        finally:
            context.close()


DOWNLOAD = REPO_ROOT / "assets" / "engine" / "download.mjs"
SIZE = 6_253_903  # bytes, about the snapshot's
BUDGET = 4000  # ms, as the worker's SNAPSHOT_BUDGET_MS


def verdicts(*paces: list[tuple[float, int]]) -> list[dict[str, object] | None]:
    """Runs the snapshot download's pace() in Node on each made-up pace (ms since the
    request and bytes of each chunk read): the first verdict of each, with when it came."""
    source = DOWNLOAD.read_text(encoding="utf-8")
    constants = re.findall(r"^const PACE_\w+ = \d+;$", source, re.MULTILINE)
    start = source.index("\nfunction pace(")
    function = source[start:source.index("\n}\n", start) + 3]
    script = "\n".join([*constants, function, """
const paces = JSON.parse(process.argv[1]);
console.log(JSON.stringify(paces.map(([size, budget, chunks]) => {
  const look = pace(size, budget);
  for (const [at, bytes] of chunks) {
    const verdict = look(at, bytes);
    if (verdict) return { ...verdict, at };
  }
  return null;
})));"""])
    cases = [[SIZE, BUDGET, chunks] for chunks in paces]
    done = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps(cases)],
                          capture_output=True, text=True, check=True)
    found: list[dict[str, object] | None] = json.loads(done.stdout)
    return found


def steady(first_at: float, every_ms: float, chunk: int, size: int = SIZE) -> list[tuple[float, int]]:
    """A download read in `chunk`-byte pieces, one every `every_ms` from `first_at`."""
    return [(first_at + i * every_ms, min(chunk, size - i * chunk)) for i in range(-(-size // chunk))]


def test_the_pace_is_timed_from_the_first_bytes() -> None:
    """Firefox, measured: its first 64 KB came 363 ms after the request, the rest 1 ms
    apart; the old projection (363 ms for 64 KB) said 35 s."""
    (late,) = verdicts(steady(363, 1.2, 65536))
    assert late is not None and late["slow"] is False


def test_a_pause_of_the_worker_is_not_a_slow_link() -> None:
    """Firefox, measured under load: 8 chunks, then this worker's thread busy for 305 ms
    (parsing the runtime), then the chunks that came meanwhile all at once. The read
    straight after the pause projects too slow; the ones after it catch up."""
    before = [(600 + i * 3, 65536) for i in range(8)]
    after = steady(930, 1.0, 65536, SIZE - 8 * 65536)
    (paused,) = verdicts(before + after)
    assert paused is not None and paused["slow"] is False, paused


def test_a_slow_link_is_noticed_within_a_second() -> None:
    """The phone link (docs/engine-start.md): a 150 ms round trip, then 1.6 Mbit/s
    (16 KB every 82 ms): slow, noticed well before a second, and projected about right
    (the whole would take 31 s); and a link just too slow for the budget (8 Mbit/s)."""
    phone, eight = verdicts(steady(150, 82, 16384), steady(40, 65, 65536))
    assert phone is not None and phone["slow"] is True, phone
    assert float(str(phone["at"])) < 800, phone
    assert 28_000 < float(str(phone["projected"])) < 35_000, phone
    assert eight is not None and eight["slow"] is True, eight


def test_a_fast_enough_link_is_judged_fast_before_it_ends() -> None:
    """25 Mbit/s with a 100 ms round trip: 2.1 s for the whole, committed to early."""
    (fast,) = verdicts(steady(100, 21, 65536))
    assert fast is not None and fast["slow"] is False, fast
    assert float(str(fast["at"])) < 500 and float(str(fast["projected"])) < 3000, fast
