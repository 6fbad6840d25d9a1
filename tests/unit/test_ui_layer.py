"""The tile layer as data (game/ui/layer.py): which element shows which tile.

MicroPython-compatible, like test_ui_input.py: no typing at run time, no pytest features.
"""

from game.ui import layer

SPARE = layer.SPARE


def move_reply() -> "dict[str, object]":
    """`2 2 4 .` slid left: 2+2 merge into 4 at column 0, the 4 slides to column 1; the 8
    in the corner stays; a 2 spawns at row 2, column 3."""
    return {
        "tiles": [
            {"from": [[0, 0], [0, 1]], "to": [0, 0], "value": 4, "merged": True},
            {"from": [[0, 2]], "to": [0, 1], "value": 4, "merged": False},
            {"from": [[3, 3]], "to": [3, 3], "value": 8, "merged": False},
        ],
        "spawn": {"at": [2, 3], "value": 2},
    }


BEFORE = [[2, 2, 4, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 8]]


def test_a_tile_names_its_colour_and_digit_count() -> None:
    assert layer.tile_classes(2) == "tile v2 d1"
    assert layer.tile_classes(2048, "new") == "tile v2048 d4 new"
    assert layer.tile_classes(262144) == "tile vbig d6"  # beyond the styled colours


def test_a_painted_board_places_every_tile_without_sliding_and_fades_in_the_new() -> None:
    shown = layer.TileLayer().paint([[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 4, 0], [0, 0, 0, 0]], [[2, 2]])
    assert shown == [("--r:0;--c:0", "tile v2 d1 still", "2"), ("--r:2;--c:2", "tile v4 d1 new", "4")]


def test_a_moving_tile_keeps_its_element_which_slides_to_the_new_cell() -> None:
    tiles = layer.TileLayer()
    before = tiles.paint(BEFORE)
    slot_of_4 = before.index(("--r:0;--c:2", "tile v4 d1 still", "4"))
    slot_of_8 = before.index(("--r:3;--c:3", "tile v8 d1 still", "8"))
    after = tiles.move(move_reply())
    assert after[slot_of_4] == ("--r:0;--c:1", "tile v4 d1", "4")  # same element, new cell
    assert after[slot_of_8] == ("--r:3;--c:3", "tile v8 d1", "8")  # stays: nothing to slide


def test_both_halves_of_a_merge_slide_in_as_ghosts_under_a_new_merged_tile() -> None:
    tiles = layer.TileLayer()
    before = tiles.paint(BEFORE)
    halves = [before.index((f"--r:0;--c:{c}", "tile v2 d1 still", "2")) for c in (0, 1)]
    after = tiles.move(move_reply())
    assert [after[i] for i in halves] == [("--r:0;--c:0", "tile v2 d1 ghost", "2")] * 2
    merged = [i for i, shown in enumerate(after) if shown[1] == "tile v4 d1 merged"]
    assert len(merged) == 1 and merged[0] not in halves
    assert after[merged[0]] == ("--r:0;--c:0", "tile v4 d1 merged", "4")
    assert after.count(("--r:2;--c:3", "tile v2 d1 new", "2")) == 1  # the spawn fades in


def test_ghosts_are_freed_by_the_next_draw_and_elements_are_reused_not_added() -> None:
    tiles = layer.TileLayer()
    tiles.paint(BEFORE)
    first = tiles.move(move_reply())
    board = [[4, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2], [0, 0, 0, 8]]
    second = tiles.paint(board)
    assert len(second) == len(first), "a paint needs no new element"
    assert sorted(shown for shown in second if shown != SPARE) == sorted(
        tiles_on(board)), "every tile shown once, the ghosts hidden"
    assert second.count(SPARE) == len(second) - 4


def tiles_on(board: "list[list[int]]") -> "list[tuple[str, str, str]]":
    return [layer.tile(v, r, c, "still") for r, row in enumerate(board) for c, v in enumerate(row) if v]


def test_a_repaint_keeps_the_element_of_every_tile_that_stays_on_its_cell() -> None:
    tiles = layer.TileLayer()
    before = tiles.paint(BEFORE)
    after = tiles.paint(BEFORE, [[1, 1]])
    assert after == before
