"""The game on the table: one game at a time, the best scores, and every change a player
can make, judged and applied the same way by the engine and by the page.

The engine (game/api.py) plays through this object; so does the page, in MicroPython,
while the engine is still starting (game/ui/early.py): the page plays each move at once
and stores it as a step (game/steps.py), and when the engine starts it plays those very
steps through this very code, so the revision, the best, whether a game was counted and
whether a daily try is practice come out the same on both sides, by construction.

What only one side does comes in through a `Tally` (game/tally.py): the engine keeps the statistics (a
game due to count is recorded, a day's result is in them); the page knows only what the
stored statistics say (which games and days were counted) and what ended in front of it.
Whether a game was counted is the statistics' to say (they remember the games they
counted: game/stats.py): a game they already hold is never counted again, whatever its
own document's `counted` says, so no order of writes can count a game twice.

A step replayed with its spawn given (`move(..., spawn=...)`) is judged first: `Refused`
says why it cannot be a move of this game, and nothing has changed then.
"""

from game import daily, other_tabs, session
from game.replies import raise_best
from game.session import Refused, Session
from game.tally import Tally

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from game.chance import WordSource
    from game.record import Spawned
    from game.session import MoveOutcome


class Play:
    """The game in play (`session`), the best score of each board size (`best`), the
    daily board's own best (`daily_best`, the day's, never stored), and the moves."""

    def __init__(self, source: "WordSource", today: "Callable[[], str]",
                 tally: "Tally | None" = None) -> None:
        self.source = source
        self.today = today
        self.tally: "Tally" = tally or Tally()
        self.best: "dict[int, int]" = {}
        self.daily_best: "dict[int, int]" = {}
        self.session, _ = Session.new(4, source)

    def bests(self, game: "Session | None" = None) -> "dict[int, int]":
        """The best scores a game's score counts toward: the day's for a daily game."""
        game = game or self.session
        return self.best if game.daily is None else self.daily_best

    def raise_best(self) -> None:
        raise_best(self.session, self.bests())

    # -- a game to play ----------------------------------------------------------------

    def begin(self, loaded: "Session | None", size: int, undo_depth: int, daily_board: bool,
              start: "tuple[Spawned, ...] | None" = None, day: str = "", word: "int | None" = None
              ) -> "tuple[Spawned, ...]":
        """Play the stored game `loaded` (already read and judged by the caller), or a
        fresh one; the start tiles of a fresh game (none for a loaded one).

        A daily game of an earlier day gives way to today's board, as a newer game (a
        tab still showing the old one must follow it), with no count: it ended with its
        own day. A daily game of a later day than the clock's is resumed: the clock went
        back, and a day's board is handed out once (its unfinished game is never thrown
        away for an older board). A stored game that ended but was not counted (the tab
        closed before the count was stored, or storage was full) counts now: for a
        daily game, as the day's result, also when its day is over. The daily board
        needs a clock within its days: `Refused("clock")` otherwise, and nothing has
        changed. `start` gives a fresh normal game's tiles (the page drew them); a fresh
        daily game's are the day's, and `start`, if given, must be those. With `start`,
        `word` is the word the page drew for its identity (None: steps written before
        games drew one); without, the game draws its own (game/session.py `identity`).
        `day` is the day of the daily board steps were played on (game/steps.py): that
        board is the one taken up, whatever day the clock says now, the page having
        played it (midnight may pass, or the clock go back, before the engine runs)."""
        today = self.day() if daily_board else ""
        if loaded is not None and loaded.daily is not None and loaded.daily.date > today:
            today = loaded.daily.date  # the clock went back: that day's game goes on
        if daily_board and day:
            today = day  # the board the page played, whatever the clock says since
        self.daily_best = {daily.SIZE: self.tally.day_best(today)} if today else {}
        if daily_board:
            size = daily.SIZE
        revision = 0
        if loaded is not None and loaded.daily is not None and loaded.daily.date != today:
            self._count(loaded)  # it ended with its day, uncounted: that day's result now
            revision, loaded = session.next_revision(loaded.revision), None
        if loaded is not None:
            loaded.best = max(loaded.best, self.bests(loaded).get(loaded.size, 0))
            self.session = loaded
            self.session.set_undo_depth(undo_depth)
            self._count(self.session)  # if it ended, and its count was not kept
            self.raise_best()
            return ()
        self.session, spawns = self._fresh(size, undo_depth, today, revision, start, word)
        self.raise_best()
        return spawns

    def _fresh(self, size: int, undo_depth: int, today: str, revision: int,
               start: "tuple[Spawned, ...] | None", word: "int | None"
               ) -> "tuple[Session, tuple[Spawned, ...]]":
        """A new game: today's board (`today` given), else one of `size`; with the start
        tiles `start` and the word `word` the page drew, or both drawn now."""
        board_of_day = daily.Daily(today) if today else None
        best = self.bests_for(board_of_day is not None).get(size, 0)
        practice = board_of_day is not None and self.tally.has_result(today)
        if start is None:
            return Session.new(size, self.source, best, undo_depth, revision, board_of_day, practice)
        if board_of_day is not None:
            _, days = session.start_position(size, board_of_day.stream(0))
            if tuple(start) != days:
                raise Refused("not_the_days_tile", move=0)
        try:
            game = Session.begun(size, tuple(start), word, self.source, best, undo_depth, revision,
                                 board_of_day, practice)
        except ValueError:
            raise Refused("bad_start") from None
        return game, tuple(start)

    def day(self) -> str:
        """Today's daily board's day, from the clock handed in; `Refused("clock")` when
        that clock is outside the board's days (nothing has changed then)."""
        today = self.today()
        if not daily.valid_date(today):
            raise Refused("clock", date=today)
        return today

    def bests_for(self, daily_board: bool) -> "dict[int, int]":
        return self.daily_best if daily_board else self.best

    def new(self, size: "int | None" = None, start: "tuple[Spawned, ...] | None" = None,
            word: "int | None" = None) -> "tuple[Spawned, ...]":
        """Start over (the page has asked the player to confirm): the start tiles (with
        `start` and `word`, those the page drew: `begin` says how).

        A game given up after at least one move counts, unless it already did. The
        revision goes on from the old game's: a tab still showing the old game must see
        the new one as newer. Another daily try is today's board (the day may have
        turned since the last one began); a first try given up after a move is the
        day's result as it stands (otherwise a player could restart until the board
        suited them), and any try after the result is practice."""
        old = self.session
        today = self.day() if old.daily is not None else ""  # first: a refusal changes nothing
        self._count(old, giving_up=True)
        revision = session.next_revision(old.revision)
        if old.daily is not None:
            if old.daily.date != today:
                self.daily_best = {daily.SIZE: self.tally.day_best(today)}
            self.session, spawns = self._fresh(daily.SIZE, old.undo_depth, today, revision, start, word)
        else:
            self.session, spawns = self._fresh(size or old.size, old.undo_depth, "", revision, start, word)
        self.raise_best()
        return spawns

    def _count(self, game: "Session", giving_up: bool = False) -> None:
        """Count `game` if it is due (session.due_to_count) and the tally has not counted
        it already; it is `counted` from then on either way."""
        if not session.due_to_count(game, giving_up):
            return
        if not self.tally.counted(game):
            self.tally.count(game)
        game.counted = True

    # -- another tab's game ------------------------------------------------------------

    def adopt(self, mine: "Session", other: "Session", best: "dict[int, int]",
              daily_best: "dict[int, int]") -> bool:
        """Play on from `other`, another tab's game newer than `mine`, the game this tab
        showed (game/other_tabs.py `newer`): the one procedure of the engine and the page.
        The best scores keep the higher of `best` and `daily_best` (this tab's as they
        were before `other` was read: the day's only for the same day's board) and of
        those held now, and the game takes its size's best (a best never drops). Whether
        taking it drops a change this tab showed (game/session.py `drops_changes`)."""
        other_tabs.merge_best(self.best, best)
        if other.daily is not None and other.daily == mine.daily:
            other_tabs.merge_best(self.daily_best, daily_best)
        self.session = other
        self.raise_best()
        return session.drops_changes(mine, other)

    # -- moves -------------------------------------------------------------------------

    def move(self, direction: str, clock_ms: "int | None" = None,
             spawn: "Spawned | None" = None) -> "MoveOutcome":
        """One move attempt at the game clock `clock_ms`; a move that ends the game
        counts it. With `spawn` (a step the page played) that tile must be the one the
        rules allow here, or `Refused` and nothing changes."""
        outcome = self.session.move(direction, spawn)  # first: a refused step changes nothing
        self.session.set_clock(clock_ms)
        self.after_move()
        return outcome

    def after_move(self) -> None:
        """After a move attempt: the game counts if it has ended (once: `counted` stays
        through undo; a stored game that ended uncounted counts at the next attempt),
        and the best rises with the score."""
        self._count(self.session)
        self.raise_best()

    def undo(self, clock_ms: "int | None" = None) -> bool:
        self.session.set_clock(clock_ms)
        return self.session.undo()

    def keep_playing(self, clock_ms: "int | None" = None) -> bool:
        self.session.set_clock(clock_ms)
        return self.session.continue_after_win()

    def set_clock(self, clock_ms: int) -> bool:
        """Record the game clock without a move (the page is hidden or closed)."""
        before = self.session.clock_ms
        self.session.set_clock(clock_ms)
        return self.session.clock_ms != before

    def set_undo_depth(self, depth: int) -> bool:
        """Keep `depth` undo steps from now on; whether the game changed (a lower depth
        forgets the oldest steps at once)."""
        if depth not in session.UNDO_DEPTHS:
            raise Refused("bad_depth", depth=depth)
        before = session.game_key(self.session)
        self.session.set_undo_depth(depth)
        return session.game_key(self.session) != before
