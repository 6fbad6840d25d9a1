"""Rankings: your friends' results as the page shows them, and adding a result to them.

The engine keeps the Rankings and does every count (game/rankings.py): who ranks where,
which result counts for a name and a day, the seasons. This room asks for a day and a
season, turns the engine's plain data into rows, sentences and charts, offers "Add to
your board" under a verified result (game/ui/replays.py checks it), and writes the
day's ranking as a text to share. The Rankings' stored document never passes through
here: assets/rankings.js `py2048Rankings` hands it to the engine and stores the engine's
answer, so Rankings of thousands of results cost MicroPython nothing.

Names come from other people's links: they are written with `textContent` only, like
every text of the page, and the page says whose claim a name is ("shared as Ana").

Pure: the host is handed in (game/ui/rankings_room.py; tests use a fake). It provides
`push(action)`, `notify(text)`, `own_name()`, `share(text)`, `field(element_id)` (a
form field's value) and `view` with `set_text`, `set_texts`, `set_hidden`, `set_rows`,
`set_head`, `set_legend`, `set_items`, `set_value`, `set_disabled`, `is_disabled`, `draw_chart`,
`open_dialog`, `is_open`, `say`; and `storage_failed()` when the Rankings could not be stored.
"""

from game import names
from game.ui import charts, sharing, text
from game.ui.store import STORED_RANKINGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SHARED_ROWS = 5  # rows of the day's ranking in the shared text (yours added below)
IMPORT_BUDGET_MS = 150  # of replays per engine call while an import's results join
# The buttons that browse the days and seasons.
NAVIGATION = ("#day-prev", "#day-next", "#season-prev", "#season-next")


def ordinal(place: int, lang: str = "") -> str:
    return text.say("rankings_place", lang, n=place)


def who(row: "dict[str, Any]", lang: str = "") -> str:
    """A row's name: a friend's as they shared it, yours marked."""
    if row.get("mine"):
        if row.get("name"):
            return text.say("rankings_you_named", lang, name=row["name"])
        return text.say("rankings_you", lang)
    return str(row.get("name", ""))


def day_rows(data: "dict[str, Any]", lang: str = "") -> "list[list[str]]":
    """The day's ranking: place, name, score, best tile, moves."""
    return [[str(row["place"]), who(row, lang), text.number(row["score"], lang), str(row["tile"]),
             text.number(row["moves"], lang)] for row in data["rows"]]


def season_rows(data: "dict[str, Any]", lang: str = "") -> "list[list[str]]":
    """The season's standings: place, name, days played, total, best day, best tile."""
    return [[str(row["place"]), who(row, lang), text.number(row["days"], lang),
             text.number(row["total"], lang),
             text.say("rankings_best_day", lang, score=text.number(row["best"], lang),
                      date=row["best_date"][5:]),  # the month's day: the season names its year
             str(row["tile"])] for row in data["standings"]]


def conflict_lines(data: "dict[str, Any]", lang: str = "") -> "list[str]":
    return [text.say("rankings_conflict", lang, name=row["name"], score=text.number(row["score"], lang),
                     moves=text.moves_label(row["moves"], lang)) for row in data["conflicts"]]


def place_sentence(place: "dict[str, int] | None", lang: str = "") -> str:
    """Your place in the season among your friends, or that you have no day in it."""
    if not place:
        return text.say("rankings_no_place", lang)
    return text.say("rankings_your_place", lang, place=ordinal(place["place"], lang),
                    n=text.number(place["of"], lang))


def chart_head(data: "dict[str, Any]", lang: str = "") -> "list[str]":
    return [text.say("top_date", lang)] + [who(player, lang) for player in data["series"]]


def chart_rows(data: "dict[str, Any]") -> "list[list[str]]":
    """The season chart's numbers as a table: a row per day someone played, a column
    per player drawn (empty where they did not play that day)."""
    series = data["series"]
    by_day = [dict((day, score) for day, score in player["scores"]) for player in series]
    days = sorted({day for scores in by_day for day in scores})
    rows = []
    for day in days:
        row = ["%s-%02d" % (data["season"], day)]
        for scores in by_day:
            row.append(str(scores[day]) if day in scores else "")
        rows.append(row)
    return rows


def legend(data: "dict[str, Any]", lang: str = "") -> "list[tuple[str, str]]":
    """(colour class, name) for each line of the season chart."""
    return [("s%d" % index, who(player, lang)) for index, player in enumerate(data["series"])]


