"""The built site's first Python: the page's bytecode mounted, and the import path set,
before PyScript imports its own `pyscript` package (build/site.mjs runs this from
PyScript's `onReady` hook, before PyScript's start-up code; then the entry script,
build/site/unpack.py, in the same globals).

The page runs some forty Python modules in MicroPython. Fetched one by one, on a
phone's link (HTTP/1.1: six at a time, a round trip each), they cost more than a
second before the first tile, and compiling them from source costs a phone's CPU more
again. The built site ships them compiled to MicroPython bytecode (mpy-cross), those
the first game needs in one file, `ui-python.bin` (written into the interpreter's file
system by PyScript, as the page's config says):

    b"py2048-ui 3\\n<n>\\n<later part>\\n", then per module b"<path of its .mpy>\\n<length>\\n"
    and its bytes

where the first n modules are those the page imports to start, and after them PyScript's
own package (below). The modules only the rooms that join later import are a second
part of the same form, fetched after the first game (build/site/unpack.py).

The bundle is not unpacked into files: it is mounted as a read-only file system of
its own (`Bundle`), from which MicroPython's import reads each module straight out of
memory. Writing 57 files through the interpreter's file system, one system call per
step, cost 25-40 ms on a desktop (four times that on a phone's CPU); the mount costs
a few (docs/performance.md, "At PyScript's floor").

Why before PyScript's own code: at every start, before a page's script runs, PyScript
writes its `pyscript` package (30 kB of Python) into the interpreter's file system and
imports it, and MicroPython compiles from source what it imports: 23 ms of a desktop's
start, four times that on a phone's CPU, inside PyScript's one long task. The build
compiles that package as well, from the pinned release's own sources, and the bundle
carries the modules that import loads (build/site.mjs `PYSCRIPT_PACKAGE`); mounted first
on the import path, they are what `import pyscript` finds (docs/performance.md,
"2026-12-05, evening: PyScript's own package as bytecode"). PyScript still writes its
sources; nothing imports them.
"""

import io
import os
import sys

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


def _read(name):
    data = bytearray(os.stat(name)[6])
    with open(name, "rb") as part:
        part.readinto(data)  # at once: read() grows its buffer a step at a time
    return data


MOUNT = "/py2048"  # where the bundle is mounted, and what the import path holds first

bundle = Bundle(_read("ui-python.bin"))
os.mount(bundle, MOUNT)
# Imports look in the bundle and in MicroPython's frozen modules, nowhere else. The
# interpreter's own file system holds nothing the page imports (PyScript's sources are
# there, but its package is in the bundle), yet every `import json`, `os`, `time`,
# `random`... (built-ins that a file of the same name may replace) looked there first, in
# '' and /lib: six misses each, and each miss in that file system is a JavaScript
# exception thrown and caught inside MicroPython's WebAssembly (docs/performance.md, "At
# PyScript's floor").
sys.path[:] = [MOUNT, ".frozen"]
