"""A game reply on the page: drawn, said, stored (the original 2048's Actuator and
StorageManager in one room, because a reply is stored exactly when it is shown).

Every room whose action is answered with a game (a move, undo, a new game, another
board, another tab's game, the hand-over) hands the reply here. The reply alone drives
what changes: tiles animate from where each came from, the numbers, `#game`'s
attributes, the live region, the win and game-over dialogs, the game clock, and the
documents it carries are stored (`Storing` below: statistics before the game that
counts in them).
"""

from game.ui import clock, preferences, text
from game.ui.store import BEST, STATS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# Replies that put another board on the page (all of it is drawn again).
REDRAWN = ("start", "new", "undo", "resync", "follow", "resume")


class Storing:
    """What a reply's documents become in storage when storage may be full.

    Browsers give a page a few megabytes, and a phone whose storage is nearly full refuses
    writes long before that. A write can then fail alone: seen, a finished game stored as
    `counted` while the statistics it was counted in could not be written, so that the
    count was gone for good. Rules here:

    - The statistics go first, and a game document is written only once the statistics
      it depends on are kept (whether it was counted, whether a daily try is practice):
      while they wait, the stored game stays the one before, which a reload resumes and
      which counts again when it ends. A statistics document that could not be written
      is tried again with every reply, the newest replacing it. The other way round needs
      no order: the statistics name the games they counted (game/stats.py), so a game
      whose counted document storage refused after its statistics were kept is not
      counted again at the next load.
    - A refused write has already given up what the game keeps only for convenience (the
      copy of a game that was set aside, then the stored reviews, oldest first: the storage
      guard does it, assets/storage.js), so it is not tried again here.
    - The player is told what is true: "Storage is full: progress since 14:05 is not
      saved" (the first refused write since storage last took one), once until it takes
      writes again; or, where storage never took a write, that this browser keeps nothing.

    Pure: the shared saves (game/ui/shared_saves.py), storage and the clock are handed in,
    so this is tested on CPython and in MicroPython (tests/unit/test_ui_storing.py).
    """

    def __init__(self, saves: "Any", store: "Any", now_ms: "Callable[[], int]",
                 offset_minutes: "Callable[[], int]") -> None:
        self.saves = saves
        self.now_ms = now_ms
        self.offset_minutes = offset_minutes
        self.worked = bool(getattr(store, "ok", True))  # storage took writes at the start
        self.unsaved_stats: "str | None" = None  # the newest statistics not yet written
        self.full_since: "int | None" = None  # epoch ms of the first refused write
        self.warned = False

    def store(self, reply: "dict[str, Any]", game: bool = True) -> "tuple[list[str], str]":
        """Store what `reply` changed (game/ui/screen.py `store` says which documents): the
        queue actions to run first (another tab wrote since) and what to tell the
        player ("" for nothing)."""
        results: "list[tuple[bool, str | None]]" = []
        if reply.get("stats_changed"):
            self.unsaved_stats = reply["stats_save"]
        unsaved = self.unsaved_stats
        if unsaved is not None:
            written, first = self.saves.store_merged(STATS, unsaved)
            results.append((written, first))
            if written:
                self.unsaved_stats = None
        if "steps" in reply:  # before the engine: the page's steps instead of a document
            if reply["steps"]:
                results.append(self.saves.store_steps(reply["steps"]))
            reply = {"kind": "", "changed": False}
        elif game and reply.get("game_changed"):
            if self.unsaved_stats is None:
                results.append(self.saves.store_game(reply["save"]))
            else:  # its count is not kept yet: the stored game stays the one before
                results.append((False, None))
        changed = reply["changed"] or reply.get("game_changed") or reply["kind"] == "best"
        if changed and "best_save" in reply:
            results.append(self.saves.store_merged(BEST, reply["best_save"]))
        firsts = [first for _, first in results if first is not None]
        return firsts, self._said(all(written for written, _ in results))

    def _said(self, stored: bool) -> str:
        if stored:
            if self.full_since is not None:  # storage takes writes again
                self.full_since = None
                self.warned = False
            return ""
        if self.warned:
            return ""
        self.warned = True
        if not self.worked:
            return text.say("no_storage")
        if self.full_since is None:
            self.full_since = int(self.now_ms())
        return text.say("storage_full", time=clock.time_text(self.full_since, self.offset_minutes()))


class Screen:
    HEARS = ("hidden",)

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.view = page.view
        self.storing = Storing(page.saves, page.store, page.epoch_ms, page.offset_now)
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
            self.page.saves.set_aside_rejected()
        self.show(reply, drawn_as)
        message = " ".join(part for part in (text.set_aside_message(aside), more) if part)
        if message:
            self.page.notify(message)

    def store(self, reply: "dict[str, Any]", game: bool = True) -> None:
        """Store what the reply changed: the game only when the engine says the game
        document changed (`game_changed`; a best-score merge or a followed game is not
        written back), the best scores when anything changed, the statistics before
        the game that counts in them (`Storing`). Before the engine runs, the
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
