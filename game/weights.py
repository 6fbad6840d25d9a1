"""The solver's learned network as the engine holds it: not fetched yet, installed, or
given up; and which calls must wait for it.

Why it looks like this:
- **Fetched when first needed, never at start.** The network (assets/solver/network.bin,
  megabytes) is no part of the engine's start nor of its memory snapshot: the engine's
  worker fetches it the first time a call would search a 4x4 board
  (assets/engine/network.mjs), holds that call (and any later one that searches a 4x4
  board) meanwhile, then hands the file in here (`install`) or says it could not get it
  (`give_up`), and makes the calls it held. Every other call is answered meanwhile.
- **Wanted, or needed.** Hint, Auto-play, a practice's Hint and Retry's check *want* the
  network: they wait for the first fetch, and after one that failed they search with the
  line heuristic, as before the network existed (the page says so once). A review
  *needs* it (`GRADED`: its start, which picks the budget of the judge that will grade
  it, and its steps): grades are kept and must be the same on every device, so a 4x4
  review is never graded without it; after a failed fetch it waits for another try, and
  its steps are refused if that fails too (`can_grade`).
- **Plain data in.** The worker writes the file's bytes into Pyodide's file system and
  names the path: nothing but a string crosses, and CPython tests do the same.
"""

from __future__ import annotations

import os
from typing import Literal

from game.solver import learned, network

SIZE = learned.SIZE  # the board size the network values
# The calls whose answers are kept, which need the network: a review's start (it picks
# the budget the grades are made and kept with) and its steps.
GRADED = ("review_start", "review_step")

State = Literal["absent", "installed", "failed"]


class Weights:
    """Whether the network is in, and what waits for it. `required`: a 4x4 review may
    not be graded without it (the page's engine); a throw-away engine (the warm-up, the
    standard library's trace) grades with the heuristic."""

    def __init__(self, required: bool = True) -> None:
        self.required = required
        self.state: State = "absent"
        self.reason = ""  # why the last fetch or install failed

    def waits(self, size: int, name: str) -> bool:
        """Whether the call `name`, which would search a board of `size` now (0: none),
        must wait for the network to be fetched first."""
        if size != SIZE or self.state == "installed":
            return False
        return self.state == "absent" or name in GRADED

    def install(self, path: str) -> str:
        """The network in the file at `path` (written by the worker, removed here) is
        installed: every later 4x4 search values its boards by it. "" when it is; else
        why not (a damaged file), and the solver keeps its heuristic."""
        try:
            with open(path, "rb") as file:
                blob = file.read()
            os.remove(path)  # its bytes are read: the file system need not keep a copy
            found = network.read(blob)
        except Exception as error:  # a damaged file fails in one of several ways: all alike
            self.give_up(f"{type(error).__name__}: {error}")
            return self.reason
        learned.install(found)
        self.state, self.reason = "installed", ""
        return ""

    def give_up(self, reason: str) -> None:
        """The fetch failed (offline and never kept, a server error): nothing installed;
        the searches that want the network go on without it."""
        if self.state != "installed":
            self.state, self.reason = "failed", str(reason)

    def can_grade(self, size: int) -> bool:
        """Whether a review of a board of `size` may be graded now."""
        return size != SIZE or not self.required or self.state == "installed"

