"""What needs the engine, asked for before it runs: kept, shown as starting, done later.

The page plays by itself until the engine takes over (game/ui/early.py), but the
solver (Hint, Auto-play), the statistics' numbers, Export and Import and checking a
result are the engine's. A click on one of them before the engine runs is neither
refused nor dropped: it is kept, in order, its control says it is starting
(`aria-busy`, `data-starting`: style.css shows it), and it is carried out as soon as
the engine has taken the game over. A second click on Auto-play takes the first back
(it toggles, as it does later).

Pure: the view (it provides `set_starting(element_id, on)`) and the controls (the
rooms' WAITS tables, game/ui/router.py) are handed in, so this runs on CPython and
MicroPython alike.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def control_of(controls: "dict[str, str]", action: str) -> str:
    """The control that shows `action` waiting: its name's, from the rooms' WAITS
    tables (game/ui/router.py)."""
    cut = action.find(":")
    return controls.get(action if cut < 0 else action[:cut], "")


class Waiting:
    """The actions kept until the engine runs, oldest first."""

    def __init__(self, view: "Any", controls: "dict[str, str] | None" = None,
                 toggles: "list[str] | None" = None) -> None:
        self.view = view
        self.controls: "dict[str, str]" = controls or {}
        # The actions a second ask takes back while they wait (the rooms' TOGGLES: Auto-play).
        self.toggles: "list[str]" = toggles if toggles is not None else []
        self.held: "list[str]" = []

    def hold(self, action: str) -> bool:
        """Keep `action` for the engine; whether it is kept now (a toggle asked for again
        is taken back instead)."""
        if action in self.toggles and action in self.held:
            self.held.remove(action)
            self._show(action, False)
            return False
        if action not in self.held:
            self.held.append(action)
        self._show(action, True)
        return True

    def holds(self, action: str) -> bool:
        return action in self.held

    def release(self) -> "list[str]":
        """The engine runs: every held action, in order, and their controls shown as usual."""
        held, self.held = self.held, []
        for action in held:
            self._show(action, False)
        return held

    def _show(self, action: str, on: bool) -> None:
        control = control_of(self.controls, action)
        if control and (on or not any(control_of(self.controls, other) == control for other in self.held)):
            self.view.set_starting(control, on)
