"""The page's rooms and the router built from their tables (game/ui/router.py,
game/ui/rooms.py): every name has one owner, an answer goes back to the room that
asked, a new dialog is one room. Pure: runs on CPython and in real MicroPython.
"""

from game.ui import rooms, router
from game.ui.moves import Moves
from game.ui.screen import Screen
from game.ui.starting import Start
from game.ui.switching import Switching

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

PAGE_ROOMS = [Screen, Start] + list(rooms.every())


class View:
    def __init__(self) -> None:
        self.opened: "list[str]" = []
        self.closed: "list[str]" = []

    def open_dialog(self, name: str) -> None:
        self.opened.append(name)

    def close_dialog(self, name: str) -> None:
        self.closed.append(name)


class Asking:
    """A room with one action, which records what it was answered."""

    def __init__(self, name: str) -> None:
        self.ACTIONS = (name,)
        self.answers: "list[tuple[str, Any]]" = []

    def begin(self, action: str) -> str:
        return "promise of " + action

    def took(self, action: str, reply: "Any") -> None:
        self.answers.append((action, reply))


def raises(call: "Any") -> bool:
    try:
        call()
    except ValueError:
        return True
    return False


def test_the_pages_rooms_claim_every_name_once() -> None:
    built = router.Router(PAGE_ROOMS)  # two claims of one name would raise here
    for table in router.TABLES:
        claimed: "list[str]" = []
        for room in PAGE_ROOMS:
            claimed += list(getattr(room, table, ()))
        assert len(claimed) == len(set(claimed)), table
    assert built.owner("size:5") is Switching and built.owner("left") is Moves
    assert built.owner("auto:up").__name__ == "SolverRoom" and built.owner("handover:game-5") is Start


def test_a_name_claimed_by_two_rooms_is_refused_at_start() -> None:
    class Other:
        BUTTONS = {"#undo": None}

    assert raises(lambda: router.Router(PAGE_ROOMS + [Other]))

    class Deaf:
        HEARS = ("thunder",)

    assert raises(lambda: router.Router([Deaf]))


def test_an_action_is_begun_by_the_room_that_claims_its_name() -> None:
    size, watch = Asking("size"), Asking("watch")
    routes = router.Router([size, watch])
    assert routes.owner("watch:daily:2026-12-01") is watch and routes.owner("size:6") is size
    try:
        routes.owner("nobody")
    except KeyError:
        return
    raise AssertionError("an action nobody claims was begun")


def test_every_room_that_asks_declares_the_kinds_it_is_answered_with() -> None:
    """The road back (game/ui/calls.py) refuses a reply of a kind its room does not
    declare: a room that begins actions has a REPLIES table, and no kind is claimed by
    a room for nothing (each is a kind the engine or the page's own game answers)."""
    for room in PAGE_ROOMS:
        if getattr(room, "ACTIONS", ()):
            assert getattr(room, "REPLIES", None), room.__name__


def test_only_the_engines_actions_wait_for_it() -> None:
    routes = router.Router(PAGE_ROOMS)
    for action in ("statistics", "verify", "watch:game", "watch-step", "resume", "export", "hint",
                   "rankings"):
        assert routes.needs_engine(action), action
    for action in ("left", "undo", "new", "new?", "size:5", "mode", "clock", "keep", "follow", "start"):
        assert not routes.needs_engine(action), action


def test_a_new_dialog_is_one_room_and_its_buttons_work_without_another_edit() -> None:
    class Credits:  # a dialog of its own: its buttons, its dialog
        BUTTONS = {"#credits": ((), "credits", ""), "close-credits": (("credits",), "", "")}
        DIALOGS = ("credits",)

    assert "credits" in router.Router(PAGE_ROOMS + [Credits]).dialogs  # joins the page's rooms
    routes = router.Router([Credits])  # (the page's rooms themselves are classes here)
    view = View()
    pushed: "list[str]" = []
    assert routes.click("#credits", None, view, pushed.append) and view.opened == ["credits"]
    assert routes.click("close-credits", None, view, pushed.append) and view.closed == ["credits"]
    assert pushed == []
    assert not routes.click("#nobodys", None, view, pushed.append)


