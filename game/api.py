"""The engine's narrow interface: a handful of calls, plain data in and out.

The UI layer (MicroPython, main thread) reaches these through the worker as JSON text,
so nothing here knows about the browser. Each call answers with a `Reply` dict:

    {"kind": "start" | "move" | "undo" | "new" | "continue" | "best" | "clock" | "taken"
             | "follow" | "undo_depth" | "stats" | "resume",
     "changed": bool,             # did the game state change (what the page shows)
     "game_changed": bool,        # is `save` a newer game document than before the
                                  # call: the page stores `save` exactly when true
     "direction": str | None,     # for "move"
     "points": int,               # score gained by this move
     "tiles": [{"from": [[r, c]] or [[r, c], [r, c]], "to": [r, c], "value": v,
                "merged": bool}],  # every tile after the move and where it came from
     "spawn": {"at": [r, c], "value": 2 | 4} | None,
     "spawns": [...],             # the two start tiles, for "start" and "new"
     "state": {...},              # see `state()`
     "save": str,                 # the game document to store (docs/save-format.md)
     "best_save": str,            # the best-scores document to store
     "notice": None | "game-invalid" | "best-invalid" | "game-and-best-invalid",
                                  # for "start": what stored data was set aside
     "set_aside": {"game": bool, "best_sizes": [int], "best_unknown_keys": int,
                   "best_document": bool, "stats_sizes": [int], "stats_document": bool,
                   "stats_daily": bool},
                                  # the detail (all empty outside "start")
     "stats_changed": bool,       # did the statistics change: store `stats_save`
     "stats_save": str,           # the statistics document when stats_changed, else ""
     "milestones": [str],         # every milestone reached so far (game/settings.py)
     "unlocked": [str],           # the milestones this call's play reached
     "handover": {"steps": n, "taken": k, "refused": str, "detail": {...}},
                                  # for a "start" handed steps played before the engine
                                  # ran (game/steps.py): how many were taken, and why the
                                  # next was refused ("" when none was)
     "ahead": {direction: str},   # with lookahead: the "move" reply each direction
                                  # would give from the new state, as JSON text
     "dropped": bool}             # for a "follow" that took another tab's game: whether
                                  # it drops a change this tab showed (session.drops_changes)

The other calls are answered beside the engine, by services of their own, each handed
only what it reads of the player's games (game/worker.py's `Table` puts them together),
each with plain data its docstring describes: `hint` (game/hints.py), `statistics`
(game/statistics.py), `export_all` and `check_import` (game/transfer.py `ExportFiles`),
`verify`, `watch`, `watch_step` and `resume` (game/codes.py), the friends' Rankings' calls
(game/rankings_calls.py), and `review_start`, `review_step` and `review_cancel`
(game/reviewer.py). Each service, the engine too, declares its calls in its own `CALLS`
table: the wire name, which is its method's, and the kinds of its JSON arguments.

The daily board (game/daily.py, docs/daily.md): `start(..., daily_board=True)` plays the
board of the UTC day now, and its `state` says "mode": "daily", its "date", whether it
is "practice", and once it is over its result "code".

Statistics: a game counts once, when it first ends (a move leaves no move) or when a
new game replaces it after at least one move. The statistics remember which games they
counted (game/stats.py), so a game is never counted twice, whichever document reached
storage; the game document says `counted` too, so undoing the last move and ending
again does not count it twice. Milestones are
reached during play (a 2048 tile counts at once, not when the game ends).

Revisions: every game document carries a `revision` that rises by one each time the
engine makes a changed game (`game_changed`), new games included, so that a tab can
tell whether another tab's stored game is newer than its own (`follow`) and never
takes an older one. It rises in one place, `game.session.settle`, for the engine's calls
and for the page's own moves before the engine ran alike.

The game itself is played by `game.play.Play`, which the page also plays before the
engine has started; `start` then takes the steps it played over (game/steps.py).

The UI renders `state` and animates `tiles`/`spawn`; it never re-derives a rule.
What storage holds is taken up by game/stored_games.py: at the start, and when another
tab stored a game.

Lookahead (game/lookahead.py): every reply carries, for each direction, the complete
reply that move would give; the page applies the one the player picks at once, then
calls `take(direction)`, which makes that candidate the game and answers with the next
lookahead.
"""

from __future__ import annotations

from typing import Any, ClassVar

from game import daily, other_tabs, saves, stats, stats_saves
from game.games import Games
from game.lookahead import Reply
from game.replies import move_fields, no_set_aside, result_code, spawn_data, state_of
from game.session import mark_of, settle
from game.stored_games import NOTICES, hand_over, judged, other_game, read_best, read_stats

