"""A game's course: resume after reload, undo, the win, the loss, starting over."""

from __future__ import annotations

from game import rules
from tests.e2e import positions
from tests.e2e.gamepage import Dataset, GamePage
from tests.e2e.positions import KEYS_BOARD, OVER_BOARD, WIN_BOARD


def test_undo_button_restores_the_move_and_reload_resumes_exactly(game: GamePage) -> None:
    start = game.set_board(KEYS_BOARD)  # best = the saved score
    game.start()
    game.press("ArrowLeft")  # merges: 2+2 and 256+256
    game.wait_inputs(1)
    moved = game.game_state()
    assert moved in positions.outcomes(start, ["left"]) and moved[1] > start[1]
    assert game.state()["best"] == str(moved[1])
    game.click("#undo")
    data = game.wait_inputs(2)
    assert game.game_state() == start
    assert data["best"] == str(moved[1]), "undo lowered the best score"
    game.press("ArrowLeft")
    before = game.wait_inputs(3)

    game.page.reload()
    after = game.wait_ready()
    for name in ("board", "score", "moves", "best", "won", "size", "status"):
        assert after[name] == before[name], f"{name} after reload: {after[name]} != {before[name]}"
    assert after["inputs"] == "0"
    assert game.tiles() == sorted(
        (r, c, str(v)) for r, row in enumerate(positions.parse_board(after["board"]))
        for c, v in enumerate(row) if v)
    game.press("u")  # the undo history came back too
    game.wait_inputs(1)
    assert game.game_state() == start


def test_win_dialog_then_keep_playing_goes_on_with_won_kept(game: GamePage) -> None:
    start = game.set_board(WIN_BOARD)
    game.start()
    assert not game.dialog_open("win")
    game.press("ArrowLeft")
    data = game.wait_inputs(1)
    assert data["status"] == "won" and data["won"] == "true"
    assert game.game_state() in positions.outcomes(start, ["left"])
    assert game.dialog_open("win")
    assert game.page.locator("#win-dialog").is_visible()
    game.page.get_by_role("button", name="Keep playing").click()
    data = game.wait_status("playing")
    assert data["won"] == "true"
    assert not game.dialog_open("win")
    game.press("ArrowRight")  # 2048 sits at the left wall: this moves
    data = game.wait_inputs(2)
    assert (data["status"], data["won"], data["moves"]) == ("playing", "true", str(start[2] + 2))
    assert not game.dialog_open("win")


def test_game_over_dialog_and_its_undo_make_the_game_playable_again(game: GamePage) -> None:
    start = game.set_board(OVER_BOARD)
    game.start()
    game.press("ArrowLeft")
    data = game.wait_inputs(1)
    assert data["status"] == "over"
    assert game.game_state() in positions.outcomes(start, ["left"])
    assert game.dialog_open("over") and game.page.locator("#over-dialog").is_visible()
    game.page.locator("#over-dialog").get_by_role("button", name="Undo").click()
    data = game.wait_inputs(2)
    assert data["status"] == "playing" and game.game_state() == start
    assert not game.dialog_open("over")
    game.press("ArrowRight")
    data = game.wait_inputs(3)
    assert data["moves"] == str(start[2] + 1)


def test_new_game_asks_first_cancel_keeps_the_game_confirm_starts_fresh(game: GamePage) -> None:
    start = game.set_board(KEYS_BOARD, best=40_000)
    game.start()
    game.press("n")
    game.poll("the new-game question", lambda: game.dialog_open("confirm"))
    game.press("ArrowLeft")  # the question is in front: the key is handled, nothing moves
    game.wait_inputs(1)
    assert game.game_state() == start
    game.page.locator("#confirm-dialog").get_by_role("button", name="Cancel").click()
    game.poll("the question to close", lambda: not game.dialog_open("confirm"))
    assert game.game_state() == start

    game.press("Shift+KeyN")
    game.poll("the new-game question again", lambda: game.dialog_open("confirm"))
    game.click("#confirm-dialog [data-action=confirm-new]")
    data = game.wait_for("a fresh game", lambda data: data["moves"] == "0")
    board = positions.parse_board(data["board"])
    assert positions.tile_count(board) == 2 and data["score"] == "0"
    assert data["best"] == "40000" and data["status"] == "playing"
    assert all(v in (0, 2, 4) for row in board for v in row)
    assert len(game.tiles()) == 2
    assert not game.dialog_open("confirm")


def test_best_from_another_tab_is_taken_and_never_lowered(game: GamePage) -> None:
    game.set_board(KEYS_BOARD)
    data = game.start()
    mine = int(data["best"])

    def other_tab_stores(best: int) -> None:
        text = positions.best_text(best)
        game.page.evaluate(
            "([key, value]) => { localStorage.setItem(key, value);"
            " window.dispatchEvent(new StorageEvent('storage', {key, newValue: value})); }",
            [positions.BEST_KEY, text])

    other_tab_stores(mine + 1000)
    game.wait_for("the other tab's best", lambda d: d["best"] == str(mine + 1000))
    other_tab_stores(4)  # lower: kept as it was, and written back
    game.press("ArrowLeft")
    game.wait_inputs(1)
    assert game.state()["best"] == str(mine + 1000)
    stored = game.evaluate(f"() => localStorage.getItem({positions.BEST_KEY!r})")
    assert f'"4":{mine + 1000}' in stored


