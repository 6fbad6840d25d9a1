"""Two or three tabs of the game in one browser share one saved game, and lose no move.

Every saved game carries a revision; a tab never writes over a game it has not seen,
it follows the game another tab stores (the `storage` event) at once, and the best
score is the highest any tab reached (docs/reliability.md).
"""

from __future__ import annotations

import json

from game import api, chance, rules
from tests.e2e import positions
from tests.e2e.gamepage import GamePage
from tests.e2e.positions import BEST_KEY, GAME_KEY, OVER_BOARD
from tests.e2e.test_before_engine import KEYS as KEYS_BY_NAME
from tests.e2e.test_before_engine import engine_held

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


def other_move(board: tuple[tuple[int, ...], ...], played: str) -> tuple[str, tuple[int, int]]:
    """A move another tab could have made on `board` instead of `played`, and an empty
    cell for its spawn."""
    direction = next(d for d in rules.legal_directions(board) if d != played)
    slid = rules.slide(board, direction)[0]
    cell = next((r, c) for r, row in enumerate(slid) for c, v in enumerate(row) if not v)
    return direction, cell


def written_elsewhere(game: GamePage, key: str, text: str) -> None:
    """`text` stored under `key` by another page of this browser (so the game's tab
    hears of it as of any other tab's write)."""
    writer = game.context.new_page()
    writer.goto(game.base_url + "/README.md")
    writer.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])
    writer.close()


def test_a_move_lost_to_another_tabs_move_at_the_same_moment_is_said_on_screen(game: GamePage) -> None:
    """Before the engines run, two tabs move the same game at the same moment; storage
    keeps the other tab's steps. This tab follows them (storage decides), and says on
    screen, once, that its last move is gone; a tab that simply goes on from its game
    after that says nothing of the kind."""
    with engine_held(game):
        game.goto()
        start = game.wait_playable()
        board = positions.parse_board(start["board"])
        base = json.loads(game.evaluate("() => localStorage.getItem('py2048:game-steps')"))
        played = rules.legal_directions(board)[0]
        game.press(KEYS_BY_NAME[played])
        game.wait_inputs(1)
        direction, (row, column) = other_move(board, played)
        theirs = dict(base, steps=[["move", direction, row, column, 2, 0]])
        written_elsewhere(game, "py2048:game-steps", json.dumps(theirs, separators=(",", ":")))
        expected = positions.board_attr(rules.place(rules.slide(board, direction)[0], (row, column), 2))
        followed = game.wait_for("the other tab's game", lambda d: d["board"] == expected)
        shown_now, words = game.notice()
        assert shown_now and words == ("Another tab played this game at the same moment: its game is kept, "
                                       "and your last move here is gone."), words
        assert followed["engine"] == "starting"


def test_a_move_lost_to_another_tabs_move_once_the_engine_runs_is_said_too(game: GamePage) -> None:
    game.start()
    before = game.evaluate(f"() => localStorage.getItem({json.dumps(GAME_KEY)})")
    board = positions.parse_board(game.state()["board"])
    played = rules.legal_directions(board)[0]
    game.press(KEYS_BY_NAME[played])
    game.wait_inputs(1)
    engine = api.Engine(chance.seeded(4))
    engine.start(before, None)
    theirs = engine.move(other_move(board, played)[0])
    written_elsewhere(game, GAME_KEY, theirs["save"])
    game.wait_for("the other tab's game", lambda d: d["board"] == positions.board_attr(
        tuple(tuple(row) for row in theirs["state"]["board"])))
    game.poll("the notice", lambda: "your last move here is gone" in game.notice()[1])
    # The other tab goes on from that game: followed without a word of loss.
    game.page.evaluate("() => { document.getElementById('notice').textContent = ''; }")
    more = engine.move(rules.legal_directions(engine.session.position.board)[0])
    written_elsewhere(game, GAME_KEY, more["save"])
    game.wait_for("the other tab's next move", lambda d: d["moves"] == str(more["state"]["moves"]))
    assert "gone" not in game.notice()[1]
