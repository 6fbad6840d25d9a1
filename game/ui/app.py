"""The page's entry point (MicroPython, main thread): input in, engine replies out.

It is alive within a fraction of a second, long before Pyodide: it paints the saved
board at once, listens, and queues every input. One consumer applies the queue in
order, asking the engine worker one step at a time, so no input is dropped or applied
twice, and keys pressed while Python was still loading are played once it is ready.
A move the engine has already answered (its lookahead, game/api.py) is shown within
the key's own event, and the engine is then told to take it.
"""

import json

import js
from pyscript import document
from pyscript.ffi import create_proxy

from game.ui import (
    autoplay,
    buttons,
    clock,
    gestures,
    keys,
    preferences,
    replays,
    sharing,
    snapshot,
    statistics,
    tabs,
    text,
    transfer,
)
from game.ui.store import BEST, DAILY, MODE, PREFIX, SETTINGS, STATS, Store, game_key
from game.ui.view import View

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

NOTICE_MS = 8000
SLOW_START_MS = 15000  # cold starts measure 2.5-5 s here; three times that is a problem
# Dialogs in front of the board that make a move key do nothing (it still counts as
# handled). The win and game-over dialogs are not here: the engine answers those moves.
BLOCKING = ("confirm", "help", "settings", "stats", "import", "replay")
# The actions that are move attempts (CONTRACT.md `data-inputs`).
COUNTED = ("left", "right", "up", "down", "undo")
# Engine answers that are not a game reply: each has its own room.
SIDE_REPLIES = ("statistics", "export", "import", "verify", "watch", "watch_move")
# Buttons that drive a replay on the board; any other button ends watching first.
WATCH_CONTROLS = ("#watch-play", "#watch-step", "#watch-close")


def now() -> float:
    return float(js.performance.now())


