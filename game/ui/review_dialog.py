"""Review: a finished or watched game graded move by move by the solver, shown as the
grades come (the engine's side: game/review.py, game/reviewer.py).

A review is seconds of search in the engine's worker, which answers one call at a
time; so it is asked for in steps of a few positions each, never through the queue (a
key's move would wait behind a whole review): each step is sized to take about
`SLICE_MS` there, and the next is asked only once the player has left the keys alone
for `QUIET_MS`, so a move's answer waits behind one short step at most. Closing the
dialog leaves the review going on behind while the player plays on (Review again shows
how far it got); Cancel stops it and drops it in the engine. A finished review comes
back with the stored reviews the page stores (`py2048:reviews`), so reopening it is
instant and works offline.

Pure (the page is handed in: game/ui/page.py), tested with a fake page on CPython and
MicroPython.
"""

from game.ui import text
from game.ui.review_moves import GRADES, Moves, draw_chart, mark_on_chart, position_line, turning_sentence
from game.ui.store import REVIEWS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SLICE_MS = 25.0  # a step's aim, round trip included: what a move's answer may wait
QUIET_MS = 300.0  # after the player's last key or swipe, the next step waits this long
DRAW_MS = 400.0  # the chart, redrawn at most this often while the grades come (drawing 1,000 points is dear)
MAX_POSITIONS = 200  # the engine's own cap on a step (game/reviewer.py MAX_STEP)


def progress(view: "Any", percent: int, status: str) -> None:
    """The review's progress bar and its status (`role="status"`: said as it changes)."""
    view.set_attribute("review-dialog", "data-progress", str(percent))
    view.set_value("review-progress", str(percent))
    view.set_text("review-status", status)


def counts(grades: str) -> "dict[str, str]":
    """How many moves got each grade (the placeholders of `review_counts`)."""
    return {grade: str(grades.count(grade)) for grade in GRADES}


def what_next(move: int, moves: int, lost: bool, lang: str = "") -> str:
    """What happened after a turning point of a lost game: how soon it was over."""
    if not lost:
        return ""
    if move >= moves:
        return " " + text.say("review_next_end", lang)
    return " " + text.say("review_next_over", lang, n=text.number(moves - move, lang))


def worst_rows(turning: "list[dict[str, Any]]", lang: str = "", moves: int = 0,
               lost: bool = False) -> "tuple[list[list[str]], list[Any]]":
    """The turning points as the table's rows and each row's data attributes
    (`data-move`, `data-played`, `data-better`, `data-grade`: the contract's); in a lost
    game of `moves` moves, each sentence says how soon the game was over after it."""
    rows: "list[list[str]]" = []
    data: "list[Any]" = []
    for point in turning:
        grade = str(point["grade"])
        move = int(point["move"])
        rows.append([text.number(move, lang), text.say(str(point["played"]), lang),
                     text.say(str(point["better"]), lang), text.say("grade_" + grade, lang),
                     turning_sentence(point, lang) + what_next(move, moves, lost, lang)])
        data.append([("move", str(point["move"])), ("played", str(point["played"])),
                     ("better", str(point["better"])), ("grade", grade)])
    return rows, data


