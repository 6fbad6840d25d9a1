"""Finished reviews stored on the device, so a game reviewed once is not searched again.

A review costs seconds of the worker's time; its result is a few kilobytes. The page
keeps them in one document (`py2048-reviews`, docs/save-format.md), hands it to
`review_start` and stores the one a finished review answers with; where another tab
stored others since, the two are merged first (`merge`, by game), as best scores are. Each review is kept
under the key of the game it reviews (`review.key_of`: SHA-256 of the size and the
record), oldest first, within `MAX_REVIEWS` reviews and `MAX_TEXT` characters: the
oldest go first, and a review too big to fit alone is simply not kept.

The document comes back from storage, where anything may have happened to it: it is
read leniently and defensively. A text that is not the document is as if nothing were
kept, an entry that is not a valid review is dropped alone, and nothing here raises on
any text (game/saves.py `parse_json` measures it before parsing).
"""

from __future__ import annotations

import json
import math
from typing import Any

from game import rules, saves
from game.review import GRADES, GRADING, TURNING_POINTS

FORMAT = "py2048-reviews"
VERSION = 2  # 2: each move's played and better direction (the move list); 1 is read as nothing kept
MAX_REVIEWS = 20  # the last twenty games reviewed: more than a player looks back on
MAX_TEXT = 100_000  # characters: half of what the page reads back (saves.MAX_TEXT)
MAX_MOVES = 100_000  # no real game is longer (game/replay.py MAX_MOVES)
HEX = frozenset("0123456789abcdef")
FIELDS = frozenset(("key", "grading", "budget", "size", "grades", "accuracy", "values", "turning", "played",
                    "better"))
PLAYED = frozenset("lrud")  # game/review.py LETTERS
TURNING_FIELDS = frozenset(("move", "played", "better", "grade", "loss", "why"))
# Each reason's code and the whole numbers it carries (game/review.py `reasons`).
REASONS: dict[str, frozenset[str]] = {
    "corner": frozenset(("tile",)), "empty": frozenset(("better", "played")),
    "merge": frozenset(("tile",)), "ahead": frozenset(("depth",)),
}

StoredReview = dict[str, Any]  # one review as `Review.finished` gives it, with its "key"


def _whole(value: object, low: int, high: int) -> bool:
    return saves.is_int(value) and low <= value <= high  # type: ignore[operator]


def _number(value: object, low: float, high: float) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value) and low <= value <= high


def _reason(value: object) -> bool:
    if not isinstance(value, dict) or value.get("code") not in REASONS:
        return False
    numbers = REASONS[value["code"]]
    return set(value) == numbers | {"code"} and all(_whole(value[n], 0, 1 << 40) for n in numbers)


def _turning(value: object, moves: int) -> bool:
    if not isinstance(value, dict) or set(value) != TURNING_FIELDS:
        return False
    why = value["why"]
    return (_whole(value["move"], 1, moves) and value["played"] in rules.DIRECTIONS
            and value["better"] in rules.DIRECTIONS and value["grade"] in GRADES[1:]
            and _number(value["loss"], 0.0, 1e9) and isinstance(why, list) and 1 <= len(why) <= len(REASONS)
            and all(_reason(reason) for reason in why))


def _moves(played: object, better: object, grades: str) -> bool:
    """Each move's letters: the one played, and the better one exactly where the played
    one was not the best ("." where it was: a best grade)."""
    if not (isinstance(played, str) and isinstance(better, str)):
        return False
    if not len(played) == len(better) == len(grades):
        return False
    return set(played) <= PLAYED and all(
        (b == ".") == (g == "b") and b != p for p, b, g in zip(played, better, grades))


def valid(entry: object) -> bool:
    """Whether a stored entry is a review this engine could have made (shape and ranges;
    its grades are not searched again)."""
    if not isinstance(entry, dict) or set(entry) != FIELDS:
        return False
    key, grades, values, turning = entry["key"], entry["grades"], entry["values"], entry["turning"]
    if not (isinstance(key, str) and len(key) == 64 and set(key) <= HEX):
        return False
    if not (isinstance(grades, str) and len(grades) <= MAX_MOVES and set(grades) <= set(GRADES)):
        return False
    if not (isinstance(values, list) and len(values) == len(grades) + 1
            and all(_whole(v, 0, 100) for v in values)):
        return False
    if not _moves(entry["played"], entry["better"], grades):
        return False
    return (_whole(entry["grading"], 0, 1 << 20) and _whole(entry["budget"], 1, 1 << 40)
            and entry["size"] in rules.SIZES and not isinstance(entry["size"], bool)
            and _number(entry["accuracy"], 0.0, 100.0) and isinstance(turning, list)
            and len(turning) <= TURNING_POINTS and all(_turning(t, len(grades)) for t in turning))


def read(text: object) -> list[StoredReview]:
    """The valid reviews a stored document holds, oldest first; [] for anything that is
    not such a document (nothing stored, damaged, hostile). Never raises."""
    if not isinstance(text, str) or not text:
        return []
    try:
        data = saves.parse_document(text, FORMAT, (VERSION,), MAX_TEXT)
    except saves.SaveError:
        return []
    reviews = data.get("reviews")
    if set(data) != {"format", "version", "reviews"} or not isinstance(reviews, list):
        return []
    by_key: dict[str, StoredReview] = {}
    for entry in reviews[:MAX_REVIEWS * 4]:
        if valid(entry):
            by_key.pop(entry["key"], None)  # a key twice: the later one is the newer
            by_key[entry["key"]] = entry
    return list(by_key.values())[-MAX_REVIEWS:]


def find(reviews: list[StoredReview], key: str, budget: int) -> StoredReview | None:
    """The stored review of the game with this key, if it was made as this engine makes
    them (same grading rules, same budget)."""
    for entry in reviews:
        if entry["key"] == key and entry["grading"] == GRADING and entry["budget"] == budget:
            return entry
    return None


def dump(reviews: list[StoredReview]) -> str:
    """The document, compact JSON (its entries as given)."""
    return json.dumps({"format": FORMAT, "version": VERSION, "reviews": reviews}, separators=(",", ":"))


def merge(own: list[StoredReview], other: list[StoredReview]) -> list[StoredReview]:
    """Another tab's stored reviews (`other`, as stored now) with this tab's: theirs, then
    each of this tab's that they do not hold as the newest, within the caps (the oldest
    go first). A game both hold keeps theirs: the same game graded by the same rules is
    the same review, and it is the one storage holds."""
    out = list(other)
    held = {entry["key"] for entry in other}
    for entry in own:
        if entry["key"] not in held:
            out = add(out, entry)
    return out


def add(reviews: list[StoredReview], entry: StoredReview) -> list[StoredReview]:
    """The stored reviews with `entry` as the newest (replacing an older one of the same
    game), the oldest dropped until at most MAX_REVIEWS remain and the document fits in
    MAX_TEXT characters (an entry too big alone is not reviews)."""
    out = [k for k in reviews if k["key"] != entry["key"]] + [entry]
    out = out[-MAX_REVIEWS:]
    sizes = [len(json.dumps(k, separators=(",", ":"))) + 1 for k in out]
    room = MAX_TEXT - len(dump([]))
    while out and sum(sizes) > room:
        out.pop(0)
        sizes.pop(0)
    return out
