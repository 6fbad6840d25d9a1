"""The Statistics dialog: the numbers of the size chosen in it, asked of the engine
each time it opens or the size changes (the engine keeps them and does their
arithmetic, game/stats.py), and the words and numbers its plain `summary` becomes: the
grid of numbers, the top-10 rows, the daily board's section and the text to share.
The daily section belongs to no board size (the daily board is always 4×4, and its
streaks count days), so it shows the same whichever size is selected; a summary
without it (an engine that does not know the day) hides it. Pure (the page is handed
in): tested on CPython and MicroPython.
"""

from game import daily
from game.ui import charts, clock, text
from game.ui.store import STORED_RANKINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def percent(rate: float) -> str:
    """0.256 -> "26%" (half up)."""
    return "%d%%" % int(max(0.0, min(1.0, float(rate))) * 100 + 0.5)


def tile_text(tile: int, lang: str = "") -> str:
    return str(tile) if tile else text.say("no_tile", lang)


def date_text(ms: int, offset_minutes: int = 0) -> str:
    """An ISO date (2026-11-30), read the same way in every language: the calendar day,
    `offset_minutes` east of UTC, of an epoch-milliseconds instant (game/daily.py's day
    arithmetic, the one the daily board's day is reckoned by)."""
    return daily.utc_date(int(ms) + int(offset_minutes) * 60000)


def grid(summary: "dict[str, Any]", lang: str = "") -> "list[tuple[str, str]]":
    """(element id, text) for each number of the dialog."""
    number = text.number
    return [
        ("stat-played", number(summary["played"], lang)),
        ("stat-won", number(summary["won"], lang)),
        ("stat-win-rate", percent(summary["win_rate"])),
        ("stat-best-score", number(summary["best_score"], lang)),
        ("stat-best-tile", tile_text(summary["best_tile"], lang)),
        ("stat-average", number(summary["average_score"], lang)),
        ("stat-moves", number(summary["total_moves"], lang)),
        ("stat-time", text.duration(summary["total_ms"], lang)),
        ("stat-streak", number(summary["streak"], lang)),
        ("stat-best-streak", number(summary["best_streak"], lang)),
    ]


def top_rows(summary: "dict[str, Any]", offset_minutes: int = 0) -> "list[list[str]]":
    """The top-10 table's rows: rank, score, best tile, moves, time, date."""
    return [
        [str(rank), text.number(entry["score"]), str(entry["tile"]), text.number(entry["moves"]),
         clock.format_clock(entry["ms"]), date_text(entry["date"], offset_minutes)]
        for rank, entry in enumerate(summary["top"], 1)
    ]


def daily_grid(summary: "dict[str, Any]", lang: str = "") -> "list[tuple[str, str]]":
    """(element id, text) for each number of the daily section."""
    daily = summary["daily"]
    number = text.number
    return [
        ("stat-daily-played", number(daily["played"], lang)),
        ("stat-daily-streak", number(daily["streak"], lang)),
        ("stat-daily-best-streak", number(daily["best_streak"], lang)),
    ]


def daily_rows(summary: "dict[str, Any]", lang: str = "") -> "list[list[str]]":
    """The daily results table's rows, newest first as the engine lists them: date,
    score, best tile, moves. The date is the board's UTC day, written as it is (it
    names the board everyone played that day, not the player's own calendar day)."""
    return [
        [entry["date"], text.number(entry["score"], lang), str(entry["tile"]),
         text.number(entry["moves"], lang)]
        for entry in summary["daily"]["results"]
    ]


def daily_buttons(summary: "dict[str, Any]", lang: str = "") -> "list[list[tuple[str, str, str, str]]]":
    """Each daily result's Watch and Review buttons (text, accessible name, action,
    date), for the results that still keep their code (the newest ten); none for the
    others."""
    found: "list[list[tuple[str, str, str, str]]]" = []
    for entry in summary["daily"]["results"]:
        date = entry["date"]
        found.append([(text.say("button_watch", lang), text.say("watch_daily_result", lang, date=date),
                       "watch-daily", date),
                      (text.say("button_review", lang), text.say("review_daily_result", lang, date=date),
                       "review-daily", date)] if entry.get("code") else [])
    return found


