"""The n-tuple network's trainer: TD(0) on afterstates, seeded, in pieces that resume.

Why it looks like this:
- **What is learned.** V(afterstate) estimates the points still to come after a slide
  (Szubert & Jaśkowski 2014). A player that takes the slide maximising reward + V plays
  greedily on it; the page's expectimax (game/solver/search.py) uses V at its leaves.
- **The network** is a few n-tuples (`SHAPES`), each shared by the board's eight
  symmetries: V(b) = sum over tuples and symmetries of the tuple's weight at the
  exponents its cells hold. Every tuple lies within two adjacent rows, so the page can
  memoise a pair of lines (game/solver/network.py) as it memoises single lines today.
- **Speed.** The page's Python plays a few hundred moves a second; training needs
  hundreds of millions. This module is CPython-only (numba compiles the inner loops; the
  page never imports it): a board is one 64-bit int, 4 bits a cell, and a slide is four
  look-ups in row tables.
- **Reproducible in pieces.** Training runs in chunks of `CHUNK` games; chunk k is
  seeded with `seed * 1_000_003 + k`, so a run stopped after any chunk and resumed from
  its checkpoint (weights + chunk count, `save`/`load`) ends with the very weights an
  unbroken run ends with.

Run it with `python -m game.solver train` (docs/solver.md says how long it takes).
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from game import rules

# Each tuple's cells as r*4+c on the 4x4 board; each lies within rows 0-1 (an edge pair)
# or rows 1-2 (the middle pair), so its eight symmetric images lie within two adjacent
# rows or two adjacent columns. "five6" is "five" with two more edge 5-tuples (the
# second row with the corner above it, and a zig-zag): docs/solver.md, "The late game".
SHAPES: dict[str, list[list[int]]] = {
    "lines": [[0, 1, 2, 3], [4, 5, 6, 7], [0, 1, 4, 5], [1, 2, 5, 6], [5, 6, 9, 10]],
    "five": [[0, 1, 2, 3, 4], [4, 5, 6, 7, 8], [0, 1, 2, 4, 5], [4, 5, 6, 8, 9]],
    "six": [[0, 1, 2, 3, 4, 5], [4, 5, 6, 7, 8, 9], [0, 1, 2, 4, 5, 6], [4, 5, 6, 8, 9, 10]],
    "five6": [[0, 1, 2, 3, 4], [4, 5, 6, 7, 8], [0, 1, 2, 4, 5], [4, 5, 6, 8, 9], [0, 4, 5, 6, 7],
              [0, 1, 5, 6, 7]],
}
CHUNK = 1000  # games per seeded piece
STAGE_TILE = 13  # a two-stage network's second weights value boards holding 2**13 = 8192
ALPHA = 0.1  # the learning rate of one update, shared out over the weights it touches


def symmetries() -> list[list[int]]:
    """The 8 maps of the square as cell permutations: image[i] is where cell i goes."""
    maps = []
    for transpose in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                image = []
                for i in range(16):
                    r, c = divmod(i, 4)
                    if transpose:
                        r, c = c, r
                    if flip_r:
                        r = 3 - r
                    if flip_c:
                        c = 3 - c
                    image.append(r * 4 + c)
                maps.append(image)
    return maps


def positions(shape: list[list[int]]) -> np.ndarray:
    """cells[t, s, k]: the board cell that holds tuple t's k-th cell under symmetry s."""
    maps = symmetries()
    out = np.zeros((len(shape), 8, len(shape[0])), dtype=np.int64)
    for t, cells in enumerate(shape):
        for s, image in enumerate(maps):
            for k, cell in enumerate(cells):
                out[t, s, k] = image[cell]
    return out


