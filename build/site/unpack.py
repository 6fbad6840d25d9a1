"""The built site's entry script (build/site.mjs puts it inline in the page): the page's Python
arrives in two files.

The page runs some forty Python modules in MicroPython. Fetched one by one, on a
phone's link (HTTP/1.1: six at a time, a round trip each), they cost more than a
second before the first tile, and compiling them from source costs a phone's CPU more
again. The built site ships them compiled to MicroPython bytecode (mpy-cross), those
the first game needs in one file, `ui-python.bin` (written into the interpreter's file
system by PyScript, as the page's config says), which this script makes importable before it
runs the page:

    b"py2048-ui 3\\n<n>\\n<later part>\\n", then per module b"<path of its .mpy>\\n<length>\\n"
    and its bytes

where the first n modules are those the page imports to start. The modules only the
rooms that join later import (game/ui/rooms.py `LATER`) are a second part of the same
form, named on the first line (`assets/ui-later-<hash>.txt`, base64): it is not
downloaded before the first game, where a phone's link is the start's bottleneck (its
20 kB of gzip, about 100 ms there), but once the page asks for it (`LATER_CODE`). That
part also carries those rooms' dialogs (`LATER_DIALOGS`), which the built page leaves
out: 28 kB of markup its browser would parse before the first tiles.

The bundle is not unpacked into files: it is mounted as a read-only file system of
its own (`Bundle`), from which MicroPython's import reads each module straight out of
memory. Writing 57 files through the interpreter's file system, one system call per
step, cost 25-40 ms on a desktop (four times that on a phone's CPU); the mount costs
a few (docs/performance.md, "At PyScript's floor").

On a phone that start is one long task: PyScript's own (writing and importing its
`pyscript` package), then this script, the forty imports and the first paint, all in
one run of promise callbacks, which the phone's browser cannot interrupt to answer a
tap, and which Lighthouse counts as blocking time. So it goes a step at a time: it
first lets PyScript's task end, then reads the bundle and imports the modules in
tasks of about TASK_MS each, and the page last. Lighthouse's phone score multiplies a
desktop's task times by four and counts what passes 50 ms, so a task must stay near
12 ms on a desktop; a turn costs next to nothing where the browser has
`scheduler.yield` (no timer's minimum delay), so a time budget costs no start time.
"""

import asyncio
import io
import os
import sys
import time

import js
import ubinascii

# Imports in one task, in ms of the device's own time (docs/performance.md).
TASK_MS = 8


def _next_turn():
    """A task of its own for what follows: the browser's `scheduler.yield` (the rest runs
    first, ahead of other tasks), else a timer; never a promise's callback, which would
    run in the same task."""
    scheduler = getattr(js.window, "scheduler", None)
    if scheduler is not None and hasattr(scheduler, "yield"):
        return getattr(scheduler, "yield")()
    return asyncio.sleep_ms(1)


