"""Everything the page says in words, built from engine replies.

All visible and spoken strings live in MESSAGES, keyed by language, so a translation is
one more table; the live-region announcements are composed here from the reply data
alone (the UI re-derives no rule).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MESSAGES = {
    "en": {
        "left": "Left",
        "right": "Right",
        "up": "Up",
        "down": "Down",
        "moves_one": "1 move",
        "moves_many": "{n} moves",
        "moved": "{dir}.",
        "moved_points": "{dir}, +{points}.",
        "score": "Score {score}.",
        "spawned": "New {value} in row {row}, column {col}.",
        "no_move": "{dir}: nothing moves.",
        "undone": "Move undone. Score {score}.",
        "no_undo": "Nothing to undo.",
        "won": "You reached 2048! Keep playing or start a new game.",
        "won_text": "Score {score} in {moves}. Keep going for 4096, or start a new game.",
        "over": "No moves left. Final score {score}.",
        "over_text": "Final score {score} after {moves}.",
        "new_game": "New game. Score 0.",
        "resumed": "Game resumed. Score {score}.",
        "continue": "Keep playing. Score {score}.",
        "save_invalid": "Your saved game could not be read, so a new game has started.",
        "best_invalid_one": "Your best score for {sizes} could not be read and was set aside.",
        "best_invalid_many": "Your best scores for {sizes} could not be read and were set aside.",
        "best_invalid_all": "Your saved best scores could not be read and were set aside.",
        "size": "{n}×{n}",
        "and": "{a} and {b}",
        "followed": "Game continued from another tab. Score {score}.",
        "no_storage": "This browser is not keeping data for this page: progress will not be saved.",
        "engine_failed": "The Python engine could not start. Reload the page to try again.",
        "engine_stopped": (
            "The Python engine stopped. Your game is saved up to your last move: "
            "reload the page to go on."
        ),
        "engine_slow": "Python is taking long to start: your moves will be played once it is ready.",
        "size_4": "4×4 Classic",
        "size_5": "5×5 Large",
        "size_6": "6×6 Expert",
        "switched_resumed": "{size}: game resumed. Score {score}.",
        "switched_new": "{size}: new game.",
        "undo_steps": "Undo keeps {n} steps.",
        "share_title": "2048 in Python · {size}",
        "share_result": "Score {score} · best tile {tile} · {moves} · {time}",
        "share_won": "Reached 2048!",
        "share_stats_title": "2048 in Python · {size} · statistics",
        "share_stats": (
            "{played} played · {won} won ({rate}) · best score {best} · best tile {tile}"
            " · best streak {streak}"
        ),
        "shared": "Shared.",
        "copied": "Copied to the clipboard.",
        "share_failed": "This browser did not allow copying to the clipboard.",
        "exported": "Saved as {name}.",
        "export_failed": "This browser did not allow saving the file.",
        "import_too_big": "That file is too big to be a saved game (over 2 MB). Nothing was changed.",
        "import_unreadable": "That file could not be read. Nothing was changed.",
        "import_invalid": "That file cannot be imported: {reason}. Nothing was changed.",
        "imported": "Imported: your games, best scores, statistics and settings are now the file's.",
        "import_game": "{size}: score {score}, {moves}, best tile {tile}",
        "import_no_game": "{size}: no game in progress",
        "import_best": "Best scores: {scores}",
        "import_played": "Statistics: {n} games played",
        "import_played_one": "Statistics: 1 game played",
        "import_exported": "Exported on {date}",
        "stats_invalid": "Your saved statistics could not be read and were set aside.",
        "stats_invalid_sizes": "Your statistics for {sizes} could not be read and were set aside.",
        "unlocked_one": "New tile colours unlocked: {names}. Choose them in Settings.",
        "palette_classic": "Classic",
        "palette_sunrise": "Sunrise",
        "palette_lagoon": "Lagoon",
        "palette_nebula": "Nebula",
        "palette_meadow": "Meadow",
        "no_tile": "–",
    }
}


def say(key: str, lang: str = "en", **values: object) -> str:
    table = MESSAGES.get(lang) or MESSAGES["en"]
    template = table.get(key) or MESSAGES["en"][key]
    return template.format(**values)


def set_aside_message(set_aside: "dict[str, Any]", lang: str = "en") -> str:
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
    elif stats_sizes:
        parts.append(say("stats_invalid_sizes", lang, sizes=listing(stats_sizes, lang)))
    return " ".join(parts)


def size_name(size: int, lang: str = "en") -> str:
    return say("size_%d" % size, lang)


def listing(items: "list[str]", lang: str = "en") -> str:
    """"a", "a and b", "a, b and c"."""
    if not items:
        return ""
    listed = items[0]
    for item in items[1:]:
        listed = say("and", lang, a=listed, b=item) if item == items[-1] else listed + ", " + item
    return listed


def moves_label(n: int, lang: str = "en") -> str:
    return say("moves_one", lang) if n == 1 else say("moves_many", lang, n=n)


def announce(reply: "dict[str, Any]", lang: str = "en") -> str:
    """One sentence for the live region describing what a reply did."""
    state = reply["state"]
    kind = reply["kind"]
    score = state["score"]
    if kind == "move":
        direction = say(reply["direction"], lang)
        if not reply["changed"]:
            return say("no_move", lang, dir=direction)
        if reply["points"]:
            parts = [say("moved_points", lang, dir=direction, points=reply["points"])]
        else:
            parts = [say("moved", lang, dir=direction)]
        parts.append(say("score", lang, score=score))
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
        return say("new_game", lang) if reply.get("spawns") else say("resumed", lang, score=score)
    if kind == "follow" and reply["changed"]:
        return say("followed", lang, score=score)
    return ""
