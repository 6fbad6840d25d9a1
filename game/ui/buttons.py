"""What each button of the page does, as data: the dialogs it closes, the one it opens,
and the action it puts in the queue (game/ui/app.py `begin`).

A button is named by its `data-action`, or by its id when it has none. Buttons that
need more than this (Settings fills its form first, Share composes a text, Import opens
the file chooser, Hint and Auto-play ask the solver: game/ui/autoplay.py) are handled
by name in the app. Pure: tested on CPython and MicroPython, and against index.html
(every button there is known here or in SPECIAL).
"""

# name -> (dialogs to close, dialog to open or "", queue action or "")
BUTTONS = {
    "new-game": (("win", "over"), "", "new"),  # in the win and game-over dialogs
    "#new-game": ((), "", "new?"),  # the main button: asks first over a game in progress
    "#undo": ((), "", "undo"),
    "undo": (("over",), "", "undo"),  # in the game-over dialog
    "keep-playing": (("win",), "", "keep"),
    "cancel": (("confirm",), "", ""),
    "confirm-new": (("confirm",), "", "new"),
    "#help": ((), "help", ""),
    "close": (("help",), "", ""),
    "close-settings": (("settings",), "", ""),
    "close-stats": (("stats",), "", ""),
    "#export": ((), "", "export"),
    "confirm-import": (("import",), "", "import"),
    "cancel-import": (("import",), "", ""),
    "close-replay": (("replay",), "", ""),
    "close-rankings": (("rankings",), "", ""),
}
# Buttons the app handles itself (see the module docstring): the daily board, the
# Check dialog, and the replay bar (game/ui/replays.py).
SPECIAL = ("#settings", "#stats", "share", "share-stats", "#import", "#hint", "#autoplay", "#daily",
           "#check-code", "check-code", "watch-verified", "watch-game", "#watch-play", "#watch-step",
           "#watch-close", "#rankings", "#day-prev", "#day-next", "#season-prev", "#season-next", "add-board",
           "share-board", "check-result")
# Buttons the UI makes itself (not in index.html), handled by the app by name: Watch in
# a daily result's row of Statistics.
MADE = ("watch-daily",)
# Buttons inside a dialog that opens over a replay without ending it (checking another
# code, or closing the dialog, leaves the replay on the board).
INSIDE_DIALOGS = ("check-code", "close-replay", "#check-code", "close-stats", "close", "close-settings",
                  "#stats", "#help", "#settings", "share-stats", "watch-verified", "#rankings",
                  "close-rankings",
                  "#day-prev", "#day-next", "#season-prev", "#season-next", "add-board", "share-board",
                  "check-result")
# What `closest()` looks for: any button with a data-action, or one of these ids.
SELECTOR = "[data-action], " + ", ".join(
    sorted({name for name in list(BUTTONS) + list(SPECIAL) if name.startswith("#")}))


def name_of(action: str, element_id: str) -> str:
    """A clicked button's name: its data-action, else "#" and its id."""
    return action if action else "#" + element_id
