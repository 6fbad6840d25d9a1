"""One game in progress: the board plus score, moves, best, undo history and the win.

The session applies RULES.md and nothing else: it owns no storage, no clock source and
no random source of its own (each is handed in), so the same object runs in the
browser's worker, on CPython in tests, under a solver's playouts, and on the page
itself before the engine has started (game/rules.py says why and in what subset).

It also holds the two rules of a game's document that both sides apply to every change:
the revision (`settle`), and when a game is due to be counted (`due_to_count`).
"""

import binascii
import hashlib
from collections import namedtuple

from game import chance, rules
from game import record as records
from game.record import Spawned

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NamedTuple

    from game.chance import WordSource
    from game.daily import Daily
    from game.rules import Board, Cell, TileMove

    class Position(NamedTuple):
        """Everything undo restores: board, score, move count and the won flag."""

        board: Board
        score: int
        moves: int
        won: bool

    class MoveOutcome(NamedTuple):
        """What one move attempt did: the data the UI animates and announces."""

        direction: str
        changed: bool
        points: int
        tiles: tuple[TileMove, ...]
        spawn: Spawned | None
        newly_won: bool

    GameKey = tuple[Position, tuple[Position, ...], bool, int, int, bool]
    Mark = tuple[GameKey, int]  # a game's content and its revision, before a change
else:
    Position = namedtuple("Position", ("board", "score", "moves", "won"))
    MoveOutcome = namedtuple("MoveOutcome", ("direction", "changed", "points", "tiles", "spawn", "newly_won"))

Spawn = Spawned  # a tile that appeared: its cell and value


class Refused(ValueError):
    """A step played elsewhere (the page, before the engine ran: game/steps.py) that is
    not a legal continuation of this game: `reason` names why (game/steps.py REASONS,
    worded by the page), `detail` the numbers its sentence needs. Nothing changed."""

    def __init__(self, reason: str, **detail: object) -> None:
        super().__init__(reason)
        self.reason = reason
        self.detail = detail

UNDO_DEPTHS: "tuple[int, ...]" = (1, 5)
# A normal game keeps its record (to be watched again) for this many moves, then drops
# it: every reply carries the game document five times (its lookahead), and the page's
# MicroPython parses them on the main thread: measured (MicroPython under Node), a reply
# and its candidate take 2.8 ms to parse at 2 000 moves recorded, 6.5 ms at 10 000 and
# 29 ms at 30 000. A daily game always keeps it: its result code needs it,
# and a 4×4 game does not get far past this without a 32768 tile.
RECORD_LIMIT = 10000
MAX_REVISION = (1 << 53) - 1  # the largest integer a JavaScript number holds exactly
IDENTITY_DIGITS = 16  # hex digits of a game's identity (`identity`)


def _digest(text: str) -> str:
    return binascii.hexlify(hashlib.sha256(text.encode("utf-8")).digest()).decode()[:IDENTITY_DIGITS]


def identity(size: int, revision: int, spawns: "tuple[Spawned, ...]", word: "int | None") -> str:
    """Which game this is, from its birth: its size, the revision it began with, its two
    start tiles and `word`, a 32-bit word drawn from the random source as it was born
    (`Session.new`). The statistics remember the identities of the games they counted
    (game/stats.py), so that a game counts once whatever order its document and the
    statistics reach storage in. Without the word, two games of one size born at the
    same revision with the same tiles (about one pair in 350 at revision 0, where every
    game begun with no stored game of its size starts; every try of a day's board) had
    one identity, and the second was never counted: with it, two games share one only
    if the source gave both the same word too, one pair in 2^32 of those. The page and
    the engine compute it alike: the page's steps carry the word it drew (game/steps.py).
    `word` None is a game the page began before games drew one (steps of version 1 or 2):
    its identity is what it was then, without a word."""
    tiles = ";".join("%d,%d,%d" % (s.cell[0], s.cell[1], s.value) for s in spawns)
    if word is None:
        return _digest("game:%d:%d:%s" % (size, revision, tiles))
    return _digest("game:%d:%d:%s:%d" % (size, revision, tiles, word))


