"""The name on shared results (game/names.py): its alphabet, how it is tidied and
judged, and how a link's `&name=` carries it.

Written in the Python subset MicroPython shares, with plain asserts (no pytest, no
hypothesis): these tests also run in real MicroPython (tests/micropython/run.mjs),
since the page checks the Settings field with this very module.
"""

from game import names, replay

ACCENTED = ("Jo\u00e3o", "Fran\u00e7ois", "Maria-Llu\u00efsa Pu\u00b7ig", "\u00c0ngel", "Ren\u00e9e",
            "Bj\u00f6rk \u00d8sterg\u00e5rd", "\u0141ukasz", "\u0218tefan", "Gro\u00df",
            "Zo\u00eb d\u2019Arc",
            "\u00a1Ol\u00e9!", "\u00bfQui\u00e9n?", "\u00abLa\u00bb", "<b>&amp;</b>", "a+b=c", "100% Ana",
            "\u2019" * names.MAX_NAME, "x" * names.MAX_NAME)
CONTROLS = [chr(point) for point in range(0x20)] + [chr(point) for point in range(0x7F, 0xA0)]
INVISIBLE = ("\u202e", "\u202d", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u2028", "\u00ad",
             "\u00a0", "\u0301")
EMOJI = ("\U0001f600", "\U0001f3c6", "\u2764", "\u2b1c", "\U0001f1f5\U0001f1f9")


def test_every_printable_ascii_character_is_allowed_markup_included() -> None:
    for point in range(0x20, 0x7F):
        assert names.allowed(chr(point)), point
    for char in "<>&\"'\\/#%=?;":
        assert names.allowed(char), char
        assert names.problem("Ana" + char) == "", char


def test_rule_control_invisible_and_direction_marks_are_refused() -> None:
    for char in CONTROLS:
        assert not names.allowed(char), ord(char)
        assert names.problem("Ana" + char + "Bo") == "bad_character", ord(char)
    for char in INVISIBLE:
        assert not names.allowed(char), ord(char)
        assert names.problem("Ana" + char) == "bad_character", ord(char)


def test_rule_emoji_and_signs_that_are_not_letters_are_refused() -> None:
    for text in EMOJI:
        assert names.problem("Ana " + text) == "bad_character", text
    for char in ("\u00d7", "\u00f7"):  # × and ÷ sit among the Latin-1 letters
        assert not names.allowed(char)
        assert names.problem("2" + char + "3") == "bad_character"
    for char in ("\u00a7", "\u00a9", "\u00b0", "\u00b4", "\u20ac"):  # §, ©, °, ´, €: not in the alphabet
        assert not names.allowed(char), ord(char)


def test_rule_letters_of_the_latin_blocks_are_allowed_and_lookalikes_beyond_are_not() -> None:
    for point in range(0xC0, 0x250):
        assert names.allowed(chr(point)) == (point not in (0xD7, 0xF7)), point
    assert not names.allowed("\u0250")  # the first code point past Latin Extended-B
    # Cyrillic а, Greek ο, Cyrillic е, a CJK character, a fullwidth A
    for char in ("\u0430", "\u03bf", "\u0435", "\u540d", "\uff21"):
        assert not names.allowed(char), ord(char)
    for char in ("\u00b7", "\u2019", "\u00a1", "\u00bf", "\u00ab", "\u00bb"):  # the languages' marks
        assert names.allowed(char), ord(char)


def test_tidy_drops_spaces_at_the_ends_and_keeps_one_between_words() -> None:
    assert names.tidy("  Ana   Bo  ") == "Ana Bo"
    assert names.tidy("Ana") == "Ana"
    assert names.tidy("") == "" and names.tidy("     ") == ""
    assert names.tidy("Ana\tBo") == "Ana\tBo", "only spaces are tidied: a tab is then refused"
    for name in ACCENTED:
        assert names.tidy(names.tidy(" " + name + "  ")) == names.tidy(name)


def test_problem_says_too_long_past_the_limit_in_characters_not_bytes() -> None:
    assert names.MAX_NAME == 24
    assert names.problem("") == ""
    assert names.problem("x" * 24) == ""
    assert names.problem("x" * 25) == "too_long"
    assert names.problem("\u00e9" * 24) == "", "24 accented letters are 48 bytes and still fit"
    assert names.problem("\u2019" * 24) == ""
    assert names.problem("\u00e9" * 25) == "too_long"
    assert names.problem("\u202e" * 25) == "too_long", "the length is judged first"
    assert names.problem("Ana\u202e") == "bad_character"


def test_valid_is_text_tidy_and_allowed() -> None:
    for name in ACCENTED + ("", "Ana", "A B C"):
        assert names.valid(name), name
    for bad in (" Ana", "Ana ", "Ana  Bo", "x" * 25, "Ana\n", "Ana\u200b", "\U0001f600", 42, None, True,
                b"Ana", ["Ana"]):
        assert not names.valid(bad), bad


