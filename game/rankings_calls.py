"""The Rankings the engine keeps: your friends' daily results, verified, kept and ranked.

The Rankings' rules are game/rankings.py's (pure data); these are the Rankings a player
holds: every result this engine knows of, the stored text it last read or wrote
(another text there means another tab wrote), the winner last shown and the results of
a confirmed import still to replay. Storage is united with it at every call, so two
tabs meet at the union of their Rankings.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from game import daily, names, rankings, replay, standings
from game.rankings import Entry

if TYPE_CHECKING:
    from game.codes import Codes
    from game.daily_results import DailyResult


class RankingsCalls:
    """One player's Rankings (their friends' results), beside the player's own daily
    results (`results`: those the statistics keep now); `wall` is the clock (epoch ms)
    an added result is dated by, and whose UTC day is the Rankings' today."""

    CALLS: ClassVar[dict[str, tuple[str, ...]]] = {
        "rankings": ("stored", "str", "str", "str"), "board_add": ("stored", "str", "str"),
        "board_picture": ("str",), "board_merge": ("stored",), "board_import": ("stored", "float")}
    EXAMPLES: ClassVar[dict[str, tuple[Any, ...]]] = {
        "board_add": ("", "Ana", ""), "rankings": ("", "", "", "Bo"), "board_picture": ("",),
        "board_merge": ("",), "board_import": ("", 20.0)}

    def __init__(self, results: Callable[[], Iterable[DailyResult]], wall: Callable[[], int],
                 codes: Codes) -> None:
        self.results = results
        self.wall = wall
        self.codes = codes  # the code that last verified is the one `board_add` adds
        self.friends: tuple[Entry, ...] = ()
        self.friends_text: str | None = None
        self.winner = ""  # the code of the winner of the day last shown
        self.pictures: dict[str, list[list[int]]] = {}  # that winner's last board
        self.candidates: list[Entry] = []  # the results of a file judged for import
        self.importing: list[Entry] = []  # those of the confirmed import, to replay
        self.imported = (0, 0)  # of that import: (added, refused) so far

    def own(self, own_name: str) -> list[Entry]:
        """Your daily results as Rankings entries, under your name if it is one."""
        name = own_name if names.valid(own_name) else ""
        return standings.mine_of(self.results(), name)

    def entries(self, stored: str | None) -> tuple[Entry, ...]:
        """The Rankings with storage's results, for a look only (nothing is stored)."""
        if stored in (self.friends_text, rankings.KNOWN):
            return self.friends
        return rankings.union(self.friends, rankings.read_rankings(stored).entries)

    def stored_text(self, stored: str | None) -> str | None:
        """What storage holds: the text this engine last read or wrote, when the page
        says so (rankings.KNOWN) instead of sending it again."""
        return self.friends_text if stored == rankings.KNOWN else stored

    def to_import(self, results: Iterable[Entry] | None) -> None:
        """A file was judged for import: any import under way ends, and its results (if
        it can be imported) wait for the player to confirm (`board_import`)."""
        self.importing, self.imported = [], (0, 0)
        if results is not None:
            self.candidates = list(results)

    def _united(self, stored: str | None) -> str:
        """The Rankings brought up to what storage holds now: this engine's results and
        storage's, united (another tab may have added some, or written over one this
        tab added). Answers the document to store when storage does not hold it ("")."""
        text = stored or ""
        if text == self.friends_text or (text == rankings.KNOWN and self.friends_text is not None):
            return ""
        found = rankings.read_rankings(text)
        united = rankings.union(self.friends, found.entries)
        clean = not (found.rejected or found.document_rejected)
        if (clean and united == found.entries) or (not text and not united):
            # Storage holds every result this engine knows: nothing to write back.
            self.friends, self.friends_text = united, text
            return ""
        self.friends = united
        self.friends_text = rankings.dump_rankings(self.friends)
        return self.friends_text

    def _reply(self, kind: str, save: str, **extra: Any) -> dict[str, Any]:
        return {"kind": kind, "save": save, "total": len(self.friends), **extra}

    def rankings(self, stored: str | None, day: str = "", season: str = "",
                 own_name: str = "") -> dict[str, Any]:
        """The Rankings dialog's data (game/rankings.py `view`) for `day` and `season`
        ("" for the newest). The winner's last board, for the shared text, is a replay:
        it is `board_picture`'s, asked once this is on screen."""
        save = self._united(stored)
        today = daily.utc_date(self.wall())
        view = standings.view(self.friends, self.own(own_name), str(day), str(season), today)
        self.winner = view.pop("winner_code")
        del view["kind"]
        return self._reply("rankings", save, **view)

    def board_picture(self, day: str) -> dict[str, Any]:
        """The last board of the winner of the day `rankings` just showed (its code
        replayed; kept for the next time), for the day's shared text; [] when the
        winner's code is not kept (your own result, older than the codes kept)."""
        code = self.winner
        if code and code not in self.pictures:
            try:
                board = replay.replay(replay.decode(code)).board
            except replay.Rejection:  # a kept code always replays: sealed, or your own
                board = ()
            self.pictures = {code: [list(row) for row in board]}
        return {"kind": "board_picture", "day": str(day), "picture": self.pictures.get(code, [])}

    def board_add(self, stored: str | None, name: str, own_name: str = "") -> dict[str, Any]:
        """Add the result that last verified to the Rankings under `name`: answers the
        day's view, and whether it was already there or conflicts with another result
        under that name (it is kept, and shown as such, but does not count)."""
        save = self._united(stored)
        outcome, code = self.codes.verified, self.codes.verified_code
        name = names.tidy(str(name))
        if outcome is None or not code:
            return self._reply("board_add", save, ok=False, reason="nothing")
        if not name or not names.valid(name):
            return self._reply("board_add", save, ok=False, reason="bad_name")
        own = self.own(own_name)
        known = {e.code for e in self.friends} | {e.code for e in own if e.code}
        already = code in known
        if not already:
            entry = rankings.verified_entry(code, name, self.wall(), outcome)
            if not self._added(entry):
                return self._reply("board_add", save, ok=False, reason="full")
            save = self.friends_text or ""
        counted = standings.counts(self.friends, own, code, outcome.date)
        return self._reply("board_add", save, ok=True, reason="", already=already,
                                 conflict=not counted, date=outcome.date, name=name)

    def _added(self, entry: Entry) -> bool:
        """Whether `entry` joined the Rankings (not when it is older than every result they hold)."""
        appended = rankings.appended(self.friends, self.friends_text, entry)
        if appended is not None:  # the usual case: the newest result, at the end
            self.friends, self.friends_text = self.friends + (entry,), appended
            return True
        self.friends = rankings.union(self.friends, [entry])
        if entry.code not in {e.code for e in self.friends}:
            return False
        self.friends_text = rankings.dump_rankings(self.friends)
        return True

    def board_merge(self, stored: str | None) -> dict[str, Any]:
        """Another tab stored the Rankings: united with this engine's, and the union to
        store when storage lacks some of it (then the other tab does the same: the two
        meet at the union)."""
        return self._reply("board_merge", self._united(stored))

    def board_import(self, stored: str | None, budget_ms: float = 200.0) -> dict[str, Any]:
        """Replay the confirmed import's results for about `budget_ms` (the worker
        answers nothing else meanwhile; the page calls again while some are `left`):
        each joins the Rankings if its code replays to its numbers, and is refused if not.
        A result the Rankings already hold is not replayed again."""
        if self.candidates:
            self.importing, self.candidates, self.imported = self.candidates, [], (0, 0)
        save = self._united(stored)
        added, refused = self.imported
        known = {e.code for e in self.friends}
        began = time.perf_counter()
        fresh: list[Entry] = []
        while self.importing and (time.perf_counter() - began) * 1000 < budget_ms:
            entry = self.importing.pop()
            if entry.code in known:
                continue
            checked = rankings.replayed(entry)
            if checked is None:
                refused += 1
            else:
                fresh.append(checked)
                known.add(checked.code)
                added += 1
        self.imported = (added, refused)
        if fresh:
            self.friends = rankings.union(self.friends, fresh)
            save = self.friends_text = rankings.dump_rankings(self.friends)
        return self._reply("board_import", save, left=len(self.importing), added=added, refused=refused)
