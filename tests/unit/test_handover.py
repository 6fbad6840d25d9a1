"""The hand-over: the engine takes over what the page played before it ran.

Promise (the issue, docs/architecture.md): best score, statistics, milestones, the
game's record and result code, and the undo history come out exactly as if the engine
had played every move itself; a step that is not a legal continuation is refused, and
the engine's state from the steps before it wins. The page side is game/ui/early.py
(the very room the page runs), the engine side game/api.py.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from game import api, chance, rules, saves, session, stats, stats_saves, steps
from game.record import Spawned
from game.ui.early import EarlyPlay
from tests.unit.boards import alike, board, consistent, session_at

DAY_MS = 1_764_547_200_000 + 3_600_000  # 2025-12-01, 01:00 UTC
CLOCK = 1_000
# Each change a player makes: the engine's call, and the page's (game/ui/early.py).
CALLS = {"move": ("move", "move"), "undo": ("undo", "undo"), "new": ("new_game", "new_game"),
         "keep": ("keep_playing", "keep_playing"), "clock": ("set_clock", "set_clock"),
         "depth": ("set_undo_depth", "set_undo_depth")}


def quoted(text: str | None) -> str:
    return json.dumps(text) if text else ""


class Twins:
    """The same game played twice from the same random words: by the engine itself
    (`engine`), and by the page before the engine ran (`page`), whose steps a second
    engine then takes over."""

    def __init__(self, seed: int, undo_depth: int = 1, daily_board: bool = False, size: int = 4,
                 stored: dict[str, str] | None = None) -> None:
        self.stored = dict(stored or {})
        self.args = (size, undo_depth, daily_board)
        self.engine = api.Engine(chance.seeded(seed), wall=lambda: DAY_MS)
        self.page = EarlyPlay(chance.seeded(seed), lambda: DAY_MS)
        self.last = self.engine.start(self.stored.get("game"), self.stored.get("best"),
                                      self.stored.get("stats"), size, undo_depth, daily_board)
        self.shown = self.page.load(quoted(self.stored.get("game")), quoted(self.stored.get("best")),
                                    quoted(self.stored.get("stats")), size, undo_depth, daily_board)
        self.steps = self.shown["steps"]
        self.same()

    def same(self) -> None:
        """The page shows exactly what the engine would."""
        assert self.shown["state"] == self.last["state"], (self.shown["state"], self.last["state"])

    def act(self, name: str, *args: Any) -> None:
        engine_name, page_name = CALLS[name]
        engine_call: Callable[..., dict[str, Any]] = getattr(self.engine, engine_name)
        page_call: Callable[..., dict[str, Any]] = getattr(self.page, page_name)
        self.last = engine_call(*args)
        self.shown = page_call(*args)
        if name == "depth":  # the setting the page hands the engine from now on
            self.args = (self.args[0], args[0], self.args[2])
        if self.shown["steps"]:
            self.steps = self.shown["steps"]
        assert self.shown["changed"] == self.last["changed"]
        assert bool(self.shown["steps"]) == self.last["game_changed"], name
        self.same()

    def handed_over(self) -> dict[str, Any]:
        """A new engine (other random words: it must not need them) takes the page's steps."""
        size, undo_depth, daily_board = self.args
        taker = api.Engine(chance.seeded(999_999), wall=lambda: DAY_MS)
        reply = taker.start(self.stored.get("game"), self.stored.get("best"), self.stored.get("stats"),
                            size, undo_depth, daily_board, self.steps)
        assert reply["handover"]["refused"] == "", reply["handover"]
        assert reply["handover"]["taken"] == reply["handover"]["steps"]
        return reply


def play_randomly(twins: Twins, moves: int, seed: int, undo_every: int = 0) -> None:
    rng = random.Random(seed)
    for n in range(moves):
        state = twins.last["state"]
        if state["status"] == "won":
            twins.act("keep", CLOCK * n)
            continue
        legal = rules.legal_directions(tuple(tuple(row) for row in state["board"]))
        if not legal:
            twins.act("new")
            continue
        if undo_every and n % undo_every == undo_every - 1 and state["can_undo"]:
            twins.act("undo", CLOCK * n)
        else:
            twins.act("move", rng.choice(legal + ["left"]), CLOCK * n)  # a no-op now and then


def test_the_engine_stores_exactly_the_game_it_would_have_played_itself() -> None:
    for seed in range(4):
        twins = Twins(seed, undo_depth=5)
        play_randomly(twins, 120, seed, undo_every=7)
        reply = twins.handed_over()
        assert reply["save"] == twins.last["save"]  # board, score, history, record, revision, clock
        assert reply["best_save"] == twins.last["best_save"]
        assert reply["state"] == twins.last["state"]


