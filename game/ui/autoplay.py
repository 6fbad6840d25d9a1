"""Hint and Auto-play: the engine's solver asked for a move, then shown or played.

The search runs in the engine's worker (game/api.py `hint`, game/solver): the page
asks with a time budget and a ticket, and the answer names the game it was chosen for
(its revision and board). This room decides what to ask, when, and what an answer
still means; its room (`SolverRoom`, the Pilot's host) does the asking through the page.

Hint asks with HINT_BUDGET_MS, then marks the direction on the board and says it in
the live region, as long as the page still shows that very game; the mark goes as
soon as the board changes. Auto-play asks with a shorter budget (`budget_ms`), plays
the answer through the page's queue exactly like a key press (its lookahead,
animations, announcements, saves, statistics, dialogs) and asks again once that move
is on the page, never sooner. An answer that comes before its time (the chosen speed,
`interval_ms`) waits on a browser timer, so the moves are evenly spaced; at "max" it
is played as soon as it comes, animations or not (the view redraws over them). Any
input of the player, the game ending or being won, another game shown, or the tab
hidden stops it; whatever answer arrives after that is ignored.

The solver's learned network (4x4) is downloaded by the engine's worker when a search
first needs it (assets/engine/network.mjs): the question waits meanwhile, and the room
says so (`SolverRoom.network`), for every room that asks the solver.

Pure: the host is handed in (`SolverRoom`, itself handed the page; tests use a fake), so
this runs on CPython and MicroPython alike. The host provides `solver_ready()`, `ask_solver(budget_ms,
ticket, paced)`, `play_auto(direction)`, `drop_auto_moves()`, `later(ms)` (which calls `due`),
`now()` (ms), `speed()` (the setting), `notify(text)`, `state` (the engine's last state
on the page, or None) and `view` with `say`, `show_hint` and `show_autoplay`.
"""

from game.ui import text
from game.ui.snapshot import board_attr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Hint: the player waits for it, and it should be a good move: a short search.
# 60 ms of search: with the message both ways the answer stays under 100 ms (tests/bench/hint.py).
HINT_BUDGET_MS = 60.0
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
# `#game[data-solver]` for each state of the solver's network (assets/engine/client.js).
SOLVER_STATES = {"loading": "loading", "installed": "learned", "failed": "heuristic"}


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

    def answered(self, reply: "dict[str, Any]") -> None:
        """The engine's answer to a `hint` call."""
        ticket = int(reply.get("ticket") or 0)
        if ticket and ticket == self.hint_ticket:
            self.hint_ticket = 0
            self.show(reply)
        elif ticket and ticket == self.auto_ticket:
            self.auto_ticket = 0
            self.auto_answer(reply)
        # else: asked for by a run or a press since given up: ignored

    def failed(self) -> None:
        """A `hint` call failed (the engine raised; a dead engine is the page's to say)."""
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

    # -- what the room tells -----------------------------------------------------------

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


