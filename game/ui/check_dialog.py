"""The Check dialog: a result code verified, and the verdict said.

A daily result travels as a code (game/replay.py) in a link's fragment, `#replay=…`.
The page hands whatever it got (the fragment, cut by assets/boot.js to a length cap,
or what the player pasted into the Check dialog, capped by its `maxlength`) to the
engine's worker, which decodes and replays it there; this room only words the answer:
"Verified: …" with the replay's own numbers, or the precise reason it does not verify.
Nothing from a code is stored, and nothing is ever written as HTML (`textContent`).
The verdict is told to the rooms that hear it (`verified`: Rankings offers to add it,
Review to review it); watching the verified game is the replays' room's
(game/ui/replays.py).

Pure: the page is handed in (game/ui/page.py; tests use a fake), so this runs on
CPython and MicroPython alike.
"""

from game.ui import text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def reason_sentence(reason: str, detail: "dict[str, Any]", lang: str = "") -> str:
    """Why a code does not verify, with the numbers its reason names."""
    if reason == "truncated" and detail.get("count") and detail.get("moves", 0) < detail["count"]:
        return text.say("reason_truncated_at", lang, moves=text.number(detail["moves"], lang),
                        count=text.number(detail["count"], lang))
    if reason == "illegal_move":
        key = "reason_after_end" if detail.get("ended") else "reason_illegal_move"
        return text.say(key, lang, n=text.number(int(detail.get("at", 0)), lang),
                        dir=text.say(str(detail.get("direction", "left")), lang))
    if reason == "unknown_version":
        return text.say("reason_unknown_version", lang, version=str(detail.get("version", ""))[:6])
    if reason == "bad_character":
        return text.say("reason_bad_character", lang, n=text.number(int(detail.get("at", 0)), lang))
    if reason == "too_long":
        return text.say("reason_too_long", lang)
    if reason == "record_damaged":
        return text.say("reason_record_damaged", lang)
    return text.say("reason_" + reason, lang)


def verdict_sentence(answer: "dict[str, Any]", lang: str = "", today: str = "") -> str:
    """"Verified: score S, best tile T, M moves." (the replay's numbers) or why not. A
    code of a day after `today` (the device's UTC day, when its clock is within the
    board's days) verifies all the same, and the sentence says that day has not come
    here yet: a wrong clock, or a friend's copy that was right."""
    if not answer.get("ok"):
        return text.say("replay_rejected", lang, reason=reason_sentence(
            str(answer.get("reason", "")), answer.get("detail") or {}, lang))
    key = "replay_verified" if answer.get("finished") else "replay_verified_unfinished"
    said = text.say(key, lang, date=answer["date"], score=text.number(answer["score"], lang),
                    tile=answer["tile"], moves=text.moves_label(answer["moves"], lang))
    if answer.get("name"):  # a claim beside the proof: said as one
        said += " " + text.say("replay_shared_as", lang, name=answer["name"])
    elif answer.get("name_refused"):
        said += " " + text.say("replay_name_refused", lang)
    if today and str(answer["date"]) > today:
        said += " " + text.say("replay_future", lang, today=today)
    return said


class CheckDialog:
    ACTIONS = ("verify",)
    REPLIES = ("verify",)
    WAITS = {"verify": "replay-verdict"}
    BUTTONS = {"#check-code": None, "check-result": None, "check-code": None,
               "close-replay": (("replay",), "", "")}
    DIALOGS = ("replay",)
    HEARS = ("link",)

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.pending = ""  # the text to verify next (the queue holds only "verify")

    def begin(self, action: str) -> "Any":
        return self.page.ask(self, action, "verify", self.take_pending())

    def took(self, action: str, reply: "dict[str, Any]") -> None:
        self.verified(reply)
        self.page.tell("verified", reply)

    def held(self, action: str) -> None:
        self.awaits_engine()

    def click(self, name: str, button: "Any") -> None:
        """Check (from the page, Statistics or Rankings) opens the dialog afresh; its
        own Check verifies what was pasted."""
        view = self.page.view
        if name == "check-code":
            pasted = self.page.pasted("replay-code")
            if pasted:
                self.check(pasted)
            return
        view.set_hidden("replay-verdict", True)
        view.set_hidden("watch-verified", True)
        view.set_hidden("add-rankings", True)
        view.open_dialog("replay")

    def heard(self, event: str, *args: "Any") -> None:
        """A result link in the address is checked."""
        fragment = self.page.fragment()
        if fragment:
            self.check(fragment)

    def check(self, code_text: str) -> None:
        """Verify a code, a link or a message (the engine's worker judges it)."""
        self.pending = code_text
        self.page.push("verify")

    def awaits_engine(self) -> None:
        """A code to check before the engine runs: kept for it, and the dialog says so."""
        view = self.page.view
        view.set_text("replay-verdict", text.say("replay_waiting"))
        view.set_hidden("replay-verdict", False)
        view.set_hidden("watch-verified", True)
        if not view.is_open("replay"):
            view.focus_board()
            view.open_dialog("replay")

    def take_pending(self) -> str:
        pending, self.pending = self.pending, ""
        return pending

    def verified(self, answer: "dict[str, Any]") -> None:
        """The engine's verdict: on `#game[data-replay]`, in the dialog (opened if it
        is not: a link was opened) and in the live region."""
        view = self.page.view
        verified = bool(answer.get("ok"))
        sentence = verdict_sentence(answer, today=self.page.today())
        view.set_attributes((("data-replay", "verified" if verified else "rejected"),))
        view.set_text("replay-verdict", sentence)
        view.set_hidden("replay-verdict", False)
        view.set_hidden("watch-verified", not verified)
        if not view.is_open("replay"):
            # Opened by a link, not by a button: the board is what it gives focus back to.
            view.focus_board()
            view.open_dialog("replay")
        view.say(sentence)
