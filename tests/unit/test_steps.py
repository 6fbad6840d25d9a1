"""Steps played before the engine ran (game/steps.py): their document, and every way a
step is refused when the engine plays them (the hand-over).

In the subset MicroPython runs (tests/unit/subset.py): the page writes these steps and
plays them with this very code.
"""

from game import chance, daily, rules, session, steps
from game.play import Play
from game.record import Spawned
from game.session import Refused, Session
from tests.unit.boards import board, session_at
from tests.unit.subset import raises

DAY = "2026-11-30"


def play_on(game: "Session", today: str = DAY) -> "Play":
    play = Play(chance.seeded(1), lambda: today)
    play.session = game
    return play


def refused(play: "Play", step: "list[object]") -> str:
    """The reason a step is refused; asserts that nothing changed meanwhile."""
    before = session.mark_of(play.session)
    error = raises(Refused, steps.play_step, play, step)
    assert session.mark_of(play.session) == before, "a refused step changed the game"
    return str(error.reason)


def test_a_move_step_replays_its_own_spawn() -> None:
    play = play_on(session_at(board("2 2 . ./. . . ./. . . ./. . . .")))
    assert steps.play_step(play, ["move", "left", 3, 3, 4, 1500])
    assert play.session.position.board == board("4 . . ./. . . ./. . . ./. . . 4")
    assert play.session.clock_ms == 1500 and play.session.revision == 1


def test_refused_a_spawn_on_a_filled_cell() -> None:
    play = play_on(session_at(board("2 2 . ./. . . ./. . . ./. . . .")))
    assert refused(play, ["move", "left", 0, 0, 2, 10]) == "filled_cell"  # where the 4 is now
    assert refused(play, ["move", "left", 4, 0, 2, 10]) == "filled_cell"  # off the board


def test_refused_a_spawned_value_other_than_2_or_4() -> None:
    play = play_on(session_at(board("2 2 . ./. . . ./. . . ./. . . .")))
    for value in (0, 1, 8, 2048):
        assert refused(play, ["move", "left", 3, 3, value, 10]) == "not_two_or_four"


def test_refused_a_daily_spawn_that_is_not_the_days() -> None:
    game, _ = Session.new(4, chance.seeded(1), daily=daily.Daily(DAY))
    play = play_on(game)
    direction = rules.legal_directions(game.position.board)[0]
    trial = game.copy()
    trial.move(direction)
    spawned = [(r, c) for r in range(4) for c in range(4)
               if trial.position.board[r][c] and not game.position.board[r][c]]
    cell = next((r, c) for r in range(4) for c in range(4)
                if not trial.position.board[r][c] and (r, c) not in spawned)
    assert refused(play, ["move", direction, cell[0], cell[1], 2, 10]) == "not_the_days_tile"


def test_refused_an_undo_past_the_history() -> None:
    play = play_on(session_at(board("2 . . ./. . . ./. . . ./. . . ."), undo_depth=1))
    assert refused(play, ["undo", 5]) == "nothing_to_undo"
    assert steps.play_step(play, ["move", "right", 1, 0, 2, 10])
    assert steps.play_step(play, ["move", "down", 0, 0, 2, 20])
    assert steps.play_step(play, ["undo", 30])
    assert refused(play, ["undo", 40]) == "nothing_to_undo"  # one step was kept, not two


def test_refused_a_move_that_changes_nothing_and_one_behind_the_win_dialog() -> None:
    play = play_on(session_at(board("2 4 . ./. . . ./. . . ./. . . .")))
    assert refused(play, ["move", "left", 3, 3, 2, 10]) == "no_change"
    won = play_on(session_at(board("1024 1024 . ./. . . ./. . . ./. . . .")))
    assert steps.play_step(won, ["move", "left", 3, 3, 2, 10]) and won.session.status == "won"
    assert refused(won, ["move", "right", 3, 0, 2, 20]) == "win_dialog_up"
    assert steps.play_step(won, ["keep", 30])
    assert refused(won, ["keep", 40]) == "no_win_to_keep"


def test_refused_an_undo_depth_the_game_does_not_have() -> None:
    play = play_on(session_at(board("2 . . ./. . . ./. . . ./. . . .")))
    assert refused(play, ["depth", 3]) == "bad_depth"
    assert steps.play_step(play, ["depth", 5]) and play.session.undo_depth == 5


