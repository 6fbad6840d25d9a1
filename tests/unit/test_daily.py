"""The daily board's generator, a game's record, and result codes (game/daily.py,
game/record.py, game/replay.py): the property and fuzz tests (hypothesis), on CPython
and in Pyodide. The pinned generator and the fixed cases run in MicroPython too:
tests/unit/test_daily_board.py."""

from __future__ import annotations

import datetime
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import chance, daily, record, replay, rules
from game.session import Session
from tests.unit.test_daily_board import assert_reads_back

DAY = "2026-11-30"


def play_daily(date: str, seed: int, limit: int = 100_000) -> Session:
    """A daily game played with random moves until no move is left (or `limit`)."""
    session, _ = Session.new(4, chance.seeded(0), daily=daily.Daily(date))
    rng = random.Random(seed)
    while session.status != "over" and session.position.moves < limit:
        if session.status == "won":
            session.continue_after_win()
        session.move(rng.choice(rules.legal_directions(session.position.board)))
    return session


def code_of(session: Session) -> str:
    assert session.daily is not None and session.record is not None
    return replay.encode(session.daily.date, 4, record.directions(session.record))


@settings(max_examples=200, deadline=None)
@given(st.dates(datetime.date(2000, 1, 1), datetime.date(2199, 12, 31)))
def test_day_numbers_count_days_like_the_calendar(day: datetime.date) -> None:
    text = day.isoformat()
    assert daily.valid_date(text)
    assert daily.day_number(text) == (day - datetime.date(1970, 1, 1)).days
    assert daily.utc_date(daily.day_number(text) * 86_400_000 + 86_399_999) == text


@settings(max_examples=300, deadline=None)
@given(st.integers(-62_135_596_800_000, 253_402_300_799_999))  # years 1 to 9999
def test_the_utc_day_of_any_instant_is_the_calendars(epoch_ms: int) -> None:
    """In integers, the same in the three interpreters, before 1970 and far ahead too."""
    moment = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=epoch_ms)
    assert daily.utc_date(epoch_ms) == moment.date().isoformat()


# -- the record -----------------------------------------------------------------------------

FIRST_MS = 946_684_800_000  # 2000-01-01 00:00 UTC
END_MS = 7_258_118_400_000  # 2200-01-01 00:00 UTC


@given(st.one_of(st.integers(FIRST_MS - 3 * 86_400_000, FIRST_MS + 3 * 86_400_000),
                 st.integers(END_MS - 3 * 86_400_000, END_MS + 3 * 86_400_000),
                 st.integers(-(2**53), 2**53)))
def test_law_a_clock_has_a_daily_board_exactly_within_the_boards_days(epoch_ms: int) -> None:
    day = daily.day_of(epoch_ms)
    assert (day is not None) == (FIRST_MS <= epoch_ms < END_MS)
    if day is not None:  # the board of that day exists, and it is the clock's UTC day
        assert day == daily.utc_date(epoch_ms) and daily.valid_date(day)
        assert daily.Daily(day).date == day


@given(st.integers(FIRST_MS, END_MS - 1))
def test_law_the_day_turns_only_at_utc_midnight(epoch_ms: int) -> None:
    start = epoch_ms - epoch_ms % 86_400_000
    assert daily.day_of(start) == daily.day_of(epoch_ms) == daily.day_of(start + 86_399_999)
    after = daily.day_of(start + 86_400_000)
    assert after is None or daily.day_number(after) == daily.day_number(daily.day_of(start) or "") + 1


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(rules.SIZES), st.integers(0, 200))
def test_a_record_reads_back_as_the_game_it_recorded(seed: int, size: int, moves: int) -> None:
    session, spawns = Session.new(size, chance.seeded(seed))
    rng = random.Random(seed)
    steps = []
    for _ in range(moves):
        if session.status != "playing":
            break
        outcome = session.move(rng.choice(rules.legal_directions(session.position.board)))
        assert outcome.spawn is not None
        steps.append((outcome.direction, outcome.spawn.cell, outcome.spawn.value))
    assert_reads_back(session, spawns, steps)


# -- codes -------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(rules.DIRECTIONS), max_size=400), st.dates(
    datetime.date(2000, 1, 1), datetime.date(2199, 12, 31)))
