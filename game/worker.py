"""The engine's entry in the browser: Pyodide in a web worker of the game's own.

`assets/engine/worker.mjs` starts Pyodide (from a memory snapshot taken right after
this module was imported, or the plain way), then calls the functions named in
`CALLS` with plain numbers and strings; each answers with JSON text, so exactly plain
data crosses to the MicroPython UI (no proxies to leak or to convert differently in
the two interpreters). Each call is answered by one part of the `Table`, where the
parts are put together: the engine's game calls, or a part beside it handed the engine.

Nothing random may happen at import time: the snapshot freezes everything done before
it, so a random word drawn here would be drawn identically on every page load. The
engine is made on the first call, and its words come from `crypto.getRandomValues`
(through `os.urandom`) then.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable

from game import chance
from game.api import Engine, result_code
from game.codes import Codes
from game.hints import Hints
from game.rankings_kept import KeptRankings
from game.reviewer import Reviewer
from game.statistics import Statistics
from game.transfer import Transfer


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


class Table:
    """The engine and what is answered beside it, each part handed what it reads: the
    engine's game calls, the hints, the result codes, the Rankings (which add the code
    that last verified), the export and import files (an import's results join the
    Rankings), the statistics dialog (the Rankings' season) and the reviews (of the
    games the result codes name)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.hints = Hints(engine)
        self.codes = Codes(engine)
        self.rankings = KeptRankings(engine, self.codes)
        self.transfer = Transfer(engine, self.rankings)
        self.statistics = Statistics(engine, self.rankings)
        self.reviewer = Reviewer(self.codes)


# The page's engine and what sits beside it; the name is the one assets/engine/worker.mjs
# and build/snapshot.mjs check is still None before the first call.
_engine: Table | None = None


def table() -> Table:
    """The page's table, made on first use (never at import: see the module docstring)."""
    global _engine
    if _engine is None:
        _engine = Table(Engine(CryptoWords(), lookahead=True))
    return _engine


def engine() -> Engine:
    """The page's engine (the game calls)."""
    return table().engine


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


def start(game_quoted: str, best_quoted: str, stats_quoted: str, size: int, undo_depth: int,
          daily_board: int = 0, steps_quoted: str = "") -> str:
    """The stored game (and the steps the page played on it before the engine ran,
    game/steps.py), the best scores and statistics, each quoted as stored."""
    return json.dumps(engine().start(
        stored(game_quoted), stored(best_quoted), stored(stats_quoted), int(size), int(undo_depth),
        bool(daily_board), stored(steps_quoted)))


def move(direction: str, clock_ms: int) -> str:
    return json.dumps(engine().move(str(direction), int(clock_ms)))


def take(direction: str, clock_ms: int) -> str:
    return json.dumps(engine().take(str(direction), int(clock_ms)))


def undo(clock_ms: int) -> str:
    return json.dumps(engine().undo(int(clock_ms)))


def new_game(size: int) -> str:
    return json.dumps(engine().new_game(int(size) or None))


def keep_playing(clock_ms: int) -> str:
    return json.dumps(engine().keep_playing(int(clock_ms)))


def merge_best(best_quoted: str) -> str:
    return json.dumps(engine().merge_best(stored(best_quoted) or ""))


def set_clock(clock_ms: int) -> str:
    return json.dumps(engine().set_clock(int(clock_ms)))


def follow(game_quoted: str, steps_quoted: str = "") -> str:
    return json.dumps(engine().follow(stored(game_quoted) or "", stored(steps_quoted) or ""))


def set_undo_depth(depth: int) -> str:
    return json.dumps(engine().set_undo_depth(int(depth)))


def statistics(size: int, board_quoted: str = "", own_name: str = "") -> str:
    return json.dumps(table().statistics.statistics(int(size), stored(board_quoted), str(own_name)))


def merge_stats(stats_quoted: str) -> str:
    return json.dumps(engine().merge_stats(stored(stats_quoted) or ""))


def hint(budget_ms: float, ticket: int, paced: int = 0) -> str:
    """The solver's move for the game as it is (Hint; Auto-play `paced`; game/api.py)."""
    return json.dumps(table().hints.hint(float(budget_ms), int(ticket), bool(paced)))


def export_all(game4_quoted: str, game5_quoted: str, game6_quoted: str, best_quoted: str,
               stats_quoted: str, settings_quoted: str, board_quoted: str = "") -> str:
    """The export file for what the page's storage holds, each item quoted as usual."""
    games = {4: stored(game4_quoted), 5: stored(game5_quoted), 6: stored(game6_quoted)}
    return json.dumps(table().transfer.export_all(
        games, stored(best_quoted), stored(stats_quoted), stored(settings_quoted), stored(board_quoted)))


def check_import(text_quoted: str) -> str:
    """An import file's text, quoted like stored text (so it arrives exactly as read)."""
    return json.dumps(table().transfer.check_import(stored(text_quoted) or ""))


