"""The bench's loopback web server: serves a directory the way a static host would.

Why not tests/browser.py's plain server: a real host (GitHub Pages, any CDN) sends
text, scripts and WebAssembly gzip-compressed and lets the browser cache files for a
while, and both change what a visit costs, above all on a slow link. So this server
- compresses every response with gzip level 6 when the browser accepts it, except
  files that are already compressed (.gz, .zip, images, web fonts): they go as they are;
- sends `Cache-Control: max-age=600` and an ETag (GitHub Pages' policy), and answers a
  revalidation with 304;
- logs every request (path, status, raw and sent body bytes), so a benchmark can count
  exactly what one page load fetched, the worker's requests included;
- answers `/__bench/bytes?n=N` with N incompressible, uncacheable bytes: a download of
  known size;
- serves under a sub-path when asked (`prefix`, as GitHub Pages serves a project site);
- can be a slow link itself (`Link`): every response waits one round trip before its
  first byte, and every body shares one rate limit with every other response of every
  server on that link. Chromium's own network emulation holds a page to its rate but
  not its workers and service worker alike (measured: a first visit's server sent 13 MB
  in the 43 s in which 8.6 MB could pass), so the link is made here, where everything
  the page, its worker and its service worker download passes.
"""

from __future__ import annotations

import gzip
import http.server
import mimetypes
import os
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from tests.browser import TYPES

# Already compressed: a server sends these as they are.
STORED_AS_IS = {".gz", ".zip", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".br"}
GZIP_LEVEL = 6
CACHE_CONTROL = "max-age=600"


class Link:
    """A slow link between the browser and the bench's servers: one round trip before
    each response, and one shared rate for all the bytes of every response (each chunk
    waits its turn, so concurrent downloads share the rate as they would on a phone)."""

    CHUNK = 16384

    def __init__(self, round_trip_ms: float, bytes_per_second: float) -> None:
        self.round_trip = round_trip_ms / 1000
        self.rate = bytes_per_second
        self.lock = threading.Lock()
        self.free_at = 0.0  # when the link has sent every byte given to it so far

    def wait_first_byte(self) -> None:
        time.sleep(self.round_trip)

    def write(self, out: Any, data: bytes) -> int:
        """Send `data` at the link's pace; the bytes sent before the client hung up."""
        sent = 0
        for start in range(0, len(data), self.CHUNK):
            chunk = data[start : start + self.CHUNK]
            with self.lock:
                begins = max(time.monotonic(), self.free_at)
                self.free_at = begins + len(chunk) / self.rate
                done = self.free_at
            time.sleep(max(0.0, done - time.monotonic()))
            try:
                out.write(chunk)
            except ConnectionError:
                return sent
            sent += len(chunk)
        return sent


def compressible(path: str) -> bool:
    return os.path.splitext(path)[1].lower() not in STORED_AS_IS


@dataclass(frozen=True)
class Hit:
    """One request as the server answered it."""

    at: float  # time.monotonic() when the request arrived
    path: str  # URL path, decoded, without the query
    status: int
    raw: int  # body bytes before compression (0 for 304 and errors)
    sent: int  # body bytes on the wire (to the client's end, or until it hung up)
    gzip: int  # body bytes if gzip-6 compressed like a server would (as is if already compressed)
    done: float = 0.0  # time.monotonic() when the body was sent


class Site:
    """A served directory: the request log and a cache of compressed files."""

    def __init__(self, root: Path, prefix: str = "/", link: Link | None = None) -> None:
        self.root = root
        self.prefix = prefix  # the site's sub-path ("/" for none), ending in "/"
        self.link = link
        self.hits: list[Hit] = []
        self.lock = threading.Lock()
        self.packed: dict[tuple[str, int], bytes] = {}
        self.url = ""

    def record(self, hit: Hit) -> None:
        with self.lock:
            self.hits.append(hit)

    def since(self, index: int) -> list[Hit]:
        with self.lock:
            return list(self.hits[index:])

    def mark(self) -> int:
        with self.lock:
            return len(self.hits)

    def gzipped(self, path: Path, raw: bytes, mtime: int) -> bytes:
        key = (str(path), mtime)
        with self.lock:
            found = self.packed.get(key)
        if found is None:
            found = gzip.compress(raw, GZIP_LEVEL, mtime=0)
            with self.lock:
                self.packed[key] = found
        return found