def row_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every 16-bit row (cell c in bits 4c..4c+3): the row slid toward cell 0, slid
    toward cell 3, and the points either slide scores (the same both ways), by the
    engine's own rule (`rules.slide_line`)."""
    left = np.zeros(65536, dtype=np.uint64)
    right = np.zeros(65536, dtype=np.uint64)
    points = np.zeros(65536, dtype=np.float64)
    for row in range(65536):
        cells = [(row >> (4 * i)) & 15 for i in range(4)]
        for table, order in ((left, cells), (right, cells[::-1])):
            slid = rules.slide_line(tuple((1 << e) if e else 0 for e in order))
            out = [v.bit_length() - 1 if v else 0 for v in slid.line]
            if order is not cells:
                out = out[::-1]
            table[row] = sum(min(e, 15) << (4 * i) for i, e in enumerate(out))
            points[row] = slid.points
    return left, right, points


@njit(cache=True)
def transpose(x: Any) -> Any:
    """The board mirrored about its main diagonal, in two rounds of block swaps."""
    a = (x & np.uint64(0xF0F00F0FF0F00F0F)) | ((x & np.uint64(0x0000F0F00000F0F0)) << np.uint64(12)) \
        | ((x & np.uint64(0x0F0F00000F0F0000)) >> np.uint64(12))
    return (a & np.uint64(0xFF00FF0000FF00FF)) | ((a & np.uint64(0x00FF00FF00000000)) >> np.uint64(24)) \
        | ((a & np.uint64(0x00000000FF00FF00)) << np.uint64(24))


@njit(cache=True)
def slide(board: Any, direction: int, left: Any, right: Any, points: Any) -> Any:
    """(board after the slide, points scored); 0 left, 1 right, 2 up, 3 down."""
    x = transpose(board) if direction >= 2 else board
    table = left if direction % 2 == 0 else right
    out = np.uint64(0)
    score = 0.0
    for r in range(4):
        row = (x >> np.uint64(16 * r)) & np.uint64(0xFFFF)
        out |= table[row] << np.uint64(16 * r)
        score += points[row]
    if direction >= 2:
        out = transpose(out)
    return out, score


@njit(cache=True)
def spawn(board: Any) -> Any:
    """A 2 (9 in 10) or a 4 on a uniformly drawn empty cell (RULES.md's odds)."""
    empty = 0
    for i in range(16):
        if (board >> np.uint64(4 * i)) & np.uint64(15) == 0:
            empty += 1
    pick = np.random.randint(empty)
    tile = np.uint64(1) if np.random.random() < 0.9 else np.uint64(2)
    for i in range(16):
        if (board >> np.uint64(4 * i)) & np.uint64(15) == 0:
            if pick == 0:
                return board | (tile << np.uint64(4 * i))
            pick -= 1
    return board


@njit(cache=True)
def index(board: Any, cells: Any) -> int:
    """The weight index of one tuple image: its cells' exponents as base-16 digits."""
    out = 0
    for k in range(cells.shape[0]):
        out |= int((board >> np.uint64(4 * cells[k])) & np.uint64(15)) << (4 * k)
    return out


@njit(cache=True)
def stage_of(board: Any, stages: int) -> int:
    """Which weights value a board: with two stages, the second once a tile of
    2**STAGE_TILE (8192) is on it (the late game is another game: Jaśkowski 2016)."""
    if stages == 1:
        return 0
    for i in range(16):
        if (board >> np.uint64(4 * i)) & np.uint64(15) >= STAGE_TILE:
            return 1
    return 0


@njit(cache=True)
def value(weights: Any, cells: Any, board: Any) -> float:
    st = stage_of(board, weights.shape[0])
    total = 0.0
    for t in range(cells.shape[0]):
        for s in range(8):
            total += weights[st, t, index(board, cells[t, s])]
    return total


