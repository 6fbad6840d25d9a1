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

from game import daily, other_tabs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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
    identities and played count per size, their days' scores), and which ended here;
    read leniently: what a quick look cannot read is nothing counted."""

    def __init__(self) -> None:
        self.games: dict[int, list[str]] = {}  # size -> counted games' identities
        self.played: dict[int, int] = {}  # size -> games counted
        self.scores: dict[str, int] = {}  # date -> the day's result

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
        self.games, self.played, self.scores = {}, {}, {}
        self.merge(stats_text)

    def merge(self, stats_text: "str | None") -> None:
        """What another tab's statistics counted, by the engine's rule for merging them
        (game/other_tabs.py): a size's counted games from the tab that counted more,
        the days' results of both (one day in both keeps this tab's)."""
        other = Known()
        other._take(stats_text)
        own = dict((size, (self.played.get(size, 0), games)) for size, games in self.games.items())
        theirs = dict((size, (other.played.get(size, 0), games)) for size, games in other.games.items())
        sizes = other_tabs.merged_sizes(own, theirs, _played)
        self.games = dict((size, games) for size, (_, games) in sizes.items())
        self.played.update((size, played) for size, (played, _) in sizes.items())
        days = other_tabs.united(list(self.scores.items()), list(other.scores.items()), _day)
        self.scores = dict(days)

    def _take(self, stats_text: "str | None") -> None:
        if not stats_text:
            return  # nothing stored: nothing to look for (each miss below is an exception)
        try:
            data = json.loads(stats_text)
        except Exception:  # no statistics, or none that a quick look can read
            return
        if not isinstance(data, dict):
            return
        sizes: Any = data.get("sizes")
        for size in (4, 5, 6):
            try:
                entry = sizes[str(size)]
                games = [game for game in entry["games"] if isinstance(game, str)]
            except Exception:  # none that a quick look can read
                continue
            played = entry.get("played") if isinstance(entry, dict) else None
            self.games[size] = games
            self.played[size] = played if type(played) is int else len(games)
        try:
            for result in data["daily"]["results"]:
                if daily.valid_date(result["date"]) and type(result["score"]) is int:
                    self.scores[result["date"]] = result["score"]
        except Exception:  # none that a quick look can read
            return


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
