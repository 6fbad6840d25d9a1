"""The queue (game/ui/turns.py), the one road to whoever answers (game/ui/calls.py), the
moves room's lookahead (game/ui/moves.py), the actions kept for the engine
(game/ui/waiting.py) and the hand-over's judgement (game/ui/handover.py), with fakes for
the page and the engine. Pure, so these run on CPython and in real MicroPython.
"""

import json

from game import chance
from game.ui import handover, waiting
from game.ui.calls import Calls
from game.ui.early import EarlyPlay
from game.ui.moves import Moves
from game.ui.router import Router
from game.ui.turns import Turns
from tests.unit.subset import raises

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


class Client:
    def __init__(self) -> None:
        self.calls: "list[tuple[Any, ...]]" = []
        self.promises: "list[Promise]" = []

    def call(self, *args: "Any") -> "Promise":
        self.calls.append(args)
        promise = Promise()
        self.promises.append(promise)
        return promise


class Screen:
    """The page's screen: records each reply shown, and tells it as the real one does."""

    def __init__(self, host: "Host") -> None:
        self.host = host

    def show(self, reply: "dict[str, Any]", drawn_as: str = "") -> None:
        self.host.shown.append(reply)
        told = (reply["kind"], reply.get("changed"), reply.get("state"), reply.get("ahead"))
        self.host.router.tell("shown", *told)


class Other:
    """A room whose actions only the engine answers (the statistics), or that asks as
    the test says (`asks`)."""

    ACTIONS = ("statistics", "import", "handover-like")
    REPLIES = ("statistics", "undo", "start")

    def __init__(self, host: "Host") -> None:
        self.host = host
        self.took_: "list[tuple[str, str]]" = []
        self.refusals: "list[str]" = []
        self.before: "Callable[[str], None] | None" = None

    def begin(self, action: str) -> "Any":
        self.host.clock += self.host.cost
        if self.before is not None:
            self.before(action)
        if action == "statistics":
            return self.host.calls.ask(self, action, "statistics", 4)
        return self.host.calls.ask(self, action, "undo", 0)

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        self.took_.append((action, reply["kind"]))

    def refused(self, action: str, error: str) -> bool:
        self.refusals.append(action)
        return True


class Host:
    """The page as the queue, the road and the moves room see it."""

    def __init__(self) -> None:
        self.shown: "list[dict[str, Any]]" = []
        self.held: "list[str]" = []
        self.inputs = 0
        self.notices = 0
        self.tasks: "list[Callable[[], None]]" = []  # `later`'s callbacks, run by the test
        self.clock = 0.0  # ms: each action begun takes `cost` of it
        self.cost = 0.0
        self.client = Client()
        self.early = EarlyPlay(chance.seeded(1), lambda: 1764547200000)
        self.turns = Turns(self)
        self.calls = Calls(self, self.early, self.client)
        self.screen = Screen(self)
        self.moves = Moves(self)
        self.other = Other(self)
        self.router = Router([self.moves, self.other])
        begin = self.moves.begin

        def timed(action: str) -> "Any":
            self.clock += self.cost
            return begin(action)

        self.moves.begin = timed  # type: ignore[method-assign]

    @property
    def in_charge(self) -> bool:
        return bool(self.calls.in_charge)

    def hand_over(self) -> None:
        self.calls.in_charge = True

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

    def room_for(self, action: str) -> "Any":
        return self.router.owner(action)

    def ask(self, room: "Any", action: str, name: str, *args: "Any") -> "Any":
        return self.calls.ask(room, action, name, *args)

    def deliver(self, promise: "Any", ticket: int, answered: "Any", refused: "Any") -> None:
        promise.then(lambda reply: answered(ticket, reply), lambda error: refused(ticket, error))

    def answered(self, ticket: int) -> None:
        self.turns.answered(ticket)

    def hold(self, action: str) -> None:
        self.turns.hold(action)

    def count_input(self) -> None:
        self.inputs += 1

    def wait_for_engine(self, action: str) -> None:
        self.held.append(action)

    def elapsed(self) -> int:
        return 0

    def log_error(self, message: str) -> None:
        pass

    def engine_gone(self) -> bool:
        return False

    def notify_refused(self) -> None:
        self.notices += 1

    def outdated(self) -> None:
        raise AssertionError("not outdated")

    def lost(self) -> None:
        raise AssertionError("not lost")


