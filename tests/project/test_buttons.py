"""Every button on the page has exactly one room that owns it, every button a room
claims is on the page (or made by the UI itself), and every dialog a room names is one
of the page's: read from index.html and the rooms' tables, so a new room is checked
with no test edited."""

from __future__ import annotations

import re
from pathlib import Path

from tests import derived

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
    owned = set(derived.routes().buttons)
    assert names <= owned, f"buttons nobody owns: {sorted(names - owned)}"
    assert owned - MADE <= names, f"owned but not on the page: {sorted(owned - MADE - names)}"


def test_every_change_a_room_claims_is_a_control_of_the_page() -> None:
    changes = set(derived.routes().changes) - {"setting"}
    for element_id in changes:
        assert f'id="{element_id}"' in PAGE, element_id
    assert "data-setting=" in PAGE



def test_buttons_only_open_and_close_dialogs_the_page_has() -> None:
    """A button's row names dialogs of index.html, and so does every room's DIALOGS; and
    the page's dialogs are the rooms' and the screen's (win, game over)."""
    dialogs = set(derived.page_dialogs())
    assert {"win", "over", "help"} <= dialogs
    for room in derived.PAGE_ROOMS:
        for name, row in getattr(room, "BUTTONS", {}).items():
            if row is not None:
                closes, opens, _ = row
                assert set(closes) <= dialogs and (not opens or opens in dialogs), (room.__name__, name)
    claimed = set(derived.routes().dialogs)
    assert claimed <= dialogs
    assert dialogs - claimed == {"win", "over"}, "a dialog of the page no room names in its DIALOGS"
