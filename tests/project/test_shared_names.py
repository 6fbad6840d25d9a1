"""The names the early scripts share with Python are the Python's, and the caps keep
their order.

The page's small scripts (assets/settings.js, storage.js, boot.js, rankings.js) run
before Python, so they hold copies of these names, written in by build/names.py; a copy
that differs from its definition would break the page only in a browser, and only on the
path that uses it (a theme not applied, the Rankings never stored), so it fails here
instead.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import ModuleType

import pytest

from game import rankings, replay, saves, settings, transfer
from game.ui import preferences, store
from game.ui import transfer_dialog as room
from tests import derived

ROOT = Path(__file__).resolve().parents[2]


def generator() -> ModuleType:
    """build/names.py, which writes the names Python defines into the scripts."""
    return derived.build_script("names")


@pytest.mark.parametrize("script", ["assets/settings.js", "assets/boot.js", "assets/rankings.js",
                                    "assets/storage.js"])
def test_each_script_holds_the_names_as_python_defines_them(script: str) -> None:
    names = generator()
    text = (ROOT / script).read_text(encoding="utf-8")
    assert names.rewritten(text, names.SCRIPTS[script](), script) == text, (
        f"{script}: its names differ from the Python definitions; run `make names`")


def test_a_name_changed_in_python_alone_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    names = generator()
    before = {script: make() for script, make in names.SCRIPTS.items()}
    monkeypatch.setattr(store, "SETTINGS", "settings-2")
    monkeypatch.setattr(rankings, "KNOWN", "@same")
    monkeypatch.setattr(replay, "LINK_MARK", "#code=")
    monkeypatch.setattr(saves, "GAME_VERSION", saves.GAME_VERSION + 1)
    after = {script: make() for script, make in names.SCRIPTS.items()}
    assert ("SETTINGS_KEY", "py2048:settings-2") in after["assets/settings.js"]
    assert ("KNOWN_RANKINGS", "@same") in after["assets/rankings.js"]
    assert ("REPLAY_MARK", "#code=") in after["assets/boot.js"]
    assert dict(after["assets/storage.js"])["FORMATS"][saves.GAME_FORMAT] == saves.GAME_VERSION
    for script in names.SCRIPTS:
        text = (ROOT / script).read_text(encoding="utf-8")
        assert names.rewritten(text, after[script], script) != names.rewritten(text, before[script], script)


def test_the_scripts_name_nothing_the_generator_writes_by_hand() -> None:
    """Outside its block, a script spells none of the shared words out."""
    names = generator()
    for script, make in names.SCRIPTS.items():
        text = (ROOT / script).read_text(encoding="utf-8")
        outside = text.split(names.BEGIN)[0] + text.split(names.END)[1]
        code = "\n".join(line.split("//")[0] for line in outside.splitlines())  # comments may
        for name, value in make():
            if isinstance(value, str | int):
                assert f'"{value}"' not in code and f"= {value};" not in code, (script, name)
            assert re.search(rf"\b{name}\b", code), f"{script} no longer uses {name} (build/names.py)"


def test_the_settings_script_sets_an_attribute_for_every_value_but_the_default() -> None:
    """settings.js marks <html> as game/ui/preferences.py will: no attribute for the
    value the UI shows without one."""
    defaults = settings.defaults()
    for name, _, plain in preferences.ROOT_ATTRIBUTES:
        assert plain == defaults[name]


def test_the_pages_cuts_stay_above_what_the_engine_reads() -> None:
    """Cut just past a cap the engine reads within, a text is never valid and cut; cut
    past one below it, a valid board or code would arrive cut and be refused."""
    assert rankings.PAGE_CUT > rankings.MAX_TEXT + rankings.READ_MARGIN
    assert replay.MAX_PASTE > replay.MAX_INPUT
    assert store.MAX_TEXT == saves.MAX_TEXT
    assert transfer.MAX_TEXT == 2_000_000 + 2 * rankings.MAX_TEXT
    assert settings.MAX_TEXT_BEFORE_PAINT >= settings.MAX_TEXT


def test_the_check_dialogs_field_holds_what_the_page_reads() -> None:
    """index.html keeps its own copy (the page's markup is not generated)."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    field = re.search(r'<textarea id="replay-code"[^>]*\bmaxlength="(\d+)"', html)
    assert field is not None
    assert int(field.group(1)) == replay.MAX_PASTE


def string_constants(path: Path) -> set[str]:
    return {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_every_word_spelt_out_in_python_is_one_the_scripts_know() -> None:
    """A few modules still spell a word out rather than import it (game/ui/app.py,
    game/ui/rankings_dialog.py: "@rankings"). Each such word must be one boot.js, rankings.js or
    storage.js answers to."""
    sentinels = {store.STORED_RANKINGS, store.CHOSEN_FILE, rankings.KNOWN}
    answers = {room.NO_FILE, room.TOO_BIG, room.UNREADABLE, store.NEWER}
    for path in sorted((ROOT / "game").rglob("*.py")):
        for value in string_constants(path):
            if re.fullmatch(r"@[a-z-]+", value):
                assert value in sentinels, (path.name, value)
            if re.fullmatch(r"![a-z-]+", value):
                assert value in answers, (path.name, value)
