"""A game reply on the page: drawn, said, stored (the original 2048's Actuator and
StorageManager in one room, because a reply is stored exactly when it is shown).

Every room whose action is answered with a game (a move, undo, a new game, another
board, another tab's game, the hand-over) hands the reply here. The reply alone drives
what changes: tiles animate from where each came from, the numbers, `#game`'s
attributes, the live region, the win and game-over dialogs, the game clock, and the
documents it carries are stored (game/ui/storing.py: statistics before the game that
counts in them).
"""

from game.ui import clock, preferences, storing, text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Replies that put another board on the page (all of it is drawn again).
REDRAWN = ("start", "new", "undo", "resync", "follow", "resume")


class Screen:
    HEARS = ("hidden",)

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.view = page.view
        self.storing = storing.Storing(page.saves, page.store, page.epoch_ms, page.offset_now)
        self.shown_save: "str | None" = None  # the game document of the board on screen
        page.every(500, page.proxy(self.tick))

    def show(self, reply: "dict[str, Any]", drawn_as: str = "") -> None:
        """Show one game reply: tiles, numbers, attributes, storage, clock, dialogs.
        `drawn_as` is how the room that asked wants it drawn: "handover" (the page shows
        this game already: nothing redrawn or said) or "resync" (drawn whole)."""
        page = self.page
        state = reply["state"]
        kind = drawn_as or reply["kind"]
        before = page.state["status"] if page.state else "loading"
        if page.watching:
            # A recorded game is on the board: the game in play changed behind it
            # (another tab): kept and stored, drawn when watching ends (`resume`).
            self.shown_save = reply.get("save")
            self.store(reply)
            self.progress(reply)
            page.state = state
            return
        view = self.view
        view.publish(state)  # the finished state first: tests and tools wait on it
        if kind == "move":
            if reply["changed"]:
                view.animate(reply)
        elif reply["changed"] and kind in REDRAWN:
            if kind == "resume":
                view.show_watch(None)  # the game in play is back: the bar goes
            view.paint(state["board"], [s["at"] for s in reply["spawns"]])
        view.show_numbers(state, reply["points"])
        view.show_mode(state.get("mode") == "daily", False)
        self.shown_save = reply.get("save")
        self.store(reply)
        self.progress(reply)
        if kind in ("start", "new", "follow"):
            page.clock.reset(state["clock_ms"])
        page.clock.run(clock.should_run(state["status"], state["moves"], page.visible()), page.now())
        view.show_clock(page.elapsed())
        page.state = state
        self.sync_dialogs(before, state)
        spoken = text.announce(dict(reply, kind=kind) if drawn_as else reply) if text.TABLES else ""
        if spoken:
            view.say(spoken)
        page.tell("shown", kind, reply["changed"], state, reply.get("ahead"))
        page.collector.soon()

    def judged(self, reply: "dict[str, Any]", more: str = "", set_aside: "dict[str, Any] | None" = None,
               drawn_as: str = "") -> None:
        """Show a `start` reply: a rejected game is kept for diagnosis before the fresh
        one is stored over it, and the player is told what was set aside (and `more`)."""
        aside = dict(reply.get("set_aside") or {}, **(set_aside or {}))
        if aside.get("game"):
            self.page.saves.keep_rejected()
        self.show(reply, drawn_as)
        message = " ".join(part for part in (text.set_aside_message(aside), more) if part)
        if message:
            self.page.notify(message)

    def store(self, reply: "dict[str, Any]", game: bool = True) -> None:
        """Store what the reply changed: the game only when the engine says the game
        document changed (`game_changed`; a best-score merge or a followed game is not
        written back), the best scores when anything changed, the statistics before
        the game that counts in them (game/ui/storing.py). Before the engine runs, the
        page's own reply carries the steps to store instead (`steps`)."""
        if self.page.fatal:
            return
        firsts, said = self.storing.store(reply, game)
        if self.page.fatal:
            return  # a write found a newer release's document (game/ui/page.py `outdated`)
        if firsts:
            self.page.first(*firsts)  # another tab wrote since: deal with that first
        if said:
            self.page.notify(said)

    def progress(self, reply: "dict[str, Any]") -> None:
        """Milestones from the reply: palettes they unlock become choosable (and said)."""
        page = self.page
        milestones = reply.get("milestones")
        if milestones is None or milestones == page.milestones:
            return
        page.milestones = list(milestones)
        page.prefs.apply_look(self.view, page.milestones)
        page.prefs.show(self.view, page.milestones)
        message = preferences.unlock_message(reply.get("unlocked") or [])
        if message:
            page.notify(message)

    def sync_dialogs(self, before: str, state: "dict[str, Any]") -> None:
        """Open the win or game-over dialog when the game enters that state, close it after."""
        status = state["status"]
        for dialog in ("win", "over"):
            entered = status == ("won" if dialog == "win" else "over")
            if entered and before != status:
                self.dialog_texts(state)
                self.view.open_dialog(dialog)
            elif not entered:
                self.view.close_dialog(dialog)

    def dialog_texts(self, state: "dict[str, Any]") -> None:
        """The win, game-over and new-game dialogs' sentences for this game."""
        self.view.set_texts(text.dialog_sentences(state))
        self.view.set_hidden("over-watch", not state.get("watchable"))

    def show_mode(self) -> None:
        self.view.show_mode(self.page.boards.mode == "daily", self.page.watching)

    def tick(self) -> None:
        """Twice a second: the game clock on screen, while it runs."""
        if self.page.clock.running:
            self.view.show_clock(self.page.elapsed())

    def heard(self, event: str, *args: "Any") -> None:
        """The page was hidden or shown: the clock pauses while it is hidden, and is
        stored (the tab may not return). A page being left (`args[0]`) stores it only
        while it plays by itself (at once): it would never read the engine's answer, and
        asking had the engine's Python run as its worker was dropped, which made V8
        compile Pyodide's hot code on a background thread, about 160 ms of a phone's
        CPU taken from the next page's start (docs/performance.md)."""
        page = self.page
        state = page.state
        if state:
            page.clock.run(clock.should_run(state["status"], state["moves"], page.visible()), page.now())
            leaving = bool(args and args[0])
            if not page.visible() and not (leaving and page.in_charge):
                page.push("clock")
