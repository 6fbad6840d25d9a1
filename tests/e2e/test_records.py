"""Statistics after scripted games, the share text on the clipboard, and a palette
unlocked by a milestone."""

from __future__ import annotations

import json

from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import Dataset, GamePage
from tests.e2e.positions import OVER_BOARD, WIN_BOARD


def stat(game: GamePage, name: str) -> str:
    return str(game.page.locator(f"#stat-{name}").text_content())


def open_statistics(game: GamePage, expect_played: int) -> None:
    game.click("#stats")
    assert game.dialog_open("stats")
    game.poll("the statistics", lambda: stat(game, "played") == str(expect_played))


def lose(game: GamePage) -> Dataset:
    """Start on a board one move from game over, and make that move."""
    game.set_board(OVER_BOARD)
    game.start()
    game.press("ArrowLeft")
    data = game.wait_inputs(1)
    assert data["status"] == "over"
    return data


def test_statistics_count_each_game_once_and_keep_a_sorted_top_10(game: GamePage) -> None:
    first = lose(game)
    # Undo and lose again: still one game.
    game.page.locator("#over-dialog").get_by_role("button", name="Undo").click()
    game.wait_inputs(2)
    game.press("ArrowLeft")
    again = game.wait_inputs(3)
    assert again["status"] == "over"
    game.page.locator("#over-dialog").get_by_role("button", name="New game").click()
    game.wait_for("a new game", lambda d: d["moves"] == "0" and d["status"] == "playing")
    # A second game, abandoned after moves: it counts when the next one starts.
    moved = 0
    for key in ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"] * 3:
        game.press(key)
        moved += 1
    second = game.wait_inputs(3 + moved)
    assert int(second["moves"]) > 0
    game.click("#new-game")
    game.page.locator("#confirm-dialog [data-action='confirm-new']").click()
    game.wait_for("another new game", lambda d: d["moves"] == "0")

    open_statistics(game, 2)
    assert stat(game, "won") == "0" and stat(game, "win-rate") == "0%"
    scores = sorted([int(first["score"]), int(second["score"])], reverse=True)
    assert stat(game, "best-score") == f"{max(scores + [int(game.state()['best'])]):,}"
    assert stat(game, "average") == f"{(scores[0] + scores[1] + 1) // 2:,}"
    assert stat(game, "moves") == f"{int(first['moves']) + int(second['moves']):,}"
    rows = game.page.locator("#top-rows tr")
    assert rows.count() == 2
    shown = [int((rows.nth(i).locator("td").first.text_content() or "0").replace(",", ""))
             for i in range(2)]
    assert shown == scores
    assert not game.page.locator("#top-empty").is_visible()
    # Another size has its own (empty) statistics.
    game.page.select_option("#stats-size", "6")
    game.poll("the 6×6 statistics", lambda: stat(game, "played") == "0")
    assert game.page.locator("#top-empty").is_visible()
    # They survive a reload.
    game.page.reload()
    game.wait_ready()
    open_statistics(game, 2)


def test_share_puts_the_result_and_a_picture_of_the_board_on_the_clipboard(open_game: OpenGame) -> None:
    game = open_game(viewport={"width": 1000, "height": 800},
                     permissions=["clipboard-read", "clipboard-write"])
    data = lose(game)
    game.page.locator("#over-dialog").get_by_role("button", name="Share").click()
    game.poll("the copied notice", lambda: game.notice()[0] and "clipboard" in game.notice()[1])
    copied = str(game.evaluate("() => navigator.clipboard.readText()"))
    lines = copied.split("\n")
    assert lines[0] == "2048 in Python · 4×4 Classic"
    assert f"Score {int(data['score']):,}" in lines[1] and f"{int(data['moves']):,} moves" in lines[1]
    max_tile = max(max(row) for row in positions.parse_board(data["board"]))
    assert f"best tile {max_tile}" in lines[1]
    picture = lines[2:6]
    assert len(picture) == 4 and all(len(line) == 4 for line in picture)
    assert lines[6].startswith("http://127.0.0.1")


def test_a_first_2048_unlocks_a_palette_that_can_then_be_chosen(game: GamePage) -> None:
    game.set_board(WIN_BOARD)
    game.start()
    game.click("#settings")
    assert game.page.locator("input[value='sunrise']").is_disabled()
    assert game.page.locator("#lock-sunrise").is_visible()
    game.page.locator("#settings-dialog").get_by_role("button", name="Done").click()
    game.press("ArrowLeft")
    data = game.wait_inputs(1)
    assert data["status"] == "won"
    game.poll("the unlock notice", lambda: "Sunrise" in game.notice()[1])
    game.page.get_by_role("button", name="Keep playing").click()
    game.click("#settings")
    radio = game.page.locator("input[value='sunrise']")
    assert radio.is_enabled() and not game.page.locator("#lock-sunrise").is_visible()
    game.page.locator("[data-palette-choice='sunrise']").click()
    game.poll("the palette", lambda: game.evaluate("() => document.documentElement.dataset.palette")
              == "sunrise")
    stats = json.loads(str(game.evaluate("() => localStorage.getItem('py2048:stats')")))
    assert "tile-2048" in stats["milestones"]
    game.page.reload()
    game.wait_ready()
    assert game.evaluate("() => document.documentElement.dataset.palette") == "sunrise"
