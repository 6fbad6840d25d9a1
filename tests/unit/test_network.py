"""The learned evaluation (game/solver/network.py, learned.py): the page values a board
as the trainer does, by the board's symmetries alike, reads only files it understands,
and its search adds the points each slide scores. Runs on CPython and in Pyodide."""

from __future__ import annotations

import json
import lzma
import time
import zlib
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import rules
from game.solver import bench, learned, network, search

SHIPPED = Path(__file__).resolve().parents[2] / "assets" / "solver" / "network.bin"
# Edge and middle tuples, lines and corners, small enough to fill quickly.
TUPLES = [[0, 1, 2, 4], [4, 5, 6, 8], [0, 1, 4, 5], [5, 6], [1, 2, 3, 7], [4, 5, 6, 7]]
# Weights from a fixed formula: entries differ, so a wrong index or a missing symmetry
# changes values.
TABLES = [array("h", [((i * 2654435761 + t * 97 + 7) >> 7) % 2001 for i in range(16 ** len(cells))])
          for t, cells in enumerate(TUPLES)]
NET = network.read(network.write({"shape": "test", "tuples": TUPLES, "scale": 2, "games": 0}, TABLES))
exponents = st.lists(st.integers(0, 17), min_size=16, max_size=16).map(bytes)


def image(board: bytes, transpose: bool, flip_r: bool, flip_c: bool) -> bytes:
    out = bytearray(16)
    for i, e in enumerate(board):
        r, c = divmod(i, 4)
        if transpose:
            r, c = c, r
        out[(3 - r if flip_r else r) * 4 + (3 - c if flip_c else c)] = e
    return bytes(out)


@settings(max_examples=60)
@given(exponents, st.booleans(), st.booleans(), st.booleans())
def test_a_board_and_its_seven_mirror_images_are_worth_the_same(board: bytes, t: bool, r: bool,
                                                                c: bool) -> None:
    assert NET.value(image(board, t, r, c)) == NET.value(board)


def brute(board: bytes) -> int:
    """The network's definition: every tuple under every symmetry, read off the board."""
    total = 0
    for cells, weights in zip(TUPLES, TABLES):
        for t in (False, True):
            for r in (False, True):
                for c in (False, True):
                    seen = image(board, t, r, c)
                    total += weights[sum(min(seen[cell], 15) << (4 * k) for k, cell in enumerate(cells))]
    return total


@settings(max_examples=40)
@given(exponents)
def test_pairs_of_lines_add_up_to_every_tuple_under_every_symmetry(board: bytes) -> None:
    assert NET.value(board) == brute(board)


@settings(max_examples=200)
@given(exponents)
def test_a_late_board_is_downgraded_without_changing_its_shape(board: bytes) -> None:
    """Tile downgrading: from the first 8192 on, every tile above the highest value
    missing (4 and up) is halved. Empty cells stay empty, the order of any two tiles
    is kept, and no two different tiles become one."""
    low = network.downgraded(board)
    present = set(board)
    gaps = [e for e in range(network.LOWEST_GAP, max(board)) if e not in present]
    if max(board) < network.DOWNGRADE_FROM or not gaps:
        assert low == board
        return
    assert [e - (e > max(gaps)) for e in board] == list(low)
    for a, b in zip(board, low):
        assert (a == 0) == (b == 0)
    for i in range(16):
        for j in range(16):
            assert (board[i] < board[j]) == (low[i] < low[j])
    assert max(low) == max(board) - 1


def test_the_search_values_a_late_board_as_its_downgraded_image() -> None:
    late = bytes([13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 0, 0, 0, 0, 0])  # no 4096: read as a 4096's
    assert NET.judge(late) == NET.value(bytes([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 0, 0, 0, 0, 0]))
    assert NET.judge(late) != NET.value(late), "the network's own value stays the raw one"
    early = bytes([12, 10, 9, 1] + [0] * 12)  # no 8192 yet: as it is, gaps and all
    assert NET.judge(early) == NET.value(early)


def xz(data: bytes) -> bytes:
    return lzma.compress(data, format=lzma.FORMAT_XZ)


def test_a_file_that_is_not_a_network_is_refused() -> None:
    good = network.write({"shape": "t", "tuples": [[0, 1]], "scale": 1, "games": 0}, [array("h", [0] * 256)])
    with pytest.raises(ValueError):
        network.read(b"not xz at all")
    with pytest.raises(ValueError):
        network.read(xz(lzma.decompress(good)[:-10]))  # cut short
    with pytest.raises(ValueError):
        network.read(xz(lzma.decompress(good).replace(b'"format": 2', b'"format": 9')))
    with pytest.raises(ValueError):
        network.read(xz(b"[1, 2]\n" + lzma.decompress(good).partition(b"\n")[2]))  # a head that is no object
    with pytest.raises(ValueError):  # format 1 (zlib) is no longer read: the page ships its own file
        network.read(zlib.compress(lzma.decompress(good)))
    with pytest.raises(ValueError):  # a tuple over three rows cannot be valued by pairs
        network.read(network.write({"shape": "t", "tuples": [[0, 4, 8]], "scale": 1, "games": 0},
                                   [array("h", [0] * 4096)]))
    assert network.read(good).value(bytes(16)) == 0


