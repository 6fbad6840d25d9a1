"""The solver (game/solver): it plays by the rules, sees a move ahead, keeps its budget,
and a run with a positions budget is reproducible. Runs on CPython and in Pyodide."""

from __future__ import annotations

import io
import json
import time
from contextlib import redirect_stderr
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game import chance, rules
from game.rules import Board
from game.solver import bench, choose_move, search
from tests.unit.boards import board
from tests.unit.test_properties import boards


def stuck(b: Board) -> bool:
    return not rules.legal_directions(b)


@given(boards(), st.sampled_from(rules.DIRECTIONS))
def test_the_solver_slides_exactly_as_the_rules_do(b: Board, direction: str) -> None:
    lines = search.lines_of(len(b))
    s = search.Search(len(b), float("inf"), None, time.perf_counter)
    packed = search.pack(b)
    moved = dict(s.children(packed))
    expected, _ = rules.slide(b, direction)
    index = search.DIRECTIONS.index(direction)
    if expected == b:
        assert index not in moved
    else:
        assert search.unpack(moved[index], len(b)) == expected
    assert lines.size == len(b)


@given(boards())
def test_pack_and_unpack_are_inverse(b: Board) -> None:
    assert search.unpack(search.pack(b), len(b)) == b


@settings(max_examples=40, deadline=None)
@given(boards(), st.integers(1, 400))
def test_never_a_move_that_changes_nothing_while_one_exists(b: Board, nodes: int) -> None:
    decision = choose_move(b, budget_nodes=nodes)
    legal = rules.legal_directions(b)
    if legal:
        assert decision.direction in legal
    else:
        assert decision.direction is None


def test_a_stuck_board_has_no_move() -> None:
    b = board("2 4 2 4/4 2 4 2/2 4 2 4/4 2 4 2")
    assert stuck(b)
    assert choose_move(b, budget_ms=5).direction is None


def test_the_only_legal_move_is_taken_without_searching() -> None:
    b = board("2 4 2 4/4 2 4 2/2 4 2 4/. . . .")
    assert rules.legal_directions(b) == ["down"]
    decision = choose_move(b, budget_ms=5)
    assert decision.direction == "down"
    assert decision.nodes == 0


def test_it_avoids_the_move_after_which_most_spawns_end_the_game() -> None:
    # Left leaves the 16 beside an empty corner: a 2 there ends the game (9 in 10).
    # Right puts the empty cell where any spawn can still merge.
    b = board("2 4 2 4/4 2 4 2/2 4 2 4/4 2 8 8")
    assert sorted(rules.legal_directions(b)) == ["left", "right"]
    after_left, _ = rules.slide(b, "left")
    assert stuck(rules.place(after_left, (3, 3), 2))
    after_right, _ = rules.slide(b, "right")
    assert not stuck(rules.place(after_right, (3, 0), 2))
    assert not stuck(rules.place(after_right, (3, 0), 4))
    for nodes in (50, 500, None):
        decision = choose_move(b, budget_ms=50, budget_nodes=nodes)
        assert decision.direction == "right", decision
        assert decision.depth >= 2


def test_a_merge_into_the_corner_is_preferred_to_breaking_the_corner() -> None:
    # The big tiles line the top row toward the left; pulling the 1024s together to the
    # left keeps that order, pushing right would break it.
    b = board("1024 1024 64 4/256 128 32 2/8 4 2 ./2 . . .")
    decision = choose_move(b, budget_ms=100)
    assert decision.direction == "left", decision


def test_the_time_budget_holds_on_an_open_6x6_board() -> None:
    """Generous bound: iterative deepening stops in time even with 34 empty cells
    (a fixed depth would run for minutes here)."""
    b = rules.new_board(6)
    b = rules.place(rules.place(b, (0, 0), 2), (5, 5), 4)
    began = time.perf_counter()
    decision = choose_move(b, budget_ms=30)
    took_ms = (time.perf_counter() - began) * 1000
    assert decision.direction in rules.legal_directions(b)
    assert decision.depth >= 1
    assert took_ms < 30 * 10


def test_a_positions_budget_gives_the_same_move_every_time() -> None:
    b = board("2 8 4 ./16 32 4 ./128 64 8 2/256 512 16 4")
    first = choose_move(b, budget_nodes=300)
    for _ in range(3):
        again = choose_move(b, budget_nodes=300)
        assert (again.direction, again.depth, again.nodes) == (first.direction, first.depth, first.nodes)


def test_a_positions_budget_is_kept_within_one_check() -> None:
    b = board("2 . . ./. . 4 ./. . . ./. 2 . .")
    decision = choose_move(b, budget_nodes=1000)
    assert decision.nodes <= 1000 + search.CHECK_EVERY


