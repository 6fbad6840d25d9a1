"""Review (CONTRACT "Review", docs/review.md): a finished game graded move by move in
the engine's worker, shown as it comes, kept for next time, and never changing the game
it reviews."""

from __future__ import annotations

import json

from game import stored_reviews
from game.review import BUDGET, GRADING
from tests.e2e.conftest import OpenGame
from tests.e2e.gamepage import GamePage
from tests.e2e.test_accessibility import AXE, audit
from tests.e2e.test_daily import open_daily, play_to_the_end, share_link

REVIEW_TIMEOUT = 180.0  # a game of a few hundred moves, searched on a shared 2-core machine


def review_data(game: GamePage) -> dict[str, str]:
    found: dict[str, str] = game.evaluate("""() => {
        const d = document.getElementById('review-dialog');
        return {progress: d.dataset.progress, accuracy: d.dataset.accuracy ?? null, open: d.open,
                grades: d.querySelector('[data-grades]').dataset.grades};
    }""")
    return found


def current_row(game: GamePage) -> dict[str, str]:
    """The move list's row of the position the board shows (aria-current), as data."""
    found: dict[str, str] = game.evaluate("""() => {
        const row = document.querySelector('#review-moves-rows [aria-current="true"]');
        return row ? {...row.dataset, focused: String(row.contains(document.activeElement))} : {};
    }""")
    return found


def wait_reviewed(game: GamePage) -> dict[str, str]:
    game.poll("the review's end", lambda: review_data(game)["accuracy"] is not None, timeout=REVIEW_TIMEOUT)
    return review_data(game)


def test_a_finished_game_is_reviewed_move_by_move_and_kept_and_the_game_is_untouched(game: GamePage) -> None:
    game.start()
    over = play_to_the_end(game)
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.locator("#over-dialog").get_by_role("button", name="Review").click()
    game.poll("the review dialog", lambda: game.dialog_open("review"))
    seen = wait_reviewed(game)
    moves = int(over["moves"])
    assert seen["progress"] == "100" and 0 <= float(seen["accuracy"]) <= 100
    assert len(seen["grades"]) == moves and set(seen["grades"]) <= set("bgimx")
    rows = game.evaluate("""() => [...document.querySelectorAll('#review-worst tbody tr')].map(
        tr => ({move: tr.dataset.move, played: tr.dataset.played, better: tr.dataset.better,
                grade: tr.dataset.grade, why: tr.children[4].textContent}))""")
    costly = [g for g in seen["grades"] if g != "b"]
    assert len(rows) == min(3, len(costly))
    for row in rows:
        move = int(row["move"])
        assert 1 <= move <= moves and seen["grades"][move - 1] == row["grade"] != "b"
        assert row["played"] != row["better"]
        assert {row["played"], row["better"]} <= {"left", "right", "up", "down"}
        assert row["why"].startswith("Move ")
    # The chart (drawn in a task of its own once done): the value line over every
    # position, the marked moves as dots.
    points = "() => document.querySelector('#review-chart polyline')?.dataset.values.split(',').length ?? 0"
    game.poll("the whole chart", lambda: game.evaluate(points) == moves + 1)
    marks = game.evaluate("() => document.querySelectorAll('#review-chart .dot').length")
    assert marks == sum(1 for g in seen["grades"] if g in "mx")
    # Kept: in storage, under its format; and the game reviewed is as it was.
    stored_now = json.loads(game.evaluate("() => localStorage.getItem('py2048:reviews')"))
    assert stored_now["format"] == "py2048-reviews" and len(stored_now["reviews"]) == 1
    assert stored_now["reviews"][0]["grades"] == seen["grades"]
    game.page.locator("#review-dialog").get_by_role("button", name="Close").click()
    assert game.dialog_open("over")  # back where Review was pressed
    after = game.state()
    assert (after["board"], after["moves"], after["score"], after["status"]) == (
        over["board"], over["moves"], over["score"], "over")
    # A turning point in the replay viewer: the position before it, still, with both arrows.
    if rows:
        game.click("#over-review")
        wait_reviewed(game)
        first = rows[0]
        game.page.locator("#review-worst tbody tr").first.get_by_role("button").click()
        shown = game.wait_for("the turning point", lambda d: d.get("watch") is not None)
        assert not game.dialog_open("review")
        marks = game.evaluate("""() => ({better: document.getElementById('hint-mark').dataset.dir,
            played: document.getElementById('played-mark').dataset.dir,
            hidden: document.getElementById('played-mark').hidden,
            bar: document.getElementById('watch-text').textContent})""")
        assert (marks["better"], marks["played"]) == (first["better"], first["played"])
        assert not marks["hidden"]
        assert f"move {int(first['move']) - 1} of {moves}" in marks["bar"] and shown["watch"] != "end"
        game.click("#watch-step")  # the move played: the next position, with its own move's arrows
        after_step = int(first["move"]) + 1
        expected = str(after_step) if after_step <= moves else None  # the end: no move, no row
        game.poll("the next position's row", lambda: current_row(game).get("move") == expected)
        if after_step <= moves:
            assert game.evaluate("() => document.getElementById('played-mark').dataset.dir") == \
                current_row(game)["played"]
        game.click("#watch-close")
        game.wait_for("the game in play", lambda d: "watch" not in d)
    # Reopened after a reload: answered from what was kept, the same grades.
    game.page.reload()
    game.wait_ready()
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.locator("#over-dialog").get_by_role("button", name="Review").click()
    again = wait_reviewed(game)
    assert (again["grades"], again["accuracy"]) == (seen["grades"], seen["accuracy"])


