"""The name a player puts on the results they share: what it may hold, and how a link
carries it.

A daily result's code proves its moves (game/replay.py); the name beside it proves
nothing: it is what the sender says they are called, and the page says so ("shared as
Ana"). It is still text from a stranger, so it is held to a short, plain alphabet:
letters (with the accents of the page's four languages and their neighbours), digits,
single spaces and printable punctuation, at most `MAX_NAME` characters. No control
characters, no invisible or direction-changing marks, no emoji: nothing that can make
one name look like another or break the layout of a row. Markup characters such as
`<` are ordinary punctuation here, because a name is only ever written as text.

In a link the name follows the code in the fragment, percent-encoded as UTF-8:
`#replay=<code>&name=Jo%C3%A3o`, so it survives any chat that keeps a URL intact.

Shared by the three Pythons (game/rules.py says why): the Settings field checks the
name on the page, the engine checks it again in every link and stored result. Written
in their common subset: MicroPython's `str` methods know only ASCII letters, so the
alphabet is spelt out here by code point rather than asked of `str.isalpha`.
"""

TYPE_CHECKING = False

MAX_NAME = 24  # characters (code points), after spaces are tidied
NAME_MARK = "&name="
_UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
_HEX = "0123456789ABCDEF"
# Printable punctuation beyond ASCII that the four languages write: the Catalan middle
# dot, the typographic apostrophe, Spanish-style marks and guillemets.
_EXTRA = "\u00b7\u2019\u00a1\u00bf\u00ab\u00bb"


def allowed(char: str) -> bool:
    """Whether one character may appear in a name."""
    point = ord(char)
    if 0x21 <= point <= 0x7E or char == " ":  # ASCII letters, digits and punctuation
        return True
    if 0xC0 <= point <= 0x24F:  # Latin-1 letters and Latin Extended-A and -B
        return point not in (0xD7, 0xF7)  # × and ÷ are signs, not letters
    return char in _EXTRA


def tidy(text: str) -> str:
    """The name as it is kept: no spaces at either end, one space between words."""
    return " ".join(part for part in text.split(" ") if part)


def problem(name: str) -> str:
    """Why `name` (already tidied) cannot be used: "" when it can (an empty name is
    allowed: results are then shared without one), "too_long" or "bad_character"."""
    if len(name) > MAX_NAME:
        return "too_long"
    for char in name:
        if not allowed(char):
            return "bad_character"
    return ""


def valid(name: "object") -> bool:
    """A stored or received name as the page keeps them: text, tidy, and allowed."""
    return isinstance(name, str) and tidy(name) == name and not problem(name)


def quote(name: str) -> str:
    """The name for a link's fragment: UTF-8, every byte outside the unreserved
    characters of a URL written %XX."""
    out = []
    for byte in name.encode("utf-8"):
        char = chr(byte)
        if byte < 128 and char in _UNRESERVED:
            out.append(char)
        else:
            out.append("%" + _HEX[byte >> 4] + _HEX[byte & 15])
    return "".join(out)


def unquote(text: str) -> "str | None":
    """A name from a link's fragment, or None when it is not one `quote` could have
    written from an allowed name (bad escapes, bad UTF-8, a character not allowed,
    too long): such a link still verifies, without a name."""
    if len(text) > 9 * MAX_NAME:  # the longest a name can be, every byte escaped
        return None
    raw = bytearray()
    at = 0
    while at < len(text):
        char = text[at]
        if char == "%":
            pair = text[at + 1 : at + 3].upper()
            if len(pair) != 2 or pair[0] not in _HEX or pair[1] not in _HEX:
                return None
            raw.append(_HEX.index(pair[0]) * 16 + _HEX.index(pair[1]))
            at += 3
        elif ord(char) < 128:
            raw.append(ord(char))
            at += 1
        else:
            return None
    try:
        name = bytes(raw).decode("utf-8")
    except Exception:  # UnicodeDecodeError on CPython, UnicodeError on MicroPython
        return None
    # MicroPython's decoder also takes an overlong form ("%C0%AF" for "/") and keeps its
    # bytes: the name is read only as the shortest form of its own characters, as CPython does.
    if "".join([chr(ord(char)) for char in name]).encode("utf-8") != raw:
        return None
    name = tidy(name)
    return name if name and not problem(name) else None
