"""axe-core finds no WCAG 2.0/2.1 A or AA violation on the page: at rest and with each
dialog a button of the page at rest opens (Settings, Statistics, Rankings, Help: read from
the rooms' tables and the markup, tests/derived.py `openers`, so a new dialog is audited
with no edit here), in the light, dark and high-contrast themes, in every language there
is a strings file for (assets/lang/); and on a 6×6 board with the confirm, import, win and
game-over dialogs open, light and dark; and on the daily board, with the Check a result
dialog's verdicts and a replay's bar, light and dark. Every dialog of the page is audited
here or by the test `ELSEWHERE` names.

axe-core comes from the pinned devDependency (node_modules/axe-core) and is injected
with `page.evaluate` (the page's CSP allows no inline script; evaluate is not one).
One page per language: light and dark are the system's colour scheme, switched with
`emulate_media`, and high contrast is chosen in Settings, as a player does.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from game import chance, daily, record, replay
from game.session import Session
from tests import derived
from tests.e2e import positions
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import GamePage

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = sorted(path.stem for path in (ROOT / "assets" / "lang").glob("*.json"))
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# Each dialog a button of the page at rest opens, and that button (a CSS selector).
DIALOGS = [(name, derived.selector(button)) for name, button in derived.openers().items()]
# The dialogs only a game's situation opens, each audited by the test named.
ELSEWHERE = {
    "confirm": "test_axe_finds_no_violation_on_a_6x6_board_or_in_the_game_dialogs",
    "import": "test_axe_finds_no_violation_on_a_6x6_board_or_in_the_game_dialogs",
    "win": "test_axe_finds_no_violation_on_a_6x6_board_or_in_the_game_dialogs",
    "over": "test_axe_finds_no_violation_on_a_6x6_board_or_in_the_game_dialogs",
    "replay": "test_axe_finds_no_violation_on_the_daily_board_the_check_dialog_or_a_replay",
    "review": ("tests/e2e/test_review.py: "
               "test_the_review_dialog_passes_axe_in_light_dark_and_high_contrast_and_on_a_phone"),
}

# Contrast axe-core never decides, left to other checks: the text of a select over the
# gradient that draws its chevron (its colours are the button tokens, docs/design.md),
# and the decorative arrows of Help's examples (aria-hidden symbols, not text).
UNJUDGED = ["bgGradient", "nonBmp"]

_RUN = """async ([tags, unjudged]) => {
  // The charts' scale labels are SVG text in an aria-hidden picture whose numbers the
  // table beside it holds; axe cannot find the colour behind SVG text ("contains an
  // image node"), so they are left out here and their tokens checked in test_look.py.
  // The two halves of the last merge (.tile.ghost) lie in the merged tile's cell, under
  // it, once they have slid: none of their text shows, and axe, judging a one-digit
  // number against the tile above it, leaves its contrast undecided.
  const context = {include: [document], exclude: [[".chart-svg text"], [".tile.ghost"]]};
  const result = await axe.run(context, {runOnly: {type: "tag", values: tags}});
  return {
    passes: result.passes.length,
    // Contrast axe could not judge is contrast not checked: reported too, but for the
    // two cases it never judges (UNJUDGED).
    undecided: result.incomplete.filter(v => v.id === "color-contrast").flatMap(v => v.nodes
      .filter(n => !(n.any.length && unjudged.includes((n.any[0].data || {}).messageKey)))
      .map(n => n.target.join(" ") + ": " + (n.any.length ? n.any[0].message : "?"))),
    violations: result.violations.map(v => ({
      id: v.id, help: v.help,
      nodes: v.nodes.map(n => n.target.join(" ") + ": " + n.failureSummary.replace(/\\s+/g, " ")),
    })),
  };
}"""


def at_rest(game: GamePage) -> None:
    """Wait until nothing is fading or sliding: colours half-way through a transition (the
    loading overlay fading out, a theme change, a dialog opening) are not the page's."""
    game.poll("every animation and transition to end", lambda: bool(game.evaluate(
        "() => document.getAnimations().every(a => a.playState !== 'running')")))


def audit(game: GamePage, where: str, found: list[str]) -> int:
    """Run axe on the page as it is; violations go to `found`. The number of rules passed."""
    at_rest(game)
    result: dict[str, Any] = game.page.evaluate(_RUN, [TAGS, UNJUDGED])
    for violation in result["violations"]:
        nodes = "; ".join(violation["nodes"][:5])
        found.append(f"{where}: {violation['id']} ({violation['help']}): {nodes}")
    if result["undecided"]:
        found.append(f"{where}: contrast not decided: {'; '.join(result['undecided'][:5])}")
    return int(result["passes"])


def audit_page_and_dialogs(game: GamePage, where: str, found: list[str]) -> int:
    passed = audit(game, where + ", at rest", found)
    for name, button in DIALOGS:
        game.click(button)
        assert game.dialog_open(name)
        passed += audit(game, f"{where}, {name} open", found)
        game.press("Escape")
        assert not game.dialog_open(name)
    return passed


