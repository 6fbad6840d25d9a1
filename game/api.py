"""The engine's narrow interface: a handful of calls, plain data in and out.

The UI layer (MicroPython, main thread) reaches these through the worker as JSON text,
so nothing here knows about the browser. Each call answers with a `Reply` dict:

    {"kind": "start" | "move" | "undo" | "new" | "continue" | "best" | "clock" | "taken"
             | "follow",
     "changed": bool,             # did the game state change (what the page shows)
     "game_changed": bool,        # is `save` a newer game document than before the
                                  # call: the page stores `save` exactly when true
     "direction": str | None,     # for "move"
     "points": int,               # score gained by this move
     "tiles": [{"from": [[r, c]] or [[r, c], [r, c]], "to": [r, c], "value": v,
                "merged": bool}],  # every tile after the move and where it came from
     "spawn": {"at": [r, c], "value": 2 | 4} | None,
     "spawns": [...],             # the two start tiles, for "start" and "new"
     "state": {...},              # see `state()`
     "save": str,                 # the game document to store (docs/save-format.md)
     "best_save": str,            # the best-scores document to store
     "notice": None | "game-invalid" | "best-invalid" | "game-and-best-invalid",
                                  # for "start": what stored data was set aside
     "set_aside": {"game": bool, "best_sizes": [int], "best_unknown_keys": int,
                   "best_document": bool},  # the detail (all empty outside "start")
     "ahead": {direction: str}}   # with lookahead: the "move" reply each direction
                                  # would give from the new state, as JSON text

Revisions: every game document carries a `revision` that rises by one each time the
engine makes a changed game (`game_changed`), new games included, so that a tab can
tell whether another tab's stored game is newer than its own (`follow`) and never
takes an older one. Only this module raises it.

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
from game.session import MoveOutcome, Position, Session, Spawn

Reply = dict[str, Any]
GameKey = tuple[Position, tuple[Position, ...], bool, int, int]
Mark = tuple[GameKey, int]  # a game's content and its revision, before a call


def no_set_aside() -> dict[str, Any]:
    """The `set_aside` of every reply but a start that found bad data."""
    return {"game": False, "best_sizes": [], "best_unknown_keys": 0, "best_document": False}


def _game_key(session: Session) -> GameKey:
    """Everything the game document holds but its revision, cheap to compare."""
    return (session.position, tuple(session.history), session.keep_playing,
            session.clock_ms, session.undo_depth)


def mark_of(session: Session) -> Mark:
    return _game_key(session), session.revision


def settle(session: Session, before: Mark) -> bool:
    """Whether the game document changed since `before`; if so the revision has risen.

    A call that already raised the revision (a taken lookahead, a new game) keeps it;
    any other change of the document raises it by one here. At MAX_REVISION it stays
    (a move every millisecond would take 285 000 years to get there).
    """
    key, revision = before
    if session.revision != revision:
        return True
    if _game_key(session) == key:
        return False
    session.revision = min(revision + 1, saves.MAX_REVISION)
    return True


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
        "revision": session.revision,
    }


def reply_of(
    session: Session, best: dict[int, int], kind: str, changed: bool, game_changed: bool, **extra: Any
) -> Reply:
    """A reply for this session, raising `best` (and the session's best) to its score."""
    best[session.size] = max(best.get(session.size, 0), session.best)
    session.best = best[session.size]
    reply: Reply = {
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
        "ahead": {},
    }
    reply.update(extra)
    reply["state"] = state_of(session, best)
    reply["save"] = saves.dump_game(session)
    reply["best_save"] = saves.dump_best(best)
    return reply


def move_reply(session: Session, best: dict[int, int], direction: str, before: Mark | None = None) -> Reply:
    """Apply one move attempt to `session` and describe it.

    `before` is the game as the call found it (the clock may have been set since);
    by default, as it is now.
    """
    before = before or mark_of(session)
    outcome: MoveOutcome = session.move(direction)
    return reply_of(
        session,
        best,
        "move",
        outcome.changed,
        settle(session, before),
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


NOTICES: dict[tuple[bool, bool], str | None] = {
    (False, False): None,
    (True, False): "game-invalid",
    (False, True): "best-invalid",
    (True, True): "game-and-best-invalid",
}


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

    def _reply(self, kind: str, changed: bool, before: Mark | None, **extra: Any) -> Reply:
        """The reply for the session as it now is; `before` (the game when the call
        began) decides `game_changed` and the revision; None means the call's game
        document must not be stored again (it came from storage)."""
        game_changed = False if before is None else settle(self.session, before)
        return self._ahead_of(reply_of(self.session, self.best, kind, changed, game_changed, **extra))

    def _ahead_of(self, reply: Reply) -> Reply:
        """The reply, with the lookahead from the state it leaves (earlier ones expire)."""
        self.ahead = {}
        if self.lookahead:
            reply["ahead"] = self._look_ahead()
        return reply

    def _look_ahead(self) -> dict[str, str]:
        """Each direction's reply from here, played on a copy; kept for `take`.

        Each candidate already carries the revision it has when taken, so the document
        the page stores from it is the one `take` commits.
        """
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

        The two documents are judged separately, and the best scores entry by entry, so
        a broken game never costs the player a valid best score, nor one bad best score
        the others. `notice` and `set_aside` say exactly what was left out. A resumed
        game is not marked `game_changed`: it is the stored one, and storing it again
        could put it over a newer game another tab stored meanwhile.
        """
        set_aside = no_set_aside()
        self.best = {}
        if best_text:
            try:
                found = saves.read_best(best_text)
            except saves.SaveError:
                set_aside["best_document"] = True
            else:
                self.best = dict(found.scores)
                set_aside["best_sizes"] = list(found.rejected_sizes)
                set_aside["best_unknown_keys"] = found.unknown_keys
        best_bad = any(set_aside[k] for k in ("best_document", "best_sizes", "best_unknown_keys"))
        if game_text:
            try:
                self.session = saves.load_game(game_text, self.source, self.best)
            except saves.SaveError:
                set_aside["game"] = True
            else:
                notice = NOTICES[False, best_bad]
                return self._reply("start", True, None, notice=notice, set_aside=set_aside)
        notice = NOTICES[set_aside["game"], best_bad]
        self.session, spawns = Session.new(
            size, self.source, best=self.best.get(size, 0), undo_depth=undo_depth
        )
        return self._reply(
            "start", True, (_game_key(self.session), -1),  # a game nobody has stored
            spawns=[_spawn_data(s) for s in spawns], notice=notice, set_aside=set_aside,
        )

    def new_game(self, size: int | None = None) -> Reply:
        """Start over (the UI has already asked the player to confirm).

        The revision goes on from the old game's: a tab still showing the old game must
        see the new one as newer.
        """
        before = mark_of(self.session)
        size = size or self.session.size
        self.session, spawns = Session.new(
            size, self.source, best=self.best.get(size, 0), undo_depth=self.session.undo_depth,
            revision=min(self.session.revision + 1, saves.MAX_REVISION),
        )
        return self._reply("new", True, before, spawns=[_spawn_data(s) for s in spawns])

    def _set_clock(self, clock_ms: int | None) -> None:
        if clock_ms is not None:
            self.session.clock_ms = max(0, int(clock_ms))

    def move(self, direction: str, clock_ms: int | None = None) -> Reply:
        before = mark_of(self.session)
        self._set_clock(clock_ms)
        return self._ahead_of(move_reply(self.session, self.best, direction, before))

    def take(self, direction: str, clock_ms: int | None = None) -> Reply:
        """The page applied the lookahead reply for `direction`: make it the game.

        Answers with the state as it now is (its documents carry this clock, and the
        candidate's revision) and the next lookahead. Without a lookahead for
        `direction` it is a plain move.
        """
        found = self.ahead.get(direction)
        if found is None:
            return self.move(direction, clock_ms)
        before = mark_of(self.session)
        self.session, self.best, changed = found
        self._set_clock(clock_ms)
        return self._reply("taken", changed, before, direction=direction)

    def undo(self, clock_ms: int | None = None) -> Reply:
        before = mark_of(self.session)
        self._set_clock(clock_ms)
        return self._reply("undo", self.session.undo(), before)

    def keep_playing(self, clock_ms: int | None = None) -> Reply:
        before = mark_of(self.session)
        self._set_clock(clock_ms)
        return self._reply("continue", self.session.continue_after_win(), before)

    def set_clock(self, clock_ms: int) -> Reply:
        """Record the game clock without a move (the page is being hidden or closed)."""
        before = mark_of(self.session)
        clock_ms = max(0, int(clock_ms))
        changed = clock_ms != self.session.clock_ms
        self.session.clock_ms = clock_ms
        return self._reply("clock", changed, before)

    def merge_best(self, best_text: str) -> Reply:
        """Take the higher best scores that another tab stored (RULES.md: best never drops).

        Invalid text changes nothing, and a bad entry only itself: another tab's bad
        write must not cost this one. The game is untouched (`game_changed` false).
        """
        before = mark_of(self.session)
        try:
            other = saves.load_best(best_text)
        except saves.SaveError:
            return self._reply("best", False, before)
        changed = False
        for size, score in other.items():
            if score > self.best.get(size, 0):
                self.best[size] = score
                changed = True
        self.session.best = max(self.session.best, self.best.get(self.session.size, 0))
        return self._reply("best", changed, before)

    def follow(self, game_text: str) -> Reply:
        """Another tab stored this game: play on from it if it is valid and not older.

        A higher revision than this tab's game is newer. The same revision with another
        document means both tabs moved from the same game at once: storage already
        holds the other one (the first write won), so this tab takes it too, and the
        two cannot hand the slot back and forth. An invalid, older or identical game
        changes nothing: a tab never steps back to an older game. The best scores keep
        the higher of both, the other game's score included. The adopted game is
        already stored, so `game_changed` is false: storing it again could only race
        the tab that wrote it.
        """
        try:
            other = saves.load_game(game_text, self.source, self.best)
        except saves.SaveError:
            return self._reply("follow", False, mark_of(self.session))
        ours = self.session.revision
        same = other.revision == ours and saves.dump_game(other) == saves.dump_game(self.session)
        if other.revision < ours or same:
            return self._reply("follow", False, mark_of(self.session))
        self.session = other
        return self._reply("follow", True, None)
