"""The one offline file (`node build/onefile.mjs`) plays from disk with no network at all.

Built afresh into a temporary folder (so a dependency upgrade that breaks it fails
here), then opened by `file://` with every request outside the file refused, and the
same file served over http: it reaches `playing`, moves, keeps the game across a
reload, and from its second opening starts from the memory snapshot it made on the
device at the first.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route

from tests.browser import serve
from tests.e2e.conftest import REPO_ROOT
from tests.e2e.gamepage import BOOT_TIMEOUT, GamePage

# Schemes a page made only of itself may use: the file, and what it makes from its
# own bytes.
OWN_SCHEMES = ("file:", "data:", "blob:")

# How many snapshots the engine worker keeps in IndexedDB (assets/engine/device_snapshot.mjs).
_KEPT_SNAPSHOTS = """() => new Promise((resolve) => {
  const request = indexedDB.open("py2048-engine", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
  request.onerror = () => resolve(-1);
  request.onsuccess = () => {
    const count = request.result.transaction("snapshots").objectStore("snapshots").count();
    count.onsuccess = () => { resolve(count.result); request.result.close(); };
    count.onerror = () => resolve(-1);
  };
})"""


# WebKit's rule for a worker that a file:// page starts from a blob (docs/offline.md):
# it may make blobs but not read them. Put in front of the engine worker's source (the
# blob build/onefile/head.js makes), this makes Chromium's worker as strict: every way
# to read a blob, or to make a blob: URL to fetch or import, throws.
_WEBKIT_BLOB_RULE = """(() => {
  const refuse = (what) => () => {
    throw new DOMException(what + " in the engine's worker (WebKit cannot)", "NotReadableError");
  };
  for (const name of ["arrayBuffer", "bytes", "stream", "text"]) {
    Blob.prototype[name] = refuse("Blob." + name);
  }
  URL.createObjectURL = refuse("URL.createObjectURL");
  self.FileReader = self.FileReaderSync = refuse("FileReader");
  const NativeResponse = Response;
  self.Response = class extends NativeResponse {
    constructor(body, init) {
      if (body instanceof Blob) refuse("new Response(blob)")();
      super(body, init);
    }
  };
})();
"""
_STRICT_WORKER = """(() => {
  const NativeBlob = Blob;
  const rule = RULE;
  window.Blob = class extends NativeBlob {
    constructor(parts, options) {
      const worker = parts && typeof parts[0] === "string" && parts[0].startsWith("self.py2048WorkerUrl");
      super(worker ? [rule, ...parts] : parts, options);
    }
  };
})();""".replace("RULE", json.dumps(_WEBKIT_BLOB_RULE))


@pytest.fixture(scope="session")
def one_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/2048.html built from this checkout, alone in a folder of its own."""
    target = tmp_path_factory.mktemp("onefile") / "2048.html"
    subprocess.run(["node", "build/onefile.mjs", str(target)], cwd=REPO_ROOT, check=True,
                   capture_output=True)
    return target


@contextmanager
def opened(browser: Browser, address: str, folder: str, init_script: str = "",
           quiet: bool = True) -> Iterator[GamePage]:
    """The page at `address` in a fresh context where only `folder`'s URLs, data: and
    blob: may load: anything else is refused and recorded (GamePage.requests); with
    `init_script` run before the page's own; `quiet`: no console error, no page error."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    if init_script:
        context.add_init_script(init_script)

    def refuse_others(route: Route) -> None:
        if route.request.url.startswith(folder):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", refuse_others)
    game = GamePage(context, context.new_page(), folder.rstrip("/"))
    game.page.goto(address)
    try:
        yield game
        if quiet:
            assert not game.page_errors, f"uncaught errors in the page: {game.page_errors}"
            assert not game.console_errors, f"console errors: {game.console_errors}"
        strangers = [url for url in game.requests
                     if not (url.startswith(folder) or url.startswith(OWN_SCHEMES[1:]))]
        assert not strangers, f"requests outside the file: {strangers}"
    finally:
        context.close()


def play_two_moves(game: GamePage) -> tuple[str, str, str]:
    """Press arrow keys, one handled at a time, until two of them moved the tiles; the
    board, score and moves then."""
    data = game.state()
    goal, inputs = int(data["moves"]) + 2, int(data["inputs"])
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown") * 3:
        game.press(key)
        inputs += 1
        data = game.wait_inputs(inputs)
        if int(data["moves"]) == goal:
            break
    assert int(data["moves"]) == goal, f"no two moves in twelve keys: {data}"
    return data["board"], data["score"], data["moves"]


def test_one_file_plays_from_disk_with_every_request_outside_it_refused(
        browser: Browser, one_file: Path) -> None:
    """Its engine's worker held to WebKit's rule (no blob read: _WEBKIT_BLOB_RULE), from
    the first opening to the snapshot kept and restored; and Hint on 4x4 finds its move
    with the solver's network, which the file carries (`#game[data-solver]`)."""
    address = one_file.as_uri()
    with opened(browser, address, one_file.parent.as_uri() + "/", _STRICT_WORKER) as game:
        game.expected_engine = "plain"  # the first opening: nothing to restore yet
        game.wait_ready()
        board, score, moves = play_two_moves(game)
        game.poll("the engine's snapshot kept for the next opening",
                  lambda: game.evaluate(_KEPT_SNAPSHOTS) == 1, timeout=BOOT_TIMEOUT)

        game.page.reload()
        game.expected_engine = "snapshot"  # made on this device at the first opening
        resumed = game.wait_ready()
        assert (resumed["board"], resumed["score"], resumed["moves"]) == (board, score, moves)
        after = play_two_moves(game)
        assert int(after[2]) == int(moves) + 2
        assert "solver" not in game.state(), "the network is not read before it is needed"
        game.click("#hint")
        hinted = game.wait_for("the hint", lambda data: "hint" in data, BOOT_TIMEOUT)
        assert hinted["solver"] == "learned", hinted

        assert game.requests, "the requests were not recorded"
        assert all(url.startswith(OWN_SCHEMES) for url in game.requests), game.requests
        assert game.evaluate("() => location.protocol") == "file:"


def test_one_file_served_over_http_plays_and_resumes_the_same(
        browser: Browser, one_file: Path) -> None:
    with serve(one_file.parent) as folder, opened(browser, folder + one_file.name, folder) as game:
        game.expected_engine = "plain"
        game.wait_ready()
        board, score, moves = play_two_moves(game)
        game.page.reload()
        # (plain or snapshot: whether the snapshot was kept before the reload)
        resumed = game.wait_status("playing", "won", "over", timeout=BOOT_TIMEOUT)
        assert (resumed["board"], resumed["score"], resumed["moves"]) == (board, score, moves)
        assert play_two_moves(game)[2] == str(int(moves) + 2)
        own = [url for url in game.requests if not url.startswith(("data:", "blob:"))]
        assert set(own) == {folder + one_file.name}, own


def test_an_engine_that_cannot_start_says_why_in_words(browser: Browser, one_file: Path) -> None:
    """A start that fails (here Pyodide's module kept from the worker's files) ends in
    `data-status="error"`, and the page's log says why in words, not "<JsProxy 55>":
    the reason crosses into MicroPython as a plain string (assets/engine/client.js). It
    names the file as the site's watch does (assets/engine/watch.mjs): the one file's
    worker answers a file it does not hold with a 404 (build/onefile/prelude.js)."""
    withheld = """(() => {
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (message, ...rest) {
        if (message && message.files) delete message.files["assets/runtime/pyodide/pyodide.mjs"];
        return post.call(this, message, ...rest);
      };
    })();"""
    folder = one_file.parent.as_uri() + "/"
    with opened(browser, one_file.as_uri(), folder, withheld, quiet=False) as game:
        game.wait_status("error", timeout=BOOT_TIMEOUT)
        reason = "pyodide.mjs answered 404"
        game.poll("the reason in the page's log",
                  lambda: f"engine failed to start: {reason}" in game.console_errors)
        assert not [line for line in game.console_errors if "JsProxy" in line], game.console_errors
        assert game.evaluate("() => window.py2048Engine.failure") == reason
        # … and so does the page itself, under the failure's message, as text.
        shown = game.evaluate("() => { const d = document.getElementById('failure-detail');"
                              " return d.hidden ? null : d.textContent; }")
        assert shown == f"What failed: {reason}", shown
        assert not game.page_errors, game.page_errors
