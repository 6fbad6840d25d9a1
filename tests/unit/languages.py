"""The string tables of every language, loaded into game/ui/text.py for the UI tests.

In the page, assets/settings.js loads one table and the UI hands it to `text.use`;
here all four are read from assets/lang/ (MicroPython-compatible: the MicroPython
runner copies the files to the same place), and English is left in use.
"""

import json

from game.ui import text

LANGUAGES = ("en", "ca", "pt", "nl")
ROOT = __file__.rsplit("/tests/", 1)[0] if "/tests/" in __file__ else "."


def table(lang: str) -> "dict[str, str]":
    with open(ROOT + "/assets/lang/" + lang + ".json", encoding="utf-8") as f:
        loaded: "dict[str, str]" = json.load(f)
    return loaded


def load_all() -> None:
    for lang in LANGUAGES:
        try:
            text.use(lang, table(lang))
        except OSError:  # a language still being written: its tests say so
            pass
    text.use("en", table("en"))


load_all()
