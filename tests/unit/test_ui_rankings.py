"""The Rankings dialog (game/ui/rankings_dialog.py) and the charts (game/ui/charts.py): rows and
sentences from the engine's data, the shared text, browsing days and seasons, adding a
verified result, an import's results joining, and charts that draw the very numbers of
their tables. Also the replays room's words for a name beside a code.

MicroPython-compatible, like test_ui_replays.py: plain asserts, a fake host and view
recording what the room asks of them; the engine's data is written out by hand in the
shape game/rankings.py `view` gives (test_rankings.py checks that shape on CPython).
"""

from game.ui import charts, check_dialog, rankings_dialog, replays, sharing, statistics_dialog, text
from tests.unit import languages

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

BOARD = [[2, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2048]]
CODE = "1.2026-11-30.4.3~mA.xxxx"
ADDRESS = "https://example.org/2048/"


def english() -> None:
    languages.load_all()
    text.use("en", languages.table("en"))


def row(place: int, name: str, score: int, mine: bool = False, tile: int = 256,
        moves: int = 300) -> "dict[str, Any]":
    return {"place": place, "name": name, "mine": mine, "score": score, "tile": tile, "moves": moves,
            "date": "2026-11-30"}


def standing(place: int, name: str, total: int, mine: bool = False) -> "dict[str, Any]":
    return {"place": place, "name": name, "mine": mine, "days": 3, "total": total, "best": total // 2,
            "best_date": "2026-11-29", "tile": 512}


def view_data(**change: "Any") -> "dict[str, Any]":
    """A reply of the engine's `rankings` call: 30 November, the November season."""
    data: "dict[str, Any]" = {
        "kind": "rankings", "save": "", "total": 9, "day": "2026-11-30",
        "days": ["2026-12-01", "2026-11-30", "2026-11-29"],
        "rows": [row(1, "Ana", 12340, tile=1024, moves=812), row(2, "Me", 9000, mine=True),
                 row(2, "<b>Bo</b>", 9000)],
        "more": 0,
        "conflicts": [row(0, "Ana", 20000, moves=1)],
        "season": "2026-11", "seasons": ["2026-12", "2026-11", "2026-10"],
        "standings": [standing(1, "Ana", 30000), standing(2, "Me", 18000, mine=True)],
        "more_players": 0,
        "place": {"place": 2, "of": 2},
        "series": [{"name": "Ana", "mine": False, "scores": [[28, 8000], [29, 9660], [30, 12340]]},
                   {"name": "Me", "mine": True, "scores": [[29, 9000], [30, 9000]]}],
    }
    data.update(change)
    return data


class FakeView:
    def __init__(self) -> None:
        self.texts: "dict[str, str]" = {}
        self.hidden: "dict[str, bool]" = {}
        self.rows: "dict[str, list[list[str]]]" = {}
        self.marked: "dict[str, object]" = {}
        self.heads: "dict[str, list[str]]" = {}
        self.legends: "dict[str, list[tuple[str, str]]]" = {}
        self.items: "dict[str, list[str]]" = {}
        self.values: "dict[str, str]" = {}
        self.disabled: "dict[str, bool]" = {}
        self.charts: "dict[str, list[Any]]" = {}
        self.opened: "list[str]" = []
        self.open: "list[str]" = []
        self.said: "list[str]" = []

    def set_text(self, element_id: str, words: str) -> None:
        self.texts[element_id] = words

    def set_texts(self, pairs: "list[tuple[str, str]]") -> None:
        for element_id, words in pairs:
            self.texts[element_id] = words

    def set_hidden(self, element_id: str, hidden: bool) -> None:
        self.hidden[element_id] = hidden

    def set_rows(self, body_id: str, rows: "list[list[str]]", buttons: "object" = None,
                 marked: "object" = None) -> None:
        self.rows[body_id] = rows
        self.marked[body_id] = marked

    def set_head(self, row_id: str, names: "list[str]") -> None:
        self.heads[row_id] = names

    def set_legend(self, list_id: str, entries: "list[tuple[str, str]]") -> None:
        self.legends[list_id] = entries

    def set_items(self, list_id: str, lines: "list[str]") -> None:
        self.items[list_id] = lines

    def set_value(self, element_id: str, value: str) -> None:
        self.values[element_id] = value

    def set_disabled(self, element_id: str, disabled: bool) -> None:
        self.disabled[element_id] = disabled

    def is_disabled(self, element_id: str) -> bool:
        return self.disabled.get(element_id, False)

    def draw_chart(self, svg_id: str, shapes: "list[Any]") -> None:
        self.charts[svg_id] = shapes

    def open_dialog(self, name: str) -> None:
        self.opened.append(name)
        self.open.append(name)

    def is_open(self, name: str) -> bool:
        return name in self.open

    def say(self, words: str) -> None:
        self.said.append(words)


