"""Result codes: verifying one (a pasted code or a link) and watching a game move by move.

A code is never trusted: it is replayed (game/replay.py), and what it scored is what
the replay says. The code that last verified is kept here, for the friends' Rankings to
add (game/rankings_calls.py) and for watching; the game in play is never touched by
watching, which plays on a session of its own.

`verify(text)` answers {"kind": "verify", "ok", "reason", "detail", and when ok "date",
"size", "score", "tile", "moves", "won", "finished"} (game/replay.py `judge`);
`watch(what, at)` a reply of kind "watch" (a recorded game's position after `at`
moves, "ok", "at", "total", "end", "title") and `watch_step()` one of kind
"watch_move" (a move reply of that game); `resume()` the game in play again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from game import record as records
from game import replay, rules, solver
from game.engine_replies import reply_of
from game.replies import move_fields
from game.session import UNDO_DEPTHS, Session, fresh

if TYPE_CHECKING:
    from game.chance import WordSource
    from game.daily_results import DailyResult
    from game.play import Play


class Player(Protocol):
    """What the codes read of the player's games: the game in play (watched from its
    record), the days' results (watched from their codes), and the game shown again."""

    @property
    def play(self) -> Play: ...

    def daily_result(self, date: str) -> DailyResult | None: ...

    def shown(self, kind: str) -> dict[str, Any]: ...


class Codes:
    """The code that last verified, and the game being watched (if any)."""

    CALLS: ClassVar[dict[str, tuple[str, ...]]] = {
        "verify": ("stored",), "watch": ("str", "int"), "watch_step": (), "resume": (), "practice": (),
        "practice_move": ("str",), "practice_hint": ("float",), "practice_undo": ()}
    EXAMPLES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "verify": ('"#replay=1.2026-11-30.4.0~.AAAA"',), "watch": ("game", 1), "watch_step": (),
        "practice": (), "practice_move": ("left",), "practice_hint": (20.0,), "practice_undo": (),
        "resume": ()}

    def __init__(self, player: Player) -> None:
        self.player = player
        self.verified: replay.Outcome | None = None  # the last code that verified
        self.verified_code = ""  # and its code, to add to the Rankings
        self.watching: Watch | None = None  # a game being watched on the board

    def verify(self, text: str | None) -> dict[str, Any]:
        """A result code (or a link or message holding one), replayed: plain data saying
        what it scored, or exactly why it does not verify (game/replay.py). Nothing is
        stored; a code that verifies can then be watched (`watch("verified")`)."""
        answer, self.verified = replay.judge(text or "")
        self.verified_code = str(answer.get("code", ""))
        return answer

    def watch(self, what: str, at: int = 0) -> dict[str, Any]:
        """Put a game on the board to watch, move by move (`watch_step`): "verified"
        (the last code that verified), "game" (the game in play, from its record) or
        "daily:<date>" (that day's result, from its code in the statistics). The game
        in play is untouched; `resume` shows it again; "again" starts the game being
        watched over. `at` moves are played first (a review's turning point is shown
        from the position before it). Answers a "watch" reply with that position and the
        number of moves, or {"ok": False, "reason": ...}."""
        try:
            film, title = self.film(str(what))
        except replay.Rejection as refusal:
            self.watching = None
            return {"kind": "watch", "ok": False, "reason": refusal.reason, "detail": refusal.detail}
        self.watching = Watch(film, title)
        for _ in range(min(max(int(at), 0), len(film.steps))):
            self.watching.step()
        return self.watching.reply("watch", title=title)

    def film(self, what: str) -> tuple[records.Film, dict[str, Any]]:
        """The recorded game `what` names (see `watch`; a review names games the same
        way, game/reviewer.py) and its title; Rejection when there is none."""
        if what == "again" and self.watching is not None:
            return self.watching.film, self.watching.title
        if what == "verified" and self.verified is not None:
            outcome = self.verified
            return outcome.film, {"date": outcome.date, "size": outcome.size}
        game = self.player.play.session
        if what == "game" and game.record:
            film = records.read(game.record, game.size)
            if replay.check_film(film) != game.position.board:
                raise replay.Rejection("record_damaged", at=len(film.steps))
            date = game.daily.date if game.daily else ""
            return film, {"date": date, "size": game.size}
        if what.startswith("daily:"):
            found = self.player.daily_result(what[6:])
            if found is not None and found.code:
                outcome = replay.replay(replay.decode(found.code))
                return outcome.film, {"date": outcome.date, "size": outcome.size}
        raise replay.Rejection("empty")

    def watch_step(self) -> dict[str, Any]:
        """The watched game's next move, as a move reply ("watch_move"; `end` once the
        last move is shown). Without a game to watch: {"ok": False}."""
        if self.watching is None or self.watching.source is not None:  # none, or played on
            return {"kind": "watch_move", "ok": False, "reason": "empty", "detail": {}}
        return self.watching.step()

    def practice(self) -> dict[str, Any]:
        """The game being watched becomes a practice game from where it stands (Review's
        "Play on from here"): the player moves it, its spawns are random from here on. It
        lives on the watching session, beside the game in play: nothing of it is stored,
        counted in the statistics or the best scores, or a daily result; `resume` ends
        it. Answers a "practice" reply, or {"ok": False} without a game watched."""
        if self.watching is None:
            return {"kind": "practice", "ok": False, "reason": "empty", "detail": {}}
        self.watching.practise(self.player.play.source)
        return self.watching.reply("practice")

    def practice_move(self, direction: str) -> dict[str, Any]:
        """A move of the practice game: a move reply of kind "practice_move"."""
        watching = self.watching
        if watching is None or watching.source is None:
            return {"kind": "practice_move", "ok": False, "reason": "empty", "detail": {}}
        watching.session.keep_playing = True  # a practice plays on past 2048
        outcome = watching.session.move(str(direction))
        return watching.reply("practice_move", **move_fields(outcome)) | {"changed": outcome.changed}

    def practice_hint(self, budget_ms: float) -> dict[str, Any]:
        """The solver's move for the practice game (it is practice: Hint is allowed), as
        Hint's for the game in play: {"kind": "practice_hint", "direction"} (None when no
        move is left), or {"ok": False} without a practice."""
        watching = self.watching
        if watching is None or watching.source is None:
            return {"kind": "practice_hint", "ok": False, "reason": "empty", "detail": {}}
        budget = min(max(float(budget_ms), 1.0), 1000.0)
        decision = solver.choose_move(watching.session.position.board, budget)
        return {"kind": "practice_hint", "ok": True, "direction": decision.direction,
                "moves": watching.session.position.moves}

    def practice_undo(self) -> dict[str, Any]:
        """A practice move taken back (never past the position it started from): the
        practice's board again, whole ("practice_undo", `undone` False when nothing was
        left to take back)."""
        watching = self.watching
        if watching is None or watching.source is None:
            return {"kind": "practice_undo", "ok": False, "reason": "empty", "detail": {}}
        undone = watching.session.undo()
        return watching.reply("practice_undo") | {"undone": undone}

    def resume(self) -> dict[str, Any]:
        """Watching is over: the game in play, to draw again (with its lookahead)."""
        self.watching = None
        return self.player.shown("resume")


