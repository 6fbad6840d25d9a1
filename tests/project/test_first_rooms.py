"""The page imports at start only the rooms its first game needs (game/ui/rooms.py); the
others join once it is idle. Checked in a fresh interpreter, which imports what the
page's first paint imports and nothing else."""

import subprocess
import sys

from game.ui import rooms
from tests import derived


def test_the_rooms_that_join_later_are_not_imported_at_start() -> None:
    """What the first game needs does not import the later rooms, nor what only they
    import (their import is the phone's main thread before the first key)."""
    probe = ("import sys; import game.ui.rooms, game.ui.starting, game.ui.screen;"
             "print(sorted(m for m in sys.modules if m.startswith('game.')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    later = derived.later_modules()
    assert {"game.ui." + module for module, _ in rooms.LATER} <= set(later)
    for module in later:
        assert repr(module) not in out, module
