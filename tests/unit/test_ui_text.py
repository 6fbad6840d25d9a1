"""Snapshot parsing, announcements and the clock (the UI layer's pure parts).

MicroPython-compatible, like test_ui_input.py.
"""

import json

from game.ui import clock, snapshot, text
from tests.unit import languages


def state(**values: object) -> "dict[str, object]":
    base = {"size": 4, "board": [[0] * 4] * 4, "score": 0, "best": 0, "moves": 0,
            "won": False, "status": "playing", "can_undo": False}
    base.update(values)
    return base


GAME = {"format": "py2048-game", "version": 1, "size": 4,
        "board": [[2, 0, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]], "score": 0, "moves": 0, "won": False,
        "keep_playing": False, "clock_ms": 0, "undo_depth": 1,
        "history": []}


def test_a_quick_look_reads_a_stored_game_of_any_version_the_engine_reads() -> None:
    from game import chance

    latest = dict(GAME, version=4, revision=7, counted=False, daily=None, practice=False, record="AAAP",
                  board=[[4, 0, 0, 0], [0] * 4, [0] * 4, [0, 0, 0, 2]], score=4, moves=1, undo_depth=5,
                  history=[{"board": GAME["board"], "score": 0, "moves": 0, "won": False}], clock_ms=900)
    read = snapshot.game_from_saved(json.dumps(latest), 4, False, chance.seeded(1))
    assert read is not None and read.revision == 7 and read.record == "AAAP" and read.clock_ms == 900
    assert read.position.board[0] == (4, 0, 0, 0) and read.history[0].board[0] == (2, 0, 0, 0)
    first = snapshot.game_from_saved(json.dumps(GAME), 4, False, chance.seeded(1))
    assert first is not None and first.position.board[3] == (0, 0, 0, 2)
    assert first.revision == 0 and not first.counted and first.record is None


def test_a_quick_look_gives_up_on_anything_else() -> None:
    from game import chance

    assert snapshot.game_from_saved(json.dumps(GAME), 4, False, chance.seeded(1)) is not None
    changes: "list[dict[str, object]]" = [
        {"board": "x"}, {"board": [[1, 2], [3, 4]]}, {"board": [["<b>2</b>", 0, 0, 0]] * 4},
        {"board": [[2, 0, 0]] * 4}, {"board": [[True, 0, 0, 0]] * 4}, {"board": [[-2, 0, 0, 0]] * 4},
        {"board": [[2.5, 0, 0, 0]] * 4}, {"undo_depth": 3}, {"size": 5}, {"daily": "2026-11-30"},
        {"won": 1}, {"format": "py2048-best"}]
    for text_ in ["", "nope", "[1]"] + [json.dumps(dict(GAME, **change)) for change in changes]:
        assert snapshot.game_from_saved(text_, 4, False, chance.seeded(1)) is None, text_
    assert snapshot.game_from_saved(None, 4, False, chance.seeded(1)) is None
    assert snapshot.game_from_saved(json.dumps(GAME), 4, True, chance.seeded(1)) is None  # not a daily game


def test_stored_text_is_unquoted_whole() -> None:
    """Storage reaches the UI quoted as a JSON literal (game/ui/store.py); unquoting it
    keeps every character (in MicroPython too), a NUL included."""
    for original in ["{}", "a\u0000b", "\ufeff{}", "\u00e9"]:
        assert snapshot.stored_text(json.dumps(original)) == original
    assert snapshot.stored_text(None) is None
    assert snapshot.stored_text("") is None
    assert snapshot.stored_text("not quoted") is None
    assert snapshot.stored_text("[1]") is None


