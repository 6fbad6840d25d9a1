"""The engine's entry in the browser: Pyodide in a web worker of the game's own.

`assets/engine/worker.mjs` starts Pyodide (from a memory snapshot taken right after
this module was imported, or the plain way), then makes each call through `call`, by
its name with its arguments as a JSON array of plain numbers and strings; each answers
with JSON text, so exactly plain data crosses to the MicroPython UI (no proxies to leak
or to convert differently in the two interpreters).

The calls are the parts' own: the `Table` puts the parts together, one line each (the
engine's game calls, and the services beside it, each handed what it reads), and its
call map is built from each part's `CALLS` table (the wire name, which is the part's
method, and the kinds of its arguments: `KINDS` converts them) and `EXAMPLES` (one way
to make each call, which the warm-up and the engine's standard library build make).

Nothing random may happen at import time: the snapshot freezes everything done before
it, so a random word drawn here would be drawn identically on every page load. The
engine is made on the first call, and its words come from `crypto.getRandomValues`
(through `os.urandom`) then.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, ClassVar, Protocol, TypeVar

from game import chance, replay
from game.api import Engine, result_code
from game.codes import Codes
from game.hints import Hints
from game.rankings_calls import RankingsCalls
from game.reviewer import Reviewer
from game.statistics import Statistics
from game.transfer import ExportFiles
from game.weights import Weights


class Service(Protocol):
    """A part of the table: its calls by wire name, each its method of that name, with
    the kinds of their JSON arguments (`KINDS`), and one way to make each."""

    CALLS: ClassVar[dict[str, tuple[str, ...]]]
    EXAMPLES: ClassVar[dict[str, tuple[Any, ...]]]


Part = TypeVar("Part", bound=Service)


class CryptoWords:
    """32-bit words from the system's secure source, drawn 256 at a time.

    `os.urandom` is `crypto.getRandomValues` in Pyodide (Emscripten's `getentropy`) and
    reads the JavaScript global itself, so it also works in an interpreter started to
    make a memory snapshot, whose `js` module cannot reach `crypto` (the one offline
    file makes its snapshot that way, on the device: build/onefile/prelude.js).
    """

    def __init__(self) -> None:
        self._words: list[int] = []

    def __call__(self) -> int:
        if not self._words:
            batch = os.urandom(4 * 256)
            self._words = [int.from_bytes(batch[i : i + 4], "little") for i in range(0, len(batch), 4)]
        return self._words.pop()


def stored(quoted: str) -> str | None:
    """Text from the page's storage, which the page sends quoted as a JSON string
    literal ("" for none) so that it arrives exactly as stored (assets/boot.js
    readExact): the engine judges the very characters in storage, a NUL included."""
    if not quoted:
        return None
    try:
        text = json.loads(quoted)
    except ValueError:
        return str(quoted)  # not a literal: judged as it is (and rejected)
    return text if isinstance(text, str) else str(quoted)



# How a call's JSON arguments are converted for its method: "stored" is text from the
# page's storage (or a file, or a pasted code), quoted (`stored`).
KINDS: dict[str, Callable[[Any], Any]] = {
    "int": int, "float": float, "bool": bool, "str": str, "stored": stored}


class Table:
    """The engine and what is answered beside it, each part handed what it reads: the
    engine's game calls, the hints, the result codes, the Rankings (which add the code
    that last verified), the export and import files (an import's results join the
    Rankings), the statistics dialog (the Rankings' season) and the reviews (of the
    games the result codes name, graded once the solver's network allows: `weights`).
    One line a part: `part` adds its calls."""

    def __init__(self, engine: Engine, weights: Weights | None = None) -> None:
        self.calls: dict[str, tuple[Callable[..., dict[str, Any]], tuple[str, ...]]] = {}
        self.examples: list[tuple[str, tuple[Any, ...]]] = []
        # The solver's learned network (game/weights.py): only the page's engine needs
        # it to grade a review; a throw-away one grades with the heuristic.
        self.weights = weights if weights is not None else Weights(required=False)
        self.engine = self.part(engine)
        self.hints = self.part(Hints(engine.play))
        self.codes = self.part(Codes(engine))
        self.rankings = self.part(RankingsCalls(engine.daily_results, engine.wall, self.codes))
        self.transfer = self.part(ExportFiles(engine.wall, self.rankings))
        self.statistics = self.part(Statistics(engine.play, engine.statistics, engine.wall, self.rankings))
        self.reviewer = self.part(Reviewer(self.codes, can_grade=self.weights.can_grade))

    def part(self, part: Part) -> Part:
        """`part`, its calls added to the table's: each named in its `CALLS` (by the
        method of that name) and made in its `EXAMPLES`; a name another part has already
        claimed, or a call without its example, is an error."""
        kinds: dict[str, tuple[str, ...]] = part.CALLS
        examples: dict[str, tuple[Any, ...]] = part.EXAMPLES
        if set(examples) != set(kinds):
            differ = sorted(set(kinds) ^ set(examples))
            raise ValueError(f"{type(part).__name__}: calls and examples differ: {differ}")
        for name, argument_kinds in kinds.items():
            if name in self.calls:
                raise ValueError(f"the engine call {name!r} is claimed twice")
            if not all(kind in KINDS for kind in argument_kinds):
                raise ValueError(f"the engine call {name!r} has an argument of no known kind")
            self.calls[name] = (getattr(part, name), argument_kinds)
        self.examples += [(name, tuple(args)) for name, args in examples.items()]
        return part

    def call(self, name: str, args_text: str) -> str:
        """One call from the page: its name and its arguments as a JSON array, each
        converted by its kind (fewer than its method takes: the rest keep their
        defaults). An unknown name or malformed arguments are the page's bug, said plainly."""
        found = self.calls.get(str(name))
        args = json.loads(args_text)
        if found is None or not isinstance(args, list) or len(args) > len(found[1]):
            raise ValueError(f"no engine call {name!r} with arguments {args_text!r}")
        method, kinds = found
        return json.dumps(method(*[KINDS[kind](arg) for kind, arg in zip(kinds, args)]))

    def searches(self, name: str, args: list[Any]) -> int:
        """The size of the board the call `name(*args)` would search now (0: none): the
        calls answered by the solver, Hint and Auto-play's on the game in play, a
        practice's Hint and Retry's check on the game watched, a review's step on the
        game reviewed, and a review's start, which picks the budget its grades are made
        and kept with by the solver that will grade them (game/review.py `budget_for`)."""
        if name == "hint":
            return self.engine.play.session.size
        watching = self.codes.watching
        if name in ("practice_hint", "review_try"):
            return watching.session.size if watching is not None else 0
        review = self.reviewer.review
        if name == "review_step":
            return review.size if review is not None else 0
        if name == "review_start":
            try:
                return self.codes.film(str(args[0]) if args else "")[0].size
            except replay.Rejection:
                return 0  # refused at once, whatever the solver
        return 0

    def waits(self, name: str, args: list[Any]) -> bool:
        """Whether the call `name(*args)` must wait until the solver's network is fetched
        (game/weights.py): the worker holds it meanwhile (assets/engine/network.mjs)."""
        return self.weights.waits(self.searches(name, args), name)


