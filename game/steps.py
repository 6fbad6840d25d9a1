"""The steps the page played before the engine ran, stored beside the game they continue.

Until the engine has started, the page plays the game itself (game/play.py, in
MicroPython) and stores every step the moment it is made, in one document per saved
game (docs/save-format.md, "Steps played before the engine"):

    {"format": "py2048-steps", "version": 3,
     "base": "<fingerprint of the stored game document they continue>" or "",
     "depth": 1 | 5,                          # the undo depth the page played it with
     "start": [[row, column, value], [row, column, value], word] or null,
     "date": "YYYY-MM-DD" or "",              # the day of a fresh daily board in `start`
     "steps": [step, ...]}

`base` names the exact stored text (`fingerprint`), so steps are never played onto
another game; "" means no game was stored. `start` holds the start tiles of the fresh
game the page began because it could not continue the stored one (none, unreadable, or
another day's daily board), and the word it drew for that game's identity
(game/session.py `identity`); null when it continued it. `date` is the day of that fresh
game when it is a daily board ("" otherwise): the tiles are that day's whatever the
clock says when the engine takes them over (version 1, without it, reads as ""). Each
step is a list:

    ["move", direction, row, column, value, clock_ms]    the spawn after the move
    ["undo", clock_ms]    ["keep", clock_ms]    ["clock", clock_ms]    ["depth", 1 | 5]
    ["new", row, column, value, row, column, value, word]    another game: its start
                                                             tiles and identity's word

A word is a 32-bit word, or null for a game begun before games drew one: version 2 is
version 3 without words (its `start` two tiles, its `new` steps seven long), read with
null words, which give those games the identity they had then. The page goes on writing
steps it read as version 2 as version 3, with null words where it read none.

When the engine starts, it reads the stored game and these steps and plays them through
the same `Play` as the page did (`play_steps`), judging each one: a spawn on a filled
cell, a value other than 2 or 4, a daily spawn that is not the day's, an undo past the
history, a step for another game... is refused (`Refused`, with its reason), and the
engine's state from the steps before it wins. Shared with the page's MicroPython
(game/rules.py says why and in what subset).
"""

import binascii
import hashlib
import json

from game import chance, daily, rules, session
from game.record import Spawned
from game.session import Refused

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from game.play import Play
    from game.session import Session

FORMAT = "py2048-steps"
VERSION = 3  # version 2 is version 3 without words (read as null), version 1 is version 2 without `date`
VERSIONS = (1, 2, VERSION)
MAX_TEXT = 200000  # characters, as for a game document (game/saves.py)
MAX_STEPS = 5000  # far more than a player makes while the engine starts
MAX_CLOCK_MS = 10 * 365 * 24 * 3600 * 1000  # as game/saves.py
OPS = {"move": 6, "undo": 2, "keep": 2, "clock": 2, "depth": 2, "new": 8}  # op -> length
WORDLESS = 7  # the length of a "new" step of version 1 or 2, without its word
# Why steps are refused, besides the reasons of a single move (game/session.py Refused):
# the steps name another stored game, or their document is not one.
REASONS = ("no_change", "filled_cell", "not_two_or_four", "not_the_days_tile", "win_dialog_up",
           "nothing_to_undo", "no_win_to_keep", "bad_depth", "bad_start", "not_this_game", "bad_steps")


def fingerprint(text: "str | None") -> str:
    """A stored game document's identity: 16 hex digits of SHA-256 of its text ("" for none)."""
    if not text:
        return ""
    return binascii.hexlify(hashlib.sha256(text.encode("utf-8")).digest()).decode()[:16]


