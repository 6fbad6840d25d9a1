"""The Statistics dialog: the numbers of the size chosen in it, asked of the engine
each time it opens or the size changes (the engine keeps them), and shared as text.

Pure (the page is handed in), tested on CPython and MicroPython.
"""

from game.ui import statistics
from game.ui.store import STORED_RANKINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class StatisticsDialog:
    ACTIONS = ("statistics",)
    REPLIES = ("statistics",)
    WAITS = {"statistics": "stats-grid"}
    BUTTONS = {"#stats": None, "share-stats": None, "close-stats": (("stats",), "", "")}
    CHANGES = ("stats-size",)
    DIALOGS = ("stats",)
    HEARS = ("language",)

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.summary: "dict[str, Any] | None" = None  # the statistics on show

    def click(self, name: str, button: "Any") -> None:
        page = self.page
        if name == "#stats":
            page.view.set_value("stats-size", str(page.size))
            page.view.open_dialog("stats")
            page.push("statistics")
        elif self.summary:
            page.share(statistics.share_text(int(page.view.value_of("stats-size")), self.summary))

    def changed(self, element_id: str, target: "Any") -> None:
        self.page.push("statistics")

    def heard(self, event: str, *args: "Any") -> None:
        """Another language: the numbers are written again in it."""
        if self.page.view.is_open("stats"):
            self.page.push("statistics")

    def begin(self, action: str) -> "Any":
        page = self.page
        size = int(page.view.value_of("stats-size"))
        name = str(page.prefs.values.get("name") or "")
        return page.carry(self, action, "statistics", size, STORED_RANKINGS, name)

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        self.summary = reply["summary"]
        statistics.show(self.page.view, reply["summary"], self.page.offset)
