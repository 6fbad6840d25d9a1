"""The page's own English is the English table's, and the statistics room writes only
into elements the page has.

The browser tests check the same in a real page (tests/e2e/test_languages.py); this
reads index.html as text, so a missing key or a stray word shows up without a browser.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

from game.ui import rankings_dialog, statistics_dialog

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "index.html").read_text(encoding="utf-8")
ENGLISH: dict[str, str] = json.loads((ROOT / "assets" / "lang" / "en.json").read_text(encoding="utf-8"))
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                  "track", "wbr"})


class Strings(HTMLParser):
    """Every `data-i18n` element's text and every `data-i18n-attr` attribute's value,
    with the key each names."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None, list[str]]] = []  # tag, key, text so far
        self.texts: list[tuple[str, str]] = []
        self.attributes: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for pair in (found.get("data-i18n-attr") or "").split():
            attribute, key = pair.split(":")
            self.attributes.append((key, found.get(attribute)))
        if tag not in VOID:
            self.open.append((tag, found.get("data-i18n"), []))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, key, parts = self.open.pop()
            if self.open:
                self.open[-1][2].extend(parts)
            if key:
                self.texts.append((key, "".join(parts)))
            if name == tag:
                return

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(data)


def test_every_string_the_page_names_is_the_english_tables() -> None:
    strings = Strings()
    strings.feed(PAGE)
    assert len(strings.texts) > 100 and strings.attributes
    wrong = [(key, shown) for key, shown in strings.texts + strings.attributes if ENGLISH.get(key) != shown]
    assert not wrong, f"not as in assets/lang/en.json: {wrong}"


class Recorder:
    """A view (game/ui/view.py) that notes which elements it was asked to write: every
    call names its element first (or, for `set_texts`, in each pair)."""

    def __init__(self) -> None:
        self.ids: set[str] = set()

    def set_texts(self, pairs: list[tuple[str, str]]) -> None:
        self.ids |= {element_id for element_id, _ in pairs}

    def is_open(self, name: str) -> bool:
        return True

    def say(self, sentence: str) -> None:
        pass

    def __getattr__(self, name: str) -> Callable[..., None]:
        def written(element_id: str, *args: object) -> None:
            self.ids.add(element_id + "-dialog" if name == "open_dialog" else element_id)
        return written


def test_the_statistics_room_writes_only_into_elements_the_page_has() -> None:
    ids = set(re.findall(r'\bid="([^"]+)"', PAGE))
    summary = {"played": 0, "won": 0, "win_rate": 0.0, "best_score": 0, "best_tile": 0,
               "average_score": 0, "total_moves": 0, "total_ms": 0, "streak": 0, "best_streak": 0,
               "top": [], "daily": {"played": 0, "streak": 0, "best_streak": 0, "today": None,
                                    "results": []}}
    view = Recorder()
    statistics_dialog.show(view, summary)
    assert "daily-rows" in view.ids and "stat-daily-best-streak" in view.ids
    assert view.ids <= ids, f"not on the page: {sorted(view.ids - ids)}"


def test_the_rankings_room_writes_only_into_elements_the_page_has() -> None:
    ids = set(re.findall(r'\bid="([^"]+)"', PAGE))
    row = {"place": 1, "name": "Ana", "mine": False, "score": 40, "tile": 8, "moves": 12,
           "date": "2026-12-01"}
    standing = {"place": 1, "name": "Ana", "mine": False, "days": 1, "total": 40, "best": 40,
                "best_date": "2026-12-01", "tile": 8}
    data = {"kind": "rankings", "day": "2026-12-01", "days": ["2026-12-01"], "rows": [row], "more": 0,
            "conflicts": [row], "season": "2026-12", "seasons": ["2026-12"], "standings": [standing],
            "more_players": 0, "place": None, "series": [{"name": "Ana", "mine": False, "scores": [[1, 40]]}],
            "picture": [], "total": 1}
    view = Recorder()
    host = type("Host", (), {"view": view, "push": lambda self, action: None, "notify": lambda self, t: None,
                             "storage_failed": lambda self: None, "own_name": lambda self: ""})()
    room = rankings_dialog.RankingsDialog(host)
    room.answer(data)
    room.offer({"ok": True, "name": "Ana"})
    room.answer({"kind": "board_add", "ok": True, "already": False, "conflict": True, "name": "Ana",
                 "date": "2026-12-01"})
    assert {"day-rows", "season-rows", "season-chart", "add-rankings", "add-status"} <= view.ids
    assert view.ids <= ids, f"not on the page: {sorted(view.ids - ids)}"
