"""Export and Import: everything the player keeps, in one JSON file a person can read.

Export takes whatever storage holds and writes only what is valid (a broken game is
left out as null; the best scores and statistics keep what their lenient reads keep),
so an exported file always imports. Import is strict the other way round: the file
came from outside the page, and storing any part of it replaces what the player has,
so every part must pass the same checks as the engine's own loads, and the first part
that does not is named in a short reason. Nothing is repaired.

JSON objects with a repeated key are read as the last one (Python's parser, and
JavaScript's): a file edited by hand that repeats a field is judged by the value that
counts, which must itself pass.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from game import chance, rankings, rules, saves, stats_saves
from game import settings as _settings
from game import stats as _stats
from game.saves import SaveError

if TYPE_CHECKING:
    from game.rankings_calls import RankingsCalls

FORMAT = "py2048-export"
VERSION = 1
# Characters: three games, best scores, statistics and settings fit in well under a
# tenth of 2 million; the friends' Rankings may hold up to rankings.MAX_TEXT more. The page
# refuses a file of more bytes before reading it (assets/boot.js, from build/names.py):
# a file holds no more characters than bytes.
MAX_TEXT = 2_000_000 + 2 * rankings.MAX_TEXT
_KEYS = frozenset({"format", "version", "exported", "games", "best", "stats", "settings"})
# The friends' Rankings (game/rankings.py) joined the file later: a file without it is
# one written before, and imports as it always did.
_KEYS_WITH_BOARD = _KEYS | {"rankings"}


def _checker() -> chance.WordSource:
    """A random source for sessions that are only checked, never played."""
    return chance.seeded(0)


def export_bundle(
    games: dict[int, str | None], best: str | None, stats: str | None, settings: str | None,
    exported_ms: int, rankings_text: str | None = None,
) -> str:
    """The export file for the stored texts: each part as stored where it is valid
    (the Rankings: the results whose seals hold)."""
    game_parts: dict[str, Any] = {}
    for size in rules.SIZES:
        try:
            session = saves.load_game(games.get(size), _checker(), size=size)
        except SaveError:
            game_parts[str(size)] = None
        else:
            game_parts[str(size)] = saves.game_document(session)
    try:
        scores = saves.read_best(best).scores
    except SaveError:
        scores = {}
    try:
        counted = stats_saves.read_stats(stats).stats
    except SaveError:
        counted = _stats.Stats()
    bundle = {
        "format": FORMAT,
        "version": VERSION,
        "exported": max(0, int(exported_ms)),
        "games": game_parts,
        "best": json.loads(saves.dump_best(scores)),
        "stats": stats_saves.stats_document(counted),
        "settings": json.loads(_settings.dump_settings(_settings.read_settings(settings))),
        "rankings": rankings.document(rankings.read_rankings(rankings_text).entries),
    }
    return json.dumps(bundle, indent=1)


@dataclass(frozen=True)
class Bundle:
    """An import that passed: the compact texts to store, and what the page shows
    before the player confirms."""

    games: dict[int, str | None]
    best: str
    stats: str
    settings: str
    summary: dict[str, Any] = field(default_factory=dict)
    results: tuple[rankings.Entry, ...] = ()  # the Rankings', still to be replayed


def _part(value: object) -> str:
    """A part of the file as the text its own loader judges (it is already parsed
    within the file's limits, and a compact re-dump is smaller than the file)."""
    return json.dumps(value, separators=(",", ":"))


def check_bundle(text: object) -> Bundle:
    """The parts of an export file to store, or SaveError with a short reason that
    names the part at fault."""
    try:
        data = saves.parse_document(text, FORMAT, (VERSION,), MAX_TEXT)
    except SaveError as error:
        raise SaveError(f"not a 2048 export file: {error}") from error
    if set(data) not in (_KEYS, _KEYS_WITH_BOARD):
        raise SaveError("not a 2048 export file: it has the wrong fields")
    exported = saves.int_in(data["exported"], "the export date", 0, saves.MAX_REVISION)
    raw_games = data["games"]
    if not isinstance(raw_games, dict) or set(raw_games) != set(saves.SIZE_KEYS):
        raise SaveError("the games: there must be one entry for each of 4, 5 and 6")
    games: dict[int, str | None] = {}
    shown: dict[str, Any] = {}
    for key, size in saves.SIZE_KEYS.items():
        raw = raw_games[key]
        if raw is None:
            games[size] = shown[key] = None
            continue
        try:
            session = saves.load_game(_part(raw), _checker(), size=size)
        except SaveError as error:
            raise SaveError(f"the {size}×{size} game: {error}") from error
        games[size] = saves.dump_game(session)
        shown[key] = {"score": session.position.score, "moves": session.position.moves,
                      "max_tile": rules.max_tile(session.position.board)}
    try:
        best = saves.read_best(_part(data["best"]))
    except SaveError as error:
        raise SaveError(f"the best scores: {error}") from error
    if not best.complete:
        raise SaveError("the best scores: an entry is not a valid score")
    try:
        counted = stats_saves.load_stats(_part(data["stats"]))
    except SaveError as error:
        raise SaveError(f"the statistics: {error}") from error
    try:
        if not isinstance(data["settings"], dict):  # text would be parsed: one level too many
            raise ValueError("settings are not a JSON object")
        chosen = _settings.check_settings(data["settings"])
    except ValueError as error:
        raise SaveError(f"the settings: {error}") from error
    results: list[rankings.Entry] = []
    if "rankings" in data:
        try:
            results = rankings.check_imported(data["rankings"])
        except SaveError as error:
            raise SaveError(f"the rankings: {error}") from error
    summary = {
        "games": shown,
        "best": {str(size): best.scores.get(size, 0) for size in rules.SIZES},
        "played": counted.played,
        "exported": exported,
        "results": len(results),
    }
    return Bundle(games, saves.dump_best(best.scores), stats_saves.dump_stats(counted),
                  _settings.dump_settings(chosen), summary, tuple(results))


class ExportFiles:
    """The export file written and an import file judged, as the engine answers them:
    what it knows beside the file's format (the date now, by `wall`, epoch ms; the
    Rankings it last read or wrote, which it need not be sent again; a judged file's
    results, which the Rankings replay once the player confirms)."""

    CALLS: ClassVar[dict[str, tuple[str, ...]]] = {
        "export_all": ("stored",) * 7, "check_import": ("stored",)}
    EXAMPLES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "export_all": ("", "", "", "", "", '"{\\"version\\": 1}"', ""), "check_import": ('"{}"',)}

    def __init__(self, wall: Callable[[], int], friends: RankingsCalls) -> None:
        self.wall = wall
        self.rankings = friends

    def export_all(
        self, game4: str | None, game5: str | None, game6: str | None, best: str | None, stats: str | None,
        settings: str | None, rankings_text: str | None = None,
    ) -> dict[str, Any]:
        """The export file for what storage holds (each size's game, the best scores,
        statistics, settings and the friends' Rankings), dated now."""
        games = {4: game4, 5: game5, 6: game6}
        stored = self.rankings.stored_text(rankings_text)
        text = export_bundle(games, best, stats, settings, self.wall(), stored)
        return {"kind": "export", "text": text}

    def check_import(self, text: str | None) -> dict[str, Any]:
        """An import file judged: its parts to store, or why it cannot be imported.
        Nothing changes here: the page asks the player, stores the parts, and starts
        again from them."""
        self.rankings.to_import(None)
        try:
            bundle = check_bundle(text or "")
        except SaveError as error:
            return {"kind": "import", "ok": False, "error": str(error), "summary": {},
                    "parts": {"games": {str(size): None for size in rules.SIZES},
                              "best": "", "stats": "", "settings": ""}}
        self.rankings.to_import(bundle.results)
        return {"kind": "import", "ok": True, "error": "", "summary": bundle.summary,
                "parts": {"games": {str(size): bundle.games[size] for size in rules.SIZES},
                          "best": bundle.best, "stats": bundle.stats, "settings": bundle.settings}}
