"""The move path (game/ui/turns.py), the actions kept for the engine (game/ui/waiting.py)
and the hand-over's judgement (game/ui/handover.py), with fakes for the page and the
engine. Pure, so these run on CPython and in real MicroPython.
"""

import json

from game import chance
from game.ui import handover, waiting
from game.ui.early import EarlyPlay
from game.ui.turns import Turns

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


class Promise:
    """A promise the test settles by hand."""

    def __init__(self) -> None:
        self.callbacks: "tuple[Callable[[Any], None], Callable[[Any], None]] | None" = None

    def then(self, ok: "Callable[[Any], None]", failed: "Callable[[Any], None]") -> None:
        self.callbacks = (ok, failed)

    def resolve(self, value: "Any") -> None:
        assert self.callbacks is not None
        self.callbacks[0](value)

    def reject(self, error: "Any") -> None:
        assert self.callbacks is not None
        self.callbacks[1](error)


class Engine:
    def __init__(self) -> None:
        self.calls: "list[tuple[Any, ...]]" = []
        self.promises: "list[Promise]" = []

    def call(self, *args: "Any") -> "Promise":
        self.calls.append(args)
        promise = Promise()
        self.promises.append(promise)
        return promise


class Host:
    def __init__(self) -> None:
        self.shown: "list[dict[str, Any]]" = []
        self.kept: "list[str]" = []
        self.inputs = 0
        self.refusals: "list[str]" = []
        self.tasks: "list[Callable[[], None]]" = []  # `later`'s callbacks, run by the test
        self.clock = 0.0  # ms: each action begun takes `cost` of it
        self.cost = 0.0
        self.turns = Turns(self, EarlyPlay(chance.seeded(1), lambda: 1764547200000))

    def proxy(self, fn: "Any") -> "Any":
        return fn

    def later(self, ms: float, callback: "Callable[[], None]") -> None:
        self.tasks.append(callback)

    def run_tasks(self) -> int:
        """The browser's turns: each task given back, until none is left; how many."""
        count = 0
        while self.tasks:
            self.tasks.pop(0)()
            count += 1
        return count

    def now(self) -> float:
        return self.clock

    def begin(self, action: str) -> "Any":
        self.clock += self.cost
        if action in ("left", "right", "up", "down"):
            return self.turns.play(action)[0]
        if action == "statistics":
            return self.turns.ask("statistics", 4)
        return self.turns.ask("undo", 0)

    def took(self, reply: "dict[str, Any]") -> None:
        self.shown.append(reply)

    def count_input(self) -> None:
        self.inputs += 1

    def wait_for_engine(self, action: str) -> None:
        self.kept.append(action)

    def elapsed(self) -> int:
        return 0

    def log_error(self, message: str) -> None:
        pass

    def engine_gone(self) -> bool:
        return False

    def refused(self, action: str, error: str) -> None:
        self.refusals.append(action)

    def lost(self) -> None:
        raise AssertionError("not lost")


def started() -> "Host":
    host = Host()
    host.turns.early.call("start", "", "", "", 4, 1, False, "")
    host.turns.release()
    return host


def test_before_the_engine_every_move_is_answered_at_once_by_the_page() -> None:
    host = started()
    for action in ("left", "up", "right", "down", "undo"):
        host.turns.push(action)
    assert host.inputs == 5 and len(host.shown) == 5 and not host.turns.busy
    assert [reply["kind"] for reply in host.shown] == ["move"] * 4 + ["undo"]
    assert all("steps" in reply for reply in host.shown)


def test_actions_before_the_first_game_is_on_the_page_wait_for_it() -> None:
    host = Host()
    host.turns.push("left")
    assert host.shown == [] and host.turns.queue == ["left"]
    host.turns.early.call("start", "", "", "", 4, 1, False, "")
    host.turns.release()
    assert len(host.shown) == 1 and host.inputs == 1


def test_keys_kept_while_the_page_started_play_in_tasks_short_enough_to_paint_between() -> None:
    # With a phone's CPU (30 ms a move) the first game is shown in a task of its own and
    # each key kept meanwhile in one after it: the browser paints the board before the
    # page plays them, and none is lost or reordered.
    host = Host()
    host.cost = 30.0
    for action in ("left", "up", "right"):
        host.turns.push(action)
    host.turns.early.call("start", "", "", "", 4, 1, False, "")
    host.turns.release()
    assert len(host.shown) == 1 and host.turns.queue == ["up", "right"]
    host.turns.push("down")  # pressed meanwhile: after those, in order
    assert len(host.shown) == 1 and host.turns.queue == ["up", "right", "down"]
    assert host.run_tasks() == 3
    assert len(host.shown) == 4 and host.inputs == 4 and host.turns.queue == []
    assert not host.turns.busy and not host.turns.paused


def test_keys_kept_while_the_page_started_play_at_once_where_moves_are_quick() -> None:
    # A desktop's moves (5 ms) fit turns.TASK_MS together: one task, as before.
    host = Host()
    host.cost = 5.0
    for action in ("left", "up", "right", "down"):
        host.turns.push(action)
    host.turns.early.call("start", "", "", "", 4, 1, False, "")
    host.turns.release()
    assert len(host.shown) == 4 and host.turns.queue == [] and host.tasks == []