class SolverRoom:
    """The room of the solver's two buttons, Hint and Auto-play: it asks the engine's
    solver for the Pilot, plays Auto-play's moves through the queue, and stops Auto-play
    when the player takes over (a key, a swipe, another button, a link, a hidden page)."""

    ACTIONS = ("auto", "hint", "autoplay")
    REPLIES = ("move", "taken", "hint")
    TOGGLES = ("autoplay",)  # asked again while it waits for the engine: taken back
    WAITS = {"hint": "hint", "autoplay": "autoplay"}
    BUTTONS = {"#hint": None, "#autoplay": None}
    HEARS = ("input", "button", "shown", "link", "hidden", "failed")
    # Buttons Auto-play goes on through: its own, and the replay bar's.
    GOES_ON = ("#autoplay", "#watch-play", "#watch-step", "#watch-close")

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.view = page.view
        self.pilot = Pilot(self)
        self.on_due = page.proxy(self.pilot.due)
        page.at_work.append(lambda: self.pilot.running)  # Auto-play wants the engine
        self.loading = ""  # the notice that says the solver's network downloads, while shown
        self.fell_back = False  # the network could not be had: said once
        page.client.onnetwork = page.proxy(self.network)

    @property
    def state(self) -> "dict[str, Any] | None":
        state: "dict[str, Any] | None" = self.page.state
        return state

    def moves(self) -> "Any":
        """The room that owns the game's moves and their lookahead (game/ui/moves.py)."""
        return self.page.router.owner("left")

    def begin(self, action: str) -> "Any":
        if action == "hint":
            self.pilot.hint()
            return None
        if action == "autoplay":
            self.pilot.start()
            return None
        ticket = self.moves().play(self, action, action[5:], False)
        if ticket is not None and self.moves().taking:  # shown: the next question is asked of this game
            self.pilot.moved(True)
        elif ticket is None and self.page.in_charge:  # the lookahead said nothing moves
            self.pilot.moved(False)
        return ticket

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        """Hint's and Auto-play's question answered, or an auto-played move: drawn and
        its lookahead kept by the moves room; asked without a lookahead, the next
        question goes now."""
        if reply["kind"] == "hint":
            self.pilot.answered(reply)
            return
        moves = self.moves()
        shown = moves.taking
        moves.took(action, reply)
        if not shown:
            self.pilot.moved(reply["changed"])

    def refused(self, action: str, error: str) -> bool:
        """A `hint` call failed (the engine raised; a dead engine is the page's to say);
        an auto-played move failed as a key's would."""
        if action == "hint":
            self.pilot.failed()
            return True
        return bool(self.moves().refused(action, error))

    def click(self, name: str, button: "Any") -> None:
        if not self.page.in_charge:
            self.page.wait_for_engine("hint" if name == "#hint" else "autoplay")
        elif name == "#hint":
            self.pilot.hint()
        else:
            self.pilot.toggle()

    def heard(self, event: str, *args: "Any") -> None:
        if event == "shown":
            self.pilot.after_apply(args[0], args[1], args[2])
        elif event == "button":
            if args[0] not in self.GOES_ON:
                self.pilot.stop()
        elif event != "hidden" or not self.page.visible():
            self.pilot.stop()

    def network(self, state: "Any", percent: "Any", reason: "Any" = "") -> None:
        """The solver's network as the engine's worker downloads it, for any room's
        question that waits for it (Hint, Auto-play, a review, a practice's Hint, Retry):
        `#game[data-solver]` says where it is; while it downloads, a lasting notice says
        so with how much has come (`#notice`, the page's status region); once it is in,
        that notice goes; if it could not be had, a quiet notice says once that the
        solver plays by its simpler rules. The rooms hear it too (a review says it in
        its own status, in front of the board)."""
        state = str(state)
        percent = int(percent)
        page = self.page
        page.view.set_attributes((("data-solver", SOLVER_STATES.get(state, state)),))
        if state == "loading":
            self.loading = text.say("solver_loading", n=percent)
            page.notify(self.loading, True)
        elif self.loading:
            page.view.hide_notice(self.loading)  # (another notice since stays)
            self.loading = ""
        if state == "failed" and not self.fell_back:
            self.fell_back = True
            page.notify(text.say("solver_heuristic"))
        page.tell("network", state, percent)

    # -- the Pilot's host --------------------------------------------------------------------

    def solver_ready(self) -> bool:
        page = self.page
        return page.in_charge and not page.fatal and page.state is not None

    def ask_solver(self, budget_ms: float, ticket: int, paced: bool) -> None:
        self.page.ask(self, "hint", "hint", budget_ms, ticket, 1 if paced else 0)

    def notify(self, message: str) -> None:
        self.page.notify(message)

    def play_auto(self, direction: str) -> None:
        self.page.push("auto:" + direction)

    def drop_auto_moves(self) -> None:
        self.page.turns.drop("auto:")

    def later(self, ms: float) -> None:
        self.page.later(ms, self.on_due)

    def now(self) -> float:
        return float(self.page.now())

    def speed(self) -> "Any":
        return self.page.prefs.values["autoplay"]
