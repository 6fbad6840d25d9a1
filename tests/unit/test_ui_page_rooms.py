"""The page's rooms with one fake page (game/ui/page.py is all a room is handed): each
answer reaches the room that asked and is drawn as that room says, the hand-over, an
import, Auto-play's moves, another tab's game. Pure: runs on CPython and MicroPython.
"""

import json
import sys

from game.ui import handover, rooms, router, shared_saves, text
from game.ui.autoplay import SolverRoom
from game.ui.following import Following
from game.ui.moves import Moves
from game.ui.starting import Start
from game.ui.store import IMPORT, REVIEWS
from game.ui.transfer_dialog import TransferDialog
from tests.unit import languages

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

STATE = {"size": 4, "board": [[2, 0, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]], "score": 0, "moves": 0,
         "won": False, "status": "playing", "mode": "classic", "date": "", "best": 0}


class Recorder:
    """Any object of the page's: records every call, answers None."""

    def __init__(self) -> None:
        self.calls: "list[tuple[Any, ...]]" = []

    def __getattr__(self, name: str) -> "Any":
        def record(*args: "Any", **named: "Any") -> None:
            self.calls.append((name,) + args + tuple(sorted(named.items())))
        return record

    def named(self, name: str) -> "list[tuple[Any, ...]]":
        return [call for call in self.calls if call[0] == name]


def recorder(**values: "Any") -> "Any":
    """A Recorder holding these values."""
    made = Recorder()
    for name, value in values.items():
        setattr(made, name, value)
    return made


class Queue:
    def __init__(self) -> None:
        self.queue: "list[str]" = []
        self.busy = False

    def drop(self, starting: str) -> None:
        self.queue = [action for action in self.queue if not action.startswith(starting)]

    def release(self) -> None:
        pass


class Road:
    """The page's road to whoever answers (game/ui/calls.py): the test says whether the
    engine has the game."""

    def __init__(self, page: "FakePage") -> None:
        self.page = page
        self.in_charge = False

    def ask_engine(self, room: "Any", action: str, name: str, *args: "Any") -> str:
        return self.page.ask(room, action, name, *args)


class FakePage:
    """The one fake a room's test needs."""

    def __init__(self) -> None:
        self.view: "Any" = Recorder()
        self.screen: "Any" = Recorder()
        self.saves = recorder(key="game")
        self.store: "Any" = Recorder()
        self.boards: "Any" = Recorder()
        self.prefs = recorder(values={"size": 4, "undo": 1, "autoplay": "max", "name": "", "language": "en"})
        self.waiting: "Any" = Recorder()
        self.turns = Queue()
        self.calls = Road(self)
        self.early = Recorder()
        self.client: "Any" = Recorder()
        self.state: "dict[str, Any] | None" = dict(STATE)
        self.mode = ""
        self.router: "Any" = None
        self.milestones: "list[str] | None" = None
        self.fatal = False
        self.size = 4
        self.offset = 0
        self.at_work: "list[Any]" = []
        self.current = ""
        self.rooms: "list[Any]" = []
        self.pushed: "list[str]" = []
        self.firsts: "list[str]" = []
        self.asked: "list[tuple[Any, ...]]" = []
        self.told: "list[tuple[Any, ...]]" = []
        self.notices: "list[str]" = []
        self.lasting: "list[str]" = []  # the notices that stay up
        self.held: "list[str]" = []
        self.merged: "list[tuple[str, str]]" = []  # documents stored merged across tabs

    @property
    def in_charge(self) -> bool:
        return self.calls.in_charge

    @property
    def watching(self) -> bool:
        return self.mode != ""

    def proxy(self, fn: "Any") -> "Any":
        return fn

    def push(self, action: str) -> None:
        self.pushed.append(action)

    def first(self, *actions: str) -> None:
        self.firsts.extend(actions)

    def ask(self, room: "Any", action: str, name: str, *args: "Any") -> str:
        """Asked of whoever answers: recorded (the call's name and arguments)."""
        self.asked.append((name,) + args)
        return "promise"

    def carry(self, room: "Any", action: str, name: str, *args: "Any") -> str:
        self.asked.append((name,) + args)
        return "promise"

    def tell(self, event: str, *args: "Any") -> None:
        self.told.append((event,) + args)

    def notify(self, message: str, lasting: bool = False) -> None:
        self.notices.append(message)
        if lasting:
            self.lasting.append(message)

    def store_merged(self, name: str, document: str) -> None:
        self.merged.append((name, document))

    def wait_for_engine(self, action: str) -> None:
        self.held.append(action)

    def now(self) -> float:
        return 1000.0

    def elapsed(self) -> int:
        return 0

    def count_input(self) -> None:
        self.view.count_input()

    def visible(self) -> bool:
        return True

    def later(self, ms: float, callback: "Any") -> None:
        pass

    def engine_gone(self) -> bool:
        return False

    def log_error(self, message: str) -> None:
        pass

    def fail(self, message: str, detail: str = "") -> None:
        self.notices.append("failed: " + detail)

    def epoch_ms(self) -> int:
        return 1764547200000

    def offset_now(self) -> int:
        return 0

    def download(self, name: str, content: str) -> bool:
        return True


