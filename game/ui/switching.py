"""Which board is on the page: the first game, another size, the daily board.

Every switch is a `start` call for the game stored for that board (a fresh one if there
is none), asked from what is stored now. The game on screen was stored by its last
reply, its clock just before (`clock`); the switch takes effect with the answer
(game/ui/boards.py): until then this tab stores to the board it shows.

Pure (the page is handed in), tested with a fake page on CPython and MicroPython.
"""

from game.ui import handover, text
from game.ui.moves import clock_stops
from game.ui.store import BEST, STATS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def start_args(page: "Any", key: str = "") -> "list[Any]":
    """The `start` call for the game stored under `key` (the one on screen by default),
    from what is stored now: the game, best scores, statistics, the size, the undo
    depth, whether it is the daily board, and the steps beside it."""
    saves = page.saves
    key = key or saves.key
    size, daily = handover.board_of(key)
    game = saves.saved_game if key == saves.key else saves.read_stored_game(key)
    return ["start", game or "", saves.read(BEST), saves.read(STATS), size,
            page.prefs.values["undo"], 1 if daily else 0, saves.read_steps(key)]


class Switching:
    ACTIONS = ("start", "size", "mode")
    REPLIES = ("start",)
    BUTTONS = {"#daily": None}

    def __init__(self, page: "Any") -> None:
        self.page = page

    def begin(self, action: str) -> "Any":
        page = self.page
        if action == "start":  # the first game: the stored one, or a fresh one
            return page.ask(self, action, *start_args(page))
        if action == "mode":
            mode = page.boards.other_mode()
            return None if clock_stops(page, mode == "daily") else self.switch(action, page.size, mode)
        return self.switch(action, int(action[5:]))  # "size:5"

    def switch(self, action: str, size: int, mode: str = "classic") -> "Any":
        page = self.page
        return page.ask(self, action, *start_args(page, page.boards.ask(mode, size)))

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        page = self.page
        if page.boards.answered():
            page.saves.use_key(page.boards.key)
        first = page.state is None
        page.screen.judged(reply, handover.refusal(reply))  # (steps the page could not play)
        if not first:
            page.view.say(text.switched(reply, text.size_name(page.size)))

    def refused(self, action: str, error: str) -> bool:
        """A switch the engine refused: the board on screen stays, and so does the size
        Settings shows."""
        page = self.page
        if page.boards.failed():
            page.screen.show_mode()
            page.prefs.values["size"] = page.size
            page.prefs.show(page.view, page.milestones)
        return False

    def click(self, name: str, button: "Any") -> None:
        """The daily board's button: the clock is stored, then the other board shown
        (which one is judged when it runs)."""
        self.page.push("clock")
        self.page.push("mode")