class FakeHost:
    def __init__(self, name: str = "Me") -> None:
        self.view = FakeView()
        self.queue: "list[str]" = []
        self.notices: "list[str]" = []
        self.shared: "list[str]" = []
        self.fields: "dict[str, str]" = {}
        self.name = name
        self.failed = 0

    def push(self, action: str) -> None:
        self.queue.append(action)

    def notify(self, words: str) -> None:
        self.notices.append(words)

    def own_name(self) -> str:
        return self.name

    def share(self, words: str) -> None:
        self.shared.append(words)

    def field(self, element_id: str) -> str:
        return self.fields.get(element_id, "")

    def storage_failed(self) -> None:
        self.failed += 1

    stored = True  # Rankings are in storage
    playing = False  # the player is playing (the engine's worker is wanted)
    retries = 0

    def rankings_stored(self) -> bool:
        return self.stored

    def busy(self) -> bool:
        return self.playing

    def later_warm(self) -> None:
        self.retries += 1


def shown(data: "dict[str, Any] | None" = None) -> "tuple[FakeHost, rankings_dialog.RankingsDialog]":
    """The room with the dialog open, showing `data`."""
    host = FakeHost()
    room = rankings_dialog.RankingsDialog(host)
    room.click("#rankings")
    room.answer(data or view_data())
    host.queue = []
    return host, room


def values_of(shape: "Any") -> str:
    return str(dict(shape[1])["data-values"])


def plain(number: str) -> int:
    return int(number.replace(",", ""))


# -- rows and sentences -------------------------------------------------------------------

def test_a_rows_name_is_the_friends_as_shared_and_yours_marked() -> None:
    english()
    assert rankings_dialog.who(row(1, "<b>Bo</b>", 4)) == "<b>Bo</b>", "a name is text, never markup"
    assert rankings_dialog.who(row(1, "Me", 4, mine=True)) == "Me (you)"
    assert rankings_dialog.who(row(1, "", 4, mine=True)) == "You"
    assert rankings_dialog.ordinal(3) == "#3"


def test_the_days_rows_are_place_name_score_tile_and_moves() -> None:
    english()
    assert rankings_dialog.day_rows(view_data()) == [["1", "Ana", "12,340", "1024", "812"],
                                              ["2", "Me (you)", "9,000", "256", "300"],
                                              ["2", "<b>Bo</b>", "9,000", "256", "300"]]
    assert rankings_dialog.day_rows(view_data(), "nl")[0][2] == "12.340"


def test_the_seasons_rows_are_place_name_days_total_best_day_and_tile() -> None:
    english()
    assert rankings_dialog.season_rows(view_data()) == [["1", "Ana", "3", "30,000", "15,000 (11-29)", "512"],
                                                 ["2", "Me (you)", "3", "18,000", "9,000 (11-29)", "512"]]


def test_a_conflict_says_whose_and_which_result_does_not_count() -> None:
    english()
    lines = rankings_dialog.conflict_lines(view_data())
    assert len(lines) == 1 and "Ana" in lines[0] and "20,000" in lines[0] and "1 move" in lines[0]
    assert lines[0] == text.say("rankings_conflict", name="Ana", score="20,000", moves="1 move")


