"""Which board the page shows (a size's game or the daily board), and switching boards.

A switch is asked of whoever answers (the engine, or the page's own game before it)
and nothing of the page changes until the answer has come: not the board whose game
the page stores, not the mode kept for the next visit (`py2048:mode`). A call that
fails leaves the page exactly as it was, and the player is told (docs/reliability.md).

The daily board needs the device's clock within the board's days (game/daily.py
`day_of`): a clock outside them keeps it off, with one sentence saying why, and a
stored daily mode that such a clock would make the engine refuse is set aside at once
(the page plays the normal game, untouched).

Pure: storage and the clock are handed in, so this is tested on CPython and in
MicroPython (tests/unit/test_ui_boards.py).
"""

from game import daily
from game.ui.snapshot import stored_text
from game.ui.store import DAILY, MODE, game_key

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

MODES = ("classic", "daily")


class Boards:
    def __init__(self, store: "Any", size: int, now_ms: "Callable[[], int]") -> None:
        self.store = store
        self.now_ms = now_ms
        self.size = size  # the normal game's board size
        self.mode = "daily" if stored_text(store.read(MODE)) == "daily" else "classic"
        self.pending: "tuple[str, int] | None" = None  # a switch asked, not yet answered
        # The date a wrong clock showed when the stored daily mode was set aside ("").
        self.clock_said = (self.clock_refusal() or "") if self.mode == "daily" else ""
        if self.clock_said:
            self.mode = "classic"
            store.write(MODE, "classic")

    @property
    def daily(self) -> bool:
        return self.mode == "daily"

    @property
    def key(self) -> str:
        """The stored game of the board on screen."""
        return DAILY if self.daily else game_key(self.size)

    def today(self) -> str:
        """The device's UTC day, "" when its clock is outside the daily board's days."""
        return daily.day_of(int(self.now_ms())) or ""

    def clock_refusal(self) -> "str | None":
        """The date the device's clock says, when the daily board has no such day
        (None: the clock is within the board's days)."""
        now = int(self.now_ms())
        return None if daily.day_of(now) is not None else daily.utc_date(now)

    def other_mode(self) -> str:
        """The Daily button's switch, judged when it runs: the other board."""
        return "classic" if self.daily else "daily"

    def ask(self, mode: str, size: int) -> str:
        """A switch to `mode` (and, for the normal game, `size`) is asked: the stored
        game to start (its key). Nothing changes until `answered`."""
        if mode not in MODES:
            raise ValueError("no such board: %r" % (mode,))
        self.pending = (mode, size)
        return DAILY if mode == "daily" else game_key(size)

    def answered(self) -> bool:
        """The switch asked was answered: it takes effect (the mode is kept for the
        next visit). Whether a switch was pending."""
        if self.pending is None:
            return False
        mode, self.size = self.pending
        self.pending = None
        if mode != self.mode:
            self.mode = mode
            self.store.write(MODE, mode)
        return True

    def failed(self) -> bool:
        """The switch asked failed: the page stays as it was. Whether one was pending."""
        pending, self.pending = self.pending, None
        return pending is not None