def verify(text_quoted: str) -> str:
    """A pasted code or a link's fragment, quoted like stored text so that it arrives
    exactly as the page got it (assets/boot.js py2048Replay); never trusted."""
    return json.dumps(table().codes.verify(stored(text_quoted) or ""))


def rankings(board_quoted: str, day: str, season: str, own_name: str) -> str:
    """The Rankings dialog's data; the stored board quoted like any stored text."""
    return json.dumps(table().rankings.rankings(stored(board_quoted), str(day), str(season), str(own_name)))


def board_add(board_quoted: str, name: str, own_name: str) -> str:
    return json.dumps(table().rankings.board_add(stored(board_quoted), str(name), str(own_name)))


def board_picture(day: str) -> str:
    return json.dumps(table().rankings.board_picture(str(day)))


def board_merge(board_quoted: str) -> str:
    return json.dumps(table().rankings.board_merge(stored(board_quoted)))


def board_import(board_quoted: str, budget_ms: float) -> str:
    return json.dumps(table().rankings.board_import(stored(board_quoted), float(budget_ms)))


def watch(what: str, at: int = 0) -> str:
    return json.dumps(table().codes.watch(str(what), int(at)))


def watch_step() -> str:
    return json.dumps(table().codes.watch_step())


def resume() -> str:
    return json.dumps(table().codes.resume())


def practice() -> str:
    return json.dumps(table().codes.practice())


def practice_move(direction: str) -> str:
    return json.dumps(table().codes.practice_move(str(direction)))


def review_start(what: str, kept_quoted: str = "") -> str:
    """Review the game `what` names (as `watch`); the kept reviews quoted as stored."""
    return json.dumps(table().reviewer.review_start(str(what), stored(kept_quoted)))


def review_step(positions: int) -> str:
    return json.dumps(table().reviewer.review_step(int(positions)))


def merge_reviews(kept_quoted: str = "") -> str:
    """Another tab's kept reviews, quoted as stored, merged with this engine's."""
    return json.dumps(table().reviewer.merge_kept(stored(kept_quoted)))


def review_cancel() -> str:
    return json.dumps(table().reviewer.review_cancel())


CALLS: dict[str, Callable[..., str]] = {
    "start": start,
    "move": move,
    "take": take,
    "undo": undo,
    "new_game": new_game,
    "keep_playing": keep_playing,
    "merge_best": merge_best,
    "set_clock": set_clock,
    "follow": follow,
    "set_undo_depth": set_undo_depth,
    "statistics": statistics,
    "merge_stats": merge_stats,
    "export_all": export_all,
    "check_import": check_import,
    "hint": hint,
    "verify": verify,
    "rankings": rankings,
    "board_add": board_add,
    "board_merge": board_merge,
    "board_picture": board_picture,
    "board_import": board_import,
    "watch": watch,
    "watch_step": watch_step,
    "resume": resume,
    "practice": practice,
    "practice_move": practice_move,
    "review_start": review_start,
    "review_step": review_step,
    "review_cancel": review_cancel,
    "merge_reviews": merge_reviews,
}


def call(name: str, args_text: str) -> str:
    """One call from the page: its name and its arguments as a JSON array.

    An unknown name or malformed arguments are the page's bug, said plainly.
    """
    handler = CALLS.get(str(name))
    args = json.loads(args_text)
    if handler is None or not isinstance(args, list):
        raise ValueError(f"no engine call {name!r} with arguments {args_text!r}")
    return handler(*args)


def warm_up() -> None:
    """Run every call once on a throw-away engine with a seeded source.

    Called by the snapshot build before the memory is frozen, so that whatever the
    first real answers need (lazy imports, the memoised line slides of each size) is
    already in the snapshot. The page's own engine is untouched: it does not exist yet.
    """
    spare = Table(Engine(chance.seeded(2048), lookahead=True, wall=lambda: 1_735_689_600_000))
    scratch, codes, board = spare.engine, spare.codes, spare.rankings
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
        spare.statistics.statistics(size)
        spare.hints.hint(5.0, 1)  # the solver's module and its line tables for this size
        spare.hints.hint(2.0, 2, paced=True)
        codes.watch("game")
        codes.watch_step()
        codes.resume()
        spare.reviewer.review_start("game", None)  # the review's modules, two positions valued
        spare.reviewer.review_step(2)
        spare.reviewer.review_cancel()
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
    added = board.board_add(None, "Ana", "")  # the friends' board: add, view, merge
    board.rankings(added["save"], "", "", "Bo")
    board.board_picture("")
    board.board_merge(added["save"])
    spare.statistics.statistics(4, added["save"], "Bo")
    exported = spare.transfer.export_all(saved, reply["best_save"], reply["stats_save"], None, added["save"])
    spare.transfer.check_import(exported["text"])
    board.board_import(None, 50.0)
    spare.transfer.check_import("{}")
    json.dumps(scratch.state())
