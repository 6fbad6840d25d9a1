"""The engine's narrow interface: a handful of calls, plain data in and out.

The UI layer (MicroPython, main thread) reaches these through the worker as JSON text,
so nothing here knows about the browser. Each call answers with a `Reply` dict:

    {"kind": "start" | "move" | "undo" | "new" | "continue" | "best" | "clock" | "taken"
             | "follow" | "undo_depth" | "stats" | "resume",
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
                   "best_document": bool, "stats_sizes": [int], "stats_document": bool,
                   "stats_daily": bool},
                                  # the detail (all empty outside "start")
     "stats_changed": bool,       # did the statistics change: store `stats_save`
     "stats_save": str,           # the statistics document when stats_changed, else ""
     "milestones": [str],         # every milestone reached so far (game/settings.py)
     "unlocked": [str],           # the milestones this call's play reached
     "handover": {"steps": n, "taken": k, "refused": str, "detail": {...}},
                                  # for a "start" handed steps played before the engine
                                  # ran (game/steps.py): how many were taken, and why the
                                  # next was refused ("" when none was)
     "ahead": {direction: str},   # with lookahead: the "move" reply each direction
                                  # would give from the new state, as JSON text
     "dropped": bool}             # for a "follow" that took another tab's game: whether
                                  # it drops a change this tab showed (session.drops_changes)

Four calls answer with other plain data: `hint(budget_ms, ticket, paced)` with {"kind": "hint",
"ticket": the caller's ticket, "direction": "left" | "right" | "up" | "down" | None (no
move changes the board), "revision": the game's revision, "size": n, "board": [[v]]
(the game the move was chosen for: the page drops an answer for a game it no longer
shows), "depth", "nodes", "ms"} (game/solver: the search's deepest full depth,
positions evaluated, its time), `statistics(size)` with {"kind":
"statistics", "size": n, "summary": {...}} (game/stats.py `summary`, with the daily
section of the UTC day now), `export_all`
with {"kind": "export", "text": the export file}, and `check_import(text)` with
{"kind": "import", "ok": bool, "error": str, "summary": {...}, "parts": {"games":
{"4": str | None, "5": ..., "6": ...}, "best": str, "stats": str, "settings": str}}
(game/transfer.py; the page stores the parts once the player confirms).

The daily board (game/daily.py, docs/daily.md): `start(..., daily_board=True)` plays the
board of the UTC day now, and its `state` says "mode": "daily", its "date", whether it
is "practice", and once it is over its result "code". `verify(text)` answers {"kind":
"verify", "ok", "reason", "detail", and when ok "date", "size", "score", "tile",
"moves", "won", "finished"} (game/replay.py `judge`); `watch(what)` a reply of kind
"watch" (the start of a recorded game, "ok", "at", "total", "end", "title") and
`watch_step()` one of kind "watch_move" (a move reply of that game); `resume()` the
game in play again.

Statistics: a game counts once, when it first ends (a move leaves no move) or when a
new game replaces it after at least one move. The statistics remember which games they
counted (game/stats.py), so a game is never counted twice, whichever document reached
storage; the game document says `counted` too, so undoing the last move and ending
again does not count it twice. Milestones are
reached during play (a 2048 tile counts at once, not when the game ends).

Revisions: every game document carries a `revision` that rises by one each time the
engine makes a changed game (`game_changed`), new games included, so that a tab can
tell whether another tab's stored game is newer than its own (`follow`) and never
takes an older one. It rises in one place, `game.session.settle`, for the engine's calls
and for the page's own moves before the engine ran alike.

The game itself is played by `game.play.Play`, which the page also plays before the
engine has started; `start` then takes the steps it played over (game/steps.py).

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

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import daily, names, rankings, replay, rules, saves, solver, stats, steps, transfer
from game import record as records
from game.chance import secrets_source
from game.play import Play
from game.replies import move_fields, no_set_aside, raise_best, result_code, skeleton, spawn_data, state_of
from game.session import Refused, Session, drops_changes, fresh, mark_of, settle
from game.solver.search import Pace

if TYPE_CHECKING:
    from game.chance import WordSource
    from game.session import Mark

__all__ = ["Engine", "Reply", "Watch", "no_set_aside", "result_code", "state_of"]

Reply = dict[str, Any]


def wall_clock() -> int:
    """Epoch milliseconds now: the date a counted game is recorded with."""
    return int(time.time() * 1000)


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


NOTICES: dict[tuple[bool, bool], str | None] = {
    (False, False): None,
    (True, False): "game-invalid",
    (False, True): "best-invalid",
    (True, True): "game-and-best-invalid",
}


class Handed:
    """The engine's `Tally` while it plays another tab's steps (`follow`): what they
    count is kept aside, and counted only if that game is taken."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.games: list[Session] = []

    def count(self, game: Session) -> None:
        self.games.append(game.copy())

    def counted(self, game: Session) -> bool:
        if game.daily is not None:
            return self.has_result(game.daily.date)
        mine = [g.game_id for g in self.games if g.daily is None]
        return self.engine.counted(game) or (bool(game.game_id) and game.game_id in mine)

    def has_result(self, date: str) -> bool:
        return self.engine.has_result(date) or any(
            g.daily is not None and not g.practice and g.daily.date == date for g in self.games)

    def day_best(self, date: str) -> int:
        return self.engine.day_best(date)