def started() -> "Host":
    host = Host()
    host.early.call("start", "", "", "", 4, 1, False, "")
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
    host.early.call("start", "", "", "", 4, 1, False, "")
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
    host.early.call("start", "", "", "", 4, 1, False, "")
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
    host.early.call("start", "", "", "", 4, 1, False, "")
    host.turns.release()
    assert len(host.shown) == 4 and host.turns.queue == [] and host.tasks == []


def test_before_the_engine_what_only_it_can_answer_is_kept_and_play_goes_on() -> None:
    host = started()
    host.turns.push("statistics")
    host.turns.push("left")
    assert host.held == ["statistics"] and host.inputs == 1 and not host.turns.busy


def test_after_the_hand_over_the_engine_answers_in_order_one_at_a_time() -> None:
    host = started()
    client = host.client
    host.hand_over()
    host.turns.push("left")
    host.turns.push("up")
    assert client.calls == [("move", "left", 0)] and host.turns.busy and host.turns.queue == ["up"]
    reply = {"kind": "move", "changed": True, "ahead": {"up": json.dumps({"kind": "move", "changed": True})}}
    client.promises[0].resolve(json.dumps(reply))
    # "up" was answered by the lookahead at once, and the engine told to take it.
    assert client.calls[-1] == ("take", "up", 0) and host.inputs == 2
    assert [shown["kind"] for shown in host.shown] == ["move", "move"]
    client.promises[1].resolve(json.dumps({"kind": "taken", "changed": True}))
    assert host.inputs == 2, "the move shown from the lookahead counted once"
    assert not host.turns.busy


def test_a_key_passes_the_queue_and_the_router_once_and_its_answer_neither_again() -> None:
    """The short road: key -> queue -> the moves room -> screen; the engine's answer ->
    the moves room -> screen, and only the queue's "next" hears of it."""
    host = started()
    host.hand_over()
    ahead = {"left": json.dumps({"kind": "move", "changed": True})}
    host.moves.ahead = ahead
    counts = {"push": 0, "next": 0, "owner": 0, "answered": 0}

    def counting(target: "Any", name: str) -> None:
        original = getattr(target, name)

        def counted(*args: "Any") -> "Any":
            counts[name] += 1
            return original(*args)

        setattr(target, name, counted)

    for target, name in ((host.turns, "push"), (host.turns, "next"), (host.router, "owner"),
                         (host.turns, "answered")):
        counting(target, name)
    host.turns.push("left")  # the key
    assert counts == {"push": 1, "next": 1, "owner": 1, "answered": 0}
    assert [reply["kind"] for reply in host.shown] == ["move"], "shown in the key's own task"
    host.client.promises[-1].resolve(json.dumps({"kind": "taken", "changed": True}))  # the answer
    assert counts == {"push": 1, "next": 2, "owner": 1, "answered": 1}
    assert [reply["kind"] for reply in host.shown] == ["move", "taken"]


def test_an_answer_of_a_kind_its_room_does_not_declare_is_an_error_not_drawn() -> None:
    host = started()
    host.hand_over()
    host.turns.push("statistics")
    error = raises(ValueError, host.client.promises[0].resolve, json.dumps({"kind": "move", "changed": True}))
    assert "Other" in str(error) and "'move'" in str(error)
    assert host.other.took_ == [] and host.shown == []
    assert not host.turns.busy, "the queue goes on"


