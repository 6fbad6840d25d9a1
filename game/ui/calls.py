"""The one road to whoever answers the game, and back: every call a room makes, and its
answer, to that room.

A room asks (`ask(room, action, name, *args)`): before the engine has taken the game
over, the page's own game (game/ui/early.py) answers at once, with a reply of the
engine's own shape; after it, the engine's worker answers by message. Either way the
answer goes to the room that asked, as `took(action, reply)`, by the action it named:
a move, the `take` of one shown from the lookahead, Auto-play's move, Hint, a review's
step and its cancel all come back the same way. A reply of a kind the room does not
declare in its `REPLIES` table is an error (a call answered to the wrong room, or a
table out of date), raised here rather than drawn.

Each call in flight is a ticket: the engine's client hands the answer back with it
(assets/engine/client.js `deliver`), through two callbacks made once, so no function is
made for one call. The queue (game/ui/turns.py) waits for the ticket of the action it is
carrying out and hears it answered (`host.answered(ticket)`); a room's call outside the
queue (Hint, a review's step) has a ticket nobody waits for.

Pure: the host (game/ui/page.py) and the page's own game are handed in, so this is
tested on CPython and MicroPython with fakes. The host provides `proxy(fn)`,
`deliver(promise, ticket, answered, refused)`, `answered(ticket)` (the queue),
`hold(action)` (back to the queue's head, until the engine runs), `wait_for_engine(action)`,
`log_error(message)`, `engine_gone()`, `lost()`, `outdated()` and `notify_refused()`.
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def replies_of(room: "Any") -> "tuple[str, ...]":
    replies: "tuple[str, ...]" = getattr(room, "REPLIES", ())
    return replies


class Calls:
    def __init__(self, host: "Any", early: "Any", client: "Any") -> None:
        self.host = host
        self.early = early  # the page's own game, until the engine has taken it over
        self.client = client  # the engine's client (assets/engine/client.js)
        self.in_charge = False  # the engine has taken the game over: it answers everything
        self.asked: "dict[int, tuple[Any, str]]" = {}  # ticket -> (room, action) in flight
        self.tickets = 0
        self.on_answer = host.proxy(self.answered)
        self.on_refusal = host.proxy(self.refused)

    def ask(self, room: "Any", action: str, name: str, *args: "Any") -> "int | None":
        """`name(*args)` for `room`'s `action`, to whoever answers now. The ticket to
        wait for, or None: answered at once (the page's own game), or kept (for the
        engine, or for the queue to try again once it runs)."""
        if self.in_charge:
            return self.send(room, action, self.client.call(name, *args))
        try:
            reply = self.early.call(name, *args)
        except Exception as error:  # never expected; the engine will judge what is stored
            self.host.log_error("the page could not play %s: %r; waiting for the engine" % (name, error))
            self.host.hold(action)
            return None
        if reply is None:
            self.host.wait_for_engine(action)
            return None
        self.deliver(room, action, reply)
        return None

    def ask_engine(self, room: "Any", action: str, name: str, *args: "Any") -> int:
        """A call only the engine answers, even before it has the game (the hand-over)."""
        return self.send(room, action, self.client.call(name, *args))

    def send(self, room: "Any", action: str, promise: "Any") -> int:
        """A call made (its promise): its answer will reach `room` with this ticket."""
        self.tickets += 1
        self.asked[self.tickets] = (room, action)
        self.host.deliver(promise, self.tickets, self.on_answer, self.on_refusal)
        return self.tickets

    def deliver(self, room: "Any", action: str, reply: "dict[str, Any]") -> None:
        """`reply` to the room that asked, unchanged, if it is of a kind it declares."""
        kind = reply.get("kind")
        if kind not in replies_of(room):
            raise ValueError("%s asked %r and was answered %r, which its REPLIES do not declare" % (
                type(room).__name__, action, kind))
        if reply.get("newer"):  # assets/rankings.js found a newer release's Rankings
            self.host.outdated()
        room.took(action, reply)

    def answered(self, ticket: "Any", answer: "Any") -> None:
        ticket = int(ticket)
        room, action = self.asked.pop(ticket)
        try:
            self.deliver(room, action, json.loads(str(answer)))
        finally:  # a bug in drawing one reply must not stall every later input
            self.host.answered(ticket)

    def refused(self, ticket: "Any", error: "Any") -> None:
        """The engine raised: the room that asked deals with it if it has a say, else the
        page says the call failed; nothing changed. Unless the engine itself is gone
        (assets/engine/client.js `failure`): then the page says so."""
        ticket = int(ticket)
        room, action = self.asked.pop(ticket)
        self.host.log_error("engine call failed: %s: %s" % (action, error))
        if self.host.engine_gone():
            self.host.lost()
            return
        try:
            refused = getattr(room, "refused", None)
            if refused is None or not refused(action, str(error)):
                self.host.notify_refused()
        finally:
            self.host.answered(ticket)

    def waiting_for(self, room: "Any") -> bool:
        """Whether a call of `room`'s is in flight."""
        return any(asker is room for asker, _ in self.asked.values())
