"""The page's side of your friends' board: what the Rankings room needs from the page.

The room (game/ui/rankings.py) is pure and decides; this is its host, so that the
page's host (game/ui/app.py) only wires it in. It carries the room's engine calls
through assets/boot.js `py2048Board`, which puts the stored board in (it never crosses
into MicroPython) and stores the engine's answer. It also chooses when an idle page has
the engine read the board, and says once when storage would not keep it.
"""

import js

from game.ui import rankings, text
from game.ui.store import RANKINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

WARM_AFTER_MS = 2000  # after the engine's start, and after input, before reading the board
# The room's queue actions (game/ui/app.py `begin` hands them here).
ACTIONS = ("rankings", "board-add", "board-merge", "board-import", "board-picture")


def carry(*args: "Any") -> "Any":
    """An engine call that carries the stored board ("@board") or the chosen file
    ("@file"): a promise of its answer, the board stored on the way (assets/boot.js)."""
    return js.window.py2048Board.call(*args)


class Friends:
    """The Rankings room (`room`) and the page it lives in (the app: `push`, `notify`,
    `share`, `proxy`, `now`, `view`, `store`, `prefs`, `turns`, `pilot`)."""

    def __init__(self, app: "Any") -> None:
        self.app = app
        self.view = app.view
        self.room = rankings.Rankings(self)
        self.warned = False
        self.last_input = 0.0  # performance.now() of the player's last key or swipe
        self.on_warm = app.proxy(self.room.warm)
        self.on_warm_later = app.proxy(self.warm_when_idle)

    def begin(self, action: str) -> "Any":
        """One of the room's queue actions: its engine call's promise."""
        return carry(*self.room.call(action))

    def played(self) -> None:
        """The player pressed a key or swiped: the engine is wanted for a while."""
        self.last_input = self.app.now()

    # -- the room's host -----------------------------------------------------------------

    def push(self, action: str) -> None:
        self.app.push(action)

    def notify(self, message: str) -> None:
        self.app.notify(message)

    def share(self, message: str) -> None:
        self.app.share(message)

    def own_name(self) -> str:
        return str(self.app.prefs.values.get("name") or "")

    def field(self, element_id: str) -> str:
        return str(self.view.value_of(element_id))

    def board_stored(self) -> bool:
        return bool(self.app.store.differs(RANKINGS, None))

    def busy(self) -> bool:
        """Input is being played, or was a moment ago: the engine's worker is wanted."""
        app = self.app
        return bool(app.turns.busy or app.turns.queue or app.pilot.running
                    or app.now() - self.last_input < WARM_AFTER_MS)

    def later_warm(self) -> None:
        js.setTimeout(self.on_warm_later, WARM_AFTER_MS)

    def warm_when_idle(self) -> None:
        js.window.py2048Idle(self.on_warm)

    def storage_failed(self) -> None:
        """The board could not be stored (storage full or refused): said once; the
        engine keeps it for as long as the page is open."""
        if not self.warned:
            self.warned = True
            self.notify(text.say("board_not_kept"))
