"""Two releases of the built site side by side, as a player meets them after an update.

A tab may still run the release it loaded while another tab has reloaded onto the next
one, which stores its documents in a format the older release cannot read. To test
that for real, `build_releases` builds this checkout twice into one folder, served
from one origin (so both share localStorage, as two tabs of one site do):

- `<root>/old/`: this checkout, as `make dist` builds it;
- `<root>/new/`: the same sources with the next format versions, as the next release
  that changes a document will have: the game document one version up (5 -> 6), the
  statistics one up (4 -> 5), each new version holding the same fields as the one
  before, and each still reading every older version. Built the whole way: the names
  shared with JavaScript written anew (build/names.py), the engine's memory snapshot
  made from its sources, then the site.

Used by tests/e2e/test_releases.py (Chromium, real tabs) and tests/engines (Firefox,
WebKit).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OLD, NEW = "old", "new"

# What the next release changes in the sources, appended to each module (its readers and
# writers look these names up when called). Checked below: a module that no longer has
# the names raised fails the build rather than quietly building an unchanged release.
RAISES = {
    "game/saves.py": ("_GAME_KEYS_BY_VERSION", """
GAME_VERSION = 6
GAME_VERSIONS = GAME_VERSIONS + (6,)
_GAME_KEYS_BY_VERSION[6] = _GAME_KEYS_BY_VERSION[5]
"""),
    # The game document's writer (the page writes it too).
    "game/engine_replies.py": ("GAME_VERSION", """
GAME_VERSION = 6
"""),
    "game/stats.py": ("VERSIONS", """
VERSION = 5
VERSIONS = VERSIONS + (5,)
"""),
    # The statistics document's one reader (the page runs it too), and its writer, which
    # took the version by name at import.
    "game/stats_reader.py": ("_SIZE_KEYS_BY_VERSION", """
VERSION = 5
VERSIONS = VERSIONS + (5,)
_SIZE_KEYS_BY_VERSION[5] = _SIZE_KEYS_BY_VERSION[4]
"""),
    "game/stats_saves.py": ("VERSION", """
VERSION = 5
"""),
}
# The raised versions, as the tests read them in stored documents.
NEW_GAME_VERSION, NEW_STATS_VERSION = 6, 5
# Not part of a release, or made again for it.
SKIPPED = (".git", "node_modules", ".venv", "dist", "tests", "docs", "snapshot", "__pycache__",
           ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis")


def _run(command: list[str], cwd: Path) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")


def next_sources(scratch: Path) -> Path:
    """A copy of this checkout's sources and runtime with the format versions raised
    (RAISES), its shared names and engine snapshot made again."""
    source = scratch / "next-release"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*SKIPPED), symlinks=False)
    for file, (name, raise_) in RAISES.items():
        path = source / file
        text = path.read_text(encoding="utf-8")
        if name not in text:
            raise RuntimeError(f"{file} no longer defines {name}: tests/release.py cannot raise its version")
        path.write_text(text + "\n# The next release's format versions (tests/release.py)." + raise_,
                        encoding="utf-8")
    _run([sys.executable, "build/names.py"], source)
    runtime = source / "assets" / "runtime"
    _run(["node", "build/snapshot.mjs", str(runtime / "pyodide"), str(runtime / "snapshot")], source)
    return source


def build_releases(root: Path, scratch: Path) -> None:
    """This checkout's site under root/old/ and the next release's under root/new/."""
    _run(["node", "build/site.mjs", str(root / OLD)], ROOT)
    _run(["node", "build/site.mjs", str(root / NEW), "--source", str(next_sources(scratch))], ROOT)