def test_a_button_with_an_action_queues_it_after_closing_its_dialogs() -> None:
    view = View()
    pushed: "list[str]" = []
    assert router.Router([Moves]).click("confirm-new", None, view, pushed.append)
    assert view.closed == ["confirm"] and pushed == ["new"]


def test_an_action_is_routed_by_its_name_before_the_colon() -> None:
    assert router.name_of("size:5") == "size"
    assert router.name_of("watch:daily:2026-12-01") == "watch"
    assert router.name_of("left") == "left"


def test_every_write_of_another_tab_that_matters_has_one_room_following_it() -> None:
    from game.ui import shared_saves

    followed = router.Router(PAGE_ROOMS).follows
    assert set(followed) == {shared_saves.SHOWN} | set(shared_saves.FOLLOWED)
    assert shared_saves.stored_elsewhere("game-6", "game-6") in followed
    assert all(shared_saves.stored_elsewhere(key, "game") in followed for key in shared_saves.FOLLOWED)


class Late:
    """A room the first game does not need: it records what it heard."""

    ACTIONS = ("hint",)
    BUTTONS = {"#help": ((), "help", "")}
    CHANGES = ("stats-size",)
    FOLLOWS = ("settings",)
    DIALOGS = ("help",)
    WAITS = {"hint": "hint"}
    HEARS = ("link", "input")

    def __init__(self) -> None:
        self.heard_so_far: "list[tuple[Any, ...]]" = []
        self.changes_seen: "list[str]" = []
        self.followed_keys: "list[str]" = []

    def heard(self, event: str, *args: "Any") -> None:
        self.heard_so_far.append((event,) + args)

    def begin(self, action: str) -> str:
        return "asked " + action

    def changed(self, name: str, target: "Any") -> None:
        self.changes_seen.append(name)

    def followed(self, key: str) -> None:
        self.followed_keys.append(key)


def later_router() -> "tuple[router.Router, list[Late]]":
    made: "list[Late]" = []

    def make() -> "Late":
        made.append(Late())
        return made[-1]

    return router.Router([Moves], [make]), made


def test_the_later_rooms_join_once_and_hear_what_was_told_before_in_order() -> None:
    routes, made = later_router()
    routes.tell("input")
    routes.tell("link")
    routes.tell("input")
    assert made == [] and "hint" not in routes.actions and "help" not in routes.dialogs
    assert routes.complete() and not routes.complete()  # once
    assert len(made) == 1 and made[0].heard_so_far == [("input",), ("link",), ("input",)]
    assert "help" in routes.dialogs and routes.waits == {"hint": "hint"}
    routes.tell("link", "now")
    assert made[0].heard_so_far[-1] == ("link", "now") and len(made[0].heard_so_far) == 4


def test_what_only_a_later_room_owns_brings_them_in_at_once() -> None:
    asks: "list[Any]" = [
        lambda routes: routes.owner("hint").begin("hint") == "asked hint",
        lambda routes: routes.needs_engine("hint"),
        lambda routes: routes.click("#help", None, View(), [].append),
        lambda routes: [routes.changed("stats-size", "", None), True][-1],
        lambda routes: [routes.followed("settings"), True][-1],
    ]
    for ask in asks:
        routes, made = later_router()
        assert ask(routes) and len(made) == 1
    routes, made = later_router()
    routes.changed("stats-size", "", None)
    routes.followed("settings")
    assert made[0].changes_seen == ["stats-size"] and made[0].followed_keys == ["settings"]


