"""The game in play: moves, undo, a new game, keep playing, its clock, and the buttons
and dialogs around them (new game, undo, the win and game-over dialogs, Share).

The engine's lookahead is this room's: every reply of the engine's carries, for each
direction, the reply that move would give (game/lookahead.py). A move with one is shown
at once, in the key's own task (no round trip), and the engine is told to `take` it;
its answer brings the next lookahead. Only this room reads or writes it: Auto-play's
moves are played here for its room (`play`), and its answers handed back here (`took`).

Pure (the page is handed in: game/ui/page.py), tested with a fake page on CPython and
MicroPython.
"""

import json

from game.ui import keys, text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Calls of the game clock's: the time played so far goes with them.
TIMED = {"undo": "undo", "keep": "keep_playing", "clock": "set_clock"}
# The actions that are the player's move attempts (CONTRACT.md `data-inputs`).
COUNTED = keys.DIRECTIONS + ("undo",)


class Moves:
    ACTIONS = keys.DIRECTIONS + ("noop", "new?", "new") + tuple(TIMED)
    REPLIES = ("move", "taken", "undo", "new", "continue", "clock")
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

    HEARS = ("watch", "shown")

    def __init__(self, page: "Any") -> None:
        self.page = page
        # The engine's lookahead for the game on screen: direction -> reply (JSON text).
        self.ahead: "dict[str, str]" = {}
        self.taking = False  # a `take` is in flight: its move is on the page, counted

    def begin(self, action: str) -> "Any":
        page = self.page
        if action == "noop":  # a move key that moves nothing (a dialog, a replay): counted
            page.count_input()
        elif action in keys.DIRECTIONS:
            return self.play(self, action, action, True)
        elif action in TIMED:
            return page.ask(self, action, TIMED[action], page.elapsed())
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

    def play(self, room: "Any", action: str, direction: str, counted: bool) -> "Any":
        """A move for `room`'s `action` (this room's keys, or Auto-play's move, which is no
        attempt of the player's: not `counted`): shown at once from the lookahead when
        there is one, then `take`n by the engine; else the engine (or the page's own
        game) is asked. The answer goes to `room`, which hands it back here (`took`)."""
        page = self.page
        ahead = self.ahead.get(direction) if page.in_charge else None
        if ahead is None:
            return page.ask(room, action, "move", direction, page.elapsed())
        reply = json.loads(ahead)
        try:
            page.screen.show(reply)
        finally:
            if counted:
                page.count_input()
        if not reply["changed"]:
            return None  # nothing happened: the lookahead still holds for this state
        self.ahead = {}  # the next one comes with the engine's answer
        self.taking = True
        return page.ask(room, action, "take", direction, page.elapsed())

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        """An answer to a move, a take or a call of the game clock's, drawn; the next
        lookahead kept. A take answered as a plain move means the engine had no
        lookahead for the move the page showed from it (never expected): its answer is
        the truth, drawn whole."""
        taken, self.taking = self.taking, False
        try:
            self.page.screen.show(reply, "resync" if taken and reply.get("kind") != "taken" else "")
        finally:
            if action in COUNTED and not taken:
                self.page.count_input()

    def refused(self, action: str, error: str) -> bool:
        """The engine raised on a move (nothing changed): moves are asked of it, without a
        lookahead, until its next answer; the attempt counts as handled. The page says
        the call failed."""
        taken, self.taking = self.taking, False
        self.ahead = {}
        if action in COUNTED and not taken:
            self.page.count_input()
        return False

    def heard(self, event: str, *args: "Any") -> None:
        """An engine's game reply is on the page: its lookahead is kept, whichever room
        asked (a move, the hand-over, another tab's game...). A recorded game takes the
        board: a key meanwhile is no move of the game in play."""
        if event == "watch":
            self.ahead = {}
        elif args[3] is not None:
            self.ahead = args[3]

    def new_game(self) -> "Any":
        """Start over; another daily try is today's board (`clock_stops`)."""
        page = self.page
        if clock_stops(page, page.boards.mode == "daily"):
            return None
        return page.ask(self, "new", "new_game", 0)

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