def test_steps_stop_at_the_first_refused_one_and_keep_those_before() -> None:
    play = play_on(session_at(board("2 . . ./. . . ./. . . ./. . . .")))
    taken, refusal = steps.play_steps(play, [
        ["move", "right", 1, 0, 2, 10], ["move", "down", 0, 0, 4, 20], ["move", "left", 0, 0, 2, 30],
        ["move", "up", 3, 3, 2, 40]])
    assert taken == 2 and refusal is not None and refusal.reason == "filled_cell"
    assert play.session.position.moves == 2 and play.session.revision == 2
    assert play.session.position.board == board("4 . . ./. . . ./. . . ./2 . . 2")


def test_each_step_that_changes_the_document_raises_the_revision_by_one() -> None:
    play = play_on(session_at(board("2 . . ./. . . ./. . . ./. . . .")))
    assert steps.play_step(play, ["move", "right", 1, 0, 2, 10]) and play.session.revision == 1
    assert not steps.play_step(play, ["clock", 10]) and play.session.revision == 1  # the same clock
    assert steps.play_step(play, ["clock", 99]) and play.session.revision == 2
    assert steps.play_step(play, ["new", 0, 0, 2, 3, 3, 4, 5]) and play.session.revision == 3
    assert play.session.position.board == board("2 . . ./. . . ./. . . ./. . . 4")


def test_refused_start_tiles_that_cannot_start_a_game() -> None:
    play = play_on(session_at(board("2 . . ./. . . ./. . . ./. . . .")))
    assert refused(play, ["new", 0, 0, 2, 0, 0, 4, 5]) == "bad_start"  # one cell twice
    assert refused(play, ["new", 0, 0, 2, 1, 1, 8, 5]) == "bad_start"
    daily_game, _ = Session.new(4, chance.seeded(1), daily=daily.Daily(DAY))
    daily_play = play_on(daily_game)
    assert refused(daily_play, ["new", 0, 0, 2, 1, 1, 2, 5]) == "not_the_days_tile"


def test_a_document_round_trips_and_bad_ones_are_refused_as_such() -> None:
    doc = steps.Steps("0123456789abcdef", 5, (Spawned((0, 1), 2), Spawned((3, 3), 4)), word=4294967295)
    doc.moved("left", Spawned((2, 2), 2), 1200)
    doc.did("undo", 1300)
    doc.depth_set(1)
    doc.began((Spawned((0, 0), 2), Spawned((1, 1), 2)), 0)
    again = steps.read(doc.dump())
    assert (again.base, again.depth, again.start, again.word, again.steps) == (
        doc.base, doc.depth, doc.start, doc.word, doc.steps)
    good = doc.dump()
    assert '"version":3' in good and '"start":[[0,1,2],[3,3,4],4294967295]' in good
    assert '["new",0,0,2,1,1,2,0]' in good
    dated = steps.read(good.replace('"date":""', '"date":"2026-12-01"'))
    assert dated.date == "2026-12-01" and steps.read(dated.dump()).date == "2026-12-01"
    for bad in ("", "[]", "{}", good.replace("py2048-steps", "py2048-game"),
                good.replace('"version":3', '"version":4'), good.replace('"left"', '"north"'),
                good.replace('"version":3', '"version":2'), good.replace('"version":3', '"version":1'),
                good.replace(',"date":""', ""),
                good.replace('"date":""', '"date":"2026-02-30"'), good.replace('"date":""', '"date":7'),
                good.replace('["undo",1300]', '["undo",true]'), good.replace('["undo",1300]', '["undo"]'),
                good.replace('["undo",1300]', '["jump",1300]'), good.replace('"depth":5', '"depth":"5"'),
                good.replace('"base":"0123456789abcdef"', '"base":7'), good[:-2],
                good.replace(",4294967295]", "]"), good.replace("4294967295", "4294967296"),
                good.replace("4294967295", "-1"), good.replace("4294967295", "true"),
                good.replace("4294967295", '"7"'), good.replace("4294967295", "7.0"),
                good.replace("1,1,2,0]", "1,1,2]"), good.replace("1,1,2,0]", "1,1,2,false]"),
                good.replace("1,1,2,0]", "1,1,2,0,0]"),
                '{"format":"py2048-steps"' + "," * 3):
        raises(ValueError, steps.read, bad)