def english() -> None:
    languages.load_all()
    text.use("en", languages.table("en"))


def move(changed: bool = True, kind: str = "move") -> "dict[str, Any]":
    return {"kind": kind, "changed": changed, "state": STATE, "points": 0, "direction": "left"}


def test_a_move_the_engine_answers_without_its_lookahead_is_drawn_whole() -> None:
    page = FakePage()
    moves = Moves(page)
    moves.took("left", move())
    moves.taking = True  # shown from the lookahead, its `take` asked
    moves.took("left", move(kind="taken"))
    moves.taking = True
    moves.took("left", move())  # the page showed a lookahead the engine did not have
    assert page.screen.named("show") == [("show", move(), ""), ("show", move(kind="taken"), ""),
                                         ("show", move(), "resync")]


def test_new_over_a_game_in_progress_asks_first_and_over_a_finished_one_starts() -> None:
    english()
    page = FakePage()
    page.boards.mode = "classic"
    moves = Moves(page)
    assert page.state is not None
    page.state["moves"] = 3
    assert moves.begin("new?") is None and page.view.named("open_dialog") == [("open_dialog", "confirm")]
    page.state["status"] = "over"
    assert moves.begin("new?") == "promise" and page.asked == [("new_game", 0)]


def test_the_hand_over_of_the_game_on_screen_draws_nothing_and_lets_the_waiting_go() -> None:
    page = FakePage()
    start = Start(page)
    start.boot_kind = "snapshot"
    page.waiting.release = lambda: ["statistics", "hint"]
    reply = {"kind": "start", "state": dict(STATE), "changed": True}
    start.took("handover", reply)
    assert page.in_charge
    [(_, shown, more, aside, drawn_as)] = page.screen.named("judged")
    assert shown is reply and more == "" and aside is None and drawn_as == "handover"
    assert ("engine",) in page.told and page.pushed == ["statistics", "hint"]
    page.calls.in_charge = False
    start.took("handover-fresh", dict(reply, state=dict(STATE, score=8)))
    [_, (_, _, _, aside, drawn_as)] = page.screen.named("judged")
    assert aside == {"game": True} and drawn_as == ""


class Ready:
    boot = "snapshot"


def paused_page() -> "tuple[FakePage, list[float], list[tuple[float, Any]]]":
    """A page whose clock the test sets, and whose timers it fires."""
    page = FakePage()
    clock = [0.0]
    timers: "list[tuple[float, Any]]" = []
    page.now = lambda: clock[0]  # type: ignore[method-assign]
    page.later = lambda ms, callback: timers.append((clock[0] + ms, callback))  # type: ignore[method-assign]
    return page, clock, timers


def fire(clock: "list[float]", timers: "list[tuple[float, Any]]") -> None:
    at, callback = timers.pop(0)
    clock[0] = at
    callback()


def test_the_hand_over_waits_for_a_pause_in_the_players_keys() -> None:
    """Its round trip would hold every key pressed meanwhile: keys in full flow go on
    with the page's own game, and the engine takes over QUIET_MS after the last one."""
    page, clock, timers = paused_page()
    start = Start(page)
    clock[0] = 1000.0
    start.heard("input", clock[0])
    clock[0] = 1100.0
    start.engine_ready(Ready())
    assert page.firsts == [] and timers[0][0] == 1000.0 + handover.QUIET_MS
    clock[0] = 1300.0
    start.heard("input", clock[0])  # another key before the pause
    fire(clock, timers)
    assert page.firsts == [] and timers[0][0] == 1300.0 + handover.QUIET_MS
    fire(clock, timers)
    assert page.firsts == ["handover"] and timers == [] and start.boot_kind == "snapshot"


