"""Result codes that prove themselves, and replays to watch.

A daily game is fully fixed by its date and its moves (game/daily.py), so a short code
holding only those lets any copy of the game replay it and show what it really scored:
the code claims nothing else, and nothing but the replay's numbers is ever shown. A
code (version 1) is five fields joined by dots (docs/daily.md):

    1.2026-11-30.4.812~<271 characters>.<check>

the version, the UTC date, the board size, the number of moves in decimal with "~" and
the moves (URL-safe base64, three moves to a character, 2 bits each in
`rules.DIRECTIONS` order, the first move in the high bits, unused low bits zero), then
four check characters: the first 24 bits of SHA-256 of everything before the last dot,
so a changed or lost character is caught as such rather than replayed as another game.

A link carries the code in its fragment, `#replay=<code>`. Everything that reaches
`verify` is hostile until it replays: a length cap first (a megabyte costs no more than
a glance), a strict alphabet, a strict shape, and a reason for every refusal (`Rejection`
with a key the page words in its own language). It never raises anything else.

Shared with the page's MicroPython (game/rules.py says why and in what subset): a daily
game the page finishes before the engine has started has its code at once.
"""

import hashlib
from collections import namedtuple

from game import chance, daily, names, rules
from game.record import ALPHABET, INDEX, Film, Spawned, Step

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Any, NamedTuple

    class Claim(NamedTuple):
        """A code decoded: the board it names and the moves it says were played."""

        date: str
        size: int
        directions: tuple[str, ...]

    class Outcome(NamedTuple):
        """A replay's result, computed here (never read from the code)."""

        date: str
        size: int
        score: int
        tile: int
        moves: int
        won: bool
        finished: bool  # no move was left at the end
        film: Film  # every spawn, to watch it
        board: rules.Board  # where it ends
else:
    Claim = namedtuple("Claim", ("date", "size", "directions"))
    Outcome = namedtuple("Outcome", ("date", "size", "score", "tile", "moves", "won", "finished", "film",
                                     "board"))

VERSION = "1"
MAX_MOVES = 100_000  # a 4×4 game cannot last much longer: its tiles would not fit
MAX_CODE = 64 + MAX_MOVES // 3  # the longest code a real game can have, with room to spare
MAX_INPUT = 4 * MAX_CODE  # pasted text (a whole share message) looked at, at most
# The page cuts a link's fragment or a pasted text past this before it crosses into
# MicroPython (assets/boot.js py2048Replay), and the Check dialog's field holds no more
# (index.html maxlength): above MAX_INPUT, so an over-long text is still refused as such.
MAX_PASTE = 140_000
LINK_MARK = "#replay="  # the page finds it in a link too (assets/boot.js, build/names.py)
_DIRECTION_INDEX = {d: i for i, d in enumerate(rules.DIRECTIONS)}
_CODE_CHARS = frozenset(ALPHABET + ".~")
_DIGITS = frozenset("0123456789")

# Every reason a code is refused, in the order they are checked (the page has a sentence
# for each: game/ui/text.py).
REASONS = ("empty", "too_long", "bad_character", "bad_shape", "unknown_version", "bad_date",
           "bad_size", "bad_count", "truncated", "too_long_moves", "damaged", "illegal_move",
           "record_damaged")


class Rejection(Exception):
    """Why a code (or a game's record) does not replay: `reason` is one of REASONS,
    `detail` the numbers the sentence names (a position, a move number...)."""

    def __init__(self, reason: str, **detail: "Any") -> None:
        super().__init__(reason)
        self.reason = reason
        self.detail = detail


def _check(body: str) -> str:
    digest = hashlib.sha256(body.encode("ascii")).digest()
    bits = int.from_bytes(digest[:3], "big")
    return "".join(ALPHABET[(bits >> shift) & 63] for shift in (18, 12, 6, 0))


