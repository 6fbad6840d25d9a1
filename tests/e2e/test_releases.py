"""Two tabs on two releases of the site: the older one never writes over the newer one.

After an update, one tab may still run the release it loaded while another reloads
onto the next, which stores its documents in a format the older one cannot read. Both
releases are built here for real (tests/release.py: this checkout, and the same with
the next format versions) and served from one origin, as a site and its update are.
The older tab, once the newer one has stored a game it cannot read, stops saving and
playing and says to reload; no tab writes over the other's game in a loop; the newer
release reads every older document (docs/reliability.md, "Releases side by side").
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext

from tests.browser import serve
from tests.e2e.gamepage import GamePage
from tests.e2e.positions import GAME_KEY
from tests.e2e.test_tabs import KEYS, play
from tests.release import NEW, NEW_GAME_VERSION, OLD, build_releases

NEWER_MESSAGE = "A newer version of this game has saved your games."
# Every storage event another page of the origin sees: the key, and the stored
# document's format and version (or the whole value when it is short).
_LISTEN = """() => {
  window.heard = [];
  addEventListener("storage", (e) => {
    const m = /"version":(\\d+)/.exec(e.newValue || "");
    window.heard.push([e.key, m ? Number(m[1]) : null, (e.newValue || "").length]);
  });
}"""


@pytest.fixture(scope="module")
def releases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Both releases under one origin: <url>/old/ and <url>/new/."""
    root = tmp_path_factory.mktemp("releases")
    build_releases(root / "site", root)
    with serve(root / "site") as url:
        yield url.rstrip("/")


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    opened = browser.new_context(reduced_motion="reduce", viewport={"width": 1000, "height": 800})
    yield opened
    opened.close()


def tab(context: BrowserContext, url: str, release: str) -> GamePage:
    game = GamePage(context, context.new_page(), f"{url}/{release}")
    game.start()
    return game


def stored(game: GamePage) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(
        game.evaluate(f"() => localStorage.getItem({json.dumps(GAME_KEY)})"))
    return document


def shown(game: GamePage) -> tuple[str, str, str]:
    data = game.state()
    return data["board"], data["score"], data["moves"]


def failure_text(game: GamePage) -> str:
    return str(game.evaluate("() => document.getElementById('failure').hidden ? ''"
                             " : document.getElementById('failure-text').textContent"))


def test_an_older_release_stops_saving_once_a_newer_one_stored_the_game(
        context: BrowserContext, releases: str) -> None:
    """The reported loss: tab A on this release, tab B on the next (game document
    version 6). B shows A's game (it reads version 5), and once B stores its own, A
    stops: "a newer version has saved your games… reload", its keys move nothing and
    store nothing, no write goes back and forth between the two, a reload of A on its
    release still writes nothing, and A on the newer release has every move of both."""
    older = tab(context, releases, OLD)
    assert play(older, 12) > 0
    assert stored(older)["version"] == 5
    watcher = context.new_page()  # another page of the origin: it hears every write
    watcher.goto(f"{releases}/{OLD}/assets/icons/icon.svg")
    watcher.evaluate(_LISTEN)

    newer = tab(context, releases, NEW)
    assert shown(newer) == shown(older), "the newer release did not read the older game"
    assert play(newer, 4) > 0
    game = stored(newer)
    assert game["version"] == NEW_GAME_VERSION and str(game["moves"]) == shown(newer)[2]

    older.wait_for("the older tab to stop", lambda data: data["status"] == "error")
    assert failure_text(older).startswith(NEWER_MESSAGE)
    heard: list[list[Any]] = watcher.evaluate(
        "() => { const h = window.heard; window.heard = []; return h; }")
    games = [version for key, version, _ in heard if key == GAME_KEY]
    assert 5 not in games[games.index(NEW_GAME_VERSION):], f"the older release wrote over: {heard}"
    before = shown(older)
    older.press(*KEYS)
    assert shown(older) == before, "the older tab moved after it stopped"
    assert play(newer, 2) > 0  # the newer tab plays on; the older one must not answer
    watcher.wait_for_timeout(1000)  # a quiet second: a write loop would fill it
    heard = watcher.evaluate("() => window.heard")
    games = [version for key, version, _ in heard if key == GAME_KEY]
    assert games and all(version == NEW_GAME_VERSION for version in games), (
        f"the older release wrote its game over the newer one's: {heard}")
    assert len(heard) <= 12, f"{len(heard)} writes for two moves: the tabs write in turn"
    final = stored(newer)
    assert str(final["moves"]) == shown(newer)[2] and final["version"] == NEW_GAME_VERSION

    older.page.reload()
    older.wait_for("the reloaded older tab to say why it stops", lambda data: data["status"] == "error")
    assert failure_text(older).startswith(NEWER_MESSAGE)
    assert stored(older) == final, "the older release wrote at its start"

    older.base_url = f"{releases}/{NEW}"
    older.start()
    assert shown(older) == shown(newer), "the newer release lost a move"
    assert not older.page_errors and not newer.page_errors
