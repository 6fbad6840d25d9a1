"""The Help dialog: how to play, and the keys. A dialog with nothing to ask of the
engine is this much: its buttons and the dialog it puts in front of the board.
"""


class HelpDialog:
    BUTTONS = {"#help": ((), "help", ""), "close": (("help",), "", "")}
    DIALOGS = ("help",)

    def __init__(self, page: object) -> None:
        self.page = page