def is_identity(value: object) -> bool:
    """Whether `value` is a game's identity as stored: `IDENTITY_DIGITS` lowercase hex digits."""
    if not isinstance(value, str) or len(value) != IDENTITY_DIGITS:
        return False
    return all(c in "0123456789abcdef" for c in value)


def text_identity(text: str) -> str:
    """The identity of a game stored before games had one (a document of version 4 or
    older): its stored text's, the same at every load of that text."""
    return _digest("stored:" + text)


def fresh(board: "Board") -> "Position":
    """A game's first position: its board, score 0, moves 0, not won."""
    return Position(board, 0, 0, False)


def unchanged(direction: str) -> "MoveOutcome":
    return MoveOutcome(direction, False, 0, (), None, False)


def start_position(size: int, source: "WordSource") -> "tuple[Position, tuple[Spawned, ...]]":
    """A fresh game: two tiles in two different random cells, score 0, moves 0
    (for a daily board, `source` is its stream 0)."""
    if size not in rules.SIZES:
        raise ValueError("unsupported board size %r" % (size,))
    board = rules.new_board(size)
    spawns: "list[Spawned]" = []
    for _ in range(2):
        board, cell, value = chance.spawn(board, source)
        spawns.append(Spawned(cell, value))
    return fresh(board), tuple(spawns)


