"""Promise: a first visit's start raises nothing on the way.

In the page's MicroPython (PyScript's WebAssembly build) every exception raised, even
one caught at once, is a JavaScript exception thrown through the interpreter's
WebAssembly, tens of microseconds each: reading "nothing stored" by letting a parser
fail cost five of them in a new player's first game (docs/performance.md). CPython can
count what MicroPython cannot: every exception raised in any frame while the start runs.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import partial
from types import FrameType
from typing import Any

from game import chance, settings
from game.tally import Known
from game.ui.early import EarlyPlay
from game.ui.snapshot import best_from_saved
from tests.unit.stats_documents import counting, days, document, entry, game_id

NOW = 1_765_000_000_000.0


def raised_in(call: Callable[[], Any]) -> list[str]:
    """The exceptions raised (and caught or not) anywhere while `call` runs."""
    seen: list[BaseException] = []

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        # GeneratorExit: CPython closing a generator left unfinished, which MicroPython
        # does not do (it has no such finaliser); StopIteration: a generator's end.
        ignored = isinstance(arg[1], (GeneratorExit, StopIteration)) if event == "exception" else True
        if not ignored and not any(arg[1] is e for e in seen):
            seen.append(arg[1])
        return trace

    sys.settrace(trace)
    try:
        call()
    finally:
        sys.settrace(None)
    return [repr(e) for e in seen]


def test_a_new_players_first_game_begins_without_an_exception() -> None:
    early = EarlyPlay(chance.seeded(1), lambda: NOW)
    assert raised_in(lambda: early.load("", "", "", 4, 1, False, "")) == []


def test_nothing_stored_is_read_without_an_exception() -> None:
    for stored in ("", None):
        reads: list[Callable[[str | None], Any]] = [settings.read_settings, best_from_saved, Known().read]
        for read in reads:
            assert raised_in(partial(read, stored)) == [], read


def test_good_stored_statistics_are_read_without_an_exception() -> None:
    """A returning player's statistics, with a year of daily results, read by the one
    reader (game/stats_reader.py) when the page first asks about them."""
    year = [(f"2025-{month:02}-{day:02}", 4 * day) for month in range(1, 13) for day in range(1, 29)]
    sizes = {"4": entry(), "5": counting([game_id(n) for n in range(10, 60)])}
    text = json.dumps(document(sizes, daily=days(*year)))
    known = Known()
    known.read(text)
    assert raised_in(lambda: known.holds(4, game_id(1))) == [] and known.holds(5, game_id(59))
    assert known.day_best("2025-12-28") == 112


def test_what_is_stored_is_still_read_and_what_is_broken_still_gives_way() -> None:
    assert settings.read_settings("{") == settings.defaults()
    assert best_from_saved('{"best": {"4": 2048}}') == {4: 2048}
    assert best_from_saved("[1]") == {}
    known = Known()
    known.read(json.dumps(document({"4": counting([game_id(1)])})))
    assert known.games == {4: [game_id(1)]} and known.played == {4: 1}
