"""The lookahead: each next move's reply, made before the player presses the key.

Answering a key takes a round trip to the worker, and while tiles are still animating
the browser runs a pending frame before it delivers the worker's message (about a
frame, measured: docs/performance.md). So every reply of the engine carries, for each
direction, the complete reply that move would give, spawn included (each drawn from
the random source like any spawn; the player cannot see them, so the one they get is
as random as ever). The page applies the one the player picks at once, then calls
`take(direction)`, which makes that candidate the game (game/api.py).

A candidate's reply is game/replies.py's `reply_of`, as every move's: it must be the
very reply that move gives.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from game import rules
from game.engine_replies import dump_best, reply_of
from game.play import Play
from game.replies import move_fields
from game.session import Session, mark_of, settle

Reply = dict[str, Any]
Candidate = tuple[Session, dict[int, int], bool]  # the game after the move, its bests, changed


def move_reply(session: Session, best: dict[int, int], direction: str, **extra: Any) -> Reply:
    """Apply one move attempt to `session` (a lookahead's copy) and describe it."""
    before = mark_of(session)
    outcome = session.move(direction)
    return reply_of(session, best, "move", outcome.changed, settle(session, before),
                    **move_fields(outcome), **extra)


class Lookahead:
    """The candidates from the game as the last reply left it; a reply makes new ones
    and the old ones expire (only the game shown can be moved on from)."""

    def __init__(self, play: Play, milestones: Callable[[], Iterable[str]]) -> None:
        self.play = play
        self.milestones = milestones  # those reached so far: a candidate reaches none
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
        play = self.play
        texts: dict[str, str] = {}
        milestones = list(self.milestones())
        for direction in rules.DIRECTIONS:
            trial = play.session.copy()
            best = dict(play.bests(trial))
            reply = move_reply(trial, best, direction, milestones=milestones)
            if trial.daily is not None:
                reply["best_save"] = dump_best(play.best)
            self.candidates[direction] = (trial, best, reply["changed"])
            texts[direction] = json.dumps(reply)
        return texts
