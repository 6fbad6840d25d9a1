"""Saved data is never trusted: bad entries give a fresh game and a notice; no storage still plays."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from game import chance, rules, saves
from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import GamePage
from tests.e2e.positions import BEST_KEY, GAME_KEY, KEYS_BOARD

IMG = "<img src=x onerror=\"document.title='pwned'\">"
VALID_BEST = 1232


def changed(change: Callable[[dict[str, Any]], None]) -> str:
    document = positions.game_document(KEYS_BOARD)
    change(document)
    return json.dumps(document)


def wrong_types(d: dict[str, Any]) -> None:
    d["board"] = [[str(v) for v in row] for row in d["board"]]
    d["score"] = str(d["score"])
    d["won"] = "no"


def impossible_score(d: dict[str, Any]) -> None:
    d["score"] += 4


def huge_values(d: dict[str, Any]) -> None:
    d["board"][0][0] = 1 << 40
    d["board"][3][3] = 10**30
    d["score"] = 10**30
    d["moves"] = 10**25
    d["clock_ms"] = 10**40


def html_values(d: dict[str, Any]) -> None:
    d["board"][0][0] = IMG
    d["board"][1] = [IMG] * 4
    d["size"] = IMG
    d["format"] = IMG


# name: (game entry, best entry, best the page must show)
CORRUPTED: dict[str, tuple[str, str, int]] = {
    "garbage-json": ('{"format":"py2048-game","version":1,"board":[[2,2', positions.best_text(VALID_BEST),
                     VALID_BEST),
    "wrong-types": (changed(wrong_types), positions.best_text(VALID_BEST), VALID_BEST),
    "impossible-score": (changed(impossible_score), positions.best_text(VALID_BEST), VALID_BEST),
    "huge-values": (changed(huge_values), positions.best_text(VALID_BEST), VALID_BEST),
    "html-in-values": (changed(html_values),
                       json.dumps({"format": "py2048-best", "version": 1, "best": {"4": IMG}}), 0),
}


@pytest.mark.parametrize("case", list(CORRUPTED))
def test_corrupted_storage_gives_a_fresh_game_a_notice_and_keeps_a_valid_best(
        game: GamePage, case: str) -> None:
    game_entry, best_entry, best = CORRUPTED[case]
    with pytest.raises(saves.SaveError):  # the premise: the engine rejects the game entry
        saves.load_game(game_entry, chance.secrets_source)
    if best:
        assert saves.load_best(best_entry)[4] == best
    else:
        with pytest.raises(saves.SaveError):
            saves.load_best(best_entry)
    game.prepare_storage({GAME_KEY: game_entry, BEST_KEY: best_entry})
    data = game.start()

    assert data["status"] == "playing"
    assert (data["moves"], data["score"], data["best"]) == ("0", "0", str(best))
    board = positions.parse_board(data["board"])
    assert positions.tile_count(board) == 2 and len(game.tiles()) == 2
    shown, text = game.notice()
    assert shown and text.strip(), "no visible notice about the saved game"
    assert "<" not in text
    assert game.evaluate("() => document.querySelectorAll('img, [onerror]').length") == 0
    assert game.evaluate("() => document.title") != "pwned"
    assert not [url for url in game.requests if url.endswith("/x")], "the HTML was rendered"
    assert all(tile.isdigit() for _, _, tile in game.tiles())

    stored: dict[str, str | None] = game.evaluate(
        f"() => ({{game: localStorage.getItem('{GAME_KEY}'), best: localStorage.getItem('{BEST_KEY}')}})")
    assert stored["game"] is not None, "the fresh game was not saved over the bad one"
    fresh = saves.load_game(stored["game"], chance.secrets_source)
    assert fresh.position.moves == 0 and fresh.position.board == board
    if best:
        assert stored["best"] is not None and saves.load_best(stored["best"])[4] == best

    game.press({"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp",
                "down": "ArrowDown"}[rules.legal_directions(board)[0]])
    assert game.wait_inputs(1)["moves"] == "1", "the fresh game does not play"


NO_STORAGE = {
    "getter-throws": "Object.defineProperty(window, 'localStorage', {configurable: true,"
                     " get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});",
    "setitem-throws": "Storage.prototype.setItem = function () {"
                      " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };",
}


@pytest.mark.parametrize("case", list(NO_STORAGE))
def test_unavailable_storage_still_plays_and_says_progress_is_not_kept(
        open_game: OpenGame, case: str) -> None:
    game = open_game()
    game.page.add_init_script(NO_STORAGE[case])
    data = game.start()
    assert data["status"] == "playing" and data["moves"] == "0"
    board = positions.parse_board(data["board"])
    assert positions.tile_count(board) == 2
    shown, text = game.notice()
    assert shown, "no notice that progress will not be kept"
    assert "progress" in text.lower() and ("not" in text.lower() or "n't" in text.lower()), text
    for n in range(1, 4):
        board = positions.parse_board(game.state()["board"])
        game.press({"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp",
                    "down": "ArrowDown"}[rules.legal_directions(board)[0]])
        assert game.wait_inputs(n)["moves"] == str(n)
