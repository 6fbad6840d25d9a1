"""Replays: watching a recorded game, and a daily result shared as its code.

A daily result travels as a code (game/replay.py) in a link's fragment, `#replay=…`,
which the Check dialog verifies (game/ui/check_dialog.py). Watching puts a recorded
game on the board (a verified code, the game just finished, a daily result from the
statistics) and steps through it on a browser timer, each move a move reply animated
like any other; play/pause, step and speed are in the bar above the board. The game
in play is untouched in the engine, and `resume` brings it back.

Pure: the page is handed in (game/ui/page.py; tests use a fake), so this runs on
CPython and MicroPython alike. Its room's tables are on `Replays`. Nothing is ever
written as HTML (`textContent`).
"""

from game import names, replay
from game.ui import sharing, text
from game.ui.check_dialog import reason_sentence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SPEEDS = (1, 2, 5, 10, 20)  # moves a second
DEFAULT_SPEED = 5
MARK = replay.LINK_MARK
# The Watch buttons: the dialog each closes, and what it watches ("": the row's date).
WATCH_BUTTONS = {"watch-verified": ("replay", "verified"), "watch-game": ("over", "game"),
                 "watch-daily": ("stats", "")}


def share_link(address: str, code: str, name: str = "") -> str:
    """The page's address with the code as its fragment (and your name after it, if
    you gave one: game/names.py), when a friend can open it."""
    base = address.split("#")[0].split("?")[0]  # the page itself, without its options
    if base.startswith("https://") or base.startswith("http://"):
        return base + MARK + code + (names.NAME_MARK + names.quote(name) if name else "")
    return ""


def share_text(state: "dict[str, Any]", address: str, picture: str, lang: str = "", name: str = "") -> str:
    """A finished daily game's share text: the day, the numbers, the board, and the link
    (or, where the page has no address to share, the code to paste)."""
    lines = [
        text.say("share_daily_title", lang, date=state["date"]),
        text.say("share_daily_result", lang, score=text.number(state["score"], lang),
                 tile=state["max_tile"], moves=text.moves_label(state["moves"], lang)),
        picture,
    ]
    link = share_link(address, state["code"], name)
    if link:
        lines.append(text.say("share_daily_check", lang, link=link))
    else:
        lines.append(text.say("share_daily_code", lang, code=state["code"]))
    return "\n".join(lines)


def game_share_text(state: "dict[str, Any]", elapsed_ms: int, address: str, name: str = "",
                    lang: str = "") -> str:
    """What Share puts out for the game on screen: a finished daily game's result (with
    its code, and your name for your friends' Rankings), any other game's numbers and
    board (game/ui/sharing.py)."""
    if state.get("mode") == "daily" and state.get("code"):
        return share_text(state, address, sharing.picture(state["board"]), lang, name)
    return sharing.result_text(state, elapsed_ms, address, lang)


def bar_text(title: "dict[str, Any]", at: int, total: int, lang: str = "") -> str:
    """What the replay bar says: whose game, and where the replay is."""
    if title.get("date"):
        whose = text.say("watch_daily", lang, date=title["date"])
    else:
        whose = text.say("watch_game", lang, size=text.size_name(int(title.get("size", 4)), lang))
    return text.say("watch_position", lang, whose=whose, at=text.number(at, lang),
                    total=text.number(total, lang))


# The replay bar's buttons: they drive the replay, and Auto-play is not stopped by them.
BAR = ("#watch-play", "#watch-step", "#watch-close", "#watch-practice")
# Buttons inside a dialog that opens over a replay without ending it (checking another
# code, or closing the dialog, leaves the replay on the board); any other ends it.
OVER_REPLAY = ("check-code", "close-replay", "#check-code", "close-stats", "close", "close-settings",
               "#stats", "#help", "#settings", "share-stats", "watch-verified", "#rankings",
               "close-rankings", "#day-prev", "#day-next", "#season-prev", "#season-next", "add-rankings",
               "share-rankings", "check-result", "review-show", "#watch-review", "#watch-back",
               "#review-retry", "#retry-next", "#practice-hint", "#practice-undo") + BAR