__all__ = ["Engine", "Reply", "no_set_aside", "result_code", "state_of"]


class Engine(Games):
    """The engine's game calls on one player's games (game/games.py holds them). What
    else the page asks about the player's games (hints, codes, the friends' Rankings, the
    export file, the statistics dialog) is answered beside it (game/worker.py).
    """

    # The game calls, by wire name (each this class's method of that name): the kinds of
    # their JSON arguments (game/worker.py converts them), and one way to make each.
    CALLS: ClassVar[dict[str, tuple[str, ...]]] = {
        "start": ("stored", "stored", "stored", "int", "int", "bool", "stored"), "move": ("str", "int"),
        "take": ("str", "int"), "undo": ("int",), "new_game": ("int",), "keep_playing": ("int",),
        "merge_best": ("stored",), "set_clock": ("int",), "follow": ("stored", "stored"),
        "set_undo_depth": ("int",), "merge_stats": ("stored",)}
    EXAMPLES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "start": ("", "", "", 4, 5, 0, ""), "move": ("left", 1000), "take": ("up", 1000), "undo": (1000,),
        "keep_playing": (1000,), "set_clock": (2000,), "set_undo_depth": (1,), "merge_best": ("",),
        "follow": ("", ""), "merge_stats": ("",), "new_game": (0,)}

    # -- calls ---------------------------------------------------------------------

    def start(
        self, game_text: str | None, best_text: str | None, stats_text: str | None = None,
        size: int = 4, undo_depth: int = 1, daily_board: bool = False, steps_text: str | None = None,
    ) -> Reply:
        """Resume from saved text where it is valid; otherwise a fresh game.

        The documents are judged separately, and the best scores and statistics size by
        size, so a broken game never costs the player a valid best score, nor one bad
        entry the others. `notice` (game and best scores only, as before statistics)
        and `set_aside` say exactly what was left out. The game must be for `size`
        (each size has its own saved game). A resumed game is not marked
        `game_changed`: it is the stored one, and storing it again could put it over a
        newer game another tab stored meanwhile; unless taking `undo_depth` changed it.

        With `daily_board` the game is today's daily board (UTC, from the engine's wall
        clock): `game_text` is the stored daily game, resumed if it is today's; a valid
        daily game of another day simply gives way to today's board.

        `steps_text` holds what the page played on that game before the engine ran
        (game/steps.py): each step is played as the call it stands for and judged; the
        reply's `handover` says how many were taken and why one was refused (the state
        is then the engine's, from the steps before it).
        """
        if daily_board:
            self.play.day()  # a clock outside the board's days: refused before any change
        set_aside = no_set_aside()
        self.best = read_best(best_text, set_aside)
        self.stats = stats_before = read_stats(stats_text, set_aside)
        best_bad = any(set_aside[k] for k in ("best_document", "best_sizes", "best_unknown_keys"))
        loaded = judged(game_text, self.source, daily.SIZE if daily_board else size, daily_board, set_aside)
        stored = loaded.revision if loaded is not None else None
        spawns, extra = hand_over(self.play, loaded, game_text, size, undo_depth, daily_board, steps_text)
        self._reached()
        notice = NOTICES[set_aside["game"], best_bad] if spawns else NOTICES[False, best_bad]
        game_changed = bool(spawns) or self.session.revision != stored
        return self._answer("start", True, game_changed, stats_before, notice=notice, set_aside=set_aside,
                            spawns=[spawn_data(s) for s in spawns], **extra)

    def new_game(self, size: int | None = None) -> Reply:
        """Start over (the UI has already asked the player to confirm): game/play.py
        `Play.new` says what counts and which board comes."""
        before = mark_of(self.session)
        stats_before = self.stats
        spawns = self.play.new(size)
        return self._reply("new", True, before, stats_before, spawns=[spawn_data(s) for s in spawns])

    def move(self, direction: str, clock_ms: int | None = None) -> Reply:
        before = mark_of(self.session)
        stats_before = self.stats
        outcome = self.play.move(direction, clock_ms)
        self._reached()
        return self._reply("move", outcome.changed, before, stats_before, **move_fields(outcome))

    def take(self, direction: str, clock_ms: int | None = None) -> Reply:
        """The page applied the lookahead reply for `direction`: make it the game.

        Answers with the state as it now is (its documents carry this clock, and the
        candidate's revision) and the next lookahead. Without a lookahead for
        `direction` it is a plain move. A move that ended the game is counted here
        (never in a candidate), and since the page already stored the candidate, the
        counted game is one revision further: newer than what the page stored.
        """
        found = self.lookahead.taken(direction) if self.lookahead is not None else None
        if found is None:
            return self.move(direction, clock_ms)
        before = mark_of(self.session)
        stats_before = self.stats
        self.session, best, changed = found
        if self.session.daily is None:
            self.best = best
        else:
            self.daily_best = best
        self.session.set_clock(clock_ms)
        candidate = mark_of(self.session)
        self.play.after_move()
        self._reached()
        settle(self.session, candidate)
        return self._reply("taken", changed, before, stats_before, direction=direction)

    def undo(self, clock_ms: int | None = None) -> Reply:
        before = mark_of(self.session)
        return self._reply("undo", self.play.undo(clock_ms), before)

    def keep_playing(self, clock_ms: int | None = None) -> Reply:
        before = mark_of(self.session)
        return self._reply("continue", self.play.keep_playing(clock_ms), before)

    def set_clock(self, clock_ms: int) -> Reply:
        """Record the game clock without a move (the page is being hidden or closed)."""
        before = mark_of(self.session)
        return self._reply("clock", self.play.set_clock(clock_ms), before)

    def set_undo_depth(self, depth: int) -> Reply:
        """The player chose another undo depth: kept from now on, and a lower one
        forgets the oldest steps at once (the stored game must not keep more)."""
        before = mark_of(self.session)
        return self._reply("undo_depth", self.play.set_undo_depth(int(depth)), before)

    def merge_best(self, best_text: str | None) -> Reply:
        """Take the higher best scores that another tab stored (RULES.md: best never drops).

        Invalid text changes nothing, and a bad entry only itself: another tab's bad
        write must not cost this one. The game is untouched (`game_changed` false).
        """
        before = mark_of(self.session)
        try:
            other = saves.load_best(best_text or "")
        except saves.SaveError:
            return self._reply("best", False, before)
        changed = other_tabs.merge_best(self.best, other)
        if self.session.daily is None:
            self.session.best = max(self.session.best, self.best.get(self.session.size, 0))
        return self._reply("best", changed, before)

    def merge_stats(self, stats_text: str | None) -> Reply:
        """Another tab stored statistics: per size keep the entry with more games (a tie
        keeps this tab's), and every milestone either tab reached.

        Invalid text changes nothing, a bad size entry only itself. `stats_changed`
        says whether this tab now holds statistics to store; `unlocked` stays empty:
        the other tab reached those milestones and said so there.
        """
        before = mark_of(self.session)
        stats_before = self.stats
        try:
            other = stats_saves.read_stats(stats_text or "").stats
        except saves.SaveError:
            return self._reply("stats", False, before)
        self.stats = stats.merge(self.stats, other)
        reply = self._reply("stats", False, before, stats_before)
        reply["unlocked"] = []
        return reply

    def follow(self, game_text: str | None, steps_text: str | None = "") -> Reply:
        """Another tab stored this game: play on from it if it is valid and not older.

        Which is newer is game/other_tabs.py's `newer`, the page's rule too: a higher
        revision, or the same revision and another document (both tabs moved from the
        same game at once: storage holds the other one, so this tab takes it too, and
        the two cannot hand the slot back and forth). An invalid, older or identical game
        changes nothing: a tab never steps back to an older game. The best scores keep
        the higher of both, the other game's score included (game/play.py `adopt`,
        the page's procedure too). The adopted game is
        already stored, so `game_changed` is false: storing it again could only race
        the tab that wrote it.

        `steps_text`: the other tab has not started its engine yet and stored steps
        beside that game (game/steps.py). They are played here, as that tab's engine
        would: a game they count is counted here (once: the document this tab then
        stores holds them all, so that tab's engine finds no steps left to play), and
        that document is stored (`game_changed`).
        """
        mine = mark_of(self.session)
        game = self.session
        found = other_game(self.play, self, game_text or "", steps_text or "")
        other, handed = found if found is not None else (None, None)
        if other is None or other.daily != game.daily or other.size != game.size:
            return self._reply("follow", False, mine)  # not this board's game
        if not other_tabs.newer(game, other):
            return self._reply("follow", False, mine)
        dropped = self.play.adopt(game, other, dict(self.best), dict(self.daily_best))
        if handed is None:
            return self._reply("follow", True, None, dropped=dropped)
        stats_before = self.stats
        for counted in handed.handed:
            self.count(counted)
        self._reached()
        return self._answer("follow", True, True, stats_before, dropped=dropped)
