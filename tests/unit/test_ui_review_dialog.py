"""The Review room (game/ui/review_dialog.py): the grades shown as they come, the
steps asked around the player's keys and never after a close or a cancel, the finished
review stored, its turning points said in words. Pure: runs on CPython and MicroPython.
"""

import json

from game.ui import charts
from game.ui.review_dialog import QUIET_MS, ReviewDialog, worst_rows
from game.ui.review_moves import turning_sentence
from game.ui.store import REVIEWS
from tests.unit.test_ui_page_rooms import FakePage, Recorder, english

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TURNING = [{"move": 12, "played": "up", "better": "left", "grade": "x", "loss": 0.5,
            "why": [{"code": "corner", "tile": 512}]},
           {"move": 3, "played": "down", "better": "right", "grade": "m", "loss": 0.2,
            "why": [{"code": "empty", "better": 5, "played": 3}]},
           {"move": 7, "played": "left", "better": "up", "grade": "i", "loss": 0.1, "why": []}]


class Page(FakePage):
    """The fake page, with its timers and clock in hand."""

    def __init__(self) -> None:
        super().__init__()
        self.due: "list[tuple[float, Any]]" = []
        self.clock = 1000.0
        self.askers: "list[tuple[Any, str]]" = []  # per call asked: its room and action

    def ask(self, room: "Any", action: str, name: str, *args: "Any") -> str:
        self.askers.append((room, action))
        return super().ask(room, action, name, *args)

    def answer(self, index: int, text: str) -> None:
        """The engine's answer to the call asked `index`th, back to the room that asked."""
        room, action = self.askers[index]
        room.took(action, json.loads(text))

    def later(self, ms: float, callback: "Any") -> None:
        self.due.append((ms, callback))

    def now(self) -> float:
        return self.clock


