"""Start-up: the saved board plays at once, keys before Python ran are kept, only own-origin requests."""

from __future__ import annotations

import itertools

from playwright.sync_api import Route

from game import rules
from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import BOOT_TIMEOUT, GamePage
from tests.e2e.positions import ORDER_BOARD

ALLOWED_SOURCES = {"'self'", "'none'", "'unsafe-eval'", "'wasm-unsafe-eval'", "blob:", "data:"}


def test_saved_board_plays_before_the_engine_and_early_keys_are_applied_in_order(game: GamePage) -> None:
    """The saved board plays before the engine is ready: keys pressed before MicroPython
    runs are kept and applied, in order, as soon as it runs, and keys pressed while
    Pyodide loads are applied at once; the engine then takes the game over unchanged."""
    start = game.set_board(ORDER_BOARD)
    order = ("left", "up", "right", "down")
    expected = positions.outcomes(start, order)
    assert positions.always_changes(start, order)
    for other in itertools.permutations(order):  # the test can tell the order apart
        assert other == order or not expected & positions.outcomes(start, other), other

    held: list[Route] = []  # both interpreters' wasm is held until the test lets it go

    def hold(route: Route) -> None:
        held.append(route)

    game.context.route("**/micropython.wasm", hold)
    game.context.route("**/pyodide.asm.wasm", hold)

    def release(name: str) -> None:
        game.poll(f"the request for {name}", lambda: any(r.request.url.endswith(name) for r in held),
                  BOOT_TIMEOUT)
        for route in [r for r in held if r.request.url.endswith(name)]:
            route.continue_()

    game.goto(wait_until="domcontentloaded")
    game.press("ArrowLeft", "w")  # before the UI runs: kept by assets/boot.js
    assert game.state()["status"] == "loading"

    release("micropython.wasm")
    data = game.wait_inputs(2, timeout=BOOT_TIMEOUT)
    assert (data["status"], data["engine"]) == ("playing", "starting"), "the engine's wasm is held"
    assert game.game_state() in positions.outcomes(start, order[:2])
    assert len(game.tiles()) == positions.tile_count(positions.parse_board(data["board"]))

    game.press("ArrowRight", "j")  # the UI listens now; the engine is still loading
    data = game.wait_inputs(4)
    assert data["engine"] == "starting"
    assert game.game_state() in expected, "the four keys were not applied once each, in order"
    shown = game.game_state()

    release("pyodide.asm.wasm")
    data = game.wait_ready()
    assert game.game_state() == shown and data["inputs"] == "4"


def test_the_tab_icon_is_asked_for_only_once_the_game_is_on_screen(game: GamePage) -> None:
    """Decoding the icon's SVG cost the start 3-12 ms of the main thread: the page names
    an empty icon (so no /favicon.ico is asked for either) until the game has left
    "loading", then the real one."""
    icon = game.base_url + "/assets/icons/icon.svg"
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    game.context.route("**/micropython.wasm", hold)
    game.goto(wait_until="domcontentloaded")
    game.poll("the request for MicroPython's wasm", lambda: bool(held), BOOT_TIMEOUT)
    assert game.state()["status"] == "loading"
    assert game.evaluate("document.getElementById('icon').getAttribute('href')") == "data:,"
    assert icon not in game.requests
    for route in held:
        route.continue_()
    game.poll("the game on screen", lambda: game.state()["status"] == "playing", BOOT_TIMEOUT)
    game.poll("the icon's request", lambda: icon in game.requests, BOOT_TIMEOUT)
    assert game.evaluate("document.getElementById('icon').href") == icon
    assert not [url for url in game.requests if url.endswith("/favicon.ico")]


def test_boot_and_play_request_only_own_origin_and_every_asset_loads(game: GamePage) -> None:
    game.start()
    for n in range(1, 4):
        board = positions.parse_board(game.state()["board"])
        game.press({"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp",
                    "down": "ArrowDown"}[rules.legal_directions(board)[0]])
        game.wait_inputs(n)
    game.press("u")
    game.wait_inputs(4)
    own = game.base_url + "/"
    for needed in ("assets/runtime/pyodide/pyodide.asm.wasm", "game/worker.py", "game/ui/app.py"):
        assert own + needed in game.requests, f"{needed} was not seen: requests are not all logged"
    assert not game.foreign_requests()
    assert not game.bad_responses, f"page resources that failed to load: {game.bad_responses}"


def test_csp_meta_allows_nothing_from_another_origin(open_game: OpenGame) -> None:
    game = open_game()
    game.goto(wait_until="domcontentloaded")
    metas: list[str] = game.page.evaluate(
        "() => [...document.querySelectorAll('meta[http-equiv]')]"
        ".filter(m => m.httpEquiv.toLowerCase() === 'content-security-policy').map(m => m.content)")
    assert len(metas) == 1, metas
    policy: dict[str, list[str]] = {}
    for directive in metas[0].split(";"):
        words = directive.split()
        if words:
            policy[words[0]] = words[1:]
    assert policy.get("default-src") == ["'self'"], policy
    assert policy.get("connect-src") == ["'self'"], policy
    assert "'unsafe-inline'" not in policy.get("script-src", ["'unsafe-inline'"]), policy
    for name, sources in policy.items():
        foreign = [s for s in sources if s not in ALLOWED_SOURCES]
        assert not foreign, f"{name} allows {foreign}"
