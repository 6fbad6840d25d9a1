"""The solver's learned network in the page (docs/solver.md, "How the network is loaded"):
never asked for while the page loads and the engine starts, fetched by the engine's
worker at the first 4x4 question that needs it, said while it comes (with how much has
come), then used; and when it cannot be had, the solver answers with its heuristic and
the page says so once. A 4x4 review waits for it.

The file is served by a server of the test's own that records what it is asked for and
holds the network's second half back until the test lets it go: the download is then
seen under way, not guessed at with a timer. Failures are made by routing the request
on the browser context (`page.route` does not see a worker's requests).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import pytest
from playwright.sync_api import Browser, Route

from game import rules
from tests.browser import QuietHandler, serve
from tests.e2e import positions
from tests.e2e.conftest import REPO_ROOT, OpenGame
from tests.e2e.gamepage import BOOT_TIMEOUT, GamePage
from tests.e2e.test_daily import play_to_the_end

NETWORK = "assets/solver/network.bin"
LOADING = "Loading the solver… "
FALLBACK = "The solver's learned data could not be loaded: it plays by its simpler rules for now."

# Every text `#notice` is given, in order (the page's status region), from before the
# page's own scripts.
_NOTICES = """
window.__notices = [];
document.addEventListener("DOMContentLoaded", () => {
  const notice = document.getElementById("notice");
  new MutationObserver(() => { if (!notice.hidden) window.__notices.push(notice.textContent); })
    .observe(notice, {childList: true, characterData: true, subtree: true, attributes: true});
});"""


class HeldNetwork(QuietHandler):
    """The repository, with every request recorded (`asked`) and the network's bytes sent
    up to `SHARE` of them, the rest once `release` is set."""

    SHARE = 0.45
    asked: ClassVar[list[str]] = []
    release = threading.Event()

    def do_GET(self) -> None:
        path = self.path.split("?")[0].lstrip("/")
        type(self).asked.append(path)
        if path != NETWORK:
            super().do_GET()
            return
        body = (REPO_ROOT / NETWORK).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        cut = int(len(body) * type(self).SHARE)
        try:
            self.wfile.write(body[:cut])
            self.wfile.flush()
            type(self).release.wait(timeout=60)
            self.wfile.write(body[cut:])
        except OSError:
            return  # the page went away


@contextmanager
def held_network(browser: Browser) -> Iterator[GamePage]:
    """The game (4x4) from a `HeldNetwork` server, in a fresh context; released at the
    end whatever happens; no page error allowed."""
    HeldNetwork.asked.clear()
    HeldNetwork.release = threading.Event()
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale="en-US",
                                  reduced_motion="reduce")
    context.add_init_script(_NOTICES)
    try:
        with serve(REPO_ROOT, HeldNetwork) as url:
            game = GamePage(context, context.new_page(), url.rstrip("/"))
            yield game
            assert not game.page_errors, game.page_errors
    finally:
        HeldNetwork.release.set()
        context.close()


def notices(game: GamePage) -> list[str]:
    said: list[str] = game.evaluate("() => window.__notices")
    return said


def loading_percent(game: GamePage) -> int | None:
    """The percentage `#notice` shows while the network downloads, or None."""
    shown, words = game.notice()
    if not shown or not words.startswith(LOADING) or not words.endswith("%"):
        return None
    return int(words[len(LOADING):-1])


def press_until_moved(game: GamePage) -> None:
    moves, inputs = int(game.state()["moves"]), int(game.state()["inputs"])
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"):
        game.press(key)
        inputs += 1
        if int(game.wait_inputs(inputs)["moves"]) > moves:
            return
    raise AssertionError("four directions and not one move")


def test_the_network_is_not_fetched_at_load_the_first_hint_fetches_it_says_how_far_and_answers(
        browser: Browser) -> None:
    """Promise (docs/solver.md): loading the page, starting the engine and playing ask
    nothing of the network; the first Hint on 4x4 makes the worker fetch it, `#notice`
    (the page's status region) says "Loading the solver… N%" with what has come, the
    game plays on meanwhile, and once it is in the notice goes and the hint is shown,
    found with the network (`#game[data-solver]` is `learned`)."""
    with held_network(browser) as game:
        game.start()
        press_until_moved(game)
        game.wait_device_snapshot()  # the engine's start is over, down to its last write
        assert NETWORK not in HeldNetwork.asked, "the network was fetched before it was needed"
        assert "solver" not in game.state()

        game.click("#hint")
        game.poll("the network asked for", lambda: NETWORK in HeldNetwork.asked)
        game.poll("a percentage of the network said", lambda: (loading_percent(game) or 0) > 0)
        percent = loading_percent(game)
        assert percent is not None and 0 < percent < 100 and percent <= int(HeldNetwork.SHARE * 100)
        data = game.state()
        assert data["solver"] == "loading" and "hint" not in data
        press_until_moved(game)  # the game's moves are answered while the hint waits
        assert "hint" not in game.state()

        HeldNetwork.release.set()
        data = game.wait_for("the hint", lambda data: "hint" in data, timeout=BOOT_TIMEOUT)
        assert data["solver"] == "learned"
        assert data["hint"] in rules.legal_directions(positions.parse_board(data["board"]))
        game.poll("the loading notice gone", lambda: loading_percent(game) is None)
        assert HeldNetwork.asked.count(NETWORK) == 1
        said = notices(game)
        assert said[0].startswith(LOADING) and FALLBACK not in said

        press_until_moved(game)  # the next hint asks nothing more
        game.click("#hint")
        game.wait_for("the second hint", lambda data: "hint" in data)
        assert HeldNetwork.asked.count(NETWORK) == 1


def test_a_4x4_review_waits_for_the_network_and_says_so_in_its_status(browser: Browser) -> None:
    """Promise (docs/review.md): a 4x4 review is graded with the network or not at all,
    the same on every device: its first step waits while the network downloads, the
    review's own status saying so, and the grades come once it is in."""
    with held_network(browser) as game:
        game.start()
        play_to_the_end(game)
        game.poll("the game-over dialog", lambda: game.dialog_open("over"))
        game.page.locator("#over-dialog").get_by_role("button", name="Review").click()
        game.poll("the review dialog", lambda: game.dialog_open("review"))
        status = "() => document.getElementById('review-status').textContent"
        game.poll("the review's status on the network",
                  lambda: str(game.evaluate(status)).startswith(LOADING))
        grades = "() => document.querySelector('#review-dialog [data-grades]').dataset.grades"
        assert game.evaluate(grades) == "", "nothing graded without the network"
        HeldNetwork.release.set()
        game.poll("the first grades", lambda: len(str(game.evaluate(grades))) > 0, timeout=BOOT_TIMEOUT)
        assert game.state()["solver"] == "learned"
        game.page.locator("#review-dialog").get_by_role("button", name="Cancel").click()


def refuse(how: str) -> Any:
    def route(found: Route) -> None:
        if how == "offline":
            found.abort("internetdisconnected")
        else:
            found.fulfill(status=200, body=b"\x78\x9c not a network", content_type="application/octet-stream")
    return route


@pytest.mark.parametrize("how", ["offline", "damaged"])
def test_a_network_that_cannot_be_had_leaves_the_heuristic_and_is_said_once(open_game: OpenGame,
                                                                             how: str) -> None:
    """Promise (docs/solver.md): offline and never kept, or a damaged file, the solver
    answers Hint with its heuristic (`#game[data-solver]` is `heuristic`), the page says
    so once, quietly, and nothing is thrown into the page (the fixture fails on any
    page error)."""
    game = open_game(viewport={"width": 1000, "height": 800}, locale="en-US")
    game.context.add_init_script(_NOTICES)
    game.context.route(f"**/{NETWORK}", refuse(how))
    game.start()
    game.click("#hint")
    data = game.wait_for("the hint", lambda data: "hint" in data, timeout=BOOT_TIMEOUT)
    assert data["solver"] == "heuristic"
    assert data["hint"] in rules.legal_directions(positions.parse_board(data["board"]))
    game.poll("the fallback said", lambda: FALLBACK in notices(game))
    press_until_moved(game)
    game.click("#hint")
    game.wait_for("the second hint", lambda data: "hint" in data)
    assert notices(game).count(FALLBACK) == 1, notices(game)
    assert game.state()["solver"] == "heuristic" and game.state()["status"] == "playing"
