"""What the tests of the shared modules need, in the Python subset MicroPython runs too.

The rules, chance, daily, record, session, play, steps, tally, other_tabs, judging and
stats_reader modules run in three interpreters (game/rules.py says why), so their tests
run in all three as well: on CPython and in Pyodide under pytest, and in real MicroPython
(tests/micropython/run.mjs), which has no pytest and no hypothesis. So these tests use
plain asserts and loops, and this stands in for `pytest.raises`. Which test modules are
in the subset: the UI's (test_ui_*) and test_settings, test_rules, test_chance,
test_session, test_daily_board, test_play, test_steps, test_other_tabs and
test_stats_reader (tests/micropython/run.mjs names them).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def raises(kind: "type[BaseException]", call: "Callable[..., Any]", *args: "Any", **kwargs: "Any") -> "Any":
    """The exception of `kind` that `call(*args, **kwargs)` raises; AssertionError if none."""
    try:
        call(*args, **kwargs)
    except kind as error:
        return error
    raise AssertionError("%r did not raise %s" % (call, kind.__name__))
