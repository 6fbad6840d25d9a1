"""The tile layer as data (game/ui/layer.py): what each tile element shows after a reply.

MicroPython-compatible, like test_ui_input.py: no typing at run time, no pytest features.
"""

from game.ui import layer


def move_reply() -> "dict[str, object]":
    """`2 2 4 .` slid left: 2+2 merge into 4 at column 0, the 4 slides to column 1; a 2 spawns."""
    return {
        "tiles": [
            {"from": [[0, 0], [0, 1]], "to": [0, 0], "value": 4, "merged": True},
            {"from": [[0, 2]], "to": [0, 1], "value": 4, "merged": False},
            {"from": [[3, 3]], "to": [3, 3], "value": 8, "merged": False},
        ],
        "spawn": {"at": [2, 3], "value": 2},
    }


def test_a_tile_names_its_colour_and_digit_count() -> None:
    assert layer.tile_classes(2) == "tile v2 d1"
    assert layer.tile_classes(2048, "new") == "tile v2048 d4 new"
    assert layer.tile_classes(262144) == "tile vbig d6"  # beyond the styled colours


def test_a_sliding_tile_starts_at_its_source_and_a_still_one_does_not_move() -> None:
    assert layer.tile(4, 0, 1, "", [0, 2]) == ("--r:0;--c:1;--fr:0;--fc:2", "tile v4 d1 moved", "4")
    assert layer.tile(8, 3, 3, "", [3, 3]) == ("--r:3;--c:3", "tile v8 d1", "8")


def test_a_move_draws_both_halves_of_a_merge_under_the_merged_tile_and_the_spawn() -> None:
    tiles = layer.moved(move_reply())
    assert tiles == [
        ("--r:0;--c:0", "tile v2 d1 ghost", "2"),  # the half that stays in place
        ("--r:0;--c:0;--fr:0;--fc:1", "tile v2 d1 ghost moved", "2"),
        ("--r:0;--c:0", "tile v4 d1 merged", "4"),
        ("--r:0;--c:1;--fr:0;--fc:2", "tile v4 d1 moved", "4"),
        ("--r:3;--c:3", "tile v8 d1", "8"),
        ("--r:2;--c:3", "tile v2 d1 new", "2"),
    ]


def test_a_painted_board_shows_each_tile_once_and_fades_in_only_the_new_ones() -> None:
    board = [[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 4, 0], [0, 0, 0, 0]]
    assert layer.painted(board, [[2, 2]]) == [
        ("--r:0;--c:0", "tile v2 d1", "2"),
        ("--r:2;--c:2", "tile v4 d1 new", "4"),
    ]
    assert layer.painted([[0] * 4] * 4) == []
