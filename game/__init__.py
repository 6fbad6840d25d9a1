"""2048's engine (the rules, pure Python) and its MicroPython UI layer (`game.ui`)."""