def test_your_place_in_the_season_or_that_you_have_none() -> None:
    english()
    assert rankings_dialog.place_sentence({"place": 2, "of": 14}) == "You are #2 of 14 this season."
    assert rankings_dialog.place_sentence(None) == text.say("rankings_no_place")
    for lang in languages.LANGUAGES:
        assert not rankings_dialog.place_sentence(None, lang).startswith("rankings_"), lang


def test_the_dialog_shows_the_days_ranking_the_season_and_marks_your_rows() -> None:
    english()
    host, _ = shown()
    view = host.view
    assert view.opened == ["rankings"]
    assert view.texts["day-date"] == "2026-11-30"
    assert view.texts["season-date"] == "2026-11"
    assert view.texts["season-place"] == "You are #2 of 2 this season."
    assert view.texts["rankings-total"] == text.say("rankings_count", n="9")
    assert view.rows["day-rows"] == rankings_dialog.day_rows(view_data())
    assert view.marked["day-rows"] == [False, True, False]
    assert view.rows["season-rows"] == rankings_dialog.season_rows(view_data())
    assert view.marked["season-rows"] == [False, True]
    assert view.items["day-conflicts"] == rankings_dialog.conflict_lines(view_data())
    hidden = ("day-more", "day-empty", "season-empty")
    for element_id in ("day-table", "share-rankings", "season-table", "season-chart-box") + hidden:
        assert view.hidden[element_id] == (element_id in hidden), element_id
    assert view.heads["season-chart-head"] == ["Date", "Ana", "Me (you)"]
    assert view.legends["season-legend"] == [("s0", "Ana"), ("s1", "Me (you)")]
    assert view.rows["season-chart-rows"] == rankings_dialog.chart_rows(view_data())


def test_rows_beyond_those_sent_are_counted_below_them() -> None:
    english()
    host, _ = shown(view_data(more=1234))
    assert not host.view.hidden["day-more"] and host.view.texts["day-more"] == "And 1,234 more below these."


def test_a_day_without_results_says_so_and_offers_nothing_to_share() -> None:
    english()
    host, _ = shown(view_data(rows=[], conflicts=[], standings=[], series=[], place=None, days=[],
                              seasons=[]))
    view = host.view
    assert view.hidden["day-table"] and not view.hidden["day-empty"] and view.hidden["share-rankings"]
    assert view.hidden["season-table"] and not view.hidden["season-empty"] and view.hidden["season-chart-box"]
    assert view.charts["season-chart"] == [] and view.texts["season-place"] == text.say("rankings_no_place")
    for button in ("day-prev", "day-next", "season-prev", "season-next"):
        assert view.disabled[button], button


# -- browsing days and seasons --------------------------------------------------------------

def test_neighbours_are_the_earlier_and_later_items_and_nothing_at_the_ends() -> None:
    items = ["2026-12-01", "2026-11-30", "2026-11-29"]
    assert rankings_dialog.neighbours(items, "2026-11-30") == ("2026-11-29", "2026-12-01")
    assert rankings_dialog.neighbours(items, "2026-12-01") == ("2026-11-30", "")
    assert rankings_dialog.neighbours(items, "2026-11-29") == ("", "2026-11-30")
    assert rankings_dialog.neighbours(items, "2026-10-01") == ("", "")
    assert rankings_dialog.neighbours([], "") == ("", "")


def test_the_buttons_say_where_there_is_an_earlier_or_later_day_and_season() -> None:
    english()
    host, _ = shown(view_data(day="2026-12-01", season="2026-10"))  # the newest day, the oldest season
    disabled = host.view.disabled
    assert [disabled[b] for b in ("day-prev", "day-next", "season-prev", "season-next")] == [
        False, True, True, False]
    host, _ = shown()
    assert [host.view.disabled[b] for b in ("day-prev", "day-next", "season-prev", "season-next")] == [
        False, False, False, False]


