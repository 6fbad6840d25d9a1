"""The game session: start, spawn, score, best, win, game over, undo (RULES.md).

In the subset MicroPython runs (tests/unit/subset.py): the page plays this session too.
"""

from game import chance, daily, rules, session
from game.session import Session, fresh
from tests.unit.boards import alike, board, session_at
from tests.unit.subset import raises


def test_rule_new_game_has_two_tiles_in_two_cells_score_0_moves_0() -> None:
    for size in rules.SIZES:
        for seed in range(30):
            session, spawns = Session.new(size, chance.seeded(seed))
            tiles = [v for row in session.position.board for v in row if v]
            assert len(tiles) == 2 and set(tiles) <= {2, 4}
            assert spawns[0].cell != spawns[1].cell
            assert session.position.score == 0 and session.position.moves == 0
            assert session.size == size and session.status == "playing"


def test_rule_games_born_at_one_revision_with_the_same_tiles_have_different_identities() -> None:
    """The collision chance makes (about one pair of 4×4 games in 350, every try of a
    day's board): the same size, revision and start tiles. The word each game draws at
    its birth tells them apart, a daily try's too (its tiles are the day's, its word
    the random source's)."""
    for day in (None, daily.Daily("2026-12-01")):
        first, tiles = Session.new(4, alike(0), revision=3, daily=day)
        second, again = Session.new(4, alike(1), revision=3, daily=day)
        assert tiles == again and first.position == second.position and first.revision == second.revision
        assert first.word != second.word and first.game_id != second.game_id, day
        assert first.game_id == session.identity(4, 3, tiles, first.word)
        assert session.identity(4, 3, tiles, None) == session.identity(4, 3, again, None), "the old rule"


def test_rule_a_games_word_is_drawn_after_its_start_tiles() -> None:
    """So a seeded source begins the boards it began before games drew a word."""
    for size in rules.SIZES:
        for seed in range(10):
            _, spawns = Session.new(size, chance.seeded(seed))
            assert spawns == session.start_position(size, chance.seeded(seed))[1]
    words = chance.scripted([3, 1, 4, 1, 59265])  # two cells and values, then the word
    game, _ = Session.new(4, words)
    assert game.word == 59265


def test_rule_unsupported_size_is_refused() -> None:
    raises(ValueError, Session.new, 3, chance.seeded(1))


def test_rule_one_spawn_after_a_changing_move() -> None:
    # words: cell index 0 of the empty cells, then value word 5 (not 0) -> a 2
    session = session_at(board("2 2 . ./. . . ./. . . ./. . . ."), words=[0, 5])
    outcome = session.move("right")
    assert outcome.changed and outcome.spawn is not None
    assert outcome.spawn.cell == (0, 0) and outcome.spawn.value == 2
    assert session.position.board == board("2 . . 4/. . . ./. . . ./. . . .")


def test_rule_spawned_four_when_the_value_word_says_so() -> None:
    session = session_at(board("2 2 . ./. . . ./. . . ./. . . ."), words=[2, 0])
    outcome = session.move("left")
    assert outcome.spawn is not None and outcome.spawn.value == 4
    assert session.position.board[0] == (4, 0, 0, 4)


def test_rule_move_that_changes_nothing_is_not_a_move() -> None:
    session = session_at(board("2 4 . ./. . . ./. . . ./. . . ."), words=[])
    session.clock_ms = 1234
    before = session.position
    outcome = session.move("left")
    assert not outcome.changed and outcome.spawn is None and outcome.points == 0
    assert session.position == before and session.history == [] and session.clock_ms == 1234


def test_rule_score_adds_each_merge_and_moves_count_changes() -> None:
    session = session_at(board("2 2 4 4/. . . ./. . . ./. . . ."))
    start = session.position
    session.move("left")
    assert session.position.score == start.score + 12
    assert session.position.moves == start.moves + 1


def test_rule_best_never_decreases() -> None:
    session = session_at(board("2 2 4 4/. . . ./. . . ./. . . ."))
    session.best = 0
    session.move("left")
    best = session.best
    assert best == session.position.score
    session.undo()
    assert session.best == best


def test_rule_win_when_a_tile_first_reaches_2048() -> None:
    session = session_at(board("1024 1024 . ./. . . ./. . . ./. . . ."))
    assert session.status == "playing"
    outcome = session.move("left")
    assert outcome.newly_won and session.position.won and session.status == "won"


def test_rule_win_dialog_blocks_moves_until_keep_playing() -> None:
    session = session_at(board("1024 1024 . ./. . . ./. . . ./. . . ."))
    session.move("left")
    assert not session.move("right").changed
    assert session.continue_after_win() and session.status == "playing"
    assert session.move("right").changed
    assert not session.continue_after_win()


