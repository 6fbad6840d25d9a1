"""Which game action a key press asks for.

Two keys only read the game out (for a screen reader, into the live region): B reads
the board row by row ("read-board") and Shift+S says the score, the best score and the
moves ("read-numbers"). They are not move attempts. Plain S stays "down" (WASD), also
with Caps Lock on: only a held Shift makes S a reading key. Like the letter moves, they
are single-character shortcuts, so the Letter keys setting turns them off too (WCAG
2.1.4).

`key` is matched first (it follows the player's keyboard layout: on AZERTY, WASD are
where the letters are printed); `code` (the physical key) is the fallback so letter
keys still work on layouts without Latin letters.
"""

ARROWS = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}
BACK = "Escape"  # a review's board view: back to the review (a dialog closes itself)
LETTERS = {
    "a": "left", "d": "right", "w": "up", "s": "down",
    "h": "left", "l": "right", "k": "up", "j": "down",
    "u": "undo", "n": "new",
}
DIRECTIONS = ("left", "right", "up", "down")
READING = ("read-board", "read-numbers")  # not move attempts: they only speak
KNOWN = tuple(LETTERS) + ("b",)


def action_for_key(
    key: str,
    code: str = "",
    ctrl: bool = False,
    alt: bool = False,
    meta: bool = False,
    in_field: bool = False,
    letters: bool = True,
    shift: bool = False,
) -> "str | None":
    """A direction, "undo", "new", "back" (Escape), a READING action, or None for keys
    the game leaves to the browser."""
    if ctrl or alt or meta or in_field:
        return None
    if key in ARROWS:
        return ARROWS[key]
    if key == BACK:
        return "back"
    if not letters:
        return None
    letter = ""
    if len(key) == 1 and key.lower() in KNOWN:
        letter = key.lower()
    elif code.startswith("Key") and len(code) == 4:
        letter = code[3].lower()
    if letter == "b":
        return "read-board"
    if letter == "s" and shift:
        return "read-numbers"
    return LETTERS.get(letter)


def queued(action: str, mode: "str | None", blocked: bool, over_or_won: bool) -> "str | None":
    """What a key's action puts in the queue (None: nothing, or only reading aloud).

    `mode`: None while the game in play is on the board; else what a room's key mode
    makes of a direction (its MODES table, game/ui/router.py): "" for none (a recorded
    game watched: a move key is no move of the game in play, it counts as handled:
    "noop"; the other keys do nothing), or the prefix of its own action ("practice:":
    a recorded game played on as a practice, "practice:left"). A dialog in front of the
    board makes a move key do nothing but count, and N do nothing. N asks first over a
    game in progress ("new?"), not over a finished or won one. Reading keys are never
    queued: they are no move attempts. Escape ("back") is a mode's own ("practice:back":
    back to the review), and nothing elsewhere: a dialog in front closes itself, and the
    game in play has nothing to go back to."""
    if action in READING:
        return None
    if action == "back":
        return mode + action if mode and not blocked else None
    if mode is not None:
        if mode and (action in DIRECTIONS or action == "undo"):
            return "noop" if blocked else mode + action
        return "noop" if action in DIRECTIONS or action == "undo" else None
    if action == "new":
        return None if blocked else ("new" if over_or_won else "new?")
    return "noop" if blocked else action
