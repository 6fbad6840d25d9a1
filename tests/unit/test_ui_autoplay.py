"""Hint and Auto-play (game/ui/autoplay.py): what is asked, when, and which answers
still count.

MicroPython-compatible, like test_ui_input.py: plain asserts, a fake host standing in
for the app (the engine, the queue, the timers, the view).
"""

from game.ui import autoplay, text
from tests.unit import languages

BOARD = [[2, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]
OTHER = [[2, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 2, 2]]


def state(board: "list[list[int]] | None" = None, revision: int = 7,
          status: str = "playing") -> "dict[str, object]":
    return {"board": board or BOARD, "revision": revision, "status": status, "size": 4}


class FakeView:
    def __init__(self) -> None:
        self.said: "list[str]" = []
        self.hint: "str | None" = None
        self.pressed = False

    def say(self, words: str) -> None:
        self.said.append(words)

    def show_hint(self, direction: "str | None") -> None:
        self.hint = direction

    def show_autoplay(self, on: bool) -> None:
        self.pressed = on


class FakeHost:
    """The app as the room sees it; time is set by the test."""

    def __init__(self, ready: bool = True, speed: "object" = 5) -> None:
        self.ready = ready
        self.chosen = speed
        self.clock = 1000.0
        self.state: "dict[str, object] | None" = state()
        self.view = FakeView()
        self.asked: "list[tuple[float, int]]" = []
        self.paced: "list[bool]" = []
        self.played: "list[str]" = []
        self.timers: "list[float]" = []
        self.notices: "list[str]" = []
        self.dropped = 0

    def solver_ready(self) -> bool:
        return self.ready

    def ask_solver(self, budget_ms: float, ticket: int, paced: bool) -> None:
        self.asked.append((budget_ms, ticket))
        self.paced.append(paced)

    def play_auto(self, direction: str) -> None:
        self.played.append(direction)

    def drop_auto_moves(self) -> None:
        self.dropped += 1

    def later(self, ms: float) -> None:
        self.timers.append(ms)

    def now(self) -> float:
        return self.clock

    def speed(self) -> "object":
        return self.chosen

    def notify(self, words: str) -> None:
        self.notices.append(words)


def answer(ticket: int, direction: "str | None" = "left", board: "list[list[int]] | None" = None,
           revision: int = 7) -> "dict[str, object]":
    return {"kind": "hint", "ticket": ticket, "direction": direction, "revision": revision,
            "size": 4, "board": board or BOARD, "depth": 3, "nodes": 900, "ms": 12.5}


def last_ticket(host: FakeHost) -> int:
    return host.asked[-1][1]


def english() -> None:
    languages.load_all()
    text.use("en", languages.table("en"))


# -- pacing --------------------------------------------------------------------------

def test_pacing_intervals_and_budgets_per_speed() -> None:
    assert autoplay.interval_ms(2) == 500.0
    assert autoplay.interval_ms(5) == 200.0
    assert autoplay.interval_ms(10) == 100.0
    assert autoplay.interval_ms("max") == 0.0
    for speed in (2, 5, 10):
        assert autoplay.budget_ms(speed) == autoplay.PACED_BUDGET_MS
        # the search, with room for the round trip and the redraw, fits the interval
        assert autoplay.budget_ms(speed) < autoplay.interval_ms(speed) / 2
    assert autoplay.budget_ms("max") == autoplay.FULL_BUDGET_MS
    assert 20 <= autoplay.FULL_BUDGET_MS <= autoplay.PACED_BUDGET_MS <= 40
    assert autoplay.HINT_BUDGET_MS >= autoplay.PACED_BUDGET_MS


def test_game_key_tells_revisions_and_boards_apart() -> None:
    assert autoplay.state_key(state()) == "7|2,0,0,0/0,4,0,0/0,0,0,0/0,0,0,2"
    assert autoplay.state_key(state(revision=8)) != autoplay.state_key(state())
    assert autoplay.state_key(state(OTHER)) != autoplay.state_key(state())
    assert autoplay.state_key(None) is None


# -- hint ------------------------------------------------------------------------------

def test_hint_asks_then_marks_and_says_the_direction() -> None:
    english()
    host = FakeHost()
    pilot = autoplay.Pilot(host)
    pilot.hint()
    assert host.asked == [(autoplay.HINT_BUDGET_MS, 1)] and host.paced == [False]
    pilot.answered(answer(1, "up"))
    assert host.view.hint == "up"
    assert host.view.said == ["Hint: move up."]
    assert pilot.mark is not None


def test_hint_before_the_engine_is_ready_says_the_solver_is_starting() -> None:
    english()
    host = FakeHost(ready=False)
    pilot = autoplay.Pilot(host)
    pilot.hint()
    assert host.asked == [] and host.notices == [text.say("solver_starting")]
    assert "starting" in host.notices[0]
    pilot.toggle()
    assert not pilot.running and not host.view.pressed and host.asked == []


def test_hint_with_no_move_says_so_and_marks_nothing() -> None:
    english()
    host = FakeHost()
    pilot = autoplay.Pilot(host)
    pilot.hint()
    pilot.answered(answer(1, None))
    assert host.view.hint is None and host.notices == ["No move can change the board."]


def test_a_hint_for_a_game_no_longer_shown_is_dropped() -> None:
    english()
    for moved in (state(OTHER, revision=8), state(revision=8), state(OTHER)):
        host = FakeHost()
        pilot = autoplay.Pilot(host)
        pilot.hint()
        host.state = moved  # the player moved (or undid) before the answer came
        pilot.answered(answer(1, "left"))
        assert host.view.hint is None and host.view.said == [] and host.notices == []


def test_an_answer_nobody_waits_for_is_ignored() -> None:
    host = FakeHost()
    pilot = autoplay.Pilot(host)
    pilot.hint()
    pilot.hint()  # pressed twice: only the second answer counts
    pilot.answered(answer(1, "left"))
    assert host.view.hint is None
    pilot.answered(answer(2, "right"))
    assert host.view.hint == "right"
    pilot.answered(answer(2, "down"))  # the same ticket twice: already answered
    pilot.answered(answer(0, "down"))
    assert host.view.hint == "right"


def test_the_mark_goes_when_the_board_changes_and_only_then() -> None:
    host = FakeHost()
    pilot = autoplay.Pilot(host)
    pilot.hint()
    pilot.answered(answer(1, "left"))
    pilot.after_apply("move", False, state())  # a move that changed nothing
    pilot.after_apply("clock", True, state(revision=8))  # the clock stored: same board
    pilot.after_apply("best", True, state(revision=8))
    assert host.view.hint == "left"
    pilot.after_apply("move", True, state(OTHER, revision=9))
    assert host.view.hint is None and pilot.mark is None
    for kind in ("new", "undo", "start", "follow"):  # another game, even on the same board
        pilot.hint()
        pilot.answered(answer(last_ticket(host), "left"))
        assert host.view.hint == "left", kind
        pilot.after_apply(kind, True, state())
        assert host.view.hint is None, kind


def test_hint_stops_auto_play() -> None:
    host = FakeHost()
    pilot = autoplay.Pilot(host)
    pilot.toggle()
    auto = last_ticket(host)
    pilot.hint()
    assert not pilot.running and not host.view.pressed
    pilot.answered(answer(auto, "right"))  # the run's answer, after it stopped
    assert host.played == []


# -- auto-play -------------------------------------------------------------------------

def test_auto_play_asks_plays_and_asks_again_after_each_move() -> None:
    english()
    host = FakeHost(speed=5)
    pilot = autoplay.Pilot(host)
    pilot.toggle()
    assert pilot.running and host.view.pressed and host.view.said == ["Auto-play on."]
    assert host.asked == [(autoplay.PACED_BUDGET_MS, 1)] and host.paced == [True]
    pilot.answered(answer(1, "down"))
    assert host.played == ["down"], "the first move goes at once"
    assert len(host.asked) == 1, "no new question before the move is on the page"
    host.clock += 5
    host.state = state(OTHER, revision=8)
    pilot.after_apply("move", True, host.state)
    pilot.moved(True)
    assert len(host.asked) == 2
    pilot.toggle()
    assert not pilot.running and not host.view.pressed and host.view.said[-1] == "Auto-play off."


def test_answers_wait_for_their_time_on_a_timer() -> None:
    for speed, interval in ((2, 500.0), (5, 200.0), (10, 100.0)):
        host = FakeHost(speed=speed)
        pilot = autoplay.Pilot(host)
        pilot.toggle()
        pilot.answered(answer(1, "left"))
        moved_at = host.clock
        pilot.moved(True)
        host.clock += 30  # the answer came 30 ms after the move
        pilot.answered(answer(2, "right"))
        assert host.played == ["left"], "held until its time"
        assert host.timers == [interval - 30]
        host.clock = moved_at + interval - 40
        pilot.due()  # an earlier timer firing: too soon for this answer
        assert host.played == ["left"]
        host.clock = moved_at + interval
        pilot.due()
        assert host.played == ["left", "right"], speed
        pilot.due()  # played once only
        assert host.played == ["left", "right"]


def test_as_fast_as_it_can_plays_each_answer_at_once() -> None:
    host = FakeHost(speed="max")
    pilot = autoplay.Pilot(host)
    pilot.toggle()
    assert host.asked[-1][0] == autoplay.FULL_BUDGET_MS
    for n, direction in enumerate(("left", "up", "right", "down")):
        pilot.answered(answer(last_ticket(host), direction))
        assert len(host.played) == n + 1 and host.timers == []
        host.clock += 1
        pilot.moved(True)
    assert host.played == ["left", "up", "right", "down"]


def test_stop_conditions() -> None:
    # (what happens, given a running pilot on host)
    def won(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        pilot.after_apply("move", True, state(OTHER, revision=8, status="won"))

    def over(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        pilot.after_apply("taken", True, state(OTHER, revision=8, status="over"))

    def new_game(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        pilot.after_apply("new", True, state(OTHER, revision=8))

    def other_size(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        pilot.after_apply("start", True, state([[0] * 5] * 5, revision=2))

    def other_tab(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        pilot.after_apply("follow", True, state(OTHER, revision=30))

    def input_(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        assert pilot.stop()  # a key, a swipe, a button, the tab hidden: the app stops it

    def button(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        pilot.toggle()

    def no_move(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        pilot.answered(answer(last_ticket(host), None))

    def nothing_changed(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        pilot.moved(False)

    def solver_failed(pilot: "autoplay.Pilot", host: FakeHost) -> None:
        pilot.failed()

    for stop in (won, over, new_game, other_size, other_tab, input_, button, no_move,
                 nothing_changed, solver_failed):
        host = FakeHost()
        pilot = autoplay.Pilot(host)
        pilot.toggle()
        asked = last_ticket(host)
        stop(pilot, host)
        assert not pilot.running and not host.view.pressed, stop.__name__
        assert host.dropped >= 1, "queued auto moves are dropped: " + stop.__name__
        pilot.answered(answer(asked, "left"))  # whatever comes after is ignored
        pilot.due()
        pilot.moved(True)
        assert host.played == [], stop.__name__
        assert pilot.stop() is False, "stopping twice is nothing"


def test_keep_playing_after_a_win_does_not_restart_it() -> None:
    host = FakeHost()
    pilot = autoplay.Pilot(host)
    pilot.toggle()
    pilot.after_apply("move", True, state(OTHER, revision=8, status="won"))
    pilot.after_apply("continue", True, state(OTHER, revision=9, status="playing"))
    assert not pilot.running and len(host.asked) == 1


def test_a_held_answer_for_a_game_since_changed_is_asked_again() -> None:
    host = FakeHost(speed=2)
    pilot = autoplay.Pilot(host)
    pilot.toggle()
    pilot.answered(answer(1, "left"))
    pilot.moved(True)
    host.clock += 10
    pilot.answered(answer(2, "up"))
    host.state = state(OTHER, revision=9)  # another tab's clock, say: not this answer's game
    host.clock += 500
    pilot.due()
    assert host.played == ["left"] and len(host.asked) == 3 and pilot.running


def test_stale_answers_are_asked_again_a_few_times_then_it_gives_up() -> None:
    host = FakeHost()
    pilot = autoplay.Pilot(host)
    pilot.toggle()
    for _ in range(autoplay.RETRIES):
        pilot.answered(answer(last_ticket(host), "left", revision=3))
        assert pilot.running
    asked = len(host.asked)
    pilot.answered(answer(last_ticket(host), "left", revision=3))
    assert not pilot.running and len(host.asked) == asked and host.played == []
    pilot.toggle()  # on again: a fresh count
    pilot.answered(answer(last_ticket(host), "left", revision=3))
    assert pilot.running
    pilot.answered(answer(last_ticket(host), "right"))
    assert host.played == ["right"]


def test_every_sentence_is_in_every_language() -> None:
    for lang in languages.LANGUAGES:
        table = languages.table(lang)
        for key in ("button_hint", "button_autoplay", "hint", "solver_starting", "solver_no_move",
                    "solver_failed", "autoplay_on", "autoplay_off", "setting_autoplay",
                    "autoplay_2", "autoplay_5", "autoplay_10", "autoplay_max", "help_play_solver"):
            assert table.get(key), (lang, key)
        for direction in ("left", "right", "up", "down"):
            said = text.say("hint", lang, dir=text.say(direction + "_in", lang))
            assert said and "{" not in said
    english()
