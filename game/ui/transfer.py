"""Export and Import as the page carries them out; the engine does the judging.

Export: every stored document goes to the engine, which writes one file of the valid
ones (game/transfer.py); the page offers it as a download. Import: the file's text goes
to the engine, which checks every part with its strict loaders and answers with a
summary and the documents to store; the page shows the summary, and only once the
player confirms does it replace what is stored, all of it. Pure (storage is handed in):
tested on CPython and MicroPython.
"""

from game.ui import clock, statistics, text
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
    return "2048-in-python-%s-%s.json" % (statistics.date_text(ms, offset_minutes),
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
        date = statistics.date_text(summary["exported"], offset_minutes)
        lines.append(text.say("import_exported", lang, date=date))
    return lines


class Transfer:
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

    def __init__(self, host: "Any") -> None:
        self.host = host
        self.file = ""  # "@file" once a chosen file is read, until the engine judged it
        self.parts: "dict[str, Any] | None" = None  # what a confirmed import stores
        self.results = 0  # the friends' Rankings results in it (replayed once confirmed)
        self.on_read = host.proxy(self.read)

    def click(self, name: str, button: "Any") -> None:
        if name == "#import":
            self.host.pick_file("import-file")
        else:  # cancel-import
            self.host.view.close_dialog("import")
            self.take()

    def changed(self, element_id: str, target: "Any") -> None:
        self.host.read_file(element_id).then(self.on_read)

    def read(self, answer: "Any") -> None:
        """The file guard's answer: the file is read (the engine judges it next), or why not."""
        answer = str(answer)
        if answer.startswith("!"):
            message = read_failure(answer)
            if message:
                self.host.notify(message)
            return
        self.file = answer
        self.host.push("check-import")

    def begin(self, action: str) -> "Any":
        host = self.host
        if action == "export":
            names = [game_key(size) for size in SIZES] + [BEST, STATS, SETTINGS]
            stored = [host.store.read(name) or "" for name in names]
            return host.carry(self, action, *(["export_all"] + stored + [STORED_RANKINGS]))
        if action == "check-import":
            return host.carry(self, action, "check_import", self.file)
        self.replace_all()
        return None

    def replace_all(self) -> None:
        """A confirmed import: every part of the file stored, all or none, then its game
        played (every other tab takes it too: game/ui/following.py). Refused by storage,
        nothing changed, and the player is told so."""
        host = self.host
        parts = self.take()
        if parts is None:
            return
        kept = store_all(host.saves, parts)
        if not kept:
            if not host.fatal:  # (a newer release's documents: the page says so, game/ui/page.py)
                host.notify(text.say("import_refused"))
            return
        host.prefs.replace(parts["settings"])
        host.prefs.apply_look(host.view, host.milestones)
        host.prefs.show(host.view, host.milestones)
        host.notify(text.say("imported" if kept == "stored" else "imported_unsaved"))
        host.tell("imported", self.results)
        host.first("size:%d" % host.prefs.values["size"])

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        host = self.host
        if reply["kind"] == "export":
            name = file_name(host.epoch_ms(), host.offset_now())
            saved = host.download(name, reply["text"])
            host.notify(text.say("exported", name=name) if saved else text.say("export_failed"))
        else:
            self.judged(reply, host.offset)

    def judged(self, reply: "dict[str, Any]", offset_minutes: int = 0) -> None:
        """The engine's `check_import`: the confirmation dialog, or why it cannot be imported."""
        if not reply["ok"]:
            self.host.notify(text.say("import_invalid", reason=reply["error"]))
            return
        self.parts = reply["parts"]
        self.results = int(reply["summary"].get("results", 0))
        self.host.view.set_items("import-list", summary_lines(reply["summary"], offset_minutes))
        self.host.view.open_dialog("import")

    def take(self) -> "dict[str, Any] | None":
        """The parts to store, once (confirmed), or None (cancelled, or nothing judged)."""
        parts, self.parts = self.parts, None
        return parts


def store_all(saves: "Any", parts: "dict[str, Any]") -> str:
    """Replace every stored document with the import's, all at once or none (a size
    without a game in the file loses its game here: the file is the whole state),
    through this tab's shared saves (game/ui/tabs.py `import_all`: the tab then knows
    them as stored, and keeps them in memory where storage keeps nothing). "stored",
    "memory", or "" when storage refused them (nothing changed). The friends' Rankings are
    not replaced: the file's results join them, each replayed, once this is stored."""
    documents: "list[tuple[str, str | None]]" = [
        (game_key(size), parts["games"].get(str(size)) or None) for size in SIZES]
    documents += [(name, parts[name]) for name in (BEST, STATS, SETTINGS)]
    return str(saves.import_all(documents))
