"""Practice: a reviewed game played on from one of its positions (Review's "Play on
from here", in the replay bar).

The engine plays it on its watching session, beside the game in play (game/codes.py
`practice`): the player moves it, its spawns are random from there, and it is never
stored, never counted in the statistics, the best scores or a daily result; the bar
says so. It is practice: Hint and Undo are there (Undo never goes back past where it
began). `#game[data-mode]` is `practice` while it lasts, and the BEST box stays the
player's own. Back to review (or Escape) returns to the review at the move it began
from; the bar's Close ends it like any replay (`resume`): the game in play comes back.

Pure (the page is handed in: game/ui/page.py), tested with a fake page on CPython and
MicroPython.
"""

from game.ui import text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

HINT_MS = 50.0  # the solver's time for a practice's Hint (the game in play's Hint is as quick)


class Practice:
    # "practice" starts it; "practice:<direction>" is a move of it, "practice:undo" takes
    # one back, "practice:hint" asks the solver, "practice:back" goes back to the review.
    ACTIONS = ("practice",)
    REPLIES = ("practice", "practice_move", "practice_hint", "practice_undo")
    WAITS = {"practice": ""}
    BUTTONS = {"#watch-practice": None, "#practice-hint": None, "#practice-undo": None}
    MODES = {"practising": "practice:"}  # a move key is a move of the practice
    HEARS = ("shown", "watch")

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.practising = False  # the recorded game on the board is played on

    def click(self, name: str, button: "Any") -> None:
        if name == "#watch-practice":
            if self.page.mode in ("watching", "reviewing"):
                self.page.push("practice")
        elif self.practising:
            self.page.push("practice:" + ("hint" if name == "#practice-hint" else "undo"))

    def begin(self, action: str) -> "Any":
        page = self.page
        if action == "practice":
            return page.ask(self, action, "practice")
        what = action[9:]
        if what == "back":
            page.push("review-board:back")  # the review's way back, by the review's own road
            return None
        if what == "hint":
            return page.ask(self, action, "practice_hint", HINT_MS)
        if what == "undo":
            return page.ask(self, action, "practice_undo")
        page.count_input()  # a move attempt of the player's, whatever it does
        return page.ask(self, action, "practice_move", what)

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        page = self.page
        view = page.view
        if not reply.get("ok") or not page.watching:
            return  # nothing watched any more (closed meanwhile)
        kind = reply["kind"]
        if kind == "practice":
            self.started(reply["state"])
        elif kind == "practice_hint":
            direction = reply.get("direction")
            view.show_hint(direction)
            view.say(text.say("practice_hint", direction=text.say(str(direction))) if direction
                     else text.say("practice_over"))
        elif kind == "practice_undo":
            view.show_hint(None)
            view.paint(reply["state"]["board"], [])
            undone = "practice_undone" if reply.get("undone") else "practice_nothing_undone"
            self.shown(reply, text.say(undone))
        else:
            view.show_hint(None)
            if reply.get("changed"):
                view.animate(reply)
            spoken = text.announce(dict(reply, kind="move"))
            self.shown(reply, text.say("practice_over") if reply["state"]["status"] == "over" else spoken)

    def started(self, state: "dict[str, Any]") -> None:
        page = self.page
        view = page.view
        self.practising = True
        page.mode = "practising"
        view.mark_mode("practice")
        view.set_attribute("watch-bar", "data-practice", "true")
        view.set_hidden("watch-review-line", True)
        view.set_text("watch-title", text.say("practice_title"))
        said = text.say("practice_bar", n=text.number(int(state["moves"])))
        view.set_text("watch-text", said)
        view.say(said)
        view.focus_board()

    def shown(self, reply: "dict[str, Any]", spoken: str) -> None:
        """A practice position on the board: its numbers, the BEST box the player's own
        (page.state: the game in play)."""
        view = self.page.view
        view.publish(reply["state"], self.page.state)
        view.show_numbers(reply["state"], reply.get("points") or 0, self.page.state)
        if spoken:
            view.say(spoken)

    def heard(self, event: str, *args: "Any") -> None:
        """The game in play is shown again (the replay bar closed), or another position
        of the game is asked for: the practice is over."""
        if self.practising and (event == "watch" or args[0] == "resume"):
            self.practising = False
            self.page.view.set_attribute("watch-bar", "data-practice", None)
            self.page.view.set_text("watch-title", text.say("watch_title"))
            self.page.screen.show_mode()  # `#game[data-mode]` the page's again
