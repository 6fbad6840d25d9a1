"""localStorage, the only storage the game uses, behind one key prefix.

The UI alone touches storage; the engine produces and validates the documents. A
browser may refuse storage (private modes, blocked cookies, a full quota) by throwing,
and MicroPython in PyScript cannot catch a JavaScript exception, so every access goes
through the guards in assets/boot.js, which answer with plain values instead. The game
plays on without storage, and `ok` turns False so the page can say once that progress
will not be kept.
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# Every key is PREFIX + a name below. The scripts that run before Python
# (assets/settings.js, storage.js, rankings.js) have the keys they read written in by build/names.py.
PREFIX = "py2048:"
GAME = "game"  # the 4×4 game's key (the name it had before there were sizes)
BEST = "best"
STATS = "stats"
RANKINGS = "rankings"  # your friends' Rankings (game/rankings.py); assets/rankings.js reads and writes them
SETTINGS = "settings"
REVIEWS = "reviews"  # the games last reviewed (game/stored_reviews.py): a cache the engine reads back
REJECTED = "rejected-game"
# The mark of the last import (assets/storage.js writes it before the imported documents):
# {"format": IMPORT_FORMAT, "version": 1, "stamp": "<random>", "items": {key: checksum}},
# so that every other tab takes the import as it is (game/ui/following.py `adopt`).
IMPORT = "import"
IMPORT_FORMAT = "py2048-import"
IMPORT_VERSION = 1
DAILY = "daily"  # the daily board's game (one: today's, or the last day played)
MODE = "mode"  # "daily" while the page shows the daily board, else "classic"
# What an engine call carries in place of a text that stays on the JavaScript side
# (assets/rankings.js py2048Rankings puts it in): the stored Rankings, the file chosen to import.
STORED_RANKINGS = "@rankings"
CHOSEN_FILE = "@file"
# What the storage guard answers instead of writing over a document a newer release of
# the game stored (assets/storage.js): this tab must stop saving (game/ui/page.py `outdated`).
NEWER = "!newer"
# The engine accepts no longer text (game/saves.py MAX_TEXT): longer stored items reach
# it cut just past this (still too long, so still rejected), and a rejected game is
# kept for diagnosis only up to this size (a huge one must not stay forever).
MAX_TEXT = 200000
REJECTED_CAP = MAX_TEXT


def game_key(size: int) -> str:
    """Each board size keeps its own game."""
    return GAME if size == 4 else "%s-%d" % (GAME, size)


def steps_key(key: str) -> str:
    """Where the steps played on the game stored under `key`, before the engine ran,
    wait for it (game/steps.py): "game-steps", "game-5-steps", "daily-steps"..."""
    return key + "-steps"


# Every stored game: the three sizes' and the daily board's.
GAME_KEYS = (GAME, game_key(5), game_key(6), DAILY)
# What the page's start reads or may write before the engine runs: a newer release's
# document among them, and no game is begun over it (game/ui/starting.py).
AT_START = GAME_KEYS + tuple(steps_key(key) for key in GAME_KEYS) + (BEST, STATS, SETTINGS, IMPORT)


def formats() -> "dict[str, int]":
    """The version of each stored document's format that this release writes, by format
    name: a stored document of one of them with a higher version is a newer release's,
    which the storage guard never writes over (build/names.py writes this into
    assets/storage.js). Read from each document's own module, on CPython only."""
    from game import rankings, saves, settings, stats, steps, stored_reviews

    return {saves.GAME_FORMAT: saves.GAME_VERSION, saves.BEST_FORMAT: saves.BEST_VERSION,
            stats.FORMAT: stats.VERSION, settings.FORMAT: settings.VERSION, rankings.FORMAT: rankings.VERSION,
            stored_reviews.FORMAT: stored_reviews.VERSION, steps.FORMAT: steps.VERSION,
            IMPORT_FORMAT: IMPORT_VERSION}


