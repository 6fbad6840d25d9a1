"""The Settings dialog: its form, a changed setting applied at once, and the settings
another tab stored.

A changed setting is told to the page ("setting": name, whether this tab chose it), so
the room it concerns acts on it (the language: game/ui/starting.py; your name: the
Rankings; a replay on the board ends when the size changes) before this room asks for
what follows here. Pure (the page is handed in), tested on CPython and MicroPython.
"""

from game.ui import text
from game.ui.store import SETTINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

LOOK = ("theme", "animations", "palette")


class SettingsDialog:
    ACTIONS = ("undo_depth",)
    REPLIES = ("undo_depth",)
    BUTTONS = {"#settings": None, "close-settings": (("settings",), "", "")}
    CHANGES = ("setting",)
    FOLLOWS = (SETTINGS,)
    DIALOGS = ("settings",)

    def __init__(self, page: "Any") -> None:
        self.page = page

    def click(self, name: str, button: "Any") -> None:
        self.show()
        self.page.view.open_dialog("settings")

    def show(self) -> None:
        self.page.prefs.show(self.page.view, self.page.milestones)

    def changed(self, name: str, target: "Any") -> None:
        prefs = self.page.prefs
        if name == "name":
            if prefs.typed_name(self.page.view, str(target.value)):
                self.page.tell("setting", name, True)
        elif prefs.change(name, str(target.value)):
            self.applied(name, True)

    def applied(self, name: str, local: bool) -> None:
        """Apply one changed setting at once. A size chosen here switches the board
        (the game on screen keeps its clock, stored first); another tab's choice of size
        is its own board, not this tab's."""
        page = self.page
        page.tell("setting", name, local)
        if name in LOOK:
            page.prefs.apply_look(page.view, page.milestones)
        elif name == "undo":
            page.push("undo_depth")
        elif name == "size" and local:
            page.push("clock")
            page.push("size:%d" % page.prefs.values["size"])

    def followed(self, key: str) -> None:
        """Another tab stored settings: taken, but this tab's board stays its own."""
        page = self.page
        for name in page.prefs.reload():
            self.applied(name, False)
        page.prefs.values["size"] = page.size
        self.show()

    def begin(self, action: str) -> "Any":
        return self.page.ask(self, action, "set_undo_depth", self.page.prefs.values["undo"])

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        self.page.screen.show(reply)
        if reply["changed"]:
            self.page.view.say(text.say("undo_steps", n=reply["state"]["undo_depth"]))
