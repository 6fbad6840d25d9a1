"""What counts a game, and whether it was counted: the one rule, for every side.

A game counts once: a normal game by its identity (game/session.py `identity`) among
the games its size counted, a daily try by its day's result (a day has one, whichever
try made it). The engine keeps the statistics (game/stats.py), the page knows only
what the stored statistics say and what ended in front of it (game/ui/early.py), and
the engine playing another tab's steps keeps aside what they count (game/api.py
`follow`): each is a `Tally` here, and answers the one rule, `counted`, from what it
holds. Shared with the page's MicroPython (game/rules.py says why and in what subset).
"""

import json

from game import other_tabs, stats_reader
from game.judging import MAX_TEXT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from game.session import Session


class Tally:
    """A tally that keeps nothing (a test, a scratch game); every other tally is built
    on this one and answers `holds`, `has_result` and `day_best` from what it keeps."""

    def count(self, game: "Session") -> None:
        """`game` is due to count (session.due_to_count): it ended, or was given up."""

    def counted(self, game: "Session") -> bool:
        """Whether `game` is counted already, whatever its own document says."""
        if game.daily is not None:
            return self.has_result(game.daily.date)
        return bool(game.game_id) and self.holds(game.size, game.game_id)

    def holds(self, size: int, game_id: str) -> bool:
        """Whether the game `game_id` of `size` is among the counted games."""
        return False

    def has_result(self, date: str) -> bool:
        """Whether the day `date` already has its result (a try then is practice)."""
        return False

    def day_best(self, date: str) -> int:
        """The best score of the day's board so far (its result's, or 0)."""
        return 0


class Known(Tally):
    """Which games and days stored statistics counted, as plain data (their games'
    identities and played count per size, their days' scores), and which ended here.
    Read by the engine's own reader (game/stats_reader.py), leniently as the engine
    reads storage: a part it sets aside, or a document it cannot read, counted nothing.

    A stored text is read when first asked about, not when handed in: a game in play
    on a normal board asks nothing until it ends, so the page's start does not pay for
    reading a year of daily results (tens of milliseconds on a phone), and a page whose
    engine takes over first never reads them at all."""

    def __init__(self) -> None:
        self._games: dict[int, list[str]] = {}  # size -> counted games' identities
        self._played: dict[int, int] = {}  # size -> games counted
        self._scores: dict[str, int] = {}  # date -> the day's result
        self.unread: list[str | None] = []  # stored texts handed in, to merge in this order

    @property
    def games(self) -> "dict[int, list[str]]":
        self._catch_up()
        return self._games

    @property
    def played(self) -> "dict[int, int]":
        self._catch_up()
        return self._played

    @property
    def scores(self) -> "dict[str, int]":
        self._catch_up()
        return self._scores

    def count(self, game: "Session") -> None:
        if game.daily is None:
            self.games.setdefault(game.size, []).append(game.game_id)
            self.played[game.size] = self.played.get(game.size, 0) + 1
        elif not game.practice:
            self.scores[game.daily.date] = game.position.score

    def holds(self, size: int, game_id: str) -> bool:
        return game_id in self.games.get(size, ())

    def has_result(self, date: str) -> bool:
        return date in self.scores

    def day_best(self, date: str) -> int:
        return self.scores.get(date, 0)

    def read(self, stats_text: "str | None") -> None:
        """What the stored statistics counted (their version 2 part `daily.results`:
        [{"date", "score", ...}], version 4 `sizes.<n>.games` and `played`)."""
        self._games, self._played, self._scores = {}, {}, {}
        self.unread = [stats_text]

    def merge(self, stats_text: "str | None") -> None:
        """What another tab's statistics counted, by the engine's rule for merging them
        (game/other_tabs.py): a size's counted games from the tab that counted more,
        the days' results of both (one day in both keeps this tab's)."""
        self.unread.append(stats_text)

    def _catch_up(self) -> None:
        while self.unread:
            other = Known()
            other._take(self.unread.pop(0))
            own = dict((size, (self._played.get(size, 0), games)) for size, games in self._games.items())
            theirs = dict((size, (other._played.get(size, 0), games)) for size, games in other._games.items())
            sizes = other_tabs.merged_sizes(own, theirs, _played)
            self._games = dict((size, games) for size, (_, games) in sizes.items())
            self._played.update((size, played) for size, (played, _) in sizes.items())
            days = other_tabs.united(list(self._scores.items()), list(other._scores.items()), _day)
            self._scores = dict(days)

    def _take(self, stats_text: "str | None") -> None:
        """The reader's lenient read of `stats_text`. Of the limits every stored text
        obeys (game/saves.py `parse_json`) the page keeps the length; the depth it leaves
        to the engine (no part the reader takes nests deep, so a deep part is set aside
        here where the engine refuses the whole text)."""
        if not stats_text or len(stats_text) > MAX_TEXT:
            return  # nothing stored, or more than the engine reads
        try:
            found = stats_reader.read(json.loads(stats_text), False)
        except Exception:  # not JSON, or a document unusable as a whole: nothing counted
            return
        for size, entry in found.sizes.items():
            self._games[size] = list(entry["games"])
            self._played[size] = entry["played"]
        if found.daily is not None:
            for result in found.daily["results"]:
                self._scores[result[0]] = result[1]


class Aside(Known):
    """What another tab's steps count while they are played (game/api.py `follow`), kept
    aside over what `under` counted: counted only if that tab's game is taken."""

    def __init__(self, under: "Tally") -> None:
        Known.__init__(self)
        self.under = under
        self.handed: list[Session] = []  # the games to count if that game is taken

    def count(self, game: "Session") -> None:
        self.handed.append(game.copy())
        Known.count(self, game)

    def holds(self, size: int, game_id: str) -> bool:
        return Known.holds(self, size, game_id) or self.under.holds(size, game_id)

    def has_result(self, date: str) -> bool:
        return Known.has_result(self, date) or self.under.has_result(date)

    def day_best(self, date: str) -> int:
        return self.under.day_best(date)


def _day(item: "tuple[str, int]") -> str:
    return item[0]


def _played(entry: "tuple[int, list[str]]") -> int:
    return entry[0]
