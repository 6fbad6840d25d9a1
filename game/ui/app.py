"""The page's entry point (MicroPython, main thread): input in, replies shown.

It is alive within a fraction of a second, long before Pyodide: it begins the stored
game (or a fresh one) at once and plays it itself (game/ui/early.py) until the engine
has started and taken it over (game/ui/handover.py); every input goes through one
queue in order (game/ui/turns.py), so none is dropped or applied twice. The host wires
the rooms together: what each action asks, how a reply is shown and stored, the
dialogs, settings and input events.
"""

import json

import js
from pyscript import document
from pyscript.ffi import create_proxy

from game.ui import (
    autoplay,
    boards,
    buttons,
    clock,
    device,
    early,
    friends,
    gestures,
    handover,
    keeping,
    keys,
    memory,
    preferences,
    replays,
    sharing,
    statistics,
    tabs,
    text,
    transfer,
    turns,
    waiting,
)
from game.ui.store import BEST, PREFIX, SETTINGS, STATS, Store, game_key
from game.ui.view import View

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

NOTICE_MS = 8000
# Dialogs in front of the board that make a move key do nothing (it still counts as
# handled). The win and game-over dialogs are not here: the game answers those moves.
BLOCKING = ("confirm", "help", "settings", "stats", "import", "replay", "rankings")
# Engine answers that are not a game reply: each has its own room.
SIDE_REPLIES = ("statistics", "export", "import", "verify", "watch", "watch_move", "rankings", "board_add",
                "board_merge", "board_import", "board_picture")
# Actions that are one engine call: with the game clock, without, another tab's document.
TIMED = {"undo": "undo", "keep": "keep_playing", "clock": "set_clock"}
UNTIMED = {"watch-step": "watch_step", "resume": "resume"}
MERGED = {BEST: "merge_best", STATS: "merge_stats"}
# Buttons that drive a replay on the board; any other button ends watching first.
WATCH_CONTROLS = ("#watch-play", "#watch-step", "#watch-close")


def now() -> float:
    return float(js.performance.now())