class Watch:
    """A recorded game played back one move at a time, on a session of its own.

    Each move's spawn is the recorded one: the session's source gives exactly the words
    that make `chance.spawn` choose that cell and value (its index among the empty
    cells, then 0 for a 4 or 1 for a 2), so the replies are the game's own move replies
    (tiles, merges, spawn) and the page animates them like any move.
    """

    def __init__(self, film: records.Film, title: dict[str, Any]) -> None:
        self.film = film
        self.title = title
        self.at = 0
        self.words: list[int] = []
        board = rules.new_board(film.size)
        for spawned in film.start:
            board = rules.place(board, spawned.cell, spawned.value)
        self.session = Session(fresh(board), self._word, undo_depth=1)
        self.session.keep_playing = True
        self.best: dict[int, int] = {}
        self.source: WordSource | None = None  # a practice's random words (`practise`)

    def _word(self) -> int:
        return self.words.pop(0) if self.source is None else self.source()

    def practise(self, source: WordSource) -> None:
        """From here on the player moves this game and its spawns are random; Undo takes
        back its own moves (as many as a game may keep), never the recorded ones before."""
        self.source = source
        self.session.keep_playing = True
        self.session.history = []
        self.session.set_undo_depth(max(UNDO_DEPTHS))

    def reply(self, kind: str, **extra: Any) -> dict[str, Any]:
        reply = reply_of(self.session, self.best, kind, kind == "watch", False, **extra)
        reply.update(ok=True, at=self.at, total=len(self.film.steps), end=self.at >= len(self.film.steps),
                     practice=self.source is not None,
                     spawns=[{"at": list(s.cell), "value": s.value} for s in self.film.start]
                     if kind == "watch" and self.at == 0 else [])
        return reply

    def step(self) -> dict[str, Any]:
        if self.at >= len(self.film.steps):
            return self.reply("watch_move")
        move = self.film.steps[self.at]
        slid, _ = rules.slide(self.session.position.board, move.direction)
        self.words = [rules.empty_cells(slid).index(move.spawn.cell), 0 if move.spawn.value == 4 else 1]
        self.session.keep_playing = True  # a won game is watched on to its end
        outcome = self.session.move(move.direction)
        self.at += 1
        return self.reply("watch_move", **move_fields(outcome)) | {"changed": outcome.changed}