def test_a_code_decodes_to_exactly_its_moves(moves: list[str], day: datetime.date) -> None:
    code = replay.encode(day.isoformat(), 4, moves)
    assert set(code) <= set(record.ALPHABET + ".~")
    assert replay.decode(code) == replay.Claim(day.isoformat(), 4, tuple(moves))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 20_000), st.integers(0, 2**32))
def test_a_code_round_trips_for_random_move_lists_of_any_length_up_to_20000(length: int, seed: int) -> None:
    rng = random.Random(seed)
    moves = tuple(rng.choice(rules.DIRECTIONS) for _ in range(length))
    assert replay.decode(replay.encode(DAY, 4, moves)) == replay.Claim(DAY, 4, moves)


@pytest.mark.parametrize("seed", range(6))
def test_replay_verifies_exactly_the_real_score_tile_and_moves(seed: int) -> None:
    session = play_daily(f"2026-12-{seed + 1:02d}", seed)
    answer = replay.verdict(code_of(session))
    assert answer["ok"] and answer["finished"]
    position = session.position
    assert (answer["score"], answer["tile"], answer["moves"]) == (
        position.score, rules.max_tile(position.board), position.moves)


def test_an_unfinished_game_verifies_as_unfinished() -> None:
    session = play_daily(DAY, 1, limit=20)
    answer = replay.verdict(code_of(session))
    assert answer["ok"] and not answer["finished"] and answer["moves"] == 20


def test_a_link_or_a_whole_message_holding_the_code_verifies() -> None:
    code = code_of(play_daily(DAY, 2, limit=30))
    for text in (code, f"  {code}\n", f"https://example.org/2048/#replay={code}",
                 f"2048 daily {DAY}: 1,234\nhttps://example.org/#replay={code} \nplay too!"):
        assert replay.verdict(text)["ok"], text


def with_check(body: str) -> str:
    """A code with a correct check over `body`: what a careless or hostile encoder
    could write, to reach the checks that come after the check."""
    return f"{body}.{replay._check(body)}"


GOOD = replay.encode(DAY, 4, ["down", "left", "up"])
BROKEN = {
    "empty": ["", "   ", "#replay=", "https://x/#replay= "],
    "too_long": ["1" * (replay.MAX_INPUT + 1), GOOD + "A" * replay.MAX_CODE],
    "bad_character": ["1.2026-11-30.4.3~<b>.xxxx", GOOD.replace("4", "4 "), "1.2026-11-30.4.3~é.AAAA"],
    "bad_shape": ["hello", "v1.2026", "1.2026-11-30.4.3~AA.AAAA.AAAA", ".1"],
    "unknown_version": ["2." + GOOD[2:], "17.x.y"],
    "bad_date": [GOOD.replace("2026-11-30", "2026-11-31").replace("11-31", "13-01"),
                 GOOD.replace("2026-11-30", "20261130")],
    "bad_size": [GOOD.replace(".4.", ".5.")],
    "bad_count": [GOOD.replace(".3~", ".x~"), GOOD.replace(".3~", ".03~"), GOOD.replace("~", ""),
                  GOOD.replace(".3~", ".999999~")],
    "truncated": [GOOD[:-1], GOOD[: GOOD.rindex(".")], "1.2026-11-30", GOOD.replace(".3~", ".9~")],
    "too_long_moves": [GOOD.replace(".3~", ".0~"), GOOD.replace("~", "~AA")],
    "damaged": [GOOD[:-1] + ("A" if GOOD[-1] != "A" else "B"), GOOD.replace("~", "~A", 1)[:-6] + GOOD[-5:]],
}


@pytest.mark.parametrize("reason, texts", sorted(BROKEN.items()))
def test_every_kind_of_broken_code_is_refused_with_its_reason(reason: str, texts: list[str]) -> None:
    for text in texts:
        answer = replay.verdict(text)
        assert not answer["ok"] and answer["reason"] == reason, (text[:80], answer)