def test_reviews_finished_in_two_tabs_are_both_kept(game: GamePage) -> None:
    """The reported loss: each tab stored the list of stored reviews it had read when its
    review began, and storage kept one tab's. Here a review runs in this tab while
    another tab of the game stores its own finished review (written from a second page
    of the site, as that tab does); when this one finishes, both are kept, this tab's
    the newest."""
    game.start()
    play_to_the_end(game)
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.locator("#over-dialog").get_by_role("button", name="Review").click()
    game.poll("the review under way", lambda: int(review_data(game)["progress"] or 0) > 0)
    theirs = {"key": "c" * 64, "grading": GRADING, "budget": BUDGET, "size": 4, "grades": "bg",
              "accuracy": 93.5, "values": [100, 99, 97], "turning": [], "played": "lu", "better": ".l"}
    other = game.context.new_page()
    other.goto(game.base_url + "/assets/icons/icon.svg")  # the site, not the game: it writes as a tab would
    stored = json.dumps({"format": "py2048-reviews", "version": stored_reviews.VERSION, "reviews": [theirs]})
    other.evaluate("text => localStorage.setItem('py2048:reviews', text)", stored)
    assert review_data(game)["accuracy"] is None, "the review ended before the other tab's was stored"
    seen = wait_reviewed(game)
    stored_now = json.loads(game.evaluate("() => localStorage.getItem('py2048:reviews')"))["reviews"]
    assert len(stored_now) == 2 and stored_now[0]["key"] == theirs["key"]
    assert stored_now[1]["grades"] == seen["grades"]


def test_a_review_cancelled_closes_and_keeps_nothing(game: GamePage) -> None:
    game.start()
    play_to_the_end(game)
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.locator("#over-dialog").get_by_role("button", name="Review").click()
    game.poll("the review dialog", lambda: game.dialog_open("review"))
    game.click("#review-cancel")
    game.poll("the dialog closed", lambda: not game.dialog_open("review"))
    assert review_data(game)["accuracy"] is None
    assert game.evaluate("() => localStorage.getItem('py2048:reviews')") is None


