"""Browser tests of the page: a local HTTP server, one browser, a fresh context per test.

Run from the repository root: `pytest tests/e2e`. Every test's tabs are watched: an
uncaught page error, or a request to any origin but the test server's, fails the test.
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:  # `game` and `tests` import from the repository root
    sys.path.insert(0, str(REPO_ROOT))

from tests.e2e.gamepage import GamePage  # noqa: E402

LAUNCH_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
BROWSER_NAMES = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")


MEDIA_TYPES: dict[str, str] = {
    **SimpleHTTPRequestHandler.extensions_map,
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
}


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files with the types the runtime needs (streaming wasm compilation, modules)."""

    extensions_map = MEDIA_TYPES

    def log_message(self, format: str, *args: Any) -> None:
        pass


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a test closing its tab mid-download is not an error


def find_browser() -> str | None:
    """The Chromium to drive: $CHROMIUM, else one on PATH, else None (Playwright's own)."""
    chosen = os.environ.get("CHROMIUM")
    if chosen:
        return chosen
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    handler = functools.partial(QuietHandler, directory=str(REPO_ROOT))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="e2e-http", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    executable = find_browser()
    with sync_playwright() as playwright:
        if executable:
            launched = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        else:
            launched = playwright.chromium.launch(args=LAUNCH_ARGS)
        yield launched
        launched.close()


OpenGame = Callable[..., GamePage]


@pytest.fixture
def open_game(browser: Browser, base_url: str) -> Iterator[OpenGame]:
    """Opens the game in a fresh browser context (options as for `new_context`).

    After the test: any uncaught page error, or any request to another origin, fails it.
    """
    opened: list[GamePage] = []

    def open_one(**options: Any) -> GamePage:
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