def test_a_room_asking_outside_the_queue_is_answered_and_the_queue_never_waits_for_it() -> None:
    """Hint and a review's steps are asked beside the queue: their answers come back to
    the room by the same road, and the action in flight still waits for its own."""
    host = started()
    host.hand_over()
    host.turns.push("statistics")
    side = host.calls.ask(host.other, "import", "undo", 0)
    assert side is not None and host.turns.busy
    host.client.promises[1].resolve(json.dumps({"kind": "undo"}))
    assert host.other.took_ == [("import", "undo")] and host.turns.busy
    host.client.promises[0].resolve(json.dumps({"kind": "statistics"}))
    assert host.other.took_[-1] == ("statistics", "statistics") and not host.turns.busy


def test_a_held_action_waits_in_order_and_its_control_shows_it_is_starting() -> None:
    class View:
        def __init__(self) -> None:
            self.starting: "dict[str, bool]" = {}

        def set_starting(self, element_id: str, on: bool) -> None:
            self.starting[element_id] = on

    view = View()
    held = waiting.Waiting(view, {"hint": "hint", "export": "export", "autoplay": "autoplay"}, ["autoplay"])
    assert held.hold("hint") and held.hold("export") and held.hold("autoplay")
    assert view.starting == {"hint": True, "export": True, "autoplay": True}
    assert not held.hold("autoplay")  # asked again: taken back, as the button toggles
    assert view.starting["autoplay"] is False
    assert held.release() == ["hint", "export"]
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

    host.early.call = broken  # type: ignore[method-assign,assignment]
    host.turns.push("left")
    host.turns.push("up")
    assert host.turns.queue == ["left", "up"] and host.turns.held and host.inputs == 0
    client = host.client
    host.hand_over()
    host.turns.first("handover-like")
    host.turns.release()
    assert client.calls[0] == ("undo", 0)  # (the fake room asks "undo" for its other actions)
    client.promises[0].resolve(json.dumps({"kind": "start", "changed": True}))
    assert client.calls[1] == ("move", "left", 0)


def test_a_call_the_engine_refuses_is_reported_to_the_room_once_and_input_goes_on() -> None:
    host = started()
    client = host.client
    host.hand_over()
    host.turns.push("import")
    host.turns.push("undo")
    host.turns.push("left")
    client.promises[0].reject("PythonError: Refused: clock")
    assert host.other.refusals == ["import"] and host.notices == 0
    client.promises[1].reject("PythonError: Refused: clock")
    assert host.notices == 1 and host.inputs == 1, "the moves room has no say: the page says it"
    assert client.calls[-1] == ("move", "left", 0), "the next action waited for nothing"


def test_an_action_queued_while_another_is_carried_out_waits_for_its_answer() -> None:
    """An import queues its results' replay while it is begun: one call in flight at a
    time, so each answer reaches the room whose action asked."""
    host = started()
    client = host.client
    host.hand_over()
    begun: "list[str]" = []

    def before(action: str) -> None:
        begun.append(action)
        if action == "import":
            host.turns.push("statistics")  # queued from inside `begin`

    host.other.before = before
    host.turns.push("import")
    assert begun == ["import"] and len(client.calls) == 1
    client.promises[0].resolve(json.dumps({"kind": "undo"}))
    assert begun == ["import", "statistics"] and len(client.calls) == 2
    assert host.other.took_ == [("import", "undo")]


def test_an_action_whose_room_is_not_in_yet_waits_at_the_head_and_keys_behind_it_wait_too() -> None:
    """Order is kept (game/ui/turns.py `hold`): an action put back because its room's
    code is still on its way is carried out first once released, then what came after."""
    host = started()
    room_for = host.room_for
    waiting = [True]

    def room_unless_waiting(action: str) -> "Any":
        if action == "undo" and waiting[0]:
            host.turns.hold(action)
            return None
        return room_for(action)

    host.room_for = room_unless_waiting  # type: ignore[method-assign]
    host.turns.push("left")
    host.turns.push("undo")
    host.turns.push("right")
    assert len(host.shown) == 1 and host.turns.queue == ["undo", "right"]
    waiting[0] = False
    host.turns.release()
    assert [reply["kind"] for reply in host.shown] == ["move", "undo", "move"] and host.turns.queue == []
