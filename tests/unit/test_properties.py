"""Laws of a move, checked on random boards of every size (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game import chance, rules
from game.rules import Board
from game.session import Position, Session

VALUES = st.sampled_from([0, 0, 0, 2, 2, 4, 4, 8, 16, 32, 64, 128, 1024, 2048])


@st.composite
def boards(draw: st.DrawFn, sizes: tuple[int, ...] = rules.SIZES) -> Board:
    size = draw(st.sampled_from(sizes))
    cells = draw(st.lists(VALUES, min_size=size * size, max_size=size * size))
    cells[draw(st.integers(0, size * size - 1))] = draw(st.sampled_from([2, 4, 8]))  # a game has tiles
    return tuple(tuple(cells[r * size : (r + 1) * size]) for r in range(size))


def rotate(b: Board) -> Board:
    """Quarter turn clockwise: the top row becomes the right column."""
    return tuple(zip(*b[::-1]))


TURNED = {"up": "right", "right": "down", "down": "left", "left": "up"}


@given(boards(), st.sampled_from(rules.DIRECTIONS))
def test_law_slide_conserves_tile_sum(b: Board, direction: str) -> None:
    slid, _ = rules.slide(b, direction)
    assert sum(map(sum, slid)) == sum(map(sum, b))


@given(boards(), st.sampled_from(rules.DIRECTIONS))
def test_law_points_equal_sum_of_merged_tiles(b: Board, direction: str) -> None:
    slid, points, tiles = rules.move_tiles(b, direction)
    assert points == sum(t.value for t in tiles if rules.merged(t))
    assert slid == rules.slide(b, direction)[0]


@given(boards(), st.sampled_from(rules.DIRECTIONS))
def test_law_every_tile_accounted_for(b: Board, direction: str) -> None:
    _, _, tiles = rules.move_tiles(b, direction)
    sources = [s for t in tiles for s in t.sources]
    occupied = [(r, c) for r, line in enumerate(b) for c, v in enumerate(line) if v]
    assert sorted(sources) == sorted(occupied)
    for t in tiles:
        assert t.value == sum(b[r][c] for r, c in t.sources)


@given(boards(), st.sampled_from(rules.DIRECTIONS))
def test_law_four_directions_are_rotations_of_one_another(b: Board, direction: str) -> None:
    slid, points = rules.slide(b, direction)
    turned, turned_points = rules.slide(rotate(b), TURNED[direction])
    assert turned == rotate(slid)
    assert turned_points == points


@given(boards())
def test_law_game_over_iff_no_direction_changes_the_board(b: Board) -> None:
    changes = any(rules.slide(b, d)[0] != b for d in rules.DIRECTIONS)
    assert rules.can_move(b) == changes


@given(boards(), st.sampled_from(rules.DIRECTIONS))
def test_law_a_no_op_move_returns_the_same_state(b: Board, direction: str) -> None:
    if rules.slide(b, direction)[0] != b or not any(map(any, b)):
        return
    session = Session(Position(b, 0, 0, rules.max_tile(b) >= 2048), chance.scripted([]))
    before = (session.position, list(session.history), session.keep_playing, session.clock_ms)
    outcome = session.move(direction)  # a scripted source with no words: any spawn would raise
    assert not outcome.changed and outcome.spawn is None
    assert (session.position, session.history, session.keep_playing, session.clock_ms) == before


@settings(max_examples=50)
@given(boards(), st.sampled_from(rules.DIRECTIONS), st.integers(0, 2**32 - 1))
def test_law_a_changing_move_adds_exactly_one_tile(b: Board, direction: str, seed: int) -> None:
    if rules.slide(b, direction)[0] == b:
        return
    won = rules.max_tile(b) >= 2048
    session = Session(Position(b, 0, 0, won), chance.seeded(seed), keep_playing=won)
    slid, points = rules.slide(b, direction)
    outcome = session.move(direction)
    after = session.position.board
    diff = [(x, y) for ra, rb in zip(slid, after) for x, y in zip(ra, rb) if x != y]
    assert len(diff) == 1 and diff[0][0] == 0 and diff[0][1] in (2, 4)
    assert outcome.points == points and session.position.score == points
