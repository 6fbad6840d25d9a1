"""The engine's replies: a session's reply with the documents it carries to store.

Every game call's reply, each lookahead candidate's and each watched move's is made here
(`reply_of`), with the fields every reply says (game/replies.py, shared with the page)
and the game and best-score documents, written here as every reply writes them and read
back strictly in game/saves.py (docs/save-format.md). Only the engine imports this: the
page's own replies carry steps instead, and every module the page imports is code its
start loads on a phone's CPU.
"""

import json

from game import rules
from game.replies import raise_best, skeleton, state_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from game.session import Position, Session

GAME_FORMAT = "py2048-game"
BEST_FORMAT = "py2048-best"
GAME_VERSION = 5  # what dump_game writes: version 4 plus "game", the game's identity
BEST_VERSION = 1


def reply_of(session: "Session", best: "dict[int, int]", kind: str, changed: bool, game_changed: bool,
             **extra: "Any") -> "dict[str, Any]":
    """The engine's reply for this session, raising `best` (and the session's best) to
    its score: every game call's, each lookahead candidate's and each watched move's
    (game/codes.py), so that a candidate's reply is the very reply a move gives."""
    raise_best(session, best)
    reply = skeleton(kind, changed, game_changed)
    reply.update(extra)
    reply["state"] = state_of(session, best)
    reply["save"] = dump_game(session)
    reply["best_save"] = dump_best(best)
    return reply


# -- the documents a reply carries (docs/save-format.md) ----------------------------------

def position_document(position: "Position") -> "dict[str, Any]":
    return {
        "board": [list(row) for row in position.board],
        "score": position.score,
        "moves": position.moves,
        "won": position.won,
    }


def game_document(session: "Session") -> "dict[str, Any]":
    """The save document for a session (plain data, ready for JSON), always the newest version."""
    document = {"format": GAME_FORMAT, "version": GAME_VERSION, "revision": session.revision,
                "counted": session.counted, "size": session.size}
    document.update(position_document(session.position))
    document.update({
        "keep_playing": session.keep_playing,
        "clock_ms": session.clock_ms,
        "undo_depth": session.undo_depth,
        "history": [position_document(p) for p in session.history],
        "daily": session.daily.date if session.daily else None,
        "practice": session.practice,
        "record": session.record,
        "game": session.game_id,
    })
    return document


def dump_game(session: "Session") -> str:
    return json.dumps(game_document(session), separators=(",", ":"))


def dump_best(best: "dict[int, int]") -> str:
    return json.dumps(
        {"format": BEST_FORMAT, "version": BEST_VERSION,
         "best": {str(size): best.get(size, 0) for size in rules.SIZES}},
        separators=(",", ":"),
    )
