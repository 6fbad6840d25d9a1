"""The bench's probe (tests/bench/probes/ours.js) times what the page's contract says
happened, even when several things happen in one task."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

PROBE = Path(__file__).parents[1] / "bench" / "probes" / "ours.js"
ADDRESS = "http://probe.test/"
PAGE = ('<!doctype html><div id="game" data-status="loading" data-moves="0" data-board="">'
        '<div id="tiles"></div></div>')


@pytest.fixture(scope="module")
def page(chromium: Browser) -> Iterator[Page]:
    """A tab of the run's one Chromium (tests/conftest.py) with the probe installed."""

    def serve(route: Route) -> None:
        route.fulfill(body=PAGE, content_type="text/html")

    context = chromium.new_context()
    tab = context.new_page()
    tab.route(ADDRESS, serve)
    tab.add_init_script(PROBE.read_text())
    yield tab
    context.close()


def bench(page: Page, *tasks: str) -> dict[str, Any]:
    """A fresh load, then each of `tasks` (a script changing #game) in a task of its own;
    what the probe recorded."""
    page.goto(ADDRESS)
    for task in tasks:
        page.evaluate(f"() => {{ const game = document.getElementById('game'); {task} }}")
        page.evaluate("() => new Promise((done) => setTimeout(done))")  # the observer has run
    found: dict[str, Any] = page.evaluate("() => ({...window.__bench})")
    return found


def test_keys_played_in_the_task_that_shows_the_first_game_are_its_first_move(page: Page) -> None:
    """Keys pressed while the page started are played with its first game, on a desktop
    in the same task: the board first shows already moved, and that moment is the first
    moving key (the probe once read data-moves only after the task and missed them)."""
    found = bench(page, "game.dataset.status = 'playing';"
                        " game.dataset.moves = '1'; game.dataset.moves = '2';")
    assert found["ready"] is not None
    assert found["firstMove"] == found["ready"]


def test_a_later_move_is_the_first_move_and_a_rewrite_is_no_move(page: Page) -> None:
    found = bench(page, "game.dataset.status = 'playing'; game.dataset.moves = '0';",
                  "game.dataset.moves = '0';")
    assert found["ready"] is not None and found["firstMove"] is None
    found = bench(page, "game.dataset.moves = '4'; game.dataset.status = 'playing';",  # a saved game
                  "game.dataset.moves = '5';")
    assert found["firstMove"] is not None and found["firstMove"] > found["ready"]