def encode(date: str, size: int, directions: "Sequence[str]") -> str:
    """The code of a game on the board of `date` and `size` played with these moves."""
    if not daily.valid_date(date):
        raise ValueError("not a daily date: %r" % (date,))
    if len(directions) > MAX_MOVES:
        raise ValueError("too many moves for a code")
    indices = [_DIRECTION_INDEX[d] for d in directions]
    indices += [0] * (-len(indices) % 3)
    packed = "".join(ALPHABET[(indices[i] << 4) | (indices[i + 1] << 2) | indices[i + 2]]
                     for i in range(0, len(indices), 3))
    body = "%s.%s.%d.%d~%s" % (VERSION, date, size, len(directions), packed)
    return body + "." + _check(body)


def extract(text: object) -> str:
    """The code in what a player pasted or a link carried: the code itself, a link with
    `#replay=`, or a whole share message holding such a link. Rejection otherwise."""
    if not isinstance(text, str):
        raise Rejection("empty")
    if len(text) > MAX_INPUT:
        raise Rejection("too_long", limit=MAX_CODE)
    at = text.rfind(LINK_MARK)
    if at >= 0:
        text = text[at + len(LINK_MARK) :]
        end = min([i for i in (text.find(ch) for ch in " \t\r\n") if i >= 0], default=len(text))
        text = text[:end].split("&")[0]  # what follows the code (its name) is not the code
    text = text.strip()
    if not text:
        raise Rejection("empty")
    return text


def claimed_name(text: object) -> "tuple[str, bool]":
    """The name a link gives beside its code (game/names.py): (the name, or "" when
    there is none or it cannot be used; whether one was there and refused). Only a
    link's own `&name=` counts: a name is never guessed from the rest of a message."""
    if not isinstance(text, str) or len(text) > MAX_INPUT:
        return "", False
    at = text.rfind(LINK_MARK)
    if at < 0:
        return "", False
    rest = text[at + len(LINK_MARK) :]
    end = min([i for i in (rest.find(ch) for ch in " \t\r\n") if i >= 0], default=len(rest))
    rest = rest[:end]
    mark = rest.find(names.NAME_MARK)
    if mark < 0:
        return "", False
    value = rest[mark + len(names.NAME_MARK) :].split("&")[0]
    name = names.unquote(value)
    return (name, False) if name else ("", bool(value))


def _held(parts: "list[str]") -> "dict[str, int]":
    """What a code cut short still shows: its count and the moves it holds, if it got
    that far (the sentence names them), else nothing."""
    if len(parts) < 4:
        return {}
    count, tilde, packed = parts[3].partition("~")
    if not tilde or not count or len(count) > 6 or not set(count) <= _DIGITS:
        return {}
    return {"moves": min(len(packed) * 3, int(count)), "count": int(count)}


def decode(code: str) -> "Claim":
    """The claim a code makes, checked for shape and integrity; Rejection otherwise."""
    if not code:
        raise Rejection("empty")
    if len(code) > MAX_CODE:
        raise Rejection("too_long", limit=MAX_CODE)
    if not set(code) <= _CODE_CHARS:
        at = next(i for i, ch in enumerate(code) if ch not in _CODE_CHARS)
        raise Rejection("bad_character", at=at + 1)
    parts = code.split(".")
    version = parts[0]
    if version != VERSION:
        if version and set(version) <= _DIGITS and len(version) <= 6:
            raise Rejection("unknown_version", version=version)
        raise Rejection("bad_shape")
    if len(parts) < 5:
        raise Rejection("truncated", **_held(parts))
    if len(parts) > 5:
        raise Rejection("bad_shape")
    _, date, size_text, moves_field, check = parts
    if not daily.valid_date(date):
        raise Rejection("bad_date")
    if size_text != str(daily.SIZE):
        raise Rejection("bad_size")
    count_text, tilde, packed = moves_field.partition("~")
    if (not tilde or not count_text or len(count_text) > 6 or not set(count_text) <= _DIGITS
            or (count_text[0] == "0" and count_text != "0") or int(count_text) > MAX_MOVES):
        raise Rejection("bad_count")
    count = int(count_text)
    needed = (count + 2) // 3
    if len(packed) < needed:
        raise Rejection("truncated", moves=len(packed) * 3, count=count)
    if len(packed) > needed or "~" in packed:
        raise Rejection("too_long_moves", count=count)
    if len(check) < 4:
        raise Rejection("truncated", moves=count, count=count)
    if len(check) > 4 or _check(code[: code.rfind(".")]) != check:
        raise Rejection("damaged")
    values = [INDEX[ch] for ch in packed]
    directions = rules.DIRECTIONS
    moves: "list[str]" = []
    for value in values:
        moves.extend((directions[value >> 4], directions[(value >> 2) & 3], directions[value & 3]))
    if count % 3 and values[-1] & ((1 << 2 * (3 - count % 3)) - 1):
        raise Rejection("damaged")  # unused bits set: no encoder writes that
    return Claim(date, int(size_text), tuple(moves[:count]))


