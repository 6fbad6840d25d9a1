"""The built site's entry script (build/site.mjs): the page's Python arrives as one file.

The page runs some forty Python modules in MicroPython. Fetched one by one, on a
phone's link (HTTP/1.1: six at a time, a round trip each), they cost more than a
second before the first tile, and compiling them from source costs a phone's CPU more
again. The built site ships them compiled to MicroPython bytecode (mpy-cross) in one
file, `ui-python.bin` (written into the interpreter's file system by PyScript, from
pyscript.toml), which this script unpacks before it runs the page:

    b"py2048-ui 1\\n", then per module b"<path of its .mpy>\\n<length>\\n" and its bytes
"""

import os


def _folders(path):
    parts = path.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        try:
            os.mkdir("/".join(parts[:depth]))
        except OSError:  # there already
            pass


def _unpack(name):
    with open(name, "rb") as bundle:
        data = bundle.read()
    at = data.index(b"\n") + 1
    if data[:at] != b"py2048-ui 1\n":
        raise ValueError("not the page's Python")
    while at < len(data):
        end = data.index(b"\n", at)
        path = data[at:end].decode()
        size_end = data.index(b"\n", end + 1)
        size = int(data[end + 1 : size_end])
        _folders(path)
        with open(path, "wb") as module:
            module.write(data[size_end + 1 : size_end + 1 + size])
        at = size_end + 1 + size


_unpack("ui-python.bin")

# Before the page's forty modules are imported: collections spaced as in play.
from game.ui import memory  # noqa: E402

memory.configure()

import game.ui.app  # noqa: E402, F401  (the page itself: it starts when imported)