def recent_rows(summary: "dict[str, Any]", lang: str = "") -> "list[list[str]]":
    """The last scores' chart as a table: the game's number among them, its score."""
    scores = summary.get("recent") or []
    return [[str(index), text.number(score, lang)] for index, score in enumerate(scores, 1)]


def tile_counts(summary: "dict[str, Any]") -> "list[tuple[int, int]]":
    """(tile, games that reached it) for the tiles chart."""
    return [(int(entry["tile"]), int(entry["games"])) for entry in summary.get("reached") or []]


def tile_rows(summary: "dict[str, Any]", lang: str = "") -> "list[list[str]]":
    return [[str(tile), text.number(games, lang)] for tile, games in tile_counts(summary)]


def season_sentence(season: "dict[str, Any] | None", lang: str = "") -> str:
    """Your current season among your friends (game/rankings.py), or "" before you
    have a day in it."""
    if not season:
        return ""
    return text.say("stats_season", lang, season=season["season"], place=text.say(
        "rankings_place", lang, n=season["place"]), n=text.number(season["of"], lang),
        days=text.number(season["days"], lang), total=text.number(season["total"], lang))


def show(view: "Any", summary: "dict[str, Any]", offset_minutes: int = 0) -> None:
    """Fill the dialog (game/ui/view.py) with this summary."""
    rows = top_rows(summary, offset_minutes)
    view.set_texts(grid(summary))
    recent = summary.get("recent") or []
    view.draw_chart("chart-recent", charts.recent_chart(recent))
    view.set_rows("recent-rows", recent_rows(summary))
    view.set_hidden("recent-box", not recent)
    view.set_hidden("recent-empty", bool(recent))
    reached = tile_counts(summary)
    view.draw_chart("chart-tiles", charts.tiles_chart(reached))
    view.set_rows("tiles-rows", tile_rows(summary))
    view.set_hidden("tiles-box", not recent and not any(games for _, games in reached))
    season = season_sentence(summary.get("season"))
    view.set_text("stat-season", season)
    view.set_hidden("stat-season", not season)
    view.set_rows("top-rows", rows)
    view.set_hidden("top-empty", bool(rows))
    view.set_hidden("daily-stats", "daily" not in summary)
    if "daily" in summary:
        days = daily_rows(summary)
        view.set_texts(daily_grid(summary))
        view.set_rows("daily-rows", days, daily_buttons(summary))
        view.set_hidden("daily-empty", bool(days))


def share_text(size: int, summary: "dict[str, Any]", lang: str = "") -> str:
    return "\n".join([
        text.say("share_stats_title", lang, size=text.size_name(size, lang)),
        text.say("share_stats", lang, played=text.number(summary["played"], lang),
                 won=text.number(summary["won"], lang),
                 rate=percent(summary["win_rate"]), best=text.number(summary["best_score"], lang),
                 tile=tile_text(summary["best_tile"], lang), streak=summary["best_streak"]),
    ])


class StatisticsDialog:
    ACTIONS = ("statistics",)
    REPLIES = ("statistics",)
    WAITS = {"statistics": "stats-grid"}
    BUTTONS = {"#stats": None, "share-stats": None, "close-stats": (("stats",), "", "")}
    CHANGES = ("stats-size",)
    DIALOGS = ("stats",)
    HEARS = ("language",)

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.summary: "dict[str, Any] | None" = None  # the statistics on show

    def click(self, name: str, button: "Any") -> None:
        page = self.page
        if name == "#stats":
            page.view.set_value("stats-size", str(page.size))
            page.view.open_dialog("stats")
            page.push("statistics")
        elif self.summary:
            page.share(share_text(int(page.view.value_of("stats-size")), self.summary))

    def changed(self, element_id: str, target: "Any") -> None:
        self.page.push("statistics")

    def heard(self, event: str, *args: "Any") -> None:
        """Another language: the numbers are written again in it."""
        if self.page.view.is_open("stats"):
            self.page.push("statistics")

    def begin(self, action: str) -> "Any":
        page = self.page
        size = int(page.view.value_of("stats-size"))
        name = str(page.prefs.values.get("name") or "")
        return page.carry(self, action, "statistics", size, STORED_RANKINGS, name)

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        self.summary = reply["summary"]
        show(self.page.view, reply["summary"], self.page.offset)