class Session:
    """A game plus the state around it that RULES.md defines.

    `keep_playing` is only meaningful once the game is won: it records that the player
    chose to go on, which hides the win dialog for the rest of this game. `revision`
    counts the changes of the saved game (raised by `settle`; a move never does it by
    itself), so that of two stored copies of a game the newer one can be told apart.
    `counted` says the game is already in the statistics (game/stats.py): set once,
    when the game first ends, and kept through undo, so that undoing a lost game and
    losing it again does not count it twice.

    `daily` makes it the day's board (game/daily.py): every spawn comes from the day's
    stream for that move, and there is no undo (an undo would show the next spawn
    before the player commits to a move). `record` is the whole game so far, start
    tiles, moves and spawns (game/record.py), from which it can be watched again;
    None for a game stored before records were kept. `game_id` is its `identity` (""
    for a game made without one: a test's, a solver's playout), and `word` the word
    drawn at its birth that the identity holds: the page writes it into its steps, for
    the engine to give the game the same identity (None for a game read from storage,
    which keeps the identity stored with it, or begun before games drew one).
    """

    def __init__(
        self, position: "Position", source: "WordSource", best: int = 0, undo_depth: int = 1,
        history: "list[Position] | None" = None, keep_playing: bool = False, clock_ms: int = 0,
        revision: int = 0, counted: bool = False, daily: "Daily | None" = None, practice: bool = False,
        record: "str | None" = None, game_id: str = "", word: "int | None" = None,
    ) -> None:
        if undo_depth not in UNDO_DEPTHS:
            raise ValueError("undo depth must be one of %r" % (UNDO_DEPTHS,))
        self.position = position
        self.source = source
        self.best = max(best, position.score)
        self.undo_depth = undo_depth
        self.history: "list[Position]" = [] if history is None else history
        self.keep_playing = keep_playing
        self.clock_ms = clock_ms
        self.revision = revision
        self.counted = counted
        self.daily = daily
        self.practice = practice  # a daily try after the day's result: it counts nowhere
        self.record = record
        self.game_id = game_id
        self.word = word

    @classmethod
    def new(
        cls, size: int, source: "WordSource", best: int = 0, undo_depth: int = 1, revision: int = 0,
        daily: "Daily | None" = None, practice: bool = False,
    ) -> "tuple[Session, tuple[Spawned, ...]]":
        """A new game: its start tiles (a daily board's, the day's), then the word of its
        identity, drawn from `source` whatever board it is (the day's tiles are every
        try's): after the tiles, so that a seeded source gives the boards it gave before
        games drew one."""
        if daily is not None and daily.size != size:
            raise ValueError("a daily board has its own size")
        _, spawns = start_position(size, daily.stream(0) if daily else source)
        word = chance.word(source)
        return cls.begun(size, spawns, word, source, best, undo_depth, revision, daily, practice), spawns

    @classmethod
    def begun(
        cls, size: int, spawns: "tuple[Spawned, ...]", word: "int | None", source: "WordSource",
        best: int = 0, undo_depth: int = 1, revision: int = 0, daily: "Daily | None" = None,
        practice: bool = False,
    ) -> "Session":
        """A new game whose two start tiles and word are already known (drawn by `new`,
        or by the page before the engine ran: its steps carry them; `word` None for steps
        written before games drew one); ValueError if they cannot start a game."""
        if size not in rules.SIZES:
            raise ValueError("unsupported board size %r" % (size,))
        if len(spawns) != 2:
            raise ValueError("a game starts with two tiles")
        board = rules.new_board(size)
        for spawned in spawns:
            row, column = spawned.cell
            inside = 0 <= row < size and 0 <= column < size
            if not inside or board[row][column] or spawned.value not in (2, 4):
                raise ValueError("not a start tile: %r" % (spawned,))
            board = rules.place(board, spawned.cell, spawned.value)
        start = records.start(size, [(s.cell, s.value) for s in spawns])
        return cls(fresh(board), source, best=best, undo_depth=undo_depth, revision=revision, daily=daily,
                   practice=practice and daily is not None, record=start,
                   game_id=identity(size, revision, spawns, word), word=word)

    def copy(self) -> "Session":
        """The same game as another object (its history a list of its own): a lookahead
        candidate is played on a copy."""
        return Session(self.position, self.source, self.best, self.undo_depth, list(self.history),
                       self.keep_playing, self.clock_ms, self.revision, self.counted, self.daily,
                       self.practice, self.record, self.game_id, self.word)

    @property
    def size(self) -> int:
        return len(self.position.board)

    @property
    def over(self) -> bool:
        return not rules.can_move(self.position.board)

    @property
    def status(self) -> str:
        """`won` while the win dialog is due, else `over` or `playing` (CONTRACT.md)."""
        if self.position.won and not self.keep_playing:
            return "won"
        return "over" if self.over else "playing"

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    def spawn_source(self, move_number: int) -> "WordSource":
        """Where the spawn after move `move_number` draws its words."""
        return self.daily.stream(move_number) if self.daily else self.source

    def move(self, direction: str, spawn: "Spawned | None" = None) -> "MoveOutcome":
        """Apply one move attempt. A move that changes nothing changes no state at all.

        `spawn` is the tile a move played elsewhere spawned (the page's, before the
        engine ran): the move must then change the board, and the tile be one the
        rules allow there (an empty cell, a 2 or a 4, the day's own tile on a daily
        board), or `Refused` and nothing changes."""
        if direction not in rules.DIRECTIONS:
            raise ValueError("unknown direction: %r" % (direction,))
        before = self.position
        number = before.moves + 1
        if self.status == "won":  # the win dialog is up: the player must choose first
            if spawn is not None:
                raise Refused("win_dialog_up", move=number)
            return unchanged(direction)
        board, points, tiles = rules.move_tiles(before.board, direction)
        if board == before.board:
            if spawn is not None:
                raise Refused("no_change", move=number, direction=direction)
            return unchanged(direction)
        if spawn is None:
            board, cell, value = chance.spawn(board, self.spawn_source(number))
        else:
            cell, value = self._judged(board, spawn, number)
            board = rules.place(board, cell, value)
        won = before.won or rules.max_tile(board) >= rules.WIN_VALUE
        newly_won = won and not before.won
        if self.daily is None:
            self.history = (self.history + [before])[-self.undo_depth :]
        if self.record is not None:
            if self.daily is None and before.moves >= RECORD_LIMIT:
                self.record = None  # too long to carry on every move (RECORD_LIMIT)
            else:
                self.record += records.step(self.size, direction, cell, value)
        self.position = Position(board, before.score + points, before.moves + 1, won)
        if newly_won:
            self.keep_playing = False
        self.best = max(self.best, self.position.score)
        return MoveOutcome(direction, True, points, tiles, Spawned(cell, value), newly_won)

    def _judged(self, slid: "Board", spawn: "Spawned", number: int) -> "tuple[Cell, int]":
        """A given spawn after move `number` onto the slid board, if the rules allow it."""
        row, column = spawn.cell
        size = len(slid)
        if not (0 <= row < size and 0 <= column < size) or slid[row][column]:
            raise Refused("filled_cell", move=number)
        if spawn.value not in (2, 4):
            raise Refused("not_two_or_four", move=number)
        if self.daily is not None:
            _, cell, value = chance.spawn(slid, self.spawn_source(number))
            if cell != (row, column) or value != spawn.value:
                raise Refused("not_the_days_tile", move=number)
        return (row, column), spawn.value

    def undo(self) -> bool:
        """Step back one move; False (and nothing changed) when there is no history."""
        if not self.history:
            return False
        self.position = self.history.pop()
        if not self.position.won:
            self.keep_playing = False
        if self.record is not None:
            self.record = records.cut(self.record, self.position.moves)
        return True

    def continue_after_win(self) -> bool:
        """The player chose "Keep playing"; False when no win dialog was due."""
        if self.status != "won":
            return False
        self.keep_playing = True
        return True

    def set_undo_depth(self, depth: int) -> None:
        """Keep `depth` undo steps from now on; a lower depth forgets the oldest at once
        (the saved history must never be longer than the depth it claims)."""
        if depth not in UNDO_DEPTHS:
            raise ValueError("undo depth must be one of %r" % (UNDO_DEPTHS,))
        self.undo_depth = depth
        self.history = self.history[-depth:]

    def set_clock(self, clock_ms: "int | None") -> None:
        """The game clock as the page last measured it (kept in the game's document)."""
        if clock_ms is not None:
            self.clock_ms = max(0, int(clock_ms))