class Store:
    def __init__(self) -> None:
        import js  # here, not at the top: the key names above are used by pure modules

        self.guard = js.window.py2048Storage
        self.ok = bool(self.guard.probe(PREFIX + "probe"))
        # Told when a write or a removal was refused because a newer release of the game
        # stored that item: this tab must not save any more (game/ui/page.py `outdated`).
        self.on_newer: "Callable[[], None] | None" = None

    def _answered(self, answer: "Any") -> bool:
        """A write's or removal's answer: True when done. Refused for a newer release's
        document: said once to `on_newer` (storage itself works)."""
        if answer == NEWER:
            if self.on_newer is not None:
                self.on_newer()
            return False
        done = bool(answer)
        if not done:
            self.ok = False
        return done

    def newer(self, name: str) -> bool:
        """Whether item `name` holds a newer release's document (or is the steps beside a
        newer release's game)."""
        return bool(self.guard.newer(PREFIX + name))

    def newer_any(self, names: "tuple[str, ...]") -> str:
        """The first of items `names` that holds a newer release's document, or "". (Not
        every item: the friends' Rankings may be a megabyte, read whole to look at its start,
        and one of a newer release is refused when written all the same.)"""
        key = str(self.guard.newerAny(json.dumps([PREFIX + name for name in names])) or "")
        return key[len(PREFIX):]

    def read(self, name: str) -> "str | None":
        """The stored text quoted as a JSON string literal (assets/boot.js readExact:
        it crosses into MicroPython and on to the engine exactly as stored), or None
        when there is none or storage failed. `snapshot.stored_text` unquotes it."""
        value = self.guard.readExact(PREFIX + name, MAX_TEXT)
        if not isinstance(value, str):  # the guard's false: storage failed
            self.ok = False
            return None
        return value or None

    def holds(self, name: str, text: str) -> bool:
        """Whether item `name` is stored and is exactly `text`. Compared on the
        JavaScript side (assets/boot.js): the stored text never crosses into MicroPython,
        which costs about 15 µs per kilobyte, and a tab checks before every write."""
        return bool(self.guard.holds(PREFIX + name, text, MAX_TEXT))

    def differs(self, name: str, known: "str | None") -> bool:
        """Whether item `name` is stored and is not `known`, the text this tab last knew
        there (None: it knew of none, so any stored item is another tab's). The stored
        text is judged as `read` would bring it: cut past MAX_TEXT. False when storage
        failed (there is nothing another tab could have stored)."""
        return bool(self.guard.differs(PREFIX + name, known, MAX_TEXT))

    def set_aside(self, name: str, copy: str) -> bool:
        """Copy item `name` to `copy` verbatim (on the JavaScript side, so nothing is
        cut), unless it is longer than REJECTED_CAP."""
        return bool(self.guard.setAside(PREFIX + name, PREFIX + copy, REJECTED_CAP))

    def write(self, name: str, text: str) -> bool:
        """Write item `name`; when storage is full the guard first gives up the set-aside
        game and the stored reviews, oldest first (assets/storage.js)."""
        return self._answered(self.guard.write(PREFIX + name, text))

    def remove(self, name: str) -> bool:
        return self._answered(self.guard.remove(PREFIX + name))

    def replace_all(self, changes: "list[tuple[str, str | None]]") -> str:
        """An import (game/ui/transfer_dialog.py): write (or, for None, remove) every item of
        `changes` in order, after the import's mark, or none of them: storage refusing one
        undoes the ones before. The import's stamp, or "" when nothing changed."""
        listed = [[PREFIX + name, text] for name, text in changes]
        answer = self.guard.replaceAll(json.dumps(listed))
        if isinstance(answer, str) and answer != NEWER:
            return answer
        self._answered(answer)
        return ""

    def import_stamp(self) -> str:
        """The stamp of the last import made in any tab ("" for none)."""
        return str(self.guard.importStamp() or "")

    def import_landed(self) -> bool:
        """Whether every document of the last import has reached this tab as written."""
        return bool(self.guard.importLanded())
