"""A quick look at the saved game, to paint the board before the engine is ready.

This is not validation (the engine does that, strictly, a moment later): it only
extracts a square board of small non-negative integers to show as text, and gives up
on anything else. Nothing read here is ever treated as HTML.
"""

import json

SIZES = (4, 5, 6)


def stored_text(quoted: "str | None") -> "str | None":
    """The stored text from its JSON string literal (game/ui/store.py), or None."""
    if not quoted:
        return None
    try:
        text = json.loads(quoted)
    except Exception:  # MicroPython raises ValueError, CPython JSONDecodeError
        return None
    return text if isinstance(text, str) else None


def board_from_saved(text: "str | None") -> "list[list[int]] | None":
    """The saved board if the text looks like one, else None."""
    if not text or len(text) > 200000:
        return None
    try:
        data = json.loads(text)
    except Exception:  # MicroPython raises ValueError, CPython JSONDecodeError
        return None
    if not isinstance(data, dict):
        return None
    board = data.get("board")
    if not isinstance(board, list) or len(board) not in SIZES:
        return None
    size = len(board)
    rows = []
    for row in board:
        if not isinstance(row, list) or len(row) != size:
            return None
        for value in row:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value > 1 << 40:
                return None
        rows.append(list(row))
    return rows


def board_attr(board: "list[list[int]]") -> str:
    """The `data-board` form: rows joined by '/', cells by ',', empty = 0."""
    return "/".join(",".join(str(v) for v in row) for row in board)
