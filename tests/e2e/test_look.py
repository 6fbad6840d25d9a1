"""What a player sees: numbers that fit their tiles on the smallest board cells."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e import positions
from tests.e2e.conftest import OpenGame

SHOTS = os.environ.get("SCREENSHOTS")  # a folder: keep what the test saw, to look at

# Every value up to 131072 and the largest possible, on the largest board (smallest cells).
BIG_NUMBERS = positions.board_of([
    [2, 4, 8, 16, 32, 64],
    [128, 256, 512, 1024, 2048, 4096],
    [8192, 16384, 32768, 65536, 131072, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 1 << 37],  # the largest tile a 6x6 board can hold: twelve digits
])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_number_fits_its_tile_on_a_6x6_board_on_a_390px_phone(
        open_game: OpenGame, scheme: str) -> None:
    game = open_game(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                     color_scheme=scheme, reduced_motion="reduce")
    game.set_board(BIG_NUMBERS)
    data = game.start()
    assert data["size"] == "6" and data["status"] == "won"  # the board holds a 2048
    game.click("[data-action=keep-playing]")
    game.wait_status("playing")
    tiles = game.evaluate(
        "() => [...document.querySelectorAll('#tiles .tile')].map(t => {"
        " const s = t.firstElementChild, r = t.getBoundingClientRect();"
        " return {text: t.textContent, width: r.width, fits: s.scrollWidth <= t.clientWidth + 0.5,"
        "  bg: getComputedStyle(t).backgroundColor}; })")
    assert sorted(t["text"] for t in tiles) == sorted(
        str(v) for row in BIG_NUMBERS for v in row if v)
    assert all(t["fits"] for t in tiles), [t["text"] for t in tiles if not t["fits"]]
    assert min(t["width"] for t in tiles) >= 40, "tiles too small to read on a phone"
    assert len({t["bg"] for t in tiles}) == len(tiles), "two values share a colour"
    assert game.scroll_y() == 0
    if SHOTS:
        game.page.screenshot(path=str(Path(SHOTS) / f"phone-6x6-{scheme}.png"))
