"""The page's elements other than the board: dialogs, notices, form controls, tables,
lists and charts, controls waiting for the engine, <html>'s look attributes.

Every text is written with `textContent` or built by assets/boot.js `py2048Dom` from
plain data (one bridge call per table or chart), never as HTML. `View` (the board) is
one of these too: the rooms hold one object for the whole page.
"""

import json

import js
from pyscript import document

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Elements:
    def __init__(self) -> None:
        self.notice = document.getElementById("notice")

    def set_starting(self, element_id: str, on: bool) -> None:
        """A control whose action waits for the engine (game/ui/waiting.py): `aria-busy`
        and `data-starting` while it waits (style.css shows it starting)."""
        element = document.getElementById(element_id)
        if on:
            element.setAttribute("aria-busy", "true")
            element.setAttribute("data-starting", "")
        else:
            element.removeAttribute("aria-busy")
            element.removeAttribute("data-starting")

    def show_notice(self, text: str) -> None:
        self.notice.textContent = text
        self.notice.hidden = False

    def hide_notice(self, text: str = "") -> None:
        """The notice hidden; given `text`, only while it still says that."""
        if not text or self.notice.textContent == text:
            self.notice.hidden = True

    # -- dialogs ---------------------------------------------------------------------

    def dialog(self, name: str) -> "Any":
        """None for a later room's dialog before its room's code is in: the built site
        brings those with that code (build/site.mjs), so the start's rooms ask about them
        (`is_open`, `close_dialog`) without assuming them there."""
        return document.getElementById(name + "-dialog")

    def open_dialog(self, name: str) -> None:
        dialog = self.dialog(name)
        if not dialog.open:
            dialog.showModal()

    def close_dialog(self, name: str) -> None:
        dialog = self.dialog(name)
        if dialog is not None and dialog.open:
            dialog.close()

    def is_open(self, name: str) -> bool:
        dialog = self.dialog(name)
        return dialog is not None and bool(dialog.open)

    def open_dialogs(self) -> "list[str]":
        """The names of the dialogs open now, asked of the page at once: every key asks
        (a dialog in front of the board takes it), and asking each dialog in turn was
        two crossings into JavaScript per dialog, twenty a key."""
        found = document.querySelectorAll("dialog[open]")
        return [str(found.item(index).id)[:-len("-dialog")] for index in range(int(found.length))]

    def set_text(self, element_id: str, text: str) -> None:
        document.getElementById(element_id).textContent = text

    # -- settings, statistics, import --------------------------------------------------

    def set_attribute(self, element_id: str, name: str, value: "str | None") -> None:
        """An attribute of an element the contract names (None: removed), as text."""
        element = document.getElementById(element_id)
        if value is None:
            element.removeAttribute(name)
        else:
            element.setAttribute(name, value)

    def set_root_attribute(self, name: str, value: "str | None") -> None:
        """An attribute of <html> that style.css reads (theme, motion, palette)."""
        root = document.documentElement
        if value is None:
            root.removeAttribute(name)
        else:
            root.setAttribute(name, value)
        if name == "data-theme":  # the browser's bar follows (assets/settings.js)
            js.window.py2048ThemeColor(value or "auto")

    def show_settings(self, values: "dict[str, str]", locks: "list[tuple[str, bool]]") -> None:
        """The form as the settings are: each select's value, and the palette cards
        (locked ones disabled, with their condition showing). Not there yet on the
        built site until the later rooms' code brings it: filled as it opens."""
        if self.dialog("settings") is None:
            return
        for name, value in values.items():
            if name != "palette":
                document.getElementById("set-" + name).value = value
        for palette, usable in locks:
            card = document.querySelector('[data-palette-choice="%s"]' % palette)
            radio = card.querySelector("input")
            radio.disabled = not usable
            radio.checked = palette == values["palette"]
            card.classList.toggle("locked", not usable)
            document.getElementById("lock-" + palette).hidden = usable

    def set_texts(self, pairs: "list[tuple[str, str]]") -> None:
        for element_id, text in pairs:
            document.getElementById(element_id).textContent = text

    def set_rows(self, body_id: str, rows: "list[list[str]]",
                 buttons: "list[list[tuple[str, str, str, str]]] | None" = None,
                 marked: "list[bool] | None" = None,
                 data: "list[list[tuple[str, str]]] | None" = None) -> None:
        """A table body of these rows, as text (the first cell heads its row); with
        `buttons`, each row ends in a cell holding its buttons, if it has any: (text,
        accessible name, data-action, data-date), all set as text and attributes; with
        `marked`, the rows marked true get the class `mine` (the player's own); with
        `data`, each row its `data-*` attributes (name without "data-", value). Built
        by assets/boot.js `py2048Dom` in one call (the bridge's calls are dear)."""
        found = {"rows": rows, "marked": marked,
                 "buttons": [[list(b) for b in row] for row in buttons] if buttons is not None else None,
                 "data": [[list(pair) for pair in row] for row in data] if data is not None else None}
        js.window.py2048Dom.rows(body_id, json.dumps(found))

    def set_head(self, row_id: str, names: "list[str]") -> None:
        """A table's head row of column headers, as text."""
        js.window.py2048Dom.head(row_id, json.dumps(names))

    def set_legend(self, list_id: str, entries: "list[tuple[str, str]]") -> None:
        """A chart's legend: (colour class, name) per line, the name as text."""
        js.window.py2048Dom.legend(list_id, json.dumps([list(entry) for entry in entries]))

    def fill_moves(self, body_id: str, payload: "dict[str, Any]") -> None:
        """A review's move list, its rows from `payload["from"]` on made by
        assets/dom.js `moves` from a few letters a move (game/ui/review_moves.py)."""
        js.window.py2048Dom.moves(body_id, json.dumps(payload))

    def current_move(self, body_id: str, move: int, focus: bool) -> None:
        """The move list's row of the position the board shows (`aria-current`), in
        view, and focused if `focus`."""
        js.window.py2048Dom.current(body_id, move, focus)

    def draw_chart(self, svg_id: str, shapes: "list[Any]") -> None:
        """An inline SVG chart from game/ui/charts.py's shapes: each an element made
        and given its attributes one by one, its text as text (never markup)."""
        js.window.py2048Dom.shapes(svg_id, json.dumps(
            [[tag, [list(pair) for pair in attributes], content] for tag, attributes, content in shapes]))

    def set_disabled(self, element_id: str, disabled: bool) -> None:
        """A button that does nothing now (`aria-disabled`: it keeps its focus and
        its place in the tab order, so a keyboard player is never dropped to <body>)."""
        element = document.getElementById(element_id)
        if disabled:
            element.setAttribute("aria-disabled", "true")
        else:
            element.removeAttribute("aria-disabled")

    def is_disabled(self, element_id: str) -> bool:
        return str(document.getElementById(element_id).getAttribute("aria-disabled") or "") == "true"

    def set_items(self, list_id: str, lines: "list[str]") -> None:
        js.window.py2048Dom.items(list_id, json.dumps(lines))

    def set_hidden(self, element_id: str, hidden: bool) -> None:
        document.getElementById(element_id).hidden = hidden

    def value_of(self, element_id: str) -> str:
        return str(document.getElementById(element_id).value)

    def set_value(self, element_id: str, value: str) -> None:
        document.getElementById(element_id).value = value
