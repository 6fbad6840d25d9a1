"""The player's settings as the page holds, shows and applies them.

The document itself (choices, defaults, strict and lenient readers) is defined once in
`game/settings.py`, which the engine uses too when it checks an imported file. Here:
which form value means which setting, which attribute of `<html>` shows it (style.css
reads them; assets/settings.js applies the same ones before the first paint), and which
tile palettes the player has unlocked. Storage and the page are handed in (`store`,
`view`), so this room is pure and tested on CPython and MicroPython alike.
"""

from game import names
from game import settings as schema
from game.ui import snapshot, text
from game.ui.store import SETTINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Settings shown as attributes of <html>, and the value that needs none (the default).
ROOT_ATTRIBUTES = (
    ("theme", "data-theme", "auto"),
    ("animations", "data-motion", "normal"),
    ("palette", "data-palette", "classic"),
)


def root_attributes(
    values: "dict[str, Any]", milestones: "list[str] | None" = None
) -> "list[tuple[str, str | None]]":
    """(attribute, value or None to remove) for `<html>`. A palette that is not
    unlocked (an edited save) shows as classic once the milestones are known."""
    pairs: "list[tuple[str, str | None]]" = []
    for name, attribute, plain in ROOT_ATTRIBUTES:
        value = values[name]
        if name == "palette" and milestones is not None and not unlocked(value, milestones):
            value = plain
        pairs.append((attribute, None if value == plain else str(value)))
    return pairs


def form_value(name: str, value: "Any") -> str:
    """How a setting shows in its form control."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def form_values(values: "dict[str, Any]") -> "dict[str, str]":
    return {name: form_value(name, values[name]) for name, _ in schema.FIELDS}


def parse(name: str, raw: str) -> "Any":
    """The setting a form control's value stands for, or None if it stands for none
    (a typed field's text stands for itself, tidied, when the settings allow it)."""
    if name in schema.TYPED:
        value = names.tidy(raw)
        return value if schema.valid(name, value) else None
    for field, choices in schema.FIELDS:
        if field == name:
            for choice in choices:
                if form_value(name, choice) == raw:
                    return choice
    return None


def unlocked(palette: str, milestones: "list[str]") -> bool:
    return palette in schema.unlocked_palettes(milestones)


def palette_locks(milestones: "list[str]") -> "list[tuple[str, bool]]":
    """Each palette and whether it can be chosen."""
    usable = schema.unlocked_palettes(milestones)
    return [(palette_id, palette_id in usable) for palette_id, _ in schema.PALETTES]


def palettes_unlocked_by(reached: "list[str]") -> "list[str]":
    """The palettes that milestones reached just now unlock (for the notice)."""
    return [palette_id for palette_id, milestone in schema.PALETTES if milestone in reached]


def unlock_message(reached: "list[str]", lang: str = "") -> str:
    names = [text.say("palette_" + palette_id, lang) for palette_id in palettes_unlocked_by(reached)]
    if not names:
        return ""
    return text.say("unlocked_one", lang, names=text.listing(names, lang))


class Preferences:
    """The settings in force: read at boot (leniently: a bad field takes its default,
    the game must start), changed by the form or by another tab, stored at once."""

    def __init__(self, store: "Any") -> None:
        self.store = store
        self.values = schema.read_settings(self.stored())

    def stored(self) -> "str | None":
        """The settings text in storage (it arrives quoted: game/ui/store.py)."""
        return snapshot.stored_text(self.store.read(SETTINGS))

    def change(self, name: str, raw: str) -> bool:
        """Take the form's new value for `name` and store the settings; False when the
        value stands for no choice or changes nothing."""
        value = parse(name, raw)
        if value is None or self.values.get(name) == value:
            return False
        self.values[name] = value
        self.save()
        return True

    def typed_name(self, view: "Any", raw: str) -> bool:
        """The name field (Settings): kept tidy, or the reason it cannot be kept shown
        beside it (the last good name stays). Whether the name changed."""
        name = names.tidy(raw)
        problem = names.problem(name)
        said = text.say("name_" + problem, n=names.MAX_NAME) if problem else ""
        view.set_text("name-problem", said)
        view.set_hidden("name-problem", not problem)
        if problem:
            return False
        view.set_value("set-name", name)
        return self.change("name", name)

    def save(self) -> bool:
        return bool(self.store.write(SETTINGS, schema.dump_settings(self.values)))

    def reload(self) -> "list[str]":
        """Another tab stored settings: take them; the names that changed."""
        fresh = schema.read_settings(self.stored())
        changed = [name for name, _ in schema.FIELDS if fresh[name] != self.values.get(name)]
        self.values = fresh
        return changed

    def apply_look(self, view: "Any", milestones: "list[str] | None") -> None:
        """The look on <html> (game/ui/view.py), as assets/settings.js set it at first."""
        for name, value in root_attributes(self.values, milestones):
            view.set_root_attribute(name, value)

    def show(self, view: "Any", milestones: "list[str] | None") -> None:
        """The Settings form as the settings are, palettes locked or not."""
        view.show_settings(form_values(self.values), palette_locks(milestones or []))

    def replace(self, settings_text: str) -> None:
        """An import: these settings (already checked by the engine, and stored with the
        rest of the import: game/ui/shared_saves.py `import_all`) are the ones now."""
        self.values = schema.read_settings(settings_text)