def test_games_that_ended_before_the_engine_ran_are_counted_once_as_the_engine_would() -> None:
    twins = Twins(11)
    play_randomly(twins, 700, 11)  # several games lost and started again
    reply = twins.handed_over()
    own = stats_saves.read_stats(twins.last["stats_save"] or stats_saves.dump_stats(twins.engine.stats)).stats
    taken = stats_saves.read_stats(reply["stats_save"]).stats
    assert taken.of(4).played == own.of(4).played >= 2
    assert taken == own
    assert reply["save"] == twins.last["save"]


def test_milestones_reached_before_the_engine_ran_are_unlocked_at_the_hand_over() -> None:
    near = session_at(board("1024 1024 . ./. . . ./. . . ./. . . ."))
    near.position = consistent(near.position.board)
    twins = Twins(5, stored={"game": saves.dump_game(near)})
    twins.act("move", "left", CLOCK)
    assert twins.last["unlocked"] == ["tile-2048"] and twins.shown["state"]["status"] == "won"
    twins.act("keep", CLOCK)
    reply = twins.handed_over()
    assert reply["unlocked"] == ["tile-2048"] == reply["milestones"]
    assert reply["save"] == twins.last["save"]


def test_a_daily_game_played_before_the_engine_gives_the_same_result_and_code() -> None:
    twins = Twins(3, daily_board=True)
    play_randomly(twins, 400, 3)
    reply = twins.handed_over()
    assert reply["state"]["mode"] == "daily"
    assert reply["save"] == twins.last["save"]
    assert stats_saves.read_stats(reply["stats_save"]).stats.daily == twins.engine.stats.daily
    assert twins.engine.stats.daily.results, "a daily try ended: the day has its result"
    assert reply["state"]["practice"] == twins.last["state"]["practice"]


def test_a_resumed_game_and_its_best_are_taken_over_too() -> None:
    first = Twins(8)
    play_randomly(first, 30, 8)
    stored = {"game": first.last["save"], "best": first.last["best_save"]}
    twins = Twins(9, undo_depth=5, stored=stored)  # stored with 1 undo step, taken up with 5
    play_randomly(twins, 40, 9, undo_every=3)
    twins.act("depth", 1)
    twins.act("clock", 999_999)
    reply = twins.handed_over()
    assert reply["save"] == twins.last["save"] and reply["best_save"] == twins.last["best_save"]


def test_a_refused_step_leaves_the_engine_state_of_the_steps_before_it() -> None:
    twins = Twins(4)
    for n in range(5):
        twins.act("move", rules.legal_directions(tuple(map(tuple, twins.last["state"]["board"])))[0], n)
    doc = steps.read(twins.steps)
    first_three = steps.Steps(doc.base, doc.depth, doc.start, doc.steps[:3])
    state_after_three = api.Engine(chance.seeded(1), wall=lambda: DAY_MS).start(
        None, None, None, 4, 1, False, first_three.dump())["state"]
    bad = doc.steps[3]
    doc.steps[3] = [bad[0], bad[1], bad[2], bad[3], 8, bad[5]]
    reply = api.Engine(chance.seeded(1), wall=lambda: DAY_MS).start(None, None, None, 4, 1, False, doc.dump())
    assert reply["handover"] == {"steps": 5, "taken": 3, "refused": "not_two_or_four", "detail": {"move": 4}}
    assert reply["state"] == state_after_three and reply["game_changed"]


def test_steps_for_another_stored_game_are_not_taken() -> None:
    twins = Twins(6)
    twins.act("move", rules.legal_directions(tuple(map(tuple, twins.last["state"]["board"])))[0], 5)
    other = Twins(7)
    reply = api.Engine(chance.seeded(1), wall=lambda: DAY_MS).start(
        other.last["save"], None, None, 4, 1, False, twins.steps)
    assert reply["handover"]["refused"] == "not_this_game" and reply["handover"]["taken"] == 0
    assert reply["state"]["board"] == other.last["state"]["board"] and not reply["game_changed"]
    broken = api.Engine(chance.seeded(1), wall=lambda: DAY_MS).start(None, None, None, 4, 1, False, "{")
    assert broken["handover"]["refused"] == "bad_steps"