def test_board_attribute_format() -> None:
    board = [[2, 0, 0, 0], [0, 0, 4, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert snapshot.board_attr(board) == "2,0,0,0/0,0,4,0/0,0,0,0/0,0,0,0"
    assert snapshot.board_attr([[0] * 5] * 5) == "/".join(["0,0,0,0,0"] * 5)


def merged(value: int, row: int, col: int) -> "dict[str, object]":
    return {"from": [[row, col], [row, col + 1]], "to": [row, col], "value": value, "merged": True}


def test_announcement_of_a_move_with_merges_and_spawn() -> None:
    """The issue's own example: what merged, the points, where the new tile landed."""
    tiles = [merged(16, 0, 0), {"from": [[1, 3]], "to": [1, 0], "value": 2, "merged": False}]
    reply = {"kind": "move", "direction": "left", "changed": True, "points": 16, "tiles": tiles,
             "spawn": {"at": [2, 0], "value": 2}, "state": state(score=120)}
    assert text.announce(reply) == "Left: two 8s merged into 16, plus 16. New 2 at row 3, column 1."
    tiles.append(merged(8, 3, 0))
    reply["points"] = 24
    assert text.announce(reply).startswith("Left: two 8s merged into 16 and two 4s merged into 8, plus 24.")


def test_a_move_without_merges_names_the_direction_and_the_new_tile() -> None:
    reply = {"kind": "move", "direction": "up", "changed": True, "points": 0,
             "tiles": [{"from": [[3, 0]], "to": [0, 0], "value": 2, "merged": False}],
             "spawn": {"at": [3, 3], "value": 4}, "state": state()}
    assert text.announce(reply) == "Up. New 4 at row 4, column 4."


def test_announcement_of_a_move_that_changes_nothing() -> None:
    reply = {"kind": "move", "direction": "up", "changed": False, "points": 0, "spawn": None,
             "state": state()}
    assert text.announce(reply) == "Can't move up."


def test_announcement_of_win_and_game_over() -> None:
    won = {"kind": "move", "direction": "down", "changed": True, "points": 2048,
           "tiles": [merged(2048, 3, 0)],
           "spawn": {"at": [0, 0], "value": 4}, "state": state(score=20000, status="won")}
    assert text.announce(won).endswith("You reached 2048! Keep playing or start a new game.")
    over = {"kind": "move", "direction": "right", "changed": True, "points": 0, "tiles": [],
            "spawn": {"at": [0, 0], "value": 2}, "state": state(score=300, status="over")}
    assert text.announce(over).endswith("No moves left. Final score 300.")


def test_announcement_of_undo() -> None:
    undone = {"kind": "undo", "changed": True, "state": state(score=8)}
    assert text.announce(undone) == "Move undone. Score 8."
    assert text.announce({"kind": "undo", "changed": False, "state": state()}) == "Nothing to undo."


def test_moves_label_singular_and_plural() -> None:
    assert text.moves_label(1) == "1 move"
    assert text.moves_label(0) == "0 moves" and text.moves_label(12) == "12 moves"


def test_unknown_language_falls_back_to_english() -> None:
    assert text.say("no_undo", "xx") == "Nothing to undo."


def test_clock_runs_only_while_playing_after_the_first_move_and_visible() -> None:
    assert clock.should_run("playing", 1, True)
    assert not clock.should_run("playing", 0, True)
    assert not clock.should_run("playing", 5, False)
    assert not clock.should_run("won", 5, True)
    assert not clock.should_run("over", 5, True)


def test_clock_accumulates_only_while_running() -> None:
    c = clock.Clock(1000)
    assert c.elapsed(50.0) == 1000
    c.run(True, 100.0)
    c.run(True, 400.0)  # already running: the start time stays
    assert c.elapsed(600.0) == 1500
    c.run(False, 700.0)
    assert c.elapsed(5000.0) == 1600 and not c.running
    c.reset(0)
    assert c.elapsed(9000.0) == 0


def test_clock_format() -> None:
    assert clock.format_clock(0) == "0:00"
    assert clock.format_clock(65_999) == "1:05"
    assert clock.format_clock(3_725_000) == "1:02:05"
    assert clock.iso_duration(65_999) == "PT65S"


def test_announcement_of_start_fresh_or_resumed() -> None:
    fresh = {"kind": "start", "changed": True, "spawns": [{"at": [0, 0], "value": 2}], "state": state()}
    assert text.announce(fresh) == "New game. Score 0."
    resumed = {"kind": "start", "changed": True, "spawns": [], "state": state(score=64)}
    assert text.announce(resumed) == "Game resumed. Score 64."
    assert text.announce({"kind": "best", "changed": True, "state": state()}) == ""


def test_a_start_that_refused_a_step_says_where_the_game_goes_on() -> None:
    """The engine (or the page, at a load) refused a step played before the engine ran:
    the game goes on from the last step taken, and that is what is read out; never "New
    game" for the fresh game those steps began, never a move the player did not make."""
    back = {"kind": "start", "changed": True, "spawns": [{"at": [0, 0], "value": 2}],
            "state": state(score=8, moves=4), "handover": {"steps": 6, "taken": 4, "refused": "no_change"}}
    assert text.announce(back) == "The game goes on from move 4, score 8."
    taken = dict(back, spawns=[], handover={"steps": 6, "taken": 6, "refused": ""})
    assert text.announce(taken) == "Game resumed. Score 8."
    for lang in languages.LANGUAGES:
        said = text.announce(back, lang)
        assert "4" in said and "8" in said and "{" not in said, (lang, said)


def test_set_aside_message_says_exactly_what_was_set_aside() -> None:
    """A start that kept the game but set aside one size's best says only that; a
    rejected game says a new game started; nothing set aside says nothing."""
    assert text.set_aside_message({}) == ""
    assert text.set_aside_message({"game": False, "best_sizes": [], "best_document": False}) == ""
    game_only = text.set_aside_message({"game": True})
    assert "new game" in game_only and "best" not in game_only
    one = text.set_aside_message({"best_sizes": [5]})
    assert "5×5" in one and "4×4" not in one and "new game" not in one
    two = text.set_aside_message({"best_sizes": [5, 6]})
    assert "5×5 and 6×6" in two
    assert "4×4, 5×5 and 6×6" in text.set_aside_message({"best_sizes": [4, 5, 6]})
    assert "best scores could not be read" in text.set_aside_message({"best_document": True})
    both = text.set_aside_message({"game": True, "best_sizes": [6]})
    assert "new game" in both and "6×6" in both


def test_set_aside_message_names_statistics_sizes_and_daily_results_apart() -> None:
    """The daily results are set aside alone, like a size's statistics: each part set
    aside is said, and a whole document set aside is said once for all of them."""
    daily = text.set_aside_message({"stats_daily": True, "stats_sizes": []})
    assert daily == "Your daily board results could not be read and were set aside."
    sizes = text.set_aside_message({"stats_sizes": [4], "stats_daily": False})
    assert "4×4" in sizes and "daily" not in sizes
    apart = text.set_aside_message({"stats_sizes": [4, 6], "stats_daily": True})
    assert apart == sizes.replace("4×4", "4×4 and 6×6") + " " + daily
    whole = text.set_aside_message({"stats_document": True, "stats_sizes": [], "stats_daily": False})
    assert whole == "Your saved statistics could not be read and were set aside."
    assert text.set_aside_message({"stats_document": True, "stats_daily": True}) == whole
    assert text.set_aside_message({"stats_daily": False}) == ""


def test_a_followed_game_is_announced() -> None:
    reply = {"kind": "follow", "changed": True, "state": state(score=48)}
    assert "another tab" in text.announce(reply) and "48" in text.announce(reply)
    assert text.announce({"kind": "follow", "changed": False, "state": state()}) == ""


# -- every language ----------------------------------------------------------------------

def test_every_language_has_every_string_with_the_same_placeholders() -> None:
    english = languages.table("en")
    for lang in languages.LANGUAGES:
        table = languages.table(lang)
        assert sorted(table) == sorted(english), lang
        for key, value in english.items():
            assert placeholders(table[key]) == placeholders(value), (lang, key)


def placeholders(template: str) -> "list[str]":
    found = []
    for part in template.split("{")[1:]:
        found.append(part.split("}")[0])
    return sorted(found)


def test_announcements_in_every_language_fill_every_placeholder() -> None:
    move = {"kind": "move", "direction": "left", "changed": True, "points": 16,
            "tiles": [merged(16, 0, 0)], "spawn": {"at": [2, 0], "value": 2}, "state": state(score=1200)}
    still = {"kind": "move", "direction": "down", "changed": False, "points": 0, "spawn": None,
             "state": state()}
    won = dict(move, state=state(score=20000, status="won"))
    over = dict(move, state=state(score=300, status="over"))
    for lang in languages.LANGUAGES:
        said = [text.announce(reply, lang) for reply in (move, still, won, over)]
        for sentence in said:
            assert sentence and "{" not in sentence and "}" not in sentence, (lang, sentence)
        assert "16" in said[0] and "3" in said[0]
        assert said[2] != said[0] and said[3] != said[0]
        if lang != "en":
            english = [text.announce(reply, "en") for reply in (move, still, won, over)]
            assert all(a != b for a, b in zip(said, english)), lang


def test_numbers_are_grouped_the_languages_way() -> None:
    assert text.number(1234567, "en") == "1,234,567"
    assert text.number(999, "en") == "999"
    for lang in ("ca", "pt", "nl"):
        assert text.number(1234567, lang) == "1.234.567"
    assert text.moves_label(1500, "nl").startswith("1.500")


def test_durations_are_said_in_words() -> None:
    assert text.duration(40000, "en") == "40 s"
    assert text.duration(185000, "en") == "3 min 5 s"
    assert text.duration(24482000, "en") == "6 h 48 min"


def test_the_board_is_read_row_by_row_and_the_numbers_on_request() -> None:
    board = [[2, 0], [0, 2048]]
    assert text.read_board(board, "en") == "Row 1: 2, empty. Row 2: empty, 2048."
    assert text.read_numbers(state(score=1200, best=5000, moves=1), "en") == (
        "Score 1,200, best 5,000, 1 move.")
    assert text.cell_label(8, 0, 1, "en") == "8, row 1, column 2"
    assert text.cell_label(0, 2, 2, "en") == "empty, row 3, column 3"
    for lang in languages.LANGUAGES:
        assert "{" not in text.read_board(board, lang) + text.read_numbers(state(), lang)


def test_only_the_cells_a_board_changed_are_labelled_again() -> None:
    values = [-1] * 4
    first = text.changed_cells(values, [[2, 0], [0, 8]], "en")
    assert first == [(0, "2, row 1, column 1"), (1, "empty, row 1, column 2"),
                     (2, "empty, row 2, column 1"), (3, "8, row 2, column 2")]
    assert values == [2, 0, 0, 8]
    assert text.changed_cells(values, [[2, 0], [0, 8]], "en") == []
    assert text.changed_cells(values, [[0, 0], [2, 8]], "en") == [
        (0, "empty, row 1, column 1"), (2, "2, row 2, column 1")]