def test_an_earlier_or_later_day_is_asked_for_and_a_season_by_its_newest_day() -> None:
    english()
    host, room = shown()
    assert room.click("#day-prev") and host.queue == ["rankings"]
    assert room.call("rankings") == ["rankings", "@rankings", "2026-11-29", "", "Me"]
    room.answer(view_data(day="2026-11-29"))
    host.queue = []
    assert room.click("#day-next") and room.call("rankings")[2:4] == ["2026-11-30", ""]
    room.answer(view_data())
    host.queue = [action for action in host.queue if action != "rankings-picture"]
    assert room.click("#season-prev") and room.call("rankings")[2:4] == ["", "2026-10"]
    assert room.click("#season-next") and room.call("rankings")[2:4] == ["", "2026-12"]
    assert host.queue == ["rankings", "rankings", "rankings"]


def test_at_the_ends_browsing_asks_for_nothing() -> None:
    english()
    host, room = shown(view_data(day="2026-11-29", days=["2026-11-30", "2026-11-29"], season="2026-11",
                                 seasons=["2026-11"]))
    for button in ("#day-prev", "#season-prev", "#season-next"):
        assert room.click(button), button
    assert host.queue == [] and room.call("rankings")[2:4] == ["", ""]


def test_browsing_before_the_first_answer_asks_for_nothing() -> None:
    host = FakeHost()
    room = rankings_dialog.RankingsDialog(host)
    room.click("#day-prev")
    room.click("share-rankings")
    assert host.queue == [] and host.shared == []


def test_opening_the_dialog_asks_for_the_newest_day_again() -> None:
    _, room = shown()
    room.click("#day-prev")
    assert room.click("#rankings")
    assert room.call("rankings") == ["rankings", "@rankings", "", "", "Me"]
    assert room.call("rankings-merge") == ["board_merge", "@rankings"]
    assert room.click("#something-else") is False


# -- the shared text -------------------------------------------------------------------------

def many_rows(count: int, mine_at: int = 0) -> "list[dict[str, Any]]":
    return [row(n, "You" if n == mine_at else "P" + str(n), 1000 * (100 - n), mine=n == mine_at)
            for n in range(1, count + 1)]


def test_the_shared_ranking_has_the_title_the_first_five_rows_and_the_winners_picture() -> None:
    english()
    shared = rankings_dialog.share_text(view_data(picture=BOARD)).split("\n")
    assert shared[0] == "2048 in Python · friends' board · daily board 2026-11-30"
    assert shared[1:4] == ["1. Ana · 12,340 · 1024", "2. Me (you) · 9,000 · 256",
                           "2. <b>Bo</b> · 9,000 · 256"]
    assert "\n".join(shared[4:]) == sharing.picture(BOARD) and len(shared) == 4 + 4
    unpictured = rankings_dialog.share_text(view_data(picture=[])).split("\n")
    assert unpictured[4:] == [], "no picture it could not replay"


def test_the_shared_board_adds_your_row_when_lower_and_counts_the_rest() -> None:
    english()
    shared = rankings_dialog.share_text(view_data(rows=many_rows(9, mine_at=7), picture=[])).split("\n")
    assert [line.split(".")[0] for line in shared[1:7]] == ["1", "2", "3", "4", "5", "7"]
    assert shared[6] == "7. You (you) · 93,000 · 256"
    assert shared[7:] == ["… and 3 more"], "rows 6, 8 and 9"
    top = rankings_dialog.share_text(view_data(rows=many_rows(6, mine_at=2), picture=[])).split("\n")
    assert len(top) == 1 + 5 + 1 and top[-1] == "… and 1 more", "your row among the first is not repeated"
    five = rankings_dialog.share_text(view_data(rows=many_rows(5), picture=[])).split("\n")
    assert len(five) == 6 and "more" not in five[-1]


def test_the_shared_ranking_counts_the_rows_the_engine_did_not_send() -> None:
    english()
    shared = rankings_dialog.share_text(view_data(rows=many_rows(100), more=50, picture=[])).split("\n")
    assert shared[-1] == "… and 145 more"


