"""Retry your mistakes: a review's inaccuracies, mistakes and blunders, each in turn on
the board, for the player to find a better move (as "learn from your mistakes" does on
chess sites).

Each position is the one before the move retried, shown by the replay viewer in this
room's key mode ("retrying"): a direction key or swipe is an answer, graded by the
engine with the review's own search and budget (game/reviewer.py `review_try`), so the
move the player made there gets the grade the review gave it. Best or good passes; a
wrong answer gets a second try, then the solution with its reason. A move that moves
nothing is no answer. Progress is in the bar, a summary at the end, back in the review.
Nothing is stored or counted: the position is a replay's, and `review_try` reads it.

`#game[data-mode]` is `retry` while it lasts; `#review-dialog[data-retry]` is `right`
or `wrong` after a checked answer (the contract's). Escape or Back to review stops it.

Pure (the page is handed in: game/ui/page.py), tested with a fake page on CPython and
MicroPython.
"""

from game.ui import text
from game.ui.review_moves import Moves, turning_sentence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TRIES = 2  # answers per position before the solution is shown


class Retry:
    ACTIONS = ("retry",)  # "retry:<direction>" an answer, "retry:back" back to the review
    REPLIES = ("review_try",)
    BUTTONS = {"#review-retry": None, "#retry-next": None}
    MODES = {"retrying": "retry:"}
    HEARS = ("reviewed", "watched", "button")

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.what = ""  # the game reviewed (named as the engine names it)
        self.moves = Moves()
        self.items: "list[int]" = []  # the moves retried, in order
        self.index = 0
        self.tries = 0  # answers given at this position
        self.found = [0, 0]  # positions solved at the first try, at the second
        self.active = False
        self.settled = False  # this position's answer is known (right, or the solution shown)
        self.asking = False
        self.task = ""  # the position's task, in words

    def heard(self, event: str, *args: "Any") -> None:
        if event == "reviewed":
            self.what, self.moves = str(args[0]), args[1]
        elif event == "watched":
            if self.active and self.page.mode == "retrying":
                self.shown()
        elif self.active and args[0] not in ("#retry-next", "#review-retry"):
            self.stop()  # another button (Back to review, Close…) ends the retry

    def click(self, name: str, button: "Any") -> None:
        if name == "#review-retry":
            self.start()
        elif self.active and self.settled:  # Next
            self.index += 1
            if self.index < len(self.items):
                self.ask_position()
            else:
                self.finish()

    def start(self) -> None:
        self.items = self.moves.retried()
        if not self.items:
            return
        self.index = 0
        self.found = [0, 0]
        self.active = True
        view = self.page.view
        view.close_dialog("review")
        view.set_hidden("review-retry-result", True)
        self.ask_position()

    def ask_position(self) -> None:
        """The position before the move retried, on the board in this room's key mode."""
        self.tries = 0
        self.settled = False
        self.page.push("watch:%s#%d@retrying" % (self.what, self.items[self.index] - 1))

    def shown(self) -> None:
        view = self.page.view
        move = self.items[self.index]
        view.mark_mode("retry")
        view.set_attribute("watch-bar", "data-retry", "true")
        view.set_attribute("review-dialog", "data-retry", None)
        view.set_hidden("retry-next", True)
        view.show_hint(None)
        view.set_hidden("played-mark", True)
        view.current_move("review-moves-rows", move, False)
        played = self.moves.move_of(move) or {"played": "", "grade": "i"}
        view.set_text("watch-title", text.say("retry_title"))
        self.task = text.say("retry_find", n=text.number(move), k=text.number(self.index + 1),
                             count=text.number(len(self.items)), played=text.say(played["played"]),
                             grade=text.say("grade_" + played["grade"]))
        self.line("")
        view.focus_board()

    def line(self, said: str) -> None:
        """The bar's line: the position's task, and what the last answer was."""
        view = self.page.view
        view.set_text("watch-review-line", (self.task + " " + said).strip())
        view.set_hidden("watch-review-line", False)
        view.say(said or self.task)

    def begin(self, action: str) -> "Any":
        answer = action[6:]
        if answer == "back":
            self.stop()
            self.page.push("review-board:back")
            return None
        if not self.active or self.settled or self.asking or answer == "undo":
            return None
        self.asking = True
        return self.page.ask(self, action, "review_try", answer)

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        """An answer checked: right, wrong with a try left, or wrong and the solution."""
        self.asking = False
        if not self.active or not reply.get("ok") or self.page.mode != "retrying":
            return
        view = self.page.view
        direction = text.say(str(reply["direction"]))
        if not reply.get("legal"):
            self.line(text.say("retry_illegal", direction=direction))
            return
        self.tries += 1
        grade = text.say("grade_" + str(reply["grade"]))
        view.set_attribute("review-dialog", "data-retry", "right" if reply["right"] else "wrong")
        if reply["right"]:
            self.found[self.tries - 1] += 1
            key = "retry_right_best" if reply["grade"] == "b" else "retry_right_good"
            view.show_hint(str(reply["direction"]))
            self.settle(text.say(key, direction=direction, grade=grade))
        elif self.tries < TRIES:
            self.line(text.say("retry_wrong", direction=direction, grade=grade))
        else:
            view.show_hint(str(reply["better"]))
            point = {"move": reply["move"], "played": reply["direction"], "better": reply["better"],
                     "why": reply.get("why") or []}
            self.settle(text.say("retry_solution", grade=grade, why=turning_sentence(point)))

    def settle(self, said: str) -> None:
        """This position is done: what it was, and Next (focused: Enter goes on)."""
        self.settled = True
        last = self.index + 1 >= len(self.items)
        view = self.page.view
        view.set_text("retry-next", text.say("button_retry_done" if last else "button_retry_next"))
        view.set_hidden("retry-next", False)
        self.line(said)
        view.focus("retry-next")

    def finish(self) -> None:
        """The set is done: the summary, in the review, which comes back."""
        count = len(self.items)
        summary = text.say("retry_summary", count=text.number(count), first=text.number(self.found[0]),
                           second=text.number(self.found[1]))
        self.stop()
        view = self.page.view
        view.set_text("review-retry-result", summary)
        view.set_hidden("review-retry-result", False)
        self.page.push("review-board:back")
        view.say(summary)

    def stop(self) -> None:
        """The retry ends (finished, or left for the review): the board is the review's."""
        if not self.active:
            return
        self.active = False
        page = self.page
        view = page.view
        view.set_attribute("watch-bar", "data-retry", None)
        view.set_text("watch-title", text.say("watch_title"))
        view.set_hidden("retry-next", True)
        view.show_hint(None)
        if page.mode == "retrying":
            page.mode = "reviewing"
        page.screen.show_mode()
