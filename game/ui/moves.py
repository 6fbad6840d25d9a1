"""The game in play: moves, undo, a new game, keep playing, its clock, and the buttons
and dialogs around them (new game, undo, the win and game-over dialogs, Share).

Pure (the page is handed in: game/ui/page.py), tested with a fake page on CPython and
MicroPython.
"""

from game.ui import keys, text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Calls of the game clock's: the time played so far goes with them.
TIMED = {"undo": "undo", "keep": "keep_playing", "clock": "set_clock"}


class Moves:
    ACTIONS = keys.DIRECTIONS + ("noop", "taken", "new?", "new") + tuple(TIMED)
    REPLIES = ("move", "taken", "resync", "undo", "new", "continue", "clock")
    BUTTONS = {
        "new-game": (("win", "over"), "", "new"),  # in the win and game-over dialogs
        "#new-game": ((), "", "new?"),  # the main button: asks first over a game in progress
        "#undo": ((), "", "undo"),
        "undo": (("over",), "", "undo"),  # in the game-over dialog
        "keep-playing": (("win",), "", "keep"),
        "cancel": (("confirm",), "", ""),
        "confirm-new": (("confirm",), "", "new"),
        "share": None,
    }
    DIALOGS = ("confirm",)

    def __init__(self, page: "Any") -> None:
        self.page = page

    def begin(self, action: str) -> "Any":
        page = self.page
        if action == "noop":  # a move key that moves nothing (a dialog, a replay): counted
            page.count_input()
        elif action in keys.DIRECTIONS:
            return page.turns.play(action)[0]
        elif action in TIMED:
            return page.ask(TIMED[action], page.elapsed())
        elif action == "new?":
            state = page.state
            if state and state["moves"] > 0 and state["status"] != "over":
                page.screen.dialog_texts(state)
                page.view.open_dialog("confirm")
            else:
                return self.new_game()
        elif action == "new":
            return self.new_game()
        return None

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        # The engine had no lookahead for a move the page showed from it (never
        # expected): its answer is the truth, drawn whole.
        resync = action == "taken" and reply.get("kind") not in ("taken", None)
        self.page.screen.show(reply, "resync" if resync else "")

    def new_game(self) -> "Any":
        """Start over; another daily try is today's board (`clock_stops`)."""
        page = self.page
        return None if clock_stops(page, page.boards.mode == "daily") else page.ask("new_game", 0)

    def click(self, name: str, button: "Any") -> None:
        """Share: the game on screen (a finished daily game as its result code)."""
        page = self.page
        if page.router.when_in(lambda: self.click(name, button)):
            return  # the share text is written by a room whose code is still on its way
        from game.ui import replays  # a room that joins after the first game (game/ui/rooms.py)

        if page.state:
            page.share(replays.game_share_text(page.state, page.elapsed(), page.address(),
                                               str(page.prefs.values.get("name") or "")))


def clock_stops(page: "Any", daily_board: bool) -> bool:
    """The daily board needs a clock within its days: otherwise nothing changes, the
    player is told why, and True."""
    wrong = page.boards.clock_refusal() if daily_board else None
    if wrong is not None:
        page.notify(text.say("clock_wrong", date=wrong))
    return wrong is not None