def test_before_the_engine_what_only_it_can_answer_is_kept_and_play_goes_on() -> None:
    host = started()
    host.turns.push("statistics")
    host.turns.push("left")
    assert host.kept == ["statistics"] and host.inputs == 1 and not host.turns.busy


def test_after_the_hand_over_the_engine_answers_in_order_one_at_a_time() -> None:
    host = started()
    engine = Engine()
    host.turns.engine = engine
    host.turns.push("left")
    host.turns.push("up")
    assert engine.calls == [("move", "left", 0)] and host.turns.busy and host.turns.queue == ["up"]
    reply = {"kind": "move", "changed": True, "ahead": {"up": json.dumps({"kind": "move", "changed": True})}}
    engine.promises[0].resolve(json.dumps(reply))
    # "up" was answered by the lookahead at once, and the engine told to take it.
    assert engine.calls[-1] == ("take", "up", 0) and host.inputs == 2
    assert [shown["kind"] for shown in host.shown] == ["move", "move"]


def test_a_kept_action_waits_in_order_and_its_control_shows_it_is_starting() -> None:
    class View:
        def __init__(self) -> None:
            self.starting: "dict[str, bool]" = {}

        def set_starting(self, element_id: str, on: bool) -> None:
            self.starting[element_id] = on

    view = View()
    kept = waiting.Waiting(view, {"hint": "hint", "export": "export", "autoplay": "autoplay"})
    assert kept.hold("hint") and kept.hold("export") and kept.hold("autoplay")
    assert view.starting == {"hint": True, "export": True, "autoplay": True}
    assert not kept.hold("autoplay")  # asked again: taken back, as the button toggles
    assert view.starting["autoplay"] is False
    assert kept.release() == ["hint", "export"]
    assert view.starting == {"hint": False, "export": False, "autoplay": False}


def test_the_hand_over_is_seamless_when_the_engine_has_the_game_on_screen() -> None:
    shown = {"size": 4, "board": [[2, 0], [0, 4]], "score": 8, "moves": 3, "won": False, "status": "playing",
             "mode": "classic", "date": "", "best": 8}
    assert handover.seamless(shown, dict(shown, best=100))  # a best read more strictly: no seam
    assert not handover.seamless(shown, dict(shown, board=[[2, 0], [0, 2]]))
    assert not handover.seamless(None, shown)
    assert handover.refusal({"handover": {"refused": ""}}) == ""
    assert handover.board_of("game-5") == (5, False) and handover.board_of("daily") == (4, True)


def test_if_the_page_cannot_play_an_action_it_waits_for_the_engine_not_lost() -> None:
    host = started()

    def broken(*args: "Any") -> "Any":
        raise ValueError("a clock the page cannot read")

    host.turns.early.call = broken
    host.turns.push("left")
    host.turns.push("up")
    assert host.turns.queue == ["left", "up"] and host.turns.held and host.inputs == 0
    engine = Engine()
    host.turns.engine = engine
    host.turns.first("handover-like")
    host.turns.release()
    assert engine.calls[0] == ("undo", 0)  # (the fake host asks "undo" for any other action)
    engine.promises[0].resolve(json.dumps({"kind": "start", "changed": True}))
    assert engine.calls[1] == ("move", "left", 0)


def test_a_call_the_engine_refuses_is_reported_to_the_host_once_and_input_goes_on() -> None:
    host = started()
    engine = Engine()
    host.turns.engine = engine
    host.turns.push("undo")
    host.turns.push("left")
    engine.promises[0].reject("PythonError: Refused: clock")
    assert host.refusals == ["undo"] and host.inputs == 1
    assert engine.calls[-1] == ("move", "left", 0), "the next action waited for nothing"


def test_an_action_queued_while_another_is_carried_out_waits_for_its_answer() -> None:
    """An import queues its results' replay while it is begun: one call in flight at a
    time, so each answer reaches the room whose action asked."""
    host = started()
    engine = Engine()
    host.turns.engine = engine
    begun: "list[str]" = []

    def begin(action: str) -> "Any":
        begun.append(action)
        if action == "import":
            host.turns.push("statistics")  # queued from inside `begin`
            return host.turns.ask("undo", 0)
        return host.turns.ask("statistics", 4)

    host.begin = begin  # type: ignore[method-assign]
    host.turns.push("import")
    assert begun == ["import"] and len(engine.calls) == 1 and host.turns.current == "import"
    engine.promises[0].resolve(json.dumps({"kind": "undo"}))
    assert begun == ["import", "statistics"] and len(engine.calls) == 2
    assert host.turns.current == "statistics"


def test_an_action_whose_room_is_not_in_yet_waits_at_the_head_and_keys_behind_it_wait_too() -> None:
    """Order is kept (game/ui/turns.py `hold`): an action put back because its room's
    code is still on its way is carried out first once released, then what came after."""
    host = started()
    begin = host.begin
    waiting = [True]

    def begin_unless_waiting(action: str) -> "Any":
        if action == "undo" and waiting[0]:
            host.turns.hold(action)
            return None
        return begin(action)

    host.begin = begin_unless_waiting  # type: ignore[method-assign]
    host.turns.push("left")
    host.turns.push("undo")
    host.turns.push("right")
    assert len(host.shown) == 1 and host.turns.queue == ["undo", "right"]
    waiting[0] = False
    host.turns.release()
    assert [reply["kind"] for reply in host.shown] == ["move", "undo", "move"] and host.turns.queue == []
