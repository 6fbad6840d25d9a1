"""Screenshots of the game in every engine, to look at (not a test: nothing is judged).

    .venv/bin/python -m tests.engines.screens OUT [ENGINE ...]

For each engine (default: all three), a desktop (1280×800) and a phone (390×844), light
and dark: the board of a game under way, the Settings sheet open over it, and Rankings
with a few friends' results; then a finished game's review: the dialog, its move list,
a move shown on the board with both arrows, and Retry your mistakes after a wrong
answer. The files are
OUT/<engine>-<desktop|phone>-<light|dark>-<board|settings|rankings|review|review-moves|
review-board|retry>.png.
"""

from __future__ import annotations

import sys
import time
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import sync_playwright

from game import api, chance
from game.engine_replies import dump_game
from tests.browser import launch_chromium, serve
from tests.e2e import friends, positions
from tests.engines.pages import ENGINES, EnginePage, display, start

ROOT = Path(__file__).resolve().parents[2]
BOARD = positions.board_of([
    [2, 4, 8, 16],
    [32, 64, 128, 256],
    [512, 1024, 0, 0],
    [2, 0, 0, 4],
])
SIZES = {"desktop": (1280, 800, False), "phone": (390, 844, True)}
FRIENDS_RANKINGS = friends.rankings_text([
    (friends.code(date, seed), name) for seed, (date, name) in enumerate([
    ("2026-11-30", "Ana"), ("2026-11-30", "Bo"), ("2026-11-30", "Jo\u00e3o Pedro"), ("2026-11-30", "Cy"),
    ("2026-11-29", "Ana"), ("2026-11-29", "Bo"), ("2026-11-28", "Ana"), ("2026-11-30", "ana")])])


def finished_game() -> str:
    """A lost 4×4 game (keys in a fixed cycle, seeded) as stored: the review's subject."""
    engine = api.Engine(chance.seeded(11))
    engine.start(None, None)
    while engine.session.status != "over":
        for direction in ("left", "down", "right", "down", "up"):
            engine.move(direction)
    return dump_game(engine.session)


def wait(page: EnginePage, what: str, body: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not page.run(body):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def shoot_review(page: EnginePage, name: str, out: Path) -> list[Path]:
    """The review of the game over on the board: the dialog, its list, a move on the
    board, a retry answered wrong."""
    wait(page, "the game-over dialog", "return document.getElementById('over-dialog').open")
    page.click("#over-review")
    wait(page, "the review", "return document.getElementById('review-dialog').dataset.accuracy != null")
    time.sleep(0.5)
    page.screenshot(out / f"{name}-review.png")
    page.run("document.getElementById('review-moves-box').scrollIntoView(); return 1")
    flagged = "#review-moves-rows [role=row]:not([data-grade='b']) button"
    page.run(f"document.querySelector(\"{flagged}\").focus(); return 1")
    time.sleep(0.3)
    page.screenshot(out / f"{name}-review-moves.png")
    page.click(flagged)
    wait(page, "the move shown", "return document.getElementById('game').dataset.watch === 'paused'")
    time.sleep(0.5)
    page.screenshot(out / f"{name}-review-board.png")
    page.press("Escape")
    wait(page, "the review again", "return document.getElementById('review-dialog').open")
    page.click("#review-retry")
    wait(page, "the retry", "return document.getElementById('game').dataset.mode === 'retry'")
    played = page.run("return document.querySelector('#review-moves-rows [aria-current]').dataset.played")
    page.press({"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}[played])
    wait(page, "the answer", "return !!document.getElementById('review-dialog').dataset.retry")
    time.sleep(0.3)
    page.screenshot(out / f"{name}-retry.png")
    return [out / f"{name}-{shot}.png" for shot in ("review", "review-moves", "review-board", "retry")]


def shoot(page: EnginePage, url: str, out: Path) -> list[Path]:
    taken: list[Path] = []
    finished = finished_game()
    for form, (width, height, touch) in SIZES.items():
        for theme in ("light", "dark"):
            page.open(width, height, touch)
            page.goto(url + "assets/icons/icon.svg")
            page.store({
                positions.game_key(4): positions.game_text(BOARD),
                positions.BEST_KEY: positions.best_text(20000),
                positions.SETTINGS_KEY: positions.settings_text(theme=theme),
                friends.RANKINGS_KEY: FRIENDS_RANKINGS,
            })
            page.goto(url)
            page.wait_ready()
            time.sleep(0.5)  # let the entrance animations end: a picture, not a test
            name = f"{page.engine}-{form}-{theme}"
            page.screenshot(out / f"{name}-board.png")
            page.click("#settings")
            time.sleep(0.5)
            page.screenshot(out / f"{name}-settings.png")
            page.click("[data-action='close-settings']")
            page.click("#rankings")
            time.sleep(1.0)
            page.screenshot(out / f"{name}-rankings.png")
            taken += [out / f"{name}-{shot}.png" for shot in ("board", "settings", "rankings")]
            page.goto(url + "assets/icons/icon.svg")
            page.store({positions.game_key(4): finished, positions.BEST_KEY: positions.best_text(20000),
                        positions.SETTINGS_KEY: positions.settings_text(theme=theme)})
            page.goto(url)
            page.wait_ready()
            taken += shoot_review(page, name, out)
    return taken


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    engines = argv[1:] or list(ENGINES)
    with ExitStack() as stack:
        url = stack.enter_context(serve(ROOT))
        for engine in engines:
            chromium = None
            if engine == "chromium":
                chromium = launch_chromium(stack.enter_context(sync_playwright()))
                stack.callback(chromium.close)
            elif engine == "webkit":
                stack.enter_context(display())
            page = start(engine, chromium)
            stack.callback(page.close)
            for path in shoot(page, url, out):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
