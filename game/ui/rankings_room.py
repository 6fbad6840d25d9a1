"""Rankings, your friends' results, as a room of the page: its actions, buttons and
replies, and what its dialog (game/ui/rankings_dialog.py, pure, which decides) needs of the
page.

Its engine calls carry the stored Rankings ("@rankings") through assets/rankings.js
`py2048Rankings`, which puts them in (they never cross into MicroPython) and stores the
engine's answer. It chooses when an idle page has the engine read the Rankings, and says
once when storage would not keep it. Pure (the page is handed in).
"""

from game.ui import rankings_dialog, text
from game.ui.store import RANKINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

WARM_AFTER_MS = 2000  # after the engine's start, and after input, before reading the Rankings


class RankingsRoom:
    ACTIONS = ("rankings", "rankings-add", "rankings-merge", "rankings-import", "rankings-picture")
    REPLIES = ("rankings", "board_add", "board_merge", "board_import", "board_picture")
    WAITS = {"rankings": "rankings-dialog", "rankings-add": "add-rankings-button", "rankings-merge": "",
             "rankings-import": "import", "rankings-picture": ""}
    BUTTONS = {"#rankings": None, "#day-prev": None, "#day-next": None, "#season-prev": None,
               "#season-next": None, "add-rankings": None, "share-rankings": None,
               "close-rankings": (("rankings",), "", "")}
    FOLLOWS = (RANKINGS,)
    DIALOGS = ("rankings",)
    HEARS = ("input", "engine", "verified", "imported", "setting")

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.view = page.view
        self.dialog = rankings_dialog.RankingsDialog(self)
        self.warned = False
        self.last_input = 0.0  # performance.now() of the player's last key or swipe
        self.on_warm = page.proxy(self.dialog.warm)
        self.on_warm_later = page.proxy(self.warm_when_idle)

    def begin(self, action: str) -> "Any":
        return self.page.carry(self, action, *self.dialog.call(action))

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        self.dialog.answer(reply)

    def click(self, name: str, button: "Any") -> None:
        self.dialog.click(name)

    def followed(self, key: str) -> None:
        """Another tab wrote the Rankings: the engine unites them with its own."""
        if "rankings-merge" not in self.page.turns.queue:
            self.page.push("rankings-merge")

    def heard(self, event: str, *args: "Any") -> None:
        if event == "input":  # the engine is wanted for a while
            self.last_input = args[0]
        elif event == "engine":
            self.later_warm()
        elif event == "verified":  # a verified code can be added
            self.dialog.offer(args[0])
        elif event == "imported":  # its results join, replayed a few at a time
            self.dialog.import_confirmed(args[0])
        elif args[0] == "name":  # your rows are marked by your name
            self.dialog.refresh()

    # -- the dialog's host ---------------------------------------------------------------

    def push(self, action: str) -> None:
        self.page.push(action)

    def notify(self, message: str) -> None:
        self.page.notify(message)

    def share(self, message: str) -> None:
        self.page.share(message)

    def own_name(self) -> str:
        return str(self.page.prefs.values.get("name") or "")

    def field(self, element_id: str) -> str:
        return str(self.view.value_of(element_id))

    def rankings_stored(self) -> bool:
        return bool(self.page.store.differs(RANKINGS, None))

    def busy(self) -> bool:
        """Input is being played, or was a moment ago: the engine's worker is wanted."""
        page = self.page
        return bool(page.turns.busy or page.turns.queue or page.working()
                    or page.now() - self.last_input < WARM_AFTER_MS)

    def later_warm(self) -> None:
        self.page.later(WARM_AFTER_MS, self.on_warm_later)

    def warm_when_idle(self) -> None:
        self.page.idle(self.on_warm)

    def storage_failed(self) -> None:
        """The Rankings could not be stored (storage full or refused): said once; the
        engine keeps them for as long as the page is open."""
        if not self.warned:
            self.warned = True
            self.notify(text.say("rankings_not_stored"))
