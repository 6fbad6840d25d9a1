"""Everything the page says in words, in the player's language, built from engine replies.

The strings live in one data file per language (assets/lang/<code>.json), which
assets/settings.js loads before the first paint; the UI hands the table to `use`.
Nothing here holds a sentence of its own, so a language is one more file. The
live-region announcements are composed from the reply data alone (the UI re-derives
no rule). Numbers a player reads (scores, moves, points, statistics) are grouped the
language's way (`number`); tile values stay as the tiles show them.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    class Table(Protocol):
        """A language's strings: a dict, or the page's table read where it was loaded
        (game/ui/page.py LoadedStrings)."""

        def get(self, __key: str) -> "str | None": ...

TABLES: "dict[str, Table]" = {}
CURRENT = ["en"]  # the language in use (a list: set in place by `use`)


def use(lang: str, table: "Table") -> None:
    """Speak `lang` from now on, with its strings."""
    TABLES[lang] = table
    CURRENT[0] = lang


def say(key: str, lang: str = "", **values: object) -> str:
    """The string `key` in `lang` (default: the one in use) with its placeholders
    filled; the key itself when no table has it (a missing string shows, never fails)."""
    table: "Table" = TABLES.get(lang or CURRENT[0]) or {}
    template = table.get(key)
    if template is None:
        english: "Table" = TABLES.get("en") or {}
        template = english.get(key) or key
    return str(template).format(**values)


def number(n: int, lang: str = "") -> str:
    """A whole number with the language's thousands separator: 12,345 / 12.345."""
    digits = str(abs(int(n)))
    group = say("number_group", lang)
    parts: "list[str]" = []
    while len(digits) > 3:
        parts.insert(0, digits[-3:])
        digits = digits[:-3]
    parts.insert(0, digits)
    return ("-" if int(n) < 0 else "") + group.join(parts)


def duration(ms: int, lang: str = "") -> str:
    """A long duration in words: "6 h 48 min", "3 min 5 s", "40 s"."""
    seconds = int(ms) // 1000
    hours, minutes = seconds // 3600, (seconds // 60) % 60
    if hours:
        return say("duration_hm", lang, h=number(hours, lang), m=minutes)
    if minutes:
        return say("duration_ms", lang, m=minutes, s=seconds % 60)
    return say("duration_s", lang, s=seconds)


def set_aside_message(set_aside: "dict[str, Any]", lang: str = "") -> str:
    """What a start set aside (game/api.py `set_aside`), said exactly; "" for nothing."""
    parts = []
    if set_aside.get("game"):
        parts.append(say("save_invalid", lang))
    sizes = [say("size", lang, n=n) for n in set_aside.get("best_sizes") or []]
    if set_aside.get("best_document") or (set_aside.get("best_unknown_keys") and not sizes):
        parts.append(say("best_invalid_all", lang))
    elif sizes:
        parts.append(say("best_invalid_one" if len(sizes) == 1 else "best_invalid_many", lang,
                         sizes=listing(sizes, lang)))
    stats_sizes = [say("size", lang, n=n) for n in set_aside.get("stats_sizes") or []]
    if set_aside.get("stats_document"):
        parts.append(say("stats_invalid", lang))
    else:  # the sizes and the daily results are set aside apart: each is said
        if stats_sizes:
            parts.append(say("stats_invalid_sizes", lang, sizes=listing(stats_sizes, lang)))
        if set_aside.get("stats_daily"):
            parts.append(say("stats_invalid_daily", lang))
    return " ".join(parts)


def size_name(size: int, lang: str = "") -> str:
    return say("size_%d" % size, lang)


def listing(items: "list[str]", lang: str = "") -> str:
    """"a", "a and b", "a, b and c"."""
    if not items:
        return ""
    listed = items[0]
    for item in items[1:]:
        listed = say("and", lang, a=listed, b=item) if item == items[-1] else listed + ", " + item
    return listed


def moves_label(n: int, lang: str = "") -> str:
    return say("moves_one", lang) if n == 1 else say("moves_many", lang, n=number(n, lang))