def test_every_size_plays_a_legal_game_prefix() -> None:
    for size in rules.SIZES:
        source = chance.seeded(size)
        b = rules.new_board(size)
        b, _, _ = chance.spawn(b, source)
        for _ in range(30):
            decision = choose_move(b, budget_nodes=150)
            assert decision.direction in rules.legal_directions(b)
            b, _ = rules.slide(b, decision.direction)
            b, _, _ = chance.spawn(b, source)


def test_a_bench_game_is_reproducible_from_its_seed() -> None:
    first = bench.play_game(4, seed=7, budget_ms=0, budget_nodes=60, max_moves=120)
    second = bench.play_game(4, seed=7, budget_ms=0, budget_nodes=60, max_moves=120)
    assert first["moves"] == 120
    for key in ("score", "max_tile", "moves", "nodes"):
        assert first[key] == second[key]
    other = bench.play_game(4, seed=8, budget_ms=0, budget_nodes=60, max_moves=120)
    assert (other["score"], other["nodes"]) != (first["score"], first["nodes"])


def test_the_bench_command_prints_its_summary(tmp_path: Path) -> None:
    printed: list[str] = []
    with redirect_stderr(io.StringIO()) as progress:
        code = bench.main(["bench", "--size", "5", "--games", "2", "--budget-nodes", "40",
                           "--max-moves", "25", "--json"], out=printed.append)
    assert code == 0
    summary = json.loads(printed[0])
    assert summary["games"] == 2 and summary["size"] == 5
    assert summary["budget_nodes"] == 40
    assert set(summary["reached"]) == {"2048", "4096", "8192", "16384"}
    assert summary["moves_mean"] == 25
    assert summary["positions_per_s"] > 0
    assert "game 2 (heuristic):" in progress.getvalue()
    text: list[str] = []
    with redirect_stderr(io.StringIO()):
        for first in (0, 1):
            bench.main(["bench", "--games", "1", "--first", str(first), "--budget-nodes", "30",
                        "--max-moves", "8", "--record", str(tmp_path / f"part{first}.jsonl")])
    merged: list[str] = []
    assert bench.main(["report", str(tmp_path / "part0.jsonl"), str(tmp_path / "part1.jsonl"),
                       "--json"], out=merged.append) == 0
    assert json.loads(merged[0])["games"] == 2
    with redirect_stderr(io.StringIO()) as complaint:
        assert bench.main(["report", str(tmp_path / "part0.jsonl"), str(tmp_path / "part0.jsonl")]) == 2
    assert "twice" in complaint.getvalue()
    bench.main(["bench", "--games", "1", "--budget-nodes", "40", "--max-moves", "5", "--quiet"],
               out=text.append)
    assert "reached" in text[0] and "ms/move" in text[0]


def test_a_paced_game_keeps_its_mean_budget_and_spends_savings_only_when_crowded() -> None:
    ticks = iter(range(10**9))
    pace = search.Pace(20.0)
    open_board = board("2 . . ./. . . ./. . 4 ./. . . .")
    crowded = board("2 4 8 16/32 64 128 256/2 4 8 ./16 . . .")
    assert pace.allowance(open_board) == 20.0
    pace.saved_ms = 50.0
    assert pace.allowance(open_board) == 20.0
    assert pace.allowance(crowded) == 70.0
    pace.saved_ms = -5.0  # an overrun is paid back on any board, down to a floor
    assert pace.allowance(open_board) == 15.0
    pace.saved_ms = -30.0
    assert pace.allowance(crowded) == 10.0
    pace.saved_ms = 0.0
    times: list[float] = []
    for _ in range(40):  # a fake clock: each look moves 1 ms on, so searches are "slow"
        decision = pace.choose(crowded, clock=lambda: next(ticks) / 1000.0)
        times.append(decision.ms)
    assert abs(sum(times) / len(times) - 20.0) < 20.0 * search.Pace.CARRY / len(times) + 1.0


def test_a_starved_search_still_looks_two_moves_ahead() -> None:
    """However short the time budget (a busy machine), depth 2 completes: a greedy
    one-move guess is what loses games early."""
    b = board("2 8 4 ./16 32 4 ./128 64 8 2/256 512 16 4")
    decision = choose_move(b, budget_ms=0.001)
    assert decision.depth >= search.FLOOR_DEPTH


def test_the_heuristics_powers_are_the_same_float_on_every_machine() -> None:
    """Correctly rounded from exact integers (search.power), not libm's pow, whose last
    bit differs between glibc and Pyodide's musl: a review must value a board the same
    in the browser and on CPython (tests/unit/test_review.py checks a golden digest)."""
    assert search.power(15, 3.5).hex() == "0x1.987a8ce394908p+13"  # glibc's pow: ...909
    assert search.power(2, 3.5) == 8 * 2 ** 0.5 and search.power(0, 3.5) == 0.0
    assert all(search.power(e, 4.0) == float(e**4) for e in range(38))
    assert search.power(3, 1.25) == 3 ** 1.25
