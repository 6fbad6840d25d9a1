"""Statistics documents for the tests of the shared modules (game/stats_reader.py and
who reads by it), written by hand in the subset all three Pythons run: the engine's own
writer (game/stats_saves.py) is not in MicroPython."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

JAN_2025 = 1_735_689_600_000


def game_id(n: int) -> str:
    """A game's identity (game/session.py), the n-th of a test's."""
    return "%016x" % (0x5eed0000 + n)


def entry(**change: "Any") -> "dict[str, Any]":
    """A 4×4 entry of two counted games, a 256 and a won 2048, as version 4 writes it."""
    top = [{"score": 24000, "tile": 2048, "moves": 100, "ms": 60000, "date": JAN_2025},
           {"score": 2000, "tile": 256, "moves": 100, "ms": 60000, "date": JAN_2025}]
    found = {"played": 2, "won": 1, "best_score": 24000, "best_tile": 2048, "total_score": 26000,
             "total_moves": 200, "total_ms": 120000, "streak": 1, "best_streak": 1, "top": top,
             "recent": [2000, 24000], "reached": [2, 1, 1, 1, 0, 0], "games": [game_id(1), game_id(2)]}
    found.update(change)
    return found


def counting(games: "list[str]") -> "dict[str, Any]":
    """An entry that counted these games (each 1000 points at a 128 tile), oldest first."""
    played = len(games)
    top = [{"score": 1000, "tile": 128, "moves": 10, "ms": 1000, "date": JAN_2025}] * min(played, 10)
    return {"played": played, "won": 0, "best_score": 1000, "best_tile": 128, "total_score": 1000 * played,
            "total_moves": 10 * played, "total_ms": 1000 * played, "streak": 0, "best_streak": 0,
            "top": top, "recent": [1000] * min(played, 50), "reached": [0] * 6, "games": list(games)}


def days(*results: "tuple[str, int]") -> "dict[str, Any]":
    """A daily part holding these (date, score) results, given in order of their dates."""
    return {"played": len(results), "best_streak": len(results),
            "results": [{"date": date, "score": score, "tile": 8, "moves": 9, "code": ""}
                        for date, score in results]}


def document(sizes: "Any" = None, **change: "Any") -> "dict[str, Any]":
    """A version 4 document: `sizes` (a 4×4 `entry` unless given), the 2048 milestone,
    and three days' results (2025-01-01, 02 and 04: 40, 80 and 160 points)."""
    found = {"format": "py2048-stats", "version": 4, "sizes": {"4": entry()} if sizes is None else sizes,
             "milestones": ["tile-2048"],
             "daily": days(("2025-01-01", 40), ("2025-01-02", 80), ("2025-01-04", 160))}
    found.update(change)
    return found