def test_steps_of_versions_1_and_2_read_with_no_words_and_are_written_on_as_version_3() -> None:
    """Steps stored by a page of an earlier release (version 2: no words; version 1: no
    date either) are read with null words, whose games keep the identity they had then,
    and the page goes on writing them as version 3, null where it read none."""
    older = ('{"format":"py2048-steps","version":2,"base":"0123456789abcdef","depth":5,'
             '"start":[[0,1,2],[3,3,4]],"date":"",'
             '"steps":[["move","left",2,2,2,1200],["new",0,0,2,1,1,2]]}')
    for text in (older, older.replace('"version":2', '"version":1').replace(',"date":""', "")):
        doc = steps.read(text)
        assert doc.start == (Spawned((0, 1), 2), Spawned((3, 3), 4)) and doc.word is None and doc.date == ""
        assert doc.steps == [["move", "left", 2, 2, 2, 1200], ["new", 0, 0, 2, 1, 1, 2, None]]
        doc.began((Spawned((2, 2), 2), Spawned((1, 1), 4)), 77)
        written = doc.dump()
        assert '"version":3' in written and '"start":[[0,1,2],[3,3,4],null]' in written
        assert '["new",0,0,2,1,1,2,null],["new",2,2,2,1,1,4,77]' in written
        again = steps.read(written)
        assert (again.start, again.word, again.steps) == (doc.start, None, doc.steps)
    for bad in (older.replace("[3,3,4]]", "[3,3,4],7]"), older.replace("1,1,2]]", "1,1,2,7]]"),
                older.replace("1,1,2]]", "1,1,2,null]]")):
        raises(ValueError, steps.read, bad)  # a word in a version without words


def test_a_document_dumped_after_every_step_says_what_one_dump_of_it_says() -> None:
    """dump() keeps the steps it wrote out before: stored after every move, appended to,
    cut short or given another list, it must read back as the whole document would."""
    doc = steps.Steps("0123456789abcdef", 1, (Spawned((0, 1), 2), Spawned((3, 3), 4)), word=9)
    for i in range(6):
        doc.moved("left" if i % 2 else "down", Spawned((i % 4, 0), 2), 100 * i)
        assert steps.read(doc.dump()).steps == doc.steps
    del doc.steps[3:]  # cut short, as the page does with steps the engine refused
    assert steps.read(doc.dump()).steps == doc.steps
    doc.did("undo", 900)
    doc.steps = [["clock", 5]]  # another list altogether
    again = steps.read(doc.dump())
    assert (again.base, again.depth, again.start, again.word) == (doc.base, doc.depth, doc.start, 9)
    assert again.steps == [["clock", 5]]
    fresh = steps.Steps(doc.base, doc.depth, doc.start, [["clock", 5]], word=9)
    assert doc.dump() == fresh.dump()


def test_steps_are_played_only_on_the_stored_game_they_name() -> None:
    stored = '{"a stored": "game"}'
    game = session_at(board("2 . . ./. . . ./. . . ./. . . ."))
    doc = steps.Steps(steps.fingerprint(stored), 1, None, [["move", "right", 1, 0, 2, 10]])
    play = play_on(Session.new(4, chance.seeded(3))[0])
    _, taken, refusal = steps.resume(play, game, '{"another": "game"}', 4, 1, False, doc)
    assert taken == 0 and refusal is not None and refusal.reason == "not_this_game"
    assert play.session is game and play.session.position.moves == 0
    _, taken, refusal = steps.resume(play_on(game.copy()), game.copy(), stored, 4, 1, False, doc)
    assert (taken, refusal) == (1, None)


def test_steps_begun_on_a_fresh_game_are_not_played_onto_a_stored_one() -> None:
    """The page began anew (it could not read the stored game) but the engine can
    continue the stored one: that is another game, and none of the steps is played."""
    stored = '{"readable": "by the engine"}'
    game = session_at(board("2 . . ./. . . ./. . . ./. . . ."))
    doc = steps.Steps(steps.fingerprint(stored), 1, (Spawned((0, 0), 2), Spawned((3, 3), 2)),
                      [["move", "right", 3, 0, 2, 10]])
    play = play_on(Session.new(4, chance.seeded(3))[0])
    spawns, taken, refusal = steps.resume(play, game, stored, 4, 1, False, doc)
    assert spawns == () and taken == 0 and refusal is not None and refusal.reason == "not_this_game"
    assert play.session.position.board == board("2 . . ./. . . ./. . . ./. . . .")


def test_a_fresh_game_begun_by_the_page_is_begun_with_its_tiles() -> None:
    doc = steps.Steps("", 5, (Spawned((0, 0), 2), Spawned((3, 3), 4)), [["move", "left", 1, 1, 2, 10]])
    play = play_on(Session.new(4, chance.seeded(3))[0])
    spawns, taken, refusal = steps.resume(play, None, None, 4, 1, False, doc)
    assert spawns == doc.start and (taken, refusal) == (1, None)
    assert play.session.position.board == board("2 . . ./. 2 . ./. . . ./4 . . .")
    assert play.session.undo_depth == 5 and play.session.revision == 1
