"""What a reply says about the game: its state, and what a move did, as plain data.

Written once for both sides: the engine (game/api.py) answers every call with these
fields, and the page (game/ui/early.py), while the engine is still starting, answers
its own moves with the very same fields, so the view, the live region and the tests
cannot tell the two apart. The format is documented in game/api.py. Shared with the
page's MicroPython (game/rules.py says why and in what subset).

The engine's replies also carry the documents to store: `reply_of` in
game/engine_replies.py, which the page never imports (its own replies carry steps
instead, and the code it loads before its first game is the start's cost on a phone).
"""


from game import record as records
from game import replay, rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from game.session import MoveOutcome, Session, Spawn



def no_set_aside() -> "dict[str, Any]":
    """The `set_aside` of every reply but a start that found bad data."""
    return {"game": False, "best_sizes": [], "best_unknown_keys": 0, "best_document": False,
            "stats_sizes": [], "stats_document": False, "stats_daily": False}


def spawn_data(spawn: "Spawn") -> "dict[str, Any]":
    return {"at": list(spawn.cell), "value": spawn.value}


def result_code(session: "Session") -> str:
    """The code (game/replay.py) of a daily game as played so far."""
    if session.daily is None or session.record is None:
        return ""
    return replay.encode(session.daily.date, session.size, records.directions(session.record))


def state_of(session: "Session", best: "dict[int, int]") -> "dict[str, Any]":
    """What the page shows and publishes as data attributes (CONTRACT.md)."""
    return {
        "size": session.size,
        "board": [list(row) for row in session.position.board],
        "score": session.position.score,
        "best": max(best.get(session.size, 0), session.best),
        "moves": session.position.moves,
        "won": session.position.won,
        "status": session.status,
        "can_undo": session.can_undo,
        "undo_depth": session.undo_depth,
        "clock_ms": session.clock_ms,
        "max_tile": rules.max_tile(session.position.board),
        "revision": session.revision,
        "mode": "daily" if session.daily else "classic",
        "date": session.daily.date if session.daily else "",
        "practice": session.practice,
        "code": result_code(session) if session.daily and session.over else "",
        "watchable": bool(session.record) and session.position.moves > 0,
    }


def move_fields(outcome: "MoveOutcome") -> "dict[str, Any]":
    """The fields of a reply that describe one move attempt: every tile with its source
    cells (two for a merge), the spawn, the points."""
    return {
        "direction": outcome.direction,
        "points": outcome.points,
        "tiles": [
            {
                "from": [list(cell) for cell in t.sources],
                "to": list(t.target),
                "value": t.value,
                "merged": rules.merged(t),
            }
            for t in outcome.tiles
        ],
        "spawn": spawn_data(outcome.spawn) if outcome.spawn else None,
        "newly_won": outcome.newly_won,
    }


def skeleton(kind: str, changed: bool, game_changed: bool) -> "dict[str, Any]":
    """A reply with every field at its "nothing happened" value; a call fills in its own."""
    return {
        "kind": kind,
        "changed": changed,
        "game_changed": game_changed,
        "direction": None,
        "points": 0,
        "tiles": [],
        "spawn": None,
        "spawns": [],
        "notice": None,
        "set_aside": no_set_aside(),
        "stats_changed": False,
        "stats_save": "",
        "milestones": [],
        "unlocked": [],
        "ahead": {},
    }


def raise_best(session: "Session", best: "dict[int, int]") -> None:
    """RULES.md: the best never drops. The best of the session's size takes its score,
    and the session the best (a reply always says both)."""
    best[session.size] = max(best.get(session.size, 0), session.best)
    session.best = best[session.size]
