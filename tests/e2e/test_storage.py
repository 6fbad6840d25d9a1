"""Saved data is never trusted: bad entries give a fresh game and a notice; no storage still plays."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from game import chance, rules, saves
from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import GamePage
from tests.e2e.positions import BEST_KEY, GAME_KEY, KEYS_BOARD
from tests.e2e.test_before_engine import engine_held
from tests.e2e.test_clock import moves_made

IMG = "<img src=x onerror=\"document.title='pwned'\">"
VALID_BEST = 1232


def changed(change: Callable[[dict[str, Any]], None]) -> str:
    document = positions.game_document(KEYS_BOARD)
    change(document)
    return json.dumps(document)


def wrong_types(d: dict[str, Any]) -> None:
    d["board"] = [[str(v) for v in row] for row in d["board"]]
    d["score"] = str(d["score"])
    d["won"] = "no"


def impossible_score(d: dict[str, Any]) -> None:
    d["score"] += 4


def huge_values(d: dict[str, Any]) -> None:
    d["board"][0][0] = 1 << 40
    d["board"][3][3] = 10**30
    d["score"] = 10**30
    d["moves"] = 10**25
    d["clock_ms"] = 10**40


def html_values(d: dict[str, Any]) -> None:
    d["board"][0][0] = IMG
    d["board"][1] = [IMG] * 4
    d["size"] = IMG
    d["format"] = IMG


# name: (game entry, best entry, best the page must show)
CORRUPTED: dict[str, tuple[str, str, int]] = {
    "garbage-json": ('{"format":"py2048-game","version":1,"board":[[2,2', positions.best_text(VALID_BEST),
                     VALID_BEST),
    "wrong-types": (changed(wrong_types), positions.best_text(VALID_BEST), VALID_BEST),
    "impossible-score": (changed(impossible_score), positions.best_text(VALID_BEST), VALID_BEST),
    "huge-values": (changed(huge_values), positions.best_text(VALID_BEST), VALID_BEST),
    "html-in-values": (changed(html_values),
                       json.dumps({"format": "py2048-best", "version": 1, "best": {"4": IMG}}), 0),
}


@pytest.mark.parametrize("case", list(CORRUPTED))
def test_corrupted_storage_gives_a_fresh_game_a_notice_and_keeps_a_valid_best(
        game: GamePage, case: str) -> None:
    game_entry, best_entry, best = CORRUPTED[case]
    with pytest.raises(saves.SaveError):  # the premise: the engine rejects the game entry
        saves.load_game(game_entry, chance.secrets_source)
    # the best entry is valid, or set aside on its own (game/saves.py read_best)
    assert saves.load_best(best_entry).get(4, 0) == best
    game.prepare_storage({GAME_KEY: game_entry, BEST_KEY: best_entry})
    data = game.start()

    assert data["status"] == "playing"
    assert (data["moves"], data["score"], data["best"]) == ("0", "0", str(best))
    board = positions.parse_board(data["board"])
    assert positions.tile_count(board) == 2 and len(game.tiles()) == 2
    shown, text = game.notice()
    assert shown and text.strip(), "no visible notice about the saved game"
    assert "<" not in text
    assert game.evaluate("() => document.querySelectorAll('img, [onerror]').length") == 0
    assert game.evaluate("() => document.title") != "pwned"
    assert not [url for url in game.requests if url.endswith("/x")], "the HTML was rendered"
    assert all(tile.isdigit() for _, _, tile in game.tiles())

    stored: dict[str, str | None] = game.evaluate(
        f"() => ({{game: localStorage.getItem('{GAME_KEY}'), best: localStorage.getItem('{BEST_KEY}')}})")
    assert stored["game"] is not None, "the fresh game was not saved over the bad one"
    fresh = saves.load_game(stored["game"], chance.secrets_source)
    assert fresh.position.moves == 0 and fresh.position.board == board
    if best:
        assert stored["best"] is not None and saves.load_best(stored["best"])[4] == best

    game.press({"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp",
                "down": "ArrowDown"}[rules.legal_directions(board)[0]])
    assert game.wait_inputs(1)["moves"] == "1", "the fresh game does not play"


NO_STORAGE = {
    "getter-throws": "Object.defineProperty(window, 'localStorage', {configurable: true,"
                     " get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});",
    "setitem-throws": "Storage.prototype.setItem = function () {"
                      " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };",
}


@pytest.mark.parametrize("case", list(NO_STORAGE))
def test_unavailable_storage_still_plays_and_says_progress_is_not_kept(
        open_game: OpenGame, case: str) -> None:
    game = open_game()
    game.page.add_init_script(NO_STORAGE[case])
    data = game.start()
    assert data["status"] == "playing" and data["moves"] == "0"
    board = positions.parse_board(data["board"])
    assert positions.tile_count(board) == 2
    shown, text = game.notice()
    assert shown, "no notice that progress will not be kept"
    assert "progress" in text.lower() and ("not" in text.lower() or "n't" in text.lower()), text
    for n in range(1, 4):
        board = positions.parse_board(game.state()["board"])
        game.press({"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp",
                    "down": "ArrowDown"}[rules.legal_directions(board)[0]])
        assert game.wait_inputs(n)["moves"] == str(n)
    # Switching board sizes and back still finds the game (kept in memory).
    played = game.state()
    game.choose_setting("size", "6")
    game.wait_for("a 6×6 game", lambda d: d["size"] == "6" and d["status"] == "playing")
    game.choose_setting("size", "4")
    back = game.wait_for("the 4×4 game", lambda d: d["size"] == "4")
    assert (back["board"], back["score"], back["moves"]) == (played["board"], played["score"], "3")


REJECTED_KEY = "py2048:rejected-game"


def stored(game: GamePage, key: str) -> str | None:
    found: str | None = game.evaluate(f"() => localStorage.getItem({json.dumps(key)})")
    return found


def test_one_bad_best_entry_is_set_aside_alone_and_the_game_resumes(game: GamePage) -> None:
    """A best-score document with one impossible entry (a 5×5 best of 3, a negative
    6×6 one) beside a valid game and a valid 4×4 best: the game resumes, the 4×4 best
    is kept (and stays stored), only the bad sizes are named in the notice, and the
    valid game is not copied aside as rejected."""
    start = positions.state_of(KEYS_BOARD)
    best = start[1] + 4000  # a valid best above this game's score
    best_doc = json.dumps({"format": "py2048-best", "version": 1, "best": {"4": best, "5": 3, "6": -8}})
    game.prepare_storage({GAME_KEY: positions.game_text(KEYS_BOARD), BEST_KEY: best_doc})
    data = game.start()
    assert game.game_state() == start, "the valid game did not resume"
    assert data["best"] == str(best)
    shown, text = game.notice()
    assert shown and "5×5 and 6×6" in text and "new game" not in text, text
    assert stored(game, REJECTED_KEY) is None, "a valid game was set aside"
    on_disk = stored(game, BEST_KEY)
    assert on_disk is not None and saves.load_best(on_disk) == {4: best, 5: 0, 6: 0}


def test_the_engine_judges_exactly_the_stored_text(game: GamePage) -> None:
    """A valid save followed by a NUL and junk is not a valid save: the page hands the
    engine every stored character (MicroPython's bridge alone would cut at the NUL),
    so it is set aside, verbatim, and a new game starts."""
    bad = positions.game_text(KEYS_BOARD) + "\u0000<junk>"
    game.prepare_storage({GAME_KEY: bad, BEST_KEY: positions.best_text(VALID_BEST)})
    data = game.start()
    assert data["moves"] == "0" and positions.tile_count(positions.parse_board(data["board"])) == 2
    assert stored(game, REJECTED_KEY) == bad, "the rejected save was not kept verbatim"
    shown, text = game.notice()
    assert shown and "new game" in text, text


def test_a_huge_rejected_save_is_not_kept(game: GamePage) -> None:
    """A rejected save is kept for diagnosis only up to a cap (one at most): a 2.6
    million character one is dropped, and an older set-aside copy with it."""
    huge = positions.game_text(KEYS_BOARD)[:-1] + ',"pad":"' + "x" * 2_600_000 + '"}'
    game.prepare_storage({GAME_KEY: huge, REJECTED_KEY: "an older rejected save"})
    data = game.start()
    assert data["moves"] == "0"
    assert stored(game, REJECTED_KEY) is None
    on_disk = stored(game, GAME_KEY)
    assert on_disk is not None and len(on_disk) < 10_000, "the huge save is still stored"


def test_the_write_checks_compare_the_stored_text_as_a_read_would_bring_it(game: GamePage) -> None:
    """Before each write a tab asks whether another tab stored something since
    (game/ui/shared_saves.py). The comparison runs beside storage (assets/boot.js), so a stored
    game never crosses into MicroPython for it; it must answer as comparing the read
    texts did: an item is judged as read brings it (cut past the cap, NUL included),
    a missing one never differs, and an unknown text differs from any stored one."""
    game.start()
    found = game.evaluate("""(() => {
        const s = window.py2048Storage, k = "py2048:probe-compare";
        const out = {};
        localStorage.removeItem(k);
        out.missing = [s.holds(k, "a", 5), s.differs(k, "a", 5), s.differs(k, null, 5)];
        localStorage.setItem(k, "ab\\u0000c");
        out.same = [s.holds(k, "ab\\u0000c", 5), s.differs(k, "ab\\u0000c", 5)];
        out.cut_at_nul = [s.holds(k, "ab", 5), s.differs(k, "ab", 5)];
        out.unknown = s.differs(k, null, 5);
        localStorage.setItem(k, "0123456789");
        out.long = [s.holds(k, "012345", 5), s.differs(k, "012345", 5), s.holds(k, "0123456789", 5)];
        localStorage.removeItem(k);
        return out;
    })()""")
    assert found == {"missing": [False, False, False], "same": [True, False],
                     "cut_at_nul": [False, True], "unknown": True,
                     "long": [True, False, False]}, found


_FILL = """(leave) => {
    // Storage filled to within `leave` characters: chunks ever smaller until none fits.
    // (Down to one character: with 16 as the smallest, up to 27 were left free, room
    // enough for one more move's step, which a full run once stored.)
    let i = 0;
    for (const chunk of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 1 << 4, 1]) {
        for (;;) {
            try { localStorage.setItem("e2e-fill-" + i, "x".repeat(chunk)); i += 1; }
            catch (error) { break; }
        }
    }
    let freed = 0;
    for (let j = i - 1; j >= 0 && freed < leave; j -= 1) {
        const value = localStorage.getItem("e2e-fill-" + j);
        freed += value.length + ("e2e-fill-" + j).length;
        localStorage.removeItem("e2e-fill-" + j);
    }
    return i;
}"""

_EMPTY = """() => {
    for (const key of Object.keys(localStorage)) {
        if (key.startsWith("e2e-fill-")) localStorage.removeItem(key);
    }
}"""


def test_full_storage_never_keeps_a_counted_game_without_its_count(game: GamePage) -> None:
    """Storage nearly full (a few hundred characters left): the move that ends the game
    is shown and stored, but its statistics cannot be written, so the game is not
    stored as counted; the notice says storage is full. With room again, a reload
    resumes the ended game and counts it then, once."""
    game.set_board(positions.OVER_BOARD)
    game.start()
    before = stored(game, GAME_KEY)
    assert game.evaluate(f"({_FILL})(300)") > 0
    game.press("ArrowLeft")
    over = game.wait_status("over")
    game.poll("the notice", lambda: "Storage is full" in game.notice()[1])
    shown, text = game.notice()
    assert shown and "progress since" in text, text
    on_disk = json.loads(stored(game, GAME_KEY) or "{}")
    assert on_disk.get("counted") is False and on_disk["moves"] == int(over["moves"]), (before, on_disk)
    assert stored(game, "py2048:stats") is None
    game.evaluate(f"({_EMPTY})()")
    game.page.reload()
    again = game.wait_ready()
    assert again["board"] == over["board"] and again["status"] == "over"
    game.poll("the statistics", lambda: stored(game, "py2048:stats") is not None)
    counted = json.loads(stored(game, "py2048:stats") or "{}")
    assert counted["sizes"]["4"]["played"] == 1, counted
    assert json.loads(stored(game, GAME_KEY) or "{}")["counted"] is True
    assert not game.page_errors, game.page_errors
    game.page.reload()
    game.wait_ready()
    assert json.loads(stored(game, "py2048:stats") or "{}")["sizes"]["4"]["played"] == 1, "counted twice"


_REFUSE_COUNTED_GAME_ONCE = """
(() => {
  // The first write of a counted game document in this tab is refused, as a full
  // storage refuses it; every other write (and every later one) goes through.
  const write = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === "py2048:game" && String(value).includes('"counted":true')
        && !sessionStorage.getItem("e2e-refused")) {
      sessionStorage.setItem("e2e-refused", "1");
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return write.call(this, key, value);
  };
})();
"""


def test_a_game_whose_counted_document_was_refused_is_counted_once(game: GamePage) -> None:
    """The move that ends the game is stored (the lookahead's candidate, not counted
    yet); the engine counts it, its statistics are written, but the write of the
    counted game is refused once. The player is told storage is full; a plain reload
    resumes the ended game, which the statistics already hold: played 1, the score once
    in the top 10 and the last scores, the moves once in the total."""
    game.set_board(positions.OVER_BOARD)
    game.page.add_init_script(_REFUSE_COUNTED_GAME_ONCE)
    game.start()
    game.press("ArrowLeft")
    over = game.wait_status("over")
    game.poll("the notice", lambda: "Storage is full" in game.notice()[1])
    counted = json.loads(stored(game, "py2048:stats") or "{}")["sizes"]["4"]
    assert counted["played"] == 1, counted
    on_disk = json.loads(stored(game, GAME_KEY) or "{}")
    assert on_disk["counted"] is False, "the refused write left it so"
    assert on_disk["moves"] == int(over["moves"])
    game.page.reload()
    again = game.wait_ready()
    assert (again["board"], again["status"]) == (over["board"], "over")
    game.poll("the counted game stored",
              lambda: json.loads(stored(game, GAME_KEY) or "{}").get("counted") is True)
    after = json.loads(stored(game, "py2048:stats") or "{}")["sizes"]["4"]
    assert after["played"] == 1 and [t["score"] for t in after["top"]] == [int(over["score"])], after
    assert after["recent"] == [int(over["score"])] and after["total_moves"] == int(over["moves"]), after
    assert after["games"] == [on_disk["game"]]


SHOWN = ("board", "score", "moves")


def test_storage_full_while_the_page_plays_before_the_engine(game: GamePage) -> None:
    """Storage fills up while the page plays by itself (the engine held back): the moves
    go on, the notice says since when progress is not saved, and the engine, when it
    comes, takes over every move on screen (the steps in the page's memory, not the
    fewer ones storage kept): the board does not move at the hand-over. A reload then
    brings back what storage kept: the board from before it filled up."""
    with engine_held(game) as held:
        game.goto()
        game.wait_playable()
        on_disk = moves_made(game, 3)
        assert game.evaluate(f"({_FILL})(0)") > 0
        shown = moves_made(game, 7)
        game.poll("the notice", lambda: "Storage is full" in game.notice()[1])
        assert "progress since" in game.notice()[1]
        assert shown["engine"] == "starting"
        held.release()
        taken = game.wait_ready()
        assert [taken[k] for k in SHOWN] == [shown[k] for k in SHOWN]
        assert "could not be kept" not in game.notice()[1]
        game.page.reload()
        again = game.wait_ready()
    assert [again[k] for k in SHOWN] == [on_disk[k] for k in SHOWN]
    game.evaluate(f"({_EMPTY})()")
