"""A game reviewed the way a chess engine reviews one: every move graded against the
solver's best, and the turning points found (docs/review.md).

Why it looks like this:
- **The engine's own rules and solver.** The positions come from the game's record,
  walked by `replay.boards` (the walk that checks a record); each is valued by
  `search.move_values`, the very search Hint and Auto-play play by. So a review never
  disagrees with the game about what happened, nor with Hint about what was best.
- **A budget in positions, never time.** The same record gives the same review on any
  device and in any interpreter, and one kept on a phone is the one a desktop makes.
- **One position at a time.** `Review.step(n)` values at most `n` positions and hands
  back what is known so far: the engine's worker answers other calls between slices,
  and cancelling is dropping the object. Each position is valued on its own (a fresh
  search, memoised line tables that depend only on the line), so where the slices fall
  cannot change anything.
- **The loss as a share of a live board.** The solver's values are its heuristic's,
  with a lost board worth 0 and every live line starting at `LINE_BASE`: a live board
  is worth about `2 · size · LINE_BASE`, whatever its tiles. A move's loss is the drop
  from the best move's value as a percentage of that, so it reads as "this much more
  likely to lose" on every board size and at every stage of a game (docs/review.md
  shows the measurements behind this choice and the thresholds).

Plain data out (codes and numbers, no sentences): the page words them in its languages.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any, NamedTuple

from game import record as records
from game import replay, rules
from game.rules import Board
from game.solver import learned
from game.solver.search import LINE_BASE, Valued, move_values

BUDGET = 4500  # positions the solver may evaluate per position reviewed (docs/review.md)
# The same on a board the network judges: its positions cost more (a 1,000-move game
# must be reviewed within 30 s in the page) and a shallower search already agrees with
# a deep one (docs/review.md, "Against a deep reference").
NETWORK_BUDGET = 2000
GRADING = 5  # the grading rules' version: a kept review graded otherwise is not reused
# (2: a lost game's last moves hold at most one turning point; 3: a lost game's turning
# points are first the moves whose drop the chart never got back, then the loss times
# the standing before the move, `decisive`; 4: 4x4 games valued by the solver's learned
# network, game/weights.py; 5: by its six-tuple successor, `five6`)
GRADES = "bgimx"  # best, good, inaccuracy, mistake, blunder
# The loss (percent of a live board's value) from which a move is graded an
# inaccuracy, a mistake, a blunder; any smaller loss above 0 is good.
INACCURACY, MISTAKE, BLUNDER = 0.3, 1.5, 6.0
# The same for the network's loss (a share of the points still to come).
NETWORK_BOUNDS = (0.5, 2.0, 6.0)
HALF = MISTAKE  # a move's accuracy halves for every HALF percent lost (the bounds' mistake)
POINTS_FLOOR = 2000.0  # the network's loss is a share of at least this many points to come
POINTS_HALF = 20_000.0  # points to come at which the network's standing is 50
TURNING_POINTS = 3
# A lost game's last moves: at most one turning point among them (`decisive` says why).
TAIL = 10
# A move's drop the chart never got back counts first from this many points on
# (percent of a live board, like a loss; `decisive`): below it, the small drops a long
# game never gets back outrank a blunder it made good (docs/review.md).
NEVER_REGAINED = 4.0


# A direction as one letter, for the per-move strings (`played`, `better`): "." in
# `better` where the move played was the best (or the only one).
LETTERS = {"left": "l", "right": "r", "up": "u", "down": "d"}
# What the better move kept, as one letter per move for the move list (`keeps`): the
# first of its `reasons`, "." where the move played was the best, "f" where it was the
# only legal move (forced: the list says so rather than "best").
KEPT = {"corner": "c", "empty": "e", "merge": "m", "ahead": "a"}
FORCED = "f"


def scale(size: int) -> float:
    """What a live board is worth to the solver on this size: every row's and column's
    base value. A lost board is worth 0, so a share of this is a share of being alive."""
    return 2.0 * size * LINE_BASE


def learned_judge(size: int) -> bool:
    """Whether the solver values this size's boards by the learned network (4x4 once it
    is installed) rather than by the line heuristic."""
    return size == learned.SIZE and learned.installed()


def loss_of(values: dict[str, float], played: str, size: int) -> float:
    """How much worse `played` is than the best move, in percent (0 for the best move,
    and for a move tied with it): of a live board's value for the heuristic; for the
    network, whose values are the points still to come, of what the best move expects
    (at least `POINTS_FLOOR`), so a move reads as "this share of the game's future
    given up" early and late alike."""
    best = max(values.values())
    drop = best - values[played]
    if drop <= 0.0:
        return 0.0
    if learned_judge(size):
        return drop * 100.0 / max(best, POINTS_FLOOR)
    return drop * 100.0 / scale(size)