def test_another_tab_follows_steps_and_counts_what_they_ended_once() -> None:
    """A tab whose engine runs follows another tab's steps at once, and stores the game
    they make (with what they counted): that tab's engine then finds none left to take."""
    twins = Twins(12)
    play_randomly(twins, 300, 12)
    follower = api.Engine(chance.seeded(2), wall=lambda: DAY_MS)
    follower.start(None, None, None, 4, 1)
    follower.session.revision = 0
    reply = follower.follow("", twins.steps)
    assert reply["changed"] and reply["game_changed"]
    assert reply["state"] == twins.last["state"]
    assert follower.stats.of(4).played == twins.engine.stats.of(4).played
    assert not follower.follow("", twins.steps)["changed"]  # the same again: not newer


def test_a_tab_still_starting_goes_on_from_its_steps_another_tab_took_over() -> None:
    """Another tab's engine followed this tab's steps and stored the game they make:
    this tab (its engine still starting) goes on from that stored game with only the
    steps it played since, and its own engine later takes exactly those over."""
    twins = Twins(13)
    play_randomly(twins, 6, 13)
    follower = api.Engine(chance.seeded(2), wall=lambda: DAY_MS)
    follower.start(None, None, None, 4, 1)
    follower.session.revision = 0
    stored = follower.follow("", twins.steps)["save"]  # the other tab stores this game
    play_randomly(twins, 3, 14)  # meanwhile this tab played on
    followed = twins.page.follow(quoted(stored), "", 4, 1, False)
    assert followed["taken"] and not followed["changed"] and followed["state"] == twins.last["state"]
    doc = steps.read(followed["steps"])
    assert doc.base == steps.fingerprint(stored) and len(doc.steps) <= 3
    reply = api.Engine(chance.seeded(5), wall=lambda: DAY_MS).start(stored, None, None, 4, 1, False,
                                                                    followed["steps"])
    assert reply["handover"]["refused"] == "" and reply["state"] == twins.last["state"]
    assert reply["save"] == twins.last["save"]


def test_a_daily_board_the_page_began_is_taken_over_whatever_the_clock_did_since() -> None:
    """The page began the day's board and stored its steps. The engine takes them over
    on that day's board whatever its clock says (back a day, or on a day: midnight
    passed before it ran), none refused: it is the board the page showed. A page loaded
    later with the clock back still shows that day's game; with the clock a day on,
    the day is over and the try unfinished: today's board takes its place."""
    page = EarlyPlay(chance.seeded(2), lambda: DAY_MS)
    shown = page.load("", "", "", 4, 1, True)
    for _ in range(4):
        shown = page.move(rules.legal_directions(page.session.position.board)[0], CLOCK)
    assert steps.read(shown["steps"]).date == "2025-12-01"
    for wall, date, moves in ((DAY_MS - 86_400_000, "2025-12-01", 4), (DAY_MS + 86_400_000, "2025-12-02", 0)):
        engine = api.Engine(chance.seeded(9), wall=lambda at=wall: at)  # type: ignore[misc]
        reply = engine.start(None, None, None, 4, 1, True, shown["steps"])
        assert reply["handover"]["refused"] == "", reply["handover"]
        assert (reply["state"]["date"], reply["state"]["moves"]) == ("2025-12-01", 4)
        assert reply["state"]["board"] == shown["state"]["board"]
        again = EarlyPlay(chance.seeded(5), lambda at=wall: at)  # type: ignore[misc]
        reloaded = again.load("", "", "", 4, 1, True, quoted(shown["steps"]))
        assert (reloaded["state"]["date"], reloaded["state"]["moves"]) == (date, moves)
        assert steps.read(reloaded["steps"] or shown["steps"]).date == date


MIDNIGHT = 1_764_633_600_000  # 2025-12-02 00:00 UTC: 2025-12-01 is over


def legal_move(page: EarlyPlay) -> str:
    return rules.legal_directions(page.session.position.board)[0]


