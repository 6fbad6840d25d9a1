"""Review: a recorded game graded move by move (game/review.py), for the page, a slice
at a time, and the finished reviews the player keeps (game/stored_reviews.py).

The worker answers one call at a time, so a review of a thousand moves (seconds of
search) is never one call: `review_start` sets it up, each `review_step(positions)`
values a few positions and answers how far it got, and the page asks again when it is
idle (any other call is answered in between). `review_cancel`, or simply starting
another review, drops it. The game reviewed is read, never touched: a review works on
its own copy of the record, so the game in play can go on meanwhile.

`review_start(what, stored_text)`: `what` names a game as `watch` does (game/codes.py
`Codes.film`): "game" (the game in play, from its record, finished or not),
"verified" (the code that last verified), "daily:<date>" (that day's result), "again"
(the game being watched); `stored_text` is the stored `py2048-reviews` document ("" for
none). Answers {"kind": "review", "ok": true, "key", "title": {"date", "size"},
"moves", and the progress fields of `review_step`}; a review stored for that very game
is answered whole at once ("kept": true), with nothing to store. Or {"kind": "review",
"ok": false, "reason", "detail"} (a reason of game/replay.py `REASONS`).

`review_step(positions)`: {"kind": "review_step", "ok": true, "key", "at", "total",
"progress" (0-100), "done", "grades" (a letter per move so far, of "bgimx"), "values"
(the chart's 0-100 per position so far), "played" and "better" (a letter per move so
far, of "lrud": the move played and the solver's better one, "." where the played one
was best), "keeps" (a letter per move so far, of "cema": what the better move kept,
game/review.py `KEPT`; "." where the played one was best, "f" where it was forced)};
once done also "accuracy", "turning" (the
three costliest moves) and "kept_save" (the stored document with this review added:
the page stores it). Without a review: {"kind": "review_step", "ok": false, "reason":
"empty", "detail": {}}; a 4x4 review while the solver's network could not be fetched
(game/weights.py: a review is graded by it or not at all, the same on every device):
{"kind": "review_step", "ok": false, "reason": "no_network", "detail": {}}.

`review_cancel()`: {"kind": "review_cancel", "ok": true, "cancelled": bool}.

`review_try(direction)` (Retry your mistakes): {"kind": "review_try", "ok": true,
"move" (the move retried, 1 = the first), "direction", "legal"; when legal also "grade",
"right" (best or good), "forced", "better" (the solver's best move there) and "why" (what
it keeps that `direction` does not, as a turning point's; empty when `direction` is
the best)}; {"ok": false, "reason": "empty"} with no recorded game on the board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from game import replay, stored_reviews
from game.review import Review, budget_for, judge, kept_letters, key_of, reasons
from game.solver.search import move_values

if TYPE_CHECKING:
    from game.codes import Codes

MAX_STEP = 200  # positions in one call at most: a few seconds at worst on a phone


class Reviewer:
    """The review in progress (if any) and the stored reviews it was started with."""

    CALLS: ClassVar[dict[str, tuple[str, ...]]] = {
        "review_start": ("str", "stored"), "review_step": ("int",), "review_cancel": (),
        "merge_reviews": ("stored",), "review_try": ("str",)}
    EXAMPLES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "review_start": ("game", ""), "review_step": (1,), "review_cancel": (), "merge_reviews": ("",),
        "review_try": ("left",)}

    def __init__(self, codes: Codes, budget: int | None = None,
                 can_grade: Callable[[int], bool] | None = None) -> None:
        self.codes = codes
        self.budget = budget  # None: each size's own (`review.budget_for`)
        # Whether a review of a board of that size may be graded now (game/weights.py).
        self.can_grade: Callable[[int], bool] = can_grade or (lambda size: True)
        self.review: Review | None = None
        self.key = ""
        self.stored: list[stored_reviews.StoredReview] = []

    def review_start(self, what: str, stored_text: str | None = None) -> dict[str, Any]:
        """Set up the review of the game `what` names (see the module docstring). The
        review of that very game already under way goes on where it was (the page may
        ask again after closing and opening its dialog); any other is dropped."""
        going, self.review = self.review, None
        try:
            film, title = self.codes.film(str(what))
            key = key_of(film)
            # What this tab finished is kept too when storage refused it (a full quota
            # gives the stored reviews up first): the review is there until the page closes.
            self.stored = stored_reviews.merge(self.stored, stored_reviews.read(stored_text))
            budget = budget_for(film.size) if self.budget is None else self.budget
            found = stored_reviews.find(self.stored, key, budget)
            answer = {"kind": "review", "ok": True, "key": key, "title": title, "moves": len(film.steps)}
            if found is not None:
                keeps = kept_letters(list(replay.boards(film)), found["played"], found["better"])
                done = done_fields(found, len(film.steps) + 1, keeps)
                return answer | done | {"kept": True, "kept_save": ""}
            self.review = going if going is not None and key == self.key else Review(film, budget)
            self.key = key
        except replay.Rejection as refusal:
            return {"kind": "review", "ok": False, "reason": refusal.reason, "detail": refusal.detail}
        return answer | self.review.progress() | {"kept": False}

    def review_step(self, positions: int) -> dict[str, Any]:
        """Value up to `positions` more positions (at least 1, at most MAX_STEP)."""
        review = self.review
        if review is None:
            return {"kind": "review_step", "ok": False, "reason": "empty", "detail": {}}
        if not self.can_grade(review.size):
            return {"kind": "review_step", "ok": False, "reason": "no_network", "detail": {}}
        progress = review.step(min(max(int(positions), 1), MAX_STEP))
        answer = {"kind": "review_step", "ok": True, "key": self.key} | progress
        if not review.done:
            return answer
        finished = {"key": self.key} | review.finished()
        self.stored = stored_reviews.add(self.stored, finished)
        self.review = None
        return answer | done_fields(finished, review.total, "".join(review.kept)) | {
            "kept_save": stored_reviews.dump(self.stored)}

    def merge_reviews(self, stored_text: str | None = None) -> dict[str, Any]:
        """Another tab stored its stored reviews since this one read them: the two merged
        by game (game/stored_reviews.py `merge`), the document to store instead."""
        self.stored = stored_reviews.merge(self.stored, stored_reviews.read(stored_text))
        return {"kind": "reviews", "kept_save": stored_reviews.dump(self.stored)}

    def review_try(self, direction: str) -> dict[str, Any]:
        """Retry your mistakes: `direction` graded at the position being watched (the
        page shows the position before the move retried), by the review's own search and
        budget: the move the player made there gets the grade the review gave it, and a
        "good" answer passes as a "best" one does."""
        watching = self.codes.watching
        if watching is None or watching.source is not None:  # nothing watched, or played on
            return {"kind": "review_try", "ok": False, "reason": "empty", "detail": {}}
        board = watching.session.position.board
        valued = move_values(board, budget_for(len(board)) if self.budget is None else self.budget)
        answer = {"kind": "review_try", "ok": True, "move": watching.at + 1, "direction": str(direction)}
        if direction not in valued.values:
            return answer | {"legal": False}  # it moves nothing: no answer, no try spent
        judged = judge(watching.at + 1, valued, str(direction), len(board))
        best = str(valued.best)  # also where `direction` ties with it (judged best)
        why = reasons(board, best, judged.played, judged.depth) if best != judged.played else []
        return answer | {"legal": True, "grade": judged.grade, "right": judged.grade in "bg",
                         "forced": judged.forced, "better": best, "why": why}

    def review_cancel(self) -> dict[str, Any]:
        """Drop the review in progress (nothing was stored)."""
        cancelled, self.review = self.review is not None, None
        return {"kind": "review_cancel", "ok": True, "cancelled": cancelled}


def done_fields(finished: stored_reviews.StoredReview, total: int, keeps: str) -> dict[str, Any]:
    """A finished review's fields in a reply (made now, or stored); `keeps` is not stored
    (game/review.py `kept_letters` makes it again from the record)."""
    return {"at": total, "total": total, "progress": 100, "done": True, "grades": finished["grades"],
            "values": finished["values"], "accuracy": finished["accuracy"], "turning": finished["turning"],
            "played": finished["played"], "better": finished["better"], "keeps": keeps}