def test_quote_writes_utf8_bytes_as_escapes_and_keeps_unreserved_characters() -> None:
    assert names.quote("Ana") == "Ana"
    assert names.quote("a-b._~Z9") == "a-b._~Z9"
    assert names.quote("Jo\u00e3o") == "Jo%C3%A3o"
    assert names.quote("Ana Bo") == "Ana%20Bo"
    assert names.quote("<&>#") == "%3C%26%3E%23"
    assert names.quote("\u2019") == "%E2%80%99"
    assert names.quote("") == ""
    for name in ACCENTED:
        quoted = names.quote(name)
        for char in quoted:  # nothing that could end the name's field or the link
            assert char == "%" or char in names._UNRESERVED, (name, char)


def test_law_unquote_undoes_quote_for_every_allowed_name() -> None:
    for name in ACCENTED:
        assert names.unquote(names.quote(name)) == name, name
    longest = names.quote("\u2019" * names.MAX_NAME)
    assert len(longest) == 9 * names.MAX_NAME and names.unquote(longest) == "\u2019" * names.MAX_NAME
    assert names.unquote("Jo%c3%a3o") == "Jo\u00e3o", "lower-case escapes read too"
    assert names.unquote("A+B") == "A+B", "a plus is a plus, not a space"
    assert names.unquote("%20Ana%20%20Bo") == "Ana Bo", "spaces are tidied"


def test_unquote_refuses_bad_escapes() -> None:
    for text in ("%", "%4", "Ana%", "Ana%2", "%G1", "%1G", "%ZZ", "%%41", "% 41", "%-1"):
        assert names.unquote(text) is None, text


def test_unquote_refuses_bytes_that_are_not_utf8() -> None:
    for text in ("%C3", "Jo%C3o", "%FF", "%C3%28", "%80", "%E2%80", "%F0%9F%98"):
        assert names.unquote(text) is None, text
    # Overlong forms and an encoded surrogate: MicroPython's decoder lets them through,
    # and every interpreter must refuse them alike ("%C0%AF" is not "/").
    for text in ("%C0%AF", "Ana%C0%AF", "%E0%80%AF", "%C1%81", "%ED%A0%80"):
        assert names.unquote(text) is None, text
    assert names.unquote("Ana%2F") == "Ana/"


def test_unquote_refuses_overlong_text_before_reading_it() -> None:
    assert names.unquote("A" * (9 * names.MAX_NAME + 1)) is None
    assert names.unquote("%41" * (3 * names.MAX_NAME + 1)) is None
    assert names.unquote("A" * (names.MAX_NAME + 1)) is None, "too long once read"
    assert names.unquote("A" * names.MAX_NAME) == "A" * names.MAX_NAME


def test_unquote_refuses_a_character_a_name_cannot_hold() -> None:
    for text in ("Ana%E2%80%AE", "%E2%80%8B", "Ana%0A", "%00", "%7F", "%F0%9F%98%80", "%C3%97",
                 "Jo\u00e3o", "Ana\u202e"):  # the last two: characters that were never escaped
        assert names.unquote(text) is None, text


def test_unquote_of_nothing_is_no_name() -> None:
    assert names.unquote("") is None
    assert names.unquote("%20%20") is None


# -- a link's name (game/replay.py `claimed_name`) ------------------------------------------

CODE = "1.2026-11-30.4.3~mA.xxxx"  # the name is read beside any code, verified or not


def test_a_links_name_is_read_after_its_code() -> None:
    link = "https://example.org/#replay=" + CODE + names.NAME_MARK + names.quote("Jo\u00e3o")
    assert replay.claimed_name(link) == ("Jo\u00e3o", False)
    assert replay.claimed_name("Beat this!\n" + link + "\nbye") == ("Jo\u00e3o", False)
    assert replay.claimed_name("#replay=" + CODE + "&v=2&name=Ana&x=1") == ("Ana", False)
    assert replay.extract(link) == CODE, "the name is not part of the code"


def test_a_refused_name_is_said_refused_and_no_name_is_no_name() -> None:
    for value in ("%E2%80%AE", "%C3", "x" * 25, "%"):
        assert replay.claimed_name("#replay=" + CODE + "&name=" + value) == ("", True), value
    assert replay.claimed_name("#replay=" + CODE) == ("", False)
    assert replay.claimed_name("#replay=" + CODE + "&name=") == ("", False)
    assert replay.claimed_name(CODE) == ("", False), "a bare code has no name"
    assert replay.claimed_name(None) == ("", False)


def test_a_name_is_never_guessed_from_the_rest_of_a_message() -> None:
    assert replay.claimed_name("&name=Ana #replay=" + CODE) == ("", False)
    assert replay.claimed_name("#replay=" + CODE + " &name=Ana") == ("", False), "a space ends the link"