class Replays:
    """The game being watched (if any), and its bar."""

    ACTIONS = ("watch", "watch-step", "resume")
    REPLIES = ("watch", "watch_move", "resume")
    WAITS = {"watch": "over-watch", "watch-step": "over-watch", "resume": ""}
    BUTTONS = {"watch-verified": None, "watch-game": None, "watch-daily": None, "#watch-play": None,
               "#watch-step": None, "#watch-close": None}
    CHANGES = ("watch-speed",)
    MODES = {"watching": ""}  # a recorded game on the board: a move key moves nothing
    HEARS = ("button", "setting")

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.playing = False
        self.waiting = False  # a step asked and not answered, or a timer set
        self.speed = DEFAULT_SPEED
        self.title: "dict[str, Any]" = {}
        self.at = 0
        self.total = 0
        self.paused = False  # the game shown stays still (a review's position)
        self.mode = "watching"  # the key mode it is shown in (a review's: "reviewing", "retrying")
        self.on_due = page.proxy(self.due)

    @property
    def watching(self) -> bool:
        """A recorded game is on the board: the page's key mode (its keys do not move)."""
        return bool(getattr(self.page, "mode", ""))

    @watching.setter
    def watching(self, on: bool) -> None:
        self.page.mode = "watching" if on else ""

    # -- the room's part of the page -------------------------------------------------------

    def begin(self, action: str) -> "Any":
        page = self.page
        if action == "watch-step":
            return page.ask(self, action, "watch_step")
        if action == "resume":
            return page.ask(self, action, "resume")
        page.tell("watch")  # a key meanwhile is no move of the game in play
        # "#n": from the position after n moves, paused, in the review's key mode, or in
        # the one named after "@" (a retry's).
        what, _, at = action[6:].partition("#")
        at, _, mode = at.partition("@")
        self.paused = bool(at)
        self.mode = mode or ("reviewing" if at else "watching")
        return page.ask(self, action, "watch", what, int(at or 0))

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        if reply["kind"] == "resume":
            self.page.screen.show(reply)
            return
        self.answer(reply)

    def click(self, name: str, button: "Any") -> None:
        self.press(name, str(button.getAttribute("data-date") or ""))

    def changed(self, element_id: str, target: "Any") -> None:
        self.set_speed(str(target.value))

    def heard(self, event: str, *args: "Any") -> None:
        """Another button of the page's ends watching first (the game in play comes
        back); so does a size chosen in Settings."""
        page = self.page
        if event == "button":
            if args[0] == "#watch-practice":  # played on from here (game/ui/practice.py): no more steps
                self.playing = False
                self.waiting = False
            elif self.watching and args[0] not in OVER_REPLAY and self.close():
                self.page.screen.show_mode()
        elif args[0] == "size" and args[1] and self.close():  # a setting: the size chosen here
            page.view.show_mode(False, False)

    # -- the page's controls and the engine's answers -------------------------------------

    def press(self, name: str, date: str = "") -> bool:
        """A button of this room's (a Watch button, the replay bar; a daily result's
        Watch names its `date`): done; False for any other button."""
        view = self.page.view
        if name in WATCH_BUTTONS:
            dialog, what = WATCH_BUTTONS[name]
            view.close_dialog(dialog)
            self.watch(what or "daily:" + date)
        elif name == "#watch-play":
            self.toggle()
        elif name == "#watch-step":
            self.step()
        elif name == "#watch-close":
            if self.close():
                self.page.screen.show_mode()
        else:
            return False
        return True

    def answer(self, reply: "dict[str, Any]") -> None:
        """The engine's answer to `watch` or `watch_step`."""
        kind = reply["kind"]
        if kind == "watch":
            self.shown(reply)
            self.page.screen.show_mode()
            if self.watching:  # the game in play waits, its clock too (until `resume`)
                self.page.clock.run(False, self.page.now())
                # last: a review's mode (a retry's) marks the board its own way
                self.page.tell("watched", self.at, self.total)
        else:
            self.stepped(reply)

    # -- watching ----------------------------------------------------------------------

    def watch(self, what: str) -> None:
        """Put a recorded game on the board: "verified", "game" or "daily:<date>"."""
        self.playing = False
        self.waiting = False
        self.page.push("watch:" + what)

    def shown(self, reply: "dict[str, Any]") -> None:
        """The engine's answer to `watch`: the start position, or why it cannot be shown."""
        if not reply.get("ok"):
            self.page.notify(text.say("watch_failed", reason=reason_sentence(
                str(reply.get("reason", "")), reply.get("detail") or {})))
            return
        self.page.mode = self.mode
        self.playing = not self.paused
        self.title = reply.get("title") or {}
        view = self.page.view
        view.paint(reply["state"]["board"], [s["at"] for s in reply.get("spawns") or []])
        self.show(reply)
        if self.mode == "watching":  # a review's position says its own
            view.say(self.bar())
        self.schedule()

    def stepped(self, reply: "dict[str, Any]") -> None:
        """One watched move from the engine: animated like a move, then the next one
        is due after the speed's interval (while playing)."""
        self.waiting = False
        if not self.watching or not reply.get("ok"):
            return
        if reply.get("changed"):
            self.page.view.animate(reply)
        if reply.get("end"):
            self.playing = False  # the last move: the bar shows Play again
        self.show(reply)
        spoken = ""
        if reply.get("direction"):
            move = dict(reply)
            move["kind"] = "move"  # said like a move of the game in play
            spoken = text.announce(move)
        if spoken and self.page.mode == "watching":  # a review's position says its own
            self.page.view.say(spoken)
        self.page.tell("watched", self.at, self.total)
        self.schedule()

    def show(self, reply: "dict[str, Any]") -> None:
        self.at = int(reply.get("at", 0))
        self.total = int(reply.get("total", 0))
        view = self.page.view
        own = self.page.state  # the game in play's: the BEST box stays the player's own
        view.publish(reply["state"], own)
        view.show_numbers(reply["state"], reply.get("points") or 0, own)
        view.show_watch(self.bar_state(bool(reply.get("end"))))

    def bar(self) -> str:
        return bar_text(self.title, self.at, self.total)

    def bar_state(self, end: bool) -> "dict[str, Any]":
        return {"text": self.bar(), "playing": self.playing, "end": end, "speed": self.speed}

    def schedule(self) -> None:
        if self.watching and self.playing and not self.waiting and self.at < self.total:
            self.waiting = True
            self.page.later(1000.0 / self.speed, self.on_due)

    def due(self) -> None:
        """The timer: the next move, unless watching stopped or paused meanwhile."""
        if not self.waiting:
            return
        if self.watching and self.playing:
            self.page.push("watch-step")
        else:
            self.waiting = False

    def toggle(self) -> None:
        """Play / Pause (at the end, Play starts again from the first move)."""
        if not self.watching:
            return
        if self.at >= self.total and not self.playing:
            self.watch("again")
            return
        self.playing = not self.playing
        self.page.view.show_watch(self.bar_state(self.at >= self.total))
        if self.playing and not self.waiting:
            self.waiting = True
            self.page.push("watch-step")

    def step(self) -> None:
        """One move on, paused."""
        if not self.watching:
            return
        self.playing = False
        self.page.view.show_watch(self.bar_state(self.at >= self.total))
        if self.at < self.total:
            self.page.push("watch-step")

    def set_speed(self, value: str) -> None:
        speed = int(value) if value.isdigit() else DEFAULT_SPEED
        self.speed = speed if speed in SPEEDS else DEFAULT_SPEED

    def close(self) -> bool:
        """Stop watching: the game in play comes back (`resume`; the bar goes with its
        answer, which brings that game's board). False when nothing was being watched."""
        if not self.watching:
            return False
        self.watching = False
        self.playing = False
        self.waiting = False
        self.page.push("resume")
        return True