def test_without_keys_the_hand_over_is_at_once_and_a_button_or_a_long_burst_does_not_wait() -> None:
    page, clock, timers = paused_page()
    start = Start(page)
    clock[0] = 5000.0
    start.engine_ready(Ready())
    assert page.firsts == ["handover"] and timers == []

    page, clock, timers = paused_page()
    start = Start(page)
    start.heard("input", clock[0])
    start.engine_ready(Ready())
    start.heard("button", "#hint")  # it may want the engine: no more waiting
    assert page.firsts == ["handover"]
    fire(clock, timers)
    assert page.firsts == ["handover"], "handed over once"

    page, clock, timers = paused_page()
    start = Start(page)
    start.heard("input", clock[0])
    start.engine_ready(Ready())
    while not page.firsts:  # a key every 100 ms, without end
        clock[0] += 100.0
        start.heard("input", clock[0])
        while timers and timers[0][0] <= clock[0]:
            fire(clock, timers)
    assert clock[0] == handover.LONGEST_MS


def test_steps_on_another_game_found_at_the_hand_over_go_and_are_said_only_if_the_board_moves() -> None:
    """Steps left beside a game they were not played on (a race between tabs) were
    ignored by the page as by the engine: at the hand-over they are removed, and the
    player hears of refused moves only if the engine's board is not the one shown."""
    english()
    page = FakePage()
    page.waiting.release = lambda: []
    start = Start(page)
    stale = {"steps": 1, "taken": 0, "refused": "not_this_game", "detail": {}}
    start.took("handover", {"kind": "start", "state": dict(STATE), "changed": False, "handover": stale})
    [(_, _, more, _, drawn_as)] = page.screen.named("judged")
    assert page.saves.named("drop_steps") and more == "" and drawn_as == "handover"
    moved = dict(STATE, score=8)
    start.took("handover", {"kind": "start", "state": moved, "changed": True, "handover": stale})
    [_, (_, _, more, _, drawn_as)] = page.screen.named("judged")
    assert more == text.say("handover_refused") and drawn_as == ""


def test_a_hand_over_the_engine_refuses_is_set_aside_and_tried_afresh_once() -> None:
    page = FakePage()
    start = Start(page)
    assert start.refused("handover", "bad") and page.firsts == ["handover-fresh"]
    assert page.saves.named("set_aside_rejected")
    assert start.refused("handover-fresh", "worse") and page.notices == ["failed: worse"]


def test_an_auto_played_move_asks_the_solver_again_once_after_the_engine_took_it() -> None:
    """Auto-play's move is played by the moves room (its lookahead) for the solver room,
    whose answer comes back to the solver room, which hands the game reply to the moves room."""
    page = FakePage()
    page.calls.in_charge = True
    moves = Moves(page)
    page.router = recorder(owner=lambda action: moves)
    solver = SolverRoom(page)
    solver.pilot.running = True
    asked: "list[int]" = []
    solver.pilot.ask_next = lambda: asked.append(1)  # type: ignore[method-assign]
    moves.ahead = {"left": json.dumps(move())}
    assert solver.begin("auto:left") == "promise" and page.asked[-1][0] == "take"
    assert len(page.screen.named("show")) == 1 and asked == [1], "shown once, asked once"
    solver.took("auto:left", move(kind="taken"))  # the engine took it: drawn, not asked again
    assert len(page.screen.named("show")) == 2 and asked == [1] and page.view.named("count_input") == []
    assert solver.begin("auto:left") == "promise" and page.asked[-1][0] == "move" and asked == [1]
    solver.took("auto:left", move())  # the engine's answer, with no lookahead
    assert asked == [1, 1]


def test_the_solvers_network_downloading_is_said_with_its_percentage_and_goes_once_in() -> None:
    """The engine's worker says how the solver's network downloads (assets/engine/client.js
    `onnetwork`): a lasting notice (the page's status region) with the percentage,
    `#game[data-solver]`, and the rooms told; once in, the notice goes (only if it still
    says so) and `data-solver` is `learned`."""
    english()
    page = FakePage()
    solver = SolverRoom(page)
    assert page.client.onnetwork == solver.network
    solver.network("loading", 0, "")
    solver.network("loading", 45, "")
    assert page.lasting == ["Loading the solver… 0%", "Loading the solver… 45%"] == page.notices
    solver.network("installed", 100, "")
    assert page.view.named("hide_notice") == [("hide_notice", "Loading the solver… 45%")]
    assert [call[1] for call in page.view.named("set_attributes")] == [
        (("data-solver", "loading"),), (("data-solver", "loading"),), (("data-solver", "learned"),)]
    assert page.told == [("network", "loading", 0), ("network", "loading", 45), ("network", "installed", 100)]
    assert len(page.notices) == 2, "nothing more is said: the answer it waited for is"


