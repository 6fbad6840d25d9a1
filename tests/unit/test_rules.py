"""One test (or more) per rule of RULES.md "A move" and "Game over".

In the subset MicroPython runs (tests/unit/subset.py): the page plays these rules too.
"""

from game import rules
from game.rules import slide, slide_line
from tests.unit.boards import board, row
from tests.unit.subset import raises


def test_rule_slide_closes_gaps_toward_the_wall() -> None:
    assert slide_line(row(". 2 . 4")).line == row("2 4 . .")
    assert slide(board(". . 2 ./4 . . ./. . . ./. . . 8"), "right")[0] == board(
        ". . . 2/. . . 4/. . . ./. . . 8"
    )


def test_rule_tiles_never_pass_each_other() -> None:
    assert slide_line(row("8 . 4 2")).line == row("8 4 2 .")


def test_rule_merge_pairs_from_the_wall_2_2_4() -> None:
    assert slide_line(row("2 2 4 .")).line == row("4 4 . .")


def test_rule_merge_pairs_from_the_wall_4_4_4() -> None:
    assert slide_line(row("4 4 4 .")).line == row("8 4 . .")


def test_rule_merge_once_per_move() -> None:
    assert slide_line(row("2 2 2 2")).line == row("4 4 . .")


def test_rule_merge_ignores_distance() -> None:
    assert slide_line(row("2 . . 2")).line == row("4 . . .")


def test_rule_unequal_values_never_merge() -> None:
    b = board("4 8 . ./. . . ./. . . ./. . . .")
    assert slide(b, "left") == (b, 0)


def test_rule_merge_toward_each_wall() -> None:
    b = board("2 2 2 ./. . . ./. . . ./. . . .")
    assert slide(b, "left")[0][0] == (4, 2, 0, 0)
    assert slide(b, "right")[0][0] == (0, 0, 2, 4)
    col = board("2 . . ./2 . . ./2 . . ./. . . .")
    assert [r[0] for r in slide(col, "up")[0]] == [4, 2, 0, 0]
    assert [r[0] for r in slide(col, "down")[0]] == [0, 0, 2, 4]


def test_rule_move_applies_to_every_line_at_once() -> None:
    b = board("2 2 . ./4 . 4 ./. 8 . 8/16 16 16 16")
    assert slide(b, "left") == (board("4 . . ./8 . . ./16 . . ./32 32 . ."), 4 + 8 + 16 + 64)


def test_rule_score_adds_merged_value_and_nothing_for_sliding() -> None:
    assert slide_line(row(". 2 . 4")).points == 0
    assert slide_line(row("2 2 4 4")).points == 4 + 8
    assert slide_line(row("2 2 2 2")).points == 8


def test_rule_same_rules_for_every_size() -> None:
    for size in rules.SIZES:
        line = (2, 2, 4) + (0,) * (size - 3)
        assert slide_line(line).line == (4, 4) + (0,) * (size - 2)
        b = tuple(line for _ in range(size))
        slid, points = slide(b, "left")
        assert slid == tuple((4, 4) + (0,) * (size - 2) for _ in range(size))
        assert points == 4 * size


def test_move_tiles_reports_sources_and_merges() -> None:
    b = board("2 2 4 ./. . . ./. . . ./. . . 8")
    slid, points, tiles = rules.move_tiles(b, "left")
    assert slid == slide(b, "left")[0] and points == 4
    by_target = {t.target: t for t in tiles}
    assert by_target[(0, 0)].sources == ((0, 0), (0, 1)) and rules.merged(by_target[(0, 0)])
    assert by_target[(0, 1)].sources == ((0, 2),) and by_target[(0, 1)].value == 4
    assert by_target[(3, 0)].sources == ((3, 3),) and not rules.merged(by_target[(3, 0)])


def test_move_tiles_maps_cells_for_down() -> None:
    b = board("2 . . ./2 . . ./. . . ./. . . .")
    _, _, tiles = rules.move_tiles(b, "down")
    assert [(t.sources, t.target, t.value) for t in tiles] == [(((1, 0), (0, 0)), (3, 0), 4)]


def test_rule_game_over_only_when_full_and_no_equal_neighbours() -> None:
    stuck = board("2 4 2 4/4 2 4 2/2 4 2 4/4 2 4 2")
    assert not rules.can_move(stuck)
    assert rules.legal_directions(stuck) == []


def test_rule_full_board_with_equal_row_neighbours_is_not_over() -> None:
    b = board("2 2 4 8/4 8 16 32/8 16 32 64/16 32 64 128")
    assert rules.can_move(b)
    assert rules.legal_directions(b) == ["left", "right"]


def test_rule_full_board_with_equal_column_neighbours_is_not_over() -> None:
    b = board("2 4 2 4/2 8 4 2/4 2 8 4/8 4 2 8")
    assert rules.can_move(b) and set(rules.legal_directions(b)) == {"up", "down"}


def test_rule_diagonal_neighbours_do_not_matter() -> None:
    b = board("2 4 8 16/4 2 16 8/8 16 2 4/16 8 4 2")
    assert not rules.can_move(b)


def test_rule_board_with_an_empty_cell_is_not_over() -> None:
    assert rules.can_move(board("2 4 2 4/4 2 4 2/2 4 2 4/4 2 4 ."))


def test_unknown_direction_is_refused() -> None:
    raises(ValueError, slide, board("2 . . ./. . . ./. . . ./. . . ."), "sideways")
    raises(ValueError, rules.move_tiles, board("2 . . ./. . . ./. . . ./. . . ."), "sideways")
