"""What one tab takes from what another tab stored: its game when it is newer, its
higher best scores, and the statistics of the size where it counted more games.

Every tab plays the same stored game, best scores and statistics, and hears each write
of another tab (the storage event). The page plays before its engine has started
(game/ui/early.py) and the engine plays after, and both follow another tab by these
very rules, so a tab takes the same game whoever answers it. Shared with the page's
MicroPython (game/rules.py says why and in what subset).

Which game is newer is read from the whole game document, not the position alone.
A higher revision is newer. The same revision with another document means both tabs
changed the same game at once (each raised the revision by one): storage holds one of
the two, and the tab that did not write it must take it, or the two tabs would show
different games from then on. A change of the clock alone (a tab hidden or closed,
`set_clock`) is such a change: read from the position, the tab whose clock lost would
keep a game storage no longer holds, and the engine and the page would disagree about
the same two games (tests/unit/test_revisions.py promises that the engine takes
another document of the same revision).

A newer game is taken by one procedure on both sides (game/play.py `Play.adopt`): the
best scores keep the higher of this tab's and what the other game brings.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    from game.session import Session

    Item = TypeVar("Item")


def document_of(game: "Session") -> "tuple[Any, ...]":
    """Everything the stored game document holds but its revision, cheap to compare
    (game/saves.py `game_document` writes exactly these)."""
    return (game.position, tuple(game.history), game.keep_playing, game.clock_ms, game.undo_depth,
            game.counted, game.daily.date if game.daily is not None else None, game.practice,
            game.record, game.game_id)


def newer(mine: "Session", other: "Session") -> bool:
    """Whether `other`, the game another tab stored, is newer than `mine`: a higher
    revision, or the same revision and another document (the module docstring says
    why the document, not the position). An older or identical game never is."""
    if other.revision != mine.revision:
        return other.revision > mine.revision
    return document_of(other) != document_of(mine)


def merge_best(best: "dict[int, int]", other: "dict[int, int]") -> bool:
    """Raise `best` to another tab's best scores, size by size (a best never drops);
    whether any rose."""
    changed = False
    for size, score in other.items():
        if score > best.get(size, 0):
            best[size] = score
            changed = True
    return changed


def takes_size(own_played: int, other_played: int) -> bool:
    """Whether another tab's statistics of a size replace this tab's: they counted more
    games (on a tie this tab's stay). A size's numbers and the games they counted go
    together, so the one with more games is taken whole, never mixed."""
    return other_played > own_played


def merged_sizes(own: "dict[int, Item]", other: "dict[int, Item]", played: "Callable[[Item], int]"
                 ) -> "dict[int, Item]":
    """This tab's statistics of each size, or another tab's where they replace them
    (`takes_size`, or this tab has none of that size): the one merge of the engine's
    statistics (game/stats.py) and of what the page knows they counted (game/tally.py)."""
    sizes = dict(own)
    for size, entry in other.items():
        if size not in own or takes_size(played(own[size]), played(entry)):
            sizes[size] = entry
    return sizes


def united(own: "list[Item]", other: "list[Item]", key: "Callable[[Item], Any]") -> "list[Item]":
    """This tab's items and those of another tab's with a key this tab has not (one
    key in both keeps this tab's): the days' results of both tabs."""
    keys = set(key(item) for item in own)
    return own + [item for item in other if key(item) not in keys]
