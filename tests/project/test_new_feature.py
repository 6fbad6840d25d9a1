"""A feature is its own files and one line in each list (docs/architecture.md, "Where a
new feature goes"), proved on a throwaway one in a copy of the project: a Tip dialog,
whose button asks the engine one thing (`tip`) and shows the answer. Only its files are
written (its room, its engine service, its markup, its strings) and the two lines added
(the room list, the engine's call list); then the copy builds (the lists of modules,
the precache and the later rooms' dialogs pick it up), routes (its button, dialog and
action have their owner, its dialog is audited by axe), answers (the engine's call in
CPython, the room's begin and took with the tests' fake page) and passes the project's
checks of rooms, buttons, strings and files, run in the copy.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

ENGINE_SERVICE = '''"""Tips: a sentence of advice, another one each time it is asked."""

from __future__ import annotations

from typing import Any, ClassVar

KEYS = ("tip_corner", "tip_chain")


class Tips:
    CALLS: ClassVar[dict[str, tuple[str, ...]]] = {"tip": ()}
    EXAMPLES: ClassVar[dict[str, tuple[Any, ...]]] = {"tip": ()}

    def __init__(self) -> None:
        self.given = 0

    def tip(self) -> dict[str, Any]:
        key = KEYS[self.given % len(KEYS)]
        self.given += 1
        return {"kind": "tip", "key": key}
'''

ROOM = '''"""The Tip dialog: its button asks the engine for a tip, and the dialog shows it."""

from game.ui import text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class TipDialog:
    ACTIONS = ("tip",)
    REPLIES = ("tip",)
    WAITS = {"tip": "tip"}
    BUTTONS = {"#tip": ((), "tip", "tip"), "close-tip": (("tip",), "", "")}
    DIALOGS = ("tip",)

    def __init__(self, page: "Any") -> None:
        self.page = page

    def begin(self, action: str) -> "Any":
        return self.page.ask(self, action, "tip")

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        self.page.view.set_text("tip-text", text.say(reply["key"]))
'''

BUTTON = ('<button type="button" id="tip" class="button tool" aria-haspopup="dialog" '
          'data-i18n="button_tip">Tip</button>\n')
DIALOG = '''<dialog id="tip-dialog" aria-labelledby="tip-title" class="sheet">
  <h2 id="tip-title" tabindex="-1" autofocus data-i18n="tip_title">A tip</h2>
  <p id="tip-text"></p>
  <div class="dialog-actions">
    <button type="button" class="button primary" data-action="close-tip"
            data-i18n="button_close">Close</button>
  </div>
</dialog>

'''
STRINGS = {"button_tip": "Tip", "tip_title": "A tip", "tip_corner": "Keep your biggest tile in a corner.",
           "tip_chain": "Line up the next tiles along its edge."}

# The engine's line: the service added to the worker's table (and the import that names it).
ENGINE_IMPORT = "from game.tip import Tips\n"
ENGINE_LINE = "        self.tips = self.part(Tips())\n"

# Copied (small, and the feature edits some); the rest is linked.
COPIED = ("game", "build", "tests", "index.html", "pyproject.toml", "package.json", "assets")
LINKED = ("node_modules", ".venv", "assets/runtime")
SKIPPED = shutil.ignore_patterns("__pycache__", "node_modules", "runtime", "bench", "*.pyc")


def copy_of_project(target: Path) -> Path:
    target.mkdir()
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=SKIPPED)
        else:
            shutil.copy2(source, target / name)
    for name in LINKED:
        (target / name).symlink_to(ROOT / name, target_is_directory=True)
    return target


def edit(path: Path, before: str, added: str) -> None:
    """Put `added` in front of the first `before` in the file (which must be there)."""
    text = path.read_text(encoding="utf-8")
    assert before in text, f"{path.name}: no {before!r} to add a line before"
    path.write_text(text.replace(before, added + before, 1), encoding="utf-8")


def add_the_tip(root: Path) -> None:
    """The feature, from its files and the two lines alone."""
    (root / "game" / "tip.py").write_text(ENGINE_SERVICE, encoding="utf-8")
    (root / "game" / "ui" / "tip_dialog.py").write_text(ROOM, encoding="utf-8")
    edit(root / "index.html", '<button type="button" id="help"', BUTTON)
    edit(root / "index.html", '<dialog id="help-dialog"', DIALOG)
    for lang in (root / "assets" / "lang").glob("*.json"):
        table = json.loads(lang.read_text(encoding="utf-8"))
        lang.write_text(json.dumps({**table, **STRINGS}, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    edit(root / "game" / "ui" / "rooms.py", "\n)\n\n\n# What brings", '\n    ("tip_dialog", "TipDialog"),')
    worker = root / "game" / "worker.py"
    edit(worker, "from game.transfer import", ENGINE_IMPORT)
    edit(worker, "\n    def part(self, part: Part)", ENGINE_LINE)


def run(command: list[str], root: Path, timeout: int = 120) -> str:
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=timeout,
                          check=False)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


# In the copy: the router built from the page's rooms, the engine's call, the room with the
# tests' fake page. Printed as JSON for the test to judge.
PROBE = '''
import json
from game import worker
from game.ui import router
from game.ui.tip_dialog import TipDialog
from tests import derived
from tests.unit.test_ui_page_rooms import FakePage, Recorder, english

routes = derived.routes()
answer = json.loads(worker.call("tip", "[]"))
english()
page = FakePage()
room = TipDialog(page)
asked = room.begin("tip")
room.took("tip", answer)
view, pushed = Recorder(), []
clicked = router.Router([TipDialog]).click("#tip", None, view, pushed.append)
print(json.dumps({
    "owners": [routes.buttons[name].__name__ for name in ("#tip", "close-tip")],  # classes here
    "action": routes.owner("tip").__name__, "dialog": "tip" in routes.dialogs,
    "waits": routes.needs_engine("tip"), "opener": derived.openers().get("tip"),
    "later": "game.ui.tip_dialog" in derived.later_modules(),
    "answer": answer, "asked": [list(a) for a in page.asked], "begun": asked,
    "shown": [list(c) for c in page.view.calls], "clicked": clicked, "opened": view.calls, "pushed": pushed,
}))
'''

# The project's checks of rooms, buttons, strings, the engine's calls and the files lists,
# in the copy.
CHECKS = [
    "tests/project/test_buttons.py", "tests/project/test_page_files.py", "tests/project/test_page_strings.py",
    "tests/project/test_first_rooms.py", "tests/unit/test_ui_router.py", "tests/unit/test_ui_page_rooms.py",
    "tests/unit/test_ui_text.py", "tests/unit/test_worker.py",
    "tests/e2e/test_accessibility.py::test_every_dialog_of_the_page_is_audited",
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_of_project(tmp_path_factory.mktemp("feature") / "project")
    add_the_tip(root)
    run([sys.executable, "build/files.py"], root)  # what `make setup` does first
    return root


def test_the_tips_files_are_handed_to_each_interpreter(project: Path) -> None:
    toml = (project / "pyscript.toml").read_text(encoding="utf-8")
    assert '"./game/ui/tip_dialog.py" = "./game/ui/tip_dialog.py"' in toml
    engine = (project / "assets" / "engine" / "files.mjs").read_text(encoding="utf-8")
    assert '"game/tip.py"' in engine and "tip_dialog" not in engine
    assert "game/tip.py" not in toml


def test_the_built_site_precaches_the_tip_and_its_dialog_travels_with_the_later_rooms(
        project: Path) -> None:
    out = project / "site"
    run(["node", "build/site.mjs", str(out)], project)
    assert '"game/tip.py"' in (out / "sw.js").read_text(encoding="utf-8")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert 'id="tip"' in page and 'id="tip-dialog"' not in page  # a later room's dialog
    later = next((out / "assets").glob("ui-later-*.txt"))
    part = base64.b64decode(later.read_bytes())
    assert b"game/ui/tip_dialog.mpy" in part and b'<dialog id="tip-dialog"' in part
    first = (out / "assets" / "ui-python.bin").read_bytes()
    assert b"game/ui/tip_dialog.mpy" not in first


def test_the_tip_routes_and_answers(project: Path) -> None:
    found = json.loads(run([sys.executable, "-c", PROBE], project))
    assert found["owners"] == ["TipDialog", "TipDialog"] and found["action"] == "TipDialog"
    assert found["dialog"] and found["waits"] and found["later"]
    assert found["opener"] == "#tip", "audited by axe in every language and theme"
    assert found["answer"] == {"kind": "tip", "key": "tip_corner"}
    assert found["asked"] == [["tip"]] and found["begun"] == "promise"
    assert found["shown"] == [["set_text", "tip-text", STRINGS["tip_corner"]]]
    assert found["clicked"] and found["opened"] == [["open_dialog", "tip"]] and found["pushed"] == ["tip"]


def test_the_tip_passes_the_project_checks(project: Path) -> None:
    # test_worker's own throw-away part is a `tip` too, which the copy's table has already.
    same_name = ("--deselect=tests/unit/test_worker.py::"
                 "test_a_new_part_is_one_line_and_its_calls_go_through_the_map")
    run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", same_name, *CHECKS], project,
        timeout=240)
    run([sys.executable, "build/stdlib/calls.py"], project)  # the standard library's trace makes the call
    new = ["game/tip.py", "game/ui/tip_dialog.py", "game/worker.py"]
    run([sys.executable, "-m", "ruff", "check", *new], project)
    run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", *new], project, timeout=240)