def test_the_winners_picture_is_asked_for_once_the_day_is_shown_and_shared_with_it() -> None:
    english()
    host = FakeHost()
    room = rankings_dialog.RankingsDialog(host)
    room.click("#rankings")
    room.answer(view_data())
    assert host.queue == ["rankings", "rankings-picture"]
    assert room.call("rankings-picture") == ["board_picture", "2026-11-30"]
    room.click("share-rankings")
    room.answer({"kind": "board_picture", "day": "2026-11-29", "picture": [[2]]})  # for a day no longer shown
    room.click("share-rankings")
    room.answer({"kind": "board_picture", "day": "2026-11-30", "picture": BOARD})
    room.click("share-rankings")
    without = rankings_dialog.share_text(view_data())
    with_picture = rankings_dialog.share_text(view_data(picture=BOARD))
    assert host.shared == [without, without, with_picture]
    assert sharing.picture(BOARD) in host.shared[-1] and sharing.picture(BOARD) not in host.shared[0]
    empty = FakeHost()
    nothing = rankings_dialog.RankingsDialog(empty)
    nothing.answer(view_data(rows=[]))
    assert empty.queue == [], "no winner, no picture to ask for"


# -- adding a verified result -----------------------------------------------------------------

def test_a_verified_result_is_offered_under_the_name_it_was_shared_with() -> None:
    host = FakeHost()
    room = rankings_dialog.RankingsDialog(host)
    room.offer({"ok": True, "name": "Jo\u00e3o"})
    view = host.view
    assert not view.hidden["add-rankings"] and view.hidden["add-status"]
    assert not view.disabled["add-rankings-button"]
    assert view.values["add-name"] == "Jo\u00e3o"
    room.offer({"ok": True, "name": ""})
    assert view.values["add-name"] == ""
    room.offer({"ok": False, "reason": "damaged"})
    assert view.hidden["add-rankings"]


def test_a_name_that_cannot_be_kept_is_refused_with_its_sentence_and_nothing_is_pushed() -> None:
    english()
    for raw, key in (("Ana\u202e", "name_bad_character"), ("x" * 25, "name_too_long"),
                     ("   ", "rankings_add_bad_name"), ("\U0001f600", "name_bad_character")):
        host = FakeHost()
        room = rankings_dialog.RankingsDialog(host)
        room.offer({"ok": True, "name": ""})
        host.fields["add-name"] = raw
        assert room.click("add-rankings")
        sentence = text.say(key, n=24)
        assert host.queue == [], raw
        assert host.view.texts["add-status"] == sentence and not host.view.hidden["add-status"], raw
        assert host.view.said == [sentence]
    assert "24" in text.say("name_too_long", n=24)


def test_a_good_name_is_tidied_and_pushed_to_the_engine() -> None:
    host = FakeHost("Me")
    room = rankings_dialog.RankingsDialog(host)
    room.offer({"ok": True, "name": "Ana"})
    host.fields["add-name"] = "  Ana   Bo "
    room.click("add-rankings")
    assert host.queue == ["rankings-add"]
    assert room.call("rankings-add") == ["board_add", "@rankings", "Ana Bo", "Me"]


def test_a_disabled_add_button_adds_nothing() -> None:
    host = FakeHost()
    room = rankings_dialog.RankingsDialog(host)
    host.view.disabled["add-rankings-button"] = True
    host.fields["add-name"] = "Ana"
    assert room.click("add-rankings") and host.queue == []


def test_what_adding_did_is_said_and_the_open_dialog_is_asked_again() -> None:
    english()
    host, room = shown()
    room.answer({"kind": "board_add", "ok": True, "already": False, "conflict": False, "name": "Ana",
                 "date": "2026-11-30", "total": 10, "save": "x"})
    said = "Added to your board: Ana, daily board of 2026-11-30."
    assert host.view.texts["add-status"] == said and host.view.said[-1] == said
    assert host.view.disabled["add-rankings-button"], "added once: the button rests"
    assert host.queue == ["rankings"] and room.call("rankings")[2:4] == ["2026-11-30", "2026-11"]


