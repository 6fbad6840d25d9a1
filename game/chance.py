"""Randomness for spawning, injected so tests can script it.

A random source is any callable returning a uniformly random 32-bit word. Turning
words into a choice among k options uses rejection sampling: words at or above the
largest multiple of k below 2**32 are thrown away, so every option has exactly the
same number of accepted words. (`word % k` would favour the low options whenever k does
not divide 2**32, e.g. the 3, 5, 6, 7 … empty cells a board often has.)

Shared by the engine and the page's MicroPython (as game/rules.py is): the page draws a
fresh game's tiles with this very code, from `crypto.getRandomValues`.
"""

from game.rules import empty_cells, place

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

    from game.rules import Board, Cell

    WordSource = Callable[[], int]

WORD_RANGE = 1 << 32
FOUR_ONE_IN = 10  # a spawn is a 4 one time in ten, else a 2 (RULES.md)


def secrets_source() -> int:
    """CPython's default source: the operating system's cryptographic generator.

    Imported on first use: the browser worker never needs it, and importing `secrets`
    costs Pyodide ~65 ms of start-up.
    """
    import secrets

    return secrets.randbits(32)


def choose_index(source: "WordSource", k: int) -> int:
    """An unbiased index in range(k) from 32-bit words."""
    if not 1 <= k <= WORD_RANGE:
        raise ValueError("cannot choose among %d options" % k)
    limit = WORD_RANGE - WORD_RANGE % k
    while True:
        word = source()
        if not 0 <= word < WORD_RANGE:
            raise ValueError("random source gave %r, not a 32-bit word" % (word,))
        if word < limit:
            return word % k


def word(source: "WordSource") -> int:
    """One word from `source`, as drawn (a game's identity holds one: game/session.py)."""
    drawn = source()
    if not 0 <= drawn < WORD_RANGE:
        raise ValueError("random source gave %r, not a 32-bit word" % (drawn,))
    return drawn


def spawn_value(source: "WordSource") -> int:
    """2 with probability 9/10, 4 with probability 1/10."""
    return 4 if choose_index(source, FOUR_ONE_IN) == 0 else 2


def spawn(board: "Board", source: "WordSource") -> "tuple[Board, Cell, int]":
    """Put a new tile in a uniformly chosen empty cell; the board must have one."""
    cells = empty_cells(board)
    if not cells:
        raise ValueError("no empty cell to spawn in")
    cell = cells[choose_index(source, len(cells))]
    value = spawn_value(source)
    return place(board, cell, value), cell, value


def scripted(words: "Iterable[int]") -> "WordSource":
    """A source that replays the given words (for tests and reproducible demos)."""
    it: "Iterator[int]" = iter(words)

    def source() -> int:
        return next(it)

    return source


def seeded(seed: int) -> "WordSource":
    """A reproducible source (xorshift64*), for tests, benchmarks and the solver's playouts.

    Not for real games: those use `secrets` or `crypto.getRandomValues`.
    """
    state = (seed * 0x9E3779B97F4A7C15 + 1) & 0xFFFFFFFFFFFFFFFF or 1

    def source() -> int:
        nonlocal state
        state ^= state >> 12
        state ^= (state << 25) & 0xFFFFFFFFFFFFFFFF
        state ^= state >> 27
        return ((state * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF) >> 32

    return source