def test_a_network_that_could_not_be_had_is_said_once_and_quietly() -> None:
    """The solver plays by its heuristic then: a notice that goes by itself, said once
    however many times a review tries the download again."""
    english()
    page = FakePage()
    solver = SolverRoom(page)
    for _ in range(2):
        solver.network("loading", 0, "")
        solver.network("failed", 0, "TypeError: Failed to fetch")
    fallback = text.say("solver_heuristic")
    assert page.notices.count(fallback) == 1 and fallback not in page.lasting
    assert page.view.named("set_attributes")[-1][1] == (("data-solver", "heuristic"),)
    assert len(page.view.named("hide_notice")) == 2, "the loading notice went each time"


def test_a_confirmed_import_is_stored_then_its_board_played_and_its_results_told() -> None:
    english()
    page = FakePage()
    transfer = TransferDialog(page)
    transfer.parts = {"games": {"4": None, "5": "five", "6": None}, "best": "b", "stats": "s",
                      "settings": "t"}
    transfer.results = 2
    page.saves.import_all = lambda documents: "stored"
    page.prefs.values["size"] = 5
    assert transfer.begin("import") is None
    assert page.firsts == ["size:5"] and ("imported", 2) in page.told
    assert page.notices == [text.say("imported")]
    assert transfer.begin("import") is None and page.firsts == ["size:5"], "only once"


def test_an_import_storage_refused_is_said_and_nothing_else_happens() -> None:
    """The notice says what is now true: refused, nothing changed (no board, no results
    replayed); kept in memory only where storage keeps nothing, for this visit."""
    english()
    for where, said in (("", "import_refused"), ("memory", "imported_unsaved")):
        page = FakePage()
        transfer = TransferDialog(page)
        transfer.parts = {"games": {"4": "four", "5": None, "6": None}, "best": "b", "stats": "s",
                          "settings": "t"}
        page.saves.import_all = lambda documents, where=where: where
        transfer.begin("import")
        assert page.notices == [text.say(said)]
        assert bool(page.firsts) == bool(where) and bool(page.told) == bool(where)


def test_another_tabs_import_is_taken_once_all_its_documents_are_here() -> None:
    """game/ui/following.py `adopt`: the import's mark comes first; the queue waits (no
    input is played on the games it replaced) until every imported document has reached
    this tab, then the board on screen starts again from storage, and that is said."""
    english()
    page = FakePage()
    following = Following(page)
    following.followed(IMPORT)
    assert page.firsts == [shared_saves.ADOPT]
    landed = [False]
    page.store.import_landed = lambda: landed[0]
    page.saves.imported_elsewhere = lambda: True
    held: "list[str]" = []
    page.turns.hold = held.append  # type: ignore[attr-defined]
    later: "list[Any]" = []
    page.later = lambda ms, callback: later.append(callback)  # type: ignore[method-assign]
    assert following.begin(shared_saves.ADOPT) is None and held == [shared_saves.ADOPT] and later
    assert not page.saves.named("adopt") and not page.asked
    landed[0] = True
    page.saves.read = lambda name: name
    page.saves.read_steps = lambda key: ""
    page.saves.saved_game = "imported"
    following.begin(shared_saves.ADOPT)
    assert page.saves.named("adopt") and page.asked[0][:2] == ("start", "imported")
    following.took(shared_saves.ADOPT, dict(move(kind="start")))
    assert page.screen.named("judged") and page.notices == [text.say("imported_elsewhere")]


def test_another_tabs_game_that_replaced_a_move_shown_here_is_said() -> None:
    english()
    page = FakePage()
    following = Following(page)
    following.took("follow", dict(move(kind="follow"), dropped=True))
    assert page.notices == [text.say("followed_lost")] and page.saves.named("followed")
    following.followed(shared_saves.SHOWN)
    page.turns.queue = ["follow"]
    following.followed(shared_saves.SHOWN)
    assert page.pushed == ["follow"], "queued once"


