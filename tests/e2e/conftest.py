"""Browser tests of the page: a local HTTP server, one browser, a fresh context per test.

Run from the repository root: `pytest tests/e2e`. Every test's tabs are watched: an
uncaught page error, or a request to any origin but the test server's, fails the test.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:  # `game` and `tests` import from the repository root
    sys.path.insert(0, str(REPO_ROOT))

from tests.browser import serve  # noqa: E402
from tests.e2e.gamepage import GamePage  # noqa: E402


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The repository root over HTTP on a free loopback port (no trailing slash)."""
    with serve(REPO_ROOT) as url:
        yield url.rstrip("/")


@pytest.fixture(scope="session")
def browser(chromium: Browser) -> Browser:
    """The run's one Chromium (tests/conftest.py)."""
    return chromium


OpenGame = Callable[..., GamePage]


@pytest.fixture
def open_game(browser: Browser, base_url: str) -> Iterator[OpenGame]:
    """Opens the game in a fresh browser context (options as for `new_context`).

    The context asks for reduced motion unless the test says otherwise: a test reads the
    page's state and its DOM, not its frames, and the page's code is the same either way
    (motion is CSS alone: no code waits for an animation). Painting every slide and pop
    nobody looks at cost 14 % of the CPU of a run of three key-heavy test files here
    (2026-12-03); the tests of the look and of long tasks ask for motion.

    After the test: any uncaught page error, or any request to another origin, fails it.
    """
    opened: list[GamePage] = []

    def open_one(**options: Any) -> GamePage:
        options.setdefault("reduced_motion", "reduce")
        context = browser.new_context(**options)
        game = GamePage(context, context.new_page(), base_url)
        opened.append(game)
        return game

    yield open_one
    errors = [error for game in opened for error in game.page_errors]
    foreign = [url for game in opened for url in game.foreign_requests()]
    for game in opened:
        game.context.close()
    assert not errors, f"uncaught errors in the page: {errors}"
    assert not foreign, f"requests to another origin: {foreign}"


@pytest.fixture
def game(open_game: OpenGame) -> GamePage:
    """The game in a desktop-sized tab."""
    return open_game(viewport={"width": 1000, "height": 800})