def merges(reply: "dict[str, Any]", lang: str = "") -> str:
    """What merged in a move: "two 8s merged into 16 and two 4s merged into 8"."""
    found = [say("merge", lang, half=t["value"] // 2, value=t["value"])
             for t in reply["tiles"] if t["merged"]]
    return listing(found, lang)


def announce(reply: "dict[str, Any]", lang: str = "") -> str:
    """A short sentence or two for the live region describing what a reply did:
    "Left: two 8s merged into 16, plus 16. New 2 at row 3, column 1."."""
    state = reply["state"]
    kind = reply["kind"]
    score = number(state["score"], lang)
    if kind == "move":
        if not reply["changed"]:
            return say("no_move", lang, dir=say(reply["direction"] + "_in", lang))
        direction = say(reply["direction"], lang)
        if reply["points"]:
            parts = [say("moved_points", lang, dir=direction, merges=merges(reply, lang),
                         points=number(reply["points"], lang))]
        else:
            parts = [say("moved", lang, dir=direction)]
        spawn = reply.get("spawn")
        if spawn:
            parts.append(
                say("spawned", lang, value=spawn["value"], row=spawn["at"][0] + 1, col=spawn["at"][1] + 1)
            )
        if state["status"] == "won":
            parts.append(say("won", lang))
        elif state["status"] == "over":
            parts.append(say("over", lang, score=score))
        return " ".join(parts)
    if kind == "undo":
        return say("undone", lang, score=score) if reply["changed"] else say("no_undo", lang)
    if kind == "new":
        return say("new_game", lang)
    if kind == "continue":
        return say("continue", lang, score=score)
    if kind == "start":
        if (reply.get("handover") or {}).get("refused"):  # back to the last step taken
            return say("handover_back", lang, moves=number(state["moves"], lang), score=score)
        return say("new_game", lang) if reply.get("spawns") else say("resumed", lang, score=score)
    if kind == "follow" and reply["changed"]:
        return say("followed", lang, score=score)
    return ""


def dialog_sentences(state: "dict[str, Any]", lang: str = "") -> "list[tuple[str, str]]":
    """The win, game-over and new-game dialogs' sentences for this game: (element id, text)."""
    moves = moves_label(state["moves"], lang)
    score = number(state["score"], lang)
    won = say("won_text", lang, score=score, moves=moves)
    if state.get("mode") == "daily":
        key = "over_daily_practice" if state.get("practice") else "over_daily"
        over = say(key, lang, date=state.get("date", ""), score=score, moves=moves)
        confirm = say("confirm_daily_practice" if state.get("practice") else "confirm_daily", lang)
    else:
        over = say("over_text", lang, score=score, moves=moves)
        confirm = say("confirm_text", lang)
    return [("win-text", won), ("over-text", over), ("confirm-text", confirm)]


def switched(reply: "dict[str, Any]", size_name: str, lang: str = "") -> str:
    """What another board (a size, the daily board, an import) says when it comes."""
    state = reply["state"]
    if state.get("mode") == "daily":
        key = "switched_daily_practice" if state.get("practice") else "switched_daily"
    else:
        key = "switched_new" if reply.get("spawns") else "switched_resumed"
    return say(key, lang, size=size_name, date=state.get("date", ""), score=number(state["score"], lang))


def cell_label(value: int, row: int, col: int, lang: str = "") -> str:
    """A board cell for a screen reader: "8, row 1, column 2" or "empty, row 1, …"."""
    if value:
        return say("cell", lang, value=value, row=row + 1, col=col + 1)
    return say("cell_empty", lang, row=row + 1, col=col + 1)


def changed_cells(values: "list[int]", board: "list[list[int]]",
                  lang: str = "") -> "list[tuple[int, str]]":
    """The gridcells whose label must change for `board`: (index row by row, label).
    `values` holds the value each cell's label says now (-1: none yet); it is updated
    in place, so a move rewrites only the cells it changed."""
    changed = []
    i = 0
    for r, row in enumerate(board):
        for c, value in enumerate(row):
            if values[i] != value:
                values[i] = value
                changed.append((i, cell_label(value, r, c, lang)))
            i += 1
    return changed


def read_board(board: "list[list[int]]", lang: str = "") -> str:
    """The whole board row by row (the B key)."""
    rows = []
    for r, row in enumerate(board):
        cells = ", ".join(str(v) if v else say("empty", lang) for v in row)
        rows.append(say("board_row", lang, row=r + 1, cells=cells))
    return " ".join(rows)


def read_numbers(state: "dict[str, Any]", lang: str = "") -> str:
    """Score, best and moves (Shift+S)."""
    return say("numbers", lang, score=number(state["score"], lang), best=number(state["best"], lang),
               moves=moves_label(state["moves"], lang))
