"""The daily board: the same start tiles and spawns for every player on one UTC day.

A daily game draws its random words from a generator keyed by the date and the board
size instead of `crypto.getRandomValues`, so the same moves give the same tiles on any
copy of the game. The generator is SHA-256 in counter mode, which CPython, Pyodide and
MicroPython compute identically from their standard libraries (docs/daily.md):

    key    = "py2048 daily 1 " + date + " " + size        (ASCII, e.g. "... 2026-11-30 4")
    block  = SHA-256(key + " " + stream + " " + block_index)  (decimal numbers)
    words  = each block read as eight 32-bit big-endian words, block after block

Stream 0 places the two start tiles; stream k the tile that spawns after the k-th move.
Each spawn takes its own stream so that what the engine computes ahead (its lookahead,
four candidate moves) or a replay never shifts the words of a later spawn: the tiles
depend on the date and the moves, nothing else. The spawns themselves follow the game's
own rules (`chance.spawn`: an unbiased empty cell, then 2 or 4).

Shared with the page's MicroPython (game/rules.py says why and in what subset): the
page plays the day's board itself until the engine has started, with this generator.
"""

import hashlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from game.chance import WordSource

VERSION = 1  # of the generator; a new one would change every daily board
MIN_YEAR = 2000
MAX_YEAR = 2199
SIZE = 4  # the daily board is 4×4
_DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_DAY_MS = 86_400_000


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
    """The UTC calendar day of an instant: the day whose board a player gets.

    In integers (Howard Hinnant's civil-from-days), not `time.gmtime`, so that the three
    interpreters agree on every instant, before 1970 and far ahead included."""
    days = int(epoch_ms) // _DAY_MS + 719468
    era = days // 146097
    doe = days - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + (3 if mp < 10 else -9)
    year = yoe + era * 400 + (1 if month <= 2 else 0)
    return "%04d-%02d-%02d" % (year, month, day)


def day_of(epoch_ms: int) -> "str | None":
    """The daily board's day at the instant `epoch_ms` (the device's clock), or None when
    that clock is outside the days the board exists for (MIN_YEAR to MAX_YEAR, UTC): a
    flat clock battery says 1970, a hand-set one anything. The clock is an input: every
    day the game derives from it passes here first (docs/daily.md, "The day")."""
    date = utc_date(epoch_ms)
    return date if valid_date(date) else None


def day_number(date: str) -> int:
    """Days since 1970-01-01 (for streaks: consecutive days differ by one)."""
    year, month, day = int(date[:4]), int(date[5:7]), int(date[8:])
    # Howard Hinnant's days-from-civil, in integers.
    if month <= 2:
        year -= 1
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _key(date: str, size: int) -> bytes:
    if not valid_date(date):
        raise ValueError("not a daily date: %r" % (date,))
    return ("py2048 daily %d %s %d" % (VERSION, date, size)).encode("ascii")


class Stream:
    """The words of one spawn (or of the start tiles) of one day's board."""

    def __init__(self, key: bytes, stream: int) -> None:
        self._prefix = key + (" %d " % stream).encode("ascii")
        self._block = 0
        self._words: "list[int]" = []

    def __call__(self) -> int:
        if not self._words:
            digest = hashlib.sha256(self._prefix + str(self._block).encode("ascii")).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i : i + 4], "big") for i in range(28, -4, -4)]
        return self._words.pop()


class Daily:
    """One day's board: a word source per spawn (`stream(0)` for the start tiles)."""

    def __init__(self, date: str, size: int = SIZE) -> None:
        self.key = _key(date, size)
        self.date = date
        self.size = size

    def stream(self, index: int) -> "WordSource":
        return Stream(self.key, index)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Daily) and other.key == self.key

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return "Daily(%r, %d)" % (self.date, self.size)
