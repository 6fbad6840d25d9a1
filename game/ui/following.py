"""Another tab wrote: its game is followed, its best scores and statistics merged.

What is stored is read when the action runs (the newest), never taken from the storage
event: the bridge would not carry every character. Storage decides between two tabs;
a move shown here that another tab's game replaced is said on screen, once.

Pure (the page is handed in), tested with a fake page on CPython and MicroPython.
"""

from game.ui import text
from game.ui.store import BEST, STATS
from game.ui.tabs import SHOWN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MERGES = {BEST: "merge_best", STATS: "merge_stats"}


class Following:
    ACTIONS = ("follow", BEST, STATS)
    REPLIES = ("follow", "best", "stats")
    FOLLOWS = (SHOWN, BEST, STATS)

    def __init__(self, page: "Any") -> None:
        self.page = page

    def followed(self, key: str) -> None:
        action = "follow" if key == SHOWN else key
        if action not in self.page.turns.queue:
            self.page.push(action)

    def begin(self, action: str) -> "Any":
        saves = self.page.saves
        if action == "follow":  # taken if it is not older
            return self.page.ask("follow", *saves.read_game())
        # the higher best score of each size is kept, the fuller statistics
        return self.page.ask(MERGES[action], saves.read(action))

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        page = self.page
        if action == "follow":
            page.saves.followed(reply.get("taken") or reply["changed"], page.screen.shown_save,
                                page.turns.early.steps_text() if page.engine is None else None)
        page.screen.show(reply)
        if reply.get("dropped"):  # storage kept another tab's game over a move shown here
            page.notify(text.say("followed_lost"))