# What `Bundle.stat` answers: a folder, and a file of no length (os.stat's ten fields).
FOLDER = (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
FILE = (0x8000, 0, 0, 0, 0, 0, 0, 0, 0, 0)


class Bundle:
    """The bundle as a read-only file system (MicroPython's `os.mount` takes any object
    with these methods): `stat` says what is there, `open` hands a module's bytes to
    the import as an in-memory stream. The later rooms' part is added to it when it
    arrives (`add`): a package's modules must be found where the package is."""

    def __init__(self, data):
        self.files = {}  # path -> (the part's bytes, offset, length)
        self.order = []  # the paths, in the bundle's order
        self.folders = {""}
        self.at_start, self.later = self.add(data)

    def add(self, data):
        """A part of the bundle in: (how many of its modules come first, the file that
        holds the later rooms' part)."""
        head = data.index(b"\n") + 1
        if data[:head] != b"py2048-ui 3\n":
            raise ValueError("not the page's Python")
        count_end = data.index(b"\n", head)
        later_end = data.index(b"\n", count_end + 1)
        view = memoryview(data)
        at = later_end + 1
        while at < len(data):
            end = data.index(b"\n", at)
            path = data[at:end].decode()
            size_end = data.index(b"\n", end + 1)
            length = int(data[end + 1 : size_end])
            self.files[path] = (view, size_end + 1, length)
            self.order.append(path)
            folder = path
            while "/" in folder:
                folder = folder[: folder.rindex("/")]
                self.folders.add(folder)
            at = size_end + 1 + length
        return int(data[head:count_end]), data[count_end + 1 : later_end].decode()

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        """A miss is answered, not raised. The import asks after two or three paths that
        are not here for each module it finds (x as a package folder, x.py, then x.mpy;
        json, json.py and json.mpy at every `import json`): some 125 at every start, and each
        exception raised in this interpreter is a JavaScript exception thrown through
        its WebAssembly. MicroPython's import takes a path without an extension for a
        package only if it is a folder, and a module's path only if it is a file: so a
        missing folder is said to be a file, and a missing module's file a folder."""
        path = path.strip("/")
        found = self.files.get(path)
        if found is not None:
            return (0x8000, 0, 0, 0, 0, 0, found[2], 0, 0, 0)
        if path in self.folders or path.endswith(".py") or path.endswith(".mpy"):
            return FOLDER
        return FILE

    def open(self, path, mode):
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(30)  # EROFS
        found = self.files.get(path.strip("/"))
        if found is None:
            raise OSError(2)
        view, at, length = found
        data = view[at : at + length]
        return io.BytesIO(data) if "b" in mode else io.StringIO(bytes(data).decode())

    def ilistdir(self, path):
        inside = path.strip("/")
        prefix = inside + "/" if inside else ""
        names = {p[len(prefix):].split("/")[0] for p in self.order if p.startswith(prefix)}
        return iter([(name, 0x4000 if (prefix + name) in self.folders else 0x8000, 0)
                     for name in sorted(names)])

    def chdir(self, path):
        pass

    def getcwd(self):
        return "/"


def _module(path):
    """game/ui/text.mpy -> game.ui.text; None for a package's __init__."""
    name = path[: -len(".mpy")].replace("/", ".")
    return None if name.endswith(".__init__") else name


# The later rooms' dialogs, in the later part beside their code (build/site.mjs): put
# into the page, in the language in use, before those rooms join.
LATER_DIALOGS = "later-dialogs.html"

MOUNT = "/py2048"  # where the bundle is mounted, and what the import path holds first


def _read(name):
    data = bytearray(os.stat(name)[6])
    with open(name, "rb") as part:
        part.readinto(data)  # at once: read() grows its buffer a step at a time
    return data


def _bring_later(done, wait_ms=500):
    """The later rooms' part, asked for once the page wants it (game/ui/rooms.py
    `LATER_CODE`): fetched as base64 text, which MicroPython turns into bytes in C
    (`ubinascii`; a JavaScript byte array crosses into MicroPython a byte at a time),
    added to the bundle, then `done()`. A failed download is tried again, less and less
    often: what waits for it is kept, never dropped."""

    def again(_=None):
        js.setTimeout(lambda: _bring_later(done, min(2 * wait_ms, 30000)), wait_ms)

    def text(response):
        if response.ok:
            response.text().then(arrived, again)
        else:
            again()

    def arrived(encoded):
        try:
            bundle.add(ubinascii.a2b_base64(encoded))
        except ValueError:  # not the page's Python (a stale or broken copy): ask again
            again()
            return
        if LATER_DIALOGS in bundle.files:
            js.window.py2048Lang.place(bundle.open(LATER_DIALOGS, "r").read())
        done()

    js.fetch(bundle.later).then(text, again)


await _next_turn()  # noqa: F704  (PyScript runs this script with top-level await)
bundle = Bundle(_read("ui-python.bin"))
os.mount(bundle, MOUNT)
# Imports look in the bundle and in MicroPython's frozen modules, nowhere else. The
# interpreter's own file system holds nothing the page imports (PyScript's `pyscript`
# package is in already), yet every `import json`, `os`, `time`, `random`... (built-ins
# that a file of the same name may replace) looked there first, in '' and /lib: six
# misses each, and each miss in that file system is a JavaScript exception thrown and
# caught inside MicroPython's WebAssembly (docs/performance.md, "At PyScript's floor").
sys.path[:] = [MOUNT, ".frozen"]
if bundle.later:
    from game.ui import rooms

    rooms.LATER_CODE = _bring_later

# Before the page's forty modules are imported: collections spaced as in play.
from game.ui import memory  # noqa: E402

memory.configure()

PAGE = "game.ui.app"  # the page itself: it starts when imported, so it comes last
modules = [name for name in map(_module, bundle.order[: bundle.at_start])
           if name is not None and name != PAGE]
began = time.ticks_ms()
for name in modules:
    __import__(name)
    if time.ticks_diff(time.ticks_ms(), began) >= TASK_MS:
        await _next_turn()  # noqa: F704
        began = time.ticks_ms()
await _next_turn()  # noqa: F704
__import__(PAGE)
