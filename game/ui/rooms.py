"""The page's rooms: every feature, each in a file of its own, declaring in plain
tables what it owns (game/ui/router.py). A new dialog is a new file and one line in
`LATER` below; the page, the router and the input room do not change.

The rooms the first game needs are imported at start; the others when the page is
first idle after it (or at once when something only they own is asked first):
importing them is MicroPython work on the main thread, before the first key on a
phone (docs/performance.md).

Pure: the tables are read by tests on CPython (no two rooms claim one name; every button
of index.html has an owner), and the rooms run on MicroPython in the page.
"""

import sys

from game.ui.following import Following
from game.ui.moves import Moves
from game.ui.switching import Switching

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

ROOMS = (
    Moves,  # the game in play: moves, undo, new game, keep playing, Share
    Switching,  # another size, the daily board
    Following,  # another tab's game, best scores and statistics
)


# The rooms that join once the first game is on screen, in the order they join, as
# (module in game/ui, class): each room's module is imported in one idle moment of the
# page and the room made in the next (game/ui/starting.py, `Joining`), so that no
# single task among the player's first keys imports or makes them all.
LATER = (
    ("check_dialog", "CheckDialog"),  # a result code checked
    ("replays", "Replays"),  # watching a recorded game
    ("settings_dialog", "SettingsDialog"),
    ("statistics_dialog", "StatisticsDialog"),
    ("help_dialog", "HelpDialog"),
    ("transfer_dialog", "TransferDialog"),  # Export and Import
    ("rankings_room", "RankingsRoom"),  # your friends' Rankings
    ("autoplay", "SolverRoom"),  # Hint and Auto-play
    ("review_dialog", "ReviewDialog"),  # a game graded move by move
    ("practice", "Practice"),  # a reviewed game played on from one of its positions
    ("retry", "Retry"),  # a review's mistakes, retried one by one
)


# What brings the later rooms' code, where it is not in at start: None on the
# development page and in the one offline file (every module is there); on the built
# site its entry script (build/site/unpack.py) sets it, before the page is imported, to
# `fetch(done)`, which downloads that code once asked (game/ui/router.py `when_in`: at
# the first idle moment after the first game, or when something only a later room does
# is asked first) and calls `done()` when it can be imported.
LATER_CODE: "Any" = None


PACKAGE = "game.ui."  # where the later rooms' modules are


def imported(module: str, name: str) -> "Any":
    """A later room's class, its module imported now."""
    full = PACKAGE + module
    __import__(full)
    return getattr(sys.modules[full], name)


def later() -> "tuple[Any, ...]":
    """The later rooms' classes, all imported now."""
    return tuple(imported(module, name) for module, name in LATER)


class Joining:
    """What makes one later room for the page, in two steps the router can give an
    idle moment each (`Router.join_next`): its module imported (`prepare`), then the
    room made: a key pressed meanwhile waits behind the shorter of the two (the longest
    idle task with the CPU 4x slower, 17.6 ms in one piece, 13.1 ms in two;
    docs/performance.md)."""

    def __init__(self, module: str, name: str, page: "Any") -> None:
        self.module = module
        self.name = name
        self.page = page

    def prepare(self) -> bool:
        """Import the room's module; True if that was work done now (it was not yet
        imported), False if the room can be made at once."""
        if PACKAGE + self.module in sys.modules:
            return False
        imported(self.module, self.name)
        return True

    def __call__(self) -> "Any":
        return imported(self.module, self.name)(self.page)


def later_for(page: "Any") -> "list[Any]":
    """For the router: per later room, what imports and makes it for `page`."""
    return [Joining(module, name, page) for module, name in LATER]


def every() -> "tuple[Any, ...]":
    """All of them (the tests read their tables)."""
    return ROOMS + later()
