"""The daily board's generator, a game's record and result codes, with fixed cases.

In the subset MicroPython runs (tests/unit/subset.py): the page plays the daily board
itself until the engine has started, so the pinned values below must come out the same
in MicroPython, CPython and Pyodide; that is what makes one day's board the same
everywhere. The property and fuzz tests are in tests/unit/test_daily.py.
"""

import hashlib

from game import chance, daily, record, replay, rules
from game.session import Session

TYPE_CHECKING = False
if TYPE_CHECKING:
    from game.chance import WordSource
    from game.record import Spawned

DAY = "2026-11-30"


def code_of(session: "Session") -> str:
    assert session.daily is not None and session.record is not None
    return replay.encode(session.daily.date, 4, record.directions(session.record))


def random_moves(source: "WordSource", count: int) -> "list[str]":
    return [rules.DIRECTIONS[chance.choose_index(source, 4)] for _ in range(count)]


# -- the generator -----------------------------------------------------------------------

def test_generator_words_are_sha256_blocks_of_the_documented_key() -> None:
    # Re-derived from docs/daily.md, independently of the module's code.
    words = daily.Daily(DAY).stream(3)
    expected: "list[int]" = []
    for block in range(2):
        digest = hashlib.sha256(("py2048 daily 1 %s 4 3 %d" % (DAY, block)).encode("ascii")).digest()
        expected += [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4)]
    assert [words() for _ in range(16)] == expected


def test_generator_is_pinned_for_a_fixed_date() -> None:
    # Pinned on purpose: these values are every player's 2026-11-30 board. If they
    # change, every code shared for a past day stops verifying (docs/daily.md).
    stream = daily.Daily(DAY).stream(0)
    assert [stream() for _ in range(4)] == [1094968820, 2921142028, 3517443232, 1027320086]
    session, _ = Session.new(4, chance.seeded(1), daily=daily.Daily(DAY))
    assert session.position.board == ((0, 0, 0, 0), (2, 0, 0, 0), (2, 0, 0, 0), (0, 0, 0, 0))
    for direction in ("left", "up", "right", "down") * 10:
        session.move(direction)
    assert session.position.board == ((0, 0, 0, 0), (0, 2, 32, 4), (0, 4, 4, 16), (4, 8, 16, 2))
    assert (session.position.score, session.position.moves) == (236, 39)
    assert code_of(session) == "1.2026-11-30.4.39~nJycnJycnJycn.-Ee-"


def test_rule_same_date_and_moves_give_the_same_tiles_whatever_the_other_source() -> None:
    a = Session.new(4, chance.seeded(1), daily=daily.Daily(DAY))[0]
    b = Session.new(4, chance.seeded(99), daily=daily.Daily(DAY))[0]
    assert a.position == b.position
    for direction in ("down", "left", "up", "right", "left", "down") * 8:
        a.move(direction)
        b.move(direction)
        assert a.position == b.position


def test_rule_another_date_is_another_board() -> None:
    boards = {Session.new(4, chance.seeded(1), daily=daily.Daily("2026-12-%02d" % d))[0].record
              for d in range(1, 29)}
    assert len(boards) > 20  # start records of 28 days: (16·15·~1.2) possibilities each


def test_a_daily_date_is_an_exact_calendar_day() -> None:
    for text, valid in (
        ("2026-11-30", True), ("2024-02-29", True), ("2000-02-29", True), ("2100-02-28", True),
        ("2100-02-29", False), ("2026-02-29", False), ("2026-13-01", False), ("2026-00-10", False),
        ("2026-04-31", False), ("1999-12-31", False), ("2200-01-01", False), ("2026-1-30", False),
        ("2026/11/30", False), ("２０２６-11-30", False), (" 2026-11-30", False), ("", False),
    ):
        assert daily.valid_date(text) is valid, text


def test_the_utc_day_turns_at_midnight_utc_in_every_century() -> None:
    for epoch_ms, day in (
        (0, "1970-01-01"), (-1, "1969-12-31"), (86_399_999, "1970-01-01"), (86_400_000, "1970-01-02"),
        (1_764_547_200_000, "2025-12-01"), (1_764_547_199_999, "2025-11-30"),
        (951_782_400_000, "2000-02-29"), (4_107_542_400_000, "2100-03-01"),
        (7_258_118_399_999, "2199-12-31"), (7_258_118_400_000, "2200-01-01"),
    ):
        assert daily.utc_date(epoch_ms) == day, epoch_ms
        assert daily.day_number(day) == epoch_ms // 86_400_000


# -- the record -----------------------------------------------------------------------------

def assert_reads_back(session: "Session", spawns: "tuple[Spawned, ...]",
                      steps: "list[tuple[str, tuple[int, int], int]]") -> None:
    """The session's record reads back as its start tiles and every move with its spawn,
    and replays to its board."""
    assert session.record is not None
    size = session.size
    assert record.well_formed(session.record, size, session.position.moves)
    film = record.read(session.record, size)
    assert [(s.cell, s.value) for s in film.start] == [(s.cell, s.value) for s in spawns]
    assert [(s.direction, s.spawn.cell, s.spawn.value) for s in film.steps] == steps
    assert replay.check_film(film) == session.position.board


def test_a_record_reads_back_as_the_game_it_recorded() -> None:
    for seed, size in ((1, 4), (2, 5), (3, 6)):
        session, spawns = Session.new(size, chance.seeded(seed))
        source = chance.seeded(seed + 100)
        steps = []
        for _ in range(60):
            legal = rules.legal_directions(session.position.board)
            if session.status != "playing" or not legal:
                break
            outcome = session.move(legal[chance.choose_index(source, len(legal))])
            assert outcome.spawn is not None
            steps.append((outcome.direction, outcome.spawn.cell, outcome.spawn.value))
        assert_reads_back(session, spawns, steps)


def test_rule_undo_takes_the_last_move_out_of_the_record() -> None:
    session, _ = Session.new(4, chance.seeded(5), undo_depth=5)
    before = session.record
    session.move(rules.legal_directions(session.position.board)[0])
    assert session.undo() and session.record == before


def test_a_record_of_the_wrong_shape_is_refused() -> None:
    for text, moves in (("AEAI", 1), ("AEA", 0), ("AEAIz", 0), ("IEAI", 0), ("AEAIAw", 1), ("AEAI!A", 1),
                        ("", 0), ("AEAI", -1)):
        assert not record.well_formed(text, 4, moves), text


def test_rule_a_daily_game_has_no_undo() -> None:
    session, _ = Session.new(4, chance.seeded(1), daily=daily.Daily(DAY), undo_depth=5)
    session.move(rules.legal_directions(session.position.board)[0])
    assert not session.can_undo and not session.undo() and session.position.moves == 1


# -- codes -------------------------------------------------------------------------------

def test_a_code_round_trips_at_every_length_up_to_20000_moves() -> None:
    for length in (0, 1, 2, 3, 4, 5, 999, 1000, 1001, 19_999, 20_000):
        moves = random_moves(chance.seeded(length), length)
        code = replay.encode(DAY, 4, moves)
        assert len(code) == len("1.%s.4.%d~.xxxx" % (DAY, length)) + (length + 2) // 3
        assert replay.decode(code).directions == tuple(moves)
