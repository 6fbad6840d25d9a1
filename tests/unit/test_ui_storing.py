"""What a reply's documents become when storage may be full (game/ui/screen.py `Storing`): the
statistics before the game that counts in them, nothing marked counted and lost, and a
notice that says what is true.

MicroPython-compatible, like test_ui_input.py: plain asserts, fakes for the saves.
"""

from game.ui.screen import Storing
from tests.unit import languages

NOON = 1_796_126_400_000  # 2026-12-01 12:00 UTC


class Saves:
    """game/ui/shared_saves.py SharedSaves as storing sees it: each write answers (written, first)."""

    def __init__(self, refuse: "tuple[str, ...]" = ()) -> None:
        self.refuse = set(refuse)
        self.written: "list[tuple[str, str]]" = []

    def _answer(self, name: str, text: str) -> "tuple[bool, str | None]":
        if name in self.refuse:
            return False, None
        self.written.append((name, text))
        return True, None

    def store_game(self, save: str) -> "tuple[bool, str | None]":
        return self._answer("game", save)

    def store_steps(self, steps: str) -> "tuple[bool, str | None]":
        return self._answer("steps", steps)

    def store_merged(self, name: str, document: str) -> "tuple[bool, str | None]":
        return self._answer(name, document)


class Store:
    def __init__(self, ok: bool = True) -> None:
        self.ok = ok


def storing_of(saves: "Saves", store: "Store | None" = None) -> "Storing":
    return Storing(saves, store or Store(), lambda: NOON, lambda: 0)


def finished(n: int) -> "dict[str, object]":
    """A reply whose move ended a game: it was counted, the statistics changed."""
    return {"kind": "move", "changed": True, "game_changed": True, "save": "game " + str(n),
            "best_save": "best " + str(n), "stats_changed": True, "stats_save": "stats " + str(n)}


def moved(n: int) -> "dict[str, object]":
    return {"kind": "move", "changed": True, "game_changed": True, "save": "game " + str(n),
            "best_save": "best " + str(n), "stats_changed": False, "stats_save": ""}


def test_the_statistics_are_written_before_the_game_that_counts_in_them() -> None:
    saves = Saves()
    assert storing_of(saves).store(finished(1)) == ([], "")
    assert [name for name, _ in saves.written] == ["stats", "game", "best"]


def test_a_counted_game_is_never_stored_while_its_statistics_are_not() -> None:
    languages.load_all()
    saves = Saves(refuse=("stats",))
    storing = storing_of(saves)
    _, said = storing.store(finished(1))
    assert ("game", "game 1") not in saves.written, "counted, and its count lost"
    assert said == "Storage is full: progress since 12:00 is not saved."
    _, said = storing.store(moved(2))  # undo, a move: still no game while the count waits
    assert not [w for w in saves.written if w[0] == "game"] and said == ""
    saves.refuse = set()  # room again: the waiting statistics first, then the game
    assert storing.store(moved(3)) == ([], "")
    assert saves.written[-3:] == [("stats", "stats 1"), ("game", "game 3"), ("best", "best 3")]


def test_the_newest_statistics_replace_the_waiting_ones() -> None:
    saves = Saves(refuse=("stats",))
    storing = storing_of(saves)
    storing.store(finished(1))
    storing.store(finished(2))
    saves.refuse = set()
    storing.store(moved(3))
    assert [w for w in saves.written if w[0] == "stats"] == [("stats", "stats 2")]


def test_the_notice_is_said_once_until_storage_takes_writes_again() -> None:
    languages.load_all()
    saves = Saves(refuse=("game", "best"))
    clock = [NOON]
    storing = Storing(saves, Store(), lambda: clock[0], lambda: 90)
    assert storing.store(moved(1))[1] == "Storage is full: progress since 13:30 is not saved."
    clock[0] += 600_000
    assert storing.store(moved(2))[1] == ""
    saves.refuse = set()
    assert storing.store(moved(3))[1] == ""
    saves.refuse = {"game"}
    assert storing.store(moved(4))[1] == "Storage is full: progress since 13:40 is not saved."


def test_where_storage_never_worked_the_page_says_it_keeps_nothing() -> None:
    languages.load_all()
    saves = Saves(refuse=("game", "best", "stats"))
    said = Storing(saves, Store(ok=False), lambda: NOON, lambda: 0).store(finished(1))[1]
    assert said.startswith("This browser is not keeping data")


def test_before_the_engine_the_steps_are_stored_and_nothing_else_of_the_reply() -> None:
    saves = Saves()
    reply = dict(moved(1), steps="steps 1")
    storing_of(saves).store(reply)
    assert saves.written == [("steps", "steps 1")]
