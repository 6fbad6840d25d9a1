"""The engine's narrow interface: a handful of calls, plain data in and out.

The UI layer (MicroPython, main thread) reaches these through the worker as JSON text,
so nothing here knows about the browser. Each call answers with a `Reply` dict:

    {"kind": "start" | "move" | "undo" | "new" | "continue" | "best" | "clock" | "taken",
     "changed": bool,             # did the game state change
     "direction": str | None,     # for "move"
     "points": int,               # score gained by this move
     "tiles": [{"from": [[r, c]] or [[r, c], [r, c]], "to": [r, c], "value": v,
                "merged": bool}],  # every tile after the move and where it came from
     "spawn": {"at": [r, c], "value": 2 | 4} | None,
     "spawns": [...],             # the two start tiles, for "start" and "new"
     "state": {...},              # see `state()`
     "save": str,                 # the game document to store (docs/save-format.md)
     "best_save": str,            # the best-scores document to store
     "notice": str | None,        # "save-invalid" when a saved game was set aside
     "ahead": {direction: str}}   # with lookahead: the "move" reply each direction
                                  # would give from the new state, as JSON text

The UI renders `state` and animates `tiles`/`spawn`; it never re-derives a rule.

Lookahead: answering a key takes a round trip to the worker, and while tiles are still
animating the browser runs a pending frame before it delivers the worker's message
(about a frame, measured: docs/performance.md). So the engine answers the next move
before it is asked: every reply carries, for each direction, the complete reply that
move would give, spawn included (each drawn from the random source like any spawn; the
player cannot see them, so the one they get is as random as ever). The page applies
the one the player picks at once, then calls `take(direction)`, which makes that
candidate the game and answers with the next lookahead.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from game import chance, rules, saves
from game.session import MoveOutcome, Session, Spawn

Reply = dict[str, Any]


def _spawn_data(spawn: Spawn) -> dict[str, Any]:
    return {"at": list(spawn.cell), "value": spawn.value}


def state_of(session: Session, best: dict[int, int]) -> dict[str, Any]:
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
    }


def reply_of(session: Session, best: dict[int, int], kind: str, changed: bool, **extra: Any) -> Reply:
    """A reply for this session, raising `best` (and the session's best) to its score."""
    best[session.size] = max(best.get(session.size, 0), session.best)
    session.best = best[session.size]
    reply: Reply = {
        "kind": kind,
        "changed": changed,
        "direction": None,
        "points": 0,
        "tiles": [],
        "spawn": None,
        "spawns": [],
        "notice": None,
        "ahead": {},
    }
    reply.update(extra)
    reply["state"] = state_of(session, best)
    reply["save"] = saves.dump_game(session)
    reply["best_save"] = saves.dump_best(best)
    return reply


def move_reply(session: Session, best: dict[int, int], direction: str) -> Reply:
    """Apply one move attempt to `session` and describe it."""
    outcome: MoveOutcome = session.move(direction)
    return reply_of(
        session,
        best,
        "move",
        outcome.changed,
        direction=direction,
        points=outcome.points,
        tiles=[
            {
                "from": [list(cell) for cell in t.sources],
                "to": list(t.target),
                "value": t.value,
                "merged": t.merged,
            }
            for t in outcome.tiles
        ],
        spawn=_spawn_data(outcome.spawn) if outcome.spawn else None,
        newly_won=outcome.newly_won,
    )


class Engine:
    """One player's games on one device: the current session and best per size.

    With `lookahead`, every reply also carries the reply of each next move (module
    docstring); `take` then commits the one the page applied.
    """

    def __init__(self, source: chance.WordSource = chance.secrets_source, lookahead: bool = False) -> None:
        self.source = source
        self.lookahead = lookahead
        self.best: dict[int, int] = {}
        self.session, _ = Session.new(4, source)
        self.ahead: dict[str, tuple[Session, dict[int, int], bool]] = {}

    # -- reading -----------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """What the page shows and publishes as data attributes (CONTRACT.md)."""
        return state_of(self.session, self.best)

    def _reply(self, kind: str, changed: bool, **extra: Any) -> Reply:
        return self._ahead_of(reply_of(self.session, self.best, kind, changed, **extra))

    def _ahead_of(self, reply: Reply) -> Reply:
        """The reply, with the lookahead from the state it leaves (earlier ones expire)."""
        self.ahead = {}
        if self.lookahead:
            reply["ahead"] = self._look_ahead()
        return reply

    def _look_ahead(self) -> dict[str, str]:
        """Each direction's reply from here, played on a copy; kept for `take`."""
        texts: dict[str, str] = {}
        for direction in rules.DIRECTIONS:
            trial = dataclasses.replace(self.session, history=list(self.session.history))
            best = dict(self.best)
            reply = move_reply(trial, best, direction)
            self.ahead[direction] = (trial, best, reply["changed"])
            texts[direction] = json.dumps(reply)
        return texts

    # -- calls ---------------------------------------------------------------------

    def start(
        self, game_text: str | None, best_text: str | None, size: int = 4, undo_depth: int = 1
    ) -> Reply:
        """Resume from saved text where it is valid; otherwise a fresh game.

        The two documents are judged separately, so a broken game never costs the
        player a valid best score, and vice versa.
        """
        notice = None
        if best_text:
            try:
                self.best = saves.load_best(best_text)
            except saves.SaveError:
                self.best = {}
                notice = "save-invalid"
        if game_text:
            try:
                self.session = saves.load_game(game_text, self.source, self.best)
                return self._reply("start", True, notice=notice)
            except saves.SaveError:
                notice = "save-invalid"
        return self._fresh("start", size, undo_depth, notice)

    def _fresh(self, kind: str, size: int, undo_depth: int, notice: str | None = None) -> Reply:
        self.session, spawns = Session.new(
            size, self.source, best=self.best.get(size, 0), undo_depth=undo_depth
        )
        return self._reply(kind, True, spawns=[_spawn_data(s) for s in spawns], notice=notice)

    def new_game(self, size: int | None = None) -> Reply:
        """Start over (the UI has already asked the player to confirm)."""
        return self._fresh("new", size or self.session.size, self.session.undo_depth)

    def _set_clock(self, clock_ms: int | None) -> None:
        if clock_ms is not None:
            self.session.clock_ms = max(0, int(clock_ms))

    def move(self, direction: str, clock_ms: int | None = None) -> Reply:
        self._set_clock(clock_ms)
        return self._ahead_of(move_reply(self.session, self.best, direction))

    def take(self, direction: str, clock_ms: int | None = None) -> Reply:
        """The page applied the lookahead reply for `direction`: make it the game.

        Answers with the state as it now is (its documents carry this clock) and the
        next lookahead. Without a lookahead for `direction` it is a plain move.
        """
        found = self.ahead.get(direction)
        if found is None:
            return self.move(direction, clock_ms)
        self.session, self.best, changed = found
        self._set_clock(clock_ms)
        return self._reply("taken", changed, direction=direction)

    def undo(self, clock_ms: int | None = None) -> Reply:
        self._set_clock(clock_ms)
        return self._reply("undo", self.session.undo())

    def keep_playing(self, clock_ms: int | None = None) -> Reply:
        self._set_clock(clock_ms)
        return self._reply("continue", self.session.continue_after_win())

    def set_clock(self, clock_ms: int) -> Reply:
        """Record the game clock without a move (the page is being hidden or closed)."""
        clock_ms = max(0, int(clock_ms))
        changed = clock_ms != self.session.clock_ms
        self.session.clock_ms = clock_ms
        return self._reply("clock", changed)

    def merge_best(self, best_text: str) -> Reply:
        """Take the higher best scores that another tab stored (RULES.md: best never drops).

        Invalid text changes nothing: another tab's bad write must not cost this one.
        """
        try:
            other = saves.load_best(best_text)
        except saves.SaveError:
            return self._reply("best", False)
        changed = False
        for size, score in other.items():
            if score > self.best.get(size, 0):
                self.best[size] = score
                changed = True
        self.session.best = max(self.session.best, self.best.get(self.session.size, 0))
        return self._reply("best", changed)
