"""What a player does, in every browser engine: Chromium, Firefox and WebKit (Safari's).

The rest of the suite (tests/e2e) goes deep in Chromium; this subset goes wide, so that
what Chromium forgives and another engine does not (blob reads in a worker, a download's
progress, touch input, a service worker under a sub-path, a file opened from disk) is
caught here. Each test is one promise of the page, checked the same way in each engine;
in Chromium, the e2e tests its `other_engines` mark names check it (so that no page
start is paid twice; tests/project/test_engine_halves.py checks that they exist).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.rules import Board
from tests.browser import serve
from tests.e2e import positions
from tests.e2e.positions import KEYS_BOARD, State
from tests.engines.conftest import SUB_PATH
from tests.engines.pages import PLAIN_START_TIMEOUT, EnginePage

KEYS = {"ArrowLeft": "left", "ArrowUp": "up", "ArrowRight": "right", "ArrowDown": "down"}
STEP = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
SW_TIMEOUT = 60.0

# Whether the service worker controls the page, and how many files its release has cached.
_CACHED = """
const controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
const name = %s;
const cached = (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0;
return {controlled, cached};
"""


def release(site: Path) -> tuple[str, int]:
    """The site's cache name and how many entries it holds when complete (sw.js): the
    files, the page's own address, and the files fetched on demand (the solver's network)."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))  # type: ignore[union-attr]
    on_demand = json.loads(re.search(r"const ON_DEMAND = (\[.*?\]);", sw, re.S).group(1))  # type: ignore[union-attr]
    name = re.search(r'const RELEASE = "([0-9a-f]+)";', sw).group(1)  # type: ignore[union-attr]
    return f"py2048-{name}", len(files) + 1 + len(on_demand)


def play_keys(tab: EnginePage, keys: list[str]) -> State:
    """Press each key; every board shown after it must be one the rules allow."""
    state = tab.game_state()
    inputs = int(tab.state()["inputs"])
    for key in keys:
        tab.press(key)
        inputs += 1
        tab.wait_inputs(inputs)
        after = tab.game_state()
        allowed = positions.after_move({state}, KEYS[key])
        assert after in allowed, f"{tab.engine}: {key} from {state} gave {after}"
        state = after
    return state


def prepare(tab: EnginePage, url: str, entries: dict[str, str]) -> None:
    """Open the origin, write the saved games, open the page afresh on them."""
    tab.goto(url + "assets/icons/icon.svg")  # the origin, without the game starting
    tab.store(entries)
    tab.goto(url)


def saved_board(board: Board) -> dict[str, str]:
    start = positions.state_of(board)
    return {positions.game_key(4): positions.game_text(board),
            positions.BEST_KEY: positions.best_text(start[1])}


@pytest.mark.other_engines(
    "tests/e2e/test_before_engine.py:"
    " test_a_first_visit_plays_at_once_and_the_engine_takes_over_without_a_seam,"
    " tests/e2e/test_engine_start.py: test_the_engine_restores_the_snapshot_make_built_and_plays")