def bounds_for(size: int) -> tuple[float, float, float]:
    """The losses from which a move is an inaccuracy, a mistake, a blunder, as the
    solver judges this size."""
    return NETWORK_BOUNDS if learned_judge(size) else (INACCURACY, MISTAKE, BLUNDER)


def budget_for(size: int) -> int:
    """The positions a review may search per position on this size (`NETWORK_BUDGET`)."""
    return NETWORK_BUDGET if learned_judge(size) else BUDGET


def grade(loss: float, bounds: tuple[float, float, float] = (INACCURACY, MISTAKE, BLUNDER)) -> str:
    """The grade of a move that lost `loss` percent: best only when nothing was lost,
    then rising with the loss (so grades are monotone in it)."""
    if loss <= 0.0:
        return "b"
    for letter, bound in zip("gim", bounds):
        if loss < bound:
            return letter
    return "x"


def move_accuracy(loss: float, half: float = HALF) -> float:
    """100 for a best move, halved for every `half` percent lost (the mistake bound):
    smooth, so a game's accuracy moves a little with a small loss and a lot with a
    blunder."""
    return 100.0 * math.pow(0.5, loss / half)


def standing(values: dict[str, float], size: int) -> int:
    """The position's value for a chart, 0 to 100: its best move's value as a share of
    a live board's (0 when no move is left; about 100 on an open board). For the
    network, the points still to come p as p / (p + `POINTS_HALF`): 50 where the game
    expects `POINTS_HALF` more points, toward 100 as it expects many more."""
    if not values:
        return 0
    best = max(values.values())
    if learned_judge(size):
        return max(0, min(100, round(100.0 * best / (best + POINTS_HALF)))) if best > 0.0 else 0
    return max(0, min(100, round(100.0 * best / scale(size))))


def record_text(film: records.Film) -> str:
    """The record a film was read from (game/record.py), written again: a review's key
    does not depend on where the game came from (the game in play, a code, a result)."""
    size = film.size
    text = records.start(size, [(spawned.cell, spawned.value) for spawned in film.start])
    return text + "".join(records.step(size, s.direction, s.spawn.cell, s.spawn.value) for s in film.steps)


def key_of(film: records.Film) -> str:
    """The key a review is kept under: SHA-256 of the board size and the record (the
    same record text could be another game on another size)."""
    return hashlib.sha256(f"{film.size}:{record_text(film)}".encode("ascii")).hexdigest()


class Judged(NamedTuple):
    """One move of the game, graded."""

    move: int  # 1 = the first move
    played: str
    better: str  # the solver's best move (the played one when it was the best)
    loss: float  # percent of a live board's value (see `loss_of`)
    grade: str  # one of GRADES
    forced: bool  # the only legal move: graded best, not counted in the accuracy
    depth: int  # how deep the search that valued it went


def judge(move: int, valued: Valued, played: str, size: int) -> Judged:
    """The played move against the solver's values for its position."""
    forced = len(valued.values) == 1
    loss = 0.0 if forced else loss_of(valued.values, played, size)
    better = played if loss == 0.0 else str(valued.best)
    return Judged(move, played, better, loss, grade(loss, bounds_for(size)), forced, valued.depth)


def in_corner(board: Board, tile: int) -> bool:
    last = len(board) - 1
    return tile in (board[0][0], board[0][last], board[last][0], board[last][last])


def largest_merge(board: Board, direction: str) -> int:
    """The largest tile a move makes by merging (0 when it merges nothing)."""
    tiles = rules.move_tiles(board, direction)[2]
    return max((tile.value for tile in tiles if rules.merged(tile)), default=0)