def neighbours(items: "list[str]", current: str) -> "tuple[str, str]":
    """The earlier and the later of `items` (newest first) around `current` ("" at an end)."""
    if current not in items:
        return "", ""
    at = items.index(current)
    earlier = items[at + 1] if at + 1 < len(items) else ""
    later = items[at - 1] if at > 0 else ""
    return earlier, later


def share_text(data: "dict[str, Any]", lang: str = "") -> str:
    """The day's ranking for a chat: the day, the first rows (and yours, if lower), and
    the winner's board in emoji when the page could replay it."""
    lines = [text.say("share_rankings_title", lang, date=data["day"])]
    rows = data["rows"]
    for row in rows[:SHARED_ROWS]:
        lines.append(text.say("share_rankings_row", lang, place=row["place"], name=who(row, lang),
                              score=text.number(row["score"], lang), tile=row["tile"]))
    mine = [row for row in rows[SHARED_ROWS:] if row.get("mine")]
    for row in mine:
        lines.append(text.say("share_rankings_row", lang, place=row["place"], name=who(row, lang),
                              score=text.number(row["score"], lang), tile=row["tile"]))
    left = len(rows) - SHARED_ROWS - len(mine) + int(data.get("more", 0))  # the rows not sent counted too
    if left > 0:
        lines.append(text.say("share_rankings_more", lang, n=text.number(left, lang)))
    if data.get("picture"):
        lines.append(sharing.picture(data["picture"]))
    return "\n".join(lines)


def added_sentence(reply: "dict[str, Any]", lang: str = "") -> str:
    """What adding a result did."""
    if not reply.get("ok"):
        return text.say("rankings_add_" + str(reply.get("reason", "nothing")), lang)
    if reply.get("already"):
        return text.say("rankings_add_already", lang)
    key = "rankings_add_conflict" if reply.get("conflict") else "rankings_added"
    return text.say(key, lang, name=reply.get("name", ""), date=reply.get("date", ""))


def name_problem(raw: str, lang: str = "") -> "tuple[str, str]":
    """(the name tidied, why it cannot be used or "")."""
    name = names.tidy(raw)
    problem = names.problem(name)
    if problem:
        return name, text.say("name_" + problem, lang, n=names.MAX_NAME)
    return name, ""


