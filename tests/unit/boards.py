"""Small helpers shared by the engine tests: boards from text, scripted sources.

In the subset MicroPython runs (tests/unit/subset.py): the shared modules' tests use it.
"""

from game import chance, rules
from game.session import Position, Session

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from game.api import Engine
    from game.chance import WordSource
    from game.rules import Board

ALIKE = 720720  # the least common multiple of 1 to 16: a 4×4 choice is among at most 16


def board(text: str) -> "Board":
    """A board from rows like "2 2 4 ." separated by "/"; "." is empty."""
    return tuple(
        tuple(0 if cell == "." else int(cell) for cell in row.split())
        for row in text.split("/")
    )


def row(text: str) -> "tuple[int, ...]":
    return board(text)[0]


def consistent(b: "Board") -> "Position":
    """A legal position for a board, as if every spawn had been a 2.

    The move count and score are then the ones the tiles imply (see
    `saves.expected_score`), so the position passes save validation.
    """
    from game import saves  # the engine's only: not imported where MicroPython runs these

    moves = sum(map(sum, b)) // 2 - 2
    score = saves.expected_score(b, moves)
    if score is None:
        raise ValueError("no game reaches this board")
    return Position(b, score, moves, max(map(max, b)) >= 2048)


def session_at(b: "Board", words: "list[int] | None" = None, undo_depth: int = 1) -> "Session":
    """A session on a prepared board; spawns come from `words` (first empty cell, a 2)."""
    source = chance.scripted(words if words is not None else [0, 1] * 200)
    won = max(map(max, b)) >= 2048
    return Session(Position(b, 0, 0, won), source, undo_depth=undo_depth)


def alike(n: int) -> "WordSource":
    """A scripted source that gives `1 + n·ALIKE` every time: on a 4×4 board (the daily
    board's too) each of its choices (a cell among at most 16, a 2 or a 4) is the one
    `alike(0)` makes, yet each word is another. Games born from `alike(0)` and
    `alike(1)` at one revision have the very same tiles and spawns, move for move: the
    collision chance makes in about one pair of 4×4 games in 350 (game/session.py
    `identity`), and only the word drawn at their birth tells them apart."""
    word = 1 + n * ALIKE

    def source() -> int:
        return word

    return source


def played(seed: int, moves: int, size: int = 4, undo_depth: int = 1) -> "Session":
    """A real game: up to `moves` random legal moves from a seeded start."""
    session, _ = Session.new(size, chance.seeded(seed), undo_depth=undo_depth)
    source = chance.seeded(seed + 1)
    for _ in range(moves):
        legal = rules.legal_directions(session.position.board)
        if not legal:
            break
        session.move(legal[chance.choose_index(source, len(legal))])
    return session


def played_out(engine: "Engine") -> "dict[str, Any]":
    """The engine's game played to its end (the first legal direction each time): the
    last reply."""
    reply: "dict[str, Any]" = {}
    while engine.session.status != "over":
        reply = engine.move(rules.legal_directions(engine.session.position.board)[0], 100)
    return reply