class App:
    def __init__(self) -> None:
        memory.configure()  # collections between keys, not inside them (game/ui/memory.py)
        self.view = View()
        self.store = Store()
        self.worker: "Any" = None  # the engine, ready and not yet handed the game
        self.boot_kind = ""  # how the engine's Python started (`data-engine`)
        self.state: "dict[str, Any] | None" = None
        self.clock = clock.Clock()
        self.tracker = gestures.Tracker()
        self.prefs = preferences.Preferences(self.store)
        self.letters = bool(self.prefs.values["letters"])
        # The board on screen: a size's game, or the daily board (this tab's choice, kept
        # over a reload); a switch takes effect once answered (game/ui/boards.py).
        self.boards = boards.Boards(self.store, int(self.prefs.values["size"]), device.epoch_ms)
        # What this tab knows to be stored, per document (other tabs may write too).
        self.saves = tabs.SharedSaves(self.store, self.size, self.boards.key)
        self.keeping = keeping.Keeping(self.saves, self.store, device.epoch_ms,
                                       lambda: int(js.window.py2048Time.offsetMinutes()))
        self.shown_save: "str | None" = None  # the game document of the board on screen
        self.milestones: "list[str] | None" = None  # from the engine's replies
        self.summary: "dict[str, Any] | None" = None  # the statistics on show
        self.imports = transfer.Imports(self)  # a file chosen for Import, judged, confirmed
        self.offset = int(js.window.py2048Time.offsetMinutes())
        self.lang = js.window.py2048Lang  # the strings assets/settings.js loads
        self.unread: "list[str]" = []  # reading keys pressed before the strings were in
        self.fatal = False  # the engine failed: nothing more is asked or stored
        self.notice_timer: "Any" = None
        self.proxies: "list[Any]" = []
        self.once: "dict[str, Any]" = {}
        self.on_hide_notice = self.proxy(self.view.hide_notice)
        self.collector = memory.IdleCollector(self.when_idle)
        self.on_idle = self.proxy(self.collector.idle)
        # The game the page plays itself until the engine takes it over, the queue of
        # every action, and what waits for the engine meanwhile.
        self.turns = turns.Turns(self, early.EarlyPlay(device.PageWords(), device.epoch_ms))
        self.waiting = waiting.Waiting(self.view)
        # Hint and Auto-play (their room asks the engine's solver through this app).
        self.pilot = autoplay.Pilot(self)
        self.on_hint = self.proxy(self.pilot.answered)
        self.on_hint_failed = self.proxy(self.solver_failed)
        self.on_due = self.proxy(self.pilot.due)
        # Result codes and replays (their room; the app asks the engine for it).
        self.replays = replays.Replays(self)
        self.on_watch_due = self.proxy(self.replays.due)
        # Your friends' board (its room; the engine keeps it, assets/boot.js stores it).
        self.friends = friends.Friends(self)
        self.ranks = self.friends.room

    # -- start -------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """The normal game's board size."""
        return self.boards.size

    @property
    def mode(self) -> str:
        """The board on screen: "daily" or "classic" (a size's game)."""
        return self.boards.mode

    @property
    def engine(self) -> "Any":
        """The engine, once it has taken the game over (None before: the page plays)."""
        return self.turns.engine

    def boot(self) -> None:
        """Listen, keep the keys pressed before Python ran, let the engine start (the
        UI's files are in), and play once the strings are in (`lang_ready`): they come
        long before the engine, and every reply is said in words."""
        self.apply_look()
        self.show_settings()
        daily = self.mode == "daily"
        self.view.set_size(4 if daily else self.size)
        self.view.show_mode(daily, False)
        self.listen()
        early_input = js.window.py2048EarlyInput
        if early_input:
            early_input.stop()
            for i in range(int(early_input.events.length)):
                e = early_input.events[i]
                self.on_key_data(str(e.key), str(e.code), bool(e.ctrl), bool(e.alt), bool(e.meta),
                                 bool(e.field), bool(e.shift))
        engine = js.window.py2048Engine
        engine.onfailure = self.proxy(self.engine_lost)
        engine.start()
        self.lang.ready.then(self.proxy(self.lang_ready)).then(self.proxy(self.await_engine))

    def begin_game(self) -> None:
        """The first paint of a game: the stored one (with the steps played on it before
        the engine ran) or a fresh one, played by the page at once; then the keys kept
        meanwhile, and a result link's code (kept for the engine)."""
        self.turns.current = "start"
        self.turns.ask(*self.start_args())
        if self.boards.clock_said:  # the stored daily board was set aside for the clock
            self.notify(text.say("clock_wrong", date=self.boards.clock_said))
        self.check_link()
        self.turns.release()

    def engine_ready(self, info: "Any") -> None:
        """Python is up in the worker (restored from its snapshot or started plain): it
        is handed every stored game with steps beside it, the one on screen last."""
        self.worker = js.window.py2048Engine
        self.boot_kind = str(info.boot)
        self.turns.first(*(["handover:" + key for key in handover.others(self.saves)] + ["handover"]))
        if not self.turns.busy:
            self.turns.release()

    def start_args(self, key: str = "") -> "list[Any]":
        """The `start` call for the game stored under `key` (the one on screen by
        default), from what is stored now: the game, best scores, statistics, the size,
        the undo depth, whether it is the daily board, and the steps beside it."""
        key = key or self.saves.key
        size, daily = handover.board_of(key)
        game = self.saves.saved_game if key == self.saves.key else self.saves.read_stored_game(key)
        return ["start", game or "", self.saves.read(BEST), self.saves.read(STATS), size,
                self.prefs.values["undo"], 1 if daily else 0, self.saves.read_steps(key)]

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
        first = self.state is None
        if first:
            self.begin_game()
        unread, self.unread = self.unread, []
        if unread:  # said together with what the first paint said: one change, all heard
            self.view.say(" ".join([self.view.said.strip()] + [self.reading(action) for action in unread]))
        state = self.state
        if state and not first:
            self.view.show_numbers(state)
            self.view.show_clock(self.elapsed())
            self.dialog_texts(state)
        if self.view.is_open("stats"):
            self.push("statistics")

    def engine_failed(self, error: "Any") -> None:
        """The engine could not start: say so and keep the board that is on screen."""
        js.console.error("engine failed to start: " + str(error))
        self.fail(text.say("engine_failed"), str(error))

    def engine_lost(self, reason: "Any") -> None:
        """The engine failed (assets/engine/client.js): before it was ready that is a
        start that failed (its `ready` says so too), after it the engine stopped."""
        js.console.error("engine: " + str(reason))
        self.fail(text.say("engine_stopped" if self.worker is not None else "engine_failed"), str(reason))

    def fail(self, message: str, detail: str = "") -> None:
        """The game cannot go on: `#game[data-status="error"]` and a lasting message with
        "Reload" (assets/boot.js), under it what failed (`detail`, in the words of the code
        that failed: a player can report it). The board stays, nothing more is stored: a
        reload resumes the last good save; queued input is dropped, never applied twice."""
        if self.fatal:
            return
        self.fatal = True
        self.turns.stop()
        self.pilot.stop()
        if self.notice_timer is not None:
            self.view.hide_notice()
        js.window.py2048Failure.show(message, text.say("failure_detail", detail=detail) if detail else "")

    def taken_over(self, reply: "dict[str, Any]") -> None:
        """The engine took the game on screen over and answers everything from now on:
        nothing is redrawn or said, unless it refused a step (its game shown, and why)."""
        self.turns.engine = self.worker
        if handover.seamless(self.state, reply["state"]):
            reply["kind"] = "handover"
        self.judged(reply, handover.refusal(reply))
        self.view.set_attributes((("data-engine", self.boot_kind),))
        self.friends.later_warm()
        for action in self.waiting.release():
            if action == "hint":
                self.pilot.hint()
            elif action == "autoplay":
                self.pilot.start()
            else:
                self.push(action)

    def other_taken(self, key: str, reply: "dict[str, Any]") -> None:
        """The engine took over the steps played on a game not on screen: its document
        is stored (the steps go), and the best scores and statistics they changed."""
        self.saves.steps_taken(key, reply["save"])
        self.save(reply, game=False)
        message = handover.refusal(reply)
        if message:
            self.notify(message)

    def check_link(self, _: "Any" = None) -> None:
        """A link with a result code in its fragment (`#replay=…`): the engine checks it.
        The fragment reaches Python already cut to the engine's length cap
        (assets/boot.js), so a hostile megabyte never crosses into MicroPython."""
        fragment = js.window.py2048Replay.fragment()
        if fragment:
            self.pilot.stop()
            self.replays.check(str(fragment))

    def judged(self, reply: "dict[str, Any]", more: str = "") -> None:
        """Show a `start` reply: a rejected game is kept for diagnosis before the fresh
        one is stored over it, and the player is told what was set aside (and `more`)."""
        set_aside = reply.get("set_aside") or {}
        if set_aside.get("game"):
            self.saves.keep_rejected()
        self.apply(reply)
        message = " ".join(part for part in (text.set_aside_message(set_aside), more) if part)
        if message:
            self.notify(message)

    # -- the queue (game/ui/turns.py): what each action asks -------------------------------

    def push(self, action: str) -> None:
        if not self.fatal:
            self.turns.push(action)

    def elapsed(self) -> int:
        return self.clock.elapsed(now())

    def keep(self, action: str) -> None:
        """An action only the engine can carry out, before it runs: kept for it."""
        if self.waiting.keep(action):
            self.notify(text.say("engine_waiting"))
        if action == "verify":
            self.replays.awaits_engine()

    def begin(self, action: str) -> "Any":
        """Carry out one action: a promise of the engine's answer, or None when it was
        done at once (the page's own game answers at once, before the engine runs)."""
        if self.engine is None and waiting.needs_engine(action):
            self.keep(action)
            return None
        ask = self.turns.ask
        if action == "noop":
            self.view.count_input()
        elif action in keys.DIRECTIONS or action.startswith("auto:"):
            auto = action.startswith("auto:")
            promise, shown = self.turns.play(action[5:] if auto else action, auto)
            if auto and shown is not None:
                self.pilot.moved(bool(shown["changed"]))  # after `take`: asked for this game
            return promise
        elif action in TIMED:
            return ask(TIMED[action], self.elapsed())
        elif action in UNTIMED:
            return ask(UNTIMED[action])
        elif action == "new?":
            state = self.state
            if state and state["moves"] > 0 and state["status"] != "over":
                self.dialog_texts(state)
                self.view.open_dialog("confirm")
            else:
                return self.new_game()
        elif action == "new":
            return self.new_game()
        elif action in MERGED:
            # Another tab stored best scores (the higher of each size is kept) or
            # statistics (the fuller of each size).
            return ask(MERGED[action], self.saves.read(action))
        elif action == "follow":
            # Another tab stored a game (or steps on it): taken if it is not older.
            return ask("follow", *self.saves.read_game())
        elif action in ("handover", "handover-fresh"):
            # What is stored now: another tab's engine may have taken these steps over.
            self.saves.use_key(self.saves.key)
            args = self.start_args()
            if action == "handover-fresh":  # that could not be taken over: no game, no steps
                args[1], args[7] = "", ""
            return self.worker.call(*args)
        elif action.startswith("handover:"):
            return self.worker.call(*self.start_args(action[9:]))
        elif action.startswith("size:"):
            return self.switch(int(action[5:]))
        elif action == "mode":
            mode = self.boards.other_mode()
            return None if self.clock_stops(mode == "daily") else self.switch(self.size, mode)
        elif action == "verify":
            return ask("verify", self.replays.take_pending())
        elif action.startswith("watch:"):
            self.turns.ahead = {}  # a key meanwhile is no move of the game in play
            return ask("watch", action[6:])
        elif action == "undo_depth":
            return ask("set_undo_depth", self.prefs.values["undo"])
        elif action == "statistics":
            size = int(self.view.value_of("stats-size"))
            return friends.carry("statistics", size, "@board", self.friends.own_name())
        elif action == "export":
            names = [game_key(size) for size in transfer.SIZES] + [BEST, STATS, SETTINGS]
            stored = [self.store.read(name) or "" for name in names]
            return friends.carry(*(["export_all"] + stored + ["@board"]))
        elif action == "check-import":
            return friends.carry("check_import", self.imports.file)
        elif action in friends.ACTIONS:
            return self.friends.begin(action)
        elif action == "import":
            return self.replace_all()
        return None

    def new_game(self) -> "Any":
        """Start over; another daily try is today's board (`clock_stops`)."""
        return None if self.clock_stops(self.mode == "daily") else self.turns.ask("new_game", 0)

    def clock_stops(self, daily_board: bool) -> bool:
        """The daily board needs a clock within its days: otherwise nothing changes, the
        player is told why, and True."""
        wrong = self.boards.clock_refusal() if daily_board else None
        if wrong is not None:
            self.notify(text.say("clock_wrong", date=wrong))
        return wrong is not None

    def switch(self, size: int, mode: str = "classic") -> "Any":
        """Play the game stored for `size` (or the daily board), a fresh one if there is
        none. The game on screen was stored by its last reply, its clock just before
        (`clock`). The switch takes effect with the answer (`took`): until then this
        tab stores to the board it shows."""
        return self.turns.ask(*self.start_args(self.boards.ask(mode, size)))

    def replace_all(self) -> "Any":
        """A confirmed import: store every part of the file, then play its game."""
        parts = self.imports.take()
        if parts is None:
            return None
        stored = transfer.store_all(self.saves, parts)
        self.prefs.replace(parts["settings"])
        self.letters = bool(self.prefs.values["letters"])
        self.apply_look()
        self.show_settings()
        self.notify(text.say("imported") if stored else text.say("no_storage"))
        self.ranks.import_confirmed(self.imports.results)
        return self.switch(int(self.prefs.values["size"]))

    def took(self, reply: "dict[str, Any]") -> None:
        """Show one answer (the engine's, or the page's own before the hand-over)."""
        current = self.turns.current
        if reply["kind"] in SIDE_REPLIES:
            self.side_reply(reply)
            return
        if current.startswith("handover:"):
            self.other_taken(current[9:], reply)
            return
        if current in ("handover", "handover-fresh"):
            if current == "handover-fresh":  # say that the stored game was set aside
                reply["set_aside"] = dict(reply.get("set_aside") or {}, game=True)
            self.taken_over(reply)
            return
        if reply["kind"] == "follow":
            self.saves.followed(reply.get("taken") or reply["changed"], self.shown_save,
                                self.turns.early.steps_text() if self.engine is None else None)
        if reply["kind"] == "start":  # the first game, another size, the daily board, an import
            if self.boards.answered():
                self.saves.use_key(self.boards.key)
            first = self.state is None
            self.judged(reply, handover.refusal(reply))  # (steps the page could not play)
            if not first:
                self.view.say(text.switched(reply, text.size_name(self.size)))
            return
        self.apply(reply)
        if reply.get("dropped"):  # storage kept another tab's game over a move shown here
            self.notify(text.say("followed_lost"))
        if current.startswith("auto:") and reply["kind"] != "resync":  # played without a lookahead
            self.pilot.moved(reply["changed"])
        if reply["kind"] == "undo_depth" and reply["changed"]:
            self.view.say(text.say("undo_steps", n=reply["state"]["undo_depth"]))

    def count_input(self) -> None:
        self.view.count_input()

    def log_error(self, message: str) -> None:
        js.console.error(message)

    def refused(self, action: str, error: str) -> None:
        """The engine raised on `action` (never expected: the page checks what it can
        first). Nothing changed: a board switch asked is dropped, and the player told."""
        if action in ("handover", "handover-fresh"):
            # What is stored could not be taken over (never expected: the page played it
            # by the engine's own rules): set aside like any bad save, and the engine
            # starts afresh. No stored value keeps the page from playing.
            if action == "handover":
                self.saves.keep_rejected()
                self.turns.first("handover-fresh")
            else:
                self.fail(text.say("engine_failed"), error)
            return
        if self.boards.failed():
            self.view.show_mode(self.mode == "daily", self.replays.watching)
            self.prefs.values["size"] = self.size
            self.show_settings()
        self.notify(text.say("call_failed"))

    def today(self) -> str:
        """The device's UTC day, "" when its clock is outside the daily board's days."""
        return self.boards.today()

    def engine_gone(self) -> bool:
        return bool(str(js.window.py2048Engine.failure or ""))

    def lost(self) -> None:
        self.fail(text.say("engine_stopped"))

    # -- replies -----------------------------------------------------------------------

    def apply(self, reply: "dict[str, Any]") -> None:
        """Show one engine reply: tiles, numbers, attributes, storage, clock, dialogs."""
        state = reply["state"]
        kind = reply["kind"]
        before = self.state["status"] if self.state else "loading"
        if self.replays.watching:
            # A recorded game is on the board: the game in play changed behind it
            # (another tab): kept and stored, drawn when watching ends (`resume`).
            self.shown_save = reply.get("save")
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
        self.shown_save = reply.get("save")
        self.save(reply)
        self.progress(reply)
        if kind in ("start", "new", "follow"):
            self.clock.reset(state["clock_ms"])
        self.clock.run(clock.should_run(state["status"], state["moves"], self.visible()), now())
        self.view.show_clock(self.elapsed())
        self.state = state
        self.sync_dialogs(before, state)
        spoken = text.announce(reply) if text.TABLES else ""
        if spoken:
            self.view.say(spoken)
        self.pilot.after_apply(kind, reply["changed"], state)
        self.collector.soon()

    def save(self, reply: "dict[str, Any]", game: bool = True) -> None:
        """Store what the reply changed: the game only when the engine says the game
        document changed (`game_changed`; a best-score merge or a followed game is not
        written back), the best scores when anything changed, the statistics before
        the game that counts in them (game/ui/keeping.py). Before the engine runs, the
        page's own reply carries the steps to store instead (`steps`)."""
        if self.fatal:
            return
        firsts, said = self.keeping.keep(reply, game)
        for first in firsts:
            self.ask_first(first)  # another tab wrote since: deal with that first
        if said:
            self.notify(said)

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
            name = transfer.file_name(device.epoch_ms(), int(js.window.py2048Time.offsetMinutes()))
            saved = js.window.py2048Files.download(name, reply["text"])
            self.notify(text.say("exported", name=name) if saved else text.say("export_failed"))
        elif kind in ("verify", "watch", "watch_move"):
            self.replays.answer(reply)
            if kind == "verify":
                self.ranks.offer(reply)
        elif kind in ("rankings", "board_add", "board_merge", "board_import", "board_picture"):
            self.ranks.answer(reply)
        elif kind == "import":
            self.imports.judged(reply, self.offset)

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
        self.turns.first(action)

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
        """The win, game-over and new-game dialogs' sentences for this game."""
        self.view.set_texts(text.dialog_sentences(state))
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
        self.turns.drop("auto:")

    def later(self, ms: float) -> None:
        js.setTimeout(self.on_due, int(ms))

    def later_watch(self, ms: float) -> None:
        js.setTimeout(self.on_watch_due, int(ms))

    def now(self) -> float:
        return now()

    def speed(self) -> "Any":
        return self.prefs.values["autoplay"]

    # -- input -------------------------------------------------------------------------

    def when_idle(self, callback: "Any") -> None:
        js.window.py2048Idle(self.on_idle)  # the proxy of `callback`, made once

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
        blocked = self.blocked()
        if action in keys.READING:
            # Said at once, of what is on screen; a dialog in front of the board makes
            # the page behind it inert, live region included.
            if blocked:
                return None
            self.read_out(action)
        over_or_won = self.view.is_open("over") or self.view.is_open("win")
        queued = keys.queued(action, self.replays.watching, blocked, over_or_won)
        if queued:
            self.friends.played()
            self.push(queued)
        return action

    def read_out(self, action: str) -> None:
        """B: the board on screen, row by row; Shift+S: score, best and moves. A key
        pressed before the strings and the first game are in is read once they are
        (`lang_ready`)."""
        if not text.TABLES or not self.state:
            self.unread.append(action)
            return
        self.view.say(self.reading(action))

    def reading(self, action: str) -> str:
        if action == "read-board":
            return text.read_board(self.view.shown or [])
        return text.read_numbers(self.state or {})

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
            self.friends.played()
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
            self.replays.click(name)
            return
        if self.replays.watching and name not in buttons.INSIDE_DIALOGS:
            self.replays.close()  # another game's button: the game in play comes back first
            self.show_mode()
        if name == "#autoplay":
            if self.engine is None:
                self.keep("autoplay")
            else:
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
                self.imports.take()
        elif name == "#settings":
            self.show_settings()
            self.view.open_dialog("settings")
        elif name == "#stats":
            self.view.set_value("stats-size", str(self.size))
            self.view.open_dialog("stats")
            self.push("statistics")
        elif name == "share" and self.state:
            address = str(js.window.location.href).split("#")[0]
            self.share(replays.game_share_text(self.state, self.elapsed(), address, self.friends.own_name()))
        elif name == "#daily":
            self.push("clock")
            self.push("mode")  # which board it switches to is judged when it runs
        elif self.ranks.click(name) or self.replays.click(name, str(button.getAttribute("data-date") or "")):
            pass
        elif name == "share-stats" and self.summary:
            self.share(statistics.share_text(int(self.view.value_of("stats-size")), self.summary))
        elif name == "#import":
            js.window.py2048Files.pick("import-file")
        elif name == "#hint":
            if self.engine is None:
                self.keep("hint")
            else:
                self.pilot.hint()

    # -- the replays' host (game/ui/replays.py) -----------------------------------------

    def pasted(self, element_id: str) -> str:
        return str(js.window.py2048Replay.pasted(element_id))

    def show_mode(self) -> None:
        self.view.show_mode(self.mode == "daily", self.replays.watching)

    def pause_clock(self) -> None:
        self.clock.run(False, now())

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
            if name == "name":
                if self.prefs.typed_name(self.view, str(target.value)):
                    self.ranks.refresh()
            elif name and self.prefs.change(name, str(target.value)):
                self.setting_changed(name, True)

    def file_read(self, answer: "Any") -> None:
        self.imports.read(str(answer))

    def on_win_cancel(self, event: "Any") -> None:
        """Escape on the win dialog means "Keep playing": the board must not stay locked."""
        self.push("keep")

    def on_storage(self, event: "Any") -> None:
        """Another tab stored a game or best scores: follow that game at once, keep the
        higher best scores. What is stored is read when the action runs (the newest),
        never taken from the event: the bridge would not carry every character."""
        key = str(event.key)
        action = tabs.stored_elsewhere(key[len(PREFIX):], self.saves.key) if key.startswith(PREFIX) else None
        if action in ("follow", "best", "stats", "board-merge"):
            if action not in self.turns.queue:
                self.push(str(action))
        elif action == "settings":
            for name in self.prefs.reload():
                self.setting_changed(name, False)
            self.prefs.values["size"] = self.size  # this tab's board stays its own
            self.show_settings()

    def on_hashchange(self, event: "Any") -> None:
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