def test_the_review_dialog_passes_axe_in_light_dark_and_high_contrast_and_on_a_phone(
        open_game: OpenGame) -> None:
    game = open_game(viewport={"width": 390, "height": 844}, color_scheme="light")
    game.start()
    play_to_the_end(game)
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.locator("#over-dialog").get_by_role("button", name="Review").click()
    wait_reviewed(game)
    game.page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[str] = []
    passed = audit(game, "review, light", found)
    game.page.emulate_media(color_scheme="dark")
    passed += audit(game, "review, dark", found)
    # Keyboard: Escape goes back one step, to the dialog Review was opened from; the theme
    # changes; Review again is answered from what was kept.
    game.press("Escape")
    game.poll("the game-over dialog again",
              lambda: game.dialog_open("over") and not game.dialog_open("review"))
    game.page.evaluate("() => document.getElementById('over-dialog').close()")
    game.click("#settings")
    game.page.select_option("#set-theme", "contrast")
    game.press("Escape")
    game.page.evaluate("() => document.getElementById('over-dialog').showModal()")
    game.page.locator("#over-review").focus()
    game.press("Enter")
    wait_reviewed(game)
    passed += audit(game, "review, high contrast", found)
    width = game.evaluate("() => document.getElementById('review-dialog').getBoundingClientRect().width")
    assert width <= 390
    assert not found, "axe-core found:\n" + "\n".join(found)
    assert passed > 3 * 10, f"only {passed} rule passes over 3 audits: did axe run?"


def test_a_daily_result_is_reviewed_from_statistics_and_a_friends_code_the_same_way(
        open_game: OpenGame) -> None:
    player = open_game(viewport={"width": 1000, "height": 800},
                       permissions=["clipboard-read", "clipboard-write"])
    open_daily(player)
    end = play_to_the_end(player)
    player.poll("the game-over dialog", lambda: player.dialog_open("over"))
    link = share_link(player)
    player.press("Escape")
    player.click("#stats")
    player.page.locator("#daily-rows tr").first.get_by_role("button", name="Review the daily board").click()
    mine = wait_reviewed(player)
    assert not player.dialog_open("stats") and len(mine["grades"]) == int(end["moves"])
    # A friend opens the shared link: verified, then reviewed on their device, graded alike.
    friend = open_game(viewport={"width": 1000, "height": 800})
    friend.page.goto(friend.address() + "#replay=" + link.split("#replay=")[1])
    friend.wait_ready()
    friend.wait_for("the verdict", lambda d: d.get("replay") == "verified", timeout=30.0)
    friend.click("#review-verified")
    theirs = wait_reviewed(friend)
    assert not friend.dialog_open("replay")
    assert (theirs["grades"], theirs["accuracy"]) == (mine["grades"], mine["accuracy"])
    assert friend.state()["moves"] == "0"  # the friend's own game is untouched


def test_play_on_from_a_turning_point_is_a_practice_that_counts_nowhere(game: GamePage) -> None:
    game.start()
    over = play_to_the_end(game)
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.locator("#over-dialog").get_by_role("button", name="Review").click()
    seen = wait_reviewed(game)
    stored = game.evaluate("""() => ({stats: localStorage.getItem('py2048:stats'),
        best: localStorage.getItem('py2048:best'), game: localStorage.getItem('py2048:game')})""")
    assert set(seen["grades"]) != {"b"}, "a game of cycled keys has a costly move"
    game.page.locator("#review-worst tbody tr").first.get_by_role("button").click()
    paused = game.wait_for("the position, still", lambda d: d.get("watch") == "paused")
    own_best = over["best"]
    assert paused["best"] == own_best, "a replayed position never shows its own best as the player's"
    game.page.locator("#watch-bar").get_by_role("button", name="Play on from here").click()
    data = game.wait_for("the practice", lambda d: d.get("mode") == "practice")
    assert "never counted" in game.evaluate("() => document.getElementById('watch-text').textContent")
    start_moves = int(data["moves"])
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown") * 3:
        before = int(game.state()["inputs"])
        game.press(key)
        game.wait_inputs(before + 1)
    played = game.state()
    assert int(played["moves"]) > start_moves and played["mode"] == "practice"
    shown_best = game.evaluate("() => document.getElementById('best').textContent")
    assert played["best"] == own_best and shown_best == f"{int(own_best):,}", "BEST stays the player's"
    after = game.evaluate("""() => ({stats: localStorage.getItem('py2048:stats'),
        best: localStorage.getItem('py2048:best'), game: localStorage.getItem('py2048:game')})""")
    assert after == stored  # nothing stored, counted, or best
    # It is practice: Hint and Undo are there, and Escape goes back to the review.
    # A first Hint is answered after every move pressed before it (the engine answers in
    # order): its arrow, or "practice over" when no move is left, says the moves are in.
    game.click("#practice-hint")
    game.poll("the hint's answer", lambda: bool(game.evaluate(
        "() => !document.getElementById('hint-mark').hidden"
        " || document.getElementById('live').textContent.includes('Practice over')")))
    moves_now = int(game.state()["moves"])
    game.click("#practice-undo")  # the practice may be over: Undo brings back a move to hint
    game.wait_for("a move taken back", lambda d: int(d["moves"]) == moves_now - 1)
    game.click("#practice-hint")
    game.poll("the hint's arrow", lambda: bool(game.evaluate(
        "() => !document.getElementById('hint-mark').hidden")))
    game.press("Escape")
    game.poll("the review again", lambda: game.dialog_open("review"))
    game.page.locator("#review-dialog").get_by_role("button", name="Close").click()
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.evaluate("() => document.getElementById('over-dialog').close()")
    back = game.wait_for("the game in play", lambda d: "watch" not in d and d["mode"] == "classic")
    assert (back["board"], back["moves"], back["score"], back["status"]) == (
        over["board"], over["moves"], over["score"], "over")


