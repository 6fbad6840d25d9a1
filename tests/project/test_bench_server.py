"""The bench's server serves like a real static host, or the bench compares pages unfairly."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.bench.server import Handler, Server


def test_every_answer_leaves_at_once_with_no_wait_for_the_browsers_ack(tmp_path: Path) -> None:
    """TCP_NODELAY on every connection: without it, each answer after a kept-alive
    connection's first waited 44 ms for the browser's delayed ACK, a cost that grew with
    the number of files a page loads (the game's fifteen, against the floor's six)."""
    server = Server(("127.0.0.1", 0), Handler)
    try:
        with socket.create_connection(("127.0.0.1", int(server.server_address[1]))) as client:
            accepted, _ = server.get_request()
            with accepted:
                assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
                assert client.getsockname() == accepted.getpeername()
    finally:
        server.server_close()
