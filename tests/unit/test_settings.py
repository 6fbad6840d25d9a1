"""The settings document: lenient at boot, strict for an import, one text for both.

Written in the Python subset MicroPython shares, with plain asserts (no pytest, no
hypothesis): these tests also run in real MicroPython (tests/micropython/run.mjs),
since the UI reads its settings there.
"""

import json

from game import settings

GOOD = {"format": "py2048-settings", "version": 4, "size": 6, "undo": 5, "animations": "off",
        "theme": "contrast", "letters": False, "palette": "lagoon", "language": "ca",
        "autoplay": "max", "name": "Jo\u00e3o B."}
# What the page wrote before names on shared results: still read, without a name.
GOOD_V3 = {"format": "py2048-settings", "version": 3, "size": 6, "undo": 5, "animations": "off",
           "theme": "contrast", "letters": False, "palette": "lagoon", "language": "ca",
           "autoplay": "max"}
# What the page wrote before Auto-play: still read, at its default speed.
GOOD_V2 = {"format": "py2048-settings", "version": 2, "size": 6, "undo": 5, "animations": "off",
           "theme": "contrast", "letters": False, "palette": "lagoon", "language": "ca"}
# What the page wrote before it had languages: still read, as "auto".
GOOD_V1 = {"format": "py2048-settings", "version": 1, "size": 6, "undo": 5, "animations": "off",
           "theme": "contrast", "letters": False, "palette": "lagoon"}


def raises_value_error(data: object) -> str:
    try:
        settings.check_settings(data)
    except ValueError as error:
        return str(error)
    raise AssertionError("accepted: %r" % (data,))


def changed(**values: object) -> "dict[str, object]":
    data = dict(GOOD)
    data.update(values)
    return data


def test_defaults_are_each_fields_first_choice() -> None:
    assert settings.defaults() == {"size": 4, "undo": 1, "animations": "normal", "theme": "auto",
                                   "letters": True, "palette": "classic", "language": "auto",
                                   "autoplay": 5, "name": ""}
    first = settings.defaults()
    first["size"] = 6
    assert settings.defaults()["size"] == 4, "each call gives a fresh dict"


def test_palettes_and_the_milestones_that_unlock_them() -> None:
    assert settings.PALETTES == (("classic", None), ("sunrise", "tile-2048"), ("lagoon", "tile-4096"),
                                 ("nebula", "expert-win"), ("meadow", "games-100"))
    assert settings.MILESTONES == ("tile-2048", "tile-4096", "expert-win", "games-100")
    assert settings.unlocked_palettes([]) == ["classic"]
    assert settings.unlocked_palettes(["tile-4096", "games-100"]) == ["classic", "lagoon", "meadow"]


def test_dump_then_read_and_check_round_trip() -> None:
    values = settings.check_settings(json.dumps(GOOD))
    text = settings.dump_settings(values)
    assert text.startswith('{"format":"py2048-settings","version":4,')
    assert settings.read_settings(text) == values
    assert settings.check_settings(text) == values
    assert json.loads(text) == GOOD


def test_dump_writes_the_fields_in_one_fixed_order() -> None:
    text = settings.dump_settings(settings.defaults())
    assert text == ('{"format":"py2048-settings","version":4,"size":4,"undo":1,"animations":"normal",'
                    '"theme":"auto","letters":true,"palette":"classic","language":"auto","autoplay":5,'
                    '"name":""}')


def test_a_version_1_document_reads_with_the_language_automatic() -> None:
    expected = dict(GOOD_V1, language="auto", autoplay=5, name="")
    del expected["format"], expected["version"]
    assert settings.read_settings(json.dumps(GOOD_V1)) == expected
    assert settings.check_settings(json.dumps(GOOD_V1)) == expected
    assert "unknown" in raises_value_error(dict(GOOD_V1, language="ca"))
    assert "unknown" in raises_value_error(dict(GOOD_V1, autoplay=2))


def test_a_version_2_document_reads_with_auto_play_at_its_default_speed() -> None:
    expected = dict(GOOD_V2, autoplay=5, name="")
    del expected["format"], expected["version"]
    assert settings.read_settings(json.dumps(GOOD_V2)) == expected
    assert settings.check_settings(json.dumps(GOOD_V2)) == expected
    assert settings.check_settings(GOOD_V2) == expected
    assert "unknown" in raises_value_error(dict(GOOD_V2, autoplay=10))
    # Written again, it is a version 4 document with the default speed and no name.
    assert json.loads(settings.dump_settings(expected)) == dict(GOOD_V2, version=4, autoplay=5, name="")


