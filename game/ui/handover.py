"""The hand-over: the engine takes over the games the page played by itself.

When the engine is ready, every stored game with steps beside it (game/steps.py) is
handed to it: first those not on screen (another board size, or the daily board
played before a switch), then the one on screen, whose answer the page shows. The
engine plays the steps through the same code the page ran (game/play.py), so its
answer is the game already on screen, and nothing is redrawn or said: the board does
not move at the hand-over. Only if the engine refused a step (it should not happen)
is its game shown instead, and the player told in one sentence.

Pure (storage read through the handed-in `SharedSaves`), tested on CPython and
MicroPython.
"""

from game.ui import text
from game.ui.store import DAILY, GAME_KEYS, game_key

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# The hand-over waits for a pause in the player's keys: its round trip (the engine plays
# the steps, a cold engine's first answers are slow) would hold every key pressed
# meanwhile, so a player in full flow goes on with the page's own game. A button (it
# may want the engine) or a burst longer than LONGEST_MS does not wait.
QUIET_MS = 400
LONGEST_MS = 3000


def pause_left(now: float, last_input: float, ready_at: float) -> float:
    """How much longer the hand-over waits, in ms (0: now): until QUIET_MS after the last
    input, and never more than LONGEST_MS after the engine was ready."""
    return max(0.0, min(last_input + QUIET_MS - now, ready_at + LONGEST_MS - now))


# What must be the same for the game on screen to be the engine's (the rest, such as a
# best score read more strictly by the engine, is simply shown as the engine says).
SHOWN = ("size", "board", "score", "moves", "won", "status", "mode", "date")


def board_of(key: str) -> "tuple[int, bool]":
    """The board size and whether it is the daily board, for a stored game's key."""
    if key == DAILY:
        return 4, True
    for size in (4, 5, 6):
        if game_key(size) == key:
            return size, False
    raise ValueError("no stored game is called %r" % (key,))


def others(saves: "Any") -> "list[str]":
    """The keys of the stored games, other than the one on screen, with steps beside them."""
    return [key for key in GAME_KEYS if key != saves.key and saves.read_steps(key)]


def seamless(shown: "dict[str, Any] | None", answer: "dict[str, Any]") -> bool:
    """Whether the engine's game is the one on screen (then nothing is redrawn)."""
    return shown is not None and all(shown.get(name) == answer.get(name) for name in SHOWN)


def stale(answer: "dict[str, Any]") -> bool:
    """Whether the steps stored beside the game were steps on another game (left behind
    by a race between tabs): the page ignored them too, so nothing of them was shown."""
    return bool((answer.get("handover") or {}).get("refused") == "not_this_game")


def refusal(answer: "dict[str, Any]", lang: str = "", seamless: bool = False) -> str:
    """The one sentence a refused step earns ("" when every step was taken, or when
    the steps were another game's and the board on screen is the engine's anyway)."""
    handed = answer.get("handover") or {}
    if not handed.get("refused") or (seamless and stale(answer)):
        return ""
    return text.say("handover_refused", lang)
