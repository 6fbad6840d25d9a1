"""The page's start and the engine's: the first game, the engine let start, its hand-over,
its failure and its loss.

The page plays within a fraction of a second, long before Pyodide: once its strings
are in it begins the stored game (or a fresh one) and plays it itself (game/ui/early.py)
until the engine has started. Then every stored game with steps played on it is handed
over, the one on screen last, at the player's first pause (game/ui/handover.py
`pause_left`); from its answer on the engine answers everything (game/ui/calls.py).
An engine that fails to start, or stops, is said, lasting, and the board stays.

Pure (the page is handed in; the engine's client, assets/engine/client.js, is
`page.client`), tested with a fake page on CPython and MicroPython.
"""

from game.ui import handover, text
from game.ui.store import AT_START
from game.ui.switching import start_args

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Start:
    ACTIONS = ("handover", "handover-fresh")
    REPLIES = ("start",)
    HEARS = ("setting", "input", "button")

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.boot_kind = ""  # how the engine's Python started (`data-engine`)
        self.on_language = page.proxy(self.language_ready)
        self.on_settled = page.proxy(self.settled)
        self.on_pause = page.proxy(self.hand_over)
        self.last_input = -1e9  # page.now() of the player's last key or swipe
        self.ready_at: "float | None" = None  # the engine is ready, its hand-over waits
        self.ready = False  # the engine has started (it may not have the game yet)

    def boot(self) -> None:
        """Play once the strings are in (they come long before the engine, and every
        reply is said in words); the engine starts once that first game is shown."""
        page = self.page
        page.client.onfailure = page.proxy(self.engine_lost)
        # The first game in a task of its own: with the page's start it made one task of
        # about 100 ms with a phone's CPU, blocking time (docs/performance.md).
        page.later(0, page.proxy(self.first_game))

    def first_game(self) -> None:
        page = self.page
        page.lang.ready.then(self.on_language).then(page.proxy(self.await_engine))

    def await_engine(self, _: "Any" = None) -> None:
        """The first game is on the page: the engine's worker is made now, not before,
        so that its downloads and its start on the other core are not in the way of the
        first tiles (docs/engine-start.md, "When the engine starts")."""
        self.page.client.start()
        self.page.client.ready.then(self.page.proxy(self.engine_ready), self.page.proxy(self.engine_failed))

    def language_ready(self, code: "Any") -> None:
        """The strings of the language in use are loaded (at start, or after a change in
        Settings): the UI speaks it, and what it wrote itself is written again."""
        page = self.page
        strings = page.lang.strings
        text.use(str(code), page.strings(strings) if strings else {})
        page.view.say("")  # the last sentence was in the language before
        first = page.state is None
        if first and (page.newer or page.store.newer_any(AT_START)):
            page.outdated()  # a newer release stored the games: none is begun over them
        elif first:
            page.view.name_grid()  # its cells came labelled with the page (game/ui/view.py)
            page.first("start")
            if page.boards.clock_said:  # the stored daily board was set aside for the clock
                page.notify(text.say("clock_wrong", date=page.boards.clock_said))
            page.tell("link")  # a result link's code, kept for the engine
            page.turns.release()
        else:
            page.view.relabel()
            if page.state:
                page.view.show_numbers(page.state)
                page.view.show_clock(page.elapsed())
                page.screen.dialog_texts(page.state)
        page.tell("language", first)
        if first:
            page.idle(self.on_settled)

    def settled(self, _: "Any" = None) -> None:
        """The first game is on screen and the page idle: the rooms it did not need join
        (game/ui/rooms.py), a step of one per idle moment (its import, then its making),
        so none of the player's first keys waits behind all of it. On the built site
        their code comes first."""
        if self.page.router.when_in(self.after_code):
            return
        if self.page.router.join_next():
            self.page.idle(self.on_settled)

    def after_code(self) -> None:
        self.page.idle(self.on_settled)

    def heard(self, event: str, *args: "Any") -> None:
        """A key or swipe (the hand-over waits for a pause after it), a button (it may
        want the engine: no more waiting), another language chosen (here or in another
        tab: its strings are loaded)."""
        if event == "input":
            self.last_input = args[0]
        elif event == "button":
            self.last_input = -1e9
            self.hand_over()
        elif args[0] == "language":
            self.page.lang.use(self.page.prefs.values["language"]).then(self.on_language)

    def engine_ready(self, info: "Any") -> None:
        """Python is up in the worker (restored from its snapshot or started plain): it
        is handed every stored game with steps beside it, the one on screen last, once
        the player pauses."""
        page = self.page
        self.ready = True
        self.boot_kind = str(info.boot)
        self.ready_at = page.now()
        self.hand_over()

    def hand_over(self, _: "Any" = None) -> None:
        """The hand-over, queued first, once the player pauses (or at once)."""
        page = self.page
        if self.ready_at is None:
            return
        wait = handover.pause_left(page.now(), self.last_input, self.ready_at)
        if wait > 0:
            page.later(wait, self.on_pause)
            return
        self.ready_at = None
        page.first(*(["handover:" + key for key in handover.others(page.saves)] + ["handover"]))
        if not page.turns.busy:
            page.turns.release()

    def engine_failed(self, error: "Any") -> None:
        """The engine could not start: say so and keep the board that is on screen."""
        self.page.log_error("engine failed to start: " + str(error))
        self.page.fail(text.say("engine_failed"), str(error))

    def engine_lost(self, reason: "Any") -> None:
        """The engine failed (assets/engine/client.js): before it was ready that is a
        start that failed (its `ready` says so too), after it the engine stopped."""
        page = self.page
        page.log_error("engine: " + str(reason))
        page.fail(text.say("engine_stopped" if self.ready else "engine_failed"), str(reason))

    # -- the hand-over -----------------------------------------------------------------

    def begin(self, action: str) -> "Any":
        page = self.page
        if action.startswith("handover:"):  # a game not on screen, with steps beside it
            return page.calls.ask_engine(self, action, *start_args(page, action[9:]))
        # What is stored now: another tab's engine may have taken these steps over.
        page.saves.use_key(page.saves.key)
        args = start_args(page)
        if action == "handover-fresh":  # that could not be taken over: no game, no steps
            args[1], args[7] = "", ""
        return page.calls.ask_engine(self, action, *args)

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        if action.startswith("handover:"):
            self.other_taken(action[9:], reply)
        else:
            self.taken_over(reply, action == "handover-fresh")

    def taken_over(self, reply: "dict[str, Any]", fresh: bool) -> None:
        """The engine took the game on screen over and answers everything from now on:
        nothing is redrawn or said, unless it refused a step (its game shown, and why);
        a game that could not be taken over (`fresh`) is said to be set aside."""
        page = self.page
        page.calls.in_charge = True
        seamless = handover.seamless(page.state, reply["state"])
        if handover.stale(reply):
            page.saves.drop_steps()
        page.screen.judged(reply, handover.refusal(reply, "", seamless), {"game": True} if fresh else None,
                           "handover" if seamless else "")
        page.view.set_attributes((("data-engine", self.boot_kind),))
        page.tell("engine")
        for action in page.waiting.release():
            page.push(action)

    def other_taken(self, key: str, reply: "dict[str, Any]") -> None:
        """The engine took over the steps played on a game not on screen: its document
        is stored (the steps go), and the best scores and statistics they changed."""
        page = self.page
        page.saves.steps_taken(key, reply["save"])
        page.screen.store(reply, game=False)
        message = handover.refusal(reply)
        if message:
            page.notify(message)

    def refused(self, action: str, error: str) -> bool:
        """What is stored could not be taken over (never expected: the page played it by
        the engine's own rules): set aside like any bad save, and the engine starts
        afresh. No stored value keeps the page from playing."""
        page = self.page
        if action == "handover":
            page.saves.set_aside_rejected()
            page.first("handover-fresh")
        elif action == "handover-fresh":
            page.fail(text.say("engine_failed"), error)
        return True
