"""Two or three tabs of the game in one browser share one saved game, and lose no move.

Every saved game carries a revision; a tab never writes over a game it has not seen,
it follows the game another tab stores (the `storage` event) at once, and the best
score is the highest any tab reached (docs/reliability.md).
"""

from __future__ import annotations

import json

from tests.e2e.gamepage import GamePage
from tests.e2e.positions import BEST_KEY, GAME_KEY, OVER_BOARD

KEYS = ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown")


def another_tab(game: GamePage) -> GamePage:
    """The game opened again in a new tab of the same browser context."""
    other = GamePage(game.context, game.context.new_page(), game.base_url)
    other.start()
    return other


def play(game: GamePage, presses: int) -> int:
    """`presses` arrow keys, each handled before the next; the moves they made."""
    data = game.state()
    before, inputs = int(data["moves"]), int(data["inputs"])
    for key in (KEYS * presses)[:presses]:
        game.press(key)
        inputs += 1
        data = game.wait_inputs(inputs)
    return int(data["moves"]) - before


def shown(game: GamePage) -> tuple[str, str, str]:
    data = game.state()
    return data["board"], data["score"], data["moves"]


def follows(tab: GamePage, leader: GamePage) -> None:
    """Wait until `tab` shows the game `leader` shows."""
    target = shown(leader)
    tab.wait_for(f"the tab to follow to {target}", lambda d: (d["board"], d["score"], d["moves"]) == target)


def stored_moves(game: GamePage) -> int:
    text = game.evaluate(f"() => localStorage.getItem({json.dumps(GAME_KEY)})")
    return int(json.loads(text)["moves"])


def test_a_second_tab_never_erases_the_first_ones_game(game: GamePage) -> None:
    """The reported loss: tab A and tab B open, ten moves in A only, reload A: A comes
    back with its moves (B, untouched, follows A instead of writing its old game)."""
    game.start()
    other = another_tab(game)
    made = play(game, 10)
    assert made > 0
    before = shown(game)
    follows(other, game)
    game.page.reload()
    resumed = game.wait_ready()
    assert (resumed["board"], resumed["score"], resumed["moves"]) == before
    assert stored_moves(game) == int(before[2])


def test_two_tabs_playing_in_turn_lose_no_move(game: GamePage) -> None:
    """Play in A, then in B, then in A again: each tab follows the other before it
    plays, every move made counts, and both tabs (and storage) end on the same game."""
    game.start()
    other = another_tab(game)
    start_moves = int(game.state()["moves"])
    made = 0
    for tab, watcher in ((game, other), (other, game), (game, other), (other, game)):
        made += play(tab, 4)
        follows(watcher, tab)
    final = shown(game)
    assert int(final[2]) == start_moves + made, "a move was lost between the tabs"
    for tab in (game, other):
        tab.page.reload()
        resumed = tab.wait_ready()
        assert (resumed["board"], resumed["score"], resumed["moves"]) == final
    assert stored_moves(game) == int(final[2])


def test_three_tabs_follow_each_other_and_keep_the_highest_best(game: GamePage) -> None:
    """Three tabs: moves in any one show in the other two; the best score every tab
    shows, and the one stored, is the highest any of them reached."""
    game.start()
    second, third = another_tab(game), another_tab(game)
    made = 0
    for tab in (game, third, second):
        made += play(tab, 5)
        for watcher in (game, second, third):
            if watcher is not tab:
                follows(watcher, tab)
    assert made > 0
    best = max(int(t.state()["best"]) for t in (game, second, third))
    assert best >= int(game.state()["score"])
    for tab in (game, second, third):
        tab.wait_for("the highest best", lambda d: int(d["best"]) == best)
    stored = json.loads(game.evaluate(f"() => localStorage.getItem({json.dumps(BEST_KEY)})"))
    assert stored["best"]["4"] == best


def test_an_older_game_stored_by_another_tab_is_not_followed(game: GamePage) -> None:
    """Another tab (an old version, a stale one) stores an older game: this tab does not
    step back to it, and puts its own newer game back into storage."""
    game.start()
    play(game, 3)
    old_text = game.evaluate(f"() => localStorage.getItem({json.dumps(GAME_KEY)})")
    play(game, 4)
    now = shown(game)
    ours = game.evaluate(f"() => localStorage.getItem({json.dumps(GAME_KEY)})")
    assert json.loads(ours)["revision"] > json.loads(old_text)["revision"]
    other = GamePage(game.context, game.context.new_page(), game.base_url)
    other.page.goto(game.base_url + "/assets/icons/icon.svg")  # same origin, not the game
    other.evaluate(f"() => localStorage.setItem({json.dumps(GAME_KEY)}, {json.dumps(old_text)})")
    def newer_stored() -> bool:
        # (the engine's answer to the last key may still restamp the clock: compared
        # without it)
        text = game.evaluate(f"() => localStorage.getItem({json.dumps(GAME_KEY)})")
        stored, newer = json.loads(text), json.loads(ours)
        return all(stored[k] == newer[k] for k in ("revision", "board", "score", "moves"))

    game.poll("the newer game back in storage", newer_stored)
    assert shown(game) == now


def test_a_game_counted_in_one_tab_is_counted_once_and_the_look_follows(game: GamePage) -> None:
    """A finished game is counted by the tab that finished it; the other tab follows
    the game (already counted), takes the statistics, and applies a theme chosen in
    the first. Sizes stay each tab's own choice."""
    game.set_board(OVER_BOARD)
    game.start()
    other = another_tab(game)
    game.press("ArrowLeft")
    assert game.wait_inputs(1)["status"] == "over"
    other.wait_for("the other tab to follow to game over", lambda d: d["status"] == "over")
    game.press("Escape")  # the game-over dialog closes; Settings can be reached
    other.press("Escape")
    game.choose_setting("theme", "dark")
    game.choose_setting("size", "5")
    other.poll("the theme to follow",
               lambda: other.evaluate("() => document.documentElement.dataset.theme") == "dark")
    assert other.state()["size"] == "4"
    other.click("#stats")
    other.poll("one counted game", lambda: other.page.locator("#stat-played").text_content() == "1")
    stats = json.loads(str(other.evaluate("() => localStorage.getItem('py2048:stats')")))
    assert stats["sizes"]["4"]["played"] == 1