class Engine:
    """One player's games on one device: the game in play, best per size, statistics.

    The game itself is a `Play` (game/play.py), the very object the page plays before
    the engine runs; the engine adds what only it keeps: the statistics (it is the
    play's `Tally`), the stored documents, the lookahead, the solver and replays.
    With `lookahead`, every reply also carries the reply of each next move (module
    docstring); `take` then commits the one the page applied. `wall` gives the date
    (epoch ms) a counted game is recorded with, and the daily board's day; tests hand
    in their own.
    """

    def __init__(
        self, source: WordSource | None = None, lookahead: bool = False,
        wall: Callable[[], int] = wall_clock,
    ) -> None:
        self.source: WordSource = source or secrets_source
        self.lookahead = lookahead
        self.wall = wall
        self.stats = stats.Stats()
        self.play = Play(self.source, self.today, self)
        self.ahead: dict[str, tuple[Session, dict[int, int], bool]] = {}
        self.pace: Pace | None = None  # Auto-play's mean budget over its moves
        self.verified: replay.Outcome | None = None  # the last code that verified
        self.verified_code = ""  # and its code, to add to the board
        # The friends' board (game/rankings.py): every result this engine knows of, and
        # the stored text it last read or wrote (another text: another tab wrote).
        self.board: tuple[rankings.Entry, ...] = ()
        self.board_text: str | None = None
        self.winner = ""  # the code of the winner of the day last shown
        self.pictures: dict[str, list[list[int]]] = {}  # that winner's last board
        self.candidates: list[rankings.Entry] = []  # the results of a file judged for import
        self.importing: list[rankings.Entry] = []  # those of the confirmed import, to replay
        self.imported = (0, 0)  # of that import: (added, refused) so far
        self.watching: Watch | None = None  # a game being watched on the board

    # The game in play and the best scores are the play's: a daily game's best is the
    # day's own (its result or a better practice try), never the 4×4 best score.
    @property
    def session(self) -> Session:
        return self.play.session

    @session.setter
    def session(self, game: Session) -> None:
        self.play.session = game

    @property
    def best(self) -> dict[int, int]:
        return self.play.best

    @best.setter
    def best(self, scores: dict[int, int]) -> None:
        self.play.best = scores

    @property
    def daily_best(self) -> dict[int, int]:
        return self.play.daily_best

    @daily_best.setter
    def daily_best(self, scores: dict[int, int]) -> None:
        self.play.daily_best = scores

    def today(self) -> str:
        """The UTC day now: the daily board's day."""
        return daily.utc_date(self.wall())

    # -- the play's tally: the statistics -------------------------------------------

    def count(self, game: Session) -> None:
        """A game is due to count (game/play.py): stats.count_game."""
        self.stats = stats.count_game(self.stats, game, self.wall())

    def counted(self, game: Session) -> bool:
        return stats.counted_game(self.stats, game)

    def has_result(self, date: str) -> bool:
        return stats.daily_result(self.stats, date) is not None

    def day_best(self, date: str) -> int:
        result = stats.daily_result(self.stats, date)
        return result.score if result else 0

    # -- reading -----------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """What the page shows and publishes as data attributes (CONTRACT.md)."""
        return state_of(self.session, self.best)

    def _reply(
        self, kind: str, changed: bool, before: Mark | None, stats_before: stats.Stats | None = None,
        **extra: Any,
    ) -> Reply:
        """The reply for the session as it now is; `before` (the game when the call
        began) decides `game_changed` and the revision; None means the call's game
        document must not be stored again (it came from storage). `stats_before` (the
        statistics when the call began) decides `stats_changed` and `unlocked`."""
        game_changed = False if before is None else settle(self.session, before)
        return self._answer(kind, changed, game_changed, stats_before, **extra)

    def _answer(self, kind: str, changed: bool, game_changed: bool, stats_before: stats.Stats | None = None,
                **extra: Any) -> Reply:
        reply = reply_of(self.session, self.play.bests(), kind, changed, game_changed, **extra)
        if self.session.daily is not None:
            reply["best_save"] = saves.dump_best(self.best)  # the day's best is never stored
        reply.update(self._progress(stats_before or self.stats))
        return self._ahead_of(reply)

    def _progress(self, stats_before: stats.Stats) -> dict[str, Any]:
        """The reply's statistics fields, against the statistics when the call began."""
        changed = self.stats != stats_before
        return {
            "stats_changed": changed,
            "stats_save": stats.dump_stats(self.stats) if changed else "",
            "milestones": list(self.stats.milestones),
            "unlocked": [m for m in self.stats.milestones if m not in stats_before.milestones],
        }

    def _ahead_of(self, reply: Reply) -> Reply:
        """The reply, with the lookahead from the state it leaves (earlier ones expire)."""
        self.ahead = {}
        if self.lookahead:
            reply["ahead"] = self._look_ahead()
        return reply

    def _look_ahead(self) -> dict[str, str]:
        """Each direction's reply from here, played on a copy; kept for `take`.

        Each candidate already carries the revision it has when taken, so the document
        the page stores from it is the one `take` commits. A candidate counts nothing
        (`take` does, for the one taken): its statistics fields say no change.
        """
        texts: dict[str, str] = {}
        milestones = list(self.stats.milestones)
        for direction in rules.DIRECTIONS:
            trial = self.session.copy()
            best = dict(self.play.bests(trial))
            reply = move_reply(trial, best, direction, milestones=milestones)
            if trial.daily is not None:
                reply["best_save"] = saves.dump_best(self.best)
            self.ahead[direction] = (trial, best, reply["changed"])
            texts[direction] = json.dumps(reply)
        return texts

    # -- statistics ------------------------------------------------------------------

    def _reached(self) -> None:
        """The milestones the board on screen has reached (a 2048 tile counts at once)."""
        session = self.session
        self.stats, _ = stats.reach(
            self.stats, session.size, rules.max_tile(session.position.board), session.position.won)

    # -- calls ---------------------------------------------------------------------

    def start(
        self, game_text: str | None, best_text: str | None, stats_text: str | None = None,
        size: int = 4, undo_depth: int = 1, daily_board: bool = False, steps_text: str | None = None,
    ) -> Reply:
        """Resume from saved text where it is valid; otherwise a fresh game.

        The documents are judged separately, and the best scores and statistics size by
        size, so a broken game never costs the player a valid best score, nor one bad
        entry the others. `notice` (game and best scores only, as before statistics)
        and `set_aside` say exactly what was left out. The game must be for `size`
        (each size has its own saved game). A resumed game is not marked
        `game_changed`: it is the stored one, and storing it again could put it over a
        newer game another tab stored meanwhile; unless taking `undo_depth` changed it.

        With `daily_board` the game is today's daily board (UTC, from the engine's wall
        clock): `game_text` is the stored daily game, resumed if it is today's; a valid
        daily game of another day simply gives way to today's board.

        `steps_text` holds what the page played on that game before the engine ran
        (game/steps.py): each step is played as the call it stands for and judged; the
        reply's `handover` says how many were taken and why one was refused (the state
        is then the engine's, from the steps before it).
        """
        if daily_board:
            self.play.day()  # a clock outside the board's days: refused before any change
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
        self.stats = stats.Stats()
        if stats_text:
            try:
                counted = stats.read_stats(stats_text)
            except saves.SaveError:
                set_aside["stats_document"] = True
            else:
                self.stats = counted.stats
                set_aside["stats_sizes"] = list(counted.rejected_sizes)
                set_aside["stats_daily"] = counted.daily_rejected
        stats_before = self.stats
        best_bad = any(set_aside[k] for k in ("best_document", "best_sizes", "best_unknown_keys"))
        loaded = self._judged(game_text, daily.SIZE if daily_board else size, daily_board, set_aside)
        stored = loaded.revision if loaded is not None else None
        plan, refusal = None, None
        if steps_text:
            try:
                plan = steps.read(steps_text)
            except ValueError:
                refusal = Refused("bad_steps")
        spawns, taken, refused = steps.resume(
            self.play, loaded, game_text, size, undo_depth, daily_board, plan)
        refusal = refused or refusal
        if undo_depth != self.session.undo_depth:  # changed since the page played (another tab)
            self._depth_changed(undo_depth)
        self._reached()
        extra: dict[str, Any] = {}
        if steps_text:
            extra["handover"] = {"steps": len(plan.steps) if plan else 0, "taken": taken,
                                 "refused": refusal.reason if refusal else "",
                                 "detail": refusal.detail if refusal else {}}
        notice = NOTICES[set_aside["game"], best_bad] if spawns else NOTICES[False, best_bad]
        game_changed = bool(spawns) or self.session.revision != stored
        return self._answer("start", True, game_changed, stats_before, notice=notice, set_aside=set_aside,
                            spawns=[spawn_data(s) for s in spawns], **extra)

    def _judged(self, game_text: str | None, size: int, daily_board: bool,
                set_aside: dict[str, Any]) -> Session | None:
        """The stored game, strictly judged (game/saves.py); None, and set aside when it
        was there, if it is no legal game of this size and kind."""
        if not game_text:
            return None
        try:
            loaded = saves.load_game(game_text, self.source, {}, size=size)
            if (loaded.daily is not None) != daily_board:
                raise saves.SaveError("a daily game in the normal game's place, or the reverse")
        except saves.SaveError:
            set_aside["game"] = True
            return None
        return loaded

    def _depth_changed(self, depth: int) -> None:
        before = mark_of(self.session)
        self.play.set_undo_depth(depth)
        settle(self.session, before)

    def new_game(self, size: int | None = None) -> Reply:
        """Start over (the UI has already asked the player to confirm): game/play.py
        `Play.new` says what counts and which board comes."""
        before = mark_of(self.session)
        stats_before = self.stats
        spawns = self.play.new(size)
        return self._reply("new", True, before, stats_before, spawns=[spawn_data(s) for s in spawns])

    def move(self, direction: str, clock_ms: int | None = None) -> Reply:
        before = mark_of(self.session)
        stats_before = self.stats
        outcome = self.play.move(direction, clock_ms)
        self._reached()
        return self._reply("move", outcome.changed, before, stats_before, **move_fields(outcome))

    def take(self, direction: str, clock_ms: int | None = None) -> Reply:
        """The page applied the lookahead reply for `direction`: make it the game.

        Answers with the state as it now is (its documents carry this clock, and the
        candidate's revision) and the next lookahead. Without a lookahead for
        `direction` it is a plain move. A move that ended the game is counted here
        (never in a candidate), and since the page already stored the candidate, the
        counted game is one revision further: newer than what the page stored.
        """
        found = self.ahead.get(direction)
        if found is None:
            return self.move(direction, clock_ms)
        before = mark_of(self.session)
        stats_before = self.stats
        self.session, best, changed = found
        if self.session.daily is None:
            self.best = best
        else:
            self.daily_best = best
        self.session.set_clock(clock_ms)
        candidate = mark_of(self.session)
        self.play.after_move()
        self._reached()
        settle(self.session, candidate)
        return self._reply("taken", changed, before, stats_before, direction=direction)

    def undo(self, clock_ms: int | None = None) -> Reply:
        before = mark_of(self.session)
        return self._reply("undo", self.play.undo(clock_ms), before)

    def keep_playing(self, clock_ms: int | None = None) -> Reply:
        before = mark_of(self.session)
        return self._reply("continue", self.play.keep_playing(clock_ms), before)

    def set_clock(self, clock_ms: int) -> Reply:
        """Record the game clock without a move (the page is being hidden or closed)."""
        before = mark_of(self.session)
        return self._reply("clock", self.play.set_clock(clock_ms), before)

    def set_undo_depth(self, depth: int) -> Reply:
        """The player chose another undo depth: kept from now on, and a lower one
        forgets the oldest steps at once (the stored game must not keep more)."""
        before = mark_of(self.session)
        return self._reply("undo_depth", self.play.set_undo_depth(int(depth)), before)

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
        if self.session.daily is None:
            self.session.best = max(self.session.best, self.best.get(self.session.size, 0))
        return self._reply("best", changed, before)

    def merge_stats(self, stats_text: str) -> Reply:
        """Another tab stored statistics: per size keep the entry with more games (a tie
        keeps this tab's), and every milestone either tab reached.

        Invalid text changes nothing, a bad size entry only itself. `stats_changed`
        says whether this tab now holds statistics to store; `unlocked` stays empty:
        the other tab reached those milestones and said so there.
        """
        before = mark_of(self.session)
        stats_before = self.stats
        try:
            other = stats.read_stats(stats_text).stats
        except saves.SaveError:
            return self._reply("stats", False, before)
        self.stats = stats.merge(self.stats, other)
        reply = self._reply("stats", False, before, stats_before)
        reply["unlocked"] = []
        return reply

    def statistics(self, size: int, board_text: str | None = None, own_name: str = "") -> dict[str, Any]:
        """The statistics dialog's data for one size (plain data, no game reply), and
        the daily section, whose streak depends on the UTC day now (the wall clock),
        with your current season among your friends (`board_text`: the stored board)."""
        if size not in rules.SIZES:
            raise ValueError(f"unsupported board size {size}")
        playing = self.session.size == size and self.session.daily is None  # the day's best is its own
        best = max(self.best.get(size, 0), self.session.best if playing else 0)
        today = daily.utc_date(self.wall())
        summary = stats.summary(self.stats, size, best, today=today)
        known = board_text in (self.board_text, rankings.KNOWN)
        entries = self.board if known else rankings.union(
            self.board, rankings.read_board(board_text).entries)
        summary["season"] = rankings.season_summary(entries, self._own(own_name), today)
        return {"kind": "statistics", "size": size, "summary": summary}

    def hint(self, budget_ms: float, ticket: int = 0, paced: bool = False) -> dict[str, Any]:
        """The solver's move for the game as it is (Hint, Auto-play): plain data, no
        game reply; nothing changes. `budget_ms` bounds the search (at least 1 ms, at
        most 1 s: the worker answers nothing else meanwhile); `paced` (Auto-play) makes
        it the mean over the moves asked so (game/solver `Pace`: a crowded board may
        spend what open ones saved). The answer names the revision and board it was
        chosen for, and `ticket` as given."""
        budget = min(max(float(budget_ms), 1.0), 1000.0)
        board = self.session.position.board
        if paced:
            if self.pace is None or self.pace.budget_ms != budget:
                self.pace = Pace(budget)
            decision = self.pace.choose(board)
        else:
            decision = solver.choose_move(board, budget)
        return {"kind": "hint", "ticket": int(ticket), "direction": decision.direction,
                "revision": self.session.revision, "size": self.session.size,
                "board": [list(row) for row in board], "depth": decision.depth,
                "nodes": decision.nodes, "ms": round(decision.ms, 3)}

    def export_all(
        self, games: dict[int, str | None], best: str | None, stats: str | None, settings: str | None,
        board: str | None = None,
    ) -> dict[str, Any]:
        """The export file for what storage holds (game/transfer.py), dated now."""
        if board == rankings.KNOWN:  # storage holds the board this engine last read or wrote
            board = self.board_text
        return {"kind": "export", "text": transfer.export_bundle(games, best, stats, settings, self.wall(),
                                                                  board)}

    def check_import(self, text: str) -> dict[str, Any]:
        """An import file judged: its parts to store, or why it cannot be imported.
        Nothing changes here: the page asks the player, stores the parts, and starts
        again from them."""
        self.importing, self.imported = [], (0, 0)
        try:
            bundle = transfer.check_bundle(text)
        except saves.SaveError as error:
            return {"kind": "import", "ok": False, "error": str(error), "summary": {},
                    "parts": {"games": {str(size): None for size in rules.SIZES},
                              "best": "", "stats": "", "settings": ""}}
        self.candidates = list(bundle.results)
        return {"kind": "import", "ok": True, "error": "", "summary": bundle.summary,
                "parts": {"games": {str(size): bundle.games[size] for size in rules.SIZES},
                          "best": bundle.best, "stats": bundle.stats, "settings": bundle.settings}}

    # -- result codes and watching ------------------------------------------------------

    def verify(self, text: str) -> dict[str, Any]:
        """A result code (or a link or message holding one), replayed: plain data saying
        what it scored, or exactly why it does not verify (game/replay.py). Nothing is
        stored; a code that verifies can then be watched (`watch("verified")`)."""
        answer, self.verified = replay.judge(text)
        self.verified_code = str(answer.get("code", ""))
        return answer

    # -- the friends' board (game/rankings.py) --------------------------------------------

    def _own(self, own_name: str) -> list[rankings.Entry]:
        """Your daily results as board entries, under your name if it is one."""
        name = own_name if names.valid(own_name) else ""
        return rankings.mine_of(self.stats.daily.results, name)

    def _board(self, stored: str | None) -> str:
        """The board brought up to what storage holds now: this engine's results and
        storage's, united (another tab may have added some, or written over one this
        tab added). Answers the document to store when storage does not hold it ("")."""
        text = stored or ""
        if text == self.board_text or (text == rankings.KNOWN and self.board_text is not None):
            return ""
        found = rankings.read_board(text)
        united = rankings.union(self.board, found.entries)
        clean = not (found.rejected or found.document_rejected)
        if (clean and united == found.entries) or (not text and not united):
            # Storage holds every result this engine knows: nothing to write back.
            self.board, self.board_text = united, text
            return ""
        self.board = united
        self.board_text = rankings.dump_board(self.board)
        return self.board_text

    def _board_reply(self, kind: str, save: str, **extra: Any) -> dict[str, Any]:
        return {"kind": kind, "save": save, "total": len(self.board), **extra}

    def rankings(self, stored: str | None, day: str = "", season: str = "",
                 own_name: str = "") -> dict[str, Any]:
        """The Rankings dialog's data (game/rankings.py `view`) for `day` and `season`
        ("" for the newest). The winner's last board, for the shared text, is a replay:
        it is `board_picture`'s, asked once this is on screen."""
        save = self._board(stored)
        view = rankings.view(self.board, self._own(own_name), str(day), str(season), self.today())
        self.winner = view.pop("winner_code")
        del view["kind"]
        return self._board_reply("rankings", save, **view)

    def board_picture(self, day: str) -> dict[str, Any]:
        """The last board of the winner of the day `rankings` just showed (its code
        replayed; kept for the next time), for the day's shared text; [] when the
        winner's code is not kept (your own result, older than the codes kept)."""
        code = self.winner
        if code and code not in self.pictures:
            try:
                board = replay.replay(replay.decode(code)).board
            except replay.Rejection:  # a kept code always replays: sealed, or your own
                board = ()
            self.pictures = {code: [list(row) for row in board]}
        return {"kind": "board_picture", "day": str(day), "picture": self.pictures.get(code, [])}

    def board_add(self, stored: str | None, name: str, own_name: str = "") -> dict[str, Any]:
        """Add the result that last verified to the board under `name`: answers the
        day's view, and whether it was already there or conflicts with another result
        under that name (it is kept, and shown as such, but does not count)."""
        save = self._board(stored)
        outcome, code = self.verified, self.verified_code
        name = names.tidy(str(name))
        if outcome is None or not code:
            return self._board_reply("board_add", save, ok=False, reason="nothing")
        if not name or not names.valid(name):
            return self._board_reply("board_add", save, ok=False, reason="bad_name")
        own = self._own(own_name)
        known = {e.code for e in self.board} | {e.code for e in own if e.code}
        already = code in known
        if not already:
            entry = rankings.verified_entry(code, name, self.wall(), outcome)
            appended = rankings.appended(self.board, self.board_text, entry)
            if appended is not None:  # the usual case: the newest result, at the end
                self.board, self.board_text = self.board + (entry,), appended
            else:
                self.board = rankings.union(self.board, [entry])
                if code not in {e.code for e in self.board}:  # older than every kept result
                    return self._board_reply("board_add", save, ok=False, reason="full")
                self.board_text = rankings.dump_board(self.board)
            save = self.board_text
        counted = rankings.counts(self.board, own, code, outcome.date)
        return self._board_reply("board_add", save, ok=True, reason="", already=already,
                                 conflict=not counted, date=outcome.date, name=name)

    def board_merge(self, stored: str | None) -> dict[str, Any]:
        """Another tab stored the board: united with this engine's, and the union to
        store when storage lacks some of it (then the other tab does the same: the two
        meet at the union)."""
        return self._board_reply("board_merge", self._board(stored))

    def board_import(self, stored: str | None, budget_ms: float = 200.0) -> dict[str, Any]:
        """Replay the confirmed import's results for about `budget_ms` (the worker
        answers nothing else meanwhile; the page calls again while some are `left`):
        each joins the board if its code replays to its numbers, and is refused if not.
        A result the board already holds is not replayed again."""
        if self.candidates:
            self.importing, self.candidates, self.imported = self.candidates, [], (0, 0)
        save = self._board(stored)
        added, refused = self.imported
        known = {e.code for e in self.board}
        began = time.perf_counter()
        fresh: list[rankings.Entry] = []
        while self.importing and (time.perf_counter() - began) * 1000 < budget_ms:
            entry = self.importing.pop()
            if entry.code in known:
                continue
            checked = rankings.replayed(entry)
            if checked is None:
                refused += 1
            else:
                fresh.append(checked)
                known.add(checked.code)
                added += 1
        self.imported = (added, refused)
        if fresh:
            self.board = rankings.union(self.board, fresh)
            save = self.board_text = rankings.dump_board(self.board)
        return self._board_reply("board_import", save, left=len(self.importing), added=added, refused=refused)

    def watch(self, what: str) -> dict[str, Any]:
        """Put a game on the board to watch, move by move (`watch_step`): "verified"
        (the last code that verified), "game" (the game in play, from its record) or
        "daily:<date>" (that day's result, from its code in the statistics). The game
        in play is untouched; `resume` shows it again; "again" starts the game being
        watched over. Answers a "watch" reply with the start position and the number of
        moves, or {"ok": False, "reason": ...}."""
        try:
            film, title = self._film(str(what))
        except replay.Rejection as refusal:
            self.watching = None
            return {"kind": "watch", "ok": False, "reason": refusal.reason, "detail": refusal.detail}
        self.watching = Watch(film, title)
        return self.watching.reply("watch", title=title)

    def _film(self, what: str) -> tuple[records.Film, dict[str, Any]]:
        if what == "again" and self.watching is not None:
            return self.watching.film, self.watching.title
        if what == "verified" and self.verified is not None:
            outcome = self.verified
            return outcome.film, {"date": outcome.date, "size": outcome.size}
        if what == "game" and self.session.record:
            film = records.read(self.session.record, self.session.size)
            if replay.check_film(film) != self.session.position.board:
                raise replay.Rejection("record_damaged", at=len(film.steps))
            date = self.session.daily.date if self.session.daily else ""
            return film, {"date": date, "size": self.session.size}
        if what.startswith("daily:"):
            found = stats.daily_result(self.stats, what[6:])
            if found is not None and found.code:
                outcome = replay.replay(replay.decode(found.code))
                return outcome.film, {"date": outcome.date, "size": outcome.size}
        raise replay.Rejection("empty")

    def watch_step(self) -> dict[str, Any]:
        """The watched game's next move, as a move reply ("watch_move"; `end` once the
        last move is shown). Without a game to watch: {"ok": False}."""
        if self.watching is None:
            return {"kind": "watch_move", "ok": False, "reason": "empty", "detail": {}}
        return self.watching.step()

    def resume(self) -> Reply:
        """Watching is over: the game in play, to draw again (with its lookahead)."""
        self.watching = None
        return self._reply("resume", True, None)

    def follow(self, game_text: str, steps_text: str = "") -> Reply:
        """Another tab stored this game: play on from it if it is valid and not older.

        A higher revision than this tab's game is newer. The same revision with another
        document means both tabs moved from the same game at once: storage already
        holds the other one (the first write won), so this tab takes it too, and the
        two cannot hand the slot back and forth. An invalid, older or identical game
        changes nothing: a tab never steps back to an older game. The best scores keep
        the higher of both, the other game's score included. The adopted game is
        already stored, so `game_changed` is false: storing it again could only race
        the tab that wrote it.

        `steps_text`: the other tab has not started its engine yet and stored steps
        beside that game (game/steps.py). They are played here, as that tab's engine
        would: a game they count is counted here (once: the document this tab then
        stores holds them all, so that tab's engine finds no steps left to play), and
        that document is stored (`game_changed`).
        """
        mine = mark_of(self.session)
        game = self.session
        try:
            other = saves.load_game(game_text, self.source, {}) if game_text else None
        except saves.SaveError:
            return self._reply("follow", False, mine)
        handed: Handed | None = None
        if steps_text:
            try:
                plan = steps.read(steps_text)
            except ValueError:
                return self._reply("follow", False, mine)
            handed = Handed(self)
            trial = Play(self.source, self.today, handed)
            trial.best, trial.daily_best = dict(self.best), dict(self.daily_best)
            _, _, refusal = steps.resume(
                trial, other, game_text, game.size, plan.depth, game.daily is not None, plan)
            if refusal is not None:
                return self._reply("follow", False, mine)
            other = trial.session
        if other is None or other.daily != game.daily or other.size != game.size:
            return self._reply("follow", False, mine)  # not this board's game
        ours = game.revision
        same = other.revision == ours and saves.dump_game(other) == saves.dump_game(game)
        if other.revision < ours or same:
            return self._reply("follow", False, mine)
        other.best = max(other.best, self.play.bests(other).get(other.size, 0))
        self.session = other
        dropped = drops_changes(game, other)
        if handed is None:
            return self._reply("follow", True, None, dropped=dropped)
        stats_before = self.stats
        for counted in handed.games:
            self.count(counted)
        self._reached()
        return self._answer("follow", True, True, stats_before, dropped=dropped)


