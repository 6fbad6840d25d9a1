"""The Practice room (game/ui/practice.py): "Play on from here" turns the replay on the
board into a practice the player moves, says it is never counted, and ends with the
replay. Pure: runs on CPython and MicroPython."""

from game.ui.practice import Practice
from tests.unit.test_ui_page_rooms import STATE, FakePage, english

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def practice_reply(kind: str, **more: "Any") -> "dict[str, Any]":
    reply = {"kind": kind, "ok": True, "state": dict(STATE, moves=12), "changed": True, "points": 4,
             "direction": "left", "practice": True,
             "tiles": [{"value": 4, "from": [[0, 1], [0, 3]], "to": [0, 0], "merged": True}], "spawn": None}
    reply.update(more)
    return reply


def test_play_on_from_here_starts_a_practice_only_over_a_replay() -> None:
    page = FakePage()
    room = Practice(page)
    room.click("#watch-practice", None)
    assert page.pushed == []  # nothing on the board to play on
    page.mode = "watching"
    room.click("#watch-practice", None)
    assert page.pushed == ["practice"]
    assert room.begin("practice") == "promise" and page.asked == [("practice",)]


def test_a_practice_is_marked_said_never_counted_and_its_moves_are_drawn_and_counted() -> None:
    english()
    page = FakePage()
    page.mode = "watching"
    room = Practice(page)
    room.took("practice", practice_reply("practice"))
    assert page.mode == "practising" and Practice.MODES["practising"] == "practice:"
    assert ("mark_mode", "practice") in page.view.calls
    assert "never counted" in page.view.named("say")[-1][1]
    assert room.begin("practice:left") == "promise" and page.asked[-1] == ("practice_move", "left")
    room.took("practice:left", practice_reply("practice_move"))
    assert page.view.named("animate") and page.view.named("show_numbers") and page.view.named("count_input")
    room.took("practice:up", practice_reply("practice_move", state=dict(STATE, status="over")))
    assert page.view.named("say")[-1][1].startswith("Practice over")


def test_the_practice_ends_when_the_game_in_play_comes_back() -> None:
    page = FakePage()
    page.mode = "practising"
    room = Practice(page)
    room.practising = True
    room.heard("shown", "move", True, STATE, None)
    assert room.practising
    room.heard("shown", "resume", True, STATE, None)
    assert not room.practising
    assert ("set_attribute", "watch-bar", "data-practice", None) in page.view.calls


def test_an_answer_after_the_replay_closed_changes_nothing() -> None:
    page = FakePage()
    room = Practice(page)
    room.took("practice", practice_reply("practice"))
    assert page.mode == "" and not room.practising and page.view.calls == []


def test_a_practice_has_hint_and_undo_and_escape_goes_back_to_the_review() -> None:
    english()
    page = FakePage()
    page.mode = "reviewing"
    room = Practice(page)
    room.click("#watch-practice", None)
    assert page.pushed == ["practice"], "Play on from here, from a review's position"
    room.took("practice", practice_reply("practice"))
    room.click("#practice-hint", None)
    room.click("#practice-undo", None)
    assert page.pushed[-2:] == ["practice:hint", "practice:undo"]
    assert room.begin("practice:hint") == "promise" and page.asked[-1][0] == "practice_hint"
    room.took("practice:hint", practice_reply("practice_hint", direction="up"))
    assert ("show_hint", "up") in page.view.calls and page.view.named("say")[-1][1] == "Hint: Up."
    assert room.begin("practice:undo") == "promise" and page.asked[-1] == ("practice_undo",)
    room.took("practice:undo", practice_reply("practice_undo", undone=False))
    assert page.view.named("say")[-1][1].startswith("Nothing to take back")
    assert page.view.named("show_numbers")[-1][3] == page.state, "the BEST box stays the player's own"
    assert room.begin("practice:back") is None and page.pushed[-1] == "review-board:back"
    room.heard("watch")  # another position of the review asked for: the practice is over
    assert not room.practising and page.screen.named("show_mode")