def test_the_engine_starts_once_the_first_game_is_shown_not_before() -> None:
    """docs/engine-start.md, "When the engine starts": its worker's downloads and start
    would share the link and the cores with the first tiles; it is made once the first
    game is on the page (`await_engine`, after the strings and that game)."""
    page = FakePage()
    events: "list[str]" = []

    class Later:
        def then(self, *handlers: "Any") -> None:
            events.append("ready hooked: " + str(len(handlers)) + " handlers")

    class Client:
        onfailure: "Any" = None
        ready = Later()

        def start(self) -> None:
            events.append("started")

    page.client = Client()
    timers: "list[Any]" = []
    page.later = lambda ms, callback: timers.append(callback)  # type: ignore[method-assign]
    start = Start(page)
    start.boot()
    assert events == [] and timers == [start.first_game] and page.client.onfailure is not None
    start.await_engine()
    assert events == ["started", "ready hooked: 2 handlers"]


def test_once_idle_the_later_rooms_join_one_per_idle_moment() -> None:
    """The rooms the first game does not need join after it is shown, each in an idle
    moment of its own (game/ui/rooms.py LATER), so no key waits behind all of them."""
    page = FakePage()
    joined: "list[str]" = []
    idles: "list[Any]" = []
    page.idle = idles.append  # type: ignore[attr-defined]
    makers = [lambda: joined.append("a"), lambda: joined.append("b")]
    page.router = router.Router([], makers)
    start = Start(page)
    start.settled()
    assert joined == ["a"] and idles == [start.on_settled]
    start.settled()
    assert joined == ["a", "b"] and len(idles) == 1  # none left: no more idle callbacks


def test_a_later_room_is_imported_in_one_idle_moment_and_made_in_the_next() -> None:
    """game/ui/rooms.py `Joining`: its import is a step of its own (True: work was done),
    a second import is nothing to do, and the room is made for the page."""
    page = FakePage()
    joining = rooms.Joining("help_dialog", "HelpDialog", page)
    loaded = sys.modules.pop("game.ui.help_dialog", None)
    try:
        assert joining.prepare() and "game.ui.help_dialog" in sys.modules
        assert not joining.prepare()
        room = joining()
        assert type(room).__name__ == "HelpDialog" and room.page is page
    finally:
        if loaded is not None:
            sys.modules["game.ui.help_dialog"] = loaded
    assert [type(maker) for maker in rooms.later_for(page)] == [rooms.Joining] * len(rooms.LATER)


def test_the_later_rooms_join_once_their_code_is_in_not_before() -> None:
    """On the built site the later rooms' code is downloaded when the page is first idle
    after the first game (game/ui/rooms.py `LATER_CODE`): they join from the first idle
    moment after it is in, one per moment, as before."""
    page = FakePage()
    joined: "list[str]" = []
    idles: "list[Any]" = []
    fetches: "list[Any]" = []
    page.idle = idles.append  # type: ignore[attr-defined]
    page.router = router.Router([], [lambda: joined.append("a"), lambda: joined.append("b")],
                                fetches.append)
    start = Start(page)
    start.settled()
    assert joined == [] and idles == [] and len(fetches) == 1
    fetches[0]()
    assert idles == [start.on_settled] and joined == []
    start.settled()
    assert joined == ["a"] and len(idles) == 2


def test_share_before_the_later_rooms_code_is_in_shares_once_it_is() -> None:
    """Its text is written by a later room's module (game/ui/replays.py)."""
    english()
    page = FakePage()
    fetches: "list[Any]" = []
    page.router = router.Router([], [lambda: None], fetches.append)
    page.state = dict(STATE, max_tile=2)
    shared: "list[Any]" = []
    page.share = lambda *args: shared.append(args)  # type: ignore[attr-defined]
    page.address = lambda: "https://example.org/2048/"  # type: ignore[attr-defined]
    Moves(page).click("share", None)
    assert shared == [] and len(fetches) == 1
    fetches[0]()
    assert len(shared) == 1 and "2048" in str(shared[0])


def test_stored_reviews_another_tab_stored_since_are_merged_then_stored() -> None:
    """A finished review is stored merged with what another tab stored since it began
    (game/ui/shared_saves.py `store_merged` answers "reviews"): the engine merges them by game,
    and that answer is what is kept."""
    page = FakePage()
    following = Following(page)
    page.saves.read = lambda name: '"their reviews"' if name == REVIEWS else ""
    assert following.begin(REVIEWS) == "promise" and page.asked == [("merge_reviews", '"their reviews"')]
    following.took(REVIEWS, {"kind": "reviews", "kept_save": "merged"})
    assert page.merged == [(REVIEWS, "merged")] and not page.screen.calls
