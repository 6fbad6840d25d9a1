"""A quick look at what is stored, so that the page can play before the engine runs.

This is not validation: the engine judges every stored document strictly when it takes
the game over (game/saves.py), and what it refuses it sets aside. A quick look only
takes what has the right shape and types to be played (a square board of counts, the
fields a game document holds, best scores that are counts) and gives up on anything
else, without ever raising. Nothing read here is ever treated as HTML.
"""

import json

from game import daily
from game.session import Position, Session, text_identity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from game.chance import WordSource

SIZES = (4, 5, 6)
GAME_FORMAT = "py2048-game"  # the stored game document's (game/saves.py)


def stored_text(quoted: "str | None") -> "str | None":
    """The stored text from its JSON string literal (game/ui/store.py), or None."""
    if not quoted:
        return None
    try:
        text = json.loads(quoted)
    except Exception:  # MicroPython raises ValueError, CPython JSONDecodeError
        return None
    return text if isinstance(text, str) else None


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError("not a count")
    return int(value)  # (a type checker cannot narrow `type(...) is int`)


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise ValueError("not a flag")
    return bool(value)


def _position(data: "Any", size: int) -> "Position":
    board = data["board"]
    if not isinstance(board, list) or len(board) != size:
        raise ValueError("not a board")
    rows = []
    for row in board:
        if not isinstance(row, list) or len(row) != size:
            raise ValueError("not a board")
        rows.append(tuple(_count(value) for value in row))
    return Position(tuple(rows), _count(data["score"]), _count(data["moves"]), _flag(data["won"]))


def game_from_saved(text: "str | None", size: int, daily_board: bool,
                    source: "WordSource") -> "Session | None":
    """The stored game as a session, read leniently (the engine judges it strictly at the
    hand-over); None when the text is no game of this size and kind that the page can
    play. Documents of every version the engine reads (game/saves.py) are read."""
    if not text:
        return None
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != GAME_FORMAT or data.get("size") != size:
            return None
        date = data.get("daily")
        if (date is not None) != daily_board or (date is not None and not daily.valid_date(date)):
            return None
        record = data.get("record")
        game_id = data.get("game")
        return Session(
            _position(data, size), source, undo_depth=_count(data["undo_depth"]),
            history=[_position(p, size) for p in data["history"]], keep_playing=_flag(data["keep_playing"]),
            clock_ms=_count(data["clock_ms"]), revision=_count(data.get("revision", 0)),
            counted=_flag(data.get("counted", False)), daily=daily.Daily(date) if date else None,
            practice=_flag(data.get("practice", False)), record=record if isinstance(record, str) else None,
            game_id=game_id if isinstance(game_id, str) and game_id else text_identity(text))
    except Exception:  # MicroPython and CPython raise different errors on bad input
        return None


def best_from_saved(text: "str | None") -> "dict[int, int]":
    """The stored best scores, read leniently: each size's that is a count."""
    found: "dict[int, int]" = {}
    if not text:
        return found  # none stored (a miss below is an exception: dear in MicroPython)
    try:
        table = json.loads(text)["best"]
        for size in SIZES:
            value = table.get(str(size))
            if type(value) is int and value >= 0:
                found[size] = value
    except Exception:  # no best scores that a quick look can read: none
        return {}
    return found


def board_attr(board: "list[list[int]]") -> str:
    """The `data-board` form: rows joined by '/', cells by ',', empty = 0."""
    return "/".join(",".join(str(v) for v in row) for row in board)
