"""The built site's entry script (build/site.mjs): the page's Python arrives as one file.

The page runs some forty Python modules in MicroPython. Fetched one by one, on a
phone's link (HTTP/1.1: six at a time, a round trip each), they cost more than a
second before the first tile; the built site ships them as one JSON document instead
(`ui-python.json`: path -> source, written into the interpreter's file system by
PyScript from pyscript.toml), which this script unpacks before it runs the page.
"""

import json
import os


def _folders(path):
    parts = path.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        try:
            os.mkdir("/".join(parts[:depth]))
        except OSError:  # there already
            pass


with open("ui-python.json") as bundle:
    _files = json.load(bundle)
for _path, _source in _files.items():
    _folders(_path)
    with open(_path, "w") as out:
        out.write(_source)
del _files

import game.ui.app  # noqa: E402, F401  (the page itself: it starts when imported)
