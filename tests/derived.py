"""What the tests read from the sources instead of keeping lists of their own: the
modules each interpreter is handed (build/files.py), the page's rooms, and its dialogs
(index.html's markup and the rooms' tables). A new room or dialog is then checked for an
owner, audited by axe and looked for in the built site with no test edited.

CPython only (the project and browser tests): it reads files.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

from game.ui import rooms, router
from game.ui.screen import Screen
from game.ui.starting import Start

ROOT = Path(__file__).resolve().parents[1]
# The page's rooms: the two the page itself makes, and every room of game/ui/rooms.py.
PAGE_ROOMS: list[Any] = [Screen, Start, *rooms.every()]


def build_script(name: str) -> ModuleType:
    """The build's script build/<name>.py as a module (build/ is not a package: its
    scripts run by path, from the Makefile)."""
    spec = importlib.util.spec_from_file_location(f"build_{name}", ROOT / "build" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_files() -> ModuleType:
    """build/files.py, which writes pyscript.toml's [files] and ENGINE_FILES."""
    return build_script("files")


def later_modules() -> list[str]:
    """The modules only the rooms that join later import (game/ui/rooms.py `LATER`, and
    what they import that the page's start does not), as dotted names."""
    files = build_files()
    at_start = set(files.closure(ROOT, [files.UI_ENTRY]))
    later = [file for file in files.ui_files(ROOT) if file not in at_start]
    return [file[: -len(".py")].replace("/", ".") for file in later]


def page_dialogs(root: Path = ROOT) -> list[str]:
    """The dialogs of index.html, by name (`<dialog id="<name>-dialog">`)."""
    page = (root / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<dialog\b[^>]*\bid="([\w-]+)-dialog"', page)


def selector(button: str) -> str:
    """A router's button name as a CSS selector: "#help" is an id, "close" a data-action."""
    return button if button.startswith("#") else f'[data-action="{button}"]'


def buttons_at_rest(root: Path = ROOT) -> dict[str, bool]:
    """The page's buttons outside its dialogs, by router name ("#id", or the data-action
    of one without an id), each with whether it says it opens a dialog
    (`aria-haspopup="dialog"`)."""
    page = (root / "index.html").read_text(encoding="utf-8")
    outside = re.sub(r"<dialog\b[\s\S]*?</dialog>", "", page)
    found: dict[str, bool] = {}
    for tag in re.findall(r"<button\b[^>]*>", outside):
        element_id = re.search(r'\bid="([^"]+)"', tag)
        action = re.search(r'data-action="([^"]+)"', tag)
        name = "#" + element_id.group(1) if element_id else action.group(1) if action else ""
        found[name] = 'aria-haspopup="dialog"' in tag
    return found


def openers(page_rooms: list[Any] | None = None, root: Path = ROOT) -> dict[str, str]:
    """Dialog -> the button of the page at rest a player clicks to open it, from the
    rooms' tables and the markup: the button whose row opens it (`(closes, opens,
    action)`), else its room's button that says it opens a dialog (`aria-haspopup`, which
    the room's `click` opens: Settings, Statistics, Rankings). A dialog with neither
    opens on something a test must set up first (a finished game, a file, a code)."""
    at_rest = buttons_at_rest(root)
    found: dict[str, str] = {}
    for room in page_rooms or PAGE_ROOMS:
        buttons = getattr(room, "BUTTONS", {})
        for dialog in getattr(room, "DIALOGS", ()):
            rows = [name for name, row in buttons.items() if row is not None and row[1] == dialog]
            popups = [name for name in buttons if at_rest.get(name) and buttons[name] is None]
            candidates = [name for name in rows + popups if name in at_rest]
            if candidates:
                found[dialog] = candidates[0]
    return found


def routes() -> router.Router:
    return router.Router(PAGE_ROOMS)
