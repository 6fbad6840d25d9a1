"""The page's own game, from the first paint until the engine takes it over.

The engine (Pyodide) takes seconds to start, tens of seconds on a phone's first visit,
but the rules are a few hundred lines of Python that MicroPython runs too. So the page
plays the game itself meanwhile, with the engine's own modules (game/play.py and what
it uses): a fresh game's tiles come from `crypto.getRandomValues` through the same
chance code, a daily board from the same generator. Every reply here has the engine's
own shape (game/replies.py), so the view, the live region and the tests cannot tell
who answered.

Each change is a step (game/steps.py), and the reply carries the steps document to
store (`steps`) the moment it is made, beside the stored game it continues: a reload
or a crash before the engine started brings back exactly the board last shown. When
the engine starts, it plays those steps through the same code (game/ui/handover.py).

Storage, the clock and randomness are handed in, so this room is pure: tested on
CPython and in MicroPython (tests/unit/test_ui_early.py). It never raises on what
storage holds: a stored text it cannot read is no game (a fresh one is begun; the
engine judges the stored text strictly and says what it set aside).
"""

from game import daily, other_tabs, replies, session, steps
from game.play import Play
from game.session import Refused
from game.tally import Known
from game.ui.snapshot import best_from_saved, game_from_saved, stored_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from game.chance import WordSource
    from game.record import Spawned
    from game.session import Session