class Steps:
    """A steps document, read or being written (the page appends as it plays)."""

    def __init__(self, base: str, depth: int, start: "tuple[Spawned, ...] | None" = None,
                 steps: "list[list[Any]] | None" = None, date: str = "", word: "int | None" = None) -> None:
        self.base = base
        self.date = date
        self.depth = depth
        self.start = start
        self.word = word  # the word of the identity of the game begun with `start`
        self.steps: "list[list[Any]]" = [] if steps is None else steps
        self._written: "list[str]" = []  # steps[i] as JSON text, for the steps dumped so far
        self._written_of: "list[list[Any]] | None" = None  # the list they were read from

    def dump(self) -> str:
        """The document as stored. The page stores it after every move it plays, so the
        steps already written out are kept as text: a move costs its own step's JSON,
        not the whole list's again (the steps are only ever appended or cut short)."""
        steps = self.steps
        if self._written_of is not steps or len(self._written) > len(steps):
            self._written = []
            self._written_of = steps
        written = self._written
        for step in steps[len(written):]:
            written.append(json.dumps(step, separators=(",", ":")))
        start: "list[Any] | None" = None
        if self.start is not None:
            start = [[s.cell[0], s.cell[1], s.value] for s in self.start] + [self.word]
        head = json.dumps({"format": FORMAT, "version": VERSION, "base": self.base, "depth": self.depth,
                           "start": start, "date": self.date}, separators=(",", ":"))
        return head[:-1] + ',"steps":[' + ",".join(written) + "]}"

    # -- what the page appends -----------------------------------------------------------

    def moved(self, direction: str, spawn: "Spawned", clock_ms: int) -> None:
        self.steps.append(["move", direction, spawn.cell[0], spawn.cell[1], spawn.value, int(clock_ms)])

    def did(self, op: str, clock_ms: int) -> None:
        """An undo, "Keep playing" or the clock stored, at the game clock `clock_ms`."""
        self.steps.append([op, int(clock_ms)])

    def depth_set(self, depth: int) -> None:
        self.steps.append(["depth", int(depth)])

    def began(self, spawns: "tuple[Spawned, ...]", word: "int | None") -> None:
        """Another game, with these start tiles and the word of its identity."""
        step: "list[Any]" = ["new"]
        for spawned in spawns:
            step += [spawned.cell[0], spawned.cell[1], spawned.value]
        step.append(word)
        self.steps.append(step)


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high  # a bool is no number here


def _tiles(values: "list[Any]") -> "tuple[Spawned, ...]":
    """Start tiles from [row, column, value, row, column, value] (values judged later)."""
    if len(values) != 6 or not all(_whole(v, 0, 1 << 20) for v in values):
        raise ValueError("start tiles are not numbers")
    return (Spawned((values[0], values[1]), values[2]), Spawned((values[3], values[4]), values[5]))


def _word(value: object) -> "int | None":
    """A game's identity's word as written: a 32-bit word, or null (begun before words)."""
    if value is None:
        return None
    if not isinstance(value, int) or not _whole(value, 0, chance.WORD_RANGE - 1):
        raise ValueError("not a word")
    return value


def _check_step(step: object, version: int) -> None:
    if not isinstance(step, list) or not step or step[0] not in OPS:
        raise ValueError("not a step")
    op = step[0]
    if len(step) != (WORDLESS if op == "new" and version < VERSION else OPS[op]):
        raise ValueError("not a step")
    if op == "move":
        if step[1] not in rules.DIRECTIONS or not all(_whole(v, 0, 1 << 20) for v in step[2:5]):
            raise ValueError("not a move")
    elif op == "new":
        _tiles(step[1:7])
        _word(step[7] if len(step) > WORDLESS else None)
    elif op == "depth" and not _whole(step[1], 0, 100):
        raise ValueError("not an undo depth")
    if op in ("move", "undo", "keep", "clock") and not _whole(step[-1], 0, MAX_CLOCK_MS):
        raise ValueError("not a clock")


