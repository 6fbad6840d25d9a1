"""The built site's entry script (build/site.mjs): the page's Python arrives as one file.

The page runs some forty Python modules in MicroPython. Fetched one by one, on a
phone's link (HTTP/1.1: six at a time, a round trip each), they cost more than a
second before the first tile, and compiling them from source costs a phone's CPU more
again. The built site ships them compiled to MicroPython bytecode (mpy-cross) in one
file, `ui-python.bin` (written into the interpreter's file system by PyScript, from
pyscript.toml), which this script unpacks before it runs the page:

    b"py2048-ui 2\\n<n>\\n", then per module b"<path of its .mpy>\\n<length>\\n" and its bytes

where the first n modules are those the page imports to start; the others are written
too, and imported only when the rooms that join later are (game/ui/rooms.py `later`).

On a phone that start is one long task: PyScript's own (writing and importing its
`pyscript` package), then this script, its unpacking, the forty imports and the first
paint, all in one run of promise callbacks, which the phone's browser cannot interrupt
to answer a tap, and which Lighthouse counts as blocking time. So it goes a step at a
time: it first lets PyScript's task end, then unpacks, then imports the modules in a
few groups, each in a task of its own, and the page last.
"""

import os

import asyncio

# Groups of modules imported in one task. A fixed number, not a time budget: the same
# few turns on any device (each costs a timer), and each group small enough that a
# phone's CPU, about four times slower than a desktop's, ends it well within 50 ms
# (docs/performance.md).
GROUPS = 4


def _next_turn():
    """A task of its own for what follows: a timer, not a promise's callback, which
    would run in the same task."""
    return asyncio.sleep_ms(1)


def _folders(path):
    parts = path.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        try:
            os.mkdir("/".join(parts[:depth]))
        except OSError:  # there already
            pass


def _unpack(name):
    """Write every module the bundle holds; the paths of those the start imports, in the
    bundle's order."""
    paths = []
    with open(name, "rb") as bundle:
        data = bundle.read()
    at = data.index(b"\n") + 1
    if data[:at] != b"py2048-ui 2\n":
        raise ValueError("not the page's Python")
    count_end = data.index(b"\n", at)
    at_start = int(data[at:count_end])
    at = count_end + 1
    while at < len(data):
        end = data.index(b"\n", at)
        path = data[at:end].decode()
        size_end = data.index(b"\n", end + 1)
        size = int(data[end + 1 : size_end])
        _folders(path)
        with open(path, "wb") as module:
            module.write(data[size_end + 1 : size_end + 1 + size])
        paths.append(path)
        at = size_end + 1 + size
    return paths[:at_start]


def _module(path):
    """game/ui/text.mpy -> game.ui.text; None for a package's __init__."""
    name = path[: -len(".mpy")].replace("/", ".")
    return None if name.endswith(".__init__") else name


await _next_turn()  # noqa: F704  (PyScript runs this script with top-level await)
paths = _unpack("ui-python.bin")
await _next_turn()  # noqa: F704

# Before the page's forty modules are imported: collections spaced as in play.
from game.ui import memory  # noqa: E402

memory.configure()

PAGE = "game.ui.app"  # the page itself: it starts when imported, so it comes last
modules = [name for name in map(_module, paths) if name is not None and name != PAGE]
size = -(-len(modules) // GROUPS)
for first in range(0, len(modules), size):
    for name in modules[first : first + size]:
        __import__(name)
    await _next_turn()  # noqa: F704
__import__(PAGE)