def moves_list(game: GamePage, count: int = 0) -> list[dict[str, str]]:
    """The move list's rows as data, once all `count` are in (a kept review's rows come a
    few hundred a task)."""
    def rows() -> list[dict[str, str]]:
        found: list[dict[str, str]] = game.evaluate(
            "() => [...document.querySelectorAll('#review-moves-rows [role=row]')]"
            ".map(tr => ({...tr.dataset}))")
        return found
    if count:
        game.poll(f"the move list's {count} rows", lambda: len(rows()) >= count)
    return rows()


def test_the_move_list_steps_the_board_and_escape_goes_back_one_step_at_a_time(game: GamePage) -> None:
    """Every move is a row (the contract's attributes); choosing one shows its position
    with both arrows; Left and Right step through the game with the list following;
    Escape goes board -> review (at that move) -> the dialog Review came from."""
    game.start()
    over = play_to_the_end(game)
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.locator("#over-dialog").get_by_role("button", name="Review").click()
    seen = wait_reviewed(game)
    rows = moves_list(game, int(over["moves"]))
    assert [row["move"] for row in rows] == [str(n) for n in range(1, int(over["moves"]) + 1)]
    assert "".join(row["grade"] for row in rows) == seen["grades"]
    for row in rows:
        assert row["played"] in ("left", "right", "up", "down")
        assert (row["better"] == "") == (row["grade"] == "b") and row["better"] != row["played"]
    flagged = next(row for row in rows if row["grade"] != "b" and int(row["move"]) > 1)
    move = int(flagged["move"])
    game.page.locator(f'#review-moves-rows [role=row][data-move="{move}"] button').click()
    game.wait_for("the position, still", lambda d: d.get("watch") == "paused")
    game.poll("its row current", lambda: current_row(game).get("move") == str(move))
    marks = game.evaluate("""() => ({better: document.getElementById('hint-mark').dataset.dir,
        played: document.getElementById('played-mark').dataset.dir,
        line: document.getElementById('watch-review-line').textContent})""")
    assert (marks["played"], marks["better"]) == (flagged["played"], flagged["better"])
    assert f"{move}" in marks["line"] and game.state()["best"] == over["best"]
    game.page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[str] = []
    assert audit(game, "a review's position on the board", found) > 10 and not found, "\n".join(found)
    game.press("ArrowRight")
    game.poll("the next move's row", lambda: current_row(game).get("move") == str(move + 1))
    game.press("ArrowLeft")
    game.poll("back a move", lambda: current_row(game).get("move") == str(move))
    game.press("ArrowLeft")
    game.poll("back another", lambda: current_row(game).get("move") == str(move - 1))
    game.press("Escape")  # board -> review, at the move shown, its row focused
    game.poll("the review again", lambda: game.dialog_open("review"))
    game.poll("its row focused", lambda: current_row(game) == {**rows[move - 2], "focused": "true"})
    game.press("ArrowDown")  # the list's own keys: the next row's button
    assert game.evaluate("() => document.activeElement.dataset.move") == str(move)
    game.press("Enter")
    game.poll("that move shown", lambda: not game.dialog_open("review") and current_row(game).get(
        "move") == str(move))
    game.click("#watch-review")  # the bar's way back
    game.poll("the review again", lambda: game.dialog_open("review"))
    game.press("Escape")  # review -> the dialog it was opened from
    game.poll("the game-over dialog", lambda: game.dialog_open("over") and not game.dialog_open("review"))
    back = game.wait_for("the game in play", lambda d: "watch" not in d)
    assert (back["board"], back["moves"], back["score"]) == (over["board"], over["moves"], over["score"])