class App:
    def __init__(self) -> None:
        self.view = View()
        self.store = Store()
        self.queue: "list[str]" = []
        self.busy = False
        self.current = ""
        self.engine: "Any" = None
        self.state: "dict[str, Any] | None" = None
        self.clock = clock.Clock()
        self.tracker = gestures.Tracker()
        self.prefs = preferences.Preferences(self.store)
        self.letters = bool(self.prefs.values["letters"])
        self.size = int(self.prefs.values["size"])  # the normal game's board size
        # "daily" while the daily board is on screen (this tab's choice, kept over a reload).
        self.mode = "daily" if snapshot.stored_text(self.store.read(MODE)) == "daily" else "classic"
        # What this tab knows to be stored, per document (other tabs may write too).
        self.saves = tabs.SharedSaves(self.store, self.size, DAILY if self.mode == "daily" else "")
        self.shown_save: "str | None" = None  # the game document of the board on screen
        self.milestones: "list[str] | None" = None  # from the engine's replies
        self.summary: "dict[str, Any] | None" = None  # the statistics on show
        self.import_text = ""  # a chosen file's text, quoted, until the engine judged it
        self.import_parts: "dict[str, Any] | None" = None  # what a confirmed import stores
        self.offset = int(js.window.py2048Time.offsetMinutes())
        self.lang = js.window.py2048Lang  # the strings assets/settings.js loads
        self.unread: "list[str]" = []  # reading keys pressed before the strings were in
        self.warned_storage = False
        self.fatal = False  # the engine failed: nothing more is asked or stored
        self.slow_shown = False
        self.notice_timer: "Any" = None
        self.proxies: "list[Any]" = []
        self.once: "dict[str, Any]" = {}
        # The engine's lookahead for the state on screen: direction -> reply (JSON text).
        self.ahead: "dict[str, str]" = {}
        self.on_answer = self.proxy(self.answered)
        self.on_failure = self.proxy(self.failed)
        self.on_hide_notice = self.proxy(self.view.hide_notice)
        # Hint and Auto-play (their room asks the engine's solver through this app).
        self.pilot = autoplay.Pilot(self)
        self.on_hint = self.proxy(self.pilot.answered)
        self.on_hint_failed = self.proxy(self.solver_failed)
        self.on_due = self.proxy(self.pilot.due)
        # Result codes and replays (their room; the app asks the engine for it).
        self.replays = replays.Replays(self)
        self.on_watch_due = self.proxy(self.replays.due)

    # -- start -------------------------------------------------------------------------

    def boot(self) -> None:
        """Paint what was saved, listen, replay early keys, then start the engine."""
        self.apply_look()
        self.show_settings()
        daily = self.mode == "daily"
        self.view.set_size(4 if daily else self.size)
        self.view.show_mode(daily, False)
        board = snapshot.board_from_saved(snapshot.stored_text(self.saves.saved_game))
        if board:
            self.view.paint(board)
            self.view.set_attributes((("data-board", snapshot.board_attr(board)),))
        self.listen()
        early = js.window.py2048EarlyInput
        if early:
            early.stop()
            for i in range(int(early.events.length)):
                e = early.events[i]
                self.on_key_data(str(e.key), str(e.code), bool(e.ctrl), bool(e.alt), bool(e.meta),
                                 bool(e.field), bool(e.shift))
        engine = js.window.py2048Engine
        engine.onfailure = self.proxy(self.engine_lost)
        # The engine starts once the strings are in (they come long before it: every
        # reply is said in words), and whatever it answers is said in them.
        self.lang.ready.then(self.proxy(self.lang_ready)).then(self.proxy(self.await_engine))
        js.setTimeout(self.proxy(self.check_started), SLOW_START_MS)

    def check_started(self) -> None:
        """A slow start is not a failure: say so, until the engine is ready."""
        if self.engine is None and not self.fatal:
            self.slow_shown = True
            self.notify(text.say("engine_slow"), lasting=True)

    def engine_ready(self, info: "Any") -> None:
        """Python is up in the worker (restored from its snapshot or started plain)."""
        self.view.set_attributes((("data-engine", str(info.boot)),))
        js.window.py2048Engine.call(*self.start_args()).then(
            self.proxy(self.started), self.proxy(self.engine_failed))

    def start_args(self) -> "list[Any]":
        """The engine's `start` for the size on screen, from what is stored now."""
        daily = self.mode == "daily"
        return ["start", self.saves.saved_game or "", self.saves.read(BEST), self.saves.read(STATS),
                4 if daily else self.size, self.prefs.values["undo"], 1 if daily else 0]

    def await_engine(self, _: "Any" = None) -> None:
        js.window.py2048Engine.ready.then(self.proxy(self.engine_ready), self.proxy(self.engine_failed))

    def lang_ready(self, code: "Any") -> None:
        """The strings of the language in use are loaded (at start, or after a change in
        Settings): the UI speaks it, and what it wrote itself is written again."""
        strings = self.lang.strings
        table = json.loads(str(js.JSON.stringify(strings))) if strings else {}
        text.use(str(code), table)
        self.view.say("")  # the last sentence was in the language before
        self.view.relabel()
        unread, self.unread = self.unread, []
        for action in unread:
            self.read_out(action)
        state = self.state
        if state:
            self.view.show_numbers(state)
            self.view.show_clock(self.elapsed())
            self.dialog_texts(state)
        if self.view.is_open("stats"):
            self.push("statistics")

    def engine_failed(self, error: "Any") -> None:
        """The engine could not start: say so and keep the board that is on screen."""
        js.console.error("engine failed to start: " + str(error))
        self.fail(text.say("engine_failed"))

    def engine_lost(self, reason: "Any") -> None:
        """The engine failed (assets/engine/client.js): before it was ready that is a
        start that failed (its `ready` says so too), after it the engine stopped."""
        js.console.error("engine: " + str(reason))
        self.fail(text.say("engine_stopped" if self.engine is not None else "engine_failed"))

    def fail(self, message: str) -> None:
        """The game cannot go on: `#game[data-status="error"]` and a lasting message
        with "Reload" (assets/boot.js). The board stays as it is and nothing more is
        stored, so the last good save is what a reload resumes; queued input is
        dropped, never applied twice."""
        if self.fatal:
            return
        self.fatal = True
        self.queue = []
        self.pilot.stop()
        if self.slow_shown or self.notice_timer is not None:
            self.view.hide_notice()
        js.window.py2048Failure.show(message)

    def started(self, answer: "Any") -> None:
        if self.slow_shown:
            self.slow_shown = False
            self.view.hide_notice()
        reply = json.loads(str(answer))
        self.ahead = reply["ahead"]
        self.judged(reply)
        self.engine = js.window.py2048Engine
        self.check_link()
        self.next()

    def check_link(self, _: "Any" = None) -> None:
        """A link with a result code in its fragment (`#replay=…`): the engine checks it.
        The fragment reaches Python already cut to the engine's length cap
        (assets/boot.js), so a hostile megabyte never crosses into MicroPython."""
        fragment = js.window.py2048Replay.fragment()
        if fragment:
            self.pilot.stop()
            self.replays.check(str(fragment))

    def judged(self, reply: "dict[str, Any]") -> None:
        """Show a `start` reply: a rejected game is kept for diagnosis before the fresh
        one is stored over it, and the player is told what was set aside."""
        set_aside = reply.get("set_aside") or {}
        if set_aside.get("game"):
            self.saves.keep_rejected()
        self.apply(reply)
        message = text.set_aside_message(set_aside)
        if message:
            self.notify(message)

    # -- the queue ---------------------------------------------------------------------
    # Driven by promise callbacks rather than an asyncio task: MicroPython's event loop
    # resumes a waiting task on a timer, which added 3-20 ms to every key press.

    def push(self, action: str) -> None:
        if self.fatal:
            return
        self.queue.append(action)
        if self.engine is not None and not self.busy:
            self.next()

    def next(self) -> None:
        """Start the oldest queued action; the engine's answer calls back into here."""
        while self.queue:
            action = self.queue.pop(0)
            self.current = action
            promise = self.begin(action)
            if promise is not None:
                self.busy = True
                promise.then(self.on_answer, self.on_failure)
                return
        self.busy = False

    def elapsed(self) -> int:
        return self.clock.elapsed(now())

    def begin(self, action: str) -> "Any":
        """Ask the engine for one action (its promise), or act at once and return None."""
        call = self.engine.call
        if action == "noop":
            self.view.count_input()
        elif action in keys.DIRECTIONS:
            return self.play(action)
        elif action.startswith("auto:"):
            return self.play(action[5:], auto=True)
        elif action == "undo":
            return call("undo", self.elapsed())
        elif action == "new?":
            state = self.state
            if state and state["moves"] > 0 and state["status"] != "over":
                self.dialog_texts(state)
                self.view.open_dialog("confirm")
            else:
                return call("new_game", 0)
        elif action == "new":
            return call("new_game", 0)
        elif action == "keep":
            return call("keep_playing", self.elapsed())
        elif action == "clock":
            return call("set_clock", self.elapsed())
        elif action == "best" or action == "stats":
            # Another tab stored best scores (the engine keeps the higher of each size)
            # or statistics (the fuller of each size).
            if action == "best":
                return call("merge_best", self.saves.read(BEST))
            return call("merge_stats", self.saves.read(STATS))
        elif action == "follow":
            # Another tab stored a game: the engine takes it if it is not older.
            return call("follow", self.saves.read_game())
        elif action.startswith("size:"):
            if self.mode == "daily":
                self.set_mode("classic")
            return self.switch(int(action[5:]))
        elif action.startswith("mode:"):
            self.set_mode(action[5:])
            if self.mode == "daily":
                self.saves.use_key(DAILY)
            else:
                self.saves.use_size(self.size)
            return self.engine.call(*self.start_args())
        elif action == "verify":
            return call("verify", self.replays.take_pending())
        elif action.startswith("watch:"):
            self.ahead = {}  # a key meanwhile is no move of the game in play
            return call("watch", action[6:])
        elif action == "watch-step":
            return call("watch_step")
        elif action == "resume":
            return call("resume")
        elif action == "undo_depth":
            return call("set_undo_depth", self.prefs.values["undo"])
        elif action == "statistics":
            return call("statistics", int(self.view.value_of("stats-size")))
        elif action == "export":
            names = [game_key(size) for size in transfer.SIZES] + [BEST, STATS, SETTINGS]
            return call(*(["export_all"] + [self.store.read(name) or "" for name in names]))
        elif action == "check-import":
            return call("check_import", self.import_text)
        elif action == "import":
            return self.replace_all()
        return None

    def set_mode(self, mode: str) -> None:
        """The daily board or the normal game, kept for the next visit of this tab. The
        page shows the mode (`data-mode`, the Daily button) with the engine's answer,
        together with the board it brings."""
        self.mode = mode
        self.store.write(MODE, mode)

    def switch(self, size: int) -> "Any":
        """Play the game stored for `size` (a fresh one if there is none). The game on
        screen was stored by its last reply, its clock just before (`clock`)."""
        self.size = size
        self.saves.use_size(size)
        return self.engine.call(*self.start_args())

    def replace_all(self) -> "Any":
        """A confirmed import: store every part of the file, then play its game."""
        parts = self.import_parts
        self.import_parts = None
        if parts is None:
            return None
        stored = transfer.store_all(self.store, parts)
        self.prefs.replace(parts["settings"])
        self.letters = bool(self.prefs.values["letters"])
        self.apply_look()
        self.show_settings()
        self.notify(text.say("imported") if stored else text.say("no_storage"))
        return self.switch(int(self.prefs.values["size"]))

    def play(self, direction: str, auto: bool = False) -> "Any":
        """A move: shown at once from the engine's lookahead when it has one (no round
        trip, so the board changes in the key's own task), then `take`n by the engine,
        whose answer brings the next lookahead. Without one, the engine is asked.
        An `auto` move (Auto-play's) is no move attempt of the player's: not counted."""
        ahead = self.ahead.get(direction)
        if ahead is None:
            return self.engine.call("move", direction, self.elapsed())
        reply = json.loads(ahead)
        try:
            self.apply(reply)
        finally:
            if not auto:
                self.view.count_input()
            self.current = "taken"  # counted: the engine's answer only confirms it
        if not reply["changed"]:
            if auto:
                self.pilot.moved(False)
            return None  # nothing happened: the lookahead still holds for this state
        self.ahead = {}  # the next one comes with the engine's answer
        promise = self.engine.call("take", direction, self.elapsed())
        if auto:
            self.pilot.moved(True)  # asks the solver again: after `take`, so for this game
        return promise

    def answered(self, answer: "Any") -> None:
        try:
            reply = json.loads(str(answer))
            if reply["kind"] in SIDE_REPLIES:
                self.side_reply(reply)
                return
            self.ahead = reply["ahead"]
            if reply["kind"] == "follow":
                self.saves.followed(reply["changed"], self.shown_save)
            if self.current == "taken" and reply["kind"] != "taken":
                # The engine had no lookahead for what the page showed (never expected):
                # its answer is the truth, drawn as it stands.
                js.console.warn("engine: lookahead out of step; board redrawn")
                reply["kind"] = "resync"
            if reply["kind"] == "start":  # a size switch, the daily board, or an import
                self.judged(reply)
                state = reply["state"]
                if state.get("mode") == "daily":
                    key = "switched_daily_practice" if state.get("practice") else "switched_daily"
                else:
                    key = "switched_new" if reply.get("spawns") else "switched_resumed"
                self.view.say(text.say(key, size=text.size_name(self.size), date=state.get("date", ""),
                                       score=text.number(state["score"])))
                return
            self.apply(reply)
            if self.current.startswith("auto:"):  # played without a lookahead
                self.pilot.moved(reply["changed"])
            if reply["kind"] == "undo_depth" and reply["changed"]:
                self.view.say(text.say("undo_steps", n=reply["state"]["undo_depth"]))
        finally:  # a bug in drawing one reply must not stall every later input
            if self.current in COUNTED:
                self.view.count_input()
            self.next()

    def failed(self, error: "Any") -> None:
        """The engine raised: report it, count the attempt as handled, go on; unless the
        engine itself is gone (assets/engine/client.js `failure`)."""
        js.console.error("engine call failed: " + str(error))
        if str(js.window.py2048Engine.failure or ""):
            self.busy = False
            self.fail(text.say("engine_stopped"))
            return
        self.ahead = {}  # ask the engine for moves until its next answer
        if self.current in COUNTED:
            self.view.count_input()
        self.next()

    # -- replies -----------------------------------------------------------------------

    def apply(self, reply: "dict[str, Any]") -> None:
        """Show one engine reply: tiles, numbers, attributes, storage, clock, dialogs."""
        state = reply["state"]
        kind = reply["kind"]
        before = self.state["status"] if self.state else "loading"
        if self.replays.watching:
            # A recorded game is on the board: the game in play changed behind it
            # (another tab): kept and stored, drawn when watching ends (`resume`).
            self.shown_save = reply["save"]
            self.save(reply)
            self.progress(reply)
            self.state = state
            return
        self.view.publish(state)  # the finished state first: tests and tools wait on it
        if kind == "move":
            if reply["changed"]:
                self.view.animate(reply)
        elif reply["changed"] and kind in ("start", "new", "undo", "resync", "follow", "resume"):
            if kind == "resume":
                self.view.show_watch(None)  # the game in play is back: the bar goes
            appear = [s["at"] for s in reply["spawns"]]
            self.view.paint(state["board"], appear)
        self.view.show_numbers(state, reply["points"])
        self.view.show_mode(state.get("mode") == "daily", False)
        self.shown_save = reply["save"]
        self.save(reply)
        self.progress(reply)
        if kind in ("start", "new", "follow"):
            self.clock.reset(state["clock_ms"])
        self.clock.run(clock.should_run(state["status"], state["moves"], self.visible()), now())
        self.view.show_clock(self.elapsed())
        self.state = state
        self.sync_dialogs(before, state)
        spoken = text.announce(reply)
        if spoken:
            self.view.say(spoken)
        self.pilot.after_apply(kind, reply["changed"], state)

    def save(self, reply: "dict[str, Any]") -> None:
        """Store what the reply changed: the game only when the engine says the game
        document changed (`game_changed`; a best-score merge or a followed game is not
        written back), the best scores when anything changed."""
        if self.fatal:
            return
        results = []
        if reply.get("game_changed"):
            results.append(self.saves.store_game(reply["save"]))
        if reply["changed"] or reply.get("game_changed") or reply["kind"] == "best":
            results.append(self.saves.store_merged(BEST, reply["best_save"]))
        if reply.get("stats_changed"):
            results.append(self.saves.store_merged(STATS, reply["stats_save"]))
        stored = True
        for written, first in results:
            stored = stored and written
            if first is not None:
                self.ask_first(first)  # another tab wrote since: deal with that first
        if not stored and not self.warned_storage:
            self.warned_storage = True
            self.notify(text.say("no_storage"))

    def progress(self, reply: "dict[str, Any]") -> None:
        """Milestones from the reply: palettes they unlock become choosable (and said)."""
        milestones = reply.get("milestones")
        if milestones is None or milestones == self.milestones:
            return
        self.milestones = list(milestones)
        self.apply_look()
        self.show_settings()
        message = preferences.unlock_message(reply.get("unlocked") or [])
        if message:
            self.notify(message)

    def side_reply(self, reply: "dict[str, Any]") -> None:
        """An engine answer that is not a game reply (SIDE_REPLIES)."""
        kind = reply["kind"]
        if kind == "statistics":
            self.summary = reply["summary"]
            statistics.show(self.view, reply["summary"], self.offset)
        elif kind == "export":
            name = transfer.file_name(int(js.Date.now()), self.offset)
            saved = js.window.py2048Files.download(name, reply["text"])
            self.notify(text.say("exported", name=name) if saved else text.say("export_failed"))
        elif kind == "verify":
            self.replays.verified(reply)
        elif kind == "watch":
            self.replays.shown(reply)
            self.view.show_mode(self.mode == "daily", self.replays.watching)
            if self.replays.watching:  # the game in play waits, its clock too (until `resume`)
                self.clock.run(False, now())
        elif kind == "watch_move":
            self.replays.stepped(reply)
        elif kind == "import":
            if not reply["ok"]:
                self.notify(text.say("import_invalid", reason=reply["error"]))
                return
            self.import_parts = reply["parts"]
            self.view.set_items("import-list", transfer.summary_lines(reply["summary"], self.offset))
            self.view.open_dialog("import")

    # -- settings ----------------------------------------------------------------------

    def apply_look(self) -> None:
        self.prefs.apply_look(self.view, self.milestones)

    def show_settings(self) -> None:
        self.prefs.show(self.view, self.milestones)

    def setting_changed(self, name: str, local: bool) -> None:
        """Apply one changed setting at once. A size chosen here switches the board
        (the game on screen keeps its clock, stored first); another tab's choice of size
        is its own board, not this tab's."""
        values = self.prefs.values
        if name in ("theme", "animations", "palette"):
            self.apply_look()
        elif name == "letters":
            self.letters = bool(values["letters"])
        elif name == "undo":
            self.push("undo_depth")
        elif name == "size" and local:
            if self.replays.close():
                self.view.show_mode(False, False)
            self.push("clock")
            self.push("size:%d" % values["size"])
        elif name == "language":
            self.lang.use(values["language"]).then(self.proxy_once(self.lang_ready))

    def ask_first(self, action: str) -> None:
        """Put `action` at the head of the queue (once): it runs before any other input."""
        if action not in self.queue:
            self.queue.insert(0, action)

    def sync_dialogs(self, before: str, state: "dict[str, Any]") -> None:
        """Open the win or game-over dialog when the game enters that state, close it after."""
        status = state["status"]
        if status == "won" and before != "won":
            self.dialog_texts(state)
            self.view.open_dialog("win")
        elif status != "won":
            self.view.close_dialog("win")
        if status == "over" and before != "over":
            self.dialog_texts(state)
            self.view.open_dialog("over")
        elif status != "over":
            self.view.close_dialog("over")

    def dialog_texts(self, state: "dict[str, Any]") -> None:
        """The win and game-over dialogs' sentences for this game, in the language in use."""
        moves = text.moves_label(state["moves"])
        score = text.number(state["score"])
        self.view.set_text("win-text", text.say("won_text", score=score, moves=moves))
        if state.get("mode") == "daily":
            key = "over_daily_practice" if state.get("practice") else "over_daily"
            over = text.say(key, date=state.get("date", ""), score=score, moves=moves)
            confirm = text.say("confirm_daily_practice" if state.get("practice") else "confirm_daily")
        else:
            over = text.say("over_text", score=score, moves=moves)
            confirm = text.say("confirm_text")
        self.view.set_text("over-text", over)
        self.view.set_text("confirm-text", confirm)
        self.view.set_hidden("over-watch", not state.get("watchable"))

    def notify(self, message: str, lasting: bool = False) -> None:
        """A short, non-blocking message; `lasting` keeps it up (nothing else will work)."""
        self.view.show_notice(message)
        if self.notice_timer is not None:
            js.clearTimeout(self.notice_timer)
            self.notice_timer = None
        if not lasting:
            self.notice_timer = js.setTimeout(self.on_hide_notice, NOTICE_MS)

    # -- the solver's host (game/ui/autoplay.py) -----------------------------------------

    def solver_ready(self) -> bool:
        return self.engine is not None and not self.fatal and self.state is not None

    def ask_solver(self, budget_ms: float, ticket: int, paced: bool) -> None:
        self.engine.call("hint", budget_ms, ticket, 1 if paced else 0).then(
            self.on_hint, self.on_hint_failed)

    def solver_failed(self, error: "Any") -> None:
        if str(js.window.py2048Engine.failure or ""):
            return  # the engine is gone: `engine_lost` says so
        js.console.error("engine: hint failed: " + str(error))
        self.pilot.failed()

    def play_auto(self, direction: str) -> None:
        self.push("auto:" + direction)

    def drop_auto_moves(self) -> None:
        self.queue = [action for action in self.queue if not action.startswith("auto:")]

    def later(self, ms: float) -> None:
        js.setTimeout(self.on_due, int(ms))

    def later_watch(self, ms: float) -> None:
        js.setTimeout(self.on_watch_due, int(ms))

    def now(self) -> float:
        return now()

    def speed(self) -> "Any":
        return self.prefs.values["autoplay"]

    # -- input -------------------------------------------------------------------------

    def proxy(self, fn: "Any") -> "Any":
        p = create_proxy(fn)
        self.proxies.append(p)
        return p

    def visible(self) -> bool:
        return str(document.visibilityState) != "hidden"

    def blocked(self) -> bool:
        return any(self.view.is_open(name) for name in BLOCKING)

    def on_key_data(self, key: str, code: str, ctrl: bool, alt: bool, meta: bool,
                    in_field: bool, shift: bool = False) -> "str | None":
        action = keys.action_for_key(key, code, ctrl, alt, meta, in_field, self.letters, shift)
        if action is None:
            return None
        self.pilot.stop()  # any key of the game's is the player's: Auto-play gives way
        if self.replays.watching and action not in keys.READING:
            # A recorded game is on the board: a move key is no move of the game in
            # play (it counts as handled); the bar's Close brings that game back.
            if action in COUNTED:
                self.push("noop")
            return action
        if action in keys.READING:
            # Said at once, of what is on screen (also while the engine loads); never
            # queued nor counted: reading is not a move attempt. A dialog in front of
            # the board makes the page behind it inert, live region included.
            if self.blocked():
                return None
            self.read_out(action)
        elif action == "new":
            if self.blocked():
                return action
            over_or_won = self.view.is_open("over") or self.view.is_open("win")
            self.push("new" if over_or_won else "new?")
        elif self.blocked():
            self.push("noop")
        else:
            self.push(action)
        return action

    def read_out(self, action: str) -> None:
        """B: the board on screen, row by row; Shift+S: score, best and moves. Nothing
        before there is something to read (no saved board painted, no state yet); a key
        pressed before the strings are in is read once they are (`lang_ready`)."""
        if not text.TABLES:
            self.unread.append(action)
            return
        if action == "read-board":
            board = self.view.shown  # the engine's last state, or the saved board painted
            if board:
                self.view.say(text.read_board(board))
        elif self.state:
            self.view.say(text.read_numbers(self.state))

    def on_keydown(self, event: "Any") -> None:
        target = event.target
        # The target may be the document itself (no tag, not editable): keys still count.
        tag = getattr(target, "tagName", None) if target else None
        editable = getattr(target, "isContentEditable", False) if target else False
        in_field = str(tag or "") in ("INPUT", "TEXTAREA", "SELECT") or bool(editable)
        action = self.on_key_data(str(event.key), str(event.code), bool(event.ctrlKey),
                                  bool(event.altKey), bool(event.metaKey), in_field,
                                  bool(event.shiftKey))
        if action is not None:
            event.preventDefault()

    def on_pointerdown(self, event: "Any") -> None:
        if str(event.pointerType) == "mouse" and int(event.button) != 0:
            return
        if self.tracker.down(int(event.pointerId), float(event.clientX), float(event.clientY)):
            event.preventDefault()

    def on_pointerup(self, event: "Any") -> None:
        direction = self.tracker.up(int(event.pointerId), float(event.clientX), float(event.clientY))
        if direction:
            self.pilot.stop()
            self.push("noop" if self.blocked() or self.replays.watching else direction)

    def on_pointercancel(self, event: "Any") -> None:
        self.tracker.cancel(int(event.pointerId))

    def on_click(self, event: "Any") -> None:
        button = event.target.closest(buttons.SELECTOR)
        if not button:
            return
        name = buttons.name_of(str(button.getAttribute("data-action") or ""), str(button.id or ""))
        if name in WATCH_CONTROLS:
            self.on_watch_control(name)
            return
        if self.replays.watching and name not in buttons.INSIDE_DIALOGS:
            self.replays.close()  # another game's button: the game in play comes back first
            self.view.show_mode(self.mode == "daily", False)
        if name == "#autoplay":
            self.pilot.toggle()
            return
        self.pilot.stop()  # any other button is the player's input
        if name in buttons.BUTTONS:
            closes, opens, action = buttons.BUTTONS[name]
            for dialog in closes:
                self.view.close_dialog(dialog)
            if opens:
                self.view.open_dialog(opens)
            if action:
                self.push(action)
            if name == "cancel-import":
                self.import_parts = None
        elif name == "#settings":
            self.show_settings()
            self.view.open_dialog("settings")
        elif name == "#stats":
            self.view.set_value("stats-size", str(self.size))
            self.view.open_dialog("stats")
            self.push("statistics")
        elif name == "share" and self.state:
            address = str(js.window.location.href).split("#")[0]
            state = self.state
            if state.get("mode") == "daily" and state.get("code"):
                self.share(replays.share_text(state, address, sharing.picture(state["board"])))
            else:
                self.share(sharing.result_text(state, self.elapsed(), address))
        elif name == "#daily":
            self.push("clock")
            self.push("mode:" + ("classic" if self.mode == "daily" else "daily"))
        elif name == "#check-code":
            self.view.set_hidden("replay-verdict", True)
            self.view.set_hidden("watch-verified", True)
            self.view.open_dialog("replay")
        elif name == "check-code":
            pasted = str(js.window.py2048Replay.pasted("replay-code"))
            if pasted:
                self.replays.check(pasted)
        elif name == "watch-verified":
            self.view.close_dialog("replay")
            self.replays.watch("verified")
        elif name == "watch-game":
            self.view.close_dialog("over")
            self.replays.watch("game")
        elif name == "watch-daily":  # a daily result's row in Statistics
            self.view.close_dialog("stats")
            self.replays.watch("daily:" + str(button.getAttribute("data-date") or ""))
        elif name == "share-stats" and self.summary:
            self.share(statistics.share_text(int(self.view.value_of("stats-size")), self.summary))
        elif name == "#import":
            js.window.py2048Files.pick("import-file")
        elif name == "#hint":
            self.pilot.hint()

    def on_watch_control(self, name: str) -> None:
        """The replay bar: Play/Pause, Step, Close."""
        if name == "#watch-play":
            self.replays.toggle()
        elif name == "#watch-step":
            self.replays.step()
        elif self.replays.close():
            self.view.show_mode(self.mode == "daily", False)

    def share(self, message: str) -> None:
        js.window.py2048Share.share(message).then(self.proxy_once(self.shared))

    def shared(self, outcome: "Any") -> None:
        said = sharing.outcome_message(str(outcome))
        if said:
            self.notify(said)

    def proxy_once(self, fn: "Any") -> "Any":
        """A proxy for a callback kept for the page's life (made once per function)."""
        name = getattr(fn, "__name__", "")
        if name not in self.once:
            self.once[name] = self.proxy(fn)
        return self.once[name]

    def on_change(self, event: "Any") -> None:
        """A settings control, the statistics' size, or a file chosen for Import."""
        target = event.target
        element_id = str(target.id or "")
        if element_id == "import-file":
            js.window.py2048Files.read("import-file").then(self.proxy_once(self.file_read))
        elif element_id == "stats-size":
            self.push("statistics")
        elif element_id == "watch-speed":
            self.replays.set_speed(str(target.value))
        else:
            name = str(target.getAttribute("data-setting") or "")
            if name and self.prefs.change(name, str(target.value)):
                self.setting_changed(name, True)

    def file_read(self, answer: "Any") -> None:
        quoted = str(answer)
        if quoted.startswith("!"):
            message = transfer.read_failure(quoted)
            if message:
                self.notify(message)
            return
        self.import_text = quoted
        self.push("check-import")

    def on_win_cancel(self, event: "Any") -> None:
        """Escape on the win dialog means "Keep playing": the board must not stay locked."""
        self.push("keep")

    def on_storage(self, event: "Any") -> None:
        """Another tab stored a game or best scores: follow that game at once, keep the
        higher best scores. What is stored is read when the action runs (the newest),
        never taken from the event: the bridge would not carry every character."""
        key = str(event.key)
        if key == PREFIX + self.saves.key and "follow" not in self.queue:
            self.push("follow")
        elif key == PREFIX + BEST and "best" not in self.queue:
            self.push("best")
        elif key == PREFIX + STATS and "stats" not in self.queue:
            self.push("stats")
        elif key == PREFIX + SETTINGS:
            for name in self.prefs.reload():
                self.setting_changed(name, False)
            self.prefs.values["size"] = self.size  # this tab's board stays its own
            self.show_settings()

    def on_hashchange(self, event: "Any") -> None:
        if self.engine is not None:
            self.check_link()

    def on_visibility(self, event: "Any") -> None:
        """Pause the clock while the page is hidden, and store it: the tab may not return."""
        if self.state:
            self.clock.run(
                clock.should_run(self.state["status"], self.state["moves"], self.visible()), now()
            )
            if not self.visible():
                self.pilot.stop()
                self.push("clock")

    def tick(self) -> None:
        if self.clock.running:
            self.view.show_clock(self.elapsed())

    def listen(self) -> None:
        document.addEventListener("keydown", self.proxy(self.on_keydown))
        document.addEventListener("click", self.proxy(self.on_click))
        document.addEventListener("change", self.proxy(self.on_change))
        document.addEventListener("visibilitychange", self.proxy(self.on_visibility))
        js.window.addEventListener("storage", self.proxy(self.on_storage))
        # A result link pasted into this tab's address bar changes only the fragment.
        js.window.addEventListener("hashchange", self.proxy(self.on_hashchange))
        board = self.view.board
        # A gesture starts on the board and may end anywhere (no pointer capture: it throws
        # for some pointers, and MicroPython cannot catch a JavaScript exception).
        board.addEventListener("pointerdown", self.proxy(self.on_pointerdown))
        js.window.addEventListener("pointerup", self.proxy(self.on_pointerup))
        js.window.addEventListener("pointercancel", self.proxy(self.on_pointercancel))
        self.view.dialog("win").addEventListener("cancel", self.proxy(self.on_win_cancel))
        js.setInterval(self.proxy(self.tick), 500)


App().boot()
