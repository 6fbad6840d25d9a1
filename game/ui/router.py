"""Who does what on the page, read from the rooms' own tables.

Every feature of the page is a room (game/ui/rooms.py lists them) that declares, as
plain class attributes, what it owns; nothing else names it:
- ACTIONS: the queue actions it begins (`begin(action)`: the engine's promise, or None
  when it acted at once). An action is a name, or "name:argument" (a board size, a
  result code, a stored game's key); the name is what is looked up.
- REPLIES: the reply kinds its calls are answered with. Every answer goes back to the
  room that asked (`took(action, reply)`), as the engine sent it, by one road
  (game/ui/calls.py), which refuses a kind the room does not declare.
- BUTTONS: button name -> (dialogs it closes, dialog it opens, action it queues), done
  here; or None: the room's `click(name, button)` does it.
- CHANGES: the `change` events it handles, by element id, or "setting" for any
  control with a `data-setting` (`changed(name, target)`).
- FOLLOWS: the storage keys whose writes by another tab it follows (`tabs.SHOWN`: the
  game on screen, whichever board): `followed(key)`.
- DIALOGS: the dialogs it opens in front of the board (a move key does nothing there).
- WAITS: its actions only the engine carries out -> the control that shows "starting"
  while they wait for it (game/ui/waiting.py); `held(action)` if it has more to say.
  TOGGLES: those of them that a second ask takes back while they wait (Auto-play).
- MODES: the key modes it puts the board in (the page's `mode`), each with what a
  direction key queues then: "" nothing of the game's (it only counts), or the prefix
  of its own action ("practice:" + the direction); game/ui/keys.py `queued`.
- HEARS: what it is told of as it happens (`heard(event, *args)`): "watch" (a recorded
  game is asked for the board: a key meanwhile is no move of the game), "input" (a key or
  swipe of the player's; when, `page.now()`), "button" (which one, before its owner acts), "shown" (a game
  reply is on the page: its kind, whether it changed, the state, its lookahead), "engine" (the engine
  took over), "language" (the strings are in; whether it is the first time), "setting"
  (which, whether this tab chose it), "hidden" (the page was hidden or shown; whether
  it is being left), "link" (a result code in the address), "failed" (the engine is
  gone), "verified" (a code checked: the answer), "imported" (an import stored: its
  results), "watched" (a recorded game's position is on the board: moves made, of how
  many), "reviewed" (a review is done: the game it names, its moves), "network" (the
  solver's network downloads for a question that waits for it, or is in, or could not
  be had: its state, the percent downloaded; game/ui/autoplay.py `SolverRoom.network`).

Pure (tested on CPython and MicroPython): two rooms claiming one name is an error at
start, so a new room can only add. Looking up a name is one dictionary read, as cheap
as the if-chains it replaced. The rooms the first game does not need join a moment
later (`Router.complete`): importing them cost the first key on a phone. On the built
site their code is not even downloaded before the first game (game/ui/rooms.py
`LATER_CODE`): what only they could do waits for it (`when_in`), then is done in order.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TABLES = ("ACTIONS", "BUTTONS", "CHANGES", "FOLLOWS", "DIALOGS")
EVENTS = ("watch", "input", "button", "shown", "engine", "language", "setting", "hidden", "link", "failed",
          "verified", "imported", "watched", "reviewed", "network")


def name_of(action: str) -> str:
    """The name an action is routed by: "size:5" -> "size"."""
    cut = action.find(":")
    return action if cut < 0 else action[:cut]


def claims(rooms: "list[Any]", table: str) -> "dict[str, Any]":
    """Name -> the room that claims it in `table`; a name claimed twice is an error."""
    owners: "dict[str, Any]" = {}
    for room in rooms:
        for name in getattr(room, table, ()):
            if name in owners:
                raise ValueError("%s %r is claimed by %s and %s" % (
                    table, name, type(owners[name]).__name__, type(room).__name__))
            owners[name] = room
    return owners


class Router:
    """The tables of the rooms in; `later`, if given, lists what makes each of the rest
    (the rooms the first game does not need, game/ui/rooms.py): they join one at a time
    once the page is idle (`join_next()`), or all at once when a name only they could
    own is looked up first (`complete()`). What is told meanwhile is kept and told to
    each, in order, as it joins."""

    def __init__(self, rooms: "list[Any]", later: "list[Any] | None" = None, fetch: "Any" = None) -> None:
        self.rooms: "list[Any]" = []
        self.actions: "dict[str, Any]" = {}
        self.buttons: "dict[str, Any]" = {}
        self.changes: "dict[str, Any]" = {}
        self.follows: "dict[str, Any]" = {}
        self.dialogs: "tuple[str, ...]" = ()
        self.waits: "dict[str, str]" = {}
        self.toggles: "list[str]" = []
        self.modes: "dict[str, str]" = {}
        self.hearing: "dict[str, list[Any]]" = {event: [] for event in EVENTS}
        self.later: "list[Any]" = list(later or [])  # what makes each room still to join
        self.missed: "list[tuple[str, tuple[Any, ...]]]" = []  # told while some are still to join
        # What brings the later rooms' code when it is not here yet (`fetch(done)`: calls
        # `done()` once it can be imported), and what waits for it meanwhile, in order.
        self.fetch = fetch
        self.fetching = False
        self.postponed: "list[Any]" = []
        self.join(rooms)

    def join(self, rooms: "list[Any]") -> None:
        """`rooms` join those in; a name claimed twice is an error, as at start. The
        tables are filled in place: the page's waiting room holds `waits`."""
        self.rooms = self.rooms + list(rooms)
        for table, name in ((self.actions, "ACTIONS"), (self.buttons, "BUTTONS"), (self.changes, "CHANGES"),
                            (self.follows, "FOLLOWS")):
            table.update(claims(self.rooms, name))
        self.dialogs = tuple(claims(self.rooms, "DIALOGS"))
        for name, room in claims(rooms, "WAITS").items():
            self.waits[name] = room.WAITS[name]
        for name, room in claims(rooms, "MODES").items():
            self.modes[name] = room.MODES[name]
        for room in rooms:
            self.toggles.extend(getattr(room, "TOGGLES", ()))
        for room in rooms:
            for event in getattr(room, "HEARS", ()):
                if event not in self.hearing:
                    raise ValueError("%s hears %r, which never happens" % (type(room).__name__, event))
                self.hearing[event].append(room)

    def code_in(self) -> bool:
        """Whether the later rooms' code can be imported now; if not, it is asked for
        (once)."""
        if self.fetch is None:
            return True
        if not self.fetching:
            self.fetching = True
            self.fetch(self.arrived)
        return False

    def arrived(self) -> None:
        """The later rooms' code is in: what waited for it is done, in the order asked."""
        self.fetch = None
        postponed, self.postponed = self.postponed, []
        for call in postponed:
            call()

    def when_in(self, call: "Any") -> bool:
        """True if `call` (no arguments) is kept for when the later rooms' code is in:
        the caller stops there. False: the code is here (or no room is still to join),
        go on now."""
        if not self.later or self.code_in():
            return False
        self.postponed.append(call)
        return True

    def complete(self) -> bool:
        """Every later room still to join joins now (True if any did), and hears what
        it missed; none can before their code is in (`when_in`)."""
        if not self.later or not self.code_in():
            return False
        makers, self.later = self.later, []
        self.joined_late([make() for make in makers])
        return True

    def join_next(self) -> bool:
        """One idle moment's work towards the next later room: its module imported if
        its maker can do that apart (`prepare()`: True if it did), else the room made,
        joined, and told what it missed. True while there is more to do (the code must
        be in: `when_in`)."""
        if self.later and self.code_in():
            prepare = getattr(self.later[0], "prepare", None)
            if prepare is not None and prepare():
                return True
            self.joined_late([self.later.pop(0)()])
        return bool(self.later)

    def joined_late(self, rooms: "list[Any]") -> None:
        self.join(rooms)
        missed = self.missed
        if not self.later:
            self.missed = []
        for event, args in missed:
            for room in rooms:
                if event in getattr(room, "HEARS", ()):
                    room.heard(event, *args)

    def owner(self, action: str) -> "Any":
        room = self.actions.get(name_of(action))
        if room is None and self.complete():
            room = self.actions.get(name_of(action))
        if room is None:
            raise KeyError("no room begins %r" % action)
        return room

    def needs_engine(self, action: str) -> bool:
        if name_of(action) not in self.actions:
            self.complete()  # the later rooms join if it is theirs
        return name_of(action) in self.waits

    def held(self, action: str) -> None:
        room = self.actions.get(name_of(action))
        held = getattr(room, "held", None) if room is not None else None
        if held is not None:
            held(action)

    def click(self, name: str, button: "Any", view: "Any", push: "Any") -> bool:
        """A button: its table row carried out, or its room asked. False: nobody's."""
        room = self.buttons.get(name)
        if room is None and self.when_in(lambda: self.click(name, button, view, push)):
            return True
        if room is None and self.complete():
            room = self.buttons.get(name)
        if room is None:
            return False
        self.tell("button", name)
        row = room.BUTTONS[name]
        if row is None:
            room.click(name, button)
            return True
        closes, opens, action = row
        for dialog in closes:
            view.close_dialog(dialog)
        if opens:
            view.open_dialog(opens)
        if action:
            push(action)
        return True

    def changed(self, element_id: str, setting: str, target: "Any") -> None:
        if element_id not in self.changes and self.when_in(lambda: self.changed(element_id, setting, target)):
            return
        self.complete()  # a control of the page's: the room that owns it is in
        if element_id in self.changes:
            self.changes[element_id].changed(element_id, target)
        elif setting and "setting" in self.changes:
            self.changes["setting"].changed(setting, target)

    def followed(self, key: str) -> None:
        room = self.follows.get(key)
        if room is None and self.when_in(lambda: self.followed(key)):
            return
        if room is None and self.complete():
            room = self.follows.get(key)
        if room is not None:
            room.followed(key)

    def tell(self, event: str, *args: "Any") -> None:
        if self.later:
            self.missed.append((event, args))
        for room in self.hearing[event]:
            room.heard(event, *args)
