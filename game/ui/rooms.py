"""The page's rooms: every feature, each in a file of its own, declaring in plain
tables what it owns (game/ui/router.py). A new dialog is a new file and one line in
`later` below; the page, the router and the input room do not change.

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


def later() -> "tuple[Any, ...]":
    """The rooms that join once the first game is on screen."""
    from game.ui.autoplay import Solver
    from game.ui.help_dialog import HelpDialog
    from game.ui.practice import Practice
    from game.ui.rankings_room import RankingsRoom
    from game.ui.replays import Replays
    from game.ui.review_dialog import ReviewDialog
    from game.ui.settings_dialog import SettingsDialog
    from game.ui.statistics_dialog import StatisticsDialog
    from game.ui.transfer import Transfer

    return (
        Replays,  # result codes: checking one, watching a game
        SettingsDialog,
        StatisticsDialog,
        HelpDialog,
        Transfer,  # Export and Import
        RankingsRoom,  # your friends' board
        Solver,  # Hint and Auto-play
        ReviewDialog,  # a game graded move by move
        Practice,  # a reviewed game played on from one of its positions
    )


def every() -> "tuple[Any, ...]":
    """All of them (the tests read their tables)."""
    return ROOMS + later()