def test_the_shipped_network_reads_and_values_an_open_board_above_a_crowded_one() -> None:
    shipped = network.read(SHIPPED.read_bytes())
    assert shipped.meta["games"] > 0
    open_board = bytes([1, 1] + [0] * 14)
    crowded = bytes([1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 1, 2, 2, 1, 2, 0])
    assert shipped.value(open_board) > shipped.value(crowded)


def test_the_networks_search_values_a_move_by_its_points_plus_the_board_after_it() -> None:
    learned.install(NET)
    try:
        board = ((2, 2, 0, 0), (0, 0, 0, 0), (0, 0, 0, 4), (0, 0, 0, 0))
        values = search.move_values(board, budget_nodes=1, max_depth=1).values
        for direction, value in values.items():
            after, _ = rules.slide(board, direction)
            points = 4 if direction in ("left", "right") else 0
            assert value == points + NET.value(search.pack(after)) * NET.scale
        s = search.search_for(4, float("inf"), None, time.perf_counter)
        assert isinstance(s, learned.NetSearch)
        assert search.search_for(5, float("inf"), None, time.perf_counter).__class__ is search.Search
    finally:
        learned.install(None)
    assert not learned.installed()


def test_a_review_budget_gives_the_same_values_twice_with_the_network() -> None:
    learned.install(network.read(SHIPPED.read_bytes()))
    try:
        board = ((2, 4, 8, 16), (0, 2, 0, 4), (0, 0, 2, 0), (0, 0, 0, 0))
        first = search.move_values(board, budget_nodes=2000)
        assert first.depth >= 2
        assert search.move_values(board, budget_nodes=2000) == first
    finally:
        learned.install(None)


def test_the_bench_plays_with_the_judge_it_was_given() -> None:
    bench.judge(str(SHIPPED))
    try:
        game = bench.play_game(4, 3, 20.0, budget_nodes=50, max_moves=30)
        assert game["judge"] == "network"
    finally:
        bench.judge("heuristic")
    assert bench.play_game(4, 3, 20.0, budget_nodes=50, max_moves=30)["judge"] == "heuristic"


def test_the_bench_alternates_judges_game_by_game_and_records_each_apart(tmp_path: Path) -> None:
    printed: list[str] = []
    record = str(tmp_path / "games-{judge}.jsonl")
    try:
        assert bench.main(["bench", "--games", "2", "--budget-nodes", "30", "--max-moves", "10", "--json",
                           "--quiet", "--judge", f"heuristic,{SHIPPED}", "--record", record],
                          out=printed.append) == 0
    finally:
        learned.install(None)
    assert [json.loads(line)["judge"] for line in printed] == ["heuristic", "network"]
    assert (tmp_path / "games-heuristic.jsonl").read_text().count("\n") == 2
    assert (tmp_path / "games-network.jsonl").read_text().count("\n") == 2


def test_with_the_network_a_loss_is_a_share_of_the_points_the_best_move_expects() -> None:
    from game import review

    learned.install(NET)
    try:
        assert review.loss_of({"left": 10_000.0, "up": 9_000.0}, "up", 4) == 10.0
        assert review.loss_of({"left": 10_000.0, "up": 9_000.0}, "left", 4) == 0.0
        # near the end a loss is a share of at least POINTS_FLOOR, not of almost nothing
        assert review.loss_of({"left": 500.0, "up": 0.0}, "up", 4) == 500.0 * 100 / review.POINTS_FLOOR
        assert review.standing({"left": review.POINTS_HALF}, 4) == 50
        assert review.standing({"left": 0.0}, 4) == 0 and review.standing({}, 4) == 0
        assert review.standing({"left": 1e9}, 4) == 100
        # other sizes keep the heuristic's measure
        assert review.loss_of({"left": review.scale(5), "up": 0.0}, "up", 5) == 100.0
    finally:
        learned.install(None)


def test_the_networks_values_are_the_same_numbers_on_every_interpreter() -> None:
    """A review graded in the page (Pyodide) must be the one graded here: the digest of
    three positions' move values, searched 3,000 positions deep, is a constant (the third
    holds an 8192 and a 16384: the downgrading is in it too)."""
    import hashlib

    boards = [((2, 4, 8, 16), (0, 2, 0, 4), (0, 0, 2, 0), (0, 0, 0, 0)),
              ((1024, 512, 256, 128), (2, 4, 8, 64), (0, 2, 4, 32), (0, 0, 2, 2)),
              ((2, 2, 4, 8), (16, 32, 64, 128), (256, 512, 1024, 2048), (4096, 8192, 16384, 0))]
    learned.install(NET)
    try:
        text = repr([sorted(search.move_values(b, 3000).values.items()) for b in boards])
    finally:
        learned.install(None)
    assert hashlib.sha256(text.encode()).hexdigest() == \
        "bd94250c0707c902a95c9349cba35467c195c08c6db535d19990782aaea42494"


def test_the_network_leaves_the_5x5_and_6x6_solver_as_it_was() -> None:
    boards = [tuple(tuple((2 ** ((r * n + c) % 7 + 1)) if (r + c) % 3 else 0 for c in range(n))
                    for r in range(n)) for n in (5, 6)]
    before = [search.move_values(b, 800) for b in boards]
    learned.install(NET)
    try:
        assert [search.move_values(b, 800) for b in boards] == before
    finally:
        learned.install(None)
