"""Prepared games for the browser tests, built with the project's own engine code.

Saved documents come from `game.saves` itself (so they pass its strict validation), and
the results a move may have come from `game.rules`: a move on the page is checked
against every board the rules allow (the slide, plus one spawn of 2 or 4 in any empty
cell), since the spawn itself is random.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from game import chance, rules, saves, settings
from game.rules import Board
from game.session import Position, Session

# Storage keys (game/ui/store.py: one prefix; the UI module itself imports `js`).
GAME_KEY = "py2048:game"
BEST_KEY = "py2048:best"
SETTINGS_KEY = "py2048:settings"


def game_key(size: int) -> str:
    """Each board size has its own saved game (4×4 keeps the first key's name)."""
    return GAME_KEY if size == 4 else f"{GAME_KEY}-{size}"


def settings_text(**values: Any) -> str:
    """A settings document: the defaults, with `values` changed."""
    chosen = settings.defaults()
    chosen.update(values)
    return settings.dump_settings(chosen)

# What a move is checked on: the board, the score and the move counter.
State = tuple[Board, int, int]


def board_of(rows: Sequence[Sequence[int]]) -> Board:
    return tuple(tuple(row) for row in rows)


def parse_board(attr: str) -> Board:
    """A board from the `data-board` form: rows joined by '/', cells by ','."""
    return tuple(tuple(int(cell) for cell in row.split(",")) for row in attr.split("/"))


def board_attr(board: Board) -> str:
    return "/".join(",".join(str(cell) for cell in row) for row in board)


def tile_count(board: Board) -> int:
    return sum(1 for row in board for cell in row if cell)


def implied_moves(board: Board) -> int:
    """A move count that fits the board: as if every spawn had been a 2."""
    return sum(map(sum, board)) // 2 - 2


def position(board: Board, moves: int | None = None) -> Position:
    """The legal position for a board: the score is the only one the tiles allow."""
    if moves is None:
        moves = implied_moves(board)
    score = saves.expected_score(board, moves)
    if score is None:
        raise ValueError(f"no game reaches {board} in {moves} moves")
    return Position(board, score, moves, rules.max_tile(board) >= rules.WIN_VALUE)


def game_text(board: Board, moves: int | None = None) -> str:
    """A valid saved game on this board, with an empty undo history."""
    session = Session(position(board, moves), chance.secrets_source)
    text = saves.dump_game(session)
    saves.load_game(text, chance.secrets_source)  # the page must accept it too
    return text


def game_document(board: Board, moves: int | None = None) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(game_text(board, moves))
    return document


def best_text(best: int, size: int = 4) -> str:
    text = saves.dump_best({size: best})
    saves.load_best(text)
    return text


def state_of(board: Board, moves: int | None = None) -> State:
    p = position(board, moves)
    return (p.board, p.score, p.moves)


def after_move(states: Iterable[State], direction: str) -> set[State]:
    """Every state one move attempt can lead to (a move that changes nothing: the same)."""
    out: set[State] = set()
    for board, score, moves in states:
        slid, points = rules.slide(board, direction)
        if slid == board:
            out.add((board, score, moves))
            continue
        for cell in rules.empty_cells(slid):
            for value in (2, 4):
                out.add((rules.place(slid, cell, value), score + points, moves + 1))
    return out


def outcomes(start: State, directions: Sequence[str]) -> set[State]:
    states = {start}
    for direction in directions:
        states = after_move(states, direction)
    return states


def always_changes(start: State, directions: Sequence[str]) -> bool:
    """True when every move of the sequence changes the board, whatever spawns."""
    states = {start}
    for direction in directions:
        if any(rules.slide(board, direction)[0] == board for board, _, _ in states):
            return False
        states = after_move(states, direction)
    return True


# Every direction changes this board, and no two directions can give the same result,
# so the board after one move says which direction was applied.
KEYS_BOARD = board_of([
    [0, 2, 2, 2],
    [0, 128, 0, 128],
    [0, 16, 256, 256],
    [16, 64, 0, 16],
])

# Left, up, right, down changes the board at every step whatever spawns, and no other
# order of the same four moves can end in the same board, score and move count.
ORDER_BOARD = board_of([
    [4, 0, 4, 256],
    [256, 256, 128, 0],
    [4, 0, 2, 128],
    [128, 2, 256, 32],
])

# Two 1024s side by side: left makes 2048.
WIN_BOARD = board_of([
    [1024, 1024, 0, 0],
    [2, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
])

# One empty cell, no equal neighbours; left and up are the only moves, and after
# either, whatever spawns, no move is left: any player (the solver too) loses next.
DOOMED_BOARD = board_of([
    [0, 64, 32, 16],
    [16, 8, 64, 32],
    [64, 16, 8, 512],
    [256, 32, 16, 256],
])

# One empty cell, no equal neighbours: after left, whatever spawns, no move is left.
# Right is legal here (and undo after the loss makes the game playable again).
OVER_BOARD = board_of([
    [16, 0, 8, 16],
    [256, 16, 64, 8],
    [8, 256, 16, 256],
    [32, 64, 32, 8],
])
