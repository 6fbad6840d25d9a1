"""The daily board in the page: the same tiles for everyone today, no undo, a result
shared as a link whose code any fresh copy of the game replays and verifies (or
refuses with its precise reason), and recorded games watched on the board.

Two browser contexts share nothing (storage, engine, random source), so they stand
for two players on two machines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import Dataset, GamePage

DESKTOP = {"width": 1000, "height": 800}
# Keys that end a game soon: mostly left and right, which merge little once the rows
# are full (every direction is still tried). Over 200 games played by the rules in
# CPython: 93 moves to the end (median; at most 249), against 144 (at most 407) for the
# cycle these tests pressed before; a review's time grows with the moves.
CYCLE = ("ArrowLeft", "ArrowRight", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


def open_daily(game: GamePage) -> Dataset:
    """Load the page (normal game), then switch to the daily board."""
    game.start()
    game.click("#daily")
    data = game.wait_for("the daily board", lambda d: d.get("mode") == "daily" and d["moves"] == "0"
                         and d["status"] == "playing")
    assert game.evaluate("() => document.getElementById('daily').getAttribute('aria-pressed')") == "true"
    return data


def press_counted(game: GamePage, keys: list[str]) -> Dataset:
    before = int(game.state()["inputs"])
    game.press(*keys)
    return game.wait_inputs(before + len(keys))


def play_to_the_end(game: GamePage) -> Dataset:
    """Keys in a fixed cycle (every direction is tried) until no move is left."""
    data = game.state()
    for _ in range(200):
        if data["status"] == "over":
            return data
        data = press_counted(game, list(CYCLE) * 4)
    raise AssertionError(f"the game did not end: {data}")


def text_of(game: GamePage, element_id: str) -> str:
    return str(game.evaluate(f"() => document.getElementById('{element_id}').textContent"))


def share_link(game: GamePage) -> str:
    game.page.locator("#over-dialog").get_by_role("button", name="Share").click()
    game.poll("the copied notice", lambda: game.notice()[0] and "clipboard" in game.notice()[1])
    copied = str(game.evaluate("() => navigator.clipboard.readText()"))
    found = re.search(r"(http://\S+#replay=(\S+))", copied)
    assert found, copied
    assert found.group(2) in copied and "daily board" in copied.split("\n")[0]
    return found.group(1)


def shows(game: GamePage, words: str) -> Callable[[], bool]:
    """A check that the Check dialog's verdict holds these words."""
    return lambda: words in text_of(game, "replay-verdict")


def verdict(game: GamePage, expected: str) -> str:
    data = game.wait_for(f"data-replay={expected}", lambda d: d.get("replay") == expected,
                         timeout=30.0)
    assert data["replay"] == expected and game.dialog_open("replay")
    return text_of(game, "replay-verdict")


