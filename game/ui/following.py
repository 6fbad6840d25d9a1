"""Another tab wrote: its game is followed, its best scores and statistics merged; its
import is taken as it is.

What is stored is read when the action runs (the newest), never taken from the storage
event: the bridge would not carry every character. Storage decides between two tabs;
a move shown here that another tab's game replaced is said on screen, once.

An import is the player's word in every tab: another tab's import replaces this tab's
games, best scores and statistics whatever they were, so its documents are never merged
with this tab's nor written over (game/ui/shared_saves.py `imported_elsewhere`); this tab reads
everything again and plays the import's game of the board it shows (`adopt`), once every
imported document has reached it (the import's mark names each one's checksum: they
come one storage event at a time).

Pure (the page is handed in), tested with a fake page on CPython and MicroPython.
"""

from game.ui import text
from game.ui.shared_saves import ADOPT, SHOWN
from game.ui.store import BEST, IMPORT, REVIEWS, STATS
from game.ui.switching import start_args

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MERGES = {BEST: "merge_best", STATS: "merge_stats", REVIEWS: "merge_reviews"}
# An import's documents arrive one storage event at a time: the queue waits this long
# between looks, at most this many times, before taking storage as it is.
ADOPT_WAIT_MS = 50
ADOPT_LOOKS = 40


class Following:
    ACTIONS = ("follow", BEST, STATS, REVIEWS, ADOPT)
    REPLIES = ("follow", "best", "stats", "reviews", "start")
    FOLLOWS = (SHOWN, BEST, STATS, IMPORT)

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.looks = 0  # times the queue waited for an import's documents
        self.on_look = page.proxy(self.look_again)

    def followed(self, key: str) -> None:
        if key == IMPORT:  # before any input: nothing is played on what the import replaced
            self.page.first(ADOPT)
            return
        action = "follow" if key == SHOWN else key
        if action not in self.page.turns.queue:
            self.page.push(action)

    def begin(self, action: str) -> "Any":
        saves = self.page.saves
        if action == ADOPT or saves.imported_elsewhere():
            return self.adopt()
        if action == "follow":  # taken if it is not older
            return self.page.ask(self, action, "follow", *saves.read_game())
        # the higher best score of each size is kept, the fuller statistics, every review
        return self.page.ask(self, action, MERGES[action], saves.read(action))

    def adopt(self) -> "Any":
        """Another tab's import: once its documents are all here (or after ADOPT_LOOKS
        looks), everything is read again and the board on screen starts from storage."""
        page = self.page
        if not page.saves.imported_elsewhere():
            return None  # taken already
        if not page.store.import_landed() and self.looks < ADOPT_LOOKS:
            self.looks += 1
            page.turns.hold(ADOPT)  # the queue waits: no input is played on the game replaced
            page.later(ADOPT_WAIT_MS, self.on_look)
            return None
        self.looks = 0
        page.saves.adopt()
        return page.ask(self, ADOPT, *start_args(page))

    def look_again(self) -> None:
        self.page.turns.release()

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        page = self.page
        if reply["kind"] == "start":  # another tab's import, taken
            page.screen.judged(reply)
            page.notify(text.say("imported_elsewhere"))
            return
        if reply["kind"] == "reviews":  # stored reviews merged with another tab's
            page.store_merged(REVIEWS, str(reply["kept_save"]))
            return
        if action == "follow":
            page.saves.followed(reply.get("taken") or reply["changed"], page.screen.shown_save,
                                page.early.steps_text() if not page.in_charge else None)
        page.screen.show(reply)
        if reply.get("dropped"):  # storage kept another tab's game over a move shown here
            page.notify(text.say("followed_lost"))
        if page.saves.imported_elsewhere():  # it came while this was answered
            page.first(ADOPT)
