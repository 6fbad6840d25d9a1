"""The player's settings document: its fields, their choices, and reading it two ways.

Shared by both interpreters. The UI (MicroPython, main thread) reads the stored
settings at boot with `read_settings`, which never fails: a bad or missing field takes
its default, so a damaged document can never stop the page from starting. The engine
(Pyodide) checks the settings inside an imported file with `check_settings`, which
refuses anything a real page did not write, so an import never stores a setting the
page does not know.

Written in the subset both run: no runtime `typing`, `dataclasses` or `enum`, string
annotations only (as in game/ui/), and MicroPython's `json` (which raises ValueError
on bad text).
"""

import json

from game import names

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

FORMAT = "py2048-settings"
VERSION = 4  # what dump_settings writes: version 1 plus "language" (2), "autoplay" (3), "name" (4)
VERSIONS = (1, 2, 3, 4)  # what the readers take; a field added later takes its default
LANGUAGES = ("en", "ca", "pt", "nl")  # the ones the page speaks (assets/lang/)
# Longer than any document the page writes (about 130 characters) by far, and short
# enough that no nesting within it can exhaust a parser's stack.
MAX_TEXT = 1000
# What assets/settings.js parses before the first paint, at most (build/names.py gives it
# this): ten times MAX_TEXT, as it always was. A document between the two shows its look
# until the UI reads the settings with `read_settings`, which gives the defaults.
MAX_TEXT_BEFORE_PAINT = 10_000

# The milestones that unlock palettes, in the order they are shown (game/stats.py
# reaches them; they live here because the UI needs them without the engine).
MILESTONES = ("tile-2048", "tile-4096", "expert-win", "games-100")

# Each palette and the milestone that unlocks it (None: always available), in order.
PALETTES = (
    ("classic", None),
    ("sunrise", "tile-2048"),
    ("lagoon", "tile-4096"),
    ("nebula", "expert-win"),
    ("meadow", "games-100"),
)

# Each field and its choices; the first choice is the default.
FIELDS = (
    ("size", (4, 5, 6)),
    ("undo", (1, 5)),
    ("animations", ("normal", "fast", "off")),
    ("theme", ("auto", "light", "dark", "contrast")),
    ("letters", (True, False)),
    ("palette", tuple(name for name, _ in PALETTES)),
    ("language", ("auto",) + LANGUAGES),  # auto: the browser's languages decide
    ("autoplay", (5, 2, 10, "max")),  # Auto-play's moves a second; "max": as fast as it can
    ("name", ("",)),  # your name on shared results: free text (game/names.py), "" for none
)
# The fields whose value is text the player types, not one of a few choices: any value
# `names.valid` takes (the listed choice is only the default).
TYPED = ("name",)
# The fields added after version 1, and the version that added each.
ADDED = (("language", 2), ("autoplay", 3), ("name", 4))

_NAMES = tuple(name for name, _ in FIELDS)


def fields_of(version: int) -> "tuple[str, ...]":
    """The fields a document of this version holds."""
    later = [name for name, added in ADDED if added > version]
    return tuple(name for name in _NAMES if name not in later)


def defaults() -> "dict[str, Any]":
    """Every field at its default (a new dict each time: callers may change it)."""
    return {name: choices[0] for name, choices in FIELDS}


def _choices(name: str) -> "tuple[Any, ...]":
    for field, choices in FIELDS:
        if field == name:
            return choices
    raise ValueError("unknown setting: " + name)


def valid(name: str, value: "Any") -> bool:
    """Whether `value` is one of the choices of field `name`, of the very same type:
    `1` is not `True` and `4.0` is not `4` (JSON tells them apart; Python's `==` and
    `in` do not)."""
    if name in TYPED:
        return names.valid(value)
    return any(type(value) is type(choice) and value == choice for choice in _choices(name))


def _parsed(text: "Any") -> "Any":
    if not isinstance(text, str):
        raise ValueError("settings are not text")
    if len(text) > MAX_TEXT:
        raise ValueError("settings are too long")
    try:
        return json.loads(text)
    except ValueError:
        raise ValueError("settings are not JSON") from None


def read_settings(text: "Any") -> "dict[str, Any]":
    """The settings in stored text, field by field; never raises.

    Each field that is missing or not one of its choices takes its default, and text
    that is not a settings document at all gives the defaults: the page must start
    whatever storage holds.
    """
    result = defaults()
    if not text:
        return result  # none stored (raising to say so costs MicroPython dearly)
    try:
        data = _parsed(text)
    except Exception:  # any failure of any parser, MicroPython's included: defaults
        return result
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return result
    version = data.get("version")
    if type(version) is not int or version not in VERSIONS:
        return result
    for name in _NAMES:
        if name in data and valid(name, data[name]):
            result[name] = data[name]
    return result


def check_settings(data: "Any") -> "dict[str, Any]":
    """The settings in a document (text or parsed), or ValueError saying what is wrong.

    Strict, for an imported file: the format and version must be these, every field
    present and no other, and each value one of its choices.
    """
    if isinstance(data, str):
        data = _parsed(data)
    if not isinstance(data, dict):
        raise ValueError("settings are not a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError("wrong format: not a settings document")
    version = data.get("version")
    if type(version) is not int or version not in VERSIONS:
        raise ValueError("unknown settings version")
    names = fields_of(version)
    for key in data:
        if key not in names and key not in ("format", "version"):
            raise ValueError("unknown setting: " + str(key)[:40])
    result = defaults()
    for name in names:
        if name not in data:
            raise ValueError("missing setting: " + name)
        if not valid(name, data[name]):
            raise ValueError("bad value for " + name)
        result[name] = data[name]
    return result


def dump_settings(values: "dict[str, Any]") -> str:
    """Compact JSON for the settings in `values` (format and version added), fields
    always in the same order so both interpreters write the same text. ValueError
    for a field that is missing or not one of its choices."""
    parts = ['"format":' + json.dumps(FORMAT), '"version":' + json.dumps(VERSION)]
    for name in _NAMES:
        if name not in values or not valid(name, values[name]):
            raise ValueError("bad value for " + name)
        parts.append(json.dumps(name) + ":" + _json(values[name]))
    return "{" + ",".join(parts) + "}"


def _json(value: "Any") -> str:
    """JSON for a value, with every non-ASCII character escaped as CPython writes it
    (MicroPython's `json` writes them raw): both interpreters write the same text."""
    if not isinstance(value, str):
        return json.dumps(value)
    out = []
    for char in json.dumps(value):
        out.append(char if ord(char) < 128 else "\\u%04x" % ord(char))
    return "".join(out)


def unlocked_palettes(milestones: "Any") -> "list[str]":
    """The palettes the player may choose, given the milestones reached, in order."""
    return [name for name, needs in PALETTES if needs is None or needs in milestones]