def test_retry_your_mistakes_checks_each_answer_gives_a_second_try_then_the_solution(game: GamePage) -> None:
    """Retry: the position before each flagged move; the move played there is checked
    wrong, a second wrong one shows the solution; the better move is checked right; a
    summary in the review at the end; nothing is stored or counted."""
    game.start()
    over = play_to_the_end(game)
    game.poll("the game-over dialog", lambda: game.dialog_open("over"))
    game.page.locator("#over-dialog").get_by_role("button", name="Review").click()
    wait_reviewed(game)
    rows = moves_list(game, int(over["moves"]))
    flagged = [row for row in rows if row["grade"] in "imx"]
    assert flagged, "a game of cycled keys has a mistake"
    stored = game.evaluate("""() => ({stats: localStorage.getItem('py2048:stats'),
        best: localStorage.getItem('py2048:best'), game: localStorage.getItem('py2048:game')})""")
    game.page.locator("#review-dialog").get_by_role("button", name="Retry your mistakes").click()
    game.wait_for("the retry", lambda d: d.get("mode") == "retry")
    keys = {"left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}

    def retry_state() -> str:
        return str(game.evaluate("() => document.getElementById('review-dialog').dataset.retry || ''"))

    def next_shown() -> bool:
        return bool(game.evaluate("() => !document.getElementById('retry-next').hidden"))

    for index, row in enumerate(flagged[:3]):
        move = row["move"]
        game.poll("the position retried", lambda: current_row(game).get("move") == move  # noqa: B023
                  and retry_state() == "" and game.state().get("mode") == "retry")
        if index == 0:  # the move played: wrong, twice, then the solution
            game.press(keys[row["played"]])
            game.poll("checked wrong", lambda: retry_state() == "wrong")
            assert not next_shown(), "a second try"
            game.page.evaluate("() => document.getElementById('review-dialog').removeAttribute('data-retry')")
            game.press(keys[row["played"]])
            game.poll("the solution", lambda: retry_state() == "wrong" and next_shown())
            assert game.evaluate("() => document.getElementById('hint-mark').dataset.dir") == row["better"]
        else:  # the better move: right at once
            game.press(keys[row["better"]])
            game.poll("checked right", lambda: retry_state() == "right" and next_shown())
        if index == 1:
            game.page.evaluate(AXE.read_text(encoding="utf-8"))
            found: list[str] = []
            assert audit(game, "a retry, answered", found) > 10 and not found, "\n".join(found)
        if index == min(len(flagged), 3) - 1 and len(flagged) > 3:
            game.press("Escape")  # leave the rest: back to the review
            break
        game.press("Enter")  # Next (focused)
    game.poll("the review again", lambda: game.dialog_open("review"))
    assert game.state().get("mode") != "retry"
    if len(flagged) <= 3:
        summary = game.evaluate("() => document.getElementById('review-retry-result').textContent")
        assert f"of {len(flagged)} moves" in summary
    after = game.evaluate("""() => ({stats: localStorage.getItem('py2048:stats'),
        best: localStorage.getItem('py2048:best'), game: localStorage.getItem('py2048:game')})""")
    assert after == stored and game.state()["best"] == over["best"], "a retry is never stored or counted"
