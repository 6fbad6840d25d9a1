"""The storage guard (assets/storage.js), run in Node against a localStorage of its own
(tests/unit/storage_guard.mjs): a newer release's documents are never written over,
a full storage gives up what is kept for convenience first, and an import's documents
are written all together or not at all (docs/reliability.md)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import chance, rankings, saves, settings, stats, stats_saves, steps, stored_reviews
from game.session import Session
from game.ui import store

HERE = Path(__file__).resolve().parent
P = store.PREFIX
GAME, STEPS = P + store.GAME, P + store.steps_key(store.GAME)
REVIEWS, REJECTED = P + store.REVIEWS, P + store.REJECTED
# The start every stored document has (assets/storage.js HEAD): its format, then its version.
HEAD = re.compile(r'^\s*\{\s*"format"\s*:\s*"([^"\\]{1,40})"\s*,\s*"version"\s*:\s*(\d{1,15})\s*[,}]')

Guard = Any
# The guard is the page's JavaScript, run in Node: these run on CPython, not again in
# Pyodide (tests/pyodide), which cannot start a process.
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="Node is a process of its own")


class Node:
    """One Node process running the guard, a case per line."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(["node", str(HERE / "storage_guard.mjs")], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def __call__(self, run: str, items: dict[str, str] | None = None,
                 quota: int | None = None) -> tuple[Any, dict[str, str]]:
        """The value of `run` with `items` stored (within `quota` characters), and what
        is stored after it."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"run": run, "items": items or {}, "quota": quota}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        assert "error" not in answer, answer.get("error")
        return answer["result"], answer["items"]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def guard() -> Iterator[Node]:
    node = Node()
    yield node
    node.close()


def document(fmt: str, version: int, **fields: Any) -> str:
    return json.dumps({"format": fmt, "version": version, **fields}, separators=(",", ":"))


def js(value: Any) -> str:
    return json.dumps(value)


def written_by_this_release() -> dict[str, str]:
    """One document of each stored format, as this release writes it."""
    game, _ = Session.new(4, chance.seeded(1))
    found = {
        saves.GAME_FORMAT: saves.dump_game(game),
        saves.BEST_FORMAT: saves.dump_best({4: 16}),
        stats.FORMAT: stats_saves.dump_stats(stats.Stats()),
        settings.FORMAT: settings.dump_settings(settings.defaults()),
        rankings.FORMAT: rankings.dump_rankings([]),
        stored_reviews.FORMAT: stored_reviews.dump([]),
        steps.FORMAT: steps.Steps("", 1).dump(),
    }
    return found


def test_every_stored_document_starts_with_its_format_and_the_version_the_guard_knows(guard: Guard) -> None:
    """The guard tells a newer release's document by its start alone, so every document
    the game stores must start with its format and version, and the guard must know the
    version of each (build/names.py writes store.formats() into it)."""
    documents = written_by_this_release()
    _, items = guard(f"S.replaceAll({js(json.dumps([[GAME, 'imported']]))})")
    documents[store.IMPORT_FORMAT] = items[P + store.IMPORT]  # the import's mark, the guard's own
    assert set(documents) == set(store.formats())
    for fmt, text in documents.items():
        found = HEAD.match(text)
        assert found is not None, f"{fmt} does not start with its format and version: {text[:60]}"
        assert (found.group(1), int(found.group(2))) == (fmt, store.formats()[fmt])


@pytest.mark.parametrize("fmt", sorted(store.formats()))
def test_a_newer_releases_document_is_never_written_over_nor_removed(guard: Guard, fmt: str) -> None:
    """Rule: a stored document of a format this release writes, in a higher version, is
    a newer release's: write and remove answer "!newer" and leave it as it is; the same
    version, or an older one, is written over as always."""
    key = P + "item"
    newer = document(fmt, store.formats()[fmt] + 1, kept="by the newer release")
    result, items = guard(f"[S.write({js(key)}, 'ours'), S.remove({js(key)}), S.newer({js(key)})]",
                          {key: newer})
    assert result == [store.NEWER, store.NEWER, True] and items[key] == newer
    for version in (store.formats()[fmt], 1):
        same = document(fmt, version)
        result, items = guard(f"[S.newer({js(key)}), S.write({js(key)}, 'ours')]", {key: same})
        assert result == [False, True] and items[key] == "ours"


def test_steps_beside_a_newer_releases_game_are_not_written(guard: Guard) -> None:
    """Steps continue the game stored beside them: beside a newer release's game this
    release writes none, and removes none."""
    newer = document(saves.GAME_FORMAT, saves.GAME_VERSION + 1)
    result, items = guard(f"[S.write({js(STEPS)}, 'steps'), S.remove({js(STEPS)})]",
                          {GAME: newer, STEPS: "theirs"})
    assert result == [store.NEWER, store.NEWER] and items == {GAME: newer, STEPS: "theirs"}


@pytest.mark.parametrize("text, newer", [
    ('{ "format" : "py2048-game" , "version" : 99 , "board": []}', True),
    ('{"format":"py2048-game","version":99}', True),
    ('{"format":"py2048-export","version":99}', False),  # not a document stored under a key
    ('{"format":"py2048-other","version":99}', False),
    ('{"version":99,"format":"py2048-game"}', False),  # not how any release writes
    ('{"format":"py2048-game","version":"99"}', False),
    ('{"format":"py2048-game","version":5,"note":"\\"version\\":99"}', False),
    ("not json at all", False),
    ("", False),
])
def test_a_newer_document_is_told_by_its_start_alone(guard: Guard, text: str, newer: bool) -> None:
    result, _ = guard(f"S.newer({js(GAME)})", {GAME: text})
    assert result is newer


def test_newer_any_names_an_item_holding_a_newer_document(guard: Guard) -> None:
    newer = document(stats.FORMAT, stats.VERSION + 1)
    ours = document(saves.GAME_FORMAT, saves.GAME_VERSION)
    keys = js(json.dumps([P + name for name in store.AT_START]))
    result, _ = guard(f"S.newerAny({keys})", {GAME: ours, P + store.STATS: newer, "other": newer})
    assert result == P + store.STATS
    result, _ = guard(f"S.newerAny({keys})", {GAME: ours, P + store.RANKINGS: newer, "other:stats": newer})
    assert result == "", "only what the start reads is looked at"


def reviews(*names: str) -> str:
    return stored_reviews.dump([{"key": name} for name in names])


def reviews_in(items: dict[str, str]) -> list[str]:
    return [entry["key"] for entry in json.loads(items[REVIEWS])["reviews"]] if REVIEWS in items else []


def test_full_storage_gives_up_the_set_aside_game_then_the_oldest_stored_reviews(guard: Guard) -> None:
    """Rule: a write refused for lack of room first removes the copy of a set-aside game,
    then drops the stored reviews one at a time, oldest first, until it fits."""
    before = {REJECTED: "x" * 400, REVIEWS: reviews("r" * 100, "s" * 100, "t" * 100), GAME: "g"}
    quota = sum(len(k) + len(v) for k, v in before.items())
    result, items = guard(f"S.write({js(GAME)}, {js('g' * 300)})", before, quota)
    assert result is True and REJECTED not in items and reviews_in(items) == ["r" * 100, "s" * 100, "t" * 100]
    result, items = guard(f"S.write({js(GAME)}, {js('g' * 500)})", before, quota)
    assert result is True and REJECTED not in items and reviews_in(items) == ["s" * 100, "t" * 100]
    result, items = guard(f"S.write({js(GAME)}, {js('g' * 600)})", before, quota)
    assert result is True and REJECTED not in items and reviews_in(items) == ["t" * 100]
    result, items = guard(f"S.write({js(GAME)}, {js('g' * 5000)})", before, quota)
    assert result is False and REVIEWS not in items and items[GAME] == "g", "what fits nowhere is refused"


def test_a_newer_releases_reviews_are_not_given_up_for_room(guard: Guard) -> None:
    newer = document(stored_reviews.FORMAT, stored_reviews.VERSION + 1, reviews=[{"key": "a" * 300}])
    quota = len(REVIEWS) + len(newer) + 50
    result, items = guard(f"S.write({js(GAME)}, {js('g' * 400)})", {REVIEWS: newer}, quota)
    assert result is False and items == {REVIEWS: newer}


def test_stored_reviews_too_many_for_storage_drop_their_own_oldest(guard: Guard) -> None:
    text = reviews("a" * 200, "b" * 200, "c" * 200)
    result, items = guard(f"S.write({js(REVIEWS)}, {js(text)})", {GAME: "g"}, 600)
    assert result is True and reviews_in(items) == ["b" * 200, "c" * 200] and items[GAME] == "g"


def test_an_import_is_written_whole_or_not_at_all(guard: Guard) -> None:
    """Rule: replaceAll writes every item, or, when storage refuses one even after making
    room, none: those written before it get their old text back (those that grew first,
    so each step fits), and an item removed comes back."""
    before = {GAME: "a" * 50, P + "best": "b" * 50, P + "stats": "c" * 50, P + "game-5": "d" * 50}
    quota = sum(len(k) + len(v) for k, v in before.items()) + 250
    changes: list[list[str | None]] = [[GAME, "A" * 100], [P + "game-5", None], [P + "best", "B" * 20],
                                       [P + "stats", "C" * 400]]
    result, items = guard(f"S.replaceAll({js(json.dumps(changes))})", before, quota)
    assert result is False and items == before, "an import storage refused left a part of it"
    changes[3][1] = "C" * 80
    result, items = guard(f"S.replaceAll({js(json.dumps(changes))})", before, quota)
    assert isinstance(result, str) and result
    mark = json.loads(items.pop(P + store.IMPORT))
    assert items == {GAME: "A" * 100, P + "best": "B" * 20, P + "stats": "C" * 80}
    assert mark["format"] == store.IMPORT_FORMAT and mark["stamp"] == result
    assert set(mark["items"]) == {GAME, P + "game-5", P + "best", P + "stats"}
    assert mark["items"][P + "game-5"] is None


def test_an_imports_mark_says_when_all_its_documents_have_arrived(guard: Guard) -> None:
    """Rule: another tab takes an import once every document it wrote is there as it was
    written (importLanded), and knows which import it was by its stamp."""
    changes = [[GAME, "A" * 30], [P + "best", None]]
    run = (f"const stamp = S.replaceAll({js(json.dumps(changes))});"
           "const landed = S.importLanded(), named = S.importStamp() === stamp;"
           f"storage.setItem({js(GAME)}, 'on its way');"
           "const early = S.importLanded();"
           f"storage.setItem({js(GAME)}, {js('A' * 30)}); storage.setItem({js(P + 'best')}, 'b');"
           "[landed, named, early, S.importLanded(), stamp !== S.replaceAll('[]')]")
    result, _ = guard(run, {P + "best": "b"})
    assert result == [True, True, False, False, True]
    result, _ = guard("[S.importStamp(), S.importLanded()]", {P + store.IMPORT: "not a mark"})
    assert result == ["", True]


def test_an_import_over_a_newer_releases_document_changes_nothing(guard: Guard) -> None:
    newer = document(stats.FORMAT, stats.VERSION + 1)
    before = {GAME: "a", P + "stats": newer}
    changes = [[GAME, "A"], [P + "stats", "C"]]
    result, items = guard(f"S.replaceAll({js(json.dumps(changes))})", before)
    assert result == store.NEWER and items == before


def test_storage_that_throws_answers_plainly(guard: Guard) -> None:
    """A browser refusing storage throws on every access: each guard answers instead."""
    keys = js(json.dumps([GAME]))
    broken = ("storage.getItem = storage.setItem = storage.removeItem = () => { throw new Error('denied'); };"
              f"[S.write({js(GAME)}, 'x'), S.remove({js(GAME)}), S.newer({js(GAME)}), S.newerAny({keys}),"
              f" S.replaceAll({js(json.dumps([[GAME, 'x']]))}), S.readExact({js(GAME)}, 10), S.probe('p')]")
    result, _ = guard(broken)
    assert result == [False, False, False, "", False, False, False]