def test_every_dialog_of_the_page_is_audited() -> None:
    """A dialog a button of the page opens is audited in every language and theme; one
    that opens on a game's situation by the test that sets it up, which names it."""
    dialogs = derived.page_dialogs()
    opened = {name for name, _ in DIALOGS}
    assert {"settings", "stats", "help"} <= opened
    assert not opened & set(ELSEWHERE)
    assert set(dialogs) == opened | set(ELSEWHERE), "a dialog no audit opens"
    for name, test in ELSEWHERE.items():
        file, _, function = test.rpartition(": ")
        source = (ROOT / (file or "tests/e2e/test_accessibility.py")).read_text(encoding="utf-8")
        body = source[source.index(f"def {function}("):].split("\ndef ", 1)[0]
        assert f'"{name}' in body and ("audit(" in body or "both_schemes(" in body), (name, test)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_no_wcag_a_or_aa_violation_in_any_theme_dialog_or_language(
        open_game: OpenGame, lang: str) -> None:
    """The page and its dialogs in each language; in each theme (light, dark, high
    contrast) in English. A theme swaps colours and a language swaps words, each alone:
    every language in every theme would audit the same colours again (2 of 3 times)."""
    game = open_game(viewport={"width": 1000, "height": 800}, color_scheme="light")
    game.prepare_storage({positions.SETTINGS_KEY: positions.settings_text(language=lang)})
    game.start()
    assert game.evaluate("() => document.documentElement.lang") == lang
    game.page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[str] = []
    passed = audit_page_and_dialogs(game, f"{lang}, light", found)
    audits = 1 + len(DIALOGS)
    if lang == "en":
        game.page.emulate_media(color_scheme="dark")
        passed += audit_page_and_dialogs(game, f"{lang}, dark", found)
        game.click("#settings")
        game.page.select_option("#set-theme", "contrast")
        game.press("Escape")
        assert game.evaluate("() => document.documentElement.dataset.theme") == "contrast"
        passed += audit_page_and_dialogs(game, f"{lang}, high contrast", found)
        audits *= 3
    assert not found, "axe-core found:\n" + "\n".join(found)
    assert passed > audits * 10, f"only {passed} rule passes over {audits} audits: did axe run?"


def both_schemes(game: GamePage, where: str, found: list[str]) -> int:
    """Audit the page as it is in the light scheme, then in the dark one."""
    game.page.emulate_media(color_scheme="light")
    passed = audit(game, where + ", light", found)
    game.page.emulate_media(color_scheme="dark")
    return passed + audit(game, where + ", dark", found)


def test_axe_finds_no_violation_on_a_6x6_board_or_in_the_game_dialogs(
        open_game: OpenGame, tmp_path: Path) -> None:
    """The dialogs a game brings (confirm, import, win, game over) and a full 6×6 grid."""
    found: list[str] = []
    game = open_game(viewport={"width": 1000, "height": 800})
    board = [[2, 4, 8, 16, 32, 64], [128, 256, 512, 1024, 4, 2], [8, 2, 0, 0, 0, 0],
             [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 2]]
    game.set_board(positions.board_of(board))
    game.start()
    game.page.evaluate(AXE.read_text(encoding="utf-8"))
    passed = both_schemes(game, "6×6 at rest", found)
    game.click("#new-game")
    assert game.dialog_open("confirm")
    passed += both_schemes(game, "confirm open", found)
    game.press("Escape")
    game.click("#settings")
    with game.page.expect_download() as download:
        game.click("#export")
    saved = tmp_path / "export.json"
    download.value.save_as(saved)
    game.page.set_input_files("#import-file", str(saved))
    game.poll("the import dialog", lambda: game.dialog_open("import"))
    passed += both_schemes(game, "import open", found)
    for start_board, dialog in ((positions.WIN_BOARD, "win"), (positions.OVER_BOARD, "over")):
        other = open_game(viewport={"width": 1000, "height": 800})
        other.set_board(start_board)
        other.start()
        other.page.evaluate(AXE.read_text(encoding="utf-8"))
        other.press("ArrowLeft")
        other.wait_inputs(1)
        assert other.dialog_open(dialog)
        passed += both_schemes(other, dialog + " open", found)
    assert not found, "axe-core found:\n" + "\n".join(found)
    assert passed > 10 * 10, f"only {passed} rule passes over 10 audits: did axe run?"


def test_axe_finds_no_violation_on_the_daily_board_the_check_dialog_or_a_replay(
        open_game: OpenGame) -> None:
    """The daily board on screen, the Check a result dialog with a verdict (verified and
    refused), and a replay paused on the board (its bar), light and dark."""
    today = daily.utc_date(int(time.time() * 1000))
    session, _ = Session.new(4, chance.seeded(0), daily=daily.Daily(today))
    for direction in ("left", "down", "right", "down", "left", "up") * 4:
        session.move(direction)
    code = replay.encode(today, 4, record.directions(session.record or ""))
    found: list[str] = []
    game = open_game(viewport={"width": 1000, "height": 800})
    game.page.goto(game.address() + "#replay=" + code)
    game.wait_ready()
    game.page.evaluate(AXE.read_text(encoding="utf-8"))
    game.wait_for("the verdict", lambda d: d.get("replay") == "verified")
    passed = both_schemes(game, "verified code", found)
    game.click("#watch-verified")
    game.wait_for("the replay", lambda d: d.get("watch") == "playing")
    game.click("#watch-play")
    game.wait_for("the replay paused", lambda d: d.get("watch") == "paused")
    passed += both_schemes(game, "replay paused", found)
    game.click("#watch-close")
    game.wait_for("the game in play", lambda d: "watch" not in d)
    game.click("#daily")
    game.wait_for("the daily board", lambda d: d.get("mode") == "daily")
    passed += both_schemes(game, "daily board", found)
    game.page.goto(game.address() + "#replay=" + code[:-1] + ("A" if code[-1] != "A" else "B"))
    game.wait_for("the refusal", lambda d: d.get("replay") == "rejected")
    passed += both_schemes(game, "refused code", found)
    assert not found, "axe-core found:\n" + "\n".join(found)
    assert passed > 8 * 10, f"only {passed} rule passes over 8 audits: did axe run?"