@njit(cache=True)
def adjust(weights: Any, cells: Any, board: Any, error: float, rate: float, errors: Any, sizes: Any,
           coherent: bool) -> None:
    """Move every weight `board` reads toward the target by `rate` of `error`; with
    `coherent` (temporal coherence, Beal & Smith; Jaśkowski 2016) each weight's own rate
    is further scaled by |sum of its errors| / sum of |its errors|, which falls as
    the errors it sees start to cancel out."""
    st = stage_of(board, weights.shape[0])
    for t in range(cells.shape[0]):
        for s in range(8):
            i = index(board, cells[t, s])
            if coherent:
                own = abs(errors[st, t, i]) / sizes[st, t, i] if sizes[st, t, i] > 0.0 else 1.0
                weights[st, t, i] += rate * own * error
                errors[st, t, i] += error
                sizes[st, t, i] += abs(error)
            else:
                weights[st, t, i] += rate * error


@njit(cache=True)
def greedy(weights: Any, cells: Any, board: Any, left: Any, right: Any, points: Any) -> Any:
    """The slide maximising points + V(afterstate): (afterstate, points, value), or
    (board, -1, 0) when no slide changes the board."""
    best_after = board
    best_points = -1.0
    best = -1e300
    for d in range(4):
        after, score = slide(board, d, left, right, points)
        if after == board:
            continue
        v = score + value(weights, cells, after)
        if v > best:
            best, best_after, best_points = v, after, score
    return best_after, best_points, best


@njit(cache=True)
def play(weights: Any, cells: Any, games: int, seed: int, alpha: float, learn: bool,
         left: Any, right: Any, points: Any, scores: Any, tiles: Any, moves: Any,
         errors: Any, sizes: Any, coherent: bool, restart: float) -> None:
    """`games` games, greedy on V; with `learn`, TD(0) on the afterstates as it goes.

    With `restart` > 0, that share of the games starts from a board an earlier game of
    the run reached when it made a new biggest tile of 2048 or more (the late game is
    rare, and that is where a network learns least): `tiles[g]` is then -1 - the
    biggest tile's exponent, so the summary counts whole games only."""
    np.random.seed(seed)
    rate = alpha / (cells.shape[0] * 8)
    kept = np.zeros(256, dtype=np.uint64)
    n_kept = 0
    for g in range(games):
        board = spawn(spawn(np.uint64(0)))
        whole = True
        if learn and n_kept > 0 and np.random.random() < restart:
            board = kept[np.random.randint(min(n_kept, kept.shape[0]))]
            whole = False
        top = 0
        for i in range(16):
            top = max(top, int((board >> np.uint64(4 * i)) & np.uint64(15)))
        previous = np.uint64(0)
        started = False
        score = 0.0
        count = 0
        while True:
            after, got, best = greedy(weights, cells, board, left, right, points)
            if got < 0:
                if learn and started:
                    adjust(weights, cells, previous, 0.0 - value(weights, cells, previous), rate,
                           errors, sizes, coherent)
                break
            if learn and started:
                adjust(weights, cells, previous, best - value(weights, cells, previous), rate,
                       errors, sizes, coherent)
            previous = after
            started = True
            score += got
            count += 1
            board = spawn(after)
            if got >= 2048.0:
                made = 0
                for i in range(16):
                    made = max(made, int((board >> np.uint64(4 * i)) & np.uint64(15)))
                if made > top:
                    top = made
                    kept[n_kept % kept.shape[0]] = board
                    n_kept += 1
        scores[g] = score
        tiles[g] = top if whole else -1 - top
        moves[g] = count


