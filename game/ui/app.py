"""The page's entry point (MicroPython, main thread) and its composition root: it
builds the page and its rooms, wires them, and boots.

The page is alive within a fraction of a second, long before Pyodide: it begins the
stored game (or a fresh one) at once and plays it itself (game/ui/early.py) until the
engine has started and taken it over (game/ui/starting.py); every input goes through
one queue in order (game/ui/turns.py), so none is dropped or applied twice. What each
action, reply, button, control and other tab's write does is its room's (game/ui/rooms.py),
found by the router from the rooms' own tables (game/ui/router.py).
"""

from game.ui import rooms
from game.ui.listening import Listening
from game.ui.page import Page
from game.ui.router import Router
from game.ui.screen import Screen
from game.ui.starting import Start


def main() -> None:
    page = Page()
    page.screen = Screen(page)  # draws and stores every game reply
    listening = Listening(page)  # keys, swipes, clicks, changes, other tabs
    start = Start(page)  # the first game, the engine's start and hand-over
    page.rooms(Router([listening, page.screen, start] + [room(page) for room in rooms.ROOMS],
                      rooms.later_for(page), rooms.LATER_CODE))  # once the first game is shown
    daily = page.boards.mode == "daily"
    page.prefs.apply_look(page.view, None)  # the Settings form is filled as it opens
    page.view.set_size(4 if daily else page.size)
    page.view.show_mode(daily, False)
    listening.listen()
    start.boot()


main()