def test_each_outcome_of_adding_has_its_own_sentence() -> None:
    english()
    replies = [{"ok": True, "already": False, "conflict": False, "name": "Ana", "date": "2026-11-30"},
               {"ok": True, "already": False, "conflict": True, "name": "Ana", "date": "2026-11-30"},
               {"ok": True, "already": True, "conflict": False, "name": "Ana", "date": "2026-11-30"},
               {"ok": False, "reason": "bad_name"}, {"ok": False, "reason": "nothing"},
               {"ok": False, "reason": "full"}]
    for lang in languages.LANGUAGES:
        sentences = [rankings_dialog.added_sentence(reply, lang) for reply in replies]
        assert len(set(sentences)) == len(replies), lang
        for sentence in sentences:
            assert not sentence.startswith("board_"), (lang, sentence)
    english()
    conflict = rankings_dialog.added_sentence(replies[1])
    assert "Ana" in conflict and "2026-11-30" in conflict


def test_a_refused_add_leaves_the_button_and_asks_nothing() -> None:
    english()
    host, room = shown()
    room.answer({"kind": "board_add", "ok": False, "reason": "nothing", "total": 9, "save": ""})
    assert host.view.texts["add-status"] == text.say("rankings_add_nothing")
    assert not host.view.disabled.get("add-rankings-button") and host.queue == []


def test_rankings_that_could_not_be_stored_are_said_to_the_host() -> None:
    host, room = shown()
    room.answer(view_data(stored=False))
    assert host.failed == 1
    room.answer(view_data(stored=True))
    assert host.failed == 1


# -- an import's results, and another tab's ---------------------------------------------------

def test_an_imports_results_join_in_chunks_until_none_is_left() -> None:
    english()
    host, room = shown()
    room.import_confirmed(3)
    assert host.queue == ["rankings-import"] and room.importing
    assert room.call("rankings-import") == ["board_import", "@rankings", rankings_dialog.IMPORT_BUDGET_MS]
    room.answer({"kind": "board_import", "left": 2, "added": 1, "refused": 0, "total": 10, "save": "x"})
    room.answer({"kind": "board_import", "left": 1, "added": 1, "refused": 1, "total": 10, "save": ""})
    assert host.queue == ["rankings-import"] * 3 and host.notices == []
    room.answer({"kind": "board_import", "left": 0, "added": 1234, "refused": 1, "total": 11, "save": "y"})
    assert not room.importing
    assert host.notices == [text.say("rankings_imported", added="1,234", refused="1")]
    assert host.queue == ["rankings-import"] * 3 + ["rankings"], "the open dialog shows them"


def test_an_import_without_results_replays_nothing() -> None:
    host = FakeHost()
    room = rankings_dialog.RankingsDialog(host)
    room.import_confirmed(0)
    assert host.queue == [] and not room.importing


def test_another_tabs_rankings_are_shown_if_the_dialog_is_open() -> None:
    host, room = shown()
    room.answer({"kind": "board_merge", "save": "", "total": 9})
    assert host.queue == ["rankings"]
    closed = FakeHost()
    other = rankings_dialog.RankingsDialog(closed)
    other.answer({"kind": "board_merge", "save": "", "total": 9})
    assert closed.queue == []


# -- charts: the very numbers of their tables -------------------------------------------------

def test_scale_tops_are_round_and_hold_the_largest() -> None:
    for largest, top in ((0, 1), (1, 1), (2, 2), (3, 5), (7, 10), (11, 20), (21, 25), (26, 50), (1234, 2000),
                         (2001, 2500), (99999, 100000)):
        assert charts.scale_top(largest) == top, largest
    assert [charts.short(v) for v in (250, 2500, 20000, 3000000, 1234)] == [
        "250", "2.5k", "20k", "3M", "1234"]


def test_a_months_days_are_the_calendars() -> None:
    months = ("2026-01", "2026-02", "2024-02", "2100-02", "2000-02", "2026-11", "2026-12")
    assert [charts.days_in_month(s) for s in months] == [31, 28, 29, 28, 29, 30, 31]


