"""One player's games on one device, as the engine holds them: the game in play (a
`Play`, game/play.py), the best scores, the statistics, and the reply every game call
answers with (game/replies.py `reply_of`, with the statistics' fields and the
lookahead). The calls themselves are game/api.py's `Engine`, built on this; the
services beside it read what they need of it through the accessors here
(game/worker.py hands them over).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import daily, rules, saves, stats, stats_saves
from game.chance import secrets_source
from game.engine_replies import reply_of
from game.lookahead import Lookahead, Reply
from game.play import Play
from game.replies import state_of
from game.session import Session, settle
from game.tally import Tally

if TYPE_CHECKING:
    from game.chance import WordSource
    from game.daily_results import DailyResult
    from game.session import Mark


def wall_clock() -> int:
    """Epoch milliseconds now: the date a counted game is recorded with."""
    return int(time.time() * 1000)


def progress(now: stats.Stats, before: stats.Stats) -> dict[str, Any]:
    """A reply's statistics fields, against the statistics when the call began."""
    changed = now != before
    return {
        "stats_changed": changed,
        "stats_save": stats_saves.dump_stats(now) if changed else "",
        "milestones": list(now.milestones),
        "unlocked": [m for m in now.milestones if m not in before.milestones],
    }


class Games(Tally):
    """One player's games on one device: the game in play, best per size, statistics.

    The game itself is a `Play` (game/play.py), the very object the page plays before
    the engine runs; the engine adds what only it keeps: the statistics (it is the
    play's `Tally`), the stored documents and the lookahead. With `lookahead`, every
    reply also carries the reply of each next move (game/lookahead.py); `take` then
    commits the one the page applied. `wall` gives the date (epoch ms) a counted game
    is recorded with, and the daily board's day; tests hand in their own.
    """

    def __init__(
        self, source: WordSource | None = None, lookahead: bool = False,
        wall: Callable[[], int] = wall_clock,
    ) -> None:
        self.source: WordSource = source or secrets_source
        self.wall = wall
        self.stats = stats.Stats()
        self.play = Play(self.source, self.today, self)
        self.lookahead = Lookahead(self.play, self.milestones) if lookahead else None

    # The game in play and the best scores are the play's: a daily game's best is the
    # day's own (its result or a better practice try), never the 4×4 best score.
    @property
    def session(self) -> Session:
        return self.play.session

    @session.setter
    def session(self, game: Session) -> None:
        self.play.session = game

    @property
    def best(self) -> dict[int, int]:
        return self.play.best

    @best.setter
    def best(self, scores: dict[int, int]) -> None:
        self.play.best = scores

    @property
    def daily_best(self) -> dict[int, int]:
        return self.play.daily_best

    @daily_best.setter
    def daily_best(self, scores: dict[int, int]) -> None:
        self.play.daily_best = scores

    def today(self) -> str:
        """The UTC day now: the daily board's day."""
        return daily.utc_date(self.wall())

    # -- what the services beside the engine read (game/worker.py) ---------------------

    def statistics(self) -> stats.Stats:
        return self.stats

    def milestones(self) -> tuple[str, ...]:
        return self.stats.milestones

    def daily_result(self, date: str) -> DailyResult | None:
        return stats.daily_result(self.stats, date)

    def daily_results(self) -> tuple[DailyResult, ...]:
        """The days' results the statistics keep (the player's own, on the Rankings)."""
        return self.stats.daily.results

    # -- the play's tally (game/tally.py): the statistics -----------------------------

    def count(self, game: Session) -> None:
        """A game is due to count (game/play.py): stats.count_game."""
        self.stats = stats.count_game(self.stats, game, self.wall())

    def holds(self, size: int, game_id: str) -> bool:
        return stats.counted(self.stats, size, game_id)

    def has_result(self, date: str) -> bool:
        return stats.daily_result(self.stats, date) is not None

    def day_best(self, date: str) -> int:
        result = stats.daily_result(self.stats, date)
        return result.score if result else 0

    # -- reading -----------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """What the page shows and publishes as data attributes (CONTRACT.md)."""
        return state_of(self.session, self.best)

    def shown(self, kind: str) -> Reply:
        """The game in play as it is, to draw again (after watching another game): a
        reply that stores nothing."""
        return self._reply(kind, True, None)

    def _reply(
        self, kind: str, changed: bool, before: Mark | None, stats_before: stats.Stats | None = None,
        **extra: Any,
    ) -> Reply:
        """The reply for the session as it now is; `before` (the game when the call
        began) decides `game_changed` and the revision; None means the call's game
        document must not be stored again (it came from storage). `stats_before` (the
        statistics when the call began) decides `stats_changed` and `unlocked`."""
        game_changed = False if before is None else settle(self.session, before)
        return self._answer(kind, changed, game_changed, stats_before, **extra)

    def _answer(self, kind: str, changed: bool, game_changed: bool, stats_before: stats.Stats | None = None,
                **extra: Any) -> Reply:
        reply = reply_of(self.session, self.play.bests(), kind, changed, game_changed, **extra)
        if self.session.daily is not None:
            reply["best_save"] = saves.dump_best(self.best)  # the day's best is never stored
        reply.update(progress(self.stats, stats_before or self.stats))
        return reply if self.lookahead is None else self.lookahead.add_to(reply)

    def _reached(self) -> None:
        """The milestones the board on screen has reached (a 2048 tile counts at once)."""
        session = self.session
        self.stats, _ = stats.reach(
            self.stats, session.size, rules.max_tile(session.position.board), session.position.won)

