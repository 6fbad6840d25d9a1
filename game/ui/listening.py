"""The page's input (the original 2048's InputManager): keys, swipes, clicks, form
changes, other tabs' writes, the address's fragment, the page hidden or shown.

It turns each event into what the rooms understand and hands it on by their tables
(game/ui/router.py): a key or a swipe becomes a queued action, a click the button's
owner, a change the control's owner, another tab's write the room that follows it.
It owns no feature: a new dialog's buttons and controls reach their room without an
edit here.
"""

import js
from pyscript import document

from game.ui import gestures, keys, shared_saves, text
from game.ui.store import PREFIX

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def button_name(action: str, element_id: str) -> str:
    """A clicked button's name: its data-action, else "#" and its id."""
    return action if action else "#" + element_id


def selector(names: "list[str]") -> str:
    """What a click's `closest()` looks for: any button with a data-action, or one of
    the buttons known by id."""
    return "[data-action], " + ", ".join(sorted(name for name in names if name.startswith("#")))


class Listening:
    HEARS = ("language",)

    def __init__(self, page: "Any") -> None:
        self.page = page
        self.view = page.view
        self.tracker = gestures.Tracker()
        self.unread: "list[str]" = []  # reading keys pressed before the strings were in
        self.field = js.window.py2048EarlyInput.field  # is a key typed into a field
        self.leaving = False  # the page's pagehide came: its next hide is its last

    def listen(self) -> None:
        """Listen, and play the keys pressed before Python ran (assets/boot.js kept them)."""
        proxy = self.page.proxy
        assert self.page.router is not None
        self.selector = selector(list(self.page.router.buttons))
        self.rooms_seen = len(self.page.router.rooms)
        document.addEventListener("keydown", proxy(self.on_keydown))
        document.addEventListener("click", proxy(self.on_click))
        document.addEventListener("change", proxy(self.on_change))
        document.addEventListener("visibilitychange", proxy(self.on_visibility))
        # A page being left (a reload, another address) says so before its last hide.
        js.window.addEventListener("pagehide", proxy(self.on_pagehide))
        js.window.addEventListener("pageshow", proxy(self.on_pageshow))
        js.window.addEventListener("storage", proxy(self.on_storage))
        # A result link pasted into this tab's address bar changes only the fragment.
        js.window.addEventListener("hashchange", proxy(self.on_hashchange))
        # A gesture starts on the board and may end anywhere (no pointer capture: it throws
        # for some pointers, and MicroPython cannot catch a JavaScript exception).
        self.view.board.addEventListener("pointerdown", proxy(self.on_pointerdown))
        js.window.addEventListener("pointerup", proxy(self.on_pointerup))
        js.window.addEventListener("pointercancel", proxy(self.on_pointercancel))
        self.view.dialog("win").addEventListener("cancel", proxy(self.on_win_cancel))
        # Escape on a dialog that names its way out (`data-escape`) is that button: the
        # review's goes back to the dialog it was opened from. "cancel" does not bubble.
        document.addEventListener("cancel", proxy(self.on_cancel), True)
        early = js.window.py2048EarlyInput
        early.stop()
        for i in range(int(early.events.length)):
            e = early.events[i]
            self.on_key_data(str(e.key), str(e.code), bool(e.ctrl), bool(e.alt), bool(e.meta),
                             bool(e.field), bool(e.shift))

    # -- keys --------------------------------------------------------------------------

    def on_keydown(self, event: "Any") -> None:
        action = self.on_key_data(str(event.key), str(event.code), bool(event.ctrlKey),
                                  bool(event.altKey), bool(event.metaKey), bool(self.field(event.target)),
                                  bool(event.shiftKey))
        if action is not None:
            event.preventDefault()

    def on_key_data(self, key: str, code: str, ctrl: bool, alt: bool, meta: bool,
                    in_field: bool, shift: bool = False) -> "str | None":
        page = self.page
        action = keys.action_for_key(key, code, ctrl, alt, meta, in_field, bool(page.prefs.values["letters"]),
                                     shift)
        if action is None:
            return None
        page.tell("input", page.now())  # any key of the game's is the player's: Auto-play gives way
        view = self.view
        shown = view.open_dialogs()
        blocked = page.blocked(shown)
        if action in keys.READING:
            # Said at once, of what is on screen; a dialog in front of the board makes
            # the page behind it inert, live region included.
            if blocked:
                return None
            self.read_out(action)
        over_or_won = "over" in shown or "win" in shown
        queued = keys.queued(action, page.key_mode(), blocked, over_or_won)
        if queued:
            page.push(queued)
        elif action == "back":
            return None  # Escape is the browser's (a dialog's own close) where no mode takes it
        return action

    def read_out(self, action: str) -> None:
        """B: the board on screen, row by row; Shift+S: score, best and moves. A key
        pressed before the strings and the first game are in is read once they are."""
        if not text.TABLES or not self.page.state:
            self.unread.append(action)
            return
        self.view.say(self.reading(action))

    def reading(self, action: str) -> str:
        if action == "read-board":
            return text.read_board(self.view.shown or [])
        return text.read_numbers(self.page.state or {})

    def heard(self, event: str, *args: "Any") -> None:
        """The strings are in: the keys read meanwhile are said with what the first
        paint said (one change, all heard)."""
        unread, self.unread = self.unread, []
        if unread:
            self.view.say(" ".join([self.view.said.strip()] + [self.reading(action) for action in unread]))

    # -- swipes ------------------------------------------------------------------------

    def on_pointerdown(self, event: "Any") -> None:
        if str(event.pointerType) == "mouse" and int(event.button) != 0:
            return
        if self.tracker.down(int(event.pointerId), float(event.clientX), float(event.clientY)):
            event.preventDefault()

    def on_pointerup(self, event: "Any") -> None:
        direction = self.tracker.up(int(event.pointerId), float(event.clientX), float(event.clientY))
        if direction:
            page = self.page
            page.tell("input", page.now())
            page.push(keys.queued(direction, page.key_mode(), page.blocked(), False) or "noop")

    def on_pointercancel(self, event: "Any") -> None:
        self.tracker.cancel(int(event.pointerId))

    # -- buttons, controls, other tabs, the address, the page's visibility --------------

    def on_click(self, event: "Any") -> None:
        router = self.page.router
        assert router is not None
        router.complete()  # a click may be on a button of a room not in yet
        if len(router.rooms) != self.rooms_seen:
            self.rooms_seen = len(router.rooms)
            self.selector = selector(list(router.buttons))
        button = event.target.closest(self.selector)
        if not button and router.when_in(lambda: self.on_click(event)):
            return  # perhaps a later room's button, whose code is still on its way
        if button:
            name = button_name(str(button.getAttribute("data-action") or ""), str(button.id or ""))
            router.click(name, button, self.view, self.page.push)

    def on_change(self, event: "Any") -> None:
        """A control changed: its owner by id, or the setting it names."""
        target = event.target
        assert self.page.router is not None
        self.page.router.changed(str(target.id or ""), str(target.getAttribute("data-setting") or ""), target)

    def on_storage(self, event: "Any") -> None:
        """Another tab stored something this tab follows (game/ui/shared_saves.py names it)."""
        key = str(event.key)
        if key.startswith(PREFIX):
            if self.page.store.newer(key[len(PREFIX):]):
                self.page.outdated()  # another tab runs a newer release: this one stops saving
                return
            followed = shared_saves.stored_elsewhere(key[len(PREFIX):], self.page.saves.key)
            if followed is not None:
                assert self.page.router is not None
                self.page.router.followed(followed)

    def on_win_cancel(self, event: "Any") -> None:
        """Escape on the win dialog means "Keep playing": the board must not stay locked."""
        self.page.push("keep")

    def on_cancel(self, event: "Any") -> None:
        name = str(event.target.getAttribute("data-escape") or "")
        if name:
            event.preventDefault()  # its button closes it, and does what closing means
            assert self.page.router is not None
            self.page.router.click(name, event.target, self.view, self.page.push)

    def on_hashchange(self, event: "Any") -> None:
        self.page.tell("link")

    def on_visibility(self, event: "Any") -> None:
        self.page.tell("hidden", self.leaving)

    def on_pagehide(self, event: "Any") -> None:
        self.leaving = True

    def on_pageshow(self, event: "Any") -> None:
        self.leaving = False  # back from the browser's back-forward cache
