"""The queue: every action in the order it came, one at a time.

An action (a key's direction, undo, a new game, another board...) is queued; the oldest
is carried out when none is in flight, so nothing is dropped, reordered or applied
twice. The queue knows nothing of what an action does: the host (game/ui/page.py) names
the room that owns it (`room_for`, one lookup in the router's tables, or None when the
action is kept elsewhere for now), and that room begins it. A room that asked whoever
answers the game (game/ui/calls.py) gives back the call's ticket, and the queue waits
for that ticket to be answered (`answered`); the answer itself goes to the room, not here.
The queue is driven by callbacks rather than an asyncio task: MicroPython's event loop
resumes a waiting task on a timer, which added 3-20 ms to every key press. When several
actions wait at once (keys pressed while the page started, kept until its first game),
they are carried out in tasks of at most about TASK_MS: the browser paints the board
between them, rather than once after all of them (with a phone's CPU one move takes
30-60 ms, so each is a task; a desktop plays them all in one).

Pure: the host is handed in, so this is tested on CPython and MicroPython with fakes. It
provides `room_for(action)`, `proxy(fn)`, `later(ms, fn)` (a task of its own) and `now()` (ms).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Actions carried out at once follow one another in one task only while the next (as
# long as the last) still ends within this many ms: a longer task holds a tap or the
# next frame noticeably (a "long task"), so the browser gets a turn first.
TASK_MS = 50


class Turns:
    def __init__(self, host: "Any") -> None:
        self.host = host
        self.queue: "list[str]" = []
        self.awaited = 0  # the ticket of the call the action in flight waits for (0: none)
        self.stopped = False  # the engine failed: nothing more is carried out
        self.held = True  # until the first game is on the page (`release`): actions wait
        self.running = False  # `next` is carrying actions out: an action pushed meanwhile waits
        self.paused = False  # a task given back to the browser between two queued actions
        self.on_turn = host.proxy(self.resume)

    @property
    def busy(self) -> bool:
        """An action's call is in flight."""
        return self.awaited != 0

    def push(self, action: str) -> None:
        if self.stopped:
            return
        self.queue.append(action)
        if not self.awaited and not self.held and not self.running:
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
        game/ui/router.py `when_in`, or the page's own game could not play it): back at
        the head of the queue, which waits, in order, until `release`."""
        self.queue.insert(0, action)
        self.held = True

    def drop(self, starting: str) -> None:
        """Drop the queued actions that start so (Auto-play's moves when it stops)."""
        self.queue = [action for action in self.queue if not action.startswith(starting)]

    def stop(self) -> None:
        """The engine failed: queued input is dropped, never applied twice."""
        self.stopped = True
        self.queue = []
        self.awaited = 0

    def next(self) -> None:
        """Carry out queued actions until one waits for its answer, which calls back into
        here (`answered`). An action queued while one is carried out (an import queues
        its results' replay) waits for the loop, never starts a second call beside it."""
        if self.running or self.paused:
            return
        self.running = True
        began = started = self.host.now()
        try:
            while self.waiting():
                action = self.queue.pop(0)
                room = self.host.room_for(action)
                ticket = room.begin(action) if room is not None else None
                if ticket is not None and not self.stopped:
                    self.awaited = ticket
                    return
                if not self.waiting():
                    break
                done = self.host.now()
                if 2 * done - started - began > TASK_MS:
                    # Shown at once, more waiting (keys pressed while the page started),
                    # and no room for another in this task: the browser paints this
                    # first, then the queue goes on in a task of its own.
                    self.paused = True
                    self.host.later(0, self.on_turn)
                    return
                started = done
        finally:
            self.running = False

    def waiting(self) -> bool:
        """Whether an action is queued that may be carried out now."""
        return bool(self.queue) and not self.stopped and not self.held

    def resume(self, _: "Any" = None) -> None:
        """The browser has had its turn: the queue goes on."""
        self.paused = False
        if not self.awaited:
            self.next()

    def answered(self, ticket: int) -> None:
        """A call is answered (game/ui/calls.py): if the action in flight waited for it,
        the next goes."""
        if ticket == self.awaited:
            self.awaited = 0
            self.next()
