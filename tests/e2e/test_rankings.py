"""Rankings in the page: friends' daily results added from their links or pasted, ranked
per day and per season, kept across reloads, tabs and Export / Import, with names shown
only as text and charts whose numbers are their tables'.

Every result is a real code (tests/e2e/friends.py), so the page verifies each one by
replaying it, as it would a friend's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e import friends, positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import GamePage
from tests.e2e.test_accessibility import AXE, audit
from tests.e2e.test_transfer import export_file, import_file

DESKTOP = {"width": 1000, "height": 800}
DAY = "2026-11-30"
NEXT_DAY = "2026-12-01"  # another month: another season


def text_of(game: GamePage, element_id: str) -> str:
    return str(game.evaluate(f"() => document.getElementById('{element_id}').textContent"))


def rows(game: GamePage, body_id: str) -> list[list[str]]:
    found: list[list[str]] = game.page.evaluate(
        "id => [...document.getElementById(id).rows].map(r => [...r.cells].map(c => c.textContent))", body_id)
    return found


def stored_board(game: GamePage) -> list[dict[str, Any]]:
    text = game.evaluate(f"() => localStorage.getItem('{friends.RANKINGS_KEY}')")
    return list(json.loads(text)["results"]) if text else []


def open_link(game: GamePage, address: str) -> str:
    """Open a friend's link in this tab (its fragment is all that changes) and wait
    for the verdict; the verdict's sentence."""
    game.evaluate("() => { const v = document.getElementById('replay-verdict'); v.hidden = true; }")
    game.page.evaluate("url => { location.hash = new URL(url).hash; }", address)
    game.poll("the verdict", lambda: bool(game.evaluate(
        "() => !document.getElementById('replay-verdict').hidden && "
        "document.getElementById('game').dataset.replay !== undefined")))
    return text_of(game, "replay-verdict")


def add(game: GamePage, name: str | None = None) -> str:
    """Add the verified result (under `name`, or the one its link gave); the status."""
    if name is not None:
        game.page.fill("#add-name", name)
    game.evaluate("() => { document.getElementById('add-status').hidden = true; }")
    game.click("#add-rankings-button")
    game.poll("the result added",
              lambda: bool(game.evaluate("() => !document.getElementById('add-status').hidden")))
    return text_of(game, "add-status")


def open_rankings(game: GamePage) -> None:
    if game.dialog_open("replay"):
        game.click("#replay-dialog [data-action='close-replay']")
    game.click("#rankings")
    game.poll("the rankings", lambda: bool(game.evaluate(
        "() => document.getElementById('rankings-total').textContent !== ''")))


def test_a_friends_link_verifies_with_its_name_and_joins_the_board_for_good(open_game: OpenGame) -> None:
    game = open_game(viewport=DESKTOP)
    game.start()
    ana = friends.code(DAY, 1)
    verdict = open_link(game, friends.link(game.base_url, ana, "Jo\u00e3o"))
    outcome = friends.numbers(ana)
    assert f"score {outcome.score:,}" in verdict and "Shared as Jo\u00e3o" in verdict
    assert game.page.input_value("#add-name") == "Jo\u00e3o"
    assert add(game) == f"Added to your board: Jo\u00e3o, daily board of {DAY}."
    assert [e["code"] for e in stored_board(game)] == [ana]
    open_link(game, friends.link(game.base_url, ana, "Ana"))  # the same code again, another name
    assert add(game) == "This result is already on your board."  # the same code is one result
    open_rankings(game)
    assert rows(game, "day-rows") == [["1", "Jo\u00e3o", f"{outcome.score:,}", str(outcome.tile),
                                       f"{outcome.moves:,}"]]
    game.goto()
    game.wait_ready()
    open_rankings(game)
    assert rows(game, "day-rows")[0][1] == "Jo\u00e3o", "kept across a reload"


