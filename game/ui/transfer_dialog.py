"""Export and Import as the page carries them out; the engine does the judging.

Export: every stored document goes to the engine, which writes one file of the valid
ones (game/transfer.py); the page offers it as a download. Import: the file's text goes
to the engine, which checks every part with its strict loaders and answers with a
summary and the documents to store; the page shows the summary, and only once the
player confirms does it replace what is stored, all of it. Pure (storage is handed in):
tested on CPython and MicroPython.
"""

from game.ui import clock, statistics_dialog, text
from game.ui.store import BEST, SETTINGS, STATS, STORED_RANKINGS, game_key

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SIZES = (4, 5, 6)
# What the file guard answers instead of a file's text (assets/boot.js py2048Files.read).
NO_FILE = "!none"
TOO_BIG = "!too-big"
UNREADABLE = "!unreadable"
READ_FAILURES = {TOO_BIG: "import_too_big", UNREADABLE: "import_unreadable"}


def file_name(ms: int, offset_minutes: int = 0) -> str:
    """The export's file name: the local date and time the player sees, to the minute
    ("2048-in-python-2026-12-01-1630.json"; no colon, which some systems refuse)."""
    return "2048-in-python-%s-%s.json" % (statistics_dialog.date_text(ms, offset_minutes),
                                           clock.time_text(ms, offset_minutes).replace(":", ""))


def read_failure(answer: str, lang: str = "") -> str:
    """The message for a file that never reached the engine; "" when it has text
    ("!none": the chooser was closed without a file, nothing to say)."""
    key = READ_FAILURES.get(answer)
    return text.say(key, lang) if key else ""


def summary_lines(summary: "dict[str, Any]", offset_minutes: int = 0, lang: str = "") -> "list[str]":
    """What the import would bring, one line each, for the confirmation dialog."""
    lines = []
    for size in SIZES:
        game = summary["games"].get(str(size))
        name = text.size_name(size, lang)
        if game:
            lines.append(text.say("import_game", lang, size=name, score=text.number(game["score"], lang),
                                  moves=text.moves_label(game["moves"], lang), tile=game["max_tile"]))
        else:
            lines.append(text.say("import_no_game", lang, size=name))
    best = summary.get("best") or {}
    scores = ["%s %s" % (text.say("size", lang, n=size), text.number(best.get(str(size), 0), lang))
              for size in SIZES]
    lines.append(text.say("import_best", lang, scores=", ".join(scores)))
    played = summary.get("played", 0)
    if played == 1:
        lines.append(text.say("import_played_one", lang))
    else:
        lines.append(text.say("import_played", lang, n=text.number(played, lang)))
    if summary.get("results"):
        lines.append(text.say("import_results", lang, n=text.number(summary["results"], lang)))
    if summary.get("exported"):
        date = statistics_dialog.date_text(summary["exported"], offset_minutes)
        lines.append(text.say("import_exported", lang, date=date))
    return lines


class TransferDialog:
    """Export, and an import under way: the chosen file (kept for the engine by
    assets/boot.js, which answers "@file"), the engine's judgement of it, and the
    player's confirmation. Its room's tables below; the page is handed in."""

    ACTIONS = ("export", "check-import", "import")
    REPLIES = ("export", "import")
    WAITS = {"export": "export", "check-import": "import", "import": "import"}
    BUTTONS = {"#export": ((), "", "export"), "#import": None, "confirm-import": (("import",), "", "import"),
               "cancel-import": None}
    CHANGES = ("import-file",)
    DIALOGS = ("import",)

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.file = ""  # "@file" once a chosen file is read, until the engine judged it
        self.parts: "dict[str, Any] | None" = None  # what a confirmed import stores
        self.results = 0  # the friends' Rankings results in it (replayed once confirmed)
        self.on_read = page.proxy(self.read)

    def click(self, name: str, button: "Any") -> None:
        if name == "#import":
            self.page.pick_file("import-file")
        else:  # cancel-import
            self.page.view.close_dialog("import")
            self.take()

    def changed(self, element_id: str, target: "Any") -> None:
        self.page.read_file(element_id).then(self.on_read)

    def read(self, answer: "Any") -> None:
        """The file guard's answer: the file is read (the engine judges it next), or why not."""
        answer = str(answer)
        if answer.startswith("!"):
            message = read_failure(answer)
            if message:
                self.page.notify(message)
            return
        self.file = answer
        self.page.push("check-import")

    def begin(self, action: str) -> "Any":
        page = self.page
        if action == "export":
            names = [game_key(size) for size in SIZES] + [BEST, STATS, SETTINGS]
            stored = [page.store.read(name) or "" for name in names]
            return page.carry(self, action, *(["export_all"] + stored + [STORED_RANKINGS]))
        if action == "check-import":
            return page.carry(self, action, "check_import", self.file)
        self.replace_all()
        return None

    def replace_all(self) -> None:
        """A confirmed import: every part of the file stored, all or none, then its game
        played (every other tab takes it too: game/ui/following.py). Refused by storage,
        nothing changed, and the player is told so."""
        page = self.page
        parts = self.take()
        if parts is None:
            return
        where = store_all(page.saves, parts)
        if not where:
            if not page.fatal:  # (a newer release's documents: the page says so, game/ui/page.py)
                page.notify(text.say("import_refused"))
            return
        page.prefs.replace(parts["settings"])
        page.prefs.apply_look(page.view, page.milestones)
        page.prefs.show(page.view, page.milestones)
        page.notify(text.say("imported" if where == "stored" else "imported_unsaved"))
        page.tell("imported", self.results)
        page.first("size:%d" % page.prefs.values["size"])

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        page = self.page
        if reply["kind"] == "export":
            name = file_name(page.epoch_ms(), page.offset_now())
            saved = page.download(name, reply["text"])
            page.notify(text.say("exported", name=name) if saved else text.say("export_failed"))
        else:
            self.judged(reply, page.offset)

    def judged(self, reply: "dict[str, Any]", offset_minutes: int = 0) -> None:
        """The engine's `check_import`: the confirmation dialog, or why it cannot be imported."""
        if not reply["ok"]:
            self.page.notify(text.say("import_invalid", reason=reply["error"]))
            return
        self.parts = reply["parts"]
        self.results = int(reply["summary"].get("results", 0))
        self.page.view.set_items("import-list", summary_lines(reply["summary"], offset_minutes))
        self.page.view.open_dialog("import")

    def take(self) -> "dict[str, Any] | None":
        """The parts to store, once (confirmed), or None (cancelled, or nothing judged)."""
        parts, self.parts = self.parts, None
        return parts


def store_all(saves: "Any", parts: "dict[str, Any]") -> str:
    """Replace every stored document with the import's, all at once or none (a size
    without a game in the file loses its game here: the file is the whole state),
    through this tab's shared saves (game/ui/shared_saves.py `import_all`: the tab then knows
    them as stored, and keeps them in memory where storage keeps nothing). "stored",
    "memory", or "" when storage refused them (nothing changed). The friends' Rankings are
    not replaced: the file's results join them, each replayed, once this is stored."""
    documents: "list[tuple[str, str | None]]" = [
        (game_key(size), parts["games"].get(str(size)) or None) for size in SIZES]
    documents += [(name, parts[name]) for name in (BEST, STATS, SETTINGS)]
    return str(saves.import_all(documents))
