"""Every button on the page does something, and everything the UI handles is on the page."""

from __future__ import annotations

import re
from pathlib import Path

from game.ui import buttons

PAGE = (Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8")


def test_every_button_of_the_page_is_handled_by_the_ui() -> None:
    names = set()
    for tag in re.findall(r"<button\b[^>]*>", PAGE):
        action = re.search(r'data-action="([^"]+)"', tag)
        element_id = re.search(r'\bid="([^"]+)"', tag)
        if action:
            names.add(action.group(1))
        elif element_id:
            names.add("#" + element_id.group(1))
    names -= {"#failure-reload", "#update-reload"}  # handled by assets/boot.js, offline.js
    known = set(buttons.BUTTONS) | set(buttons.SPECIAL)
    assert names <= known, f"buttons nobody handles: {sorted(names - known)}"
    assert known <= names, f"handled but not on the page: {sorted(known - names)}"
