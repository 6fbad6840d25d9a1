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


def _replays() -> "Any":
    from game.ui.replays import Replays  # result codes: checking one, watching a game

    return Replays


def _settings() -> "Any":
    from game.ui.settings_dialog import SettingsDialog

    return SettingsDialog


def _statistics() -> "Any":
    from game.ui.statistics_dialog import StatisticsDialog

    return StatisticsDialog


def _help() -> "Any":
    from game.ui.help_dialog import HelpDialog

    return HelpDialog


def _transfer() -> "Any":
    from game.ui.transfer import Transfer  # Export and Import

    return Transfer


def _rankings() -> "Any":
    from game.ui.rankings_room import RankingsRoom  # your friends' board

    return RankingsRoom


def _solver() -> "Any":
    from game.ui.autoplay import Solver  # Hint and Auto-play

    return Solver


def _review() -> "Any":
    from game.ui.review_dialog import ReviewDialog  # a game graded move by move

    return ReviewDialog


def _practice() -> "Any":
    from game.ui.practice import Practice  # a reviewed game played on from one of its positions

    return Practice


# The rooms that join once the first game is on screen, in the order they join: each
# imports its module when it joins, one room per idle moment of the page
# (game/ui/starting.py), so that no single task imports them all between two keys.
LATER = (_replays, _settings, _statistics, _help, _transfer, _rankings, _solver, _review, _practice)


def later() -> "tuple[Any, ...]":
    """The later rooms' classes, all imported now."""
    return tuple(room() for room in LATER)


def later_for(page: "Any") -> "list[Any]":
    """For the router: per later room, what imports and makes it for `page`."""

    def maker(room: "Any") -> "Any":
        return lambda: room()(page)

    return [maker(room) for room in LATER]


def every() -> "tuple[Any, ...]":
    """All of them (the tests read their tables)."""
    return ROOMS + later()