class Network:
    """Weights of one shape, with how many chunks of games trained them."""

    def __init__(self, shape: str, chunks: int = 0, weights: np.ndarray | None = None) -> None:
        self.shape = shape
        self.cells = positions(SHAPES[shape])
        n = self.cells.shape[2]
        self.weights = weights if weights is not None else np.zeros(
            (1, self.cells.shape[0], 16 ** n), np.float32)
        if self.weights.ndim == 2:  # a checkpoint from before stages
            self.weights = self.weights[np.newaxis]
        self.chunks = chunks
        # temporal coherence's sums of errors and of their sizes, per weight (`adjust`)
        self.errors = np.zeros_like(self.weights)
        self.sizes = np.zeros_like(self.weights)

    def save(self, path: Path) -> None:
        np.save(path.with_suffix(".npy"), self.weights)
        np.save(path.with_suffix(".errors.npy"), self.errors)
        np.save(path.with_suffix(".sizes.npy"), self.sizes)
        path.with_suffix(".json").write_text(json.dumps({"shape": self.shape, "chunks": self.chunks}))

    @classmethod
    def load(cls, path: Path) -> Network:
        meta = json.loads(path.with_suffix(".json").read_text())
        net = cls(meta["shape"], meta["chunks"], np.load(path.with_suffix(".npy")))
        if path.with_suffix(".errors.npy").exists():
            net.errors = np.load(path.with_suffix(".errors.npy")).reshape(net.weights.shape)
            net.sizes = np.load(path.with_suffix(".sizes.npy")).reshape(net.weights.shape)
        return net

    def promote(self) -> None:
        """Split into two stages (`stage_of`), the second starting as a copy of the
        first: it then learns the late game on its own (weight promotion). Its
        coherence sums start afresh: copied, they would hold the first stage's rates,
        long settled near zero, and the second stage could hardly move from the copy."""
        if self.weights.shape[0] == 1:
            self.weights = np.concatenate([self.weights, self.weights])
            self.errors = np.concatenate([self.errors, np.zeros_like(self.errors)])
            self.sizes = np.concatenate([self.sizes, np.zeros_like(self.sizes)])


_TABLES: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []


def tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if not _TABLES:
        _TABLES.append(row_tables())
    return _TABLES[0]


class Played:
    """What a run of games scored: totals, and the share reaching each tile."""

    def __init__(self, scores: np.ndarray, tiles: np.ndarray, moves: np.ndarray) -> None:
        whole = tiles >= 0  # games restarted from a kept board are not whole games
        self.scores, self.tiles, self.moves = scores[whole], tiles[whole], moves[whole]
        self.all_moves = int(np.sum(moves))

    def reach(self, exponent: int) -> float:
        return float(np.mean(self.tiles >= exponent))

    def summary(self) -> dict[str, float]:
        out = {"games": float(len(self.scores)), "mean_score": float(np.mean(self.scores)),
               "moves": float(np.mean(self.moves))}
        for e in (11, 12, 13, 14, 15):
            out[str(1 << e)] = self.reach(e)
        return out


def run(net: Network, games: int, seed: int, learn: bool, alpha: float = ALPHA, coherent: bool = False,
        restart: float = 0.0) -> Played:
    left, right, points = tables()
    scores = np.zeros(games, np.float64)
    tiles = np.zeros(games, np.int64)
    moves = np.zeros(games, np.int64)
    play(net.weights, net.cells, games, seed, alpha, learn, left, right, points, scores, tiles, moves,
         net.errors, net.sizes, coherent, restart)
    return Played(scores, tiles, moves)


def chunk_seed(seed: int, chunk: int) -> int:
    return (seed * 1_000_003 + chunk) % (2 ** 31)


def train(net: Network, chunks: int, seed: int, alpha: float, checkpoint: Path | None,
          log: Path | None = None, coherent: bool = False, restart: float = 0.0) -> None:
    """Train up to `chunks` chunks in all (resuming after `net.chunks`), saving after each."""
    while net.chunks < chunks:
        began = time.perf_counter()
        played = run(net, CHUNK, chunk_seed(seed, net.chunks), learn=True, alpha=alpha, coherent=coherent,
                     restart=restart)
        net.chunks += 1
        if checkpoint is not None:
            net.save(checkpoint)
        line = {"chunk": net.chunks, "alpha": alpha, "coherent": coherent, "restart": restart,
                "seconds": round(time.perf_counter() - began, 1), "all_moves": played.all_moves,
                **{k: round(v, 4) for k, v in played.summary().items()}}
        if log is not None:
            with log.open("a") as out:
                out.write(json.dumps(line) + "\n")
        if math.isnan(line["mean_score"]):
            raise RuntimeError("training diverged")


