"""What browser tests and benchmarks share: finding a Chromium, launch flags, a server.

Tests look for a browser instead of naming one: $CHROMIUM, then a Chromium on PATH
(Debian's `chromium`), else Playwright's own download if one is installed.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Without the networking flags Chromium keeps calling home, which this closed network
# refuses many times a second; --no-sandbox because CI runs as root.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_chromium() -> str | None:
    """A Chromium executable, or None to let Playwright use its own download."""
    named = os.environ.get("CHROMIUM")
    if named:
        return named
    for candidate in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(candidate)
        if found:
            return found
    return None


def launch_chromium(playwright: Any) -> Any:
    """A Chromium from `find_chromium`, with the launch flags, through a started
    Playwright (its Browser)."""
    executable = find_chromium()
    if executable:
        return playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
    return playwright.chromium.launch(args=LAUNCH_ARGS)


TYPES = {
    **http.server.SimpleHTTPRequestHandler.extensions_map,
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".webmanifest": "application/manifest+json",
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types module scripts and WebAssembly streaming need."""

    extensions_map = TYPES

    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing when a client hangs up mid-response (a test that aborts a download)."""

    def handle_error(self, request: object, client_address: object) -> None:
        pass


@contextmanager
def serve(root: Path = ROOT, handler_class: type[QuietHandler] = QuietHandler) -> Iterator[str]:
    """Serve `root` on a free loopback port; yields the base URL (with a trailing /)."""
    handler = functools.partial(handler_class, directory=str(root))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