class EarlyPlay:
    """The game on the page until the engine runs: one stored game (`key`) at a time."""

    def __init__(self, source: "WordSource", now_ms: "Callable[[], float]") -> None:
        self.now_ms = now_ms
        self.results = Known()  # what the stored statistics counted (the engine counts, at the hand-over)
        self.play = Play(source, self.today, self.results)
        self.doc: "steps.Steps | None" = None  # the steps played on the stored game
        self.stored_game: "str | None" = None  # the stored game text they continue

    def today(self) -> str:
        return daily.utc_date(int(self.now_ms()))

    @property
    def session(self) -> "Session":
        return self.play.session

    # -- a stored game to play ---------------------------------------------------------

    def call(self, name: str, *args: "Any") -> "dict[str, Any] | None":
        """One of the engine's calls (game/worker.py: the same names and arguments),
        answered by the page; None for a call only the engine can answer."""
        if name == "start":
            return self.load(*args)
        if name == "move":
            return self.move(str(args[0]), int(args[1]))
        if name == "new_game":
            return self.new_game()
        if name == "follow":
            game = self.session
            return self.follow(args[0], args[1], game.size, game.undo_depth, game.daily is not None)
        if name == "merge_best":
            return self.merge_best(args[0])
        if name == "merge_stats":
            self.results.merge(stored_text(args[0]))
            return self._reply("stats", False, False)
        simple = {"undo": self.undo, "keep_playing": self.keep_playing, "set_clock": self.set_clock,
                  "set_undo_depth": self.set_undo_depth}.get(name)
        return simple(int(args[0])) if simple is not None else None

    def load(self, game_quoted: "str | None", best_quoted: "str | None", stats_quoted: "str | None",
             size: int, undo_depth: int, daily_board: "bool | int", steps_quoted: "str | None" = None
             ) -> "dict[str, Any]":
        """Begin the stored game of this board (or a fresh one) with the steps already
        played on it: the `start` reply. A fresh game's steps document is written at
        once (its tiles are on screen: a reload must bring them back)."""
        if daily_board:
            self.play.day()  # a clock outside the board's days: refused before any change
        game_text = stored_text(game_quoted)
        self.stored_game = game_text
        self.play.best = best_from_saved(stored_text(best_quoted))
        self.results.read(stored_text(stats_quoted))
        self.doc = None
        refused = self._begin(game_text, stored_text(steps_quoted), size, undo_depth, bool(daily_board), True)
        doc = self.doc
        assert doc is not None
        if undo_depth != self.session.undo_depth:  # the setting changed since those steps
            self._step(lambda: self.play.set_undo_depth(undo_depth), lambda: doc.depth_set(undo_depth))
        reply = self._reply("start", True, bool(doc.start) or bool(doc.steps))
        reply["spawns"] = [replies.spawn_data(s) for s in doc.start or ()] if not doc.steps else []
        if refused is not None:  # what the engine's `handover` would say of those steps
            reply["handover"] = {"steps": refused[0], "taken": len(doc.steps), "refused": refused[1].reason,
                                 "detail": refused[1].detail}
        return reply

    def _begin(self, game_text: "str | None", steps_text: "str | None", size: int, undo_depth: int,
               daily_board: bool, at_load: bool = False) -> "tuple[int, Refused] | None":
        """Begin the stored game with the stored steps on it, as the engine will take them
        (none if they are not steps on this game); the number of steps and the refusal
        when one of them could not be played (it and those after it are dropped). At a
        load, steps on a daily board whose day is over give way to today's board, unless
        they count something (that day's try ended in them): then they stay, for the
        engine to count."""
        loaded = game_from_saved(game_text, daily.SIZE if daily_board else size, daily_board,
                                 self.play.source)
        base = steps.fingerprint(game_text)
        found = self._read_steps(steps_text, base)
        if (found is not None and at_load and steps.day_over(self.play, loaded, daily_board, found)
                and not self._counts(game_text, size, undo_depth, found)):
            found = None  # the steps of a board whose day is over: today's takes its place
        if found is not None:
            _, taken, refusal = steps.resume(
                self.play, loaded, game_text, size, undo_depth, daily_board, found)
            if refusal is None or refusal.reason != "not_this_game":
                played = len(found.steps)
                del found.steps[taken:]  # (never expected: the page played them by these rules)
                self.doc = found
                return None if refusal is None else (played, refusal)
            loaded = game_from_saved(game_text, daily.SIZE if daily_board else size, daily_board,
                                     self.play.source)
        spawns, _, _ = steps.resume(self.play, loaded, game_text, size, undo_depth, daily_board, None)
        game = self.session
        self.doc = steps.Steps(base, game.undo_depth, spawns if spawns else None,
                               date=game.daily.date if spawns and game.daily is not None else "",
                               word=game.word if spawns else None)
        return None

    def _counts(self, game_text: "str | None", size: int, undo_depth: int, doc: "steps.Steps") -> bool:
        """Whether playing `doc`'s steps on the stored daily game counts a try (it ended,
        or was given up for another), played on a scratch table."""
        noted = Known()
        trial = Play(self.play.source, self.today, noted)
        loaded = game_from_saved(game_text, daily.SIZE, True, self.play.source)
        try:
            steps.resume(trial, loaded, game_text, size, undo_depth, True, doc)
        except Refused:  # (the clock: no board to play at all)
            return False
        return bool(noted.scores)

    def _read_steps(self, text: "str | None", base: str) -> "steps.Steps | None":
        """The stored steps, if they are steps played on this very stored game."""
        if not text:
            return None
        try:
            found = steps.read(text)
        except ValueError:
            return None
        return found if found.base == base else None

    # -- the player's moves ------------------------------------------------------------

    def _step(self, act: "Callable[[], Any]", write: "Callable[[], None]") -> bool:
        """Do one change as the engine would (its revision settled); if the game's
        document changed, note the step with `write`. Whether it changed."""
        before = session.mark_of(self.session)
        act()
        changed = session.settle(self.session, before)
        if changed:
            write()
        return changed

    def move(self, direction: str, clock_ms: int) -> "dict[str, Any]":
        doc = self.doc
        assert doc is not None
        found: "list[Any]" = []

        def write() -> None:
            outcome = found[0]
            if outcome.changed:
                doc.moved(direction, outcome.spawn, clock_ms)
            else:  # no move: only the clock changed (the engine stores that too)
                doc.did("clock", clock_ms)

        stored = self._step(lambda: found.append(self.play.move(direction, clock_ms)), write)
        outcome = found[0]
        reply = self._reply("move", outcome.changed, stored)
        reply.update(replies.move_fields(outcome))
        return reply

    def undo(self, clock_ms: int) -> "dict[str, Any]":
        return self._simple("undo", "undo", lambda: self.play.undo(clock_ms), clock_ms)

    def keep_playing(self, clock_ms: int) -> "dict[str, Any]":
        return self._simple("continue", "keep", lambda: self.play.keep_playing(clock_ms), clock_ms)

    def set_clock(self, clock_ms: int) -> "dict[str, Any]":
        return self._simple("clock", "clock", lambda: self.play.set_clock(clock_ms), clock_ms)

    def _simple(self, kind: str, op: str, act: "Callable[[], bool]", clock_ms: int) -> "dict[str, Any]":
        doc = self.doc
        assert doc is not None
        done: "list[bool]" = []
        stored = self._step(lambda: done.append(act()), lambda: doc.did(op if done[0] else "clock", clock_ms))
        return self._reply(kind, done[0], stored)

    def set_undo_depth(self, depth: int) -> "dict[str, Any]":
        doc = self.doc
        assert doc is not None
        changed: "list[bool]" = []
        stored = self._step(lambda: changed.append(self.play.set_undo_depth(depth)),
                            lambda: doc.depth_set(depth))
        return self._reply("undo_depth", changed[0], stored)

    def new_game(self) -> "dict[str, Any]":
        doc = self.doc
        assert doc is not None
        spawns: "list[tuple[Spawned, ...]]" = []
        self._step(lambda: spawns.append(self.play.new()), lambda: doc.began(spawns[0], self.session.word))
        reply = self._reply("new", True, True)
        reply["spawns"] = [replies.spawn_data(s) for s in spawns[0]]
        return reply

    # -- another tab -------------------------------------------------------------------

    def merge_best(self, best_quoted: "str | None") -> "dict[str, Any]":
        """Another tab stored best scores: the higher of each size (game/other_tabs.py)."""
        changed = other_tabs.merge_best(self.play.best, best_from_saved(stored_text(best_quoted)))
        return self._reply("best", changed, False)

    def follow(self, game_quoted: "str | None", steps_quoted: "str | None", size: int, undo_depth: int,
               daily_board: bool) -> "dict[str, Any]":
        """Another tab stored this board's game, or steps on it: take them if they make a
        newer game than this one (a tab never steps back), by the engine's own rule
        (game/other_tabs.py `newer`: the whole document, the clock included), and
        taken by its own procedure (game/play.py `adopt`: the best scores keep the
        higher of both).

        Another tab's engine may also have taken this tab's own steps over (it follows
        them, and stores the game they make): then the stored game is this one, or this
        one a few steps back, and this tab goes on from it, with only the steps it has
        played since (`taken` in the reply, with the steps to store)."""
        mine = self.session
        doc, known = self.doc, self.stored_game
        best, day_best = dict(self.play.best), dict(self.play.daily_best)
        game_text = stored_text(game_quoted)
        self.doc = None
        self._begin(game_text, stored_text(steps_quoted), size, undo_depth, daily_board)
        other = self.session
        if not other_tabs.newer(mine, other):
            if doc is not None and self._caught_up(mine, doc):
                self.stored_game = game_text
                reply = self._reply("follow", False, bool(self.doc and (self.doc.steps or self.doc.start)))
                reply["taken"] = True
                return reply
            self.play.session, self.doc, self.stored_game = mine, doc, known
            self.play.best, self.play.daily_best = best, day_best
            return self._reply("follow", False, False)
        self.stored_game = game_text
        dropped = self.play.adopt(mine, other, best, day_best)
        reply = self._reply("follow", True, False)
        reply["dropped"] = dropped
        return reply

    def _caught_up(self, mine: "Session", doc: "steps.Steps") -> bool:
        """Whether the stored game just begun is `mine` some steps back, which `doc`'s last
        steps bring it to (another tab took the earlier ones over): they are played, and
        they alone are this tab's steps now."""
        behind = mine.revision - self.session.revision
        if behind < 0 or behind > len(doc.steps):
            return False
        later = doc.steps[len(doc.steps) - behind :] if behind else []
        _, refusal = steps.play_steps(self.play, later)
        same = self.session.position == mine.position and self.session.revision == mine.revision
        if refusal is None and same and self.doc is not None:
            self.doc.steps.extend(later)
            return True
        return False

    # -- replies -----------------------------------------------------------------------

    def steps_text(self) -> str:
        doc = self.doc
        return doc.dump() if doc is not None else ""

    def _reply(self, kind: str, changed: bool, stored: bool) -> "dict[str, Any]":
        """A reply with the engine's fields (game/replies.py) for the game as it is;
        `steps` is the document to store when this call changed the game (else "")."""
        reply = replies.skeleton(kind, changed, False)
        self.play.raise_best()
        reply["state"] = replies.state_of(self.session, self.play.bests())
        reply["milestones"] = None  # the engine says which (at the hand-over)
        reply["steps"] = self.steps_text() if stored else ""
        return reply


__all__ = ["EarlyPlay", "Known", "Refused"]
