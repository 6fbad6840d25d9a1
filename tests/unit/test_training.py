"""The network's trainer (game/solver/training.py): a short run learns, a run resumed
from its checkpoint ends where an unbroken one does, and what it exports is what the
page reads. CPython only: it compiles its loops with numba, which Pyodide lacks."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

if sys.platform == "emscripten":
    pytest.skip("the trainer runs on CPython (numba)", allow_module_level=True)

np = pytest.importorskip("numpy")
training = pytest.importorskip("game.solver.training")

from game.solver import network  # noqa: E402


def test_a_short_training_run_plays_better_than_the_untrained_network() -> None:
    net = training.Network("lines")
    untrained = training.run(net, 300, seed=99, learn=False)
    training.train(net, 3, seed=5, alpha=training.ALPHA, checkpoint=None)
    trained = training.run(net, 300, seed=99, learn=False)
    assert trained.summary()["mean_score"] > 2 * untrained.summary()["mean_score"]
    assert trained.reach(10) > untrained.reach(10) + 0.2  # the 1024 tile


def test_training_resumed_from_a_checkpoint_ends_with_the_weights_of_an_unbroken_run(tmp_path: Path) -> None:
    whole = training.Network("lines")
    training.train(whole, 2, seed=3, alpha=training.ALPHA, checkpoint=None)
    part = training.Network("lines")
    training.train(part, 1, seed=3, alpha=training.ALPHA, checkpoint=tmp_path / "net")
    resumed = training.Network.load(tmp_path / "net")
    assert resumed.chunks == 1
    training.train(resumed, 2, seed=3, alpha=training.ALPHA, checkpoint=tmp_path / "net")
    assert np.array_equal(resumed.weights, whole.weights)
    assert training.Network.load(tmp_path / "net").chunks == 2


@pytest.mark.parametrize("shape", ["five", "five6"])
def test_the_exported_file_values_boards_as_the_trainer_does(tmp_path: Path, shape: str) -> None:
    net = training.Network(shape)
    training.train(net, 1, seed=4, alpha=training.ALPHA, checkpoint=None)
    training.export(net, tmp_path / "net.bin")
    page = network.read((tmp_path / "net.bin").read_bytes())
    rng = np.random.default_rng(1)
    for _ in range(100):
        cells = rng.integers(0, 12, 16)
        packed = np.uint64(0)
        for i, e in enumerate(cells):
            packed |= np.uint64(int(e)) << np.uint64(4 * i)
        expected = training.value(net.weights, net.cells, packed)
        # each of the 8 images of each tuple reads a weight rounded to a whole `scale`
        bound = len(net.cells) * 8 * page.scale / 2
        assert abs(page.value(bytes(int(e) for e in cells)) * page.scale - expected) <= bound


def test_the_trainers_slides_are_the_rules(tmp_path: Path) -> None:
    from game import rules
    from game.solver import search

    left, right, points = training.tables()
    rng = np.random.default_rng(2)
    for _ in range(200):
        cells = [int(e) for e in rng.integers(0, 6, 16)]
        packed = np.uint64(0)
        for i, e in enumerate(cells):
            packed |= np.uint64(e) << np.uint64(4 * i)
        board = search.unpack(bytes(cells), 4)
        for d, direction in enumerate(("left", "right", "up", "down")):
            after, score = training.slide(packed, d, left, right, points)
            expected, gained = rules.slide(board, direction)
            got = [int((int(after) >> (4 * i)) & 15) for i in range(16)]
            assert search.unpack(bytes(got), 4) == expected
            assert score == gained


def test_a_two_stage_network_values_boards_with_8192_by_its_second_weights(tmp_path: Path) -> None:
    net = training.Network("lines")
    training.train(net, 1, seed=4, alpha=training.ALPHA, checkpoint=None)
    net.promote()
    assert net.weights.shape[0] == 2
    rng = np.random.default_rng(3)
    net.weights[1] += rng.integers(-400, 400, net.weights[1].shape).astype(np.float32)
    training.export(net, tmp_path / "net.bin")
    page = network.read((tmp_path / "net.bin").read_bytes())
    assert page.stage_tile == training.STAGE_TILE
    for top in (11, 13, 14):
        cells = [int(e) for e in rng.integers(0, 10, 16)]
        cells[5] = top
        packed = np.uint64(0)
        for i, e in enumerate(cells):
            packed |= np.uint64(e) << np.uint64(4 * i)
        expected = training.value(net.weights, net.cells, packed)
        first = training.value(net.weights[:1], net.cells, packed)
        assert (expected != first) == (top >= training.STAGE_TILE)
        # two rounded tables a weight: at most one `scale` off per weight read
        assert abs(page.value(bytes(cells)) * page.scale - expected) <= 40 * page.scale


def test_a_promoted_second_stage_learns_at_full_rate_while_the_first_keeps_its_own() -> None:
    """Temporal coherence slows each weight as its errors cancel out; the second stage's
    weights are copies, but their coherence sums must start afresh or the late game
    would be learnt at the first stage's settled (near zero) rates."""
    net = training.Network("lines")
    training.train(net, 1, seed=4, alpha=1.0, checkpoint=None, coherent=True)
    settled = net.sizes[0].copy()
    assert settled.any()
    net.promote()
    assert np.array_equal(net.sizes[0], settled)
    assert not net.sizes[1].any() and not net.errors[1].any()
    assert np.array_equal(net.weights[0], net.weights[1])
