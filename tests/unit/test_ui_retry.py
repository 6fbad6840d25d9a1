"""Retry your mistakes (game/ui/retry.py): each inaccuracy, mistake and blunder of a
review in turn; an answer checked by the engine, a second try, then the solution; a
summary at the end, back in the review. Pure: runs on CPython and MicroPython."""

from game.ui.retry import Retry
from game.ui.review_moves import Moves
from tests.unit.test_ui_page_rooms import FakePage, english

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MOVES = Moves({"grades": "bmbxg", "played": "lrudl", "better": ".u.l.", "keeps": ".c.e.", "total": 6,
               "turning": []})


def answer(direction: str, grade: str, better: str = "up", legal: bool = True) -> "dict[str, Any]":
    return {"kind": "review_try", "ok": True, "move": 2, "direction": direction, "legal": legal,
            "grade": grade, "right": grade in "bg", "forced": False, "better": better,
            "why": [{"code": "corner", "tile": 256}] if grade not in "bg" else []}


def started() -> "tuple[FakePage, Retry]":
    english()
    page = FakePage()
    room = Retry(page)
    room.heard("reviewed", "game", MOVES)
    room.click("#review-retry", None)
    return page, room


def test_a_retry_goes_through_the_mistakes_only_from_the_position_before_each() -> None:
    page, room = started()
    assert room.items == [2, 4], "the mistake and the blunder; best and good moves are not retried"
    assert page.pushed == ["watch:game#1@retrying"] and ("close_dialog", "review") in page.view.calls
    page.mode = "retrying"
    room.heard("watched", 1, 5)
    assert ("mark_mode", "retry") in page.view.calls, "#game[data-mode] is retry"
    said = page.view.named("say")[-1][1]
    assert said == "Retry 1 of 2, move 2: you played Right, mistake. Find a better move."
    assert ("current_move", "review-moves-rows", 2, False) in page.view.calls


def test_a_right_answer_passes_and_next_goes_on_to_the_summary() -> None:
    page, room = started()
    page.mode = "retrying"
    room.heard("watched", 1, 5)
    assert room.begin("retry:up") == "promise" and page.asked[-1] == ("review_try", "up")
    assert room.begin("retry:left") is None, "one answer at a time"
    room.took("retry:up", answer("up", "b"))
    assert ("set_attribute", "review-dialog", "data-retry", "right") in page.view.calls
    assert page.view.named("say")[-1][1] == "Right: Up is the solver's best move."
    assert room.begin("retry:down") is None, "this position is done: Next goes on"
    room.click("#retry-next", None)
    assert page.pushed[-1] == "watch:game#3@retrying"
    room.heard("watched", 3, 5)
    room.begin("retry:left")
    room.took("retry:left", answer("left", "g", better="left"))
    assert page.view.named("say")[-1][1].startswith("Right: Left is good")
    room.click("#retry-next", None)
    assert page.pushed[-1] == "review-board:back" and not room.active
    summary = [call for call in page.view.calls if call[:2] == ("set_text", "review-retry-result")][-1][2]
    assert "of 2 moves you found a better one for 2 at the first try and 0 at the second" in summary
    assert page.mode == "reviewing" and page.screen.named("show_mode")


def test_a_wrong_answer_gets_a_second_try_then_the_solution_with_its_reason() -> None:
    page, room = started()
    page.mode = "retrying"
    room.heard("watched", 1, 5)
    room.begin("retry:down")
    room.took("retry:down", answer("down", "m", legal=False))
    assert page.view.named("say")[-1][1].startswith("Down moves nothing here"), "no try spent"
    room.begin("retry:down")
    room.took("retry:down", answer("down", "m"))
    assert ("set_attribute", "review-dialog", "data-retry", "wrong") in page.view.calls
    assert page.view.named("say")[-1][1] == "Not better: Down is graded mistake too. One more try."
    room.begin("retry:right")
    room.took("retry:right", answer("right", "x"))
    said = page.view.named("say")[-1][1]
    assert said == ("Not this time (blunder). Move 2: Right pulled your 256 out of its corner; "
                    "Up kept it there.")
    assert ("show_hint", "up") in page.view.calls and room.settled
    assert room.found == [0, 0]


def test_escape_or_another_button_ends_the_retry_and_nothing_is_asked_after() -> None:
    page, room = started()
    page.mode = "retrying"
    room.heard("watched", 1, 5)
    assert room.begin("retry:back") is None and page.pushed[-1] == "review-board:back"
    assert not room.active and page.mode == "reviewing"
    assert room.begin("retry:up") is None and page.asked == []
    page2, other = started()
    page2.mode = "retrying"
    other.heard("button", "#watch-review")
    assert not other.active
