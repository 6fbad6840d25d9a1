"""One game in progress: the board plus score, moves, best, undo history and the win.

The session applies RULES.md and nothing else: it owns no storage, no clock source and
no random source of its own (each is handed in), so the same object runs in the
browser's worker, on CPython in tests, and under a solver's playouts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game import chance, rules
from game import record as records
from game.daily import Daily
from game.rules import Board, Cell, TileMove

UNDO_DEPTHS: tuple[int, ...] = (1, 5)
# A normal game keeps its record (to be watched again) for this many moves, then drops
# it: every reply carries the game document five times (its lookahead), and the page's
# MicroPython parses them on the main thread: measured (MicroPython under Node), a reply
# and its candidate take 2.8 ms to parse at 2 000 moves recorded, 6.5 ms at 10 000 and
# 29 ms at 30 000. A daily game always keeps it: its result code needs it,
# and a 4×4 game does not get far past this without a 32768 tile.
RECORD_LIMIT = 10_000


@dataclass(frozen=True)
class Position:
    """Everything undo restores: board, score, move count and the won flag."""

    board: Board
    score: int = 0
    moves: int = 0
    won: bool = False


@dataclass(frozen=True)
class Spawn:
    cell: Cell
    value: int


@dataclass(frozen=True)
class MoveOutcome:
    """What one move attempt did: the data the UI animates and announces."""

    direction: str
    changed: bool
    points: int = 0
    tiles: tuple[TileMove, ...] = ()
    spawn: Spawn | None = None
    newly_won: bool = False


def start_position(size: int, source: chance.WordSource) -> tuple[Position, tuple[Spawn, ...]]:
    """A fresh game: two tiles in two different random cells, score 0, moves 0
    (for a daily board, `source` is its stream 0)."""
    if size not in rules.SIZES:
        raise ValueError(f"unsupported board size {size}")
    board = rules.new_board(size)
    spawns: list[Spawn] = []
    for _ in range(2):
        board, cell, value = chance.spawn(board, source)
        spawns.append(Spawn(cell, value))
    return Position(board), tuple(spawns)


@dataclass
class Session:
    """A game plus the state around it that RULES.md defines.

    `keep_playing` is only meaningful once the game is won: it records that the player
    chose to go on, which hides the win dialog for the rest of this game. `revision`
    counts the changes of the saved game (the engine raises it; a session never does),
    so that of two stored copies of a game the newer one can be told apart. `counted`
    says the game is already in the statistics (game/stats.py): set once, when the game
    first ends, and kept through undo, so that undoing a lost game and losing it again
    does not count it twice.

    `daily` makes it the day's board (game/daily.py): every spawn comes from the day's
    stream for that move, and there is no undo (an undo would show the next spawn
    before the player commits to a move). `record` is the whole game so far, start
    tiles, moves and spawns (game/record.py), from which it can be watched again;
    None for a game stored before records were kept.
    """

    position: Position
    source: chance.WordSource
    best: int = 0
    undo_depth: int = 1
    history: list[Position] = field(default_factory=list)
    keep_playing: bool = False
    clock_ms: int = 0
    revision: int = 0
    counted: bool = False
    daily: Daily | None = None
    practice: bool = False  # a daily try after the day's result: it counts nowhere
    record: str | None = None

    @classmethod
    def new(
        cls, size: int, source: chance.WordSource, best: int = 0, undo_depth: int = 1, revision: int = 0,
        daily: Daily | None = None, practice: bool = False,
    ) -> tuple[Session, tuple[Spawn, ...]]:
        if daily is not None and daily.size != size:
            raise ValueError("a daily board has its own size")
        position, spawns = start_position(size, daily.stream(0) if daily else source)
        start = records.start(size, [(s.cell, s.value) for s in spawns])
        session = cls(position, source, best=best, undo_depth=undo_depth, revision=revision, daily=daily,
                      practice=practice and daily is not None, record=start)
        return session, spawns

    def __post_init__(self) -> None:
        if self.undo_depth not in UNDO_DEPTHS:
            raise ValueError(f"undo depth must be one of {UNDO_DEPTHS}")
        self.best = max(self.best, self.position.score)

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

    def spawn_source(self, move_number: int) -> chance.WordSource:
        """Where the spawn after move `move_number` draws its words."""
        return self.daily.stream(move_number) if self.daily else self.source

    def move(self, direction: str) -> MoveOutcome:
        """Apply one move attempt. A move that changes nothing changes no state at all."""
        if direction not in rules.DIRECTIONS:
            raise ValueError(f"unknown direction: {direction!r}")
        before = self.position
        if self.status == "won":  # the win dialog is up: the player must choose first
            return MoveOutcome(direction, changed=False)
        board, points, tiles = rules.move_tiles(before.board, direction)
        if board == before.board:
            return MoveOutcome(direction, changed=False)
        board, cell, value = chance.spawn(board, self.spawn_source(before.moves + 1))
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
        return MoveOutcome(direction, True, points, tiles, Spawn(cell, value), newly_won)

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
            raise ValueError(f"undo depth must be one of {UNDO_DEPTHS}")
        self.undo_depth = depth
        self.history = self.history[-depth:]
