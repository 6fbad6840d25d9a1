"""The engine's standard library (build/stdlib.mjs): Pyodide's cut to what the engine's
calls import. A module it lacks must fail here, in `make test`, never in a player's game:
so every engine call is made in Pyodide against the archive the page loads."""

from __future__ import annotations

import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "assets" / "runtime" / "pyodide"
CUT = PYODIDE / "engine-stdlib.zip"
WHOLE = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def check(archive: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["node", str(ROOT / "build" / "stdlib.mjs"), "check", str(PYODIDE), str(archive)],
        capture_output=True, text=True, timeout=120, check=False)


def test_every_engine_call_runs_in_pyodide_on_the_cut_standard_library() -> None:
    done = check(CUT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "holds every module" in done.stdout


def test_the_check_fails_when_the_archive_lacks_a_module_the_engine_imports(tmp_path: Path) -> None:
    """The check itself can fail: without `json/decoder.py` the engine cannot answer."""
    lacking = tmp_path / "lacking.zip"
    with zipfile.ZipFile(CUT) as cut, zipfile.ZipFile(lacking, "w") as out:
        for info in cut.infolist():
            if info.filename != "json/decoder.py":
                out.writestr(info, cut.read(info))
    done = check(lacking)
    assert done.returncode != 0
    assert "json" in done.stderr, done.stderr


def test_the_cut_archive_is_pyodides_own_files_unchanged_and_a_fraction_of_it() -> None:
    with zipfile.ZipFile(CUT) as cut, zipfile.ZipFile(WHOLE) as whole:
        names = set(whole.namelist())
        for info in cut.infolist():
            assert info.filename in names, info.filename
            assert cut.read(info) == whole.read(info.filename), info.filename
        assert {"json/__init__.py", "_pyodide/_base.py", "random.py"} <= set(cut.namelist())
        assert "unittest/__init__.py" not in cut.namelist()
    assert CUT.stat().st_size < WHOLE.stat().st_size / 2