# The page's engine and what sits beside it; the name is the one assets/engine/worker.mjs
# and build/snapshot.mjs check is still None before the first call.
_engine: Table | None = None


def table() -> Table:
    """The page's table, made on first use (never at import: see the module docstring).
    Its reviews of 4x4 games are graded only by the solver's network (game/weights.py)."""
    global _engine
    if _engine is None:
        _engine = Table(Engine(CryptoWords(), lookahead=True), Weights(required=True))
    return _engine


def engine() -> Engine:
    """The page's engine (the game calls)."""
    return table().engine


def call(name: str, args_text: str) -> str:
    """One call from the page (`Table.call`), answered by the page's table."""
    return table().call(name, args_text)


# The solver's learned network, fetched by the worker when a call first needs it
# (assets/engine/network.mjs): never at import, so never in the memory snapshot.

def waits(name: str, args_text: str = "[]") -> bool:
    """Whether the page's call `name` with these JSON arguments must wait for the
    solver's network (`Table.waits`)."""
    args = json.loads(args_text)
    return table().waits(str(name), args if isinstance(args, list) else [])


def install_network(path: str) -> str:
    """The network file the worker wrote at `path`, installed: "" or why not (game/weights.py)."""
    return table().weights.install(str(path))


def network_failed(reason: str) -> None:
    """The worker could not fetch the network: the solver goes on without it."""
    table().weights.give_up(str(reason))