def test_a_pasted_message_is_added_under_the_name_typed_and_markup_stays_text(open_game: OpenGame) -> None:
    game = open_game(viewport=DESKTOP)
    game.start()
    game.click("#stats")
    game.click("#check-code")
    link = friends.link(game.base_url, friends.code(DAY, 2))
    message = "2048 in Python · daily board\nReplay it and check: " + link
    game.page.fill("#replay-code", message)
    game.click("#replay-dialog [data-action='check-code']")
    game.poll("the verdict", lambda: game.state().get("replay") == "verified")
    assert "Shared as" not in text_of(game, "replay-verdict") and game.page.input_value("#add-name") == ""
    assert add(game).startswith("Give the result a name")
    assert add(game, "Ana\u202e") == "A name holds letters, digits, spaces and punctuation only."
    assert not stored_board(game), "nothing is added under a refused name"
    assert add(game, "<img src=x onerror=f()>").startswith("Added to your board: <img")
    game.click("#replay-dialog [data-action='close-replay']")
    game.click("#stats-dialog [data-action='close-stats']")
    open_rankings(game)
    assert rows(game, "day-rows")[0][1] == "<img src=x onerror=f()>"
    assert game.evaluate("() => document.querySelectorAll('#rankings-dialog img').length") == 0


def test_a_tampered_code_is_refused_with_its_reason_and_offers_nothing_to_add(open_game: OpenGame) -> None:
    game = open_game(viewport=DESKTOP)
    game.start()
    good = friends.code(DAY, 3)
    body, check = good.rsplit(".", 1)
    moves = body.split("~")
    tampered = moves[0] + "~" + ("A" if moves[1][0] != "A" else "B") + moves[1][1:] + "." + check
    verdict = open_link(game, friends.link(game.base_url, tampered, "Ana"))
    assert game.state()["replay"] == "rejected"
    assert "damaged" in verdict or "check characters" in verdict or "does not verify" in verdict.lower()
    assert game.evaluate("() => document.getElementById('add-rankings').hidden")
    assert not stored_board(game)


def test_the_days_ranking_counts_one_result_per_name_and_shows_the_conflict(open_game: OpenGame) -> None:
    game = open_game(viewport=DESKTOP)
    results = [(friends.code(DAY, seed), name) for seed, name in ((4, "Ana"), (5, "Bo"), (6, "ana"))]
    game.prepare_storage({friends.RANKINGS_KEY: friends.rankings_text(results)})
    game.start()
    open_rankings(game)
    shown = rows(game, "day-rows")
    assert [row[1] for row in shown] == sorted(["Ana", "Bo"], key=lambda n: -friends.numbers(
        results[0 if n == "Ana" else 1][0]).score)
    conflicts = game.page.locator("#day-conflicts li").all_text_contents()
    assert len(conflicts) == 1 and conflicts[0].startswith("Not counted: ana also shared another result")
    scores = [int(row[2].replace(",", "")) for row in shown]
    assert scores == sorted(scores, reverse=True)


def test_seasons_are_calendar_months_and_the_chart_holds_the_tables_numbers(open_game: OpenGame) -> None:
    game = open_game(viewport=DESKTOP)
    results = [(friends.code(DAY, 7), "Ana"), (friends.code(NEXT_DAY, 8), "Ana"),
               (friends.code(NEXT_DAY, 9), "Bo"),
               (friends.code("2026-12-02", 10), "Bo")]
    game.prepare_storage({friends.RANKINGS_KEY: friends.rankings_text(results)})
    game.start()
    open_rankings(game)
    assert text_of(game, "season-date") == "2026-12"
    december = {row[1]: row for row in rows(game, "season-rows")}
    bo = [friends.numbers(results[2][0]).score, friends.numbers(results[3][0]).score]
    assert december["Bo"][2] == "2" and december["Bo"][3] == f"{sum(bo):,}"
    assert december["Ana"][2] == "1"
    # The chart: each line's data-values are the hidden table's numbers.
    lines = game.page.evaluate("() => [...document.querySelectorAll('#season-chart polyline')]"
                               ".map(l => l.dataset.values)")
    head = game.page.locator("#season-chart-head th").all_text_contents()
    table = rows(game, "season-chart-rows")
    for column, values in enumerate(lines, start=1):
        drawn = {f"2026-12-{int(day):02d}": score for day, score in (v.split(":") for v in values.split(","))}
        listed = {row[0]: row[column] for row in table if row[column]}
        assert drawn == listed, (head, values, table)
    game.click("#season-prev")
    game.poll("the earlier season", lambda: text_of(game, "season-date") == "2026-11")
    assert text_of(game, "day-date") == DAY
    assert [row[1] for row in rows(game, "season-rows")] == ["Ana"]
    assert game.evaluate(
        "() => document.getElementById('season-prev').getAttribute('aria-disabled')") == "true"