def due_to_count(session: "Session", giving_up: bool = False) -> bool:
    """Whether the game must be counted now (statistics, or as the day's result): it has
    ended and was not counted yet, or it is given up for another game after a move.
    The engine counts it; the page, before the engine runs, keeps what follows from it
    (the game is `counted`, a daily try after it is practice)."""
    if session.counted:
        return False
    return session.over or (giving_up and session.position.moves > 0)


def drops_changes(mine: "Session", other: "Session") -> bool:
    """Whether taking `other`, the game another tab stored, in place of `mine`, the game
    this tab shows, drops a change this tab made and showed that `other` does not hold:
    both tabs changed the game at the same moment (neither holds the other's last move),
    or `other` won a tie of revisions over a game it does not go on from. Another tab
    that went on from this game, stepped back from it (undo) or began a new game after
    it drops nothing: what it left behind was what this tab showed, and it is newer."""
    same_game = other.game_id == mine.game_id
    if same_game and other.record is not None and mine.record is not None:
        if other.record.startswith(mine.record):
            return False  # it goes on from the game shown here
        if not mine.record.startswith(other.record):
            return True  # both moved from the same game at once
    elif same_game and (other.position == mine.position or mine.position in other.history):
        return False
    return other.revision <= mine.revision


def game_key(session: "Session") -> "GameKey":
    """Everything the game document holds but its revision, cheap to compare."""
    return (session.position, tuple(session.history), session.keep_playing,
            session.clock_ms, session.undo_depth, session.counted)


def mark_of(session: "Session") -> "Mark":
    return game_key(session), session.revision


def next_revision(revision: int) -> int:
    """One more than `revision`; at MAX_REVISION it stays (a move every millisecond would
    take 285 000 years to get there)."""
    return min(revision + 1, MAX_REVISION)


def settle(session: "Session", before: "Mark") -> bool:
    """Whether the game document changed since `before`; if so the revision has risen.

    A change that already raised the revision (a taken lookahead, a new game) keeps it;
    any other change of the document raises it by one here.
    """
    key, revision = before
    if session.revision != revision:
        return True
    if game_key(session) == key:
        return False
    session.revision = next_revision(revision)
    return True
