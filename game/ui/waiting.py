"""What needs the engine, asked for before it runs: kept, shown as starting, done later.

The page plays by itself until the engine takes over (game/ui/early.py), but the
solver (Hint, Auto-play), the statistics' numbers, Export and Import and checking a
result are the engine's. A click on one of them before the engine runs is neither
refused nor dropped: it is kept, in order, its control says it is starting
(`aria-busy`, `data-starting`: style.css shows it), and it is carried out as soon as
the engine has taken the game over. A second click on Auto-play takes the first back
(it toggles, as it does later).

Pure: the view is handed in (it provides `set_starting(element_id, on)`), so this runs
on CPython and MicroPython alike.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# The queue actions (game/ui/app.py) that only the engine can carry out, and the page's
# own two (the solver's buttons are no queue actions), with the control each shows on.
CONTROLS = {
    "hint": "hint",
    "autoplay": "autoplay",
    "statistics": "stats-grid",
    "export": "export",
    "check-import": "import",
    "import": "import",
    "verify": "replay-verdict",
    "watch": "over-watch",
    "rankings": "rankings-dialog",
    "board-add": "add-board-button",
    "board-merge": "",  # another tab's board: the engine's first read unites it anyway
    "board-import": "import",
    "board-picture": "",
}
TOGGLES = ("autoplay",)


def needs_engine(action: str) -> bool:
    """Whether a queue action is the engine's alone (watching a game is, in every step)."""
    return action in CONTROLS or action.startswith("watch") or action == "resume"


def control_of(action: str) -> str:
    return CONTROLS.get(action.split(":")[0], CONTROLS["watch"] if action.startswith("watch") else "")


class Waiting:
    """The actions kept until the engine runs, oldest first."""

    def __init__(self, view: "Any") -> None:
        self.view = view
        self.kept: "list[str]" = []

    def keep(self, action: str) -> bool:
        """Keep `action` for the engine; whether it is kept now (a toggle asked for again
        is taken back instead)."""
        if action in TOGGLES and action in self.kept:
            self.kept.remove(action)
            self._show(action, False)
            return False
        if action not in self.kept or action.startswith("watch"):
            self.kept.append(action)
        self._show(action, True)
        return True

    def holds(self, action: str) -> bool:
        return action in self.kept

    def release(self) -> "list[str]":
        """The engine runs: every kept action, in order, and their controls shown as usual."""
        kept, self.kept = self.kept, []
        for action in kept:
            self._show(action, False)
        return kept

    def _show(self, action: str, on: bool) -> None:
        control = control_of(action)
        if control and (on or not any(control_of(other) == control for other in self.kept)):
            self.view.set_starting(control, on)
