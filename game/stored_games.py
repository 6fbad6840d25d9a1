"""What storage holds, taken up by the engine: at the start, the game, the best scores and
the statistics, each judged on its own, with the steps the page played on that game
before the engine ran; later, a game another tab stored, with the steps that tab
played on it before its own engine ran.

Every stored text is judged strictly (game/saves.py); what does not pass is set aside
and named in the start's `set_aside` (game/api.py says what the page shows of it). The
steps are played by game/steps.py, through the same `Play` the page played them with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import saves, stats, stats_saves, steps
from game.play import Play
from game.session import Refused, Session, mark_of, settle
from game.tally import Aside, Tally

if TYPE_CHECKING:
    from game.chance import WordSource
    from game.record import Spawned

NOTICES: dict[tuple[bool, bool], str | None] = {
    (False, False): None,
    (True, False): "game-invalid",
    (False, True): "best-invalid",
    (True, True): "game-and-best-invalid",
}


def read_best(best_text: str | None, set_aside: dict[str, Any]) -> dict[int, int]:
    """The stored best scores, size by size; what was set aside noted in `set_aside`."""
    if not best_text:
        return {}
    try:
        found = saves.read_best(best_text)
    except saves.SaveError:
        set_aside["best_document"] = True
        return {}
    set_aside["best_sizes"] = list(found.rejected_sizes)
    set_aside["best_unknown_keys"] = found.unknown_keys
    return dict(found.scores)


def read_stats(stats_text: str | None, set_aside: dict[str, Any]) -> stats.Stats:
    """The stored statistics, size by size; what was set aside noted in `set_aside`."""
    if not stats_text:
        return stats.Stats()
    try:
        counted = stats_saves.read_stats(stats_text)
    except saves.SaveError:
        set_aside["stats_document"] = True
        return stats.Stats()
    set_aside["stats_sizes"] = list(counted.rejected_sizes)
    set_aside["stats_daily"] = counted.daily_rejected
    return counted.stats


def judged(game_text: str | None, source: WordSource, size: int, daily_board: bool,
           set_aside: dict[str, Any]) -> Session | None:
    """The stored game, strictly judged (game/saves.py); None, and set aside when it
    was there, if it is no legal game of this size and kind."""
    if not game_text:
        return None
    try:
        loaded = saves.load_game(game_text, source, {}, size=size)
        if (loaded.daily is not None) != daily_board:
            raise saves.SaveError("a daily game in the normal game's place, or the reverse")
    except saves.SaveError:
        set_aside["game"] = True
        return None
    return loaded


def hand_over(
    play: Play, loaded: Session | None, game_text: str | None, size: int, undo_depth: int, daily_board: bool,
    steps_text: str | None,
) -> tuple[tuple[Spawned, ...], dict[str, Any]]:
    """Play the stored game with the page's steps on it (game/steps.py `resume`): the
    start tiles of a fresh game, and the reply's `handover` when steps were handed. The
    undo depth the page asks for now is taken last (another tab may have changed it)."""
    plan, refusal = None, None
    if steps_text:
        try:
            plan = steps.read(steps_text)
        except ValueError:
            refusal = Refused("bad_steps")
    spawns, taken, refused = steps.resume(play, loaded, game_text, size, undo_depth, daily_board, plan)
    refusal = refused or refusal
    if undo_depth != play.session.undo_depth:  # changed since the page played (another tab)
        before = mark_of(play.session)
        play.set_undo_depth(undo_depth)
        settle(play.session, before)
    extra: dict[str, Any] = {}
    if steps_text:
        extra["handover"] = {"steps": len(plan.steps) if plan else 0, "taken": taken,
                             "refused": refusal.reason if refusal else "",
                             "detail": refusal.detail if refusal else {}}
    return spawns, extra


def other_game(play: Play, tally: Tally, game_text: str, steps_text: str
               ) -> tuple[Session | None, Aside | None] | None:
    """Another tab's game, with its steps played on it (on a trial table beside `play`,
    over what `tally` counted), and what they count, kept aside; None when the game or
    its steps cannot be read or played."""
    game = play.session
    try:
        other = saves.load_game(game_text, play.source, {}) if game_text else None
    except saves.SaveError:
        return None
    if not steps_text:
        return other, None
    try:
        plan = steps.read(steps_text)
    except ValueError:
        return None
    handed = Aside(tally)
    trial = Play(play.source, play.today, handed)
    trial.best, trial.daily_best = dict(play.best), dict(play.daily_best)
    _, _, refusal = steps.resume(
        trial, other, game_text, game.size, plan.depth, game.daily is not None, plan)
    return None if refusal is not None else (trial.session, handed)
