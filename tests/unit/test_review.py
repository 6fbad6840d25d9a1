"""Review (game/review.py): every move of a recorded game graded against the solver.

The grading rules (the best move is best, grades rise with the loss, a forced move is
best), the review made in slices equal to the review made at once, the same record
giving the same review, here and in Pyodide (this file runs in both: the golden digest
below was computed on CPython), and the explanation's codes. The engine's calls and the
stored reviews are tested in test_reviewer.py.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from game import record as records
from game import replay, review, rules
from game.review import GRADES, Review, grade, judge, loss_of
from game.solver.search import choose_move, move_values
from tests.unit.boards import board, played
from tests.unit.test_properties import boards

# A 4×4 game of 48 moves played by the solver on small budgets (seeded tiles).
RECORD = ("AKADGCCMEFCNGGGJGCCEHAGCGHCEGCGFGIGJGAGJEPCJCJANCICMCJAPEGAPEGAHEIANADCFEKEJALBKEDCJANAP"
          "EMALEGAOADEH")
# SHA-256 (first 16 hex digits) of its review's grades, chart values, accuracy and
# turning points with review.BUDGET, computed on CPython 3.11; Pyodide must agree to
# the bit (the search's values come from the same float operations in the same order).
GOLDEN = "33f5cd67c481d202"
SMALL = 300  # positions per position where only the rules matter, not the grades' quality


@cache
def film() -> records.Film:
    return records.read(RECORD, 4)


@cache
def whole(budget: int = SMALL) -> str:
    """The review of RECORD made in one go, as JSON text (to compare exactly)."""
    made = Review(film(), budget)
    made.step(10_000)
    return json.dumps(made.finished())


@settings(max_examples=40, deadline=None)
@given(boards(), st.integers(20, 400))
def test_a_best_move_is_never_graded_below_best(b: rules.Board, budget: int) -> None:
    valued = move_values(b, budget)
    legal = rules.legal_directions(b)
    assert sorted(valued.values) == sorted(legal)
    if not legal:
        assert valued.best is None
        return
    assert valued.best in legal
    assert judge(1, valued, str(valued.best), len(b)).grade == "b"
    top = max(valued.values.values())
    for direction, value in valued.values.items():  # a move tied with the best is best too
        judged = judge(1, valued, direction, len(b))
        assert (judged.grade == "b") == (value == top or len(legal) == 1)
        assert judged.loss >= 0.0


@given(st.floats(0.0, 1e6), st.floats(0.0, 1e6))
def test_grades_are_monotone_in_the_loss(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert GRADES.index(grade(low)) <= GRADES.index(grade(high))
    assert (grade(a) == "b") == (a == 0.0)


def test_each_grade_begins_at_its_threshold() -> None:
    assert [grade(x) for x in (0.0, 1e-9, review.INACCURACY, review.MISTAKE, review.BLUNDER, 1e9)] == [
        "b", "g", "i", "m", "x", "x"]
    assert grade(review.INACCURACY * 0.999) == "g" and grade(review.BLUNDER * 0.999) == "m"


def test_the_loss_is_a_share_of_a_live_board_on_every_size() -> None:
    """The same drop in value is a smaller loss on a bigger board, whose live value is
    bigger by as much: a grade means the same on 4×4, 5×5 and 6×6."""
    for size in rules.SIZES:
        live = review.scale(size)
        values = {"left": live, "up": live * 0.97}
        assert abs(loss_of(values, "up", size) - 3.0) < 1e-9
        assert loss_of(values, "left", size) == 0.0
    assert review.standing({}, 4) == 0
    assert review.standing({"left": review.scale(5) * 2}, 5) == 100
    assert review.standing({"left": review.scale(6) * 0.5}, 6) == 50


def test_a_position_with_one_legal_move_is_graded_best() -> None:
    b = board("2 4 2 4/4 2 4 2/2 4 2 4/. . . .")
    assert rules.legal_directions(b) == ["down"]
    valued = move_values(b, 200)
    assert list(valued.values) == ["down"] and valued.depth >= 1, "searched all the same: the chart needs it"
    judged = judge(7, valued, "down", 4)
    assert (judged.grade, judged.loss, judged.forced, judged.better) == ("b", 0.0, True, "down")
    assert review.accuracy([judged]) == 100.0, "a forced move is not a choice"


def test_move_values_are_the_same_every_time_and_agree_with_choose_move() -> None:
    for seed in range(6):
        b = played(seed, 15 + 20 * seed).position.board
        first = move_values(b, 1500)
        again = move_values(b, 1500)
        assert first == again
        assert list(first.values) == [d for d in rules.DIRECTIONS if d in first.values]
        if len(first.values) > 1:
            decision = choose_move(b, budget_nodes=1500)
            assert (decision.direction, decision.depth, decision.nodes) == (
                first.best, first.depth, first.nodes)


@settings(max_examples=12, deadline=None)
@given(st.lists(st.integers(0, 60), min_size=1, max_size=12))
def test_a_review_made_in_slices_is_the_review_made_at_once(slices: list[int]) -> None:
    made = Review(film(), SMALL)
    seen: list[str] = []
    for size in slices + [10_000]:
        progress = made.step(size)
        assert progress["at"] == len(progress["values"]) <= made.total
        assert progress["grades"].startswith("".join(seen[-1:]))
        assert progress["progress"] == 100 * progress["at"] // made.total
        seen.append(progress["grades"])
    assert made.done and json.dumps(made.finished()) == whole()


def test_the_same_record_gives_the_same_review() -> None:
    again = Review(records.read(RECORD, 4), SMALL)
    while not again.done:
        again.step(7)
    assert json.dumps(again.finished()) == whole()


def test_a_review_is_bit_identical_to_the_one_computed_on_cpython() -> None:
    """The golden digest: the same grades, values, accuracy and turning points in every
    interpreter (this file runs in Pyodide too: tests/pyodide)."""
    made = Review(film())
    made.step(10_000)
    finished = made.finished()
    assert len(finished["grades"]) == 48 and len(finished["values"]) == 49
    text = json.dumps([finished[k] for k in ("grades", "values", "accuracy", "turning")])
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == GOLDEN, text


def test_a_review_kept_under_other_grading_rules_is_made_again() -> None:
    """A kept review of grading 4 was valued otherwise (4x4 by the four-tuple network): it
    is not reused."""
    from game import stored_reviews

    made = Review(film(), SMALL)
    made.step(10_000)
    key = review.key_of(film())
    kept = made.finished() | {"key": key}
    assert review.GRADING == 5 and stored_reviews.valid(kept)
    assert stored_reviews.find([kept], key, SMALL) == kept
    assert stored_reviews.find([kept | {"grading": 4}], key, SMALL) is None


def test_the_review_follows_the_record_move_by_move() -> None:
    made = Review(film(), SMALL)
    made.step(10_000)
    finished = made.finished()
    assert made.total == 49 and [j.move for j in made.judged] == list(range(1, 49))
    assert [j.played for j in made.judged] == [s.direction for s in film().steps]
    assert finished["size"] == 4 and finished["budget"] == SMALL and finished["grading"] == review.GRADING
    assert all(0 <= v <= 100 for v in finished["values"])
    assert 0.0 <= finished["accuracy"] <= 100.0


def test_the_turning_points_are_the_ones_decisive_names_with_their_reasons() -> None:
    made = Review(film(), SMALL)
    made.step(10_000)
    turning = made.turning_points()
    costly = review.decisive(made.judged, made.lost, made.standings)
    assert [t["move"] for t in turning] == [j.move for j in costly[:3]]
    for point, judged in zip(turning, costly):
        assert point["played"] == judged.played != point["better"] == judged.better
        assert point["grade"] == grade(judged.loss) != "b" and point["loss"] == round(judged.loss, 2)
        codes = {reason["code"] for reason in point["why"]}
        assert point["why"] and codes <= {"corner", "empty", "merge", "ahead"}


def test_a_game_of_best_moves_has_no_turning_point_and_full_accuracy() -> None:
    best = [review.Judged(n, "left", "left", 0.0, "b", False, 2) for n in (1, 2, 3)]
    assert review.accuracy(best) == 100.0
    worse = best + [review.Judged(4, "up", "left", review.HALF, "m", False, 2)]
    assert review.accuracy(worse) == round((300.0 + 50.0) / 4, 1)
    assert review.accuracy([]) == 100.0


def test_the_reasons_name_what_the_better_move_keeps() -> None:
    # Left keeps the 256 in its corner, merges the two 32s and frees a cell; up
    # breaks the corner and merges nothing.
    b = board("256 . 32 32/4 2 . ./. . . ./. . . .")
    why = review.reasons(b, "left", "up", 3)
    assert {"code": "merge", "tile": 64} in why
    assert {"code": "empty", "better": 12, "played": 11} in why
    assert all(reason["code"] != "corner" for reason in why), "up keeps the 256 in its corner too"
    b = board("2 . . 256/. . . ./. . . ./. . . .")
    assert review.reasons(b, "right", "left", 2) == [{"code": "corner", "tile": 256}]
    assert review.reasons(b, "up", "right", 4) == [{"code": "ahead", "depth": 4}]


def test_a_damaged_record_is_refused_before_any_search() -> None:
    damaged = records.Film(4, film().start, film().steps[:3] + (film().steps[2],) + film().steps[4:])
    try:
        Review(damaged, SMALL)
    except replay.Rejection as refusal:
        assert refusal.reason == "record_damaged"
    else:
        raise AssertionError("a record whose move changes nothing must be refused")


def test_the_key_is_the_records_and_the_sizes() -> None:
    assert review.record_text(film()) == RECORD
    key = review.key_of(film())
    assert key == hashlib.sha256(("4:" + RECORD).encode()).hexdigest()
    assert review.key_of(records.read(RECORD[:20], 4)) != key


def judged_of(losses: list[float]) -> list[review.Judged]:
    """Moves 1, 2, ... that lost these percentages (0: the best move)."""
    return [review.Judged(n, "up", "left" if loss else "up", loss, grade(loss), False, 3)
            for n, loss in enumerate(losses, start=1)]


def test_what_is_never_regained_is_the_chart_above_all_that_came_after() -> None:
    # positions 0..6: a drop of 20 made good, then drops of 10 and 5 never made good
    assert review.unregained([100, 80, 100, 90, 95, 85, 85]) == [0, 0, 5, 0, 10, 0]
    assert sum(review.unregained([100, 90, 95, 40, 60, 0])) == 100  # a lost game's whole fall
    assert review.unregained([]) == [] and review.unregained([50]) == []


def test_a_lost_games_last_moves_hold_one_turning_point_and_the_earlier_ones_are_named() -> None:
    """In a lost game's last TAIL moves every move is costly and all of the fall is never
    regained: only one of them counts (the one that lost most of a game still alive),
    and the costliest moves before them are named too (the move that decided it)."""
    end = [9.0, 12.0, 30.0, 8.0, 0.0, 15.0, 40.0, 7.0, 11.0, 60.0]  # moves 61 to 70
    losses = [0.0] * 40 + [2.0, 0.0, 3.5] + [0.0] * 17 + end
    standings = [100] * 61 + list(range(90, -1, -10))  # the fall: all in the last ten moves
    moves = [j.move for j in review.decisive(judged_of(losses), True, standings)]
    assert moves == [63, 43, 41]  # 63 lost 30 of 80, 70 60 of 10
    assert [j.move for j in review.decisive(judged_of(losses), False, standings)] == [63, 67, 62]
    flat = [100] * 71  # a chart that never falls: the costliest moves, the end's too
    assert [j.move for j in review.decisive(judged_of(losses), False, flat)] == [70, 67, 63]


def test_a_drop_never_regained_beats_a_bigger_one_made_good() -> None:
    """Move 20 cost 25 % and the game got it all back; move 40 cost 8 %, and the chart
    never again stood where it stood before it: the lost game turned on move 40. Had
    the game gone on, it might have got it back: the costliest first then."""
    losses = [0.0] * 19 + [25.0] + [0.0] * 19 + [8.0] + [0.0] * 20 + [1.0] * 10
    standings = [100] * 20 + [75] * 5 + [100] * 15 + [92] * 21 + list(range(90, -1, -10))
    assert len(standings) == len(losses) + 1
    assert [j.move for j in review.decisive(judged_of(losses), True, standings)][:2] == [40, 20]
    assert [j.move for j in review.decisive(judged_of(losses), False, standings)][:2] == [20, 40]
    small = [100] * 40 + [98] * 21 + list(range(90, -1, -10))  # a drop of 2: below NEVER_REGAINED
    assert [j.move for j in review.decisive(judged_of(losses), True, small)][:2] == [20, 40]


def test_a_forced_move_is_never_a_turning_point() -> None:
    """The only legal move is graded best (nothing was chosen), whatever came after it."""
    only_left = board(". 2 4 2/. 4 2 4/. 2 4 2/. 4 2 4")
    assert rules.legal_directions(only_left) == ["left"]
    forced = judge(3, move_values(only_left, SMALL), "left", 4)
    assert forced.forced and forced.loss == 0.0 and forced.grade == "b"
    judged = judged_of([1.0, 2.0]) + [forced._replace(loss=50.0)] + judged_of([0.0, 0.5])[1:]
    judged = [j._replace(move=n) for n, j in enumerate(judged, start=1)]
    assert 3 not in [j.move for j in review.decisive(judged, True, [100, 100, 100, 100, 0, 0])]


def kept_first(judged: list[review.Judged], standings: list[int],
               lost: bool) -> list[tuple[float, float, int]]:
    """Each move's place in `decisive`'s order: in a lost game what it lost never
    regained (from NEVER_REGAINED on), then its loss times the standing before it, then
    the earlier first."""
    never = review.unregained(standings) if lost else [0] * len(judged)
    keys = []
    for j in judged:
        kept = min(j.loss, float(never[j.move - 1]))
        first = -kept if kept >= review.NEVER_REGAINED else 0.0
        keys.append((first, -j.loss * standings[j.move - 1], j.move))
    return keys


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([0.0, 0.1, 0.5, 2.0, 2.0, 7.5, 30.0]), st.integers(0, 100),
                          st.booleans()), max_size=40),
       st.integers(0, 100), st.booleans())
def test_law_the_turning_points_are_the_moves_that_lost_most_for_good_one_at_most_in_a_lost_games_end(
        moves: list[tuple[float, int, bool]], last: int, lost: bool) -> None:
    judged = [j._replace(forced=forced) for j, (_, _, forced) in zip(judged_of([m[0] for m in moves]), moves)]
    standings = [m[1] for m in moves] + [0 if lost else last]
    chosen = review.decisive(judged, lost, standings)
    keys = dict(zip((j.move for j in judged), kept_first(judged, standings, lost)))
    tail = [j for j in judged if j.move > len(judged) - review.TAIL] if lost else []
    assert len(chosen) <= review.TURNING_POINTS and all(j.loss > 0.0 and not j.forced for j in chosen)
    assert sum(j in tail for j in chosen) <= 1
    assert chosen == sorted(chosen, key=lambda j: keys[j.move])
    left_out = [j for j in judged if j.loss > 0.0 and not j.forced and j not in chosen and (
        j not in tail or not any(c in tail for c in chosen))]
    if len(chosen) < review.TURNING_POINTS:
        assert left_out == []  # every move that could count does
    else:
        assert all(keys[j.move] > keys[chosen[-1].move] for j in left_out)
    if not lost or all(n == 0 for n in review.unregained(standings)):  # nothing decided
        assert chosen == sorted(chosen, key=lambda j: (-j.loss * standings[j.move - 1], j.move))


def test_a_real_lost_game_has_at_most_one_turning_point_in_its_last_moves() -> None:
    """A game of random moves to its end (seeded), reviewed: lost, and its turning
    points keep to the rule."""
    from game import chance
    from game.session import Session

    game, _ = Session.new(4, chance.seeded(11))
    source = chance.seeded(12)
    while not game.over:
        legal = rules.legal_directions(game.position.board)
        game.move(legal[chance.choose_index(source, len(legal))])
    assert game.record is not None
    made = Review(records.read(game.record, 4), SMALL)
    made.step(10_000)
    turning = made.finished()["turning"]
    assert made.lost and len(turning) == review.TURNING_POINTS
    assert sum(point["move"] > len(made.judged) - review.TAIL for point in turning) <= 1


def test_the_turning_measure_plants_a_move_that_breaks_the_corner_and_counts_by_each_rule() -> None:
    """game/solver/turning.py, the measurement behind docs/review.md's "Turning points":
    its planted moves take the biggest tile out of its corner, and its summary counts
    what each rule named."""
    from game.solver import turning

    b = board("256 4 2 ./8 . . ./. . . ./. . . .")
    assert turning.breaking(b) == ["right", "down"]  # the only legal moves: both pull the 256 out
    assert turning.breaking(board("128 4 2 ./8 . . ./. . . ./. . . .")) == []  # below 256: none
    assert turning.breaking(board("256 4 2 ./8 2 . ./. . . ./. . . .")) == ["right", "down"]
    assert turning.breaking(board(". 4 2 256/. . . 8/. . . ./. . . .")) == ["left", "down"]
    # 50 moves: the plant (20) costs 8 % and the chart never gets back; moves 45, 48 and
    # 50 cost more, in the lost game's end
    losses = [0.0] * 19 + [8.0] + [0.0] * 24 + [20.0, 0.0, 0.0, 30.0, 0.0, 50.0]
    standings = [100] * 20 + [90] * 25 + [80, 70, 60, 40, 20, 0]
    game = {"kind": "human", "seed": 1, "moves": 50, "lost": True, "planted": 20, "standings": standings,
            "judged": [list(j) for j in judged_of(losses)]}
    assert turning.turned(game) and not turning.turned(game | {"planted": 45})
    assert turning.named(game) == {"grading 1": [50, 48, 45], "grading 2": [50, 20], "grading 3": [48, 20]}
    found = turning.summary([game, game | {"planted": 45}, game | {"planted": None}])
    counts = {k: v for k, v in found.items() if k not in turning.RULES}
    assert counts == {"games": 3, "lost": 3, "planted": 2, "planted_lost": 2, "turned": 1}
    assert found["grading 1"] == {"lost_with_more_than_one_in_tail": 3, "planted_named": 1,
                                  "planted_lost_named": 1, "turned_named": 0}
    assert found["grading 3"] == {"lost_with_more_than_one_in_tail": 0, "planted_named": 1,
                                  "planted_lost_named": 1, "turned_named": 1}
