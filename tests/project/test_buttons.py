"""Every button on the page has exactly one room that owns it, and every button a room
claims is on the page (or made by the UI itself)."""

from __future__ import annotations

import re
from pathlib import Path

from game.ui import rooms, router
from game.ui.screen import Screen
from game.ui.starting import Start

PAGE = (Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8")
# Handled by assets/boot.js and assets/offline.js, before and beside Python.
SCRIPTS = {"#failure-reload", "#update-reload"}
# Made by the UI itself, not in index.html: Watch and Review in a daily result's row of
# Statistics, Show in a turning point's row of Review (and its chart's marked points).
MADE = {"watch-daily", "review-daily", "review-show"}


def test_every_button_of_the_page_has_one_owning_room() -> None:
    names = set()
    for tag in re.findall(r"<button\b[^>]*>", PAGE):
        action = re.search(r'data-action="([^"]+)"', tag)
        element_id = re.search(r'\bid="([^"]+)"', tag)
        if action:
            names.add(action.group(1))
        elif element_id:
            names.add("#" + element_id.group(1))
    names -= SCRIPTS
    owned = set(router.Router([Screen, Start, *rooms.every()]).buttons)
    assert names <= owned, f"buttons nobody owns: {sorted(names - owned)}"
    assert owned - MADE <= names, f"owned but not on the page: {sorted(owned - MADE - names)}"


def test_every_change_a_room_claims_is_a_control_of_the_page() -> None:
    changes = set(router.Router([Screen, Start, *rooms.every()]).changes) - {"setting"}
    for element_id in changes:
        assert f'id="{element_id}"' in PAGE, element_id
    assert "data-setting=" in PAGE