def test_a_daily_board_played_while_midnight_passes_before_the_engine_is_the_one_taken_over() -> None:
    """The page plays the day's board before the engine runs; midnight (UTC) passes, the
    player goes on; then the engine starts. It takes over the very board on screen,
    that day's, every step: a fresh board the page began, or the stored game of that
    day it went on with. Nothing is said to be refused and the board does not move."""
    now = [MIDNIGHT - 2_000]
    page = EarlyPlay(chance.seeded(4), lambda: now[0])
    shown = page.load("", "", "", 4, 1, True)
    for _ in range(3):
        shown = page.move(legal_move(page), CLOCK)
    now[0] = MIDNIGHT + 2_000
    shown = page.move(legal_move(page), CLOCK)
    engine = api.Engine(chance.seeded(9), wall=lambda: MIDNIGHT + 5_000)
    reply = engine.start(None, None, None, 4, 1, True, shown["steps"])
    assert reply["handover"]["refused"] == "" and reply["handover"]["taken"] == 4
    assert reply["state"] == shown["state"] and json.loads(reply["save"])["daily"] == "2025-12-01"

    # The same, on the day's game stored by an engine before midnight.
    before = api.Engine(chance.seeded(3), wall=lambda: MIDNIGHT - 60_000)
    stored = before.start(None, None, None, 4, 1, True)
    for _ in range(2):
        stored = before.move(rules.legal_directions(before.session.position.board)[0], CLOCK)
    now[0] = MIDNIGHT - 30_000
    page = EarlyPlay(chance.seeded(6), lambda: now[0])
    shown = page.load(quoted(stored["save"]), "", "", 4, 1, True)
    now[0] = MIDNIGHT + 1_000
    for _ in range(2):
        shown = page.move(legal_move(page), CLOCK)
    engine = api.Engine(chance.seeded(7), wall=lambda: MIDNIGHT + 5_000)
    reply = engine.start(stored["save"], None, None, 4, 1, True, shown["steps"])
    assert reply["handover"]["refused"] == "" and reply["state"] == shown["state"]
    assert reply["state"]["moves"] == 4 and reply["state"]["date"] == "2025-12-01"


def _ended_before_midnight() -> tuple[dict[str, Any], str]:
    """The day's board played by the page to its end before midnight (its steps)."""
    page = EarlyPlay(chance.seeded(8), lambda: MIDNIGHT - 2_000)
    shown = page.load("", "", "", 4, 1, True)
    while shown["state"]["status"] != "over":
        shown = page.move(legal_move(page), CLOCK)
    return shown, shown["steps"]


def test_a_days_try_that_ended_before_the_engine_ran_is_that_days_result_after_midnight() -> None:
    """The page played the day's board to its end; the engine starts after midnight (the
    tab open all along, or the page loaded again in the new day): the try is that day's
    result, with its score, never lost for today's board."""
    shown, played = _ended_before_midnight()
    engine = api.Engine(chance.seeded(9), wall=lambda: MIDNIGHT + 5_000)
    reply = engine.start(None, None, None, 4, 1, True, played)
    result = stats.daily_result(engine.stats, "2025-12-01")
    assert result is not None and result.score == shown["state"]["score"] and reply["stats_changed"]
    again = EarlyPlay(chance.seeded(1), lambda: MIDNIGHT + 5_000)  # the tab closed and opened again
    reloaded = again.load("", "", "", 4, 1, True, quoted(played))
    assert reloaded["state"]["date"] == "2025-12-01" and reloaded["state"]["status"] == "over"
    later = api.Engine(chance.seeded(2), wall=lambda: MIDNIGHT + 9_000)
    later.start(None, None, None, 4, 1, True, reloaded["steps"] or played)
    result = stats.daily_result(later.stats, "2025-12-01")
    assert result is not None and result.score == shown["state"]["score"]


def test_a_stored_daily_game_that_ended_uncounted_counts_when_its_day_gives_way() -> None:
    """A day's game stored as it ended but not counted (its statistics could not be
    written): loaded on a later day it gives way to that day's board, and counts first,
    as its own day's result."""
    engine = api.Engine(chance.seeded(5), wall=lambda: MIDNIGHT - 60_000)
    reply = engine.start(None, None, None, 4, 1, True)
    while reply["state"]["status"] != "over":
        reply = engine.move(rules.legal_directions(engine.session.position.board)[0], CLOCK)
    document = json.loads(reply["save"])
    document["counted"] = False  # as the page stored it before the engine counted it
    document["revision"] -= 1
    later = api.Engine(chance.seeded(6), wall=lambda: MIDNIGHT + 60_000)
    today = later.start(json.dumps(document), None, None, 4, 1, True)
    assert today["state"]["date"] == "2025-12-02" and today["state"]["moves"] == 0
    result = stats.daily_result(later.stats, "2025-12-01")
    assert result is not None and result.score == reply["state"]["score"] and today["stats_changed"]


def taken_over(steps_text: str, game_text: str | None = None,
               stats_text: str | None = None) -> dict[str, Any]:
    """The steps taken over by an engine whose random words are others than the page's."""
    reply = api.Engine(chance.seeded(424_242), wall=lambda: DAY_MS).start(
        game_text, None, stats_text, 4, 1, False, steps_text)
    assert reply["handover"]["refused"] == "", reply["handover"]
    return reply