class Handler(http.server.BaseHTTPRequestHandler):
    """GET and HEAD of static files, compressed and cacheable like a static host."""

    protocol_version = "HTTP/1.1"  # keep-alive, as any real host
    site: Site  # set per server by `serve`

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.answer(body=True)

    def do_HEAD(self) -> None:
        self.answer(body=False)

    def answer(self, body: bool) -> None:
        arrived = time.monotonic()
        parts = urlsplit(self.path)
        path = unquote(parts.path)
        if path == "/__bench/bytes":
            size = int(parse_qs(parts.query).get("n", ["100000"])[0])
            self.send(200, os.urandom(size), "application/octet-stream", body, {"Cache-Control": "no-store"})
            self.site.record(Hit(arrived, path, 200, size, size, size))
            return
        if not path.startswith(self.site.prefix):
            self.send(404, b"not found\n", "text/plain", body, {})
            self.site.record(Hit(arrived, path, 404, 0, 10, 10))
            return
        path = "/" + path[len(self.site.prefix):]
        file = self.site.root / path.lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        try:
            inside = file.resolve().is_relative_to(self.site.root.resolve())
        except OSError:
            inside = False
        if not inside or not file.is_file():
            self.send(404, b"not found\n", "text/plain", body, {})
            self.site.record(Hit(arrived, path, 404, 0, 10, 10))
            return
        stat = file.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        headers = {"Cache-Control": CACHE_CONTROL, "ETag": etag}
        if self.headers.get("If-None-Match") == etag:
            self.send(304, b"", "", False, headers)
            self.site.record(Hit(arrived, path, 304, 0, 0, 0))
            return
        raw = file.read_bytes()
        ctype = TYPES.get(file.suffix.lower()) or mimetypes.guess_type(file.name)[0] or "text/plain"
        packed = raw
        if compressible(file.name):
            packed = self.site.gzipped(file, raw, stat.st_mtime_ns)
            headers["Vary"] = "Accept-Encoding"
        data = raw
        if compressible(file.name) and "gzip" in self.headers.get("Accept-Encoding", ""):
            data = packed
            headers["Content-Encoding"] = "gzip"
        sent = self.send(200, data, ctype, body, headers)
        self.site.record(Hit(arrived, path, 200, len(raw), sent, len(packed), time.monotonic()))

    def send(self, status: int, data: bytes, ctype: str, body: bool, headers: dict[str, str]) -> int:
        """Answer; the body bytes that reached the client (fewer when it hung up)."""
        link = self.site.link
        if link is not None:
            link.wait_first_byte()
        self.send_response(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if not body or status == 304:
            return 0
        # A browser that gave up on it (an aborted download, a closed context) is
        # nothing to report, but only what it got was sent.
        if link is not None:
            return link.write(self.wfile, data)
        try:
            self.wfile.write(data)
        except ConnectionError:
            return 0
        return len(data)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def get_request(self) -> tuple[socket.socket, Any]:
        """Each answer leaves at once, as from any real host (nginx, a CDN: TCP_NODELAY).
        Without it the headers and the body of an answer go out in two writes, and on a
        kept-alive connection the body then waited for the browser's delayed ACK: 44 ms
        on every request after a connection's first (measured here). A page of six files
        (one per connection) never paid that; one of fifteen paid it again and again."""
        connection, address = super().get_request()
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return connection, address

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser context closed mid-request is normal here: say nothing about it."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


@contextmanager
def serve(root: Path, prefix: str = "/", link: Link | None = None) -> Iterator[Site]:
    """Serve `root` on a free loopback port, under `prefix`, through `link` if given;
    yields the Site, its `url` (the prefix's address, ending in /)."""
    site = Site(root, prefix, link)
    handler = type("SiteHandler", (Handler,), {"site": site})
    server = Server(("127.0.0.1", 0), handler)
    site.url = f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()
