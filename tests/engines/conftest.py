"""The cross-engine tests' browsers and servers.

Every test here runs once in each engine: Chromium, Firefox and WebKit (`ENGINES=firefox`
or `ENGINES=webkit,chromium` narrows a run), but for those marked `other_engines`, whose
Chromium half is a test in tests/e2e (the mark names it) and runs there. One browser per
engine for the session; each test opens its own fresh profile. A missing browser fails
the run rather than skipping it: `.ci/run` installs all three (Debian's chromium,
firefox-esr, webkit2gtk-driver and xvfb), and a suite that silently drops Safari's
engine tests nothing there.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tests.browser import serve  # noqa: E402
from tests.engines.pages import ENGINES, EnginePage, Missing, display, start  # noqa: E402

SUB_PATH = "repo"  # the built site's folder under the server's root, as on GitHub Pages


def chosen_engines() -> list[str]:
    named = [name.strip() for name in os.environ.get("ENGINES", "").split(",") if name.strip()]
    unknown = sorted(set(named) - set(ENGINES))
    if unknown:
        raise pytest.UsageError(f"ENGINES names unknown engines: {unknown}; known: {ENGINES}")
    return named or list(ENGINES)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every chosen engine, or those a test's `other_engines` mark leaves: a test whose
    Chromium half is already a test in tests/e2e (named in the mark) runs in the others."""
    if "engine" in metafunc.fixturenames:
        engines = chosen_engines()
        mark = metafunc.definition.get_closest_marker("other_engines")
        if mark is not None:
            engines = [name for name in engines if name != "chromium"]
        metafunc.parametrize("engine", engines, indirect=True, scope="session")


@pytest.fixture(scope="session")
def browsers() -> dict[str, EnginePage]:
    """Each engine's browser, started when a test first asks for it (and closed by
    `engine` when its tests are done: before the Playwright it may run on stops)."""
    return {}


@pytest.fixture(scope="session")
def webkit_display() -> Iterator[None]:
    with display():
        yield


@pytest.fixture(scope="session")
def engine(request: pytest.FixtureRequest, browsers: dict[str, EnginePage]) -> EnginePage:
    """The engine under test (parametrized by name)."""
    name: str = request.param
    if name not in browsers:
        if name == "webkit":
            request.getfixturevalue("webkit_display")
        try:
            browsers[name] = start(name, request.getfixturevalue("chromium") if name == "chromium" else None)
        except Missing as missing:
            pytest.fail(str(missing))
        request.addfinalizer(lambda: browsers.pop(name).close())
    return browsers[name]


@pytest.fixture
def tab(engine: EnginePage) -> Iterator[EnginePage]:
    """A fresh profile in the engine, desktop-sized; uncaught page errors fail the test."""
    engine.open(1000, 800)
    yield engine
    errors = engine.errors()
    assert not errors, f"{engine.engine}: uncaught errors in the page: {errors}"


@pytest.fixture(scope="session")
def dev_url() -> Iterator[str]:
    """The repository itself over HTTP, as `make` serves it."""
    with serve(REPO_ROOT) as url:
        yield url


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout built by `make dist`'s scripts: <root>/repo/ is the site,
    <root>/2048.html the one offline file."""
    root = tmp_path_factory.mktemp("engines-dist")
    subprocess.run(["node", "build/site.mjs", str(root / SUB_PATH)], cwd=REPO_ROOT, check=True,
                   capture_output=True)
    subprocess.run(["node", "build/onefile.mjs", str(root / "2048.html")], cwd=REPO_ROOT,
                   check=True, capture_output=True)
    return root


# Two releases of the site side by side in one window (tests/release.py): a tab of each,
# as two frames of one page of their origin, so that every engine's driver can hold them.
TWO_RELEASES = """<!doctype html>
<meta charset="utf-8">
<title>Two releases of the game, side by side</title>
<iframe id="old" src="old/" width="470" height="760"></iframe>
<iframe id="new" width="470" height="760"></iframe>
"""


@pytest.fixture(scope="session")
def releases(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout's site under <root>/old/, the next release's under <root>/new/,
    and <root>/two.html showing both."""
    from tests.release import build_releases

    root = tmp_path_factory.mktemp("engines-releases")
    build_releases(root / "site", root)
    (root / "site" / "two.html").write_text(TWO_RELEASES, encoding="utf-8")
    return root / "site"
