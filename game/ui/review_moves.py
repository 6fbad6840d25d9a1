"""A review's moves as the player reads them: the move list's words, and what the board
says of the position it shows (game/ui/review_dialog.py draws both).

The engine sends each move as letters (game/review.py `Review.moves`: the move played,
the solver's better one, what that one kept), a few bytes a move however long the
game; the list's rows are made from them by assets/dom.js in one call, with the words
given here in the player's language.

Pure: tested on CPython and MicroPython.
"""

from game.ui import charts, text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

NAMES = {"l": "left", "r": "right", "u": "up", "d": "down"}  # the contract's direction words
GRADES = "bgimx"  # best, good, inaccuracy, mistake, blunder (game/review.py)
KEEPS = "cemaf"  # corner, empty cells, merge, seen ahead, forced (game/review.py KEPT)
RETRIED = "imx"  # the grades "Retry your mistakes" goes through


def words(lang: str = "") -> "dict[str, Any]":
    """What assets/dom.js `moves` writes the rows with, in the player's language."""
    found: "dict[str, Any]" = {letter: text.say(name, lang) for letter, name in NAMES.items()}
    found["names"] = dict(NAMES)
    found["grades"] = {grade: text.say("grade_" + grade, lang) for grade in GRADES}
    found["keeps"] = {letter: text.say("keeps_" + letter, lang) for letter in KEEPS}
    found["show"] = text.say("review_show_move", lang, n="{n}")
    return found


def turning_sentence(point: "dict[str, Any]", lang: str = "") -> str:
    """A turning point in words: what the better move kept that the played one gave up
    (the first reason the engine found)."""
    why = (point.get("why") or [{"code": "ahead", "depth": 1}])[0]
    code = str(why.get("code", "ahead"))
    values = {"n": text.number(int(point["move"]), lang), "played": text.say(str(point["played"]), lang),
              "better": text.say(str(point["better"]), lang)}
    if code == "corner" or code == "merge":
        values["tile"] = text.number(int(why.get("tile", 0)), lang)
    elif code == "empty":
        values["empty_better"] = str(why.get("better", 0))
        values["empty_played"] = str(why.get("played", 0))
    else:
        code = "ahead"
        values["depth"] = str(why.get("depth", 1))
    return text.say("why_" + code, lang, **values)


class Moves:
    """Every move graded so far, as the engine's letters (one per move each)."""

    def __init__(self, reply: "dict[str, Any] | None" = None) -> None:
        reply = reply or {}
        self.grades = str(reply.get("grades") or "")
        self.played = str(reply.get("played") or "")
        self.better = str(reply.get("better") or "")
        self.keeps = str(reply.get("keeps") or "")
        self.turning: "list[dict[str, Any]]" = list(reply.get("turning") or [])
        self.total = int(reply.get("total") or 0)  # positions: the moves and the end

    @property
    def count(self) -> int:
        return min(len(self.grades), len(self.played), len(self.better), len(self.keeps))

    def payload(self, start: int, lang: str = "") -> "dict[str, Any]":
        """The rows from move `start` + 1 on, for assets/dom.js `moves`."""
        count = self.count
        return {"from": start, "grades": self.grades[:count], "played": self.played[:count],
                "better": self.better[:count], "keeps": self.keeps[:count], "words": words(lang)}

    def retried(self) -> "list[int]":
        """The moves "Retry your mistakes" goes through, in order: every inaccuracy,
        mistake and blunder (a forced move is graded best, never one of them)."""
        return [index + 1 for index, grade in enumerate(self.grades[:self.count]) if grade in RETRIED]

    def turning_point(self, move: int) -> "dict[str, Any] | None":
        for point in self.turning:
            if int(point.get("move", 0)) == move:
                return point
        return None

    def move_of(self, move: int) -> "dict[str, str] | None":
        """Move `move` (1 = the first) as words for the board: played, better ("" where
        the played one was best), grade, keeps; None if it is not graded (yet)."""
        if not 1 <= move <= self.count:
            return None
        at = move - 1
        better = self.better[at]
        return {"played": NAMES.get(self.played[at], ""),
                "better": "" if better == "." else NAMES.get(better, ""),
                "grade": self.grades[at], "keeps": self.keeps[at]}


def position_line(moves: Moves, at: int, lang: str = "") -> str:
    """What the board says of the position after `at` moves in a review: the move made
    from it, its grade and the better move with what it kept (a turning point's own
    sentence, with its tile), or that it was forced; at the end, that it is the end."""
    move = moves.move_of(at + 1)
    if move is None:
        if at >= moves.total - 1 > 0:
            return text.say("review_line_end", lang, n=text.number(at, lang))
        return text.say("review_line_waiting", lang, n=text.number(at + 1, lang))
    values = {"n": text.number(at + 1, lang), "played": text.say(move["played"], lang),
              "grade": text.say("grade_" + move["grade"], lang)}
    if move["keeps"] == "f":
        return text.say("review_line_forced", lang, **values)
    if not move["better"]:
        return text.say("review_line_best", lang, **values)
    point = moves.turning_point(at + 1)
    if point is not None:
        return text.say("review_line_turning", lang, grade=values["grade"], why=turning_sentence(point, lang))
    values["better"] = text.say(move["better"], lang)
    values["kept"] = text.say("keeps_" + move["keeps"], lang)
    return text.say("review_line", lang, **values)


def draw_chart(view: "Any", values: "list[int]", moves: Moves) -> None:
    """The review's chart (game/ui/charts.py), its legend, its box shown."""
    view.draw_chart("review-chart-shapes", charts.review_chart(values, moves.grades, moves.total))
    view.set_legend("review-legend", [("s1", text.say("review_legend_value")),
                                      ("grade-m", text.say("grade_m")), ("grade-x", text.say("grade_x"))])
    view.set_hidden("review-chart-box", False)


def mark_on_chart(view: "Any", at: int, last: int) -> None:
    """The chart's line at the position after `at` moves of `last`: two attributes,
    nothing redrawn."""
    x = charts.review_x(at, last)
    for name, value in (("x1", x), ("x2", x), ("visibility", "visible")):
        view.set_attribute("review-chart-now", name, value)
