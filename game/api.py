"""The engine's narrow interface: a handful of calls, plain data in and out.

The UI layer (MicroPython, main thread) reaches these through the worker as JSON text,
so nothing here knows about the browser. Each call answers with a `Reply` dict:

    {"kind": "start" | "move" | "undo" | "new" | "continue" | "best" | "clock",
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
     "notice": str | None}        # "save-invalid" when a saved game was set aside

The UI renders `state` and animates `tiles`/`spawn`; it never re-derives a rule.
"""

from __future__ import annotations

from typing import Any

from game import chance, rules, saves
from game.session import MoveOutcome, Session, Spawn

Reply = dict[str, Any]


def _spawn_data(spawn: Spawn) -> dict[str, Any]:
    return {"at": list(spawn.cell), "value": spawn.value}


class Engine:
    """One player's games on one device: the current session and best per size."""

    def __init__(self, source: chance.WordSource = chance.secrets_source) -> None:
        self.source = source
        self.best: dict[int, int] = {}
        self.session, _ = Session.new(4, source)

    # -- reading -----------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """What the page shows and publishes as data attributes (CONTRACT.md)."""
        s = self.session
        return {
            "size": s.size,
            "board": [list(row) for row in s.position.board],
            "score": s.position.score,
            "best": max(self.best.get(s.size, 0), s.best),
            "moves": s.position.moves,
            "won": s.position.won,
            "status": s.status,
            "can_undo": s.can_undo,
            "undo_depth": s.undo_depth,
            "clock_ms": s.clock_ms,
            "max_tile": rules.max_tile(s.position.board),
        }

    def _reply(self, kind: str, changed: bool, **extra: Any) -> Reply:
        self.best[self.session.size] = max(
            self.best.get(self.session.size, 0), self.session.best
        )
        self.session.best = self.best[self.session.size]
        reply: Reply = {
            "kind": kind,
            "changed": changed,
            "direction": None,
            "points": 0,
            "tiles": [],
            "spawn": None,
            "spawns": [],
            "notice": None,
        }
        reply.update(extra)
        reply["state"] = self.state()
        reply["save"] = saves.dump_game(self.session)
        reply["best_save"] = saves.dump_best(self.best)
        return reply

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

    def move(self, direction: str, clock_ms: int | None = None) -> Reply:
        if clock_ms is not None:
            self.session.clock_ms = max(0, int(clock_ms))
        outcome: MoveOutcome = self.session.move(direction)
        return self._reply(
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

    def undo(self, clock_ms: int | None = None) -> Reply:
        if clock_ms is not None:
            self.session.clock_ms = max(0, int(clock_ms))
        return self._reply("undo", self.session.undo())

    def keep_playing(self, clock_ms: int | None = None) -> Reply:
        if clock_ms is not None:
            self.session.clock_ms = max(0, int(clock_ms))
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
