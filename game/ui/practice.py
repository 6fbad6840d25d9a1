"""Practice: a reviewed game played on from one of its positions (Review's "Play on
from here", in the replay bar).

The engine plays it on its watching session, beside the game in play (game/codes.py
`practice`): the player moves it, its spawns are random from there, and it is never
stored, never counted in the statistics, the best scores or a daily result; the bar
says so. `#game[data-mode]` is `practice` while it lasts. The bar's Close ends it like
any replay (`resume`): the game in play comes back as it was.

Pure (the page is handed in: game/ui/page.py), tested with a fake page on CPython and
MicroPython.
"""

from game.ui import text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Practice:
    ACTIONS = ("practice",)  # "practice" starts it; "practice:<direction>" is a move of it
    REPLIES = ("practice", "practice_move")
    WAITS = {"practice": ""}
    BUTTONS = {"#watch-practice": None}
    MODES = {"practising": "practice:"}  # a move key is a move of the practice
    HEARS = ("shown",)

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.practising = False  # the recorded game on the board is played on

    def click(self, name: str, button: "Any") -> None:
        if self.page.mode == "watching":
            self.page.push("practice")

    def begin(self, action: str) -> "Any":
        page = self.page
        if action == "practice":
            return page.ask(self, action, "practice")
        page.count_input()  # a move attempt of the player's, whatever it does
        return page.ask(self, action, "practice_move", action[9:])

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        page = self.page
        view = page.view
        if not reply.get("ok") or not page.watching:
            return  # nothing watched any more (closed meanwhile)
        state = reply["state"]
        if reply["kind"] == "practice":
            self.practising = True
            page.mode = "practising"
            view.set_attributes((("data-mode", "practice"),))
            view.set_attribute("watch-bar", "data-practice", "true")
            view.set_text("watch-title", text.say("practice_title"))
            said = text.say("practice_bar", n=text.number(int(state["moves"])))
            view.set_text("watch-text", said)
            view.say(said)
            view.focus_board()
            return
        if reply.get("changed"):
            view.animate(reply)
        view.publish(state, page.state)  # the BEST box stays the player's own (page.state: the game in play)
        view.show_numbers(state, reply.get("points") or 0, page.state)
        spoken = text.announce(dict(reply, kind="move"))
        if state["status"] == "over":
            spoken = text.say("practice_over")
        if spoken:
            view.say(spoken)

    def heard(self, event: str, *args: "Any") -> None:
        """The game in play is shown again (the replay bar closed): the practice is over."""
        if args[0] == "resume" and self.practising:
            self.practising = False
            self.page.view.set_attribute("watch-bar", "data-practice", None)
            self.page.view.set_text("watch-title", text.say("watch_title"))
