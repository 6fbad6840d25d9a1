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
  copy of a game that was set aside, then the kept reviews, oldest first: the storage
  guard does it, assets/storage.js), so it is not tried again here.
- The player is told what is true: "Storage is full: progress since 14:05 is not
  saved" (the first refused write since storage last took one), once until it takes
  writes again; or, where storage never took a write, that this browser keeps nothing.

Pure: the shared saves (game/ui/tabs.py), storage and the clock are handed in, so this
is tested on CPython and in MicroPython (tests/unit/test_ui_storing.py).
"""

from game.ui import clock, text
from game.ui.store import BEST, STATS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


class Storing:
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