def main(argv: list[str], out: Any = print) -> int:
    """`python -m game.solver train --shape five6 --chunks 380 --seed 2 --out build/network/five6`:
    trains (or resumes) a network, one checkpoint a chunk; `--alpha-after K:A` switches
    the learning rate to A from chunk K on (a coarse first phase, a fine second)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m game.solver train")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="five")
    parser.add_argument("--chunks", type=int, default=100, help=f"chunks of {CHUNK} games, in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alpha", type=float, default=ALPHA)
    parser.add_argument("--alpha-after", default="", metavar="K:A")
    parser.add_argument("--coherent", action="store_true", help="temporal coherence learning rates")
    parser.add_argument("--restart", type=float, default=0.0, help="share of games begun on late boards")
    parser.add_argument("--out", type=Path, required=True, help="checkpoint path (.npy/.json/.log)")
    parser.add_argument("--play", type=int, default=0, help="then play this many games without learning")
    parser.add_argument("--stages", type=int, choices=(1, 2), default=1,
                        help="2: from now on the boards holding 8192 have weights of their own")
    args = parser.parse_args(argv)
    path: Path = args.out
    path.parent.mkdir(parents=True, exist_ok=True)
    net = Network.load(path) if path.with_suffix(".json").exists() else Network(args.shape)
    if net.shape != args.shape:
        out(f"{path} holds a {net.shape} network, not {args.shape}")
        return 2
    if args.stages == 2 and net.weights.shape[0] == 1:
        net.promote()
        out(f"promoted to two stages at chunk {net.chunks}")
    switch, fine = (int(args.alpha_after.split(":")[0]), float(args.alpha_after.split(":")[1])) \
        if args.alpha_after else (args.chunks, args.alpha)
    began = time.perf_counter()
    log = path.with_suffix(".log")
    train(net, min(switch, args.chunks), args.seed, args.alpha, path, log, args.coherent, args.restart)
    train(net, args.chunks, args.seed, fine, path, log, args.coherent, args.restart)
    out(f"trained to chunk {net.chunks} in {time.perf_counter() - began:.0f} s")
    if args.play:
        played = run(net, args.play, chunk_seed(args.seed + 7777, 0), learn=False)
        out(json.dumps(played.summary()))
    return 0


def export(net: Network, path: Path, scale: int = 56) -> dict[str, Any]:
    """Write the page's data file (game/solver/network.py): the weights as int16 whole
    numbers of `scale` points each (doubled until they fit). The step is what lets six
    5-tuples travel in the one offline file within its 10 MB (2.39 MB at 56 points,
    2.50 at 48). It costs little: greedy play (the late game downgraded, as the page
    plays) made 16384 in 14.9 % of 2,000 games unrounded, 13.9 % at 56 points, 11.8 % at
    64, with a noise of about 0.8 %; a board reads 48 weights, where its values are tens
    of thousands. A second stage is written as its difference from the first: most of
    it is still the first (the late game never saw those patterns)."""
    from array import array

    from game.solver import network

    quantised = net.weights.copy()
    if quantised.shape[0] == 2:
        quantised[1] = quantised[1] - quantised[0]
    top = float(np.max(np.abs(quantised)))
    while top / scale > 32000:
        scale *= 2
    tables = [array("h", np.rint(w / scale).astype(np.int16).tobytes()) for stage in quantised for w in stage]
    meta: dict[str, Any] = {"shape": net.shape, "tuples": SHAPES[net.shape], "scale": scale,
                            "games": net.chunks * CHUNK}
    if quantised.shape[0] == 2:
        meta["stage_tile"] = STAGE_TILE
    blob = network.write(meta, tables)
    path.write_bytes(blob)
    return {"bytes": len(blob), "scale": scale, "nonzero": int(np.count_nonzero(net.weights))}