def test_the_recent_chart_draws_the_numbers_of_its_table() -> None:
    english()
    summary = {"recent": [1200, 0, 34560, 8]}
    shapes = charts.recent_chart(summary["recent"])
    bars = [s for s in shapes if s[0] == "path"]
    assert len(bars) == 1 and dict(bars[0][1])["d"].count("Z") == 4
    rows = statistics_dialog.recent_rows(summary)
    assert values_of(bars[0]) == ",".join(str(plain(r[1])) for r in rows) == "1200,0,34560,8"
    assert [r[0] for r in rows] == ["1", "2", "3", "4"]
    assert charts.recent_chart([]) == [] and statistics_dialog.recent_rows({}) == []


def test_the_tiles_chart_draws_the_numbers_of_its_table() -> None:
    english()
    summary = {"reached": [{"tile": 256, "games": 1234}, {"tile": 512, "games": 40},
                           {"tile": 1024, "games": 0}]}
    shapes = charts.tiles_chart(statistics_dialog.tile_counts(summary))
    bars = [s for s in shapes if s[0] == "path"]
    rows = statistics_dialog.tile_rows(summary)
    assert rows == [["256", "1,234"], ["512", "40"], ["1024", "0"]]
    assert values_of(bars[0]) == ",".join(str(plain(r[1])) for r in rows)
    labels = [s[2] for s in shapes if s[0] == "text" and dict(s[1]).get("class") == "label"]
    assert labels == [r[0] for r in rows], "each bar is labelled with its tile"
    assert charts.tiles_chart([]) == []


def test_the_season_chart_draws_the_numbers_of_its_table() -> None:
    data = view_data()
    shapes = charts.season_chart(data["series"], data["season"])
    lines = [s for s in shapes if s[0] == "polyline"]
    table = rankings_dialog.chart_rows(data)
    assert [r[0] for r in table] == ["2026-11-28", "2026-11-29", "2026-11-30"]
    assert len(lines) == len(data["series"]) == len(table[0]) - 1
    for column, line in enumerate(lines, 1):
        drawn = values_of(line)
        from_table = ",".join(str(int(r[0][8:])) + ":" + r[column] for r in table if r[column])
        assert drawn == from_table, (drawn, from_table)
    assert "mine" in dict(lines[1][1])["class"] and "mine" not in dict(lines[0][1])["class"]
    dots = [s for s in shapes if s[0] == "circle"]
    assert dots == [], "every day here has a day played beside it: the lines reach them all"
    alone = charts.season_chart([{"name": "Ana", "mine": False, "scores": [[3, 40], [4, 80], [9, 20]]}],
                                "2026-11")
    assert [dict(s[1])["cx"] for s in alone if s[0] == "circle"] == [charts.season_chart(
        [{"name": "Ana", "mine": False, "scores": [[9, 20]]}], "2026-11")[-1][1][1][1]], "day 9 alone: a dot"
    assert table[0] == ["2026-11-28", "8000", ""], "a day a player missed is an empty cell"
    assert charts.season_chart([], "2026-11") == []


def test_the_statistics_dialog_draws_and_tables_the_same_numbers() -> None:
    english()
    view = FakeView()
    season: "dict[str, Any]" = {"season": "2026-11", "place": 2, "of": 5, "days": 3, "total": 12345,
                                "best": 9000, "best_date": "2026-11-29"}
    summary: "dict[str, Any]" = {
        "played": 4, "won": 0, "win_rate": 0.0, "best_score": 34560, "best_tile": 2048, "average_score": 1,
        "total_moves": 9, "total_ms": 0, "streak": 0, "best_streak": 0, "top": [],
        "recent": [1200, 0, 34560, 8], "reached": [{"tile": 256, "games": 3}, {"tile": 512, "games": 1}],
        "season": season}
    statistics_dialog.show(view, summary)
    recent = next(s for s in view.charts["chart-recent"] if s[0] == "path")
    assert values_of(recent) == ",".join(str(plain(r[1])) for r in view.rows["recent-rows"])
    tiles = next(s for s in view.charts["chart-tiles"] if s[0] == "path")
    assert values_of(tiles) == ",".join(str(plain(r[1])) for r in view.rows["tiles-rows"])
    assert not view.hidden["recent-box"] and not view.hidden["tiles-box"]
    assert view.texts["stat-season"] == statistics_dialog.season_sentence(season)
    assert not view.hidden["stat-season"]


