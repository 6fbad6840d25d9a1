"""Versioned JSON documents for a game and the best scores, with strict validation.

Saved data comes from `localStorage`, which anything on the device can edit, so a
document is checked against what a real game can produce before it is used, and
rejected (never repaired) otherwise. Beyond shape and types, the rules pin the
numbers down: every tile comes from spawns of 2 or 4, one per move plus two at the
start, so the sum of the tiles fixes how many 4s were spawned, and that in turn fixes
the score exactly (a tile 2**k built from 2s earned (k-1)*2**k points; each 4 spawned
instead of two 2s earned 4 fewer). The undo history must be a chain of real moves.
A game document carries a revision, so that of two tabs' copies the newer is known,
and (version 3) whether it has been counted in the statistics.
Best scores are judged size by size: a bad entry is set aside alone, so it cannot
cost the player the valid best of another size.
The format is documented in docs/save-format.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from game import daily, record, replay, rules
from game.engine_replies import (
    BEST_FORMAT,
    BEST_VERSION,
    GAME_FORMAT,
    GAME_VERSION,
    dump_best,
    dump_game,
    game_document,
    position_document,
)
from game.judging import (
    MAX_CLOCK_MS,
    MAX_SCORE,
    MAX_TEXT,
    SIZE_KEYS,
    SaveError,
    document_of,
    int_in,
    is_int,
    judge_sizes,
    max_score,
    max_value,
)
from game.rules import Board
from game.session import MAX_REVISION, UNDO_DEPTHS, Position, Session, is_identity, text_identity

GAME_VERSIONS = (1, 2, 3, 4, 5)  # what load_game reads; version 1 is revision 0, 1 and 2 uncounted
# What the engine writes is game/engine_replies.py's (a reply carries the documents to store);
# read back here. MAX_REVISION is game/session.py's: the largest integer a JavaScript
# number holds exactly.
# What every document's numbers are judged by is game/judging.py's (the page reads by it too).
__all__ = ["BEST_FORMAT", "BEST_VERSION", "GAME_FORMAT", "GAME_VERSION", "MAX_CLOCK_MS", "MAX_REVISION",
           "MAX_SCORE", "MAX_TEXT", "SIZE_KEYS", "SaveError", "dump_best", "dump_game", "game_document",
           "int_in", "is_int", "judge_sizes", "max_score", "max_value", "position_document"]
MAX_DEPTH = 32  # a real save nests 5 deep; Pyodide's parser dies (not raises) near 10 000

_GAME_KEYS = frozenset(
    {"format", "version", "size", "board", "score", "moves", "won", "keep_playing",
     "clock_ms", "undo_depth", "history"}
)
_GAME_KEYS_BY_VERSION = {
    1: _GAME_KEYS, 2: _GAME_KEYS | {"revision"}, 3: _GAME_KEYS | {"revision", "counted"},
    4: _GAME_KEYS | {"revision", "counted", "daily", "practice", "record"},
    5: _GAME_KEYS | {"revision", "counted", "daily", "practice", "record", "game"}}
_POSITION_KEYS = frozenset({"board", "score", "moves", "won"})
_BEST_KEYS = frozenset({"format", "version", "best"})


def bool_of(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise SaveError(f"{what} is not true or false")
    return value


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # a complete JSON string
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def nesting_depth(text: str) -> int:
    """How deep JSON brackets nest, ignoring brackets inside strings.

    Checked before parsing because deep nesting does not fail politely everywhere:
    CPython raises RecursionError, but in Pyodide the JavaScript stack overflows and
    takes the whole interpreter down. The strings (and then all but the brackets) are
    cut out by regular expressions first, so that a document of a megabyte (the
    friends' Rankings) is measured in milliseconds, not by a Python loop over every
    character; a string left open runs to the end of the text.
    """
    outside = _STRING.sub("", text)
    unclosed = outside.find('"')
    if unclosed >= 0:
        outside = outside[:unclosed]
    depth = deepest = 0
    for char in _NOT_BRACKET.sub("", outside):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_json(text: object, max_text: int = MAX_TEXT) -> Any:
    """Parsed JSON from text within the limits every stored or imported document obeys.

    The limits come before the parser: a longer text than any real document, or one
    nested deeper than any real one (see `nesting_depth`), is refused unread. NaN and
    Infinity, which Python's parser accepts but JSON does not have, are refused too.
    """
    if not isinstance(text, str):
        raise SaveError("not text")
    if len(text) > max_text:
        raise SaveError("too long")
    if nesting_depth(text) > MAX_DEPTH:
        raise SaveError("nested too deeply")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise SaveError("not JSON") from error


def parse_document(
    text: object, fmt: str, versions: tuple[int, ...], max_text: int = MAX_TEXT
) -> dict[str, Any]:
    """A JSON object of format `fmt` and one of `versions` (`parse_json`'s limits)."""
    return document_of(parse_json(text, max_text), fmt, versions)


def _board(value: object, size: int) -> Board:
    if not isinstance(value, list) or len(value) != size:
        raise SaveError("board has the wrong number of rows")
    top = max_value(size)
    rows: list[tuple[int, ...]] = []
    for row in value:
        if not isinstance(row, list) or len(row) != size:
            raise SaveError("board row has the wrong length")
        for cell in row:
            if not is_int(cell) or not (cell == 0 or (2 <= cell <= top and cell & (cell - 1) == 0)):
                raise SaveError("board cell is not empty or a power of two")
        rows.append(tuple(row))
    return tuple(rows)


def expected_score(board: Board, moves: int) -> int | None:
    """The only score a game can have with this board after this many moves (or None).

    None means no sequence of spawns fits: the tiles add up to too little or too much
    for `moves + 2` spawns of 2 or 4.
    """
    values = [v for row in board for v in row if v]
    spawns = moves + 2
    fours, odd = divmod(sum(values) - 2 * spawns, 2)
    if odd or not 0 <= fours <= spawns or not 2 <= len(values) <= spawns:
        return None
    all_twos = sum((v.bit_length() - 2) * v for v in values)
    return all_twos - 4 * fours


def _position(data: object, size: int) -> Position:
    if not isinstance(data, dict) or set(data) != _POSITION_KEYS:
        raise SaveError("position has the wrong fields")
    board = _board(data["board"], size)
    moves = int_in(data["moves"], "moves")
    score = int_in(data["score"], "score")
    won = bool_of(data["won"], "won")
    if expected_score(board, moves) != score:
        raise SaveError("score, moves and tiles do not agree")
    if won != (rules.max_tile(board) >= rules.WIN_VALUE):
        raise SaveError("won flag does not match the tiles")
    return Position(board, score, moves, won)


def _follows(before: Position, after: Position) -> bool:
    """True when `after` is `before` plus one real move and one spawn."""
    if after.moves != before.moves + 1:
        return False
    for direction in rules.DIRECTIONS:
        slid, points = rules.slide(before.board, direction)
        if slid == before.board or after.score != before.score + points:
            continue
        changed = [
            (a, b)
            for row_a, row_b in zip(slid, after.board)
            for a, b in zip(row_a, row_b)
            if a != b
        ]
        if len(changed) == 1 and changed[0][0] == 0 and changed[0][1] in (2, 4):
            return True
    return False


def load_game(
    text: object, source: Any, best: dict[int, int] | None = None, size: int | None = None
) -> Session:
    """A session from saved text, or SaveError saying what is wrong with it.

    `best` is the best score per board size; the session takes its own size's. With
    `size`, a game of another size is refused too: each size has its own saved game,
    and a game under the wrong size's name was not written by this engine.
    Version 1 documents (written before games had a revision) read as revision 0, and
    versions 1 and 2 (written before statistics) as not counted, under the same rules
    otherwise.
    """
    data = parse_document(text, GAME_FORMAT, GAME_VERSIONS)
    if set(data) != _GAME_KEYS_BY_VERSION[data["version"]]:
        raise SaveError("game has the wrong fields")
    revision = int_in(data["revision"], "revision", 0, MAX_REVISION) if "revision" in data else 0
    counted = bool_of(data["counted"], "counted") if "counted" in data else False
    found = data["size"]
    if not is_int(found) or found not in rules.SIZES:
        raise SaveError("unsupported board size")
    if size is not None and found != size:
        raise SaveError("game is for another board size")
    size = found
    position = _position({k: data[k] for k in _POSITION_KEYS}, size)
    keep_playing = bool_of(data["keep_playing"], "keep_playing")
    if keep_playing and not position.won:
        raise SaveError("keep playing without a win")
    clock_ms = int_in(data["clock_ms"], "clock", 0, MAX_CLOCK_MS)
    undo_depth = data["undo_depth"]
    if not is_int(undo_depth) or undo_depth not in UNDO_DEPTHS:
        raise SaveError("unsupported undo depth")
    raw_history = data["history"]
    if not isinstance(raw_history, list) or len(raw_history) > undo_depth:
        raise SaveError("undo history is too long")
    history = [_position(p, size) for p in raw_history]
    for before, after in zip(history, history[1:] + [position]):
        if not _follows(before, after):
            raise SaveError("undo history is not a chain of moves")
    recorded = data.get("record")
    if recorded is not None and not record.well_formed(recorded, size, position.moves):
        raise SaveError("record does not fit the game")
    day, practice = _daily_of(data, size, position, history, recorded)
    return Session(
        position,
        source,
        best=(best or {}).get(size, 0),
        undo_depth=undo_depth,
        history=history,
        keep_playing=keep_playing,
        clock_ms=clock_ms,
        revision=revision,
        counted=counted,
        daily=day,
        practice=practice,
        record=recorded,
        game_id=_identity(data, str(text)),
    )


def _identity(data: dict[str, Any], text: str) -> str:
    """The game's identity (game/session.py `identity`). A game of version 4 or older has
    none stored (nor one written by a session made without one, "": a test's): it takes
    its text's (`session.text_identity`), the same at every load of that text."""
    game_id = data.get("game") or text_identity(text)
    if not is_identity(game_id):
        raise SaveError("game identity is not one")
    return str(game_id)


def _daily_of(
    data: dict[str, Any], size: int, position: Position, history: list[Position], recorded: str | None
) -> tuple[daily.Daily | None, bool]:
    """A daily game's board and practice flag, judged: no undo history, and its record
    must replay, on that day's board, to exactly the stored position (one replay, about
    10 ms per 1 000 moves), so that a result or a code taken from it is the real game."""
    date = data.get("daily")
    practice = bool_of(data.get("practice", False), "practice")
    if date is None:
        if practice:
            raise SaveError("practice outside a daily game")
        return None, False
    if not daily.valid_date(date) or size != daily.SIZE:
        raise SaveError("not a daily board")
    if history or recorded is None:
        raise SaveError("a daily game has no undo and keeps its record")
    try:
        outcome = replay.replay(replay.Claim(date, size, tuple(record.directions(recorded))))
    except replay.Rejection as refusal:
        raise SaveError("daily record does not replay") from refusal
    if (record.read(recorded, size) != outcome.film or outcome.score != position.score
            or outcome.won != position.won or outcome.board != position.board):
        raise SaveError("daily record does not give this game")
    return daily.Daily(date, size), practice


@dataclass(frozen=True)
class BestScores:
    """The best-score entries that passed, and which ones were set aside.

    Each size's entry is judged on its own: one edited or corrupted entry must not cost
    the player the valid best of another size (RULES.md: the best never drops).
    """

    scores: dict[int, int]
    rejected_sizes: tuple[int, ...] = ()  # board sizes whose entry was set aside, sorted
    unknown_keys: int = 0  # entries under a key that names no board size, set aside

    @property
    def complete(self) -> bool:
        """True when nothing in the document was set aside."""
        return not self.rejected_sizes and not self.unknown_keys


def _best_entry(value: object, size: int) -> int:
    score = int_in(value, "best score", 0, max_score(size))
    if score % 4:
        raise SaveError("best score is not a reachable score")
    return score


def read_best(text: object) -> BestScores:
    """Best score per board size from saved text, entry by entry.

    Raises SaveError only when the document as a whole is unusable (not text, too long,
    too deep, not JSON, wrong format, version or fields, `best` not an object); a bad
    entry is left out and named in the result instead.
    """
    data = parse_document(text, BEST_FORMAT, (BEST_VERSION,))
    if set(data) != _BEST_KEYS:
        raise SaveError("best scores have the wrong fields")
    scores, rejected, unknown = judge_sizes(data["best"], "best scores", _best_entry)
    return BestScores(scores, rejected, unknown)


def load_best(text: object) -> dict[int, int]:
    """The valid best scores per board size (bad entries left out), or SaveError for a
    document that is unusable as a whole. `read_best` also says what was left out."""
    return read_best(text).scores