def reasons(board: Board, better: str, played: str, depth: int) -> list[dict[str, Any]]:
    """What the better move keeps that the played one gives up, as codes and numbers
    for the page to word: the biggest tile in its corner, more empty cells, a bigger
    merge; or, when the boards after both moves show none of these, that the solver
    saw the difference `depth` moves ahead."""
    after_better, _ = rules.slide(board, better)
    after_played, _ = rules.slide(board, played)
    found: list[dict[str, Any]] = []
    top = rules.max_tile(board)
    if in_corner(after_better, top) and not in_corner(after_played, top):
        found.append({"code": "corner", "tile": top})
    empty_better, empty_played = len(rules.empty_cells(after_better)), len(rules.empty_cells(after_played))
    if empty_better > empty_played:
        found.append({"code": "empty", "better": empty_better, "played": empty_played})
    merge = largest_merge(board, better)
    if merge > largest_merge(board, played):
        found.append({"code": "merge", "tile": merge})
    return found or [{"code": "ahead", "depth": depth}]


def kept_letter(board: Board, judged: Judged) -> str:
    """The move list's word for what the better move kept (`KEPT`): its first reason."""
    if len(rules.legal_directions(board)) == 1:
        return FORCED
    if judged.better == judged.played:
        return "."
    return KEPT[str(reasons(board, judged.better, judged.played, judged.depth)[0]["code"])]


def kept_letters(boards: list[Board], played: str, better: str) -> str:
    """`kept_letter` for every move of a review kept without them (its letters, and the
    positions walked again from its record): the move list reads the same either way.
    A kept review has no depths: an "ahead" reason needs none to be named here."""
    directions = {letter: name for name, letter in LETTERS.items()}
    letters = []
    for index, (mine, best) in enumerate(zip(played, better)):
        move = directions[mine]
        letters.append(kept_letter(boards[index], Judged(index + 1, move, directions.get(best, move), 0.0, "",
                                                         False, 0)))
    return "".join(letters)


def unregained(standings: list[int]) -> list[int]:
    """Per move (index 0: move 1), how far the chart stood before it above the best it
    ever stood after it: what the game lost there and never got back (0 when it did).
    Along a lost game these add up to its whole fall, each point to the move after
    which the game never again stood so high; a drop that was made good counts 0."""
    found = [0] * max(0, len(standings) - 1)
    best_after = -1
    for at in range(len(standings) - 1, 0, -1):
        best_after = max(best_after, standings[at])
        found[at - 1] = max(0, standings[at - 1] - best_after)
    return found


def decisive(judged: list[Judged], lost: bool, standings: list[int]) -> list[Judged]:
    """The turning points: the moves after which the game's chances fell most while it
    could still be saved. In a lost game, first the moves that gave up the most of what
    it never got back (the chart's `unregained` drop after them, but no more than their
    own loss, since a bad tile is no move's fault, and only from `NEVER_REGAINED` on);
    then, and in a game not lost (where nothing was decided: what the chart had not got
    back by the last move it might have got back the move after), the moves that lost
    most of a game still alive (the loss times the chart's standing before the move).
    Forced and best moves never count. A corner-break or a careless move costs a few
    percent, and a game makes most of them good: the one it never recovers from is the
    one that decided it. In a lost game's last `TAIL` moves every move is costly and all
    of the fall is unregained, and there the moves that lost it would crowd out the one
    that decided it earlier (a real game named moves 202, 204 and 210 of 210, and not
    126, which pulled the 128 out of its corner for good): so only one of those counts.
    Measured in docs/review.md, "Turning points"."""
    never = unregained(standings) if lost else []

    def order(j: Judged) -> tuple[float, float, int]:
        kept = min(j.loss, float(never[j.move - 1])) if j.move <= len(never) else 0.0
        alive = standings[j.move - 1] if j.move <= len(standings) else 100
        return (-kept if kept >= NEVER_REGAINED else 0.0, -j.loss * alive, j.move)

    costly = sorted((j for j in judged if j.loss > 0.0 and not j.forced), key=order)
    tail_from = len(judged) - TAIL + 1
    chosen: list[Judged] = []
    in_tail = False
    for j in costly:
        if lost and j.move >= tail_from:
            if in_tail:
                continue
            in_tail = True
        chosen.append(j)
        if len(chosen) == TURNING_POINTS:
            break
    return chosen