class Watch:
    """A recorded game played back one move at a time, on a session of its own.

    Each move's spawn is the recorded one: the session's source gives exactly the words
    that make `chance.spawn` choose that cell and value (its index among the empty
    cells, then 0 for a 4 or 1 for a 2), so the replies are the game's own move replies
    (tiles, merges, spawn) and the page animates them like any move.
    """

    def __init__(self, film: records.Film, title: dict[str, Any]) -> None:
        self.film = film
        self.title = title
        self.at = 0
        self.words: list[int] = []
        board = rules.new_board(film.size)
        for spawned in film.start:
            board = rules.place(board, spawned.cell, spawned.value)
        self.session = Session(fresh(board), self._word, undo_depth=1)
        self.session.keep_playing = True
        self.best: dict[int, int] = {}

    def _word(self) -> int:
        return self.words.pop(0)

    def reply(self, kind: str, **extra: Any) -> dict[str, Any]:
        reply = reply_of(self.session, self.best, kind, kind == "watch", False, **extra)
        reply.update(ok=True, at=self.at, total=len(self.film.steps), end=self.at >= len(self.film.steps),
                     spawns=[{"at": list(s.cell), "value": s.value} for s in self.film.start]
                     if kind == "watch" else [])
        return reply

    def step(self) -> dict[str, Any]:
        if self.at >= len(self.film.steps):
            return self.reply("watch_move")
        move = self.film.steps[self.at]
        slid, _ = rules.slide(self.session.position.board, move.direction)
        self.words = [rules.empty_cells(slid).index(move.spawn.cell), 0 if move.spawn.value == 4 else 1]
        self.session.keep_playing = True  # a won game is watched on to its end
        outcome = self.session.move(move.direction)
        self.at += 1
        return self.reply("watch_move", **move_fields(outcome)) | {"changed": outcome.changed}
