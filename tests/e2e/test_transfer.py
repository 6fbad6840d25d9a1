"""Export then Import carries everything to a fresh browser; a bad file changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import GamePage

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