def test_auto_play_speeds() -> None:
    for speed in (2, 5, 10, "max"):
        assert settings.check_settings(changed(autoplay=speed))["autoplay"] == speed
    for bad in (0, 1, 3, 5.0, "5", True, None, "fast"):
        assert "autoplay" in raises_value_error(changed(autoplay=bad))
        assert settings.read_settings(json.dumps(changed(autoplay=bad)))["autoplay"] == 5
    assert settings.fields_of(1)[-1] == "palette" and settings.fields_of(2)[-1] == "language"
    assert settings.fields_of(3)[-1] == "autoplay"


def test_dump_refuses_a_value_that_is_not_a_choice() -> None:
    for name, value in (("size", 7), ("letters", 1), ("theme", None)):
        values = settings.defaults()
        values[name] = value
        try:
            settings.dump_settings(values)
        except ValueError:
            continue
        raise AssertionError("dumped %s=%r" % (name, value))


def test_lenient_read_never_raises_and_falls_back_field_by_field() -> None:
    for text in (None, 42, "", "nope", "[1]", "null", '"text"', "{}", "{" * 5000,
                 json.dumps(changed(format="other")), json.dumps(changed(version=5)),
                 json.dumps(changed(version=True)), " " * (settings.MAX_TEXT + 1)):
        assert settings.read_settings(text) == settings.defaults(), text
    partly = settings.read_settings(json.dumps(changed(size=8, undo=True, theme="neon", extra=1)))
    assert partly == {"size": 4, "undo": 1, "animations": "off", "theme": "auto",
                      "letters": False, "palette": "lagoon", "language": "ca", "autoplay": "max",
                      "name": "Jo\u00e3o B."}
    missing = {k: v for k, v in GOOD.items() if k != "palette"}
    assert settings.read_settings(json.dumps(missing))["palette"] == "classic"


def test_rule_a_bool_is_no_int_and_an_int_no_bool() -> None:
    assert settings.read_settings(json.dumps(changed(letters=0)))["letters"] is True
    assert settings.read_settings(json.dumps(changed(undo=True)))["undo"] == 1
    assert settings.read_settings('{"format":"py2048-settings","version":1,"size":5.0}')["size"] == 4
    assert "letters" in raises_value_error(changed(letters=1))
    assert "undo" in raises_value_error(changed(undo=True))
    assert "size" in raises_value_error('{"format":"py2048-settings","version":1,"size":5.0}')


def test_strict_check_names_what_is_wrong() -> None:
    assert "format" in raises_value_error(changed(format="py2048-game"))
    assert "version" in raises_value_error(changed(version=5))
    assert "language" in raises_value_error(changed(language="fr"))
    assert "version" in raises_value_error(changed(version="1"))
    assert "unknown" in raises_value_error(changed(colour="red"))
    assert "missing" in raises_value_error({k: v for k, v in GOOD.items() if k != "theme"})
    assert "theme" in raises_value_error(changed(theme="neon"))
    assert "palette" in raises_value_error(changed(palette=None))
    assert "size" in raises_value_error(changed(size=[4]))
    bad: "list[object]" = [None, 4, [], "", "nope", "[1]", " " * (settings.MAX_TEXT + 1)]
    for data in bad:
        raises_value_error(data)


def test_strict_check_accepts_text_or_a_parsed_object() -> None:
    assert settings.check_settings(GOOD) == settings.check_settings(json.dumps(GOOD))


def test_a_version_3_document_reads_without_a_name() -> None:
    expected = dict(GOOD_V3, name="")
    del expected["format"], expected["version"]
    assert settings.read_settings(json.dumps(GOOD_V3)) == expected
    assert settings.check_settings(json.dumps(GOOD_V3)) == expected
    assert "unknown" in raises_value_error(dict(GOOD_V3, name="Ana"))
    assert settings.fields_of(4)[-1] == "name" and "name" not in settings.fields_of(3)


def test_your_name_is_free_text_within_the_names_rules() -> None:
    for name in ("", "Ana", "Jo\u00e3o B.", "<b>Ana</b>", "Maria-Llu\u00efsa Pu\u00b7ig", "x" * 24):
        assert settings.check_settings(changed(name=name))["name"] == name
        assert settings.read_settings(json.dumps(changed(name=name)))["name"] == name
    for bad in ("x" * 25, " Ana", "Ana  Bo", "Ana\n", "Ana\u202e", "\U0001f600", 42, None, True):
        assert "name" in raises_value_error(changed(name=bad))
        assert settings.read_settings(json.dumps(changed(name=bad)))["name"] == ""


def test_a_name_beyond_ascii_is_written_the_same_way_by_every_interpreter() -> None:
    values = settings.defaults()
    values["name"] = "Jo\u00e3o \u00b7 \u2019"
    text = settings.dump_settings(values)
    assert text.endswith('"name":"Jo\\u00e3o \\u00b7 \\u2019"}'), text
    assert all(ord(char) < 128 for char in text)
    assert settings.read_settings(text)["name"] == values["name"]
