"""The lookahead: each next move's reply, made before the player presses the key.

Answering a key takes a round trip to the worker, and while tiles are still animating
the browser runs a pending frame before it delivers the worker's message (about a
frame, measured: docs/performance.md). So every reply of the engine carries, for each
direction, the complete reply that move would give, spawn included (each drawn from
the random source like any spawn; the player cannot see them, so the one they get is
as random as ever). The page applies the one the player picks at once, then calls
`take(direction)`, which makes that candidate the game (game/api.py).

Here too the reply of any session (`reply_of`), which the watched games
(game/codes.py) share: a candidate's reply must be the very reply a move gives.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from game import rules, saves
from game.replies import move_fields, raise_best, skeleton, state_of
from game.session import Session, mark_of, settle

if TYPE_CHECKING:
    from game.api import Engine

Reply = dict[str, Any]
Candidate = tuple[Session, dict[int, int], bool]  # the game after the move, its bests, changed


def reply_of(
    session: Session, best: dict[int, int], kind: str, changed: bool, game_changed: bool, **extra: Any
) -> Reply:
    """A reply for this session, raising `best` (and the session's best) to its score."""
    raise_best(session, best)
    reply: Reply = skeleton(kind, changed, game_changed)
    reply.update(extra)
    reply["state"] = state_of(session, best)
    reply["save"] = saves.dump_game(session)
    reply["best_save"] = saves.dump_best(best)
    return reply


def move_reply(session: Session, best: dict[int, int], direction: str, **extra: Any) -> Reply:
    """Apply one move attempt to `session` (a lookahead's copy) and describe it."""
    before = mark_of(session)
    outcome = session.move(direction)
    return reply_of(session, best, "move", outcome.changed, settle(session, before),
                    **move_fields(outcome), **extra)


class Lookahead:
    """The candidates from the game as the last reply left it; a reply makes new ones
    and the old ones expire (only the game shown can be moved on from)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.candidates: dict[str, Candidate] = {}

    def add_to(self, reply: Reply) -> Reply:
        """The reply, with the lookahead from the state it leaves."""
        self.candidates = {}
        reply["ahead"] = self._look_ahead()
        return reply

    def taken(self, direction: str) -> Candidate | None:
        """The candidate the page applied for `direction`, if the last reply made one."""
        return self.candidates.get(direction)

    def _look_ahead(self) -> dict[str, str]:
        """Each direction's reply from here, played on a copy; kept for `take`.

        Each candidate already carries the revision it has when taken, so the document
        the page stores from it is the one `take` commits. A candidate counts nothing
        (`take` does, for the one taken): its statistics fields say no change.
        """
        engine = self.engine
        texts: dict[str, str] = {}
        milestones = list(engine.stats.milestones)
        for direction in rules.DIRECTIONS:
            trial = engine.session.copy()
            best = dict(engine.play.bests(trial))
            reply = move_reply(trial, best, direction, milestones=milestones)
            if trial.daily is not None:
                reply["best_save"] = saves.dump_best(engine.best)
            self.candidates[direction] = (trial, best, reply["changed"])
            texts[direction] = json.dumps(reply)
        return texts
