"""The engine's standard library (build/stdlib.mjs): Pyodide's cut to what the engine's
calls import, its files thinned of comments and docstrings. A module it lacks must fail
here, in `make test`, never in a player's game: so every engine call is made in Pyodide
against the archive the page loads, and each thinned file is checked to be the same
program as Pyodide's, line for line."""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "assets" / "runtime" / "pyodide"
CUT = PYODIDE / "engine-stdlib.zip"
WHOLE = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def check(archive: Path, whole: Path | None = None) -> subprocess.CompletedProcess[str]:
    command = ["node", str(ROOT / "build" / "stdlib.mjs"), "check", str(PYODIDE), str(archive)]
    return subprocess.run(command + ([str(whole)] if whole else []),
                          capture_output=True, text=True, timeout=180, check=False)


def rewritten(target: Path, change: dict[str, bytes | None]) -> Path:
    """The cut archive with some files replaced (bytes) or left out (None)."""
    with zipfile.ZipFile(CUT) as cut, zipfile.ZipFile(target, "w") as out:
        for info in cut.infolist():
            replacement = change.get(info.filename, cut.read(info))
            if replacement is not None:
                out.writestr(info, replacement)
    return target


def test_every_engine_call_runs_in_pyodide_on_the_cut_standard_library() -> None:
    """Every call, in Pyodide on the archive the page loads; and every file in it is
    Pyodide's own or, thinned of comments and docstrings, the same program line for line."""
    done = check(CUT, WHOLE)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "holds every module" in done.stdout and "line for line" in done.stdout


def test_the_check_fails_when_the_archive_lacks_a_module_the_engine_imports(tmp_path: Path) -> None:
    """The check itself can fail: without `json/decoder.py` the engine cannot answer."""
    done = check(rewritten(tmp_path / "lacking.zip", {"json/decoder.py": None}))
    assert done.returncode != 0
    assert "json" in done.stderr, done.stderr


def test_the_check_fails_when_a_file_is_not_the_same_program(tmp_path: Path) -> None:
    """The cut archive's files, every one but `bisect.py` as Pyodide ships it (a file
    identical to Pyodide's is not compared, so the check compiles only the one that
    matters here: 45 s became a few); `bisect.py` thinned, and one step changed."""
    with zipfile.ZipFile(CUT) as cut, zipfile.ZipFile(WHOLE) as whole:
        source = cut.read("bisect.py").decode()
        originals: dict[str, bytes | None] = {name: whole.read(name) for name in cut.namelist()}
    changed = source.replace("lo = mid + 1", "lo = mid + 2", 1)
    assert changed != source
    done = check(rewritten(tmp_path / "changed.zip", {**originals, "bisect.py": changed.encode()}), WHOLE)
    assert done.returncode != 0
    assert "bisect.py" in done.stderr and "compiles differently" in done.stderr, done.stderr


def test_the_cut_archive_is_a_fraction_of_pyodides() -> None:
    with zipfile.ZipFile(CUT) as cut, zipfile.ZipFile(WHOLE) as whole:
        assert set(cut.namelist()) <= set(whole.namelist())
        assert {"json/__init__.py", "_pyodide/_base.py", "random.py"} <= set(cut.namelist())
        assert "unittest/__init__.py" not in cut.namelist()
    assert CUT.stat().st_size < WHOLE.stat().st_size / 4