class RankingsDialog:
    """The Rankings dialog (the day and season on show) and the result being added."""

    def __init__(self, host: "Any") -> None:
        self.host = host
        self.data: "dict[str, Any] | None" = None  # the engine's last view (and its picture)
        self.last: "dict[str, Any] | None" = None  # that view as the engine answered it
        self.day = ""  # asked for ("": the newest)
        self.season = ""
        self.adding = ""  # the name the verified result is being added under
        self.importing = False

    # -- what the room asks the engine for ------------------------------------------------

    def call(self, action: str) -> "list[Any]":
        """The engine call (name and arguments; "@rankings": the stored Rankings, which
        assets/rankings.js puts in) for one of this room's queue actions."""
        if action == "rankings":
            return ["rankings", STORED_RANKINGS, self.day, self.season, self.host.own_name()]
        if action == "rankings-add":
            return ["board_add", STORED_RANKINGS, self.adding, self.host.own_name()]
        if action == "rankings-import":
            return ["board_import", STORED_RANKINGS, IMPORT_BUDGET_MS]
        if action == "rankings-picture":
            return ["board_picture", self.data["day"] if self.data else ""]
        return ["board_merge", STORED_RANKINGS]

    # -- the page's controls -------------------------------------------------------------

    def click(self, name: str) -> bool:
        """A button of this room's: done; False for any other button."""
        view = self.host.view
        if name == "#rankings":
            self.day = self.season = ""
            view.open_dialog("rankings")
            self.host.push("rankings")
        elif name in NAVIGATION and self.data is not None:
            data = self.data
            day = name.startswith("#day")
            items = data["days"] if day else data["seasons"]
            earlier, later = neighbours(items, data["day" if day else "season"])
            target = earlier if name.endswith("-prev") else later
            if not target:
                return True  # the end of the list (the button says so: aria-disabled)
            if day:
                self.day, self.season = target, ""
            else:
                self.day, self.season = "", target  # the season's newest day (the engine picks it)
            self.host.push("rankings")
        elif name == "add-rankings":
            if not self.host.view.is_disabled("add-rankings-button"):
                self.add(self.host.field("add-name"))
        elif name == "share-rankings" and self.data is not None:
            self.host.share(share_text(self.data))
        else:
            return False
        return True

    def offer(self, answer: "dict[str, Any]") -> None:
        """A code was checked: a verified one can be added, under the name it was
        shared with (which the player may change)."""
        view = self.host.view
        ok = bool(answer.get("ok"))
        view.set_hidden("add-rankings", not ok)
        view.set_hidden("add-status", True)
        view.set_disabled("add-rankings-button", False)
        if ok:
            view.set_value("add-name", str(answer.get("name") or ""))

    def add(self, raw: str) -> None:
        name, problem = name_problem(raw)
        if not name:
            problem = text.say("rankings_add_bad_name")
        if problem:
            self.status(problem)
            return
        self.adding = name
        self.host.push("rankings-add")

    def status(self, sentence: str) -> None:
        view = self.host.view
        view.set_text("add-status", sentence)
        view.set_hidden("add-status", False)
        view.say(sentence)

    def warm(self) -> None:
        """The page is idle after the engine has started: if Rankings are stored, the
        engine reads and checks them now and the dialog is filled, closed, so that
        opening Rankings later shows them at once (Rankings of a thousand results take
        the engine's worker about a tenth of a second to check, and the page as long
        to lay out). Opening it asks again, and redraws only what changed meanwhile.
        Not while the player is playing: then later."""
        if self.data is not None or not self.host.rankings_stored():
            return
        if self.host.busy():
            self.host.later_warm()
        else:
            self.day = self.season = ""
            self.host.push("rankings")

    def import_confirmed(self, results: int) -> None:
        """An import was confirmed: its results join the Rankings, replayed a few at a time."""
        if results:
            self.importing = True
            self.host.push("rankings-import")

    # -- the engine's answers --------------------------------------------------------------

    def answer(self, reply: "dict[str, Any]") -> None:
        kind = reply["kind"]
        if reply.get("stored") is False:
            self.host.storage_failed()
        if kind == "rankings":
            if reply == self.last:  # asked again on opening: the dialog shows it already
                return
            self.last = reply
            self.data = dict(reply)
            self.show(reply)
            if reply["rows"]:  # the winner's board for the shared text: a replay, after this
                self.host.push("rankings-picture")
        elif kind == "board_picture":
            if self.data is not None and self.data["day"] == reply.get("day"):
                self.data["picture"] = reply.get("picture") or []
        elif kind == "board_add":
            self.status(added_sentence(reply))
            if reply.get("ok"):
                self.host.view.set_disabled("add-rankings-button", True)
                self.refresh()
        elif kind == "board_import":
            if reply.get("left"):
                self.host.push("rankings-import")
                return
            self.importing = False
            self.host.notify(text.say("rankings_imported", added=text.number(reply.get("added", 0)),
                                      refused=text.number(reply.get("refused", 0))))
            self.refresh()
        elif kind == "board_merge" and self.host.view.is_open("rankings"):
            self.refresh()

    def refresh(self) -> None:
        """The dialog again, if it is open (another tab added, or this one did)."""
        if self.host.view.is_open("rankings"):
            self.day = self.data["day"] if self.data else ""
            self.season = self.data["season"] if self.data else ""
            self.host.push("rankings")

    def show(self, data: "dict[str, Any]") -> None:
        view = self.host.view
        rows = day_rows(data)
        view.set_texts([
            ("day-date", data["day"]),  # under "Daily board" (the dates are never split)
            ("season-date", data["season"]),
            ("season-place", place_sentence(data.get("place"))),
            ("rankings-total", text.say("rankings_count", n=text.number(data.get("total", 0)))),
        ])
        view.set_rows("day-rows", rows, None, [bool(row.get("mine")) for row in data["rows"]])
        view.set_hidden("day-table", not rows)
        view.set_hidden("day-empty", bool(rows))
        view.set_hidden("share-rankings", not rows)
        more = int(data.get("more", 0))
        view.set_text("day-more", text.say("rankings_more", n=text.number(more)) if more else "")
        view.set_hidden("day-more", not more)
        view.set_items("day-conflicts", conflict_lines(data))
        earlier, later = neighbours(data["days"], data["day"])
        view.set_disabled("day-prev", not earlier)
        view.set_disabled("day-next", not later)
        earlier, later = neighbours(data["seasons"], data["season"])
        view.set_disabled("season-prev", not earlier)
        view.set_disabled("season-next", not later)
        standings = season_rows(data)
        view.set_rows("season-rows", standings, None, [bool(row.get("mine")) for row in data["standings"]])
        view.set_hidden("season-table", not standings)
        view.set_hidden("season-empty", bool(standings))
        view.set_hidden("season-chart-box", not data["series"])
        view.draw_chart("season-chart", charts.season_chart(data["series"], data["season"]))
        view.set_head("season-chart-head", chart_head(data))
        view.set_rows("season-chart-rows", chart_rows(data))
        view.set_legend("season-legend", legend(data))