# Every write of the game document, with its clock and whether the page was hidden then:
# the test finds the hide's own write, not any later one that happens to be larger.
_RECORD_CLOCKS = """
window.__clocks = [];
const set = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (key === KEY) {
    try { window.__clocks.push([JSON.parse(value).clock_ms, document.visibilityState]); }
    catch (error) { window.__clocks.push([String(error), document.visibilityState]); }
  }
  return set.call(this, key, value);
};
"""


def test_clock_pauses_and_is_stored_when_the_page_is_hidden(game: GamePage) -> None:
    game.set_board(KEYS_BOARD)  # a game in progress: its clock runs while visible
    game.page.add_init_script(_RECORD_CLOCKS.replace("KEY", repr(positions.GAME_KEY)))
    game.start()
    game.press("ArrowLeft")
    game.wait_inputs(1)
    read_clock = f"() => JSON.parse(localStorage.getItem({positions.GAME_KEY!r})).clock_ms"
    at_move = int(game.evaluate(read_clock))
    game.page.wait_for_timeout(300)  # let the clock run for a moment: this is the time measured
    game.evaluate("() => { Object.defineProperty(document, 'visibilityState',"
                  " {value: 'hidden', configurable: true});"
                  " document.dispatchEvent(new Event('visibilitychange')); }")

    def hidden_writes() -> list[int]:
        writes = game.evaluate("() => window.__clocks")
        return [int(clock) for clock, visibility in writes
                if visibility == "hidden" and clock >= at_move + 300]

    game.poll("the clock stored on hide", lambda: bool(hidden_writes()))
    game.page.wait_for_timeout(300)  # hidden: the clock must not run on meanwhile
    # The hide's write is the last one by now: the engine's answer to the move before may
    # also land after the hide (its clock is the move's).
    stored = hidden_writes()[-1]
    game.press("ArrowRight")  # a move saves the clock as it stands
    game.wait_inputs(2)
    writes = game.evaluate("() => window.__clocks")
    assert int(game.evaluate(read_clock)) == stored, f"writes (clock, visibility): {writes}"


# The engine calls the page posts to its worker once `window.__left` is set (by the
# page's pagehide, which comes before the hide of a page being left), kept in
# sessionStorage so that the page after a reload can read what the one before did.
_RECORD_CALLS_WHILE_LEAVING = """
addEventListener('pagehide', () => { window.__left = true; });
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message) {
  if (window.__left && message && message.call) {
    sessionStorage.setItem('calls-while-leaving',
                           (sessionStorage.getItem('calls-while-leaving') || '') + message.call + ' ');
  }
  return post.apply(this, arguments);
};
"""


def test_a_page_being_left_asks_its_engine_nothing(game: GamePage) -> None:
    """A hide stores the clock by asking the engine (above). A page being left (a reload,
    another address: its pagehide comes first) could never read the answer, and asking
    made the engine's Python run as its worker was dropped, which had V8 compile the
    hot part of Pyodide's WebAssembly on a background thread: 160 ms of CPU during the
    next page's start with a phone's CPU (docs/performance.md)."""
    game.set_board(KEYS_BOARD)
    game.page.add_init_script(_RECORD_CALLS_WHILE_LEAVING)
    game.start()
    game.press("ArrowLeft")
    game.wait_inputs(1)
    # The recorder sees a hide's call: a hide with no pagehide before it (another tab
    # chosen) still asks the engine to store the clock.
    calls = "() => sessionStorage.getItem('calls-while-leaving')"
    game.evaluate("() => { window.__left = true; Object.defineProperty(document, 'visibilityState',"
                  " {value: 'hidden', configurable: true});"
                  " document.dispatchEvent(new Event('visibilitychange')); }")
    game.poll("the hide's call to the engine", lambda: "set_clock" in str(game.evaluate(calls)))
    game.evaluate("() => { window.__left = false; sessionStorage.removeItem('calls-while-leaving');"
                  " delete document.visibilityState;"  # the browser's own again
                  " document.dispatchEvent(new Event('visibilitychange')); }")
    game.page.reload()
    game.wait_ready()
    assert game.evaluate(calls) is None


def test_a_key_moves_the_board_within_its_own_event_from_the_engines_lookahead(
        game: GamePage) -> None:
    """Once the engine has answered, it has also answered the next move in every direction:
    the board changes while the key's event is being dispatched, with no round trip to
    the worker (and the engine then takes that very move: a reload shows it)."""
    start = game.set_board(KEYS_BOARD)
    game.start()
    # A key whose target is the document itself (no tag name) must not break the handler
    # (an uncaught error fails the test).
    game.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'q', bubbles: true}))")
    changed_during_dispatch = game.evaluate("""(() => {
        const game = document.getElementById('game');
        const before = game.dataset.board;
        document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true}));
        return game.dataset.board !== before;
    })()""")
    assert changed_during_dispatch, "the board waited for the worker"
    moved = game.wait_inputs(1)
    assert game.game_state() in positions.outcomes(start, ["left"])
    direction = rules.legal_directions(positions.parse_board(moved["board"]))[0]
    game.press(DIRECTION_KEYS[direction])  # waits for the engine's answer and its lookahead
    after = game.wait_inputs(2)
    assert game.game_state() in positions.after_move([game_state_of(moved)], direction)
    game.page.reload()
    resumed = game.wait_ready()
    assert (resumed["board"], resumed["moves"]) == (after["board"], after["moves"])


DIRECTION_KEYS = {"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}


def game_state_of(data: Dataset) -> positions.State:
    return (positions.parse_board(data["board"]), int(data["score"]), int(data["moves"]))
