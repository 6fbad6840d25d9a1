"""Playing: how soon a key first moves the board, and key → board latency.

Same procedure for our page and the original 2048 (the anchor), in fresh contexts with
no saved game (a new visitor):
- first move: from navigation start, an arrow key every ~50 ms from the moment the
  page is committed (the earliest it can take input) until a key moves the board. Our
  page keeps keys pressed before its MicroPython runs and plays them itself as soon as
  it does, long before the engine; the anchor ignores keys until its script has run.
- latency: once the engine has taken over (ours; or, for the "before the engine" runs,
  with the engine's wasm held back so that the page plays every move itself), or once
  the anchor is playable, `moves` moves, each a legal one (chosen with our own rules,
  down-left-right-up first, so both games are played alike), pressed only after the
  previous one showed, at most one per `interval` s (a fast player). Latency is the key's
  keydown event.timeStamp to the board mutation (ours: #game data-board; anchor:
  .tile-container children), and to the next animation frame after it. Also the longest
  main-thread task during the moves. A finished game is restarted by its own button
  (not counted as a move).
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, Page, Route

from game import rules
from game.rules import Board
from tests.bench.boot import READY, Target, scripts_for
from tests.bench.pages import DESKTOP, Network, fresh_page, poll

KEYS = {"left": "ArrowLeft", "up": "ArrowUp", "right": "ArrowRight", "down": "ArrowDown"}
PREFERENCE = ("down", "left", "right", "up")
EARLY_KEYS = ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown")

STATE = {
    "ours": """(() => {
        const g = document.getElementById('game');
        return {board: g.dataset.board, status: g.dataset.status, seen: window.__bench.lat.length};
    })()""",
    "anchor": "({state: localStorage.getItem('gameState'), seen: window.__bench.lat.length})",
}


def first_move(browser: Browser, target: Target, network: Network = DESKTOP,
               every: float = 0.05, timeout: float = 120.0) -> dict[str, Any]:
    """Press arrows every `every` s from commit until a key moved the board."""
    with fresh_page(browser, scripts_for(target.kind, None), network) as page:
        page.goto(target.url, wait_until="commit")
        return press_until_moved(page, target.name, every, timeout)


def press_until_moved(page: Page, name: str, every: float = 0.05, timeout: float = 120.0) -> dict[str, Any]:
    """Press arrows every `every` s (from now: just after a navigation's commit) until a
    key moved the board; when, with what the probe saw."""
    end = time.monotonic() + timeout
    pressed = 0
    while True:
        started = time.monotonic()
        page.keyboard.press(EARLY_KEYS[pressed % len(EARLY_KEYS)])
        pressed += 1
        if page.evaluate("window.__bench && window.__bench.firstMove !== null"):
            break
        if started > end:
            raise TimeoutError(f"{name}: no key moved the board in {timeout:.0f} s")
        time.sleep(max(0.0, started + every - time.monotonic()))  # pacing, not waiting
    found: dict[str, Any] = page.evaluate(
        "(() => { const b = window.__bench;"
        " return {first_move: b.firstMove, ready: b.ready ?? b.tilesFrame, keys_heard: b.keys}; })()"
    )
    found["keys_pressed"] = pressed
    return found


# The first keys of a game, pressed as a quick player presses them: how many, how far
# apart (s), from the moment the board first moved.
FIRST_KEYS = 60
FIRST_KEYS_APART = 0.03


def first_keys(browser: Browser, target: Target, network: Network = DESKTOP,
               keys: int = FIRST_KEYS, apart: float = FIRST_KEYS_APART) -> dict[str, Any]:
    """The first moving key (as `first_move`), then `keys` arrows `apart` s apart at once:
    key → board for each that moved it, whatever the page is doing meanwhile (ours: the
    engine starting and taking the game over). Arrows go round in a circle, so most move."""
    with fresh_page(browser, scripts_for(target.kind, None), network) as page:
        page.goto(target.url, wait_until="commit")
        found = press_until_moved(page, target.name)
        seen = int(page.evaluate("window.__bench.lat.length"))
        for i in range(keys):
            started = time.monotonic()
            page.keyboard.press(EARLY_KEYS[i % len(EARLY_KEYS)])
            time.sleep(max(0.0, started + apart - time.monotonic()))  # pacing, not waiting
        time.sleep(0.5)  # the last keys' boards (a measurement's tail, not a synchronisation)
        found["lat"] = page.evaluate(f"window.__bench.lat.slice({seen})")
        found["taken_over"] = page.evaluate("window.__bench.engine ?? null")
        found["longest"] = page.evaluate(
            "window.__tasks.longest(window.__bench.firstMove, performance.now())")
        return found


def board_of(kind: str, seen: dict[str, Any]) -> Board | None:
    """The board on screen, or None when the game is finished (or not there)."""
    if kind == "ours":
        if seen["status"] != "playing":
            return None
        return tuple(tuple(int(c) for c in row.split(",")) for row in seen["board"].split("/"))
    if not seen["state"]:
        return None  # the anchor clears its saved state when a game is over
    state = json.loads(seen["state"])
    if state["over"] or (state["won"] and not state["keepPlaying"]):
        return None
    cells = state["grid"]["cells"]  # cells[x][y]
    size = state["grid"]["size"]
    return tuple(
        tuple(cells[x][y]["value"] if cells[x][y] else 0 for x in range(size)) for y in range(size)
    )


def restart(page: Page, kind: str) -> None:
    """Start over (game over) or keep playing (won), by the game's own buttons."""
    if kind == "ours":
        page.evaluate("""(() => {
            const won = document.getElementById('game').dataset.status === 'won';
            document.querySelector(won ? '#win-dialog [data-action=keep-playing]'
                                       : '#over-dialog [data-action=new-game]').click();
        })()""")
        poll(page, "document.getElementById('game').dataset.status === 'playing'")
    else:
        page.evaluate("""(() => {
            const s = JSON.parse(localStorage.getItem('gameState') || 'null');
            document.querySelector(s && s.won ? '.keep-playing-button' : '.retry-button').click();
        })()""")
        poll(page, """(() => { const s = JSON.parse(localStorage.getItem('gameState') || 'null');
                       return s && !s.over && (!s.won || s.keepPlaying); })()""")


# Our page before its engine runs: the page plays its own game (game/ui/early.py).
PLAYABLE = "window.__bench && window.__bench.ready !== null"
HELD = "**/pyodide.asm.wasm"  # held back, never answered: the engine cannot start


def latency(browser: Browser, target: Target, moves: int, interval: float = 0.1,
            reduced_motion: bool = False, timeout: float = 120.0, before_engine: bool = False
            ) -> dict[str, Any]:
    """`moves` legal key presses once the engine has taken the game over (or, with
    `before_engine`, with the engine held back: every move played by the page itself);
    latencies and long tasks."""
    held: list[Route] = []
    with fresh_page(browser, scripts_for(target.kind, None), DESKTOP, reduced_motion) as page:
        if before_engine:
            page.route(HELD, lambda route: held.append(route))
        page.goto(target.url, wait_until="commit")
        poll(page, PLAYABLE if before_engine else READY[target.kind], timeout=timeout)
        if target.kind == "anchor":
            poll(page, "localStorage.getItem('gameState') !== null")
        since = float(page.evaluate("performance.now()"))
        done = restarts = 0
        while done < moves:
            seen = page.evaluate(STATE[target.kind])
            board = board_of(target.kind, seen)
            legal = rules.legal_directions(board) if board else []
            if not legal:
                restart(page, target.kind)
                restarts += 1
                continue
            direction = next(d for d in PREFERENCE if d in legal)
            started = time.monotonic()
            page.keyboard.press(KEYS[direction])
            poll(page, f"window.__bench.lat.length > {seen['seen']}", timeout=10, interval=0.002)
            done += 1
            time.sleep(max(0.0, started + interval - time.monotonic()))  # pacing, not waiting
        until = float(page.evaluate("performance.now()"))
        poll(page, f"window.__bench.frameLat.length >= {moves}")
        found: dict[str, Any] = page.evaluate(
            f"({{lat: window.__bench.lat, frame_lat: window.__bench.frameLat,"
            f" task: window.__bench.task || [],"
            f" engine: (document.getElementById('game') || {{dataset: {{}}}}).dataset.engine || null,"
            f" longest: window.__tasks.longest({since}, {until}),"
            f" tasks: window.__tasks.flush().filter((t) => t[0] >= {since})}})"
        )
        for route in held:  # let the held request go before the page does
            route.abort()
    found["moves"] = moves
    found["restarts"] = restarts
    found["seconds"] = (until - since) / 1000
    return found