def test_a_move_that_changes_nothing_is_refused_with_its_number() -> None:
    for seed in range(100):  # a board with a direction that moves nothing (most have one)
        session = play_daily(DAY, seed, limit=12)
        board = session.position.board
        stuck = [d for d in rules.DIRECTIONS if rules.slide(board, d)[0] == board]
        if stuck and session.position.moves == 12:
            break
    moves = [*record.directions(session.record or ""), stuck[0], "left"]
    answer = replay.verdict(replay.encode(DAY, 4, moves))
    assert answer == {"kind": "verify", "ok": False, "reason": "illegal_move",
                      "detail": {"at": 13, "direction": stuck[0], "ended": False}}


def test_a_move_after_the_game_ended_is_refused_as_such() -> None:
    session = play_daily(DAY, 4)
    moves = record.directions(session.record or "") + ["left"]
    answer = replay.verdict(replay.encode(DAY, 4, moves))
    assert answer["reason"] == "illegal_move" and answer["detail"]["ended"]
    assert answer["detail"]["at"] == len(moves)


def test_unused_bits_in_the_last_character_are_refused() -> None:
    code = replay.encode(DAY, 4, ["left"])  # one move: 4 unused low bits in its character
    body = code[: code.rindex(".")]
    altered = body[:-1] + record.ALPHABET[record.INDEX[body[-1]] | 1]
    assert replay.verdict(with_check(altered))["reason"] == "damaged"


def test_every_single_character_change_of_a_real_code_is_refused() -> None:
    code = code_of(play_daily(DAY, 5, limit=60))
    for i in range(len(code)):
        for other in (record.ALPHABET[(record.INDEX.get(code[i], 0) + 1) % 64], ".", "~", "%"):
            if other != code[i]:
                assert not replay.verdict(code[:i] + other + code[i + 1 :])["ok"], (i, other)


# -- hostile input: any text is a replay or a reason, never an exception ----------------

def assert_answered(text: object) -> None:
    answer = replay.verdict(text)
    assert answer["ok"] or answer["reason"] in replay.REASONS
    assert answer["ok"] == (answer["reason"] == "")


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_fuzz_any_text(text: str) -> None:
    assert_answered(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=record.ALPHABET + ".~#=", max_size=300))
def test_fuzz_text_in_the_codes_alphabet(text: str) -> None:
    assert_answered(text)
    assert_answered("1." + text)
    assert_answered(f"1.{DAY}.4." + text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(rules.DIRECTIONS), max_size=200))
def test_fuzz_checked_codes_of_any_moves_replay_or_name_the_illegal_move(moves: list[str]) -> None:
    answer = replay.verdict(replay.encode(DAY, 4, moves))
    if answer["ok"]:
        assert answer["moves"] == len(moves)
    else:
        assert answer["reason"] == "illegal_move" and 1 <= answer["detail"]["at"] <= len(moves)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 80), st.sampled_from(["delete", "insert", "replace", "swap"]), st.data())
def test_fuzz_mutations_of_a_real_code(seed: int, how: str, data: st.DataObject) -> None:
    code = code_of(play_daily(DAY, seed, limit=seed))
    i = data.draw(st.integers(0, len(code) - 1))
    ch = data.draw(st.characters())
    mutated = {"delete": code[:i] + code[i + 1 :], "insert": code[:i] + ch + code[i:],
               "replace": code[:i] + ch + code[i + 1 :],
               "swap": code[:i] + code[i + 1 : i + 2] + code[i : i + 1] + code[i + 2 :]}[how]
    answer = replay.verdict(mutated)
    assert_answered(mutated)
    if mutated != code and not (how == "insert" and ch.isspace() and i in (0, len(code))):
        assert not answer["ok"] or replay.decode(replay.extract(mutated)).directions != ()


@pytest.mark.parametrize("text", [
    "A" * 1_000_000, "1." * 500_000, "#replay=" + "1" * 1_000_000, "\x00" * 1_048_576,
    "1.2026-11-30.4.3~" + "A" * 1_000_000, "é" * 1_000_000, "#replay=" * 125_000,
    f"1.{DAY}.4.99999~" + "A" * 33_333 + ".AAAA",
])
def test_fuzz_megabyte_strings_are_refused_at_once(text: str) -> None:
    assert_answered(text)
    assert not replay.verdict(text)["ok"]


def test_non_text_is_refused() -> None:
    for value in (None, 3, b"1.2026", ["1"]):
        assert replay.verdict(value)["reason"] == "empty"
