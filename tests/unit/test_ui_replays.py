"""Result codes and replays on the page (game/ui/check_dialog.py, game/ui/replays.py):
the verdict's words, the daily share text, and watching a game move by move.

MicroPython-compatible, like test_ui_autoplay.py: plain asserts, a fake host standing
in for the app (the queue, the timers, the view).
"""

from game.ui import check_dialog, replays, statistics_dialog, text
from tests.unit import languages

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

BOARD = [[2, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]
CODE = "1.2026-11-30.4.3~mA.xxxx"


def english() -> None:
    languages.load_all()
    text.use("en", languages.table("en"))


def state(**extra: "object") -> "dict[str, object]":
    found = {"board": BOARD, "size": 4, "score": 1234, "best": 1234, "moves": 3, "max_tile": 4,
             "status": "over", "won": False, "can_undo": False, "mode": "daily", "date": "2026-11-30",
             "practice": False, "code": CODE, "watchable": True}
    found.update(extra)
    return found


class FakeView:
    def __init__(self) -> None:
        self.said: "list[str]" = []
        self.texts: "dict[str, str]" = {}
        self.hidden: "dict[str, bool]" = {}
        self.attributes: "dict[str, str]" = {}
        self.opened: "list[str]" = []
        self.open: "list[str]" = []
        self.painted: "list[object]" = []
        self.animated = 0
        self.published: "list[dict[str, object]]" = []
        self.bar: "dict[str, object] | None" = None
        self.focused = False

    def say(self, words: str) -> None:
        self.said.append(words)

    def set_text(self, element_id: str, words: str) -> None:
        self.texts[element_id] = words

    def set_hidden(self, element_id: str, hidden: bool) -> None:
        self.hidden[element_id] = hidden

    def set_attributes(self, pairs: "tuple[tuple[str, str], ...]") -> None:
        for name, value in pairs:
            self.attributes[name] = value

    def is_open(self, name: str) -> bool:
        return name in self.open

    def open_dialog(self, name: str) -> None:
        self.opened.append(name)
        self.open.append(name)

    def focus_board(self) -> None:
        self.focused = True

    def paint(self, board: "object", appear: "object" = None) -> None:
        self.painted.append(board)

    def animate(self, reply: "object") -> None:
        self.animated += 1

    def publish(self, state: "dict[str, object]", own: "dict[str, object] | None" = None) -> None:
        self.published.append(state)
        self.own = own  # the game in play's state, whose best the BEST box keeps

    def show_numbers(self, state: "object", points: int = 0, own: "object" = None) -> None:
        pass

    def show_watch(self, bar: "dict[str, object] | None") -> None:
        self.bar = bar


class FakeClock:
    """The game in play's clock: paused while a recorded game is watched."""

    def run(self, running: bool, now: float) -> None:
        self.running = running


class FakeHost:
    def __init__(self) -> None:
        self.view = FakeView()
        self.queue: "list[str]" = []
        self.timers: "list[float]" = []
        self.notices: "list[str]" = []

        self.watching = False
        self.state: "dict[str, object] | None" = None  # the game in play's (page.state)
        self.screen = self  # the page's screen room: only its `show_mode` is asked
        self.modes = 0
        self.mode = ""  # the page's key mode
        self.clock = FakeClock()
        self.told: "list[tuple[object, ...]]" = []

    def proxy(self, fn: "object") -> "object":
        return fn

    def push(self, action: str) -> None:
        self.queue.append(action)

    def later(self, ms: float, callback: "object") -> None:
        self.timers.append(ms)

    def show_mode(self) -> None:
        self.modes += 1

    def now(self) -> float:
        return 0.0

    def ask(self, room: "object", action: str, name: str, *args: "object") -> str:
        self.queue.append("asked " + name + repr(args))
        return "promise"

    def tell(self, event: str, *args: "object") -> None:
        self.told.append((event,) + args)

    def notify(self, words: str) -> None:
        self.notices.append(words)

    def today(self) -> str:
        return "2026-12-01"


def watch_reply(total: int = 3) -> "dict[str, object]":
    return {"kind": "watch", "ok": True, "at": 0, "total": total, "end": total == 0,
            "title": {"date": "2026-11-30", "size": 4}, "state": state(moves=0, score=0),
            "spawns": [{"at": [0, 0], "value": 2}, {"at": [1, 1], "value": 4}], "points": 0}


def move_reply(at: int, total: int = 3) -> "dict[str, object]":
    return {"kind": "watch_move", "ok": True, "at": at, "total": total, "end": at >= total,
            "changed": True, "direction": "left", "points": 4, "state": state(moves=at),
            "tiles": [], "spawn": {"at": [3, 3], "value": 2}}


# -- words ---------------------------------------------------------------------------------

def test_a_verified_code_shows_the_replays_numbers() -> None:
    english()
    answer = {"ok": True, "date": "2026-11-30", "score": 12345, "tile": 1024, "moves": 812,
              "finished": True}
    said = check_dialog.verdict_sentence(answer)
    assert said.startswith("Verified") and "12,345" in said and "1024" in said and "812 moves" in said
    assert "2026-11-30" in said
    unfinished = check_dialog.verdict_sentence(dict(answer, finished=False))
    assert unfinished != said and unfinished.startswith("Verified")


def test_a_code_of_a_day_after_the_devices_today_verifies_and_says_its_day_has_not_come() -> None:
    english()
    answer = {"ok": True, "date": "2026-12-05", "score": 8, "tile": 4, "moves": 3, "finished": True}
    ahead = check_dialog.verdict_sentence(answer, today="2026-12-01")
    assert ahead.startswith("Verified") and "2026-12-01" in ahead
    assert ahead != check_dialog.verdict_sentence(answer)
    for today in ("2026-12-05", "2026-12-06", ""):  # its day, later, or a clock out of range
        assert check_dialog.verdict_sentence(answer, today=today) == check_dialog.verdict_sentence(answer)


def test_every_rejection_reason_has_its_own_sentence_in_every_language() -> None:
    reasons = ["empty", "too_long", "bad_character", "bad_shape", "unknown_version", "bad_date",
               "bad_size", "bad_count", "truncated", "too_long_moves", "damaged", "illegal_move",
               "record_damaged"]
    details: "dict[str, dict[str, Any]]" = {"bad_character": {"at": 17}, "unknown_version": {"version": "7"},
               "illegal_move": {"at": 12, "direction": "up", "ended": False},
               "truncated": {"moves": 30, "count": 90}}
    for lang in languages.LANGUAGES:
        sentences = [check_dialog.reason_sentence(r, details.get(r, {}), lang) for r in reasons]
        assert len(set(sentences)) == len(reasons), lang
        for sentence in sentences:
            assert not sentence.startswith("reason_"), (lang, sentence)
    english()
    assert "17" in check_dialog.reason_sentence("bad_character", {"at": 17})
    assert "12" in check_dialog.reason_sentence("illegal_move", details["illegal_move"])
    assert "30" in check_dialog.reason_sentence("truncated", details["truncated"])
    assert "7" in check_dialog.reason_sentence("unknown_version", {"version": "7"})
    ended = check_dialog.reason_sentence("illegal_move", {"at": 12, "direction": "up", "ended": True})
    assert ended != check_dialog.reason_sentence("illegal_move", details["illegal_move"])
    refused = check_dialog.verdict_sentence({"ok": False, "reason": "damaged", "detail": {}})
    assert refused.startswith("Not verified") and check_dialog.reason_sentence("damaged", {}) in refused


def test_a_hostile_version_is_cut_before_it_is_shown() -> None:
    english()
    said = check_dialog.reason_sentence("unknown_version", {"version": "9" * 500})
    assert "9" * 6 in said and "9" * 7 not in said


def test_daily_share_text_carries_the_link_with_the_code_in_its_fragment() -> None:
    english()
    shared = replays.share_text(state(), "https://example.org/2048/index.html?engine=plain#old", "PICTURE")
    assert "https://example.org/2048/index.html#replay=" + CODE in shared
    assert "2026-11-30" in shared and "1,234" in shared and "PICTURE" in shared
    assert "#old" not in shared


def test_without_an_address_a_friend_can_open_the_share_text_carries_the_code() -> None:
    english()
    shared = replays.share_text(state(), "file:///home/me/2048.html", "PICTURE")
    assert CODE in shared and "#replay=" not in shared and "file:" not in shared


# -- checking -------------------------------------------------------------------------------

def test_checking_asks_the_engine_and_shows_its_verdict() -> None:
    english()
    host = FakeHost()
    room = check_dialog.CheckDialog(host)
    room.check('"#replay=' + CODE + '"')
    assert host.queue == ["verify"] and room.take_pending() == '"#replay=' + CODE + '"'
    assert room.take_pending() == ""
    room.verified({"ok": True, "date": "2026-11-30", "score": 8, "tile": 4, "moves": 3, "finished": True})
    view = host.view
    assert view.attributes["data-replay"] == "verified" and view.opened == ["replay"] and view.focused
    assert view.texts["replay-verdict"].startswith("Verified") and not view.hidden["watch-verified"]
    assert view.said[-1] == view.texts["replay-verdict"]
    room.verified({"ok": False, "reason": "damaged", "detail": {}})
    assert view.attributes["data-replay"] == "rejected" and view.hidden["watch-verified"]
    assert view.opened == ["replay"]  # already open: not opened twice


# -- watching ---------------------------------------------------------------------------------

def test_watching_plays_move_after_move_at_the_chosen_speed_then_stops_at_the_end() -> None:
    english()
    host = FakeHost()
    room = replays.Replays(host)
    room.set_speed("10")
    room.watch("verified")
    assert host.queue == ["watch:verified"]
    room.shown(watch_reply())
    assert room.watching and room.playing and host.view.painted and host.timers == [100.0]
    assert host.view.bar is not None and "move 0 of 3" in str(host.view.bar["text"])
    for at in (1, 2, 3):
        room.due()
        assert host.queue[-1] == "watch-step"
        room.stepped(move_reply(at))
    assert host.view.animated == 3 and len(host.timers) == 3  # none after the last move
    bar = host.view.bar
    assert not room.playing and bar is not None and bar["end"] and "move 3 of 3" in str(bar["text"])
    assert host.view.published[-1]["moves"] == 3


def test_pause_stops_the_timer_and_step_plays_one_move() -> None:
    host = FakeHost()
    room = replays.Replays(host)
    room.watch("game")
    room.shown(watch_reply())
    room.toggle()  # pause
    bar = host.view.bar
    assert not room.playing and bar is not None and bar["playing"] is False
    room.due()  # the timer set before the pause fires: nothing is asked
    assert host.queue == ["watch:game"]
    room.step()
    assert host.queue[-1] == "watch-step" and not room.playing
    room.stepped(move_reply(1))
    assert host.timers == [200.0]  # no timer while paused
    room.toggle()  # play again: the next move at once, then on the timer
    assert host.queue[-1] == "watch-step" and room.playing


def test_play_at_the_end_starts_over() -> None:
    host = FakeHost()
    room = replays.Replays(host)
    room.shown(watch_reply(total=1))
    room.due()
    room.stepped(move_reply(1, total=1))
    room.toggle()
    assert host.queue[-1] == "watch:again"


def test_close_brings_the_game_in_play_back() -> None:
    host = FakeHost()
    room = replays.Replays(host)
    assert not room.close()
    room.shown(watch_reply())
    assert room.close() and host.queue[-1] == "resume" and not room.watching
    room.due()
    assert host.queue[-1] == "resume"  # a late timer asks nothing
    room.stepped(move_reply(1))
    assert host.view.animated == 0  # nor draws a late answer


def test_a_game_that_cannot_be_watched_says_why() -> None:
    english()
    host = FakeHost()
    room = replays.Replays(host)
    room.shown({"kind": "watch", "ok": False, "reason": "record_damaged", "detail": {"at": 3}})
    assert not room.watching and host.notices and "altered" in host.notices[0]


def test_speed_is_one_of_the_offered_ones() -> None:
    room = replays.Replays(FakeHost())
    for value, speed in (("1", 1), ("20", 20), ("3", replays.DEFAULT_SPEED), ("x", replays.DEFAULT_SPEED)):
        room.set_speed(value)
        assert room.speed == speed


def test_each_daily_result_that_keeps_its_code_has_watch_and_review_buttons_naming_its_day() -> None:
    english()
    summary = {"daily": {"results": [{"date": "2026-11-30", "score": 8, "tile": 4, "moves": 3, "code": CODE},
                                     {"date": "2026-11-01", "score": 4, "tile": 4, "moves": 1, "code": ""}]}}
    found = statistics_dialog.daily_buttons(summary)
    assert found[1] == [] and len(found[0]) == 2
    label, name, action, date = found[0][0]
    assert (label, action, date) == ("Watch", "watch-daily", "2026-11-30") and "2026-11-30" in name
    label, name, action, date = found[0][1]
    assert (label, action, date) == ("Review", "review-daily", "2026-11-30") and name.startswith("Review")


def test_a_position_asked_by_a_review_is_shown_paused_in_the_mode_it_names_and_told() -> None:
    """A review's position ("#n") is shown paused in the review's key mode, a retry's in
    the one it names ("@retrying"); every position shown is told (the review follows it)."""
    for action, mode in (("watch:game", "watching"), ("watch:game#2", "reviewing"),
                         ("watch:game#2@retrying", "retrying")):
        host = FakeHost()
        room = replays.Replays(host)
        assert room.begin(action) == "promise" and host.told[0] == ("watch",)
        room.answer(watch_reply())
        assert host.mode == mode and room.playing == (mode == "watching")
        assert host.told[-1] == ("watched", 0, 3)
