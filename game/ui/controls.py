"""`#game`'s state attributes and the controls around the board: Hint's mark, the
Auto-play and Daily buttons, the replay bar. The view of the board (game/ui/view.py)
is one of these, so the rooms hold one object for the whole page.

Every text is written with `textContent`, never as HTML.
"""

from pyscript import document

from game.ui.elements import Elements

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Controls(Elements):
    def __init__(self) -> None:
        Elements.__init__(self)
        self.game = document.getElementById("game")
        self.board = document.getElementById("board")
        self.hint_mark = document.getElementById("hint-mark")
        self.autoplay = document.getElementById("autoplay")
        self.hint = document.getElementById("hint")
        self.daily = document.getElementById("daily")
        self.watch_bar = document.getElementById("watch-bar")
        self.mode: "tuple[bool, bool] | None" = None  # (daily, watching) as last shown
        self.written: "dict[str, str]" = {}  # #game's attributes as last set here

    def set_attributes(self, pairs: "tuple[tuple[str, str], ...]") -> None:
        """`#game`'s attributes, each written only when it changed."""
        written = self.written
        game = self.game
        for name, value in pairs:
            if written.get(name) != value:
                game.setAttribute(name, value)
                written[name] = value

    # -- hint and auto-play -------------------------------------------------------------

    def show_hint(self, direction: "str | None") -> None:
        """Hint's arrow on the board, and `#game[data-hint]`; None takes both away."""
        if direction is None:
            self.game.removeAttribute("data-hint")
            self.hint_mark.hidden = True
            return
        self.hint_mark.setAttribute("data-dir", direction)
        self.hint_mark.hidden = False
        self.game.setAttribute("data-hint", direction)

    def show_autoplay(self, on: bool) -> None:
        """The Auto-play button pressed or not, and `#game[data-autoplay]` while it runs."""
        self.autoplay.setAttribute("aria-pressed", "true" if on else "false")
        if on:
            self.game.setAttribute("data-autoplay", "on")
        else:
            self.game.removeAttribute("data-autoplay")

    def show_mode(self, daily: bool, watching: bool) -> None:
        """The Daily button pressed or not; in daily mode (and while a replay is on the
        board) the solver's buttons are off: a daily result is the player's own.
        `#game[data-mode]` is the page's mode, also while another game is watched.
        Written only when it changes (every reply calls it)."""
        if self.mode == (daily, watching):
            return
        self.mode = (daily, watching)
        self.set_attributes((("data-mode", "daily" if daily else "classic"),))
        self.daily.setAttribute("aria-pressed", "true" if daily else "false")
        self.hint.disabled = daily or watching
        self.autoplay.disabled = daily or watching
        self.set_hidden("over-undo", daily)
        self.set_hidden("win-share", daily)

    def mark_mode(self, name: str) -> None:
        """`#game[data-mode]` for a board mode of a review's ("practice", "retry"); the
        next `show_mode` writes the page's own again."""
        self.mode = None
        self.set_attributes((("data-mode", name),))

    def show_watch(self, bar: "dict[str, Any] | None") -> None:
        """The replay bar above the board (None hides it) and `#game[data-watch]`:
        `playing`, `paused` or `end` while a recorded game is on the board. The bar
        takes the game's buttons' place, so focus goes with it: to Play/Pause when it
        shows, to the board when it goes (if it was in the bar)."""
        if bar is None:
            if self.watch_bar.contains(document.activeElement):
                self.board.focus()
            self.watch_bar.hidden = True
            self.game.removeAttribute("data-watch")
            self.written.pop("data-watch", None)
            return
        play = document.getElementById("watch-play")
        if self.watch_bar.hidden:
            self.watch_bar.hidden = False
            play.focus()
        self.set_text("watch-text", bar["text"])
        play.setAttribute("data-playing", "true" if bar["playing"] else "false")
        state = "end" if bar["end"] and not bar["playing"] else ("playing" if bar["playing"] else "paused")
        self.set_attributes((("data-watch", state),))
        document.getElementById("watch-step").disabled = bool(bar["end"])
        document.getElementById("watch-speed").value = str(bar["speed"])

    def focus(self, element_id: str) -> None:
        document.getElementById(element_id).focus()

    def focus_board(self) -> None:
        self.board.focus()
