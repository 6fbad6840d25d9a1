"""The backup file: everything storage holds written out (export), and a file read
back in (import), judged before anything is stored.

The file's format and its judgement are game/transfer.py's; this adds what the engine
knows: the date now, the friends' board it last read or wrote (the page need not send
it again), and the board's results of a file judged for import, which the friends'
board replays once the player confirms (game/friends_board.py `board_import`).

`export_all` answers {"kind": "export", "text": the export file}, and
`check_import(text)` {"kind": "import", "ok": bool, "error": str, "summary": {...},
"parts": {"games": {"4": str | None, "5": ..., "6": ...}, "best": str, "stats": str,
"settings": str}} (the page stores the parts once the player confirms).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import rules, saves, transfer

if TYPE_CHECKING:
    from game.api import Engine
    from game.friends_board import FriendsBoard


class Backup:
    """Export and import, for the engine's player and their friends' board."""

    def __init__(self, engine: Engine, board: FriendsBoard) -> None:
        self.engine = engine
        self.board = board

    def export_all(
        self, games: dict[int, str | None], best: str | None, stats: str | None, settings: str | None,
        board: str | None = None,
    ) -> dict[str, Any]:
        """The export file for what storage holds (game/transfer.py), dated now."""
        text = transfer.export_bundle(games, best, stats, settings, self.engine.wall(),
                                      self.board.stored_text(board))
        return {"kind": "export", "text": text}

    def check_import(self, text: str) -> dict[str, Any]:
        """An import file judged: its parts to store, or why it cannot be imported.
        Nothing changes here: the page asks the player, stores the parts, and starts
        again from them."""
        self.board.to_import(None)
        try:
            bundle = transfer.check_bundle(text)
        except saves.SaveError as error:
            return {"kind": "import", "ok": False, "error": str(error), "summary": {},
                    "parts": {"games": {str(size): None for size in rules.SIZES},
                              "best": "", "stats": "", "settings": ""}}
        self.board.to_import(bundle.results)
        return {"kind": "import", "ok": True, "error": "", "summary": bundle.summary,
                "parts": {"games": {str(size): bundle.games[size] for size in rules.SIZES},
                          "best": bundle.best, "stats": bundle.stats, "settings": bundle.settings}}
