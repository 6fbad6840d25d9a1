"""The built site (`node build/site.mjs`) works offline after one visit, and updates politely.

The site is served under a sub-path (`/repo/`, as on GitHub Pages), from a temporary
build: its service worker keeps exactly the files the page loads, the game boots and
plays with the server gone and its save intact, a new release waits for the player's
"Reload", the manifest makes it installable, and the development page registers nothing.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import shutil
import struct
import subprocess
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError

from game.ui import rooms
from tests import derived
from tests.browser import LAUNCH_ARGS, QuietHandler, find_chromium, serve
from tests.e2e.conftest import REPO_ROOT, OpenGame
from tests.e2e.gamepage import BOOT_TIMEOUT, GamePage

SUB_PATH = "repo"  # the site's folder under the server's root
KEYS = ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown")
PYSCRIPT = "assets/runtime/pyscript/"  # PyScript's files in the site
# What core.js names in PyScript's core chunk (the built site ships the chunk without it):
# the chunk's file, and its name for `whenDefined`.
CORE_NAMES = (REPO_ROOT / PYSCRIPT / "core.js").read_text()
CORE_CHUNK = re.findall(r'from"\./(core-[\w-]{8}\.js)"', CORE_NAMES)[0]
WHEN_DEFINED = re.findall(r"\b(\w+) as whenDefined\b", CORE_NAMES)[0]
SW_TIMEOUT = 30.0  # seconds: installing means revalidating ~20 MB on a busy machine

# What the page can tell about its service worker and Cache Storage.
_OFFLINE_STATE = """async () => {
  const caches_ = {};
  for (const name of await caches.keys()) {
    caches_[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
  }
  const controller = navigator.serviceWorker.controller;
  return {
    state: window.py2048Offline ? window.py2048Offline.state : null,
    controlled: controller !== null,
    caches: caches_,
  };
}"""


@dataclass(frozen=True)
class Site:
    root: Path  # what the server serves; the site is in root / SUB_PATH
    release: str
    files: list[str]  # sw.js's precache list, relative to the site
    on_demand: list[str]  # kept too, fetched by the install after those (the solver's network)

    @property
    def cache(self) -> str:
        return f"py2048-{self.release}"


def build(out: Path, source: Path | None = None) -> Site:
    """Build the site into `out` (replacing it) and read back what its sw.js keeps."""
    shutil.rmtree(out, ignore_errors=True)
    command = ["node", str(REPO_ROOT / "build" / "site.mjs"), str(out)]
    if source is not None:
        command += ["--source", str(source)]
    subprocess.run(command, check=True, cwd=REPO_ROOT, capture_output=True)
    sw = (out / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))  # type: ignore[union-attr]
    release = re.search(r'const RELEASE = "([0-9a-f]+)";', sw).group(1)  # type: ignore[union-attr]
    on_demand = json.loads(re.search(r"const ON_DEMAND = (\[.*?\]);", sw, re.S).group(1))  # type: ignore[union-attr]
    return Site(root=out.parent, release=release, files=files, on_demand=on_demand)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """One build of this repository, shared by the tests that do not change it."""
    return build(tmp_path_factory.mktemp("served") / SUB_PATH)


@contextmanager
def opened(browser: Browser, base_url: str, **options: Any) -> Iterator[GamePage]:
    """The game at `base_url` in a fresh context; fails on page errors or foreign requests."""
    context = browser.new_context(viewport={"width": 1000, "height": 800}, **options)
    game = GamePage(context, context.new_page(), base_url)
    try:
        yield game
    finally:
        errors, foreign = list(game.page_errors), game.foreign_requests()
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"
    assert not foreign, f"requests to another origin: {foreign}"


def until(game: GamePage, what: str, check: Callable[[], bool], timeout: float = SW_TIMEOUT) -> None:
    """Poll `check` (which may find the page between two documents) until it holds."""
    def safe() -> bool:
        try:
            return check()
        except PlaywrightError:
            return False  # "execution context was destroyed": a navigation is under way

    deadline = time.monotonic() + timeout
    while not safe():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}; "
                                 f"console errors: {game.console_errors}")
        game.page.wait_for_timeout(50)  # the poll interval; lets the page's events in


def offline_state(game: GamePage) -> dict[str, Any]:
    state: dict[str, Any] = game.page.evaluate(_OFFLINE_STATE)
    return state


def wait_cached(game: GamePage, site: Site) -> dict[str, Any]:
    """Wait until the service worker controls the page with the whole release cached
    (what the page loads, `./`, and what it fetches on demand)."""
    found: list[dict[str, Any]] = []
    whole = len(site.files) + 1 + len(site.on_demand)

    def done() -> bool:
        state = offline_state(game)
        found[:] = [state]
        return bool(state["controlled"]) and len(state["caches"].get(site.cache, [])) == whole

    until(game, f"the page controlled and {site.cache} complete", done)
    return found[0]


def play(game: GamePage) -> None:
    """Press keys until the board has moved at least once more."""
    moves = int(game.state()["moves"])
    inputs = int(game.state()["inputs"])
    for key in KEYS:
        game.press(key)
        inputs += 1
        game.wait_inputs(inputs)
    assert int(game.state()["moves"]) > moves, "four directions and not one move"


def release_of(game: GamePage) -> str:
    found: str = game.page.evaluate(
        "() => { const m = document.querySelector('meta[name=\"py2048-release\"]');"
        " return m ? m.content : ''; }")
    return found


def update_shown(game: GamePage) -> bool:
    return bool(game.page.evaluate(
        "() => { const u = document.getElementById('update');"
        " return !u.hidden && u.getClientRects().length > 0; }"))


def site_path(url: str) -> str:
    """A requested URL as a path inside the site ("" for the site's root is index.html)."""
    path = unquote(urlsplit(url).path)
    prefix = f"/{SUB_PATH}/"
    assert path.startswith(prefix), f"a request outside the site: {url}"
    return path[len(prefix):] or "index.html"


def test_offline_reload_boots_plays_and_keeps_the_saved_game(browser: Browser, site: Site) -> None:
    """Promise: after one visit the game boots and plays with the network gone, its saved
    game intact, and its Hint has the solver's network, which that visit never asked for
    (the service worker's install kept it). One visit under a sub-path, a few moves, then
    the server is shut down and the context taken offline; the reload is answered by the
    service worker alone."""
    with ExitStack() as server:
        url = server.enter_context(serve(site.root))
        with opened(browser, url + SUB_PATH) as game:
            game.start()
            state = wait_cached(game, site)
            assert list(state["caches"]) == [site.cache], "one cache, named for the release"
            cached = {site_path(u) for u in state["caches"][site.cache]}
            assert site.on_demand == ["assets/solver/network.bin"]
            kept = set(site.files) | set(site.on_demand)
            assert cached == kept, "the cache holds other files than sw.js names"
            play(game)
            before = game.state()

            server.close()  # the network is gone for real, not just emulated
            game.context.set_offline(True)
            game.requests.clear()
            game.page.reload()
            after = game.wait_ready()
            for name in ("board", "score", "moves", "best", "won", "size"):
                assert after[name] == before[name], f"{name} offline: {after[name]} != {before[name]}"
            assert release_of(game) == site.release
            wasm = game.page.evaluate(
                "async () => (await caches.match('assets/runtime/pyodide/pyodide.asm.wasm'))"
                ".headers.get('content-type')")
            assert wasm == "application/wasm", "the cached wasm lost its type (no streaming compile)"
            play(game)
            game.click("#hint")  # on 4x4: the solver's network, from the cache
            hinted = game.wait_for("the hint", lambda data: "hint" in data, BOOT_TIMEOUT)
            assert hinted["solver"] == "learned", hinted
            # The query string is ignored for matching, yet still seen by the page and by
            # the engine's worker (`?boot=plain`): the plain start works offline too.
            game.expected_engine = "plain"
            game.page.goto(game.base_url + "/?engine=plain")
            assert game.wait_ready()["board"] != "", "no board"
            assert not game.bad_responses, f"failed while offline: {game.bad_responses}"
            assert game.requests, "the reload made no requests at all?"


def test_a_network_the_install_could_not_get_is_kept_when_first_fetched(browser: Browser, site: Site) -> None:
    """Promise (docs/offline.md, "Kept later"): a release whose install could not fetch the
    solver's network (the server refused it once) plays offline all the same, and the
    network is kept the first time the page fetches it through the service worker: a
    Hint then, and Hint offline afterwards, both use it."""
    network = site.on_demand[0]
    refused: list[str] = []

    class RefusedOnce(QuietHandler):
        def do_GET(self) -> None:
            if self.path.split("?")[0].endswith(network) and not refused:
                refused.append(self.path)
                self.send_error(503)
                return
            super().do_GET()

    def kept() -> list[str]:
        state = offline_state(game)
        return [site_path(u) for u in state["caches"].get(site.cache, [])] if state["controlled"] else []

    with ExitStack() as server:
        url = server.enter_context(serve(site.root, RefusedOnce))
        with opened(browser, url + SUB_PATH) as game:
            game.start()
            until(game, "the release installed without the network",
                  lambda: len(kept()) == len(site.files) + 1 and bool(refused))
            assert network not in kept()
            game.page.reload()  # an engine made under the worker: its fetches go through it
            game.wait_ready()
            game.click("#hint")
            hinted = game.wait_for("the hint", lambda data: "hint" in data, BOOT_TIMEOUT)
            assert hinted["solver"] == "learned"
            until(game, "the network kept", lambda: network in kept())

            server.close()
            game.context.set_offline(True)
            game.page.reload()
            game.wait_ready()
            game.click("#hint")
            hinted = game.wait_for("the hint offline", lambda data: "hint" in data, BOOT_TIMEOUT)
            assert hinted["solver"] == "learned", hinted


def _session(browser: Browser, site: Site, slow: bool) -> tuple[set[str], set[str]]:
    """What a real session (boot, moves, reload; the browser reads the manifest as for
    an install) fetched, recorded by the server with service workers blocked so that
    every file is fetched by the page itself: (served in full, asked for). `slow`: the
    snapshot trickles, as on a phone's link, which the engine gives up on."""
    served: list[str] = []
    asked: list[str] = []

    class Recording(QuietHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            if slow and self.path.split("?")[0].endswith(".snapshot.gz"):
                body = (site.root / self.path.split("?")[0].lstrip("/")).read_bytes()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    for offset in range(0, len(body), 16384):  # ~160 KB/s
                        self.wfile.write(body[offset:offset + 16384])
                        time.sleep(0.1)
                except OSError:
                    return  # given up by the engine, as it should be
            else:
                super().do_GET()
            served.append(self.path)

    with serve(site.root, Recording) as url, opened(browser, url + SUB_PATH, service_workers="block") as game:
        if slow:
            game.expected_engine = "plain"
            game.page.goto(game.base_url + "/")  # the paced start
            game.wait_ready()
        else:
            game.start()
        play(game)
        game.wait_device_snapshot()
        game.page.reload()
        game.expected_engine = "snapshot"  # kept on the device by the first visit
        game.wait_ready()
        play(game)
        cdp = game.context.new_cdp_session(game.page)
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest["errors"]
    return {site_path(path) for path in served}, {site_path(path) for path in asked}


@pytest.mark.parametrize("link", ["fast", "slow"])
def test_precache_list_is_exactly_the_files_a_session_loads(browser: Browser, site: Site, link: str) -> None:
    """Promise: sw.js precaches exactly the files the page loads, no more, no less, on
    either kind of link, and the built site ships nothing else but the files it fetches
    on demand (the solver's network, which sw.js keeps too, after the others). The one
    file it ships and does not keep is the engine's 6 MB snapshot: only a fast link
    downloads it (the engine keeps it on the device itself); a slow link asks for it,
    gives up, and makes its own. The manifest's icons, fetched only when installing,
    count as loaded."""
    loaded, asked = _session(browser, site, slow=link == "slow")
    assert "sw.js" not in asked, "with workers blocked the page must not fetch sw.js"
    snapshot = {file for file in asked if file.endswith(".snapshot.gz")}
    assert len(snapshot) == 1, f"the snapshot is asked for once, on either link: {sorted(asked)}"
    if link == "fast":
        assert snapshot <= loaded
        loaded -= snapshot
    assert not snapshot & loaded, "a slow link downloaded the snapshot in full"
    manifest_file = "assets/manifest.webmanifest"
    manifest = json.loads((site.root / SUB_PATH / manifest_file).read_text())
    icons = {f"assets/{icon['src']}" for icon in manifest["icons"]}
    # A session speaks one language; the others are kept too, to switch to offline.
    languages = {file for file in site.files if file.startswith("assets/lang/")}
    assert "assets/lang/en.json" in loaded and len(languages) == 4
    assert manifest_file in loaded
    assert loaded | icons | languages == set(site.files), (
        f"loaded but not precached: {sorted(loaded - set(site.files))}; "
        f"precached but not loaded: {sorted(set(site.files) - loaded - icons - languages)}")
    assert len(site.files) == len(set(site.files))
    # The solver's network is kept too (fetched by the install after the others) but no
    # session asks for it before a 4x4 search needs it (tests/e2e/test_solver_network.py).
    assert site.on_demand == ["assets/solver/network.bin"] and not set(site.on_demand) & asked
    folder = site.root / SUB_PATH
    shipped = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert shipped == set(site.files) | {"sw.js"} | snapshot | set(site.on_demand), (
        f"shipped besides: {sorted(shipped - set(site.files))}")


def copy_of_repository(target: Path) -> Path:
    """What build/site.mjs reads, copied (the runtime linked, it is large and unchanged)."""
    target.mkdir(parents=True)
    for name in ("index.html", "pyscript.toml"):
        shutil.copy2(REPO_ROOT / name, target / name)
    for name in ("game", "build"):
        shutil.copytree(REPO_ROOT / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO_ROOT / "assets", target / "assets", ignore=shutil.ignore_patterns("runtime"))
    (target / "assets" / "runtime").symlink_to(REPO_ROOT / "assets" / "runtime", target_is_directory=True)
    return target


def test_new_release_waits_for_reload_click_then_replaces_the_old_cache(
        browser: Browser, tmp_path: Path) -> None:
    """Promise: a new release never switches under the player. A page controlled by
    release 1 sees "A new version is ready" once release 2 is deployed and it checks for
    updates; it keeps playing release 1 until "Reload" is clicked, which reloads into
    release 2; release 1's cache is then gone. A second tab gets the same offer, keeps
    playing release 1 when the first tab switches, and reloads into release 2 when its
    own "Reload" is clicked."""
    source = copy_of_repository(tmp_path / "source")
    out = tmp_path / "served" / SUB_PATH
    first = build(out, source)
    with serve(first.root) as url, opened(browser, url + SUB_PATH) as game:
        game.start()
        wait_cached(game, first)
        assert not update_shown(game), "an offer on the first visit"
        game.page.evaluate("() => { window.py2048StillHere = true; }")
        other = GamePage(game.context, game.context.new_page(), game.base_url)
        other.goto()
        other.wait_ready()
        other.page.evaluate("() => { window.py2048StillHere = true; }")

        with (source / "assets" / "style.css").open("a") as css:
            css.write("\n:root { --release: 2; }\n")  # a rule: the site ships no comments
        second = build(out, source)
        assert second.release != first.release, "a changed file must make a new release"
        game.page.evaluate(
            "async () => { await (await navigator.serviceWorker.getRegistration()).update(); }")
        until(game, "the new-version notice", lambda: update_shown(game))
        until(other, "the new-version notice in the other tab", lambda: update_shown(other))
        text = game.page.evaluate("() => document.getElementById('update').textContent")
        assert "A new version is ready" in text

        # Still release 1, same document, still playing.
        assert game.page.evaluate("() => window.py2048StillHere === true"), "the page was reloaded"
        assert release_of(game) == first.release
        play(game)
        assert offline_state(game)["controlled"]

        game.click("#update-reload")
        until(game, "the reload into release 2", lambda: release_of(game) == second.release
              and game.page.evaluate("() => document.readyState") != "loading", BOOT_TIMEOUT)
        game.wait_ready()
        assert not game.page.evaluate("() => window.py2048StillHere === true")
        state = wait_cached(game, second)
        assert list(state["caches"]) == [second.cache], f"old caches left: {list(state['caches'])}"
        assert not update_shown(game)

        # The other tab was not switched under its player: release 1, same document,
        # still offering the reload, which now simply reloads into release 2.
        assert other.page.evaluate("() => window.py2048StillHere === true"), "the other tab reloaded"
        assert release_of(other) == first.release and update_shown(other)
        other.click("#update-reload")
        until(other, "the other tab's reload into release 2", lambda: release_of(other) == second.release
              and other.page.evaluate("() => document.readyState") != "loading", BOOT_TIMEOUT)
        other.wait_ready()
        assert not update_shown(other)


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_built_site_is_installable_with_its_manifest_icons(
        browser: Browser, site: Site, tmp_path: Path) -> None:
    """Promise: the site is installable (Chromium's Page.getInstallabilityErrors is empty
    over http://127.0.0.1, in a profile on disk: incognito never installs) and the
    manifest's icons exist with the sizes it states, including a maskable one; its
    colours are the page's own."""
    executable = find_chromium()
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=executable, args=LAUNCH_ARGS,
        viewport={"width": 1000, "height": 800})
    try:
        with serve(site.root) as url:
            game = GamePage(context, context.new_page(), url + SUB_PATH)
            game.start()
            cdp = context.new_cdp_session(game.page)
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == [], errors
            assert not game.page_errors, game.page_errors
    finally:
        context.close()

    folder = site.root / SUB_PATH / "assets"
    manifest = json.loads((folder / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "../"
    purposes = set()
    for icon in manifest["icons"]:
        file = folder / icon["src"]
        assert file.is_file(), f"missing icon {icon['src']}"
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            width, height = png_size(file)
            assert icon["sizes"] == f"{width}x{height}", f"{icon['src']} is {width}x{height}"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes and purposes == {"any", "maskable"}

    html = (site.root / SUB_PATH / "index.html").read_text()
    light = re.search(r'name="theme-color" content="(#\w+)" media="\(prefers-color-scheme: light\)"', html)
    dark = re.search(r'name="theme-color" content="(#\w+)" media="\(prefers-color-scheme: dark\)"', html)
    page = re.search(r"--page: light-dark\((#\w+), (#\w+)\)", (folder / "style.css").read_text())
    assert light and dark and page
    assert (light[1], dark[1]) == (page[1], page[2]), "theme-color metas differ from the CSS --page"
    assert manifest["theme_color"] == manifest["background_color"] == page[1]


def test_development_page_registers_no_service_worker(open_game: OpenGame) -> None:
    """Promise: the repository's own page (served by `make`) never registers a service
    worker, so an edited file is never hidden by a stale cache, and it fetches nothing
    that is missing."""
    game = open_game()
    game.start()
    play(game)
    assert game.evaluate("() => window.py2048Offline.state") == "development"
    assert game.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0
    assert game.evaluate("async () => (await caches.keys()).length") == 0
    assert not game.bad_responses, game.bad_responses
    assert not game.console_errors, game.console_errors


def bundle_files(data: bytes) -> tuple[dict[str, bytes], int, str]:
    """One part of the UI's bytecode (build/site.mjs): its files' paths and bytes in order,
    how many of them come first, and the file that holds the later part ("" in that one)."""
    header, count, later, rest = data.split(b"\n", 3)
    assert header == b"py2048-ui 3"
    files = {}
    while rest:
        path, size, rest = rest.split(b"\n", 2)
        files[path.decode()], rest = rest[: int(size)], rest[int(size):]
    return files, int(count), later.decode()


def bundle_part(data: bytes) -> tuple[list[str], int, str]:
    """`bundle_files`, the paths only."""
    files, count, later = bundle_files(data)
    return list(files), count, later


def test_the_built_site_ships_at_start_only_what_the_first_game_needs(site: Site) -> None:
    """Promise (docs/performance.md): the modules of the rooms that join once the first
    game is on screen (game/ui/rooms.py `LATER`) are not in the bytecode fetched before
    the first tiles but in a part of their own, named by its hash, fetched once asked
    for; everything the page's start imports is in the first part, and imported."""
    assets = site.root / SUB_PATH.strip("/") / "assets"
    paths, count, later = bundle_part((assets / "ui-python.bin").read_bytes())
    assert re.fullmatch(r"assets/ui-later-[0-9a-f]{12}\.txt", later)
    assert "pyscript/__init__.mpy" in paths[count:]  # PyScript's own package, after the page's
    assert all(path.startswith("pyscript/") for path in paths[count:])
    encoded = (assets / later.removeprefix("assets/")).read_bytes()
    assert hashlib.sha256(encoded).hexdigest()[:12] == later[len("assets/ui-later-"):-len(".txt")]
    after, after_count, none = bundle_part(base64.b64decode(encoded))
    assert after[after_count:] == ["later-dialogs.html"] and none == ""  # below
    later_modules = {module.replace(".", "/") + ".mpy" for module in derived.later_modules()}
    assert {f"game/ui/{module}.mpy" for module, _ in rooms.LATER} <= later_modules
    assert later_modules <= set(after[:after_count]), sorted(later_modules - set(after))
    for needed in ("game/ui/app.mpy", "game/ui/moves.mpy", "game/ui/early.mpy", "game/rules.mpy",
                   "game/ui/rooms.mpy", "game/ui/memory.mpy", "game/__init__.mpy", "game/ui/__init__.mpy"):
        assert needed in paths, needed
    assert not set(paths) & set(after) and len(paths) == len(set(paths))
    assert later in (site.root / SUB_PATH.strip("/") / "sw.js").read_text(), "precached"


def test_the_later_rooms_dialogs_leave_the_built_page_and_travel_with_their_code(site: Site) -> None:
    """Promise (build/site.mjs, docs/performance.md "2026-12-05, afternoon"): the dialogs
    owned (`DIALOGS`) by the rooms that join later are not in the built page, whose
    browser would parse them before the first tiles, but in the later part, exactly as
    index.html has them but for its comments; the start's rooms' dialogs stay."""
    page = (site.root / SUB_PATH / "index.html").read_text(encoding="utf-8")
    source = (REPO_ROOT / "index.html").read_text(encoding="utf-8")
    assets = site.root / SUB_PATH.strip("/") / "assets"
    _, _, later_file = bundle_part((assets / "ui-python.bin").read_bytes())
    encoded = (assets / later_file.removeprefix("assets/")).read_bytes()
    later_part, _, _ = bundle_files(base64.b64decode(encoded))
    markup = later_part["later-dialogs.html"].decode()
    later = [name for room in rooms.later() for name in getattr(room, "DIALOGS", ())]
    assert {"settings", "help", "stats", "rankings", "review", "replay", "import"} <= set(later)
    for name in later:
        dialog = re.search(rf'<dialog\b[^>]*\bid="{name}-dialog"[\s\S]*?</dialog>', source)
        assert dialog, name
        assert f'id="{name}-dialog"' not in page, name
        assert re.sub(r"[ \t]*<!--[\s\S]*?-->\n?", "", dialog.group(0)) in markup, name
    for name in ("confirm", "win", "over"):  # the game in play's own
        assert f'id="{name}-dialog"' in page and f'id="{name}-dialog"' not in markup, name
    assert markup.count("<dialog") == len(later) and "<script" not in markup


# Every element that names a string (assets/settings.js): its key and what it shows.
NAMED = """() => [...document.querySelectorAll('[data-i18n]')]
  .map(e => [e.getAttribute('data-i18n'), e.textContent])
  .concat([...document.querySelectorAll('[data-i18n-attr]')].flatMap(e => e.getAttribute('data-i18n-attr')
    .split(' ').map(pair => pair.split(':')).map(([name, key]) => [key, e.getAttribute(name)])))"""


def test_the_later_dialogs_arrive_in_the_language_in_use(browser: Browser, site: Site) -> None:
    """Promise (assets/settings.js `place`): the later rooms' dialogs, put into the built
    page after the first game, speak the page's language. (The page waits for its
    strings before its first game, so they are always in before these dialogs; a
    language chosen later is applied to the whole page, these dialogs included.)"""
    catalan = json.loads((REPO_ROOT / "assets" / "lang" / "ca.json").read_text(encoding="utf-8"))
    with serve(site.root) as url, opened(browser, url + SUB_PATH, service_workers="block",
                                         locale="ca-ES") as game:
        game.start()
        game.poll("the later dialogs in the page",
                  lambda: bool(game.evaluate("() => !!document.getElementById('settings-dialog')")))
        shown = game.evaluate(NAMED)
        assert len(shown) > 150
        assert [(key, text) for key, text in shown if text != catalan[key]] == []
        assert game.page.locator("#help-title").text_content() == catalan["help_title"]
        game.click("#settings")
        game.poll("the settings dialog open", partial(game.dialog_open, "settings"))
        assert game.page.locator("#set-language").input_value() == "auto"


def test_the_built_page_carries_its_small_files_inline_and_its_policy_names_each_one(site: Site) -> None:
    """Promise (docs/performance.md, "the page's own small files inline"): the built page
    asks for none of its own small files. Its `mpy` script holds the config of
    pyscript.toml as JSON, with the bundle as its only file, and the entry script; its
    seven small scripts are inline, and so is the module script that mounts the bundle from
    PyScript's `onReady` hook (build/site/mount.py); the Content-Security-Policy allows
    scripts from the site and exactly those eight by their hashes, nothing else (no
    'unsafe-inline'). The one script it loads is PyScript's core chunk itself, not core.js,
    which only names the chunk's exports (a request fewer)."""
    page = (site.root / SUB_PATH / "index.html").read_text(encoding="utf-8")
    mpy = re.findall(r'<script type="mpy" config="([^"]*)">([\s\S]*?)</script>', page)
    assert len(mpy) == 1
    config = json.loads(html.unescape(mpy[0][0]))
    source = tomllib.loads((REPO_ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config == {"interpreter": source["interpreter"], "plugins": source["plugins"],
                      "files": {"./assets/ui-python.bin": "./ui-python.bin"}}
    assert "__import__(PAGE)" in mpy[0][1]
    hook = re.findall(r'<script type="module">([\s\S]*?)</script>', page)
    assert len(hook) == 1 and "hooks.main.onReady.add" in hook[0] and "os.mount(bundle, MOUNT)" in hook[0]
    inline = re.findall(r"<script>([\s\S]*?)</script>", page)
    assert len(inline) == 7 and "py2048Lang" in inline[0]
    # the page's one script from a file is PyScript's core chunk, which core.js names
    assert re.findall(r'<script[^>]* src="([^"]*)"', page) == [f"{PYSCRIPT}{CORE_CHUNK}"]
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert policy
    script_src = next(d.split()[1:] for d in policy.group(1).split(";") if d.split()[:1] == ["script-src"])
    digests = (base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() for text in inline + hook)
    hashes = {f"'sha256-{digest}'" for digest in digests}
    assert set(script_src) == {"'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"} | hashes
    for gone in ("pyscript.toml", "assets/unpack.py", "assets/settings.js", "assets/storage.js",
                 "assets/boot.js", "assets/rankings.js", "assets/dom.js"):
        assert gone not in site.files and not (site.root / SUB_PATH / gone).exists(), gone


def test_the_built_site_imports_from_its_bundle_and_never_searches_the_file_system(site: Site) -> None:
    """Promise (build/site/unpack.py): the built page's imports look in its bundle and in
    MicroPython's frozen modules only, and raise nothing on the way. Each lookup that
    misses in the interpreter's own file system throws and catches a JavaScript
    exception: 72 of them at every start before (`import json`, `random`, `hashlib`...
    looked for json, json.py and json.mpy in '' and /lib first); so does every exception
    raised in MicroPython, as each miss in the bundle was (125 at every start). Its entry
    script run in MicroPython under Node, with its bundle."""
    run = subprocess.run(["node", str(REPO_ROOT / "tests" / "e2e" / "entry_imports.mjs"),
                          str(site.root / SUB_PATH)], capture_output=True, text=True, check=True)
    found = json.loads(run.stdout)
    assert "json.py" in found["control"], "the probe sees a miss"
    assert found["missed"] == []
    assert found["raised"] == 0
    assert found["path"] == ["/py2048", ".frozen"]
    assert {"game.ui.page", "game.ui.starting", "game.rules", "game.session"} <= set(found["modules"])
    paths, count, _ = bundle_part((site.root / SUB_PATH / "assets" / "ui-python.bin").read_bytes())
    modules = {p[: -len(".mpy")].replace("/", ".").removesuffix(".__init__") for p in paths[:count]}
    assert set(found["modules"]) == modules - {"game.ui.app"}  # all of the start's but the page


# Run in the page's MicroPython: where each module of PyScript's package was loaded from.
PYSCRIPT_MODULES = """async () => {
  const core = await import("./assets/runtime/pyscript/CORE_CHUNK");
  const { interpreter } = await core.WHEN_DEFINED("mpy");
  interpreter.runPython([
    "import js, sys",
    "js.window.pyscriptModules = js.JSON.parse(__import__('json').dumps(sorted(",
    "    [name, getattr(module, '__file__', '')] for name, module in sys.modules.items()",
    "    if name.split('.')[0] == 'pyscript')))",
  ].join("\\n"));
  return window.pyscriptModules;
}""".replace("CORE_CHUNK", CORE_CHUNK).replace("WHEN_DEFINED", WHEN_DEFINED)


def test_the_built_page_imports_pyscripts_own_package_from_its_bundle(browser: Browser, site: Site) -> None:
    """Promise (build/site/mount.py): PyScript imports its `pyscript` package at every
    start; on the built site that import reads the bytecode the bundle carries (mounted
    from PyScript's `onReady` hook, before PyScript's start-up code), not the sources
    PyScript writes into the file system, which MicroPython would compile. Every module
    of the package the page has loaded comes from the bundle, and the bundle carries none
    the page does not load."""
    paths, count, _ = bundle_part((site.root / SUB_PATH / "assets" / "ui-python.bin").read_bytes())
    shipped = {path[: -len(".mpy")].replace("/", ".").removesuffix(".__init__") for path in paths[count:]}
    with serve(site.root) as url, opened(browser, url + SUB_PATH, service_workers="block") as game:
        game.start()
        play(game)
        modules = dict(game.page.evaluate(PYSCRIPT_MODULES))
    loaded = {name: file for name, file in modules.items() if file}  # not the JavaScript ones PyScript names
    assert {"pyscript", "pyscript.context", "pyscript.ffi"} <= set(loaded)
    assert {name: file for name, file in loaded.items() if not file.startswith("/py2048/pyscript/")} == {}
    assert set(loaded) == shipped


def closed(game: GamePage, dialog: str) -> bool:
    return not game.dialog_open(dialog)


def test_a_button_pressed_before_the_later_rooms_code_is_in_works_once_it_is(browser: Browser,
                                                                            site: Site) -> None:
    """Promise (game/ui/router.py `when_in`): the later rooms' part of the built site's
    bytecode comes after the first game; Settings pressed before it is in opens the
    dialog once it is, the board plays meanwhile, and a download that fails or brings
    something else is tried again. The engine takes over meanwhile, and its first reply's
    milestones would fill the Settings form, which is not in the page yet: it is filled
    as it opens (game/ui/elements.py `show_settings`)."""
    asked: list[str] = []
    held: list[Any] = []

    def later_part(route: Any) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.fulfill(body=base64.b64encode(b"not the page's Python"))  # a broken copy
        elif len(asked) == 2:
            route.abort()  # no network
        else:
            held.append(route)  # the third waits for the test

    with serve(site.root) as url, opened(browser, url + SUB_PATH, service_workers="block") as game:
        game.context.route("**/assets/ui-later-*.txt", later_part)
        game.start()
        play(game)
        game.poll("the later part asked for again", lambda: len(held) == 1)
        game.click("#settings")
        play(game)
        assert not game.dialog_open("settings")
        held[0].continue_()
        game.poll("the settings dialog open", partial(game.dialog_open, "settings"))
        game.click("#settings-dialog [data-action=close-settings]")
        game.poll("the settings dialog closed", partial(closed, game, "settings"))
        play(game)
        assert len(asked) == 3


def test_the_later_rooms_of_the_built_site_open_their_dialogs(browser: Browser, site: Site) -> None:
    """Their modules, written but not imported at start, import when first asked for."""
    with serve(site.root) as url, opened(browser, url + SUB_PATH, service_workers="block") as game:
        game.start()
        play(game)
        for button, dialog, close in (("#settings", "settings", "close-settings"),
                                      ("#stats", "stats", "close-stats"),
                                      ("#help", "help", "close"),
                                      ("#rankings", "rankings", "close-rankings")):
            game.click(button)
            game.poll(f"the {dialog} dialog open", partial(game.dialog_open, dialog))
            game.click(f"#{dialog}-dialog [data-action={close}]")
            game.poll(f"the {dialog} dialog closed", partial(closed, game, dialog))
        play(game)