def test_the_season_sentence_names_place_days_and_total_or_nothing() -> None:
    english()
    said = statistics_dialog.season_sentence({"season": "2026-11", "place": 2, "of": 5, "days": 3,
                                              "total": 12345, "best": 9000, "best_date": "2026-11-29"})
    assert said == "Season 2026-11: #2 of 5 among your friends · 3 days · total 12,345."
    assert statistics_dialog.season_sentence(None) == ""


# -- a name beside a code (game/ui/replays.py) ------------------------------------------------

def test_a_verified_code_with_a_name_says_whose_claim_it_is() -> None:
    english()
    answer = {"ok": True, "date": "2026-11-30", "score": 8, "tile": 4, "moves": 3, "finished": True}
    plain_verdict = check_dialog.verdict_sentence(answer)
    named = check_dialog.verdict_sentence(dict(answer, name="Jo\u00e3o", name_refused=False))
    assert named == plain_verdict + " " + text.say("replay_shared_as", name="Jo\u00e3o")
    assert "Shared as Jo\u00e3o" in named
    refused = check_dialog.verdict_sentence(dict(answer, name="", name_refused=True))
    assert refused == plain_verdict + " " + text.say("replay_name_refused")
    rejected = {"ok": False, "reason": "damaged", "detail": {}, "name": "Ana"}
    not_verified = check_dialog.verdict_sentence(rejected)
    assert "Ana" not in not_verified, "a refused code's name is never said"


def test_the_share_link_carries_your_name_percent_encoded_after_the_code() -> None:
    assert replays.share_link(ADDRESS + "?x=1#old", CODE, "Jo\u00e3o B") == (
        ADDRESS + "#replay=" + CODE + "&name=Jo%C3%A3o%20B")
    assert replays.share_link(ADDRESS, CODE) == ADDRESS + "#replay=" + CODE
    assert replays.share_link(ADDRESS, CODE, "<&>") == ADDRESS + "#replay=" + CODE + "&name=%3C%26%3E"
    assert replays.share_link("file:///tmp/2048.html", CODE, "Ana") == ""


def test_the_daily_share_text_carries_the_named_link() -> None:
    english()
    state = {"board": BOARD, "size": 4, "score": 1234, "best": 1234, "moves": 3, "max_tile": 2048,
             "status": "over", "won": True, "can_undo": False, "mode": "daily", "date": "2026-11-30",
             "practice": False, "code": CODE, "watchable": True}
    shared = replays.share_text(state, ADDRESS, "PICTURE", name="Ana Bo")
    assert (ADDRESS + "#replay=" + CODE + "&name=Ana%20Bo") in shared
    assert replays.game_share_text(state, 0, ADDRESS, "Ana Bo") == replays.share_text(
        state, ADDRESS, sharing.picture(BOARD), "", "Ana Bo")
    assert "&name=" not in replays.share_text(state, ADDRESS, "PICTURE")


def test_an_idle_page_fills_the_closed_dialog_once_and_an_opening_redraws_nothing_unchanged() -> None:
    host = FakeHost()
    room = rankings_dialog.RankingsDialog(host)
    host.playing = True
    room.warm()
    assert host.queue == [] and host.retries == 1, "not while the player plays: later"
    host.playing = False
    room.warm()
    assert host.queue == ["rankings"] and room.call("rankings")[2:4] == ["", ""]
    data = view_data()
    room.answer(dict(data))
    assert host.view.rows["day-rows"], "drawn into the closed dialog"
    host.view.rows = {}
    room.warm()
    assert host.queue == ["rankings", "rankings-picture"], "filled once: no second reading"
    room.answer(dict(data))  # asked again on opening, nothing changed meanwhile
    assert host.view.rows == {}, "the same view is not drawn again"
    host.stored = False
    other = rankings_dialog.RankingsDialog(host)
    other.warm()
    assert host.queue == ["rankings", "rankings-picture"], "no Rankings stored: nothing to read"