def read(text: object) -> "Steps":
    """A steps document from stored text, checked for shape (not for legality: that is
    `play_steps`'s); ValueError saying what is wrong otherwise."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError("steps are not text of a stored size")
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError("steps are not JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") not in VERSIONS:
        raise ValueError("not a steps document")
    version = data["version"]
    fields = ["base", "depth", "format", "start", "steps", "version"]
    if sorted(data) != (sorted(fields + ["date"]) if version > 1 else fields):
        raise ValueError("steps have the wrong fields")
    date = data.get("date", "")
    if date != "" and not daily.valid_date(date):
        raise ValueError("steps name no day")
    base, depth, start, steps = data["base"], data["depth"], data["start"], data["steps"]
    if not isinstance(base, str) or len(base) > 64 or not _whole(depth, 0, 100):
        raise ValueError("steps name no game")
    word = None
    if start is not None:
        if not isinstance(start, list) or len(start) != (3 if version == VERSION else 2):
            raise ValueError("start tiles are not two tiles and a word")
        if not all(isinstance(t, list) and len(t) == 3 for t in start[:2]):
            raise ValueError("start tiles are not two tiles")
        word = _word(start[2]) if version == VERSION else None
        start = _tiles(start[0] + start[1])
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        raise ValueError("too many steps")
    for step in steps:
        _check_step(step, version)
        if step[0] == "new" and len(step) == WORDLESS:
            step.append(None)  # as version 3 has it: a game begun before words
    return Steps(base, depth, start, steps, date, word)


def play_step(play: "Play", step: "list[Any]") -> bool:
    """Play one step on `play`, as the engine plays the call it stands for; whether the
    game's document changed (its revision has then risen). `Refused` if it is not a
    legal continuation: nothing has changed then."""
    before = session.mark_of(play.session)
    op = step[0]
    if op == "move":
        play.move(step[1], step[5], Spawned((step[2], step[3]), step[4]))
    elif op == "undo":
        if not play.session.can_undo:
            raise Refused("nothing_to_undo", move=play.session.position.moves)
        play.undo(step[1])
    elif op == "keep":
        if play.session.status != "won":
            raise Refused("no_win_to_keep", move=play.session.position.moves)
        play.keep_playing(step[1])
    elif op == "clock":
        play.set_clock(step[1])
    elif op == "depth":
        play.set_undo_depth(step[1])
    else:
        play.new(None, _tiles(step[1:7]), step[7])
    return session.settle(play.session, before)


def play_steps(play: "Play", steps: "list[list[Any]]") -> "tuple[int, Refused | None]":
    """Play the steps in order until one is refused: how many were played, and the
    refusal (None when all were)."""
    for taken, step in enumerate(steps):
        try:
            play_step(play, step)
        except Refused as refusal:
            return taken, refusal
    return len(steps), None


def resume(play: "Play", loaded: "Session | None", stored_text: "str | None", size: int, undo_depth: int,
           daily_board: bool, doc: "Steps | None") -> "tuple[tuple[Spawned, ...], int, Refused | None]":
    """Begin the stored game `loaded` (read and judged by the caller from `stored_text`)
    or a fresh one, as `Play.begin` does, then play the steps of `doc` onto it: the start
    tiles of a fresh game, how many steps were played, and the refusal, if any.

    Taking up a stored game may change it (a lower undo depth forgets steps, a daily
    game that ended as its tab closed is counted): its revision then rises, as for any
    call. The steps apply only to the game they were played on: the stored text they
    name, continued or replaced by a fresh game just as the page did (with the page's
    start tiles and undo depth), and a daily board on the day the page played it
    (`day_of`), whatever the clock says now: midnight may pass before the engine runs.
    Otherwise none is played, and the game is what the stored one gives alone. The page
    begins its own game with this very function (doc None), and starts its steps
    document from what it did; at a load it first sets aside steps on a daily board
    whose day is over (`day_over`), as a new day gives way to its own board."""
    stored = session.mark_of(loaded) if loaded is not None else None
    spawns, refusal = _begun(play, loaded, stored_text, size, undo_depth, daily_board, doc)
    if stored is not None and not spawns:
        session.settle(play.session, stored)
    if doc is None or refusal is not None:
        return spawns, 0, refusal
    taken, refusal = play_steps(play, doc.steps)
    return spawns, taken, refusal


def day_of(loaded: "Session | None", doc: "Steps") -> str:
    """The day of the daily board `doc`'s steps were played on: the fresh board's they
    began, else the stored game's they continue ("" when not a daily board, or for
    version 1 steps, which did not say)."""
    if doc.start is not None:
        return doc.date
    return loaded.daily.date if loaded is not None and loaded.daily is not None else ""


def day_over(play: "Play", loaded: "Session | None", daily_board: bool, doc: "Steps") -> bool:
    """Whether `doc` holds steps on a daily board of a day now over (by `play`'s clock):
    at a load, today's board takes their place, as it does a stored game of an earlier
    day."""
    day = day_of(loaded, doc) if daily_board else ""
    return bool(day) and day < play.day()


def _begun(play: "Play", loaded: "Session | None", stored_text: "str | None", size: int, undo_depth: int,
           daily_board: bool, doc: "Steps | None") -> "tuple[tuple[Spawned, ...], Refused | None]":
    """`Play.begin` as the page began: with its start tiles and undo depth, when the
    steps are for this stored game; else as the engine alone would, and why not."""
    if doc is None:
        return play.begin(loaded, size, undo_depth, daily_board), None
    refusal = Refused("not_this_game")
    if doc.base == fingerprint(stored_text):
        try:
            spawns = play.begin(loaded, size, doc.depth, daily_board, doc.start, day_of(loaded, doc),
                                doc.word)
        except Refused as refused:
            refusal = refused
        else:
            if (doc.start is None) != bool(spawns):  # began as the page did
                return spawns, None
    return play.begin(loaded, size, undo_depth, daily_board), refusal
