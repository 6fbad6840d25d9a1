"""The daily board: the same start tiles and spawns for every player on one UTC day.

A daily game draws its random words from a generator keyed by the date and the board
size instead of `crypto.getRandomValues`, so the same moves give the same tiles on any
copy of the game. The generator is SHA-256 in counter mode, which CPython and Pyodide
compute identically from the standard library (docs/daily.md):

    key    = "py2048 daily 1 " + date + " " + size        (ASCII, e.g. "... 2026-11-30 4")
    block  = SHA-256(key + " " + stream + " " + block_index)  (decimal numbers)
    words  = each block read as eight 32-bit big-endian words, block after block

Stream 0 places the two start tiles; stream k the tile that spawns after the k-th move.
Each spawn takes its own stream so that what the engine computes ahead (its lookahead,
four candidate moves) or a replay never shifts the words of a later spawn: the tiles
depend on the date and the moves, nothing else. The spawns themselves follow the game's
own rules (`chance.spawn`: an unbiased empty cell, then 2 or 4).
"""

from __future__ import annotations

import hashlib
import time

from game import chance

VERSION = 1  # of the generator; a new one would change every daily board
MIN_YEAR = 2000
MAX_YEAR = 2199
SIZE = 4  # the daily board is 4×4
_DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def valid_date(date: object) -> bool:
    """Whether `date` is a real calendar day written exactly as YYYY-MM-DD (ASCII digits)
    in the years the game accepts."""
    if not isinstance(date, str) or len(date) != 10 or date[4] != "-" or date[7] != "-":
        return False
    digits = date[:4] + date[5:7] + date[8:]
    if not all("0" <= ch <= "9" for ch in digits):
        return False
    year, month, day = int(date[:4]), int(date[5:7]), int(date[8:])
    if not (MIN_YEAR <= year <= MAX_YEAR and 1 <= month <= 12):
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return 1 <= day <= _DAYS_IN_MONTH[month - 1] + (1 if month == 2 and leap else 0)


def utc_date(epoch_ms: int) -> str:
    """The UTC calendar day of an instant: the day whose board a player gets."""
    return time.strftime("%Y-%m-%d", time.gmtime(epoch_ms // 1000))


def day_number(date: str) -> int:
    """Days since 1970-01-01 (for streaks: consecutive days differ by one)."""
    year, month, day = int(date[:4]), int(date[5:7]), int(date[8:])
    # Howard Hinnant's days-from-civil, in integers.
    year -= month <= 2
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _key(date: str, size: int) -> bytes:
    if not valid_date(date):
        raise ValueError(f"not a daily date: {date!r}")
    return f"py2048 daily {VERSION} {date} {size}".encode("ascii")


class Stream:
    """The words of one spawn (or of the start tiles) of one day's board."""

    def __init__(self, key: bytes, stream: int) -> None:
        self._prefix = key + b" %d " % stream
        self._block = 0
        self._words: list[int] = []

    def __call__(self) -> int:
        if not self._words:
            digest = hashlib.sha256(self._prefix + b"%d" % self._block).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i : i + 4], "big") for i in range(28, -4, -4)]
        return self._words.pop()


class Daily:
    """One day's board: a word source per spawn (`stream(0)` for the start tiles)."""

    def __init__(self, date: str, size: int = SIZE) -> None:
        self.key = _key(date, size)
        self.date = date
        self.size = size

    def stream(self, index: int) -> chance.WordSource:
        return Stream(self.key, index)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Daily) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Daily({self.date!r}, {self.size})"
