"""Hint and Auto-play: the engine's solver asked for a move, then shown or played.

The search runs in the engine's worker (game/api.py `hint`, game/solver): the page
asks with a time budget and a ticket, and the answer names the game it was chosen for
(its revision and board). This room decides what to ask, when, and what an answer
still means; the app (its host) does the asking and the drawing.

Hint asks with HINT_BUDGET_MS, then marks the direction on the board and says it in
the live region, as long as the page still shows that very game; the mark goes as
soon as the board changes. Auto-play asks with a shorter budget (`budget_ms`), plays
the answer through the app's queue exactly like a key press (its lookahead,
animations, announcements, saves, statistics, dialogs) and asks again once that move
is on the page, never sooner. An answer that comes before its time (the chosen speed,
`interval_ms`) waits on a browser timer, so the moves are evenly spaced; at "max" it
is played as soon as it comes, animations or not (the view redraws over them). Any
input of the player, the game ending or being won, another game shown, or the tab
hidden stops it; whatever answer arrives after that is ignored.

Pure: the host is handed in (game/ui/app.py; tests use a fake), so this runs on
CPython and MicroPython alike. The host provides `solver_ready()`, `ask_solver(budget_ms,
ticket, paced)`, `play_auto(direction)`, `drop_auto_moves()`, `later(ms)` (which calls `due`),
`now()` (ms), `speed()` (the setting), `notify(text)`, `state` (the engine's last state
on the page, or None) and `view` with `say`, `show_hint` and `show_autoplay`.
"""

import json

from game.ui import text
from game.ui.snapshot import board_attr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Hint: the player waits for it, and it should be a good move: a short search.
HINT_BUDGET_MS = 80.0
# Auto-play: each move's search, as a mean over the moves (the engine paces it:
# game/solver `Pace`, so a crowded board may take a few times more). At the paced
# speeds it fits the interval with room for the round trip and the redraw; at full
# speed a shorter one gives more moves a second (measured: docs/architecture.md).
PACED_BUDGET_MS = 30.0
FULL_BUDGET_MS = 20.0
# Answers in a row that came for a game no longer shown (another tab, a clock stored
# meanwhile): asked again this many times, then Auto-play gives up.
RETRIES = 3
# A timer may fire this early (ms) and still count as on time.
SLACK_MS = 2.0
# The kinds of reply that put another game on the page, or take a move back.
ELSEWHERE = ("new", "undo", "start", "follow", "resync")


def interval_ms(speed: "Any") -> float:
    """The time between two auto-played moves at a speed (moves a second, or "max")."""
    if speed == "max" or not speed:
        return 0.0
    return 1000.0 / float(speed)


def budget_ms(speed: "Any") -> float:
    """How long the solver may search for each auto-played move."""
    return FULL_BUDGET_MS if interval_ms(speed) == 0.0 else PACED_BUDGET_MS


def game_key(revision: int, board: "list[list[int]]") -> str:
    """One game as shown: its revision and board (a board alone may come back, by undo)."""
    return "%d|%s" % (revision, board_attr(board))


def state_key(state: "dict[str, Any] | None") -> "str | None":
    if not state:
        return None
    return game_key(int(state["revision"]), state["board"])


def said_direction(direction: str) -> str:
    return text.say("hint", dir=text.say(direction + "_in"))


