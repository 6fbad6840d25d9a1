"""The engine's entry in the browser: Pyodide in a PyScript worker.

The only engine module that touches the browser: it supplies
`crypto.getRandomValues` as the random source and exports `game.api.Engine`'s calls
as functions taking and returning JSON text, so exactly plain data crosses from the
worker to the MicroPython UI (no proxies to leak or to convert differently in the two
interpreters).
"""

from __future__ import annotations

import json

import js

from game.api import Engine


class CryptoWords:
    """32-bit words from `crypto.getRandomValues`, fetched 256 at a time."""

    def __init__(self) -> None:
        self._words: list[int] = []

    def __call__(self) -> int:
        if not self._words:
            batch = js.Uint32Array.new(256)
            js.crypto.getRandomValues(batch)
            self._words = [int(w) for w in batch.to_py()]
        return self._words.pop()


engine = Engine(CryptoWords())


def start(game_text: str, best_text: str, size: int, undo_depth: int) -> str:
    return json.dumps(engine.start(game_text or None, best_text or None, int(size), int(undo_depth)))


def move(direction: str, clock_ms: int) -> str:
    return json.dumps(engine.move(str(direction), int(clock_ms)))


def undo(clock_ms: int) -> str:
    return json.dumps(engine.undo(int(clock_ms)))


def new_game(size: int) -> str:
    return json.dumps(engine.new_game(int(size) or None))


def keep_playing(clock_ms: int) -> str:
    return json.dumps(engine.keep_playing(int(clock_ms)))


def merge_best(best_text: str) -> str:
    return json.dumps(engine.merge_best(str(best_text)))


def set_clock(clock_ms: int) -> str:
    return json.dumps(engine.set_clock(int(clock_ms)))


__export__ = ["start", "move", "undo", "new_game", "keep_playing", "merge_best", "set_clock"]