def step_reply(at: int, total: int, grades: str, done: bool = False, **more: "Any") -> str:
    reply = {"kind": "review_step", "ok": True, "key": "k", "at": at, "total": total,
             "progress": 100 * at // total, "done": done, "grades": grades, "values": [90] * at}
    reply.update(more)
    return json.dumps(reply)


def opened() -> "tuple[Page, ReviewDialog, list[tuple[Any, ...]]]":
    english()
    page = Page()
    page.calls.in_charge = True
    page.view.is_open = lambda name: name == "review"
    room = ReviewDialog(page)
    room.click("review-game", None)
    return page, room, page.asked


def test_review_from_the_game_over_dialog_opens_it_and_asks_the_engine_with_the_stored_reviews() -> None:
    page, room, _ = opened()
    assert page.pushed == ["review:game"]
    assert ("open_dialog", "review") in page.view.calls and ("close_dialog", "over") in page.view.calls
    page.saves.read = lambda name: '"kept"' if name == REVIEWS else ""
    assert room.begin("review:game") is None, "the queue does not wait for it (it may wait for the network)"
    assert page.asked == [("review_start", "game", '"kept"')]


def test_steps_follow_one_another_until_done_and_the_finished_review_is_stored() -> None:
    page, room, asked = opened()
    room.took("review:game", {"kind": "review", "ok": True, "at": 0, "total": 4, "progress": 0, "done": False,
                              "grades": "", "values": []})
    assert asked == [("review_step", 2)]  # at once: no key was pressed lately
    page.answer(-1, step_reply(2, 4, "bg"))
    assert ("set_attribute", "review-counts", "data-grades", "bg") in page.view.calls
    assert len(asked) == 2  # the next, asked before the page drew this one
    page.answer(-1, step_reply(4, 4, "bgmx", done=True, accuracy=61.25, turning=TURNING,
                                                   kept_save="{saved}"))
    assert page.merged == [(REVIEWS, "{saved}")] and len(asked) == 2  # merged with another tab's
    assert ("set_attribute", "review-dialog", "data-accuracy", "61.2") in page.view.calls or \
        ("set_attribute", "review-dialog", "data-accuracy", "61.3") in page.view.calls
    said = page.view.named("say")[-1][1]
    assert said.startswith("Accuracy: 61 of 100.") and "Move 12: Up pulled your 512 out of its corner" in said


def test_a_step_that_waits_for_the_solvers_network_says_so_then_a_refusal_says_why() -> None:
    """A 4x4 review's start and steps wait while the engine's worker downloads the solver's
    network (game/weights.py): the review's own status says so with the percentage (the
    page's notice is behind the dialog); not while nothing of it is asked. If the network
    cannot be had, the step is refused and the review says why: it is never graded
    without it."""
    page, room, asked = opened()
    room.heard("network", "loading", 10)
    assert ("set_text", "review-status", "Loading the solver… 10%") not in page.view.calls, "nothing asked"
    room.begin("review:game")  # its start waits too (it picks the budget the grades are made with)
    room.heard("network", "loading", 20)
    assert ("set_text", "review-status", "Loading the solver… 20%") in page.view.calls
    room.took("review:game", {"kind": "review", "ok": True, "at": 0, "total": 4, "progress": 0,
                              "done": False, "grades": "", "values": []})
    assert asked[-1] == ("review_step", 2)  # its first step, asked at once
    room.heard("network", "loading", 45)
    assert ("set_text", "review-status", "Loading the solver… 45%") in page.view.calls
    page.answer(-1, json.dumps({"kind": "review_step", "ok": False, "reason": "no_network", "detail": {}}))
    said = page.view.named("set_text")[-1][2]
    assert said == ("This game cannot be reviewed: the solver's learned data could not be loaded. "
                    "Try again once you are online.")
    assert asked[-1] == ("review_step", 2) and page.view.named("say")[-1][1] == said, "no step more; said"


def test_a_step_waits_while_the_player_is_pressing_keys() -> None:
    page, room, asked = opened()
    due = page.due
    room.heard("input", page.clock)  # a key now
    room.schedule()
    assert asked == [] and due and due[0][0] == QUIET_MS
    page.clock += QUIET_MS / 2
    due.pop()[1]()  # still too soon after the key: set again, for the rest of the quiet
    assert asked == [] and due[0][0] == QUIET_MS / 2


def test_a_closed_review_goes_on_behind_and_a_cancelled_one_stops_and_drops_late_answers() -> None:
    page, room, asked = opened()
    room.schedule()
    assert asked == [("review_step", 2)]
    room.click("close-review", None)
    assert ("open_dialog", "over") in page.view.calls  # back where Review was pressed
    room.heard("input", page.clock)  # the player plays meanwhile
    page.answer(-1, step_reply(2, 4, "bg"))
    assert len(page.due) == 1  # the next step is set, the dialog closed or not
    room.click("#review-cancel", None)
    assert asked[-1] == ("review_cancel",) and ("close_dialog", "review") in page.view.calls
    count = len(asked)
    page.clock += QUIET_MS
    page.due.pop()[1]()  # the step set before the cancel: not asked
    assert len(asked) == count
    page.answer(0, step_reply(4, 4, "bgbb"))  # a late answer: dropped
    grades_shown = ("set_attribute", "review-counts", "data-grades", "bgbb")
    assert grades_shown not in page.view.calls and page.due == []


def test_steps_grow_while_they_are_quick_and_shrink_when_slow() -> None:
    page, room, _ = opened()
    room.schedule()
    for took, expected in ((1.0, 4), (1.0, 8), (200.0, 4)):
        page.clock += took
        page.answer(-1, step_reply(1, 400, "b"))
        assert room.positions == expected


def test_a_game_that_cannot_be_reviewed_says_why() -> None:
    page, room, _ = opened()
    room.took("review:verified", {"kind": "review", "ok": False, "reason": "empty", "detail": {}})
    status = [call for call in page.view.calls if call[:2] == ("set_text", "review-status")][-1][2]
    assert status.startswith("This game cannot be reviewed")


def test_a_verified_code_offers_review_and_a_rejected_one_does_not() -> None:
    page = FakePage()
    room = ReviewDialog(page)
    room.heard("verified", {"ok": True})
    room.heard("verified", {"ok": False})
    assert page.view.named("set_hidden") == [("set_hidden", "review-verified", False),
                                             ("set_hidden", "review-verified", True)]


def test_each_turning_point_is_a_sentence_and_its_row_carries_the_contracts_attributes() -> None:
    english()
    rows, data = worst_rows(TURNING)
    assert [row[0] for row in rows] == ["12", "3", "7"]
    assert data[0] == [("move", "12"), ("played", "up"), ("better", "left"), ("grade", "x")]
    assert rows[1][-1] == "Move 3: Right left 5 empty cells, Down only 3."
    assert rows[2][-1] == "Move 7: Up was better than Left, seen 1 moves ahead."
    lost, _ = worst_rows(TURNING, "", 12, True)
    assert lost[0][-1].endswith("its corner; Left kept it there. It ended the game.")
    assert lost[1][-1].endswith("The game was over 9 moves later."), "what happened next"
    merge = {"move": 5, "played": "up", "better": "down", "why": [{"code": "merge", "tile": 64}]}
    assert turning_sentence(merge) == "Move 5: Down made a 64; Up missed it."


def test_the_chart_marks_mistakes_and_blunders_with_thumb_sized_targets_that_show_the_move() -> None:
    values = [100, 90, 80, 40, 30]
    shapes = charts.review_chart(values, "bmxg")
    dots = [dict(attrs) for tag, attrs, _ in shapes if tag == "circle" and "dot" in dict(attrs)["class"]]
    assert [d["class"] for d in dots] == ["dot grade-m", "dot grade-x"]
    hits = [dict(attrs) for tag, attrs, _ in shapes if tag == "circle" and dict(attrs)["class"] == "hit"]
    assert [(h["data-move"], h["data-action"]) for h in hits] == [("2", "review-show"), ("3", "review-show")]
    assert all(2 * float(h["r"]) >= 24 for h in hits), "a thumb's target (WCAG 2.5.8)"
    line = next(dict(attrs) for tag, attrs, _ in shapes if tag == "polyline")
    assert line["data-values"] == "100,90,80,40,30"
    assert charts.review_chart([], "") == []


def xs(shapes: "list[Any]") -> "list[float]":
    """The value line's points across, in the chart's units (drawn in tenths)."""
    line = next(dict(attrs) for tag, attrs, _ in shapes if tag == "polyline")
    assert line["transform"] == "scale(0.1)"
    return [int(point.split(",")[0]) / 10 for point in line["points"].split()]


def ys(shapes: "list[Any]") -> "list[float]":
    line = next(dict(attrs) for tag, attrs, _ in shapes if tag == "polyline")
    return [int(point.split(",")[1]) / 10 for point in line["points"].split()]


def test_the_chart_is_scaled_to_what_varies_and_a_lost_end_does_not_flatten_it() -> None:
    """A game between 77 and 100 for 210 moves, then lost: the line uses the chart's
    height, not its top fifth; the lost end sits on the base line."""
    values = [100 - (i % 24) for i in range(211)] + [0]
    assert charts.review_scale(values) == (70, 100)
    drawn = ys(charts.review_chart(values, "b" * 211))
    top, base = charts.TOP, charts.REVIEW_HEIGHT - charts.BOTTOM
    assert max(drawn[:-1]) - min(drawn[:-1]) > 0.7 * (base - top)
    assert drawn[-1] == base


def test_the_chart_is_honest_while_running_and_numbers_its_moves() -> None:
    """Drawn to the moves graded so far, across the width the whole game will take; the
    move numbers under it, the last one the game's."""
    partial = charts.review_chart([100, 95, 90], "bb", total=101)
    assert max(xs(partial)) < charts.LEFT + 0.1 * (charts.WIDTH - charts.LEFT)
    labels = [content for tag, attrs, content in partial if dict(attrs).get("class") == "label"]
    assert labels[0] == "0" and labels[-1] == "100" and len(labels) <= 7
    assert abs(float(charts.review_x(50, 100)) - xs(charts.review_chart([100] * 101, "b" * 100))[50]) < 0.2, \
        "the line at the move shown stands where that move's point is"


def test_move_numbers_under_the_chart_are_round_and_few() -> None:
    for last in (1, 2, 7, 12, 55, 210, 999, 1000, 4321):
        ticks = charts.move_ticks(last)
        assert ticks[0] == 0 and ticks[-1] == last and len(ticks) <= 7
        assert ticks == sorted(set(ticks))


def test_held_for_the_engine_the_dialog_says_so() -> None:
    page, room, _ = opened()
    room.held("review:game")
    assert page.view.named("set_text")[-1][2].startswith("Python is starting")
    assert isinstance(page.view, Recorder)


class Button:
    def __init__(self, move: str) -> None:
        self.move = move

    def getAttribute(self, name: str) -> str:
        return self.move if name == "data-move" else ""


# A finished review of 12 moves that agrees with TURNING (moves 3, 7 and 12).
FINISHED = {"done": True, "progress": 100, "grades": "bgmxbbibbbbx", "values": [100] * 12 + [0],
            "accuracy": 50, "turning": TURNING, "total": 13, "played": "lrdllllllllu",
            "better": ".uru..u....l",
            "keeps": ".eec.fa....c"}


def test_every_move_is_a_row_of_the_move_list_appended_as_the_grades_come() -> None:
    page, room, _ = opened()
    room.show({"done": False, "progress": 30, "grades": "bgm", "values": [100, 99, 98], "total": 13,
               "played": "lrd", "better": ".uu", "keeps": ".ec"})
    room.show(FINISHED)
    fills = page.view.named("fill_moves")
    assert [call[2]["from"] for call in fills] == [0, 3], "the rows so far, then the new ones only"
    payload = fills[-1][2]
    assert (payload["grades"], payload["played"], payload["better"]) == (
        FINISHED["grades"], FINISHED["played"], FINISHED["better"])
    assert payload["words"]["names"]["l"] == "left" and payload["words"]["keeps"]["f"].startswith("forced")
    assert ("set_hidden", "review-retry", False) in page.view.calls, "mistakes to retry"
    drawn = len(page.view.named("draw_chart"))
    page.due.pop()[1]()  # the finished review's chart: in a task of its own
    assert len(page.view.named("draw_chart")) == drawn + 1
    assert page.told[-1][:2] == ("reviewed", "game")


def test_a_move_is_shown_paused_with_both_arrows_and_stepping_says_each_positions_grade() -> None:
    page, room, _ = opened()
    room.show(FINISHED)
    room.click("review-show", Button("4"))
    assert page.pushed[-1] == "watch:game#3" and ("close_dialog", "review") in page.view.calls
    page.mode = "reviewing"  # the replay viewer shows it in the review's mode
    room.heard("watched", 3, 12)
    assert ("show_hint", "up") in page.view.calls
    assert ("set_attribute", "played-mark", "data-dir", "left") in page.view.calls
    assert ("current_move", "review-moves-rows", 4, False) in page.view.calls
    said = page.view.named("say")[-1][1]
    assert said == "Move 4: Left, blunder. Up was better: it kept the biggest tile in its corner."
    assert room.begin("review-board:right") is None and page.pushed[-1] == "watch-step"
    assert room.begin("review-board:left") is None and page.pushed[-1] == "watch:game#2"
    room.heard("watched", 5, 12)
    assert page.view.named("say")[-1][1] == "Move 6: Left, forced (the only move)."
    assert page.view.named("show_hint")[-1] == ("show_hint", None), "no better move: no arrow"
    room.heard("watched", 11, 12)
    assert "A turning point, blunder. Move 12: Up pulled your 512" in page.view.named("say")[-1][1]
    room.heard("watched", 12, 12)
    assert page.view.named("say")[-1][1] == "The end of the game, after move 12."
    assert room.begin("review-board:right") is None
    assert page.pushed.count("watch-step") == 1, "no move after the end"


def test_escape_or_back_to_review_comes_back_to_the_list_at_the_move_then_to_where_it_was_opened() -> None:
    page, room, _ = opened()
    room.show(FINISHED)
    room.click("review-show", Button("7"))
    page.mode = "reviewing"
    room.heard("watched", 6, 12)
    room.begin("review-board:back")  # Escape on the board
    assert page.view.named("open_dialog")[-1] == ("open_dialog", "review")
    assert ("current_move", "review-moves-rows", 7, True) in page.view.calls
    room.click("review-show", Button("9"))
    room.heard("watched", 8, 12)
    room.click("#watch-review", None)
    assert ("current_move", "review-moves-rows", 9, True) in page.view.calls
    room.click("close-review", None)  # Escape on the review (its data-escape) or Close
    assert page.view.named("open_dialog")[-1] == ("open_dialog", "over"), "back where Review was pressed"
