"""The PyScript floor: the fastest start a PyScript `mpy` page can have here.

The game's start was long measured only against the original JavaScript 2048, which
needs no runtime: a ratio no PyScript page can reach. This page is the other yardstick,
the best a page on the same layer can do: the same `@pyscript/core` and MicroPython
(assets/runtime/, as `make` copies them), the same Content-Security-Policy (read from
index.html) and the same serving (the bench's server, under the same sub-path, through
the same link), with every saving PyScript supports taken:
- its configuration inline as JSON, for both interpreter types (no config file to
  fetch, no TOML parser to import), with every plugin off that PyScript lets a page
  turn off;
- its one script inline (no entry file fetched once MicroPython is ready);
- PyScript's start-up chunks and MicroPython asked for at once (`<link rel=preload>`).
Its script (tests/bench/floors/pyscript/floor.py) draws a 4×4 board with two tiles and
slides them on an arrow key, in the game's page contract, so the bench's probe of our
page (tests/bench/probes/ours.js) measures both alike.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

from tests.browser import ROOT

NAME = "PyScript floor"
FLOOR = Path(__file__).resolve().parent / "floors" / "pyscript"
RUNTIME = "assets/runtime/"
PYSCRIPT = RUNTIME + "pyscript/"
MICROPYTHON = RUNTIME + "micropython/"
# Every plugin PyScript 0.7 has; its error plugin cannot be left out (turned off, it is
# still imported, to keep errors off the page).
PLUGINS = ["codemirror", "deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal"]
# The chunks PyScript's core imports at start on such a page: the core itself and its
# error plugin (found in a session's requests; no TOML parser with a JSON config).
START_CHUNKS = ("core", "error")


def start_chunks() -> list[str]:
    """The file names of PyScript's start-up chunks, as this runtime names them."""
    folder = ROOT / PYSCRIPT
    core = re.search(r'"\./(core-[\w-]{8}\.js)"', (folder / "core.js").read_text())
    if core is None:
        raise RuntimeError(f"{PYSCRIPT}core.js imports no core chunk")
    named = re.findall(r'"\./([\w-]+-[\w-]{8}\.js)"', (folder / core[1]).read_text())
    chunks = [core[1], *sorted({name for name in named if name[:-12] in START_CHUNKS})]
    if len(chunks) != len(START_CHUNKS):
        raise RuntimeError(f"PyScript's start-up chunks: found {chunks}")
    return chunks


def content_security_policy() -> str:
    """The game's own policy, word for word, from index.html."""
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">',
                      (ROOT / "index.html").read_text())
    if found is None:
        raise RuntimeError("index.html has no Content-Security-Policy")
    return found[1]


def page() -> str:
    code = (FLOOR / "floor.py").read_text()
    if "</script" in code:
        raise RuntimeError("floor.py cannot be inlined: it says </script")
    off = [f"!{name}" for name in PLUGINS]
    config = {"interpreter": f"./{MICROPYTHON}micropython.mjs", "plugins": off}
    preloads = [f'<link rel="modulepreload" href="{PYSCRIPT}{name}">' for name in start_chunks()]
    preloads += [
        f'<link rel="modulepreload" href="{MICROPYTHON}micropython.mjs">',
        f'<link rel="preload" href="{MICROPYTHON}micropython.wasm" as="fetch" type="application/wasm"'
        " crossorigin>",
    ]
    return "\n".join([
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>2048: the PyScript floor</title>",
        f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy()}">',
        '<link rel="icon" href="data:,">',
        '<link rel="stylesheet" href="floor.css">',
        *preloads,
        f'<script type="module" src="{PYSCRIPT}core.js"></script>',
        "</head>",
        "<body>",
        '<div id="game" data-status="loading" data-moves="0">',
        '<div id="board"><div id="tiles"></div></div>',
        "</div>",
        f"<py-config>{html.escape(json.dumps({'plugins': off}), quote=False)}</py-config>",
        f"<script type=\"mpy\" config='{html.escape(json.dumps(config))}'>",
        code,
        "</script>",
        "</body>",
        "</html>",
        "",
    ])


def build(folder: Path) -> Path:
    """The floor's site in `folder` (made if need be): its page, its style, and the
    runtime's files it can load."""
    folder.mkdir(parents=True, exist_ok=True)
    for part in (PYSCRIPT, MICROPYTHON):
        shutil.copytree(ROOT / part, folder / part, dirs_exist_ok=True)
    shutil.copyfile(FLOOR / "floor.css", folder / "floor.css")
    (folder / "index.html").write_text(page())
    return folder
