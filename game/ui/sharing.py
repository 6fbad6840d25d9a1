"""What "Share" says about a finished game: a few words and a tiny picture of the board.

The picture is one emoji square per cell, coloured by the tile's size, so it reads in
any chat without images; empty cells are black squares. Pure: tested on CPython and
MicroPython. The browser calls (share sheet, clipboard) are assets/boot.js guards.
"""

from game.ui import clock, text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

EMPTY = "\u2b1b"  # black large square
# (smallest value, square): the first tier whose value the tile reaches, from the top.
TIERS = (
    (4096, "\U0001f7ea"),  # purple
    (2048, "\U0001f7e5"),  # red
    (512, "\U0001f7e7"),  # orange
    (128, "\U0001f7e8"),  # yellow
    (32, "\U0001f7e9"),  # green
    (8, "\U0001f7e6"),  # blue
    (2, "\u2b1c"),  # white
)


def square(value: int) -> str:
    for low, mark in TIERS:
        if value >= low:
            return mark
    return EMPTY


def picture(board: "list[list[int]]") -> str:
    return "\n".join("".join(square(value) for value in row) for row in board)


def result_text(state: "dict[str, Any]", elapsed_ms: int, address: str = "", lang: str = "") -> str:
    """The share text of the game on screen: size, score, best tile, moves, time, the
    board; the game's address when it has one a friend can open (http or https)."""
    lines = [
        text.say("share_title", lang, size=text.size_name(state["size"], lang)),
        text.say("share_result", lang, score=text.number(state["score"], lang), tile=state["max_tile"],
                 moves=text.moves_label(state["moves"], lang), time=clock.format_clock(elapsed_ms)),
    ]
    if state["won"]:
        lines.append(text.say("share_won", lang))
    lines.append(picture(state["board"]))
    if address.startswith("https://") or address.startswith("http://"):
        lines.append(address)
    return "\n".join(lines)


def outcome_message(outcome: str, lang: str = "") -> str:
    """What the page says after the share guard answered ("" for a cancelled sheet)."""
    if outcome == "shared":
        return text.say("shared", lang)
    if outcome == "copied":
        return text.say("copied", lang)
    if outcome == "cancelled":
        return ""
    return text.say("share_failed", lang)
