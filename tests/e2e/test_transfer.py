"""Export then Import carries everything to a fresh browser; a bad file changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import GamePage
from tests.e2e.test_tabs import another_tab, play

KEYS = ("py2048:game", "py2048:game-5", "py2048:game-6", "py2048:best", "py2048:stats",
        "py2048:settings")


def storage(game: GamePage) -> dict[str, Any]:
    """Every document the game keeps, parsed (None when absent)."""
    texts: dict[str, str | None] = game.page.evaluate(
        "keys => Object.fromEntries(keys.map(k => [k, localStorage.getItem(k)]))", list(KEYS))
    return {key: json.loads(text) if text else None for key, text in texts.items()}


def export_file(game: GamePage, folder: Path) -> Path:
    game.click("#settings")
    with game.page.expect_download() as download:
        game.click("#export")
    target = folder / download.value.suggested_filename
    download.value.save_as(target)
    game.poll("the export notice", lambda: "Saved as" in game.notice()[1])
    return target


def import_file(game: GamePage, path: Path) -> None:
    """Choose `path` in Settings → Import (the file input behind the button)."""
    if not game.dialog_open("settings"):
        game.click("#settings")
    game.page.set_input_files("#import-file", str(path))


def test_export_then_import_in_a_fresh_browser_restores_everything(
        open_game: OpenGame, tmp_path: Path) -> None:
    first = open_game(viewport={"width": 1000, "height": 800})
    first.set_board(positions.OVER_BOARD)
    first.start()
    first.press("ArrowLeft")  # a finished game: counted in the statistics
    first.wait_inputs(1)
    first.page.locator("#over-dialog").get_by_role("button", name="New game").click()
    first.wait_for("a new game", lambda d: d["moves"] == "0")
    first.choose_setting("size", "5")
    first.wait_for("5×5", lambda d: d["size"] == "5" and d["status"] == "playing")
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight"):
        first.press(key)
    first.wait_inputs(4)
    first.choose_setting("theme", "dark")
    before = storage(first)
    assert before["py2048:stats"] and before["py2048:game-5"]
    path = export_file(first, tmp_path)
    exported = json.loads(path.read_text())
    assert exported["format"] == "py2048-export" and exported["games"]["5"] == before["py2048:game-5"]

    second = open_game(viewport={"width": 1000, "height": 800})
    second.start()
    import_file(second, path)
    second.poll("the import dialog", lambda: second.dialog_open("import"))
    listed = second.page.locator("#import-list li").all_text_contents()
    assert any(line.startswith("5×5 Large: score") for line in listed)
    second.page.locator("#import-dialog [data-action='confirm-import']").click()
    second.wait_for("the imported 5×5 game", lambda d: d["size"] == "5"
                    and d["board"] == first.state()["board"])
    after = storage(second)
    assert after == before
    assert second.evaluate("() => document.documentElement.dataset.theme") == "dark"
    second.page.locator("#settings-dialog").get_by_role("button", name="Done").click()
    second.click("#stats")
    second.page.select_option("#stats-size", "4")
    second.poll("the imported statistics",
                lambda: second.page.locator("#stat-played").text_content() == "1")


def test_a_game_of_the_size_on_screen_is_imported_shown_stored_and_kept_over_a_reload(
        open_game: OpenGame, tmp_path: Path) -> None:
    """The most common import: a 4×4 game with a few moves, into a browser showing a new
    4×4 game. Once confirmed, the imported game is on screen, in storage, and what a
    reload brings back; the notice says it was imported."""
    first = open_game(viewport={"width": 1000, "height": 800})
    first.set_board(positions.KEYS_BOARD)
    first.start()
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight"):
        first.press(key)
    moved = first.wait_inputs(3)
    assert int(moved["moves"]) >= 2
    path = export_file(first, tmp_path)
    exported = json.loads(path.read_text())["games"]["4"]

    second = open_game(viewport={"width": 1000, "height": 800})
    fresh = second.start()
    assert fresh["moves"] == "0" and fresh["size"] == "4"
    import_file(second, path)
    second.poll("the import dialog", lambda: second.dialog_open("import"))
    second.page.locator("#import-dialog [data-action='confirm-import']").click()
    shown = second.wait_for("the imported game on screen", lambda d: d["moves"] == moved["moves"])
    assert (shown["board"], shown["score"]) == (moved["board"], moved["score"])
    second.poll("the notice", lambda: "Imported" in second.notice()[1])
    assert storage(second)["py2048:game"] == exported
    second.page.reload()
    again = second.wait_ready()
    assert [again[k] for k in ("board", "moves", "score")] == [moved[k] for k in ("board", "moves", "score")]


def test_an_invalid_file_is_refused_with_a_reason_and_nothing_changes(
        game: GamePage, tmp_path: Path) -> None:
    game.set_board(positions.KEYS_BOARD)
    game.start()
    game.press("ArrowLeft")
    game.wait_inputs(1)
    path = export_file(game, tmp_path)
    # Taken after the export, which may store the game's clock as it stands (seen on a
    # busy machine): what the refused imports must leave as it is.
    before = storage(game)
    good = json.loads(path.read_text())
    hostile = [
        ("not json", "{nope"),
        ("edited score", json.dumps({**good, "games": {**good["games"], "4": {
            **good["games"]["4"], "score": good["games"]["4"]["score"] + 4}}})),
        ("game under another size", json.dumps({**good, "games": {
            "4": None, "5": good["games"]["4"], "6": None}})),
        ("html in settings", json.dumps({**good, "settings": {
            **good["settings"], "theme": "<img src=x onerror=alert(1)>"}})),
        ("another format", json.dumps({**good, "format": "other"})),
    ]
    for name, text in hostile:
        bad = tmp_path / f"{name}.json"
        bad.write_text(text)
        import_file(game, bad)
        game.poll(f"the refusal of {name}", lambda: "cannot be imported" in game.notice()[1])
        assert not game.dialog_open("import"), name
        assert storage(game) == before, name
        game.page.evaluate("() => { document.getElementById('notice').textContent = ''; }")
    big = tmp_path / "big.json"
    big.write_text(" " * 5_100_000)
    import_file(game, big)
    game.poll("the refusal of a huge file", lambda: "too big" in game.notice()[1])
    assert storage(game) == before


def played(game: GamePage, keys: int) -> dict[str, str]:
    """`keys` arrow keys, each handled before the next; the game shown after them."""
    play(game, keys)
    return game.state()


def small_export(open_game: OpenGame, folder: Path) -> tuple[Path, dict[str, str]]:
    """An export from another browser: a fresh 4×4 game a few moves in, a low best score."""
    elsewhere = open_game(viewport={"width": 1000, "height": 800})
    elsewhere.start()
    moved = played(elsewhere, 3)
    return export_file(elsewhere, folder), moved


def shown(data: dict[str, str]) -> tuple[str, str, str]:
    return data["board"], data["score"], data["moves"]


def test_an_import_is_the_players_word_in_every_open_tab(open_game: OpenGame, tmp_path: Path) -> None:
    """The reported loss: tabs A and B on one 4×4 game, well ahead of the file's; in A,
    an import of a file with a shorter game and a lower best score. Both tabs show the
    file's game; B, playing on, plays on the file's game and stores its best score as
    the file's raised by B's own moves only; nothing B knew before is written back, and
    a reload of either brings back the file's game with B's moves."""
    path, file_game = small_export(open_game, tmp_path)
    exported = json.loads(path.read_text())
    a = open_game(viewport={"width": 1000, "height": 800})
    a.set_board(positions.KEYS_BOARD)
    a.start()
    b = another_tab(a)
    ahead = played(a, 6)
    b.wait_for("B to follow A", lambda d: shown(d) == shown(ahead))
    assert int(ahead["best"]) > exported["best"]["best"]["4"], "the tabs must be ahead of the file"

    import_file(a, path)
    a.poll("the import dialog", lambda: a.dialog_open("import"))
    a.page.locator("#import-dialog [data-action='confirm-import']").click()
    a.wait_for("the file's game in A", lambda d: shown(d) == shown(file_game))
    a.poll("A's notice", lambda: "Imported:" in a.notice()[1])
    b.wait_for("the file's game in B", lambda d: shown(d) == shown(file_game))
    b.poll("B's notice", lambda: "Imported in another tab" in b.notice()[1])
    assert int(b.state()["best"]) == exported["best"]["best"]["4"]
    assert storage(a)["py2048:stats"] == exported["stats"]

    after = played(b, 3)
    stored = storage(b)
    assert str(stored["py2048:game"]["moves"]) == after["moves"]
    assert int(after["moves"]) > int(file_game["moves"]), "B's moves were not on the file's game"
    assert stored["py2048:best"]["best"]["4"] == max(exported["best"]["best"]["4"], int(after["score"]))
    a.wait_for("A to follow B", lambda d: shown(d) == shown(after))
    for tab in (a, b):
        tab.page.reload()
        assert shown(tab.wait_ready()) == shown(after)


# Storage that refuses one item's write (as a full one does): set `refuse` to its key.
_REFUSING = """(() => {
  const write = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.refuse === key) throw new DOMException("full", "QuotaExceededError");
    return write.call(this, key, value);
  };
})();"""


def test_an_import_storage_refuses_midway_changes_nothing_in_any_tab(
        open_game: OpenGame, tmp_path: Path) -> None:
    """All or nothing: storage refuses the import's statistics, written after its games
    and best scores. Every document stays as it was, both tabs keep their game, and the
    notice says nothing was imported."""
    path, _ = small_export(open_game, tmp_path)
    a = open_game(viewport={"width": 1000, "height": 800})
    a.page.add_init_script(_REFUSING)
    a.start()
    b = another_tab(a)
    ahead = played(a, 8)
    b.wait_for("B to follow A", lambda d: shown(d) == shown(ahead))
    before = storage(a)
    a.evaluate("() => { window.refuse = 'py2048:stats'; }")
    import_file(a, path)
    a.poll("the import dialog", lambda: a.dialog_open("import"))
    a.page.locator("#import-dialog [data-action='confirm-import']").click()
    a.poll("the refusal", lambda: "Not imported" in a.notice()[1])
    after = storage(a)
    game, game_before = after.pop("py2048:game"), before.pop("py2048:game")
    assert after == before, "a document of the import stayed"
    # (the game's clock may have been stored meanwhile, as Settings opened: compared without it)
    assert {k: v for k, v in game.items() if k != "clock_ms"} == {
        k: v for k, v in game_before.items() if k != "clock_ms"}, "the import's game stayed"
    assert shown(a.state()) == shown(ahead) and shown(b.state()) == shown(ahead)
    a.evaluate("() => { window.refuse = ''; }")
    assert shown(played(b, 2)) != shown(ahead)
    a.page.reload()
    assert shown(a.wait_ready()) == shown(b.state())
