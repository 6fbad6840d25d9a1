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

from game.ui import clock, gestures, keys, snapshot, text
from game.ui.store import BEST, GAME, PREFIX, REJECTED, Store
from game.ui.view import View

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

NOTICE_MS = 8000
SLOW_START_MS = 15000  # cold starts measure 2.5-5 s here; three times that is a problem
# Dialogs in front of the board that make a move key do nothing (it still counts as
# handled). The win and game-over dialogs are not here: the engine answers those moves.
BLOCKING = ("confirm", "help")
# The actions that are move attempts (CONTRACT.md `data-inputs`).
COUNTED = ("left", "right", "up", "down", "undo")


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
        self.letters = True
        self.saved_game = self.store.read(GAME)  # quoted (game/ui/store.py)
        # Other tabs (docs/reliability.md): what this tab last knew to be stored, as
        # text. Storage holding anything else means another tab wrote since: this one
        # then follows that game instead of writing over it.
        self.known_game = snapshot.stored_text(self.saved_game)
        self.known_best: "str | None" = None
        self.shown_save: "str | None" = None  # the game document of the board on screen
        self.following: "str | None" = None  # the stored game a `follow` call judges
        self.warned_storage = False
        self.fatal = False  # the engine failed: nothing more is asked or stored
        self.slow_shown = False
        self.notice_timer: "Any" = None
        self.proxies: "list[Any]" = []
        # The engine's lookahead for the state on screen: direction -> reply (JSON text).
        self.ahead: "dict[str, str]" = {}
        self.on_answer = self.proxy(self.answered)
        self.on_failure = self.proxy(self.failed)
        self.on_hide_notice = self.proxy(self.view.hide_notice)

    # -- start -------------------------------------------------------------------------

    def boot(self) -> None:
        """Paint what was saved, listen, replay early keys, then start the engine."""
        board = snapshot.board_from_saved(snapshot.stored_text(self.saved_game))
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
                                 bool(e.field))
        engine = js.window.py2048Engine
        engine.onfailure = self.proxy(self.engine_lost)
        engine.ready.then(self.proxy(self.engine_ready), self.proxy(self.engine_failed))
        js.setTimeout(self.proxy(self.check_started), SLOW_START_MS)

    def check_started(self) -> None:
        """A slow start is not a failure: say so, until the engine is ready."""
        if self.engine is None and not self.fatal:
            self.slow_shown = True
            self.notify(text.say("engine_slow"), lasting=True)

    def engine_ready(self, info: "Any") -> None:
        """Python is up in the worker (restored from its snapshot or started plain)."""
        self.view.set_attributes((("data-engine", str(info.boot)),))
        best = self.store.read(BEST)
        self.known_best = snapshot.stored_text(best)
        js.window.py2048Engine.call(
            "start", self.saved_game or "", best or "", self.store.read("stats") or "", 4, 1
        ).then(self.proxy(self.started), self.proxy(self.engine_failed))

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
        if self.slow_shown or self.notice_timer is not None:
            self.view.hide_notice()
        js.window.py2048Failure.show(message)

    def started(self, answer: "Any") -> None:
        if self.slow_shown:
            self.slow_shown = False
            self.view.hide_notice()
        reply = json.loads(str(answer))
        self.ahead = reply["ahead"]
        set_aside = reply.get("set_aside") or {}
        if set_aside.get("game") and self.saved_game:
            self.store.set_aside(GAME, REJECTED)
        self.apply(reply)
        message = text.set_aside_message(set_aside)
        if message:
            self.notify(message)
        self.engine = js.window.py2048Engine
        self.next()

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
        elif action == "undo":
            return call("undo", self.elapsed())
        elif action == "new?":
            state = self.state
            if state and state["moves"] > 0 and state["status"] != "over":
                self.view.open_dialog("confirm")
            else:
                return call("new_game", 0)
        elif action == "new":
            return call("new_game", 0)
        elif action == "keep":
            return call("keep_playing", self.elapsed())
        elif action == "clock":
            return call("set_clock", self.elapsed())
        elif action == "best":
            # Another tab stored best scores: the engine keeps the higher of each size.
            quoted = self.store.read(BEST)
            self.known_best = snapshot.stored_text(quoted)
            return call("merge_best", quoted or "")
        elif action == "follow":
            # Another tab stored a game: the engine takes it if it is not older.
            quoted = self.store.read(GAME)
            self.following = snapshot.stored_text(quoted)
            return call("follow", quoted or "")
        return None

    def play(self, direction: str) -> "Any":
        """A move: shown at once from the engine's lookahead when it has one (no round
        trip, so the board changes in the key's own task), then `take`n by the engine,
        whose answer brings the next lookahead. Without one, the engine is asked."""
        ahead = self.ahead.get(direction)
        if ahead is None:
            return self.engine.call("move", direction, self.elapsed())
        reply = json.loads(ahead)
        try:
            self.apply(reply)
        finally:
            self.view.count_input()
            self.current = "taken"  # counted: the engine's answer only confirms it
        if not reply["changed"]:
            return None  # nothing happened: the lookahead still holds for this state
        self.ahead = {}  # the next one comes with the engine's answer
        return self.engine.call("take", direction, self.elapsed())

    def answered(self, answer: "Any") -> None:
        try:
            reply = json.loads(str(answer))
            self.ahead = reply["ahead"]
            if reply["kind"] == "follow":
                self.followed(reply["changed"])
            if self.current == "taken" and reply["kind"] != "taken":
                # The engine had no lookahead for what the page showed (never expected):
                # its answer is the truth, drawn as it stands.
                js.console.warn("engine: lookahead out of step; board redrawn")
                reply["kind"] = "resync"
            self.apply(reply)
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
        self.view.publish(state)  # the finished state first: tests and tools wait on it
        if kind == "move":
            if reply["changed"]:
                self.view.animate(reply)
        elif reply["changed"] and kind in ("start", "new", "undo", "resync", "follow"):
            appear = [s["at"] for s in reply["spawns"]]
            self.view.paint(state["board"], appear)
        self.view.show_numbers(state, reply["points"])
        self.shown_save = reply["save"]
        self.save(reply)
        if kind in ("start", "new", "follow"):
            self.clock.reset(state["clock_ms"])
        self.clock.run(clock.should_run(state["status"], state["moves"], self.visible()), now())
        self.view.show_clock(self.elapsed())
        self.state = state
        self.sync_dialogs(before, state)
        spoken = text.announce(reply)
        if spoken:
            self.view.say(spoken)

    def save(self, reply: "dict[str, Any]") -> None:
        """Store what the reply changed: the game only when the engine says the game
        document changed (`game_changed`; a best-score merge or a followed game is not
        written back), the best scores when anything changed."""
        if self.fatal:
            return
        stored = True
        if reply.get("game_changed"):
            stored = self.store_game(reply["save"])
        if reply["changed"] or reply.get("game_changed") or reply["kind"] == "best":
            stored = self.store_best(reply["best_save"]) and stored
        if not stored and not self.warned_storage:
            self.warned_storage = True
            self.notify(text.say("no_storage"))

    def ask_first(self, action: str) -> None:
        """Put `action` at the head of the queue (once): it runs before any other input."""
        if action not in self.queue:
            self.queue.insert(0, action)

    def store_game(self, save: str) -> bool:
        """Write this tab's game, unless another tab has stored one since this tab last
        looked: a tab never writes over a game it has not seen. It follows that game
        instead (the engine takes it if it is not older, `follow`)."""
        current = snapshot.stored_text(self.store.read(GAME))
        if current is not None and current != self.known_game and current != save:
            self.ask_first("follow")
            return True
        written = self.store.write(GAME, save)
        if written:
            self.known_game = save
        return written

    def store_best(self, best_save: str) -> bool:
        """Write the best scores, unless another tab has stored others since: they are
        merged first (`best`), and that answer is written, so no tab's best is lost."""
        current = snapshot.stored_text(self.store.read(BEST))
        if current == best_save:
            self.known_best = current
            return True
        if current is not None and current != self.known_best:
            self.ask_first("best")
            return True
        written = self.store.write(BEST, best_save)
        if written:
            self.known_best = best_save
        return written

    def followed(self, adopted: bool) -> None:
        """The engine judged another tab's stored game (`follow`). Taken: it is what is
        stored now. Not taken (invalid, or older than this tab's): this tab's game,
        the newer one, goes back into storage."""
        if adopted:
            self.known_game = self.following
            return
        ours = self.shown_save
        if ours is not None and self.following != ours and self.store.write(GAME, ours):
            self.known_game = ours

    def sync_dialogs(self, before: str, state: "dict[str, Any]") -> None:
        """Open the win or game-over dialog when the game enters that state, close it after."""
        status = state["status"]
        moves = text.moves_label(state["moves"])
        if status == "won" and before != "won":
            self.view.set_text("win-text", text.say("won_text", score=state["score"], moves=moves))
            self.view.open_dialog("win")
        elif status != "won":
            self.view.close_dialog("win")
        if status == "over" and before != "over":
            self.view.set_text("over-text", text.say("over_text", score=state["score"], moves=moves))
            self.view.open_dialog("over")
        elif status != "over":
            self.view.close_dialog("over")

    def notify(self, message: str, lasting: bool = False) -> None:
        """A short, non-blocking message; `lasting` keeps it up (nothing else will work)."""
        self.view.show_notice(message)
        if self.notice_timer is not None:
            js.clearTimeout(self.notice_timer)
            self.notice_timer = None
        if not lasting:
            self.notice_timer = js.setTimeout(self.on_hide_notice, NOTICE_MS)

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
                    in_field: bool) -> "str | None":
        action = keys.action_for_key(key, code, ctrl, alt, meta, in_field, self.letters)
        if action is None:
            return None
        if action == "new":
            if self.blocked():
                return action
            over_or_won = self.view.is_open("over") or self.view.is_open("win")
            self.push("new" if over_or_won else "new?")
        elif self.blocked():
            self.push("noop")
        else:
            self.push(action)
        return action

    def on_keydown(self, event: "Any") -> None:
        target = event.target
        # The target may be the document itself (no tag, not editable): keys still count.
        tag = getattr(target, "tagName", None) if target else None
        editable = getattr(target, "isContentEditable", False) if target else False
        in_field = str(tag or "") in ("INPUT", "TEXTAREA", "SELECT") or bool(editable)
        action = self.on_key_data(str(event.key), str(event.code), bool(event.ctrlKey),
                                  bool(event.altKey), bool(event.metaKey), in_field)
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
            self.push("noop" if self.blocked() else direction)

    def on_pointercancel(self, event: "Any") -> None:
        self.tracker.cancel(int(event.pointerId))

    def on_click(self, event: "Any") -> None:
        button = event.target.closest("[data-action], #new-game, #undo, #help")
        if not button:
            return
        action = str(button.getAttribute("data-action") or button.id)
        if action == "new-game" and not button.getAttribute("data-action"):
            self.push("new?")
        elif action == "undo" and not button.getAttribute("data-action"):
            self.push("undo")
        elif action == "help":
            self.view.open_dialog("help")
        elif action == "close":
            self.view.close_dialog("help")
        elif action == "cancel":
            self.view.close_dialog("confirm")
        elif action == "confirm-new":
            self.view.close_dialog("confirm")
            self.push("new")
        elif action == "new-game":
            self.view.close_dialog("win")
            self.view.close_dialog("over")
            self.push("new")
        elif action == "keep-playing":
            self.view.close_dialog("win")
            self.push("keep")
        elif action == "undo":
            self.view.close_dialog("over")
            self.push("undo")

    def on_win_cancel(self, event: "Any") -> None:
        """Escape on the win dialog means "Keep playing": the board must not stay locked."""
        self.push("keep")

    def on_storage(self, event: "Any") -> None:
        """Another tab stored a game or best scores: follow that game at once, keep the
        higher best scores. What is stored is read when the action runs (the newest),
        never taken from the event: the bridge would not carry every character."""
        key = str(event.key)
        if key == PREFIX + GAME and "follow" not in self.queue:
            self.push("follow")
        elif key == PREFIX + BEST and "best" not in self.queue:
            self.push("best")

    def on_visibility(self, event: "Any") -> None:
        """Pause the clock while the page is hidden, and store it: the tab may not return."""
        if self.state:
            self.clock.run(
                clock.should_run(self.state["status"], self.state["moves"], self.visible()), now()
            )
            if not self.visible():
                self.push("clock")

    def tick(self) -> None:
        if self.clock.running:
            self.view.show_clock(self.elapsed())

    def listen(self) -> None:
        document.addEventListener("keydown", self.proxy(self.on_keydown))
        document.addEventListener("click", self.proxy(self.on_click))
        document.addEventListener("visibilitychange", self.proxy(self.on_visibility))
        js.window.addEventListener("storage", self.proxy(self.on_storage))
        board = self.view.board
        # A gesture starts on the board and may end anywhere (no pointer capture: it throws
        # for some pointers, and MicroPython cannot catch a JavaScript exception).
        board.addEventListener("pointerdown", self.proxy(self.on_pointerdown))
        js.window.addEventListener("pointerup", self.proxy(self.on_pointerup))
        js.window.addEventListener("pointercancel", self.proxy(self.on_pointercancel))
        self.view.dialog("win").addEventListener("cancel", self.proxy(self.on_win_cancel))
        js.setInterval(self.proxy(self.tick), 500)


App().boot()
