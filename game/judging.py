"""How every stored document's numbers and size tables are judged, on both sides.

Storage holds what anything on the device wrote, so a document is judged against what
a real history can produce before it is used (game/saves.py says how, docs/save-format.md
what). The page reads the statistics before its engine runs (game/tally.py) by the very
reader the engine uses (game/stats_reader.py), so what both judge by lives here, shared
with the page's MicroPython (game/rules.py says why and in what subset).
"""

from game import rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    Entry = TypeVar("Entry")

MAX_TEXT = 200_000  # characters: far above any real save, far below a hostile one
MAX_CLOCK_MS = 10 * 365 * 24 * 3600 * 1000
MAX_SCORE = 1 << 60  # a guard against absurd integers; the exact check comes after
SIZE_KEYS = dict((str(size), size) for size in rules.SIZES)


class SaveError(ValueError):
    """A saved document that does not describe a legal game; the message says why."""


def is_int(value: object) -> bool:
    """A JSON integer: not a bool (which Python counts as an int), not a float."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_in(value: object, what: str, low: int = 0, high: int = MAX_SCORE) -> int:
    """`value` if it is a JSON integer from `low` to `high`, else SaveError naming `what`
    (every document's numbers are checked alike: game, best scores, statistics)."""
    if not is_int(value):
        raise SaveError(what + " is not an integer")
    assert isinstance(value, int)
    if not low <= value <= high:
        raise SaveError(what + " is out of range")
    return value


def max_value(size: int) -> int:
    """The largest tile a board can ever hold: every cell a chain ending in a 4 spawn."""
    return 1 << (size * size + 1)


def max_score(size: int) -> int:
    """The largest best score accepted for a size: n² cells, each holding `max_value`.

    A tile 2**k is worth at most (k-1)*2**k points (all of it built from 2s), and that
    grows with k, so no board game/saves.py `load_game` accepts (every cell at most
    `max_value`) can score more than n² times the worth of the largest tile:
    n**4 * 2**(n*n + 1). Real play stays far below (it cannot fill a board with the
    largest tile), but a tighter bound would reject the score of some game the engine
    accepts, and it would then write a best score that its own next load sets aside.
    """
    cells = size * size
    return cells * cells * max_value(size)


def document_of(data: object, fmt: str, versions: "tuple[int, ...]") -> "dict[str, Any]":
    """`data` (parsed JSON) if it is an object of format `fmt` and one of `versions`."""
    if not isinstance(data, dict):
        raise SaveError("not a JSON object")
    if data.get("format") != fmt:
        raise SaveError("not a saved game of this kind")
    if not is_int(data.get("version")) or data["version"] not in versions:
        raise SaveError("unknown version")
    return data


def judge_sizes(table: object, what: str, judge: "Callable[[object, int], Entry]", strict: bool = False
                ) -> "tuple[dict[int, Entry], tuple[int, ...], int]":
    """A table keyed by board size ("4", "5", "6"), each entry judged alone by `judge`:
    (the entries that passed, the sizes set aside, how many keys name no size). One bad
    entry must not cost the player the others (best scores, statistics). `strict` (an
    imported file) raises instead, naming the size at fault."""
    if not isinstance(table, dict):
        raise SaveError(what + " are not an object")
    valid: dict[int, Entry] = {}
    rejected: list[int] = []
    unknown = 0
    for key, value in table.items():
        size = SIZE_KEYS.get(key)
        if size is None:
            if strict:
                raise SaveError(what + " for an unknown board size")
            unknown += 1
            continue
        try:
            valid[size] = judge(value, size)
        except SaveError as error:
            if strict:
                # (no `from`: MicroPython warns in the console at every chained raise)
                raise SaveError(f"{size}×{size}: {error}")  # noqa: B904
            rejected.append(size)
    return valid, tuple(sorted(rejected)), unknown