class ReviewDialog:
    ACTIONS = ("review", "review-board")  # "review-board:<key>": a key on the board a review shows
    REPLIES = ("review", "review_step", "review_cancel")
    WAITS = {"review": "review-status"}
    BUTTONS = {"review-game": None, "review-verified": None, "review-daily": None, "#review-cancel": None,
               "close-review": None, "review-show": None, "#watch-review": None, "#watch-back": None}
    DIALOGS = ("review",)
    MODES = {"reviewing": "review-board:"}  # Left and Right step through the game, Escape comes back
    HEARS = ("input", "verified", "button", "watched", "network")

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.run = 0  # the review being asked for; a close or a cancel ends it
        self.asking = -1  # the run of the step in flight (-1: none)
        self.starting = False  # a review's start is in flight (it may wait for the solver's network)
        self.due_run = -1  # the run the next step was set for
        self.drawn_at = -DRAW_MS  # when the chart was last drawn (page.now())
        self.positions = 2  # per step, adapted to SLICE_MS
        self.asked_at = 0.0
        self.last_input = -QUIET_MS
        self.what = ""  # the game reviewed, named as the engine names it ("game", "daily:<date>"…)
        self.moves = Moves()  # its moves graded so far
        self.listed = 0  # of them, the rows in the move list
        self.values: "list[int]" = []  # the chart's
        self.at = -1  # the position the board shows (moves made), -1: none
        self.marked = False  # a move's arrows are on the board
        self.back = ""  # the dialog Review was opened from, opened again on Close
        self.on_due = page.proxy(self.due)
        self.on_chart = page.proxy(self.chart_due)

    # -- the page's controls ---------------------------------------------------------------

    def click(self, name: str, button: "Any") -> None:
        view = self.page.view
        if name == "review-game":
            self.open("game", "win" if view.is_open("win") else "over")
        elif name == "review-verified":
            self.open("verified", "replay")
        elif name == "review-daily":  # a row of Statistics' daily results
            self.open("daily:" + str(button.getAttribute("data-date") or ""), "stats")
        elif name == "#review-cancel":
            self.cancel()
            self.go_back()
        elif name == "review-show":  # a row of the move list or the turning points, a point of the chart
            move = button.getAttribute("data-move") or button.closest("tr").getAttribute("data-move")
            self.show_move(int(str(move or "0")))
        elif name == "#watch-review":
            self.back_to_review()
        elif name == "#watch-back":
            self.step_back()
        else:  # close-review (or Escape): the review goes on behind, around the player's keys
            view.close_dialog("review")
            self.at = -1
            self.go_back()

    def go_back(self) -> None:
        """Back to the dialog Review was opened from (the game-over dialog, Statistics…)."""
        back, self.back = self.back, ""
        if back:
            self.page.view.open_dialog(back)

    def heard(self, event: str, *args: "Any") -> None:
        if event == "input":
            self.last_input = args[0]
        elif event == "watched":  # a position of a recorded game is on the board
            self.watched(int(args[0]))
        elif event == "network":  # the solver's network downloads, for this review too
            if args[0] == "loading" and (self.asking >= 0 or self.starting):
                progress(self.page.view, 0, text.say("solver_loading", n=args[1]))
        elif event == "button":  # any other button: the arrows go
            if self.marked and args[0] not in ("#watch-back", "#watch-step", "#watch-play"):
                self.unmark()
        else:  # a code checked: a verified one can be reviewed
            self.page.view.set_hidden("review-verified", not args[0].get("ok"))

    def open(self, what: str, back: str) -> None:
        """Open the dialog on the review of `what` ("game", "verified", "daily:<date>"),
        over the dialog `back` it was opened from, which it closes (one modal at a time)
        and opens again when it is closed."""
        view = self.page.view
        view.close_dialog(back)
        self.back = back
        self.run += 1
        self.what = what
        self.moves = Moves()
        self.listed = 0
        self.at = -1
        view.set_attribute("review-chart-now", "visibility", "hidden")
        for element_id in ("review-accuracy", "review-counts", "review-chart-box", "review-worst-box",
                           "review-moves-box", "review-retry", "review-retry-result"):
            view.set_hidden(element_id, True)
        progress(view, 0, text.say("review_running", n=0))
        view.set_attribute("review-dialog", "data-accuracy", None)
        view.set_hidden("review-cancel", False)
        view.open_dialog("review")
        self.page.push("review:" + what)

    def show_move(self, move: int) -> None:
        """The position before `move` on the board, paused (the replay viewer, in the
        review's key mode): the dialog gives way to the board, and comes back with
        Escape or Back to review at the move shown then."""
        if move < 1:
            return
        self.page.view.close_dialog("review")
        self.page.push("watch:%s#%d" % (self.what, move - 1))

    def back_to_review(self) -> None:
        """The board's way back: the review again, its list at the move shown."""
        view = self.page.view
        view.open_dialog("review")
        if self.at >= 0:
            mark_on_chart(view, self.at, max(self.moves.total, len(self.values)) - 1)
            view.current_move("review-moves-rows", min(self.at + 1, self.moves.count), True)

    def step_back(self) -> None:
        """The position one move earlier (the replay only steps on: it is asked again)."""
        if self.at > 0:
            self.page.push("watch:%s#%d" % (self.what, self.at - 1))

    def begin(self, action: str) -> "Any":
        if action.startswith("review-board:"):
            key = action[13:]
            if key == "left":
                self.step_back()
            elif key == "right" and self.at < self.moves.total - 1:
                self.page.push("watch-step")
            elif key == "back":
                self.back_to_review()
            return None
        # Not the queue's to wait for: a 4x4 review's start may wait for the solver's
        # network (game/weights.py), and the game's keys must not wait behind it.
        self.starting = True
        self.page.ask(self, action, "review_start", action[7:], self.page.saves.read(REVIEWS))
        return None

    def watched(self, at: int) -> None:
        """The board shows the position after `at` moves: in the review's own mode, the
        move made from it with its grade, and the better one, as arrows, in words in the
        bar and said; the list's row follows. In another mode (a plain replay, a retry,
        a practice) the review's bar is the mode's own."""
        page = self.page
        view = page.view
        self.at = at  # where Escape comes back to the list, whoever's mode it is in
        reviewing = page.mode == "reviewing"
        view.set_attribute("watch-bar", "data-review", "true" if page.mode != "watching" else None)
        view.set_hidden("watch-review-line", not reviewing)
        if not reviewing:
            return
        line = position_line(self.moves, at)
        view.set_text("watch-review-line", line)
        move = self.moves.move_of(at + 1)
        self.unmark()
        if move is not None:
            view.set_attribute("played-mark", "data-dir", move["played"])
            view.set_hidden("played-mark", False)
            view.show_hint(move["better"] or None)
            self.marked = True
        view.current_move("review-moves-rows", at + 1, False)
        view.say(line)

    def unmark(self) -> None:
        self.marked = False
        self.page.view.show_hint(None)
        self.page.view.set_hidden("played-mark", True)

    def cancel(self) -> None:
        self.run += 1
        if self.page.in_charge:
            self.page.ask(self, "review-cancel", "review_cancel")
        self.page.view.close_dialog("review")
        self.page.view.say(text.say("review_cancelled"))

    # -- the engine's answers --------------------------------------------------------------

    def held(self, action: str) -> None:
        self.page.view.set_text("review-status", text.say("review_waiting"))

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        """The review's start (a queued action), one of its steps (asked outside the
        queue, around the player's keys), or its cancel (nothing more to do)."""
        if action == "review-step":
            self.stepped(reply)
        elif action != "review-cancel":
            self.starting = False
            self.answered(reply, self.run)

    def answered(self, reply: "dict[str, Any]", run: int) -> None:
        """A review's start or step answered for `run`: shown; the next step asked."""
        if run != self.run:
            return  # closed or cancelled meanwhile
        if not reply.get("ok"):
            from game.ui.check_dialog import reason_sentence  # a room of its own, in already

            said = text.say("review_failed", reason=reason_sentence(str(reply.get("reason", "")),
                                                                    reply.get("detail") or {}))
            progress(self.page.view, 0, said)
            self.page.view.say(said)
            return
        if not reply.get("done"):
            self.schedule()  # first: the worker searches on while the page draws
        self.show(reply)
        if reply.get("done") and reply.get("kept_save"):  # merged first with another tab's since
            self.page.store_merged(REVIEWS, str(reply["kept_save"]))

    def schedule(self) -> None:
        """The next step: at once, or once the player has left the keys alone."""
        self.due_run = self.run
        quiet = QUIET_MS - (self.page.now() - self.last_input)
        if quiet > 0:
            self.page.later(quiet, self.on_due)
        else:
            self.due()

    def due(self, _: "Any" = None) -> None:
        page = self.page
        if self.asking >= 0 or not page.in_charge or self.due_run != self.run:
            return  # a step in flight, or the review it was set for was cancelled
        if page.now() - self.last_input < QUIET_MS:
            self.schedule()
            return
        self.asking = self.run
        self.asked_at = page.now()
        page.ask(self, "review-step", "review_step", self.positions)

    def stepped(self, reply: "dict[str, Any]") -> None:
        run, self.asking = self.asking, -1
        took = self.page.now() - self.asked_at
        if took < SLICE_MS / 2:
            self.positions = min(self.positions * 2, MAX_POSITIONS)
        elif took > SLICE_MS * 2 and self.positions > 1:
            self.positions //= 2
        self.answered(reply, run)

    def refused(self, action: str, error: str) -> bool:
        """A step failed (the engine raised; a dead engine is the page's to say): the
        review says so. A cancel that failed changes nothing to say; a start's failure
        is said by the page."""
        if action == "review-step":
            self.asking = -1
            progress(self.page.view, 0, text.say("review_failed", reason=str(error)))
        return not action.startswith("review:")

    # -- the dialog ------------------------------------------------------------------------

    def draw_chart(self, now: bool = False) -> None:
        """The chart, redrawn a few times a second while the grades come (drawing 1,000
        points is dear), at once when `now`."""
        at = self.page.now()
        if not now and at - self.drawn_at < DRAW_MS:
            return
        self.drawn_at = at
        draw_chart(self.page.view, self.values, self.moves)

    def chart_due(self, _: "Any" = None) -> None:
        self.draw_chart(True)

    def show(self, reply: "dict[str, Any]") -> None:
        """The grades so far, the move list's new rows and the chart, then, once done,
        the accuracy and the turning points, said out loud."""
        view = self.page.view
        self.moves = Moves(reply)
        self.values = [int(v) for v in reply.get("values") or []]
        grades = self.moves.grades
        done = bool(reply.get("done"))
        percent = int(reply.get("progress", 0))
        progress(view, percent, "" if done else text.say("review_running", n=percent))
        view.set_attribute("review-counts", "data-grades", grades)
        view.set_text("review-counts", text.say("review_counts", **counts(grades)))
        view.set_hidden("review-counts", False)
        if self.moves.count > self.listed:
            view.fill_moves("review-moves-rows", self.moves.payload(self.listed))
            self.listed = self.moves.count
            view.set_hidden("review-moves-box", False)
        if not done:
            self.draw_chart()
            return
        # The whole chart in a task of its own: a kept review comes whole, and its rows,
        # counts and turning points are one task already (about 100 ms with the CPU 4x
        # slower, docs/review.md).
        self.page.later(0.0, self.on_chart)
        view.set_hidden("review-cancel", True)
        figure = float(reply.get("accuracy", 0))
        accuracy = text.say("review_accuracy", n=text.number(int(figure + 0.5)))
        view.set_attribute("review-dialog", "data-accuracy", "%.1f" % figure)
        view.set_text("review-accuracy", accuracy)
        view.set_hidden("review-accuracy", False)
        lost = bool(self.values) and self.values[-1] == 0
        rows, data = worst_rows(self.moves.turning, "", self.moves.count, lost)
        show = [[(text.say("button_show"), text.say("review_show_move", n=text.number(int(point["move"]))),
                  "review-show", "")] for point in self.moves.turning]
        view.set_rows("review-worst-rows", rows, show, data=data)
        view.set_hidden("review-worst", not rows)
        view.set_hidden("review-none", bool(rows))
        view.set_hidden("review-worst-box", False)
        view.set_hidden("review-retry", not self.moves.retried())
        self.page.tell("reviewed", self.what, self.moves)
        view.say(" ".join([accuracy] + [row[-1] for row in rows]))