def test_before_the_later_rooms_code_is_in_what_only_they_do_waits_for_it_in_order() -> None:
    """The built site downloads the later rooms' code after the first game (game/ui/rooms.py
    `LATER_CODE`): asked for once, at the first need; meanwhile nothing is dropped and
    no import is tried; the first game's own buttons act at once."""
    made: "list[Late]" = []
    fetches: "list[Any]" = []

    def make() -> "Late":
        made.append(Late())
        return made[-1]

    routes = router.Router([Moves], [make], fetches.append)
    view, pushed = View(), []  # type: ignore[var-annotated]
    assert routes.click("#help", None, view, pushed.append)
    routes.followed("settings")
    routes.changed("stats-size", "", None)
    assert not routes.complete() and routes.join_next()  # none can join yet
    order: "list[str]" = []
    assert routes.when_in(lambda: order.append("kept"))
    assert routes.click("confirm-new", None, view, pushed.append) and pushed == ["new"]
    assert made == [] and view.opened == [] and len(fetches) == 1  # asked for once
    fetches[0]()
    assert len(made) == 1 and view.opened == ["help"] and order == ["kept"]
    assert made[0].followed_keys == ["settings"] and made[0].changes_seen == ["stats-size"]
    assert not routes.when_in(lambda: order.append("late")) and order == ["kept"]
    assert len(fetches) == 1


def test_without_later_rooms_or_with_their_code_in_nothing_waits() -> None:
    fetches: "list[Any]" = []
    assert not router.Router([Moves], [], fetches.append).when_in(lambda: None)
    assert not router.Router([Moves], [Late]).when_in(lambda: None)
    assert fetches == []


def test_the_first_games_own_names_do_not_wait_for_the_later_rooms() -> None:
    routes, made = later_router()
    assert routes.owner("left") is Moves and not routes.needs_engine("undo")
    assert routes.click("confirm-new", None, View(), [].append)
    assert made == []


def test_a_later_room_claiming_a_name_already_claimed_is_refused_as_it_joins() -> None:
    class Twin:
        ACTIONS = ("left",)

    routes = router.Router([Moves], [Twin])
    assert raises(routes.complete)



def test_a_later_rooms_import_and_its_making_are_two_idle_moments() -> None:
    """A maker that can import apart (game/ui/rooms.py `Joining`) gives the import one
    idle moment and the room's making the next: with a phone's CPU the two together
    were a long task among the player's first keys. `complete` still makes every room
    at once, prepared or not."""
    made: "list[Any]" = []

    class Quiet:
        DIALOGS = ("quiet",)

    class Still:
        DIALOGS = ("still",)

    class Maker:
        def __init__(self, room: "Any") -> None:
            self.room = room
            self.imports = 0

        def prepare(self) -> bool:
            if self.imports:
                return False
            self.imports += 1
            return True

        def __call__(self) -> "Any":
            self.prepare()
            made.append(self.room())
            return made[-1]

    first, second, third = Maker(Late), Maker(Quiet), Maker(Still)
    routes = router.Router([Moves], [first, second, third])
    routes.tell("input")
    assert routes.join_next() and first.imports == 1 and made == []
    assert routes.join_next() and len(made) == 1 and second.imports == 0
    assert made[0].heard_so_far == [("input",)]
    assert routes.join_next() and second.imports == 1 and len(made) == 1
    assert routes.complete() and len(made) == 3 and third.imports == 1 and second.imports == 1
    assert "quiet" in routes.dialogs and "still" in routes.dialogs  # no order: MicroPython's dicts
    assert not routes.join_next() and routes.later == []


def test_the_later_rooms_join_one_at_a_time_each_hearing_all_it_missed() -> None:
    """One room per idle moment (game/ui/starting.py): each import in a task of its own,
    and each room still hears, in order, everything told before it joined."""
    made: "list[Late]" = []

    def make() -> "Late":
        made.append(Late())
        return made[-1]

    class Quiet:
        DIALOGS = ("quiet",)

    routes = router.Router([Moves], [make, Quiet])
    routes.tell("input")
    assert routes.join_next() and len(made) == 1 and "quiet" not in routes.dialogs
    routes.tell("link", "now")
    assert made[0].heard_so_far == [("input",), ("link", "now")]
    assert not routes.join_next() and "quiet" in routes.dialogs
    assert routes.missed == [] and not routes.complete() and not routes.join_next()
    routes.tell("input")
    assert routes.missed == [] and made[0].heard_so_far[-1] == ("input",)
