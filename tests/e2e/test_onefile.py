"""The one offline file (`node build/onefile.mjs`) plays from disk with no network at all.

Built afresh into a temporary folder (so a dependency upgrade that breaks it fails
here), then opened by `file://` with every request outside the file refused, and the
same file served over http: it reaches `playing`, moves, keeps the game across a
reload, and from its second opening starts from the memory snapshot it made on the
device at the first.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route

from tests.browser import serve
from tests.e2e.conftest import REPO_ROOT
from tests.e2e.gamepage import BOOT_TIMEOUT, GamePage

# Schemes a page made only of itself may use: the file, and what it makes from its
# own bytes.
OWN_SCHEMES = ("file:", "data:", "blob:")

# How many snapshots the engine worker keeps in IndexedDB (build/onefile/prelude.js).
_KEPT_SNAPSHOTS = """() => new Promise((resolve) => {
  const request = indexedDB.open("py2048-engine", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
  request.onerror = () => resolve(-1);
  request.onsuccess = () => {
    const count = request.result.transaction("snapshots").objectStore("snapshots").count();
    count.onsuccess = () => { resolve(count.result); request.result.close(); };
    count.onerror = () => resolve(-1);
  };
})"""


@pytest.fixture(scope="session")
def one_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/2048.html built from this checkout, alone in a folder of its own."""
    target = tmp_path_factory.mktemp("onefile") / "2048.html"
    subprocess.run(["node", "build/onefile.mjs", str(target)], cwd=REPO_ROOT, check=True,
                   capture_output=True)
    return target


@contextmanager
def opened(browser: Browser, address: str, folder: str) -> Iterator[GamePage]:
    """The page at `address` in a fresh context where only `folder`'s URLs, data: and
    blob: may load: anything else is refused and recorded (GamePage.requests)."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})

    def refuse_others(route: Route) -> None:
        if route.request.url.startswith(folder):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", refuse_others)
    game = GamePage(context, context.new_page(), folder.rstrip("/"))
    game.page.goto(address)
    try:
        yield game
        assert not game.page_errors, f"uncaught errors in the page: {game.page_errors}"
        assert not game.console_errors, f"console errors: {game.console_errors}"
        strangers = [url for url in game.requests
                     if not (url.startswith(folder) or url.startswith(OWN_SCHEMES[1:]))]
        assert not strangers, f"requests outside the file: {strangers}"
    finally:
        context.close()


def play_two_moves(game: GamePage) -> tuple[str, str, str]:
    """Press arrow keys, one handled at a time, until two of them moved the tiles; the
    board, score and moves then."""
    data = game.state()
    goal, inputs = int(data["moves"]) + 2, int(data["inputs"])
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown") * 3:
        game.press(key)
        inputs += 1
        data = game.wait_inputs(inputs)
        if int(data["moves"]) == goal:
            break
    assert int(data["moves"]) == goal, f"no two moves in twelve keys: {data}"
    return data["board"], data["score"], data["moves"]


def test_one_file_plays_from_disk_with_every_request_outside_it_refused(
        browser: Browser, one_file: Path) -> None:
    address = one_file.as_uri()
    with opened(browser, address, one_file.parent.as_uri() + "/") as game:
        game.expected_engine = "plain"  # the first opening: nothing to restore yet
        game.wait_ready()
        board, score, moves = play_two_moves(game)
        game.poll("the engine's snapshot kept for the next opening",
                  lambda: game.evaluate(_KEPT_SNAPSHOTS) == 1, timeout=BOOT_TIMEOUT)

        game.page.reload()
        game.expected_engine = "snapshot"  # made on this device at the first opening
        resumed = game.wait_ready()
        assert (resumed["board"], resumed["score"], resumed["moves"]) == (board, score, moves)
        after = play_two_moves(game)
        assert int(after[2]) == int(moves) + 2

        assert game.requests, "the requests were not recorded"
        assert all(url.startswith(OWN_SCHEMES) for url in game.requests), game.requests
        assert game.evaluate("() => location.protocol") == "file:"


def test_one_file_served_over_http_plays_and_resumes_the_same(
        browser: Browser, one_file: Path) -> None:
    with serve(one_file.parent) as folder, opened(browser, folder + one_file.name, folder) as game:
        game.expected_engine = "plain"
        game.wait_ready()
        board, score, moves = play_two_moves(game)
        game.page.reload()
        # (plain or snapshot: whether the snapshot was kept before the reload)
        resumed = game.wait_status("playing", "won", "over", timeout=BOOT_TIMEOUT)
        assert (resumed["board"], resumed["score"], resumed["moves"]) == (board, score, moves)
        assert play_two_moves(game)[2] == str(int(moves) + 2)
        own = [url for url in game.requests if not url.startswith(("data:", "blob:"))]
        assert set(own) == {folder + one_file.name}, own