def accuracy(judged: list[Judged], half: float = HALF) -> float:
    """The game's accuracy, 0 to 100: the mean of its moves' (`move_accuracy`), forced
    moves left out (there was nothing to choose); 100 when no move was a choice."""
    chosen = [move_accuracy(j.loss, half) for j in judged if not j.forced]
    # fsum: exactly rounded on every Python (`sum` of floats changed in 3.12)
    return round(math.fsum(chosen) / len(chosen), 1) if chosen else 100.0


class Review:
    """One game's review, made a slice at a time (`step`).

    The record is checked and walked at once (a damaged record raises
    `replay.Rejection` here, before any search); then each `step(n)` values the next
    `n` positions. The last position (where the game ends) is valued for the chart but
    not graded: no move was played there.
    """

    def __init__(self, film: records.Film, budget: int | None = None) -> None:
        self.size = film.size
        self.budget = budget_for(film.size) if budget is None else budget
        self.boards: list[Board] = list(replay.boards(film))
        self.played = [s.direction for s in film.steps]
        self.judged: list[Judged] = []
        self.kept: list[str] = []  # `kept_letter` per move judged
        self.values: list[dict[str, float]] = []  # each position's move values (calibration reads them)
        self.standings: list[int] = []
        self.nodes = 0  # positions the solver evaluated so far

    @property
    def total(self) -> int:
        """Positions to value: one per move, and the end."""
        return len(self.boards)

    @property
    def at(self) -> int:
        return len(self.standings)

    @property
    def done(self) -> bool:
        return self.at >= self.total

    def step(self, max_positions: int) -> dict[str, Any]:
        """Value up to `max_positions` more positions; what is known so far."""
        for _ in range(max(0, int(max_positions))):
            if self.done:
                break
            at = self.at
            valued = move_values(self.boards[at], self.budget)
            self.nodes += valued.nodes
            self.values.append(valued.values)
            if at < len(self.played):
                self.judged.append(judge(at + 1, valued, self.played[at], self.size))
                self.kept.append(kept_letter(self.boards[at], self.judged[-1]))
            self.standings.append(standing(valued.values, self.size))
        return self.progress()

    def progress(self) -> dict[str, Any]:
        """Plain data: positions valued of the total, a whole percentage, whether it is
        done, the grades so far (a letter per move) and the chart's values so far."""
        return {"at": self.at, "total": self.total, "progress": 100 * self.at // self.total,
                "done": self.done, "grades": "".join(j.grade for j in self.judged),
                "values": list(self.standings), "keeps": "".join(self.kept)} | self.moves()

    def moves(self) -> dict[str, str]:
        """Every move graded so far, for the move list: the one played and the solver's
        better one ("." where the played one was best), a letter each (`LETTERS`)."""
        return {"played": "".join(LETTERS[j.played] for j in self.judged),
                "better": "".join("." if j.better == j.played else LETTERS[j.better] for j in self.judged)}

    @property
    def lost(self) -> bool:
        """The game ended with no move left (its last position is valued, and stuck)."""
        return self.done and not self.values[-1]

    def turning_points(self) -> list[dict[str, Any]]:
        """The moves `decisive` names, each with why the better move was better."""
        return [{"move": j.move, "played": j.played, "better": j.better, "grade": j.grade,
                 "loss": round(j.loss, 2),
                 "why": reasons(self.boards[j.move - 1], j.better, j.played, j.depth)}
                for j in decisive(self.judged, self.lost, self.standings)]

    def finished(self) -> dict[str, Any]:
        """The whole review as plain data (call once `done`): what `stored_reviews` keeps."""
        return {"grading": GRADING, "budget": self.budget, "size": self.size,
                "grades": "".join(j.grade for j in self.judged),
                "accuracy": accuracy(self.judged, bounds_for(self.size)[1]),
                "values": list(self.standings), "turning": self.turning_points()} | self.moves()
