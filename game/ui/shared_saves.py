"""The stored documents as this tab knows them, shared with every other tab.

Several tabs of the game share one storage (docs/reliability.md). This room remembers
what this tab last knew to be stored: storage holding anything else means another tab
wrote since, and this one must not write over it blindly. A game is then followed (the
engine takes the other tab's game if it is not older); best scores and statistics are
merged first (the engine keeps the higher best, the fuller statistics of each size),
and the merged answer is what gets written. Each board size has its own game key.

Until the engine runs, the page plays by itself and stores steps beside the game
instead of a new game document (game/ui/early.py, game/steps.py): the same care holds
for them. Once a tab's engine stores a game document, it holds every step taken over,
so the steps are removed; steps this tab has not taken (another tab still starting
wrote them) are followed first, never written over.

Where storage refuses to keep anything (blocked, full), the documents this tab wrote
are kept in memory instead, so that switching board sizes and back still finds each
game for as long as the page is open.

Storage is handed in (game/ui/store.py: texts come back quoted), so this is pure and
tested on CPython and MicroPython. Where another tab's write must be dealt with first,
a method answers with the queue action that does it ("follow", "best", "stats").
"""

import json

from game.ui import snapshot
from game.ui.store import (
    BEST,
    GAME_KEYS,
    IMPORT,
    RANKINGS,
    REJECTED,
    REVIEWS,
    SETTINGS,
    STATS,
    game_key,
    steps_key,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any



# Another tab wrote the game this tab shows (or the steps beside it): whichever board
# that is, the rooms follow it by this name (game/ui/following.py).
SHOWN = "shown-game"
FOLLOWED = (BEST, STATS, SETTINGS, RANKINGS, IMPORT)
# Another tab imported: its documents are taken as they are (game/ui/following.py).
ADOPT = "adopt"


def stored_elsewhere(key: str, game: str) -> "str | None":
    """What another tab's write to item `key` (without the prefix) is to this tab, which
    shows the game stored under `game`: SHOWN for that game or its steps, the key itself
    for best scores, statistics, settings and the Rankings (the rooms' FOLLOWS tables
    name them, game/ui/router.py), None for anything else."""
    if key in (game, steps_key(game)):
        return SHOWN
    return key if key in FOLLOWED else None


class SharedSaves:
    def __init__(self, store: "Any", size: int, key: str = "") -> None:
        self.store = store
        self.memory: "dict[str, str]" = {}  # what this tab wrote, for a storage that fails
        self.unwritten: "set[str]" = set()  # items whose last write failed (memory is newer)
        self.key = key or game_key(size)
        self.saved_game: "str | None" = None  # quoted, as read at boot or switch
        self.saved_steps: "str | None" = None  # the steps stored beside it, quoted
        self.known_game: "str | None" = None
        self.known_steps: "str | None" = None  # the steps this tab last knew stored
        self.use_key(self.key)
        self.known: "dict[str, str | None]" = {BEST: None, STATS: None, REVIEWS: None}
        self.following: "tuple[str | None, str | None]" = (None, None)  # what `follow` judges
        self.known_import = str(store.import_stamp())  # the last import this tab took

    # -- reading ---------------------------------------------------------------------

    def _read(self, name: str) -> "str | None":
        """Stored text, quoted; from memory when storage keeps nothing."""
        quoted: "str | None" = self.store.read(name)
        if quoted is None and not getattr(self.store, "ok", True) and name in self.memory:
            return json.dumps(self.memory[name])
        return quoted

    def _write(self, name: str, text: str) -> bool:
        self.memory[name] = text
        written = bool(self.store.write(name, text))
        if written:
            self.unwritten.discard(name)
        else:
            self.unwritten.add(name)
        return written

    def _forget(self, name: str) -> None:
        """Item `name` is removed: nothing of it is kept in memory either."""
        self.memory.pop(name, None)
        self.unwritten.discard(name)

    def use_size(self, size: int) -> None:
        """The board switches to `size`: its own game key, its stored game."""
        self.use_key(game_key(size))

    def use_key(self, key: str) -> None:
        """The board switches to the game stored under `key` (a size's, or the daily
        board's `DAILY`), and the steps stored beside it."""
        self.key = key
        self.saved_game = self._read(self.key)
        self.known_game = snapshot.stored_text(self.saved_game)
        self.saved_steps = self._read(steps_key(self.key))
        self.known_steps = snapshot.stored_text(self.saved_steps)

    def read(self, name: str) -> str:
        """Best scores, statistics or stored reviews, quoted, for the engine; now known as
        stored."""
        quoted = self._read(name)
        self.known[name] = snapshot.stored_text(quoted)
        return quoted or ""

    def read_game(self) -> "tuple[str, str]":
        """The stored game and the steps beside it, quoted, to judge (`follow`)."""
        quoted = self.store.read(self.key)
        steps = self.store.read(steps_key(self.key))
        self.following = (snapshot.stored_text(quoted), snapshot.stored_text(steps))
        return quoted or "", steps or ""

    def read_stored_game(self, key: str) -> "str | None":
        """The game stored under `key` (another board's), quoted; from memory when
        storage keeps nothing."""
        return self._read(key)

    def read_steps(self, key: str) -> str:
        """The steps stored beside the game under `key`, quoted ("" for none). Where
        this tab's last write of the steps of the game on screen failed (storage full)
        and no other tab wrote since, its own newer steps, from memory: the engine must
        take over every move on screen, not the fewer storage kept."""
        name = steps_key(key)
        if (key == self.key and name in self.unwritten and name in self.memory
                and not self.store.differs(name, self.known_steps)):
            return json.dumps(self.memory[name])
        return self._read(name) or ""

    def set_aside_rejected(self) -> None:
        """The engine set the stored game aside: keep it, verbatim, for diagnosis
        (before the fresh game is stored over it)."""
        if self.saved_game:
            self.store.set_aside(self.key, REJECTED)

    # -- writing ---------------------------------------------------------------------

    def _followed_by(self) -> str:
        """The queue action that deals with another tab's write of this board's game:
        follow it, or, when that tab imported, take the import."""
        return ADOPT if self.imported_elsewhere() else "follow"

    def _changed_elsewhere(self) -> bool:
        """Whether another tab stored this board's game, or steps on it, since this tab
        last looked. (Compared where the texts are, game/ui/store.py: a move must not
        bring the whole stored game into MicroPython only to find it unchanged.)"""
        return bool(self.store.differs(self.key, self.known_game)) or bool(
            self.store.differs(steps_key(self.key), self.known_steps))

    def store_game(self, save: str) -> "tuple[bool, str | None]":
        """Write this tab's game, unless another tab stored one (or steps on one) since
        this tab last looked: a tab never writes over a game it has not seen, it follows
        that game instead. The steps stored beside it, all taken into this game now, go.
        (written or nothing to do, the action to run first)."""
        if not self.store.holds(self.key, save) and self._changed_elsewhere():
            return True, self._followed_by()
        written = self._write(self.key, save)
        if written:
            self.known_game = save
            if self.known_steps is not None and self._remove_steps():
                self.known_steps = None
        return written, None

    def store_steps(self, steps: str) -> "tuple[bool, str | None]":
        """Write the steps this tab played before its engine ran, beside the stored game
        they continue, unless another tab changed either since (then follow it)."""
        if self._changed_elsewhere():
            return True, self._followed_by()
        written = self._write(steps_key(self.key), steps)
        if written:
            self.known_steps = steps
        return written, None

    def import_all(self, documents: "list[tuple[str, str | None]]") -> str:
        """An import replaces these items (None: removes one), and the steps beside each
        game with them (they were played on the game replaced), all at once: every one,
        or, when storage refuses one, none (assets/storage.js `replaceAll`, which marks
        the import for the other tabs: `imported_elsewhere`). Where storage keeps nothing
        at all (blocked), they are kept in memory instead, for as long as the page is
        open. Either way what this tab knows stored is the import's from now on, and the
        game on screen is read again (`use_key`): the board that comes next is the
        import's. "stored", "memory", or "" when storage refused it (nothing changed)."""
        changes: "list[tuple[str, str | None]]" = []
        for name, text in documents:
            changes.append((name, text))
            if name in GAME_KEYS:
                changes.append((steps_key(name), None))
        where = "memory"
        if getattr(self.store, "ok", True):
            stamp = self.store.replace_all(changes)
            if not stamp:
                return ""
            self.known_import, where = stamp, "stored"
        for name, text in changes:
            self._forget(name)
            if text is not None and where == "memory":
                self.memory[name] = text
                self.unwritten.add(name)
            if name in self.known:
                self.known[name] = text
        self.use_key(self.key)
        return where

    def imported_elsewhere(self) -> bool:
        """Whether another tab imported since this one last took an import: its documents
        are then taken as they are (game/ui/following.py `adopt`), never merged with
        this tab's or written over."""
        return str(self.store.import_stamp()) != self.known_import

    def adopt(self) -> None:
        """Another tab's import is taken: everything is read again from storage, and what
        this tab kept in memory for a storage that refused it is dropped (the import
        replaced it)."""
        self.known_import = str(self.store.import_stamp())
        self.memory = {}
        self.unwritten = set()
        self.known = {BEST: None, STATS: None, REVIEWS: None}
        self.use_key(self.key)

    def steps_taken(self, key: str, save: str) -> bool:
        """The engine took over the steps stored beside the game under `key` (not the one
        on screen) and answered its document: stored, and the steps removed."""
        written = self._write(key, save)
        if written:
            self.store.remove(steps_key(key))
            self._forget(steps_key(key))
        return written

    def store_merged(self, name: str, document: str) -> "tuple[bool, str | None]":
        """Write the best scores, statistics or stored reviews, unless another tab stored
        others since: those are merged first, and that answer written, so no tab's best
        score, counted game or finished review is lost. (written or nothing to do, the
        action to run first)."""
        if self.store.holds(name, document):
            self.known[name] = document
            return True, None
        if self.store.differs(name, self.known[name]):
            if self.imported_elsewhere():
                return True, ADOPT  # an import's are taken as they are, never merged
            return True, name  # its merge: the queue action named by its key (game/ui/following.py)
        written = self._write(name, document)
        if written:
            self.known[name] = document
        return written, None

    def followed(self, adopted: bool, ours: "str | None", our_steps: "str | None" = None) -> None:
        """Another tab's stored game (and steps) judged. Taken: it is what is stored now.
        Not taken (invalid, or older): this tab's own, the newer, goes back into storage:
        its game `ours` (the engine's), and the steps read beside the game it replaces go
        (left there, no tab could ever take them over); or its steps `our_steps` (before
        the engine). Either way what is stored now is known, so the next write needs no
        follow first."""
        game, steps = self.following
        if not adopted and self.imported_elsewhere():
            return  # another tab's import: taken as it is (ADOPT), not written over
        if not adopted and our_steps is not None:
            if steps != our_steps and self._write(steps_key(self.key), our_steps):
                steps = our_steps
        elif not adopted and ours is not None and game != ours and self._write(self.key, ours):
            game = ours
            if steps is not None and self._remove_steps():  # steps on the game replaced: nobody can take them
                steps = None
        self.known_game, self.known_steps = game, steps

    def drop_steps(self) -> None:
        """The engine found the steps stored beside the game on screen to be steps on
        another game (storage changed between two writes of another tab): nobody can
        take them over, so they go, unless another tab wrote others since."""
        if (self.known_steps is not None and not self.store.differs(steps_key(self.key), self.known_steps)
                and self._remove_steps()):
            self.known_steps = None

    def _remove_steps(self) -> bool:
        removed = bool(self.store.remove(steps_key(self.key)))
        if removed:
            self._forget(steps_key(self.key))
        return removed