def _placed(board: "rules.Board", spawned: "Spawned") -> "rules.Board":
    return rules.place(board, spawned.cell, spawned.value)


def replay(claim: "Claim") -> "Outcome":
    """Play the claimed moves on the day's board; Rejection at the first move that
    changes nothing (or comes after the game ended)."""
    board_of_day = daily.Daily(claim.date, claim.size)
    board = rules.new_board(claim.size)
    start: "list[Spawned]" = []
    source = board_of_day.stream(0)
    for _ in range(2):
        board, cell, value = chance.spawn(board, source)
        start.append(Spawned(cell, value))
    score = 0
    steps: "list[Step]" = []
    slide = rules.slide
    for number, direction in enumerate(claim.directions, start=1):
        slid, points = slide(board, direction)
        if slid == board:
            raise Rejection("illegal_move", at=number, direction=direction,
                            ended=not rules.can_move(board))
        board, cell, value = chance.spawn(slid, board_of_day.stream(number))
        score += points
        steps.append(Step(direction, Spawned(cell, value)))
    tile = rules.max_tile(board)
    film = Film(claim.size, (start[0], start[1]), tuple(steps))
    return Outcome(claim.date, claim.size, score, tile, len(steps), tile >= rules.WIN_VALUE,
                   not rules.can_move(board), film, board)


def boards(film: "Film") -> "Iterator[rules.Board]":
    """Every board of a game's record, from the start tiles to where it ends (one more
    than its moves), checking that every move changes the board and every spawn lands
    on an empty cell; Rejection("record_damaged") at the first that does not. The one
    walk through a record: checking it, and reviewing it move by move (game/review.py)."""
    board = _placed(rules.new_board(film.size), film.start[0])
    if board[film.start[1].cell[0]][film.start[1].cell[1]]:
        raise Rejection("record_damaged", at=0)
    board = _placed(board, film.start[1])
    yield board
    for number, step in enumerate(film.steps, start=1):
        slid, _ = rules.slide(board, step.direction)
        row, column = step.spawn.cell
        if slid == board or slid[row][column]:
            raise Rejection("record_damaged", at=number)
        board = _placed(slid, step.spawn)
        yield board


def check_film(film: "Film") -> "rules.Board":
    """The board a game's record ends on, having checked it (`boards`)."""
    walked = list(boards(film))
    return walked[-1]


def judge(text: object) -> "tuple[dict[str, Any], Outcome | None]":
    """Plain data for the page: what a pasted code or a link's code replays to, or why
    it does not; and the replay itself, to watch. Never raises: every refusal is a
    reason (`Rejection`), and nothing here fails otherwise on any text."""
    try:
        code = extract(text)
        outcome = replay(decode(code))
    except Rejection as refusal:
        return {"kind": "verify", "ok": False, "reason": refusal.reason, "detail": refusal.detail}, None
    name, refused = claimed_name(text)
    return {"kind": "verify", "ok": True, "reason": "", "detail": {}, "date": outcome.date,
            "size": outcome.size, "score": outcome.score, "tile": outcome.tile,
            "moves": outcome.moves, "won": outcome.won, "finished": outcome.finished,
            "code": code, "name": name, "name_refused": refused}, outcome


def verdict(text: object) -> "dict[str, Any]":
    """`judge`'s plain data alone."""
    return judge(text)[0]
