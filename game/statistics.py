"""The statistics dialog's data: one size's numbers, the daily section, and your season
among your friends.

The numbers are game/stats.py's; the dialog also needs what no single document holds:
the best score still rising in the game in play, the UTC day now (the daily streak
depends on it), and the friends' Rankings (game/rankings_calls.py) for the season.

`statistics(size)` answers {"kind": "statistics", "size": n, "summary": {...}}
(game/stats.py `summary`, with the daily section of the UTC day now).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from game import daily, rules, standings, stats

if TYPE_CHECKING:
    from game.play import Play
    from game.rankings_calls import RankingsCalls


class Statistics:
    """The dialog's view of the statistics (`counted`: those kept now), the game in
    play, the clock (`wall`, epoch ms) and the friends' Rankings."""

    CALLS: ClassVar[dict[str, tuple[str, ...]]] = {"statistics": ("int", "stored", "str")}
    EXAMPLES: ClassVar[dict[str, tuple[Any, ...]]] = {"statistics": (4, "", "Bo")}

    def __init__(self, play: Play, counted: Callable[[], stats.Stats], wall: Callable[[], int],
                 rankings: RankingsCalls) -> None:
        self.play = play
        self.counted = counted
        self.wall = wall
        self.rankings = rankings

    def statistics(self, size: int, rankings_text: str | None = None, own_name: str = "") -> dict[str, Any]:
        """The statistics dialog's data for one size (plain data, no game reply), and
        the daily section, whose streak depends on the UTC day now (the wall clock),
        with your current season among your friends (`rankings_text`: the stored Rankings)."""
        if size not in rules.SIZES:
            raise ValueError(f"unsupported board size {size}")
        game = self.play.session
        playing = game.size == size and game.daily is None  # the day's best is its own
        best = max(self.play.best.get(size, 0), game.best if playing else 0)
        today = daily.utc_date(self.wall())
        summary = stats.summary(self.counted(), size, best, today=today)
        entries = self.rankings.entries(rankings_text)
        summary["season"] = standings.season_summary(entries, self.rankings.own(own_name), today)
        return {"kind": "statistics", "size": size, "summary": summary}
