"""The move path: every action in the order it came, one at a time, answered by the page
itself until the engine has taken the game over, then by the engine.

An action (a key's direction, undo, a new game, another board...) is queued; the oldest
is carried out when none is in flight, so nothing is dropped, reordered or applied
twice. The host (game/ui/page.py) has the action's room turn it into a call (`begin`); this room asks
whoever answers now (`ask`):
- before the hand-over, the page's own game (game/ui/early.py) answers at once, with a
  reply of the engine's own shape, and the host shows it within the key's own event;
  a call only the engine can answer is kept for it (game/ui/waiting.py);
- after it, the engine's worker answers by message. A move it has already answered (its
  lookahead, game/api.py) is shown at once from there, and the engine told to `take` it.
The queue is driven by promise callbacks rather than an asyncio task: MicroPython's
event loop resumes a waiting task on a timer, which added 3-20 ms to every key press.
When several actions wait at once (keys pressed while the page started, kept until its
first game), they are carried out in tasks of at most about TASK_MS: the browser paints
the board between them, rather than once after all of them (with a phone's CPU one
move takes 30-60 ms, so each is a task; a desktop plays them all in one).

Pure: the host, the page's game and the engine are handed in (the engine is anything
with `call(name, *args)` returning a promise with `then(ok, failed)`), so this is
tested on CPython and MicroPython with fakes.

The host provides `begin(action)` (a promise, or None when it acted at once), `took(reply)`
(show one reply), `count_input()`, `wait_for_engine(action)` (an action for the engine, kept),
`proxy(fn)`, `later(ms, fn)` (a task of its own), `now()` (ms), `engine_gone()` (whether the engine has
failed), `lost()` (say so) and `refused(action, error)` (the engine raised on one action:
nothing changed).
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# The actions that are move attempts (CONTRACT.md `data-inputs`).
COUNTED = ("left", "right", "up", "down", "undo")
# Actions answered at once are carried out one after another in one task only while the
# next (as long as the last) still ends within this many ms: a longer task holds a tap
# or the next frame noticeably (a "long task"), so the browser gets a turn first.
TASK_MS = 50


class Turns:
    def __init__(self, host: "Any", early: "Any") -> None:
        self.host = host
        self.early = early  # the page's own game (game/ui/early.py) until the hand-over
        self.engine: "Any" = None  # the engine, once it has taken the game over
        self.queue: "list[str]" = []
        self.busy = False
        self.current = ""
        self.stopped = False  # the engine failed: nothing more is asked
        self.held = True  # until the first game is on the page (`release`): actions wait
        self.running = False  # `next` is carrying actions out: an action pushed meanwhile waits
        self.paused = False  # a task given back to the browser between two queued actions
        self.on_turn = host.proxy(self.resume)
        # The engine's lookahead for the state on screen: direction -> reply (JSON text).
        self.ahead: "dict[str, str]" = {}
        self.on_answer = host.proxy(self.answered)
        self.on_failure = host.proxy(self.failed)

    def push(self, action: str) -> None:
        if self.stopped:
            return
        self.queue.append(action)
        if not self.busy and not self.held and not self.running:
            self.next()

    def release(self) -> None:
        """The first game is on the page: the actions kept meanwhile are carried out."""
        self.held = False
        self.next()

    def first(self, *actions: str) -> None:
        """Put `actions` at the head of the queue, in order (each once): they run before
        any other input."""
        for action in reversed(actions):
            if action in self.queue:
                self.queue.remove(action)
            self.queue.insert(0, action)

    def hold(self, action: str) -> None:
        """`action` cannot be carried out yet (its room's code is still on its way,
        game/ui/router.py `when_in`): back at the head of the queue, which waits, in
        order, until `release`."""
        self.queue.insert(0, action)
        self.held = True

    def drop(self, starting: str) -> None:
        """Drop the queued actions that start so (Auto-play's moves when it stops)."""
        self.queue = [action for action in self.queue if not action.startswith(starting)]

    def stop(self) -> None:
        """The engine failed: queued input is dropped, never applied twice."""
        self.stopped = True
        self.queue = []
        self.busy = False

    def next(self) -> None:
        """Carry out queued actions until one waits for the engine's answer, which calls
        back into here. An action queued while one is carried out (an import queues its
        results' replay) waits for the loop, never starts a second call beside it: each
        answer must reach the room whose action asked."""
        if self.running or self.paused:
            return
        self.running = True
        began = started = self.host.now()
        try:
            while self.waiting():
                action = self.queue.pop(0)
                self.current = action
                promise = self.host.begin(action)
                if promise is not None:
                    self.busy = True
                    promise.then(self.on_answer, self.on_failure)
                    return
                if not self.waiting():
                    break
                done = self.host.now()
                if 2 * done - started - began > TASK_MS:
                    # Shown at once, more waiting (keys pressed while the page started),
                    # and no room for another in this task: the browser paints this
                    # first, then the queue goes on in a task of its own.
                    self.busy = False
                    self.paused = True
                    self.host.later(0, self.on_turn)
                    return
                started = done
            self.busy = False
        finally:
            self.running = False

    def waiting(self) -> bool:
        """Whether an action is queued that may be carried out now."""
        return bool(self.queue) and not self.stopped and not self.held

    def resume(self, _: "Any" = None) -> None:
        """The browser has had its turn: the queue goes on."""
        self.paused = False
        if not self.busy:
            self.next()

    # -- who answers ---------------------------------------------------------------------

    def ask(self, name: str, *args: "Any") -> "Any":
        """Ask the engine (its promise), or, before it runs, the page's own game, whose
        answer is shown at once (None: nothing to wait for)."""
        if self.engine is not None:
            return self.engine.call(name, *args)
        try:
            reply = self.early.call(name, *args)
        except Exception as error:  # never expected; the engine will judge what is stored
            self.host.log_error("the page could not play %s: %r; waiting for the engine" % (name, error))
            self.queue.insert(0, self.current)
            self.held = True  # until the engine is there (`release`)
            return None
        if reply is None:
            self.host.wait_for_engine(self.current)
            return None
        try:
            self.host.took(reply)
        finally:
            if self.current in COUNTED:
                self.host.count_input()
        return None

    def play(self, direction: str, auto: bool = False) -> "tuple[Any, dict[str, Any] | None]":
        """A move: shown at once from the engine's lookahead when it has one (no round
        trip, so the board changes in the key's own task), then `take`n by the engine,
        whose answer brings the next lookahead. Without one, the engine (or the page's
        game) is asked. An `auto` move (Auto-play's) is no move attempt of the player's:
        not counted. (the promise to wait for, the lookahead reply shown)"""
        ahead = self.ahead.get(direction) if self.engine is not None else None
        if ahead is None:
            return self.ask("move", direction, self.host.elapsed()), None
        reply = json.loads(ahead)
        try:
            self.host.took(reply)
        finally:
            if not auto:
                self.host.count_input()
            self.current = "taken"  # counted: the engine's answer only confirms it
        if not reply["changed"]:
            return None, reply  # nothing happened: the lookahead still holds for this state
        self.ahead = {}  # the next one comes with the engine's answer
        return self.engine.call("take", direction, self.host.elapsed()), reply

    # -- the engine's answers ------------------------------------------------------------

    def answered(self, answer: "Any") -> None:
        try:
            reply = json.loads(str(answer))
            if "ahead" in reply:
                self.ahead = reply["ahead"]
            self.host.took(reply)  # to the room whose action asked, as the engine sent it
        finally:  # a bug in drawing one reply must not stall every later input
            if self.current in COUNTED:
                self.host.count_input()
            self.next()

    def failed(self, error: "Any") -> None:
        """The engine raised: report it, count the attempt as handled, go on; unless the
        engine itself is gone (assets/engine/client.js `failure`)."""
        self.host.log_error("engine call failed: " + str(error))
        if self.host.engine_gone():
            self.busy = False
            self.host.lost()
            return
        self.ahead = {}  # ask the engine for moves until its next answer
        try:
            self.host.refused(self.current, str(error))
        finally:
            if self.current in COUNTED:
                self.host.count_input()
            self.next()
