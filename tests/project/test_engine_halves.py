"""A cross-engine test that skips Chromium names the Chromium test that stands for it.

`tests/engines` runs a test marked `other_engines` in Firefox and WebKit only: its
Chromium half is a test of `tests/e2e`, named in the mark. A renamed or deleted e2e test
would leave that promise unchecked in Chromium without a word, so the names are checked
here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "tests" / "engines"


def named_halves(mark: str) -> list[tuple[str, str]]:
    """(file, test) pairs from a mark's text: "path: name, name, path: name"."""
    pairs: list[tuple[str, str]] = []
    path = ""
    for part in (p.strip() for p in mark.split(",")):
        if ": " in part:
            path, part = part.split(": ", 1)
        pairs.append((path, part))
    return pairs


def marks() -> list[tuple[str, str]]:
    """(test, mark text) for every `other_engines` mark in tests/engines."""
    found = []
    for source in sorted(ENGINES.glob("test_*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
                        and decorator.func.attr == "other_engines"):
                    text = ast.literal_eval(decorator.args[0])
                    found.append((node.name, str(text)))
    return found


def test_every_chromium_half_a_cross_engine_test_names_exists() -> None:
    found = marks()
    assert found, "no other_engines mark in tests/engines: is this check still needed?"
    for test, mark in found:
        for path, name in named_halves(mark):
            assert path.startswith("tests/e2e/"), f"{test}: {path!r} is not an e2e file"
            defined = {node.name for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8")))
                       if isinstance(node, ast.FunctionDef)}
            assert name.startswith("test_") and name in defined, f"{test}: {path} has no {name}"


def test_the_mark_text_reads_as_files_and_their_tests() -> None:
    assert named_halves("tests/e2e/a.py: test_x, test_y, tests/e2e/b.py: test_z") == [
        ("tests/e2e/a.py", "test_x"), ("tests/e2e/a.py", "test_y"), ("tests/e2e/b.py", "test_z")]