def test_two_tabs_adding_at_once_both_end_with_both_results(open_game: OpenGame) -> None:
    first = open_game(viewport=DESKTOP)
    first.start()
    second = GamePage(first.context, first.context.new_page(), first.base_url)
    second.start()
    codes = [friends.code(DAY, 11), friends.code(DAY, 12)]
    open_link(first, friends.link(first.base_url, codes[0], "Ana"))
    open_link(second, friends.link(second.base_url, codes[1], "Bo"))
    first.evaluate("() => document.getElementById('add-rankings-button').click()")
    second.evaluate("() => document.getElementById('add-rankings-button').click()")
    def both_stored(tab: GamePage) -> bool:
        return sorted(e["code"] for e in stored_board(tab)) == sorted(codes)

    for tab in (first, second):
        tab.poll("both results stored", lambda tab=tab: both_stored(tab))  # type: ignore[misc]
    for tab in (first, second):
        open_rankings(tab)
        assert sorted(row[1] for row in rows(tab, "day-rows")) == ["Ana", "Bo"]


def test_export_and_import_carry_the_board_and_its_codes_are_replayed(
        open_game: OpenGame, tmp_path: Path) -> None:
    first = open_game(viewport=DESKTOP)
    results = [(friends.code(DAY, 13), "Ana"), (friends.code(NEXT_DAY, 14), "Bo")]
    first.prepare_storage({friends.RANKINGS_KEY: friends.rankings_text(results)})
    first.start()
    path = export_file(first, tmp_path)
    exported = json.loads(path.read_text())
    assert [e["code"] for e in exported["rankings"]["results"]] == [code for code, _ in results]
    # An edited file: one result claims another score. It is left out, the other joins.
    exported["rankings"]["results"][1]["score"] += 4
    path.write_text(json.dumps(exported))
    second = open_game(viewport=DESKTOP)
    second.start()
    import_file(second, path)
    second.poll("the import dialog", lambda: second.dialog_open("import"))
    assert any("2 results for your friends' board" in line
               for line in second.page.locator("#import-list li").all_text_contents())
    second.page.locator("#import-dialog [data-action='confirm-import']").click()
    second.poll("the board imported", lambda: "rankings are in" in second.notice()[1])
    assert "1 results added; 1 that did not replay" in second.notice()[1]
    assert [e["code"] for e in stored_board(second)] == [results[0][0]]