def test_a_fresh_game_shows_its_tiles_obeys_every_key_and_the_engine_takes_over(
        tab: EnginePage, dev_url: str) -> None:
    # The snapshot is asked for whatever its download's pace: on a busy machine the
    # worker may judge even this link too slow and start plain, by design; what is
    # checked here is that each engine restores the snapshot.
    tab.goto(dev_url + "?engine=snapshot")
    tab.wait_playable()
    # `playing` is a promise about the screen: the tiles are drawn when it is said.
    drawn = tab.run("return document.querySelectorAll('#tiles .tile:not(.ghost)').length;")
    assert drawn == 2, f"{tab.engine}: {drawn} tiles on screen at `playing`"
    play_keys(tab, ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"] * 2)
    data = tab.wait_ready()
    reason = tab.run("return (await window.py2048Engine.ready).reason;")
    assert data["engine"] == "snapshot", f"{tab.engine}: the engine started {data['engine']}: {reason}"
    play_keys(tab, ["ArrowDown", "ArrowLeft", "ArrowUp", "ArrowRight"] * 2)


@pytest.mark.other_engines(
    "tests/e2e/test_game_flow.py: test_undo_button_restores_the_move_and_reload_resumes_exactly")
def test_a_reload_brings_back_the_same_game(tab: EnginePage, dev_url: str) -> None:
    tab.goto(dev_url)
    tab.wait_ready()
    before = play_keys(tab, ["ArrowLeft", "ArrowDown", "ArrowRight", "ArrowUp"] * 2)
    tab.reload()
    tab.wait_playable()
    assert tab.game_state() == before, f"{tab.engine}: the reload changed the game"
    tab.wait_ready()
    assert tab.game_state() == before, f"{tab.engine}: the engine changed the game"


@pytest.mark.other_engines(
    "tests/e2e/test_controls.py: test_swipes_on_a_phone_move_without_scrolling_the_page,"
    " test_mouse_drag_moves_and_a_drag_under_the_threshold_does_nothing")
def test_a_mouse_drag_and_a_touch_swipe_move_the_board(engine: EnginePage, dev_url: str) -> None:
    for pointer, width, height, touch in (("drag", 1000, 800, False), ("swipe", 390, 844, True)):
        engine.open(width, height, touch)
        start = positions.state_of(KEYS_BOARD)
        prepare(engine, dev_url, saved_board(KEYS_BOARD))
        engine.wait_ready()
        assert engine.game_state() == start, f"{engine.engine}: the saved game was not resumed"
        inputs = int(engine.state()["inputs"])
        moved = 0
        for direction in ("left", "up", "right", "down"):
            x, y = engine.board_centre()
            sx, sy = STEP[direction]
            before = engine.game_state()
            if pointer == "drag":
                engine.drag(x, y, 120 * sx, 120 * sy)
            else:
                engine.swipe(x, y, 110 * sx, 110 * sy)
            inputs += 1
            engine.wait_inputs(inputs)
            after = engine.game_state()
            # The rules' outcomes only: a gesture that was not seen as a move leaves the
            # board as it was, which they allow only where the slide changes nothing.
            assert after in positions.after_move({before}, direction), (
                f"{engine.engine}: {pointer} {direction} from {before} gave {after}")
            moved += after != before
        assert moved, f"{engine.engine}: four {pointer}s and not one move"
        errors = engine.errors()
        assert not errors, f"{engine.engine}: uncaught errors: {errors}"


@pytest.mark.other_engines(
    "tests/e2e/test_keyboard.py: test_keyboard_alone_plays_reaches_every_control_and_uses_every_dialog")
def test_settings_open_as_a_dialog_and_escape_gives_focus_back(tab: EnginePage, dev_url: str) -> None:
    tab.goto(dev_url)
    tab.wait_ready()
    tab.click("#settings")
    assert tab.run("return document.getElementById('settings-dialog').open;"), tab.engine
    assert tab.run("return document.getElementById('settings-dialog')"
                   ".contains(document.activeElement);"), f"{tab.engine}: focus left the dialog"
    tab.press("Escape")
    deadline = time.monotonic() + 5
    while tab.run("return document.getElementById('settings-dialog').open;"):
        assert time.monotonic() < deadline, f"{tab.engine}: Escape did not close Settings"
        time.sleep(0.05)
    assert tab.run("return document.activeElement.id;") == "settings", (
        f"{tab.engine}: focus did not return to the Settings button")


@pytest.mark.other_engines(
    "tests/e2e/test_keyboard.py: test_every_move_attempt_is_announced_a_repeated_one_too,"
    " test_b_shift_s_and_the_grid_say_the_board_and_numbers_on_screen_without_counting")
def test_a_screen_reader_hears_each_move_and_the_board(tab: EnginePage, dev_url: str) -> None:
    tab.goto(dev_url)
    tab.wait_ready()
    moved = False
    inputs = int(tab.state()["inputs"])
    for key in KEYS:
        before = tab.game_state()
        tab.press(key)
        inputs += 1
        tab.wait_inputs(inputs)
        said = tab.said()
        assert said, f"{tab.engine}: nothing said after {key}"
        if tab.game_state() != before:
            moved = True
            assert "New" in said or "new" in said, f"{tab.engine}: {said!r} names no new tile"
    assert moved, f"{tab.engine}: four directions and not one move"
    tab.press("b")
    deadline = time.monotonic() + 5
    while "Row 1" not in tab.said():
        assert time.monotonic() < deadline, f"{tab.engine}: B did not read the board: {tab.said()!r}"
        time.sleep(0.05)


@pytest.mark.other_engines(
    "tests/e2e/test_offline.py: test_offline_reload_boots_plays_and_keeps_the_saved_game")
def test_the_built_site_under_a_sub_path_plays_offline_after_one_visit(
        tab: EnginePage, built: Path) -> None:
    with serve(built) as url:
        site = url + SUB_PATH + "/"
        tab.goto(site)
        tab.wait_ready()
        before = play_keys(tab, list(KEYS))
        cache, complete = release(built / SUB_PATH)
        deadline = time.monotonic() + SW_TIMEOUT
        while True:
            cached = tab.run(_CACHED % json.dumps(cache))
            if cached["controlled"] and cached["cached"] == complete:
                break
            assert time.monotonic() < deadline, f"{tab.engine}: never ready offline: {cached}"
            time.sleep(0.1)
    # The server is gone: the reload is answered by the service worker alone.
    tab.reload()
    tab.wait_playable()
    assert tab.game_state() == before, f"{tab.engine}: offline, the game is not the same"
    tab.wait_ready()
    play_keys(tab, list(KEYS))


def wait_until(tab: EnginePage, what: str, script: str, timeout: float = SW_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not tab.run(script):
        assert time.monotonic() < deadline, f"{tab.engine}: never {what}"
        time.sleep(0.1)


@pytest.mark.other_engines(
    "tests/e2e/test_offline.py: test_the_later_rooms_of_the_built_site_open_their_dialogs")
def test_the_built_sites_later_dialogs_arrive_and_open(tab: EnginePage, built: Path) -> None:
    """The later rooms' dialogs, left out of the built page, are put into it with their
    code after the first game (assets/settings.js `place`), and open."""
    with serve(built) as url:
        tab.goto(url + SUB_PATH + "/")
        tab.wait_playable()
        wait_until(tab, "placed the later dialogs", "return !!document.getElementById('settings-dialog');")
        tab.click("#settings")
        wait_until(tab, "opened Settings", "return document.getElementById('settings-dialog').open;")
        assert tab.run("return document.querySelectorAll('#settings-dialog select').length;") >= 5
        tab.click("#settings-dialog [data-action=close-settings]")
        wait_until(tab, "closed Settings", "return !document.getElementById('settings-dialog').open;")


@pytest.mark.other_engines(
    "tests/e2e/test_onefile.py: test_one_file_plays_from_disk_with_every_request_outside_it_refused")
def test_the_one_file_plays_from_disk(tab: EnginePage, built: Path) -> None:
    tab.goto((built / "2048.html").as_uri())
    tab.wait_for("the one file to start", lambda d: d.get("status") in ("playing", "error")
                 and d.get("engine") != "starting", PLAIN_START_TIMEOUT)
    data = tab.state()
    assert data["status"] == "playing", f"{tab.engine}: the one file failed: {data}"
    before = play_keys(tab, list(KEYS) * 2)
    tab.reload()
    tab.wait_ready(PLAIN_START_TIMEOUT)
    assert tab.game_state() == before, f"{tab.engine}: the one file lost the game on reload"


# A frame's `#game` data, its stored game's version and moves, and its failure message.
_FRAME = """
const frame = document.getElementById(%s).contentDocument;
const game = frame && frame.getElementById("game");
const stored = JSON.parse(localStorage.getItem("py2048:game") || "null");
const failure = frame && frame.getElementById("failure");
return {data: game ? Object.assign({}, game.dataset) : {},
        stored: stored ? [stored.version, stored.moves] : null,
        failure: failure && !failure.hidden ? frame.getElementById("failure-text").textContent : ""};
"""
# Keys as the game hears them, dispatched in a frame's document (no driver presses into
# a frame in every engine alike).
_KEYS = """
const frame = document.getElementById(%s).contentDocument;
for (const key of %s) frame.dispatchEvent(new KeyboardEvent("keydown", {key, code: key, bubbles: true}));
return null;
"""
# Every storage event the page holding both frames hears: the key and the stored version.
_LISTEN = """
window.heard = [];
addEventListener("storage", (e) => {
  const m = /"version":(\\d+)/.exec(e.newValue || "");
  window.heard.push([e.key, m ? Number(m[1]) : null]);
});
return null;
"""


Seen = dict[str, Any]  # a frame as _FRAME reads it: data, stored, failure


def frame(tab: EnginePage, name: str) -> Seen:
    found: Seen = tab.run(_FRAME % json.dumps(name))
    return found


def frame_wait(tab: EnginePage, name: str, what: str, check: Callable[[Seen], bool],
               timeout: float = 60.0) -> Seen:
    deadline = time.monotonic() + timeout
    while True:
        seen = frame(tab, name)
        if check(seen):
            return seen
        assert time.monotonic() < deadline, f"{tab.engine}: never {what}: {seen}"
        time.sleep(0.1)


def frame_play(tab: EnginePage, name: str, keys: list[str]) -> dict[str, str]:
    """The keys, each handled before the next, in the frame `name`; its `#game` after."""
    data: dict[str, str] = frame(tab, name)["data"]
    inputs = int(data["inputs"])
    for key in keys:
        tab.run(_KEYS % (json.dumps(name), json.dumps([key])))
        inputs += 1

        def handled(seen: Seen, count: int = inputs) -> bool:
            return int(seen["data"]["inputs"]) >= count

        data = frame_wait(tab, name, f"{key} handled", handled)["data"]
    return data


def shown(data: dict[str, str]) -> tuple[str, str, str]:
    return data["board"], data["score"], data["moves"]


def ready(seen: Seen) -> bool:
    return seen["data"].get("engine") not in (None, "starting") and seen["data"].get("status") == "playing"


@pytest.mark.other_engines(
    "tests/e2e/test_releases.py: test_an_older_release_stops_saving_once_a_newer_one_stored_the_game")
def test_an_older_release_stops_saving_once_a_newer_one_stored_the_game(
        tab: EnginePage, releases: Path) -> None:
    """A tab of this release and one of the next (the game document one version up),
    frames of one page of their origin: the newer reads the older's game; once it stores
    its own, the older stops, says why, plays and stores nothing, and no write goes back
    and forth between them."""
    keys = ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"]
    with serve(releases) as url:
        tab.goto(url + "two.html")
        tab.run(_LISTEN)
        frame_wait(tab, "old", "the older release ready", ready)
        older = frame_play(tab, "old", keys * 2)
        assert frame(tab, "old")["stored"][0] == 5
        tab.run("document.getElementById('new').src = 'new/'; return null;")
        newer = frame_wait(tab, "new", "the newer release ready", ready)["data"]
        assert shown(newer) == shown(older), f"{tab.engine}: the newer release did not read the older game"
        newer = frame_play(tab, "new", keys[::-1])
        stopped = frame_wait(tab, "old", "the older release stopped",
                             lambda seen: seen["data"]["status"] == "error")
        assert str(stopped["failure"]).startswith("A newer version of this game has saved your games.")
        heard = tab.run("const heard = window.heard; window.heard = []; return heard;")
        games = [version for key, version in heard if key == "py2048:game"]
        assert games[games.index(6):].count(5) == 0, f"{tab.engine}: the older release wrote over: {heard}"
        tab.run(_KEYS % (json.dumps("old"), json.dumps(keys)))
        newer = frame_play(tab, "new", keys[:2])
        time.sleep(1)  # a quiet second: a write loop would fill it
        after = frame(tab, "new")
        assert after["stored"] == [6, int(newer["moves"])], f"{tab.engine}: {after['stored']}"
        assert shown(frame(tab, "old")["data"]) == shown(stopped["data"])
        heard = tab.run("return window.heard;")
        assert all(version == 6 for key, version in heard if key == "py2048:game"), f"{tab.engine}: {heard}"
        assert len(heard) <= 12, f"{tab.engine}: {len(heard)} writes for two moves: the tabs write in turn"