def spare() -> Table:
    """A throw-away table with a seeded source and a fixed clock (2025-01-01 UTC): the
    warm-up's, and that of whatever must make calls without the page's engine."""
    return Table(Engine(chance.seeded(2048), lookahead=True, wall=lambda: 1_735_689_600_000))


def warm_up() -> None:
    """Run every call once on a throw-away engine with a seeded source: a game of each
    size played through the calls that need it, then each part's `EXAMPLES`.

    Called by the snapshot build before the memory is frozen, so that whatever the
    first real answers need (lazy imports, the memoised line slides of each size) is
    already in the snapshot. The page's own engine is untouched: it does not exist yet.
    """
    parts = spare()
    scratch, codes, friends = parts.engine, parts.codes, parts.rankings
    saved: dict[int, str | None] = {}
    for size in (4, 5, 6):
        reply = scratch.start(None, None, None, size, 5)
        for direction in ("left", "up", "right", "down") * 4:
            reply = scratch.take(direction, 1000)
        reply = scratch.move("left", 1000)
        scratch.undo(1000)
        scratch.set_undo_depth(1)
        scratch.start(reply["save"], reply["best_save"], reply["stats_save"] or None, size, 5)
        scratch.merge_best(reply["best_save"])
        scratch.follow(reply["save"])
        scratch.keep_playing(1000)
        scratch.set_clock(2000)
        saved[size] = scratch.new_game(size)["save"]
        scratch.merge_stats(scratch.new_game(size)["stats_save"])
        parts.statistics.statistics(size)
        parts.hints.hint(5.0, 1)  # the solver's module and its line tables for this size
        parts.hints.hint(2.0, 2, paced=True)
        codes.watch("game")
        codes.watch_step()
        codes.resume()
        parts.reviewer.review_start("game", None)  # the review's modules, two positions valued
        parts.reviewer.review_step(2)
        parts.reviewer.review_cancel()
    daily_reply = scratch.start(None, None, None, 4, 1, True)  # the daily board, and its codes
    for direction in ("left", "up", "right", "down") * 4:
        daily_reply = scratch.take(direction, 1000)
    scratch.start(daily_reply["save"], None, None, 4, 1, True)
    code = result_code(scratch.session)
    codes.verify(code)
    codes.verify("#replay=1.2026-11-30.4.0~.AAAA")
    codes.watch("verified")
    codes.watch_step()
    codes.verify("#replay=" + code + "&name=Jo%C3%A3o")
    added = friends.board_add(None, "Ana", "")  # the friends' Rankings: add, view, merge
    friends.rankings(added["save"], "", "", "Bo")
    friends.board_picture("")
    friends.board_merge(added["save"])
    parts.statistics.statistics(4, added["save"], "Bo")
    exported = parts.transfer.export_all(saved[4], saved[5], saved[6], reply["best_save"],
                                         reply["stats_save"], None, added["save"])
    parts.transfer.check_import(exported["text"])
    friends.board_import(None, 50.0)
    parts.transfer.check_import("{}")
    json.dumps(scratch.state())
    for name, args in parts.examples:  # and each call once as the page makes it
        parts.call(name, json.dumps(args))