def test_your_own_daily_result_is_your_row_and_the_days_board_is_shared(open_game: OpenGame) -> None:
    game = open_game(viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    mine = friends.code(DAY, 15)
    own = friends.numbers(mine)
    stats = {"format": "py2048-stats", "version": 2, "sizes": {}, "milestones": [],
             "daily": {"played": 1, "best_streak": 1, "results": [
                 {"date": DAY, "score": own.score, "tile": own.tile, "moves": own.moves, "code": mine}]}}
    game.prepare_storage({"py2048:stats": json.dumps(stats),
                          positions.SETTINGS_KEY: positions.settings_text(),
                          friends.RANKINGS_KEY: friends.rankings_text([(friends.code(DAY, 16), "Bo")])})
    game.start()
    game.click("#settings")
    game.page.fill("#set-name", "  Ana   Maria ")
    game.page.press("#set-name", "Enter")
    game.poll("the name kept", lambda: "Ana Maria" in str(game.evaluate(
        f"() => localStorage.getItem('{positions.SETTINGS_KEY}')")))
    assert game.page.input_value("#set-name") == "Ana Maria"
    game.page.fill("#set-name", "Ana \u2066Bo")  # a direction mark: refused, the last good name stays
    game.page.press("#set-name", "Enter")
    game.poll("the name refused", lambda: text_of(game, "name-problem") != "")
    assert text_of(game, "name-problem") == "A name holds letters, digits, spaces and punctuation only."
    assert "Ana Maria" in str(game.evaluate(f"() => localStorage.getItem('{positions.SETTINGS_KEY}')"))
    assert game.page.get_attribute("#set-name", "aria-describedby") == "name-help name-problem"
    game.press("Escape")
    open_rankings(game)
    shown = rows(game, "day-rows")
    assert "Ana Maria (you)" in [row[1] for row in shown]
    assert game.evaluate("() => document.querySelector('#day-rows tr.mine th').textContent") == str(
        [row[1] for row in shown].index("Ana Maria (you)") + 1)
    assert text_of(game, "season-place").startswith("You are #")
    game.click("#rankings-dialog [data-action='share-rankings']")
    game.poll("the copied notice", lambda: game.notice()[0] and "clipboard" in game.notice()[1])
    shared = str(game.evaluate("() => navigator.clipboard.readText()"))
    assert shared.split("\n")[0] == f"2048 in Python · friends' board · daily board {DAY}"
    assert any("Ana Maria (you)" in line for line in shared.split("\n"))
    assert len(shared.split("\n")) == 1 + 2 + 4, "the title, the two rows, the winner's board"


def test_statistics_draws_your_last_scores_and_the_tiles_reached_with_their_tables(
        open_game: OpenGame) -> None:
    game = open_game(viewport=DESKTOP)
    game.set_board(positions.OVER_BOARD)
    game.start()
    game.press("ArrowLeft")  # a finished game: counted
    game.wait_inputs(1)
    game.page.locator("#over-dialog").get_by_role("button", name="New game").click()
    game.wait_for("a new game", lambda d: d["moves"] == "0")
    game.click("#stats")
    game.poll("the statistics", lambda: game.page.locator("#stat-played").text_content() == "1")
    bars = str(game.evaluate("() => document.querySelector('#chart-recent path.bars').dataset.values"))
    assert bars.split(",") == [row[1].replace(",", "") for row in rows(game, "recent-rows")]
    tiles = str(game.evaluate("() => document.querySelector('#chart-tiles path.bars').dataset.values"))
    assert tiles.split(",") == [row[1] for row in rows(game, "tiles-rows")]
    assert [row[0] for row in rows(game, "tiles-rows")] == ["256", "512", "1024", "2048", "4096", "8192"]


def test_rankings_are_usable_by_keyboard_and_axe_finds_nothing(open_game: OpenGame) -> None:
    game = open_game(viewport=DESKTOP, color_scheme="light")
    results = [(friends.code(DAY, 17), "Ana"), (friends.code(NEXT_DAY, 18), "Bo"),
               (friends.code(NEXT_DAY, 19), "Cy")]
    game.prepare_storage({friends.RANKINGS_KEY: friends.rankings_text(results)})
    game.start()
    game.page.focus("#rankings")
    game.page.keyboard.press("Enter")
    game.poll("the rankings", lambda: game.dialog_open("rankings") and bool(rows(game, "day-rows")))
    assert text_of(game, "day-date") == NEXT_DAY
    game.page.focus("#day-prev")
    game.page.keyboard.press("Enter")
    game.poll("the earlier day", lambda: text_of(game, "day-date") == DAY)
    assert game.evaluate("() => document.activeElement.id") == "day-prev", "focus stays on the control"
    game.page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[str] = []
    passed = audit(game, "rankings, light", found)
    game.page.emulate_media(color_scheme="dark")
    passed += audit(game, "rankings, dark", found)
    game.press("Escape")
    game.click("#settings")
    game.page.select_option("#set-theme", "contrast")
    game.page.fill("#set-name", "Ana\u200b")
    game.page.press("#set-name", "Enter")
    passed += audit(game, "settings with a refused name, high contrast", found)
    game.press("Escape")
    open_link(game, friends.link(game.base_url, results[0][0], "Ana"))
    passed += audit(game, "a verified result to add, high contrast", found)
    game.click("#replay-dialog [data-action='close-replay']")
    open_rankings(game)
    passed += audit(game, "rankings, high contrast", found)
    assert not found, "axe-core found:\n" + "\n".join(found)
    assert passed > 5 * 10, f"only {passed} rule passes over 5 audits: did axe run?"
