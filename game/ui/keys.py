"""Which game action a key press asks for.

`key` is matched first (it follows the player's keyboard layout: on AZERTY, WASD are
where the letters are printed); `code` (the physical key) is the fallback so letter
keys still work on layouts without Latin letters.
"""

ARROWS = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}
LETTERS = {
    "a": "left", "d": "right", "w": "up", "s": "down",
    "h": "left", "l": "right", "k": "up", "j": "down",
    "u": "undo", "n": "new",
}
DIRECTIONS = ("left", "right", "up", "down")


def action_for_key(
    key: str,
    code: str = "",
    ctrl: bool = False,
    alt: bool = False,
    meta: bool = False,
    in_field: bool = False,
    letters: bool = True,
) -> "str | None":
    """A direction, "undo", "new", or None for keys the game leaves to the browser."""
    if ctrl or alt or meta or in_field:
        return None
    if key in ARROWS:
        return ARROWS[key]
    if not letters:
        return None
    if len(key) == 1 and key.lower() in LETTERS:
        return LETTERS[key.lower()]
    if code.startswith("Key") and len(code) == 4:
        return LETTERS.get(code[3].lower())
    return None