class Pilot:
    """The Hint button's pending question and mark, and Auto-play's run."""

    def __init__(self, host: "Any") -> None:
        self.host = host
        self.tickets = 0
        self.hint_ticket = 0  # the Hint answer awaited (0: none)
        self.auto_ticket = 0  # the Auto-play answer awaited (0: none)
        self.running = False
        self.last_move = 0.0  # when Auto-play's last move was applied (host.now())
        self.held: "tuple[str, str, float] | None" = None  # (direction, game, due at)
        self.stale = 0
        self.mark: "tuple[str, str] | None" = None  # (direction, board) shown by Hint

    # -- asking ------------------------------------------------------------------------

    def ticket(self) -> int:
        self.tickets += 1
        return self.tickets

    def hint(self) -> None:
        """The Hint button: stops Auto-play (it is the player's input), then asks."""
        self.stop()
        if not self.host.solver_ready():
            self.host.notify(text.say("solver_starting"))
            return
        self.hint_ticket = self.ticket()
        self.host.ask_solver(HINT_BUDGET_MS, self.hint_ticket, False)

    def toggle(self) -> None:
        """The Auto-play button."""
        if self.running:
            self.stop()
            self.host.view.say(text.say("autoplay_off"))
        else:
            self.start()

    def start(self) -> None:
        if not self.host.solver_ready():
            self.host.notify(text.say("solver_starting"))
            return
        self.running = True
        self.stale = 0
        self.held = None
        self.last_move = self.host.now() - interval_ms(self.host.speed())
        self.host.view.show_autoplay(True)
        self.host.view.say(text.say("autoplay_on"))
        self.ask_next()

    def ask_next(self) -> None:
        self.auto_ticket = self.ticket()
        self.host.ask_solver(budget_ms(self.host.speed()), self.auto_ticket, True)

    def stop(self) -> bool:
        """Stop Auto-play (whatever the reason); whether it was running. Its pending
        answer and any move it queued are dropped."""
        if not self.running:
            return False
        self.running = False
        self.auto_ticket = 0
        self.held = None
        self.host.drop_auto_moves()
        self.host.view.show_autoplay(False)
        return True

    # -- answers -----------------------------------------------------------------------

    def answered(self, answer: "Any") -> None:
        """The engine's answer to a `hint` call (JSON text)."""
        reply = json.loads(str(answer))
        ticket = int(reply.get("ticket") or 0)
        if ticket and ticket == self.hint_ticket:
            self.hint_ticket = 0
            self.show(reply)
        elif ticket and ticket == self.auto_ticket:
            self.auto_ticket = 0
            self.auto_answer(reply)
        # else: asked for by a run or a press since given up: ignored

    def failed(self) -> None:
        """A `hint` call failed (the engine raised; a dead engine is the app's to say)."""
        self.hint_ticket = 0
        self.stop()
        self.host.notify(text.say("solver_failed"))

    def show(self, reply: "dict[str, Any]") -> None:
        """Hint's answer: marked and said if the page still shows that game."""
        if game_key(int(reply["revision"]), reply["board"]) != state_key(self.host.state):
            return  # the player moved meanwhile
        direction = reply["direction"]
        if direction is None:
            self.host.notify(text.say("solver_no_move"))
            return
        self.mark = (direction, board_attr(reply["board"]))
        self.host.view.show_hint(direction)
        self.host.view.say(said_direction(direction))

    def auto_answer(self, reply: "dict[str, Any]") -> None:
        if not self.running:
            return
        key = game_key(int(reply["revision"]), reply["board"])
        if key != state_key(self.host.state):
            self.stale += 1
            if self.stale > RETRIES:
                self.stop()
            else:
                self.ask_next()
            return
        self.stale = 0
        direction = reply["direction"]
        if direction is None:
            self.stop()
            self.host.notify(text.say("solver_no_move"))
            return
        due = self.last_move + interval_ms(self.host.speed())
        self.held = (direction, key, due)
        wait = due - self.host.now()
        if wait > SLACK_MS:
            self.host.later(wait)
        else:
            self.play_held()

    def due(self) -> None:
        """A timer set by `auto_answer` fired (maybe one of a run since stopped)."""
        if self.held is None or not self.running:
            return
        if self.host.now() < self.held[2] - SLACK_MS:
            return  # an older timer: this answer's own one comes later
        self.play_held()

    def play_held(self) -> None:
        held = self.held
        self.held = None
        if held is None or not self.running:
            return
        direction, key, _ = held
        if key != state_key(self.host.state):
            self.ask_next()  # the game changed while the answer waited
            return
        self.host.play_auto(direction)

    # -- what the app tells ------------------------------------------------------------

    def moved(self, changed: bool) -> None:
        """An auto-played move is on the page (and the engine told to take it): the
        next question may go. A move that changed nothing would repeat forever."""
        if not self.running:
            return
        if not changed:
            self.stop()
            return
        self.last_move = self.host.now()
        self.ask_next()

    def after_apply(self, kind: str, changed: bool, state: "dict[str, Any]") -> None:
        """A reply is on the page: the hint mark goes if the board changed, and
        Auto-play stops when the game is no longer being played (won, over) or
        another game is shown."""
        mark = self.mark
        if mark is not None and (board_attr(state["board"]) != mark[1] or (changed and kind in ELSEWHERE)):
            self.clear_mark()
        if self.running and (state["status"] != "playing" or (changed and kind in ELSEWHERE)):
            self.stop()

    def clear_mark(self) -> None:
        if self.mark is not None:
            self.mark = None
            self.host.view.show_hint(None)