def test_two_players_get_the_same_start_tiles_and_the_same_spawns_for_the_same_moves(
        open_game: OpenGame) -> None:
    one, two = open_game(viewport=DESKTOP), open_game(viewport=DESKTOP)
    first, second = open_daily(one), open_daily(two)
    assert first["board"] == second["board"]
    keys = ["ArrowLeft", "ArrowDown", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"] * 3
    for key in keys:
        a, b = press_counted(one, [key]), press_counted(two, [key])
        assert (a["board"], a["score"], a["moves"]) == (b["board"], b["score"], b["moves"])
    assert int(a["moves"]) > 5
    # and the normal game is another board, with random tiles: the daily one left it alone
    one.click("#daily")
    back = one.wait_for("the normal game", lambda d: d.get("mode") == "classic")
    assert back["moves"] == "0" and one.evaluate("() => localStorage.getItem('py2048:daily')")


def test_undo_is_unavailable_on_the_daily_board(game: GamePage) -> None:
    open_daily(game)
    data = press_counted(game, ["ArrowLeft", "ArrowDown", "ArrowRight"])
    assert int(data["moves"]) >= 1
    assert game.page.locator("#undo").is_disabled()
    after = press_counted(game, ["u"])
    assert (after["board"], after["moves"]) == (data["board"], data["moves"])
    assert game.page.locator("#hint").is_disabled() and game.page.locator("#autoplay").is_disabled()


def test_a_shared_daily_result_verifies_in_a_fresh_context_and_an_altered_one_is_refused(
        open_game: OpenGame) -> None:
    player = open_game(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    player.prepare_storage({positions.SETTINGS_KEY: positions.settings_text(name="Jo\u00e3o B.")})
    open_daily(player)
    end = play_to_the_end(player)
    player.poll("the game-over dialog", lambda: player.dialog_open("over"))
    assert "result" in text_of(player, "over-text")
    link = share_link(player)
    board, score, moves = end["board"], int(end["score"]), int(end["moves"])
    best_tile = max(max(row) for row in positions.parse_board(board))

    assert "?" not in link  # the page itself: its options (?engine=…) are not shared
    assert link.endswith("&name=Jo%C3%A3o%20B."), "the player's name travels after the code"
    code = link.split("#replay=")[1].split("&")[0]
    friend = open_game(viewport=DESKTOP)
    friend.page.goto(friend.address() + "#replay=" + link.split("#replay=")[1])
    friend.wait_ready()
    said = verdict(friend, "verified")
    assert said.startswith("Verified") and f"score {score:,}" in said
    assert "Shared as Jo\u00e3o B.: the name is the sender's own claim" in said
    assert f"best tile {best_tile}" in said and f"{moves:,} moves" in said
    assert friend.state()["mode"] == "classic"  # nothing was stored or switched
    assert friend.evaluate("() => localStorage.getItem('py2048:daily')") is None

    # Watch it: the replay ends on the player's very board.
    friend.click("#watch-verified")
    friend.wait_for("the replay", lambda d: d.get("watch") == "playing")
    friend.page.select_option("#watch-speed", "20")
    watched = friend.wait_for("the replay's end", lambda d: d.get("watch") == "end", timeout=60.0)
    assert (watched["board"], watched["score"], watched["moves"]) == (board, str(score), str(moves))
    friend.click("#watch-close")
    resumed = friend.wait_for("the game in play", lambda d: "watch" not in d and d["moves"] == "0")
    assert resumed["mode"] == "classic"

    # One character altered: refused, with its reason, in another fresh context.
    i = len(code) // 2
    altered = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
    doubter = open_game(viewport=DESKTOP)
    doubter.page.goto(doubter.address() + "#replay=" + altered)
    doubter.wait_ready()
    said = verdict(doubter, "rejected")
    assert said.startswith("Not verified") and "changed or lost" in said
    assert doubter.page.locator("#watch-verified").is_hidden()

    # Pasted into the Check dialog, the good code verifies there too.
    doubter.page.fill("#replay-code", f"Look: {link}\nbeat that!")
    doubter.page.locator("#replay-dialog").get_by_role("button", name="Check").click()
    assert verdict(doubter, "verified").startswith("Verified")


def test_later_tries_are_practice_and_the_day_is_resumed_after_a_reload(game: GamePage) -> None:
    open_daily(game)
    play_to_the_end(game)
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.locator("#over-dialog").get_by_role("button", name="New game").click()
    data = game.wait_for("a practice try", lambda d: d["moves"] == "0" and d["status"] == "playing")
    assert data["mode"] == "daily" and "practice" in text_of(game, "size-label")
    moved = press_counted(game, ["ArrowLeft", "ArrowDown", "ArrowRight"])
    game.page.reload()
    again = game.wait_ready()
    assert again["mode"] == "daily" and again["board"] == moved["board"]
    assert again["moves"] == moved["moves"]
    stored = json.loads(game.evaluate("() => localStorage.getItem('py2048:daily')"))
    assert stored["daily"] and stored["practice"] is True
    # The day's result is in Statistics, and watched from its row.
    game.click("#stats")
    row = game.page.locator("#daily-rows tr").first
    row.get_by_role("button", name="Watch the daily board").click()
    game.wait_for("the result's replay", lambda d: d.get("watch") in ("playing", "end"))
    assert not game.dialog_open("stats") and game.page.locator("#watch-bar").is_visible()
    game.click("#watch-close")
    back = game.wait_for("the practice game", lambda d: "watch" not in d)
    assert (back["board"], back["mode"]) == (moved["board"], "daily")


def test_a_finished_normal_game_can_be_watched_from_the_game_over_dialog(game: GamePage) -> None:
    game.start()
    data = press_counted(game, ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"] * 3)
    moves = int(data["moves"])
    game.press("n")  # a new game over one in progress asks first; the test wants this one
    game.poll("the confirm dialog", lambda: game.dialog_open("confirm"))
    game.page.locator("#confirm-dialog").get_by_role("button", name="Cancel").click()
    # Watch the game in play from its record: the replay ends where it stands.
    data = play_to_the_end(game)
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    assert int(data["moves"]) >= moves
    game.page.locator("#over-dialog").get_by_role("button", name="Watch").click()
    game.wait_for("the replay", lambda d: d.get("watch") in ("playing", "end"))
    assert game.page.locator("#watch-bar").is_visible() and not game.page.locator("#new-game").is_visible()
    assert game.evaluate("() => document.activeElement.id") == "watch-play"  # focus went with the bar
    game.page.select_option("#watch-speed", "20")
    watched = game.wait_for("the replay's end", lambda d: d.get("watch") == "end", timeout=60.0)
    assert (watched["board"], watched["moves"]) == (data["board"], data["moves"])
    # Step and play again are there; a move key meanwhile moves nothing.
    inputs = int(watched["inputs"])
    game.press("ArrowLeft")
    after = game.wait_inputs(inputs + 1)
    assert after["board"] == watched["board"]
    game.page.focus("#watch-close")
    game.press("Enter")
    back = game.wait_for("the game in play", lambda d: "watch" not in d)
    assert (back["board"], back["status"]) == (data["board"], "over")
    assert game.evaluate("() => document.activeElement.id") == "board"


def test_a_hostile_megabyte_fragment_is_refused_and_the_game_plays_on(game: GamePage) -> None:
    game.page.goto(game.address() + "#replay=" + "A" * 1_000_000)
    game.wait_ready()
    said = verdict(game, "rejected")
    assert "longer than any real game" in said
    # Pasted: a word, then a megabyte (the field keeps its maxlength of it; each "é"
    # crosses into the page's Python as six characters).
    check = game.page.locator("#replay-dialog").get_by_role("button", name="Check")
    game.page.fill("#replay-code", "hello")
    check.click()
    game.poll("the pasted word's verdict", shows(game, "shape of a result code"))
    game.page.fill("#replay-code", "é" * 1_000_000)
    check.click()
    game.poll("the pasted megabyte's verdict", shows(game, "longer than any real game"))
    game.page.fill("#replay-code", "")
    game.page.keyboard.press("Escape")
    assert not game.dialog_open("replay")
    assert game.evaluate("() => document.activeElement.id") == "board"  # focus back on the game
    data = press_counted(game, ["ArrowLeft", "ArrowDown", "ArrowRight", "ArrowUp"])
    assert data["status"] in ("playing", "over")
    for fragment, reason in (("#replay=<img src=x onerror=alert(1)>", "character 1 cannot"),
                             ("#replay=1.2026-11-31.4.0~.AAAA", "not a real day")):
        game.page.goto(game.address() + fragment)  # the same page: only the fragment changes
        game.poll(reason, shows(game, reason))
        assert game.state()["replay"] == "rejected"
        assert "<img" not in game.evaluate("() => document.getElementById('replay-dialog').innerHTML")