def test_the_engine_taking_the_pages_steps_over_names_each_game_as_the_page_did() -> None:
    """The page draws each game's word from its own random source and writes it into its
    steps (version 3: `start` and each `new` step end with it); the engine that takes
    the steps over, and one that follows them from another tab, give each game the
    identity the page gave it, with random words of their own."""
    page = EarlyPlay(chance.seeded(21), lambda: DAY_MS)
    shown = page.load("", "", "", 4, 1, False)
    born = page.session.game_id
    doc = json.loads(shown["steps"])
    assert doc["version"] == 3 and doc["start"][2] == page.session.word is not None
    for _ in range(3):
        shown = page.move(legal_move(page), CLOCK)
    assert json.loads(taken_over(shown["steps"])["save"])["game"] == born
    shown = page.new_game()
    again = page.session.game_id
    assert json.loads(shown["steps"])["steps"][-1][7] == page.session.word and again != born
    shown = page.move(legal_move(page), CLOCK)
    reply = taken_over(shown["steps"])
    assert json.loads(reply["save"])["game"] == again and reply["state"] == shown["state"]
    follower = api.Engine(chance.seeded(99), wall=lambda: DAY_MS)
    follower.start(None, None, None, 4, 1)
    follower.session.revision = 0
    assert follower.follow("", shown["steps"])["changed"] and follower.session.game_id == again


def test_steps_of_version_2_are_taken_over_with_the_identities_their_games_had() -> None:
    """Steps a page of the release before stored (version 2: no words) name their games
    as that release did, by size, revision and start tiles: the engine taking them over
    and this release's page going on with them (writing them on as version 3) agree."""
    page = EarlyPlay(chance.seeded(22), lambda: DAY_MS)
    shown = page.load("", "", "", 4, 1, False)
    for _ in range(3):
        shown = page.move(legal_move(page), CLOCK)
    page.new_game()
    doc = json.loads(page.steps_text())
    doc["version"], doc["start"] = 2, doc["start"][:2]
    doc["steps"][-1] = doc["steps"][-1][:7]
    older = json.dumps(doc, separators=(",", ":"))
    tiles = (Spawned((doc["start"][0][0], doc["start"][0][1]), doc["start"][0][2]),
             Spawned((doc["start"][1][0], doc["start"][1][1]), doc["start"][1][2]))
    first = dict(doc, steps=doc["steps"][:3])
    assert json.loads(taken_over(json.dumps(first))["save"])["game"] == session.identity(4, 0, tiles, None)
    new = doc["steps"][-1]
    again = (Spawned((new[1], new[2]), new[3]), Spawned((new[4], new[5]), new[6]))
    reply = taken_over(older)
    assert json.loads(reply["save"])["game"] == session.identity(4, reply["state"]["revision"], again, None)
    reloaded = EarlyPlay(chance.seeded(23), lambda: DAY_MS)
    reloaded.load("", "", "", 4, 1, False, quoted(older))
    assert reloaded.session.game_id == json.loads(reply["save"])["game"]
    shown = reloaded.move(legal_move(reloaded), CLOCK)
    written = json.loads(shown["steps"])
    assert written["version"] == 3 and written["start"][2] is None and written["steps"][3][7] is None
    assert json.loads(taken_over(shown["steps"])["save"])["game"] == reloaded.session.game_id


def test_a_game_the_page_begins_at_revision_0_after_a_set_aside_save_counts_once_when_taken_over() -> None:
    """The stored game cannot be read: the page begins a game at revision 0, as the
    first game of that size began, here with that game's very tiles (sources whose every
    choice is alike); that first game is counted. The page plays the new one to its
    end; the engine, taking the steps over, counts it once: another game."""
    first = api.Engine(alike(0), wall=lambda: DAY_MS)
    began = first.start(None, None, None, 4, 1)
    first.move(rules.legal_directions(first.session.position.board)[0], CLOCK)
    counted_name = first.session.game_id
    counted = first.new_game()["stats_save"]
    page = EarlyPlay(alike(1), lambda: DAY_MS)
    shown = page.load(quoted("not a game"), "", quoted(counted), 4, 1, False)
    assert shown["spawns"] == began["spawns"] and shown["state"]["revision"] == 0
    assert page.session.game_id != counted_name
    while shown["state"]["status"] != "over":
        shown = page.move(legal_move(page), CLOCK)
    reply = taken_over(shown["steps"], "not a game", counted)
    assert reply["set_aside"]["game"] and reply["stats_changed"] and reply["state"] == shown["state"]
    counted_games = stats_saves.read_stats(reply["stats_save"]).stats.of(4).games
    assert counted_games == (counted_name, page.session.game_id)
