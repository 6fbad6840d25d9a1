"""The page as every room sees it: the one object a room is handed, and the only fake a
room's test needs.

It holds what rooms share and nothing any one feature owns: the view, storage, the
settings, the board on screen, the game clock, the queue of actions (game/ui/turns.py),
the one road to whoever answers now (game/ui/calls.py: the page's own game, then the
engine), notices, the share sheet, the key mode, and the router that knows which room
does what (game/ui/router.py); the browser's calls (timers, files, the address) are
`Browser`'s (game/ui/browser.py). The queue's host is this object: it names the room
that begins each action; every answer goes back to the room that asked, by the road.
"""

import js

from game.ui import (
    boards,
    calls,
    clock,
    device,
    early,
    memory,
    preferences,
    shared_saves,
    sharing,
    text,
    turns,
    waiting,
)
from game.ui.browser import Browser, now
from game.ui.router import name_of
from game.ui.store import Store
from game.ui.view import View

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from game.ui.router import Router

NOTICE_MS = 8000


class Page(Browser):
    """What rooms share; the browser's calls are `Browser`'s (game/ui/browser.py)."""

    def __init__(self) -> None:
        Browser.__init__(self)
        memory.configure()  # collections between keys, not inside them (game/ui/memory.py)
        self.view = View()
        self.store = Store()
        self.prefs = preferences.Preferences(self.store)
        # The board on screen: a size's game, or the daily board (this tab's choice, kept
        # over a reload); a switch takes effect once answered (game/ui/boards.py).
        self.boards = boards.Boards(self.store, int(self.prefs.values["size"]), device.epoch_ms)
        # What this tab knows to be stored, per document (other tabs may write too).
        self.saves = shared_saves.SharedSaves(self.store, self.boards.size, self.boards.key)
        self.clock = clock.Clock()
        self.offset = int(js.window.py2048Time.offsetMinutes())
        self.lang = js.window.py2048Lang  # the strings assets/settings.js loads
        self.client = js.window.py2048Engine  # the engine's client (assets/engine/client.js)
        self.state: "dict[str, Any] | None" = None  # the game on screen, as last shown
        self.milestones: "list[str] | None" = None  # from the engine's replies
        # What the keys play: "" the game in play, else the mode a room declares in its
        # MODES table (a recorded game watched, or played on as a practice).
        self.mode = ""
        self.fatal = False  # the engine failed: nothing more is asked or stored
        self.newer = False  # a newer release stored the game's documents (`outdated`)
        self.store.on_newer = self.outdated
        self.at_work: "list[Any]" = []  # what keeps the engine busy besides the queue
        self.router: "Router | None" = None  # set once the rooms are built
        self.screen: "Any" = None  # the room that draws and stores replies
        self.notice_timer: "Any" = None
        self.on_hide_notice = self.proxy(self.view.hide_notice)
        self.on_shared = self.proxy(self.shared)
        self.collector = memory.IdleCollector(self.when_idle)
        self.on_idle = self.proxy(self.collector.idle)
        # Every action in order; the page's own game answers it until the engine has
        # taken over (game/ui/early.py); what only the engine can do waits for it.
        self.turns = turns.Turns(self)
        self.early = early.EarlyPlay(device.PageWords(), device.epoch_ms)
        self.calls = calls.Calls(self, self.early, self.client)
        self.waiting = waiting.Waiting(self.view)

    @property
    def size(self) -> int:
        """The normal game's board size."""
        return self.boards.size

    @property
    def in_charge(self) -> bool:
        """The engine has taken the game over (before, the page plays it)."""
        return self.calls.in_charge

    @property
    def watching(self) -> bool:
        """A recorded game is on the board, not the game in play (whatever the mode)."""
        return self.mode != ""

    def key_mode(self) -> "str | None":
        """What the keys play now (game/ui/keys.py `queued`): None, the game in play; else
        what the mode's room declares a direction becomes (its MODES table)."""
        if not self.mode:
            return None
        assert self.router is not None
        return self.router.modes[self.mode]

    def rooms(self, router: "Router") -> None:
        self.router = router
        self.waiting.controls = router.waits
        self.waiting.toggles = router.toggles

    # -- the queue, and the one road to whoever answers --------------------------------

    def push(self, action: str) -> None:
        if not self.fatal:
            self.turns.push(action)

    def first(self, *actions: str) -> None:
        """Put `actions` at the head of the queue (each once): they run before any input."""
        self.turns.first(*actions)

    def ask(self, room: "Any", action: str, name: str, *args: "Any") -> "int | None":
        """`room`'s call for its `action`, to whoever answers now; the answer comes back to
        `room.took(action, reply)` (game/ui/calls.py). The ticket, or None: answered at once."""
        return self.calls.ask(room, action, name, *args)

    def carry(self, room: "Any", action: str, name: str, *args: "Any") -> int:
        """An engine call that carries the stored friends' Rankings ("@rankings") or a
        chosen file ("@file"): assets/rankings.js puts them in and stores the engine's
        answer, so they never cross into MicroPython. Answered to `room`, as any call."""
        return self.calls.send(room, action, js.window.py2048Rankings.call(name, *args))

    # The queue's host (game/ui/turns.py) and the road's (game/ui/calls.py).

    def room_for(self, action: str) -> "Any":
        """The room that begins `action` now, or None: kept until its room's code is in
        (the queue waits), or until the engine runs (game/ui/waiting.py)."""
        router = self.router
        assert router is not None
        if name_of(action) not in router.actions and router.when_in(self.turns.release):
            self.turns.hold(action)  # a later room's, whose code is still on its way
            return None
        if not self.calls.in_charge and router.needs_engine(action):
            self.wait_for_engine(action)
            return None
        return router.owner(action)

    def hold(self, action: str) -> None:
        self.turns.hold(action)

    def answered(self, ticket: int) -> None:
        self.turns.answered(ticket)

    def deliver(self, promise: "Any", ticket: int, answered: "Any", refused: "Any") -> None:
        self.client.deliver(promise, ticket, answered, refused)

    def notify_refused(self) -> None:
        """The engine raised on a call (never expected: the page checks what it can
        first) and its room had nothing to say: nothing changed."""
        self.notify(text.say("call_failed"))

    def wait_for_engine(self, action: str) -> None:
        """An action only the engine can carry out, before it runs: kept for it."""
        if self.waiting.hold(action):
            self.notify(text.say("engine_waiting"))
        assert self.router is not None
        self.router.held(action)

    def count_input(self) -> None:
        self.view.count_input()

    def elapsed(self) -> int:
        return self.clock.elapsed(now())

    def engine_gone(self) -> bool:
        return bool(str(self.client.failure or ""))

    def lost(self) -> None:
        self.fail(text.say("engine_stopped"))

    # -- what rooms share --------------------------------------------------------------

    def tell(self, event: str, *args: "Any") -> None:
        assert self.router is not None
        self.router.tell(event, *args)

    def blocked(self, shown: "list[str] | None" = None) -> bool:
        """A dialog is in front of the board: a move key does nothing but count. `shown`:
        the dialogs open now, if the caller has asked already (`view.open_dialogs`)."""
        assert self.router is not None
        dialogs = self.router.dialogs
        return any(name in dialogs for name in (self.view.open_dialogs() if shown is None else shown))

    def notify(self, message: str, lasting: bool = False) -> None:
        """A short, non-blocking message; `lasting` keeps it up (nothing else will work)."""
        self.view.show_notice(message)
        if self.notice_timer is not None:
            js.clearTimeout(self.notice_timer)
            self.notice_timer = None
        if not lasting:
            self.notice_timer = js.setTimeout(self.on_hide_notice, NOTICE_MS)

    def fail(self, message: str, detail: str = "") -> None:
        """The game cannot go on: `#game[data-status="error"]` and a lasting message with
        "Reload" (assets/boot.js), under it what failed (`detail`, in the words of the code
        that failed: a player can report it). The board stays, nothing more is stored: a
        reload resumes the last good save; queued input is dropped, never applied twice."""
        if self.fatal:
            return
        self.fatal = True
        self.turns.stop()
        self.tell("failed")
        if self.notice_timer is not None:
            self.view.hide_notice()
        js.window.py2048Failure.show(message, text.say("failure_detail", detail=detail) if detail else "")

    def store_merged(self, name: str, document: str) -> None:
        """Store a document merged across tabs (game/ui/shared_saves.py `store_merged`), outside
        any queued action (a finished review); when another tab stored its own since,
        their merge is queued, then stored."""
        _, first = self.saves.store_merged(name, document)
        if first and first not in self.turns.queue:
            self.push(first)

    def outdated(self) -> None:
        """Another tab runs a newer release of the game, which stored a document in a
        format this release cannot read (assets/storage.js refuses to write over it):
        this tab stops playing and saving, rather than show moves it could not keep,
        and says to reload, which loads the newer release; it reads every older
        document, so nothing stored is lost (docs/reliability.md). Said once the
        strings are in (game/ui/starting.py) when it comes before them."""
        self.newer = True
        if text.TABLES:
            self.fail(text.say("newer_release"))
        else:
            self.turns.stop()

    def working(self) -> bool:
        """Something besides the queue keeps the engine busy (Auto-play's run)."""
        return any(check() for check in self.at_work)

    def today(self) -> str:
        """The device's UTC day, "" when its clock is outside the daily board's days."""
        return self.boards.today()

    def share(self, message: str) -> None:
        js.window.py2048Share.share(message).then(self.on_shared)

    def shared(self, outcome: "Any") -> None:
        said = sharing.outcome_message(str(outcome))
        if said:
            self.notify(said)