def test_rule_game_is_won_once() -> None:
    session = session_at(board("1024 1024 . ./1024 1024 . ./. . . ./. . . ."))
    session.move("left")
    session.continue_after_win()
    outcome = session.move("up")  # the second 2048 (or a 4096) raises no new win
    assert outcome.changed and not outcome.newly_won and session.status == "playing"
    assert session.position.won


def test_rule_game_over_when_full_and_stuck() -> None:
    session = session_at(board("2 4 2 4/4 2 4 2/2 4 2 4/8 8 2 4"), words=[0, 5])
    session.move("left")  # 8 8 -> 16, the spawn fills the last gap with a 2
    assert session.position.board == board("2 4 2 4/4 2 4 2/2 4 2 4/16 2 4 2")
    assert session.over and session.status == "over"
    assert all(not session.move(d).changed for d in rules.DIRECTIONS)


def test_rule_undo_restores_board_score_moves_and_won() -> None:
    session = session_at(board("1024 1024 . ./. . . ./. . . ./. . . ."))
    before = session.position
    session.move("left")
    assert session.undo()
    assert session.position == before and not session.position.won
    assert session.status == "playing"


def test_rule_classic_undo_is_one_step() -> None:
    session = session_at(board("2 . . ./. . . ./. . . ./. . . ."))
    session.move("right")
    session.move("down")
    assert session.undo()
    assert not session.undo()
    assert session.position.moves == 1


def test_rule_undo_five_steps_setting() -> None:
    session = session_at(board("2 . . ./. . . ./. . . ./. . . ."), undo_depth=5)
    start = session.position
    for d in ["right", "down", "left", "up", "right", "down"]:
        session.move(d)
    for _ in range(5):
        assert session.undo()
    assert not session.undo()
    assert session.position.moves == start.moves + 1


def test_rule_undo_on_a_finished_game_makes_it_playable() -> None:
    session = session_at(board("2 4 2 4/4 2 4 2/2 4 2 4/8 8 2 4"), words=[0, 5])
    session.move("left")
    assert session.status == "over"
    assert session.undo() and session.status == "playing"


def test_rule_undo_takes_one_off_the_move_counter() -> None:
    session = session_at(board("2 . . ./. . . ./. . . ./. . . ."))
    moves = session.position.moves
    session.move("right")
    session.undo()
    assert session.position.moves == moves


def test_undo_depth_must_be_1_or_5() -> None:
    lone = fresh(board("2 . . ./. . . ./. . . ./. . . ."))
    raises(ValueError, Session, lone, chance.seeded(1), undo_depth=3)
    session = session_at(board("2 . . ./. . . ./. . . ./. . . ."), undo_depth=5)
    for d in ["right", "down", "left"]:
        session.move(d)
    session.set_undo_depth(1)
    assert len(session.history) == 1


def test_unknown_direction_is_refused_by_the_session() -> None:
    raises(ValueError, session_at(board("2 . . ./. . . ./. . . ./. . . .")).move, "north")


def _moved(game: "Session", revision: int) -> "Session":
    """`game` one legal move on (a copy), at `revision`."""
    after = game.copy()
    after.move(rules.legal_directions(after.position.board)[0])
    after.revision = revision
    return after


def test_a_followed_game_drops_what_this_tab_showed_only_when_both_changed_it_at_once() -> None:
    """Two tabs share one stored game; storage keeps one of two writes. Taking the other
    tab's game drops nothing when it goes on from the game shown here, or stepped back
    from it (undo) or began a new game after it; it drops this tab's change when both
    moved from the same game at once, or when it won a tie of revisions."""
    base, _ = Session.new(4, chance.seeded(5), revision=3)
    base.revision = 3
    mine = _moved(base, 4)
    assert not session.drops_changes(mine, _moved(mine, 5)), "the other tab went on from it"
    other = base.copy()
    other.move(rules.legal_directions(base.position.board)[1])  # not the move made here
    other.revision = 4
    assert session.drops_changes(mine, other), "both moved from the same game at once"
    undone = mine.copy()
    undone.undo()
    undone.revision = 5
    assert not session.drops_changes(mine, undone), "an undo there after the move here"
    undone.revision = 4
    assert session.drops_changes(mine, undone), "an undo there at the same moment as the move here"
    new, _ = Session.new(4, chance.seeded(6), revision=5)
    assert not session.drops_changes(mine, new), "a new game there after the move here"
    new.revision = 4
    assert session.drops_changes(mine, new), "a new game there at the same moment"
    mine.record = None  # a game stored before records (or past their limit): its positions
    later = _moved(mine, 5)
    later.record = None
    later.history = [mine.position]
    assert not session.drops_changes(mine, later)
    later.history = []
    assert not session.drops_changes(mine, later), "a newer game of its own: nothing seen here dropped"
    later.revision = 4
    assert session.drops_changes(mine, later)
