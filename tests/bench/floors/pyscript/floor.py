"""The PyScript floor's one script: the least a PyScript page can be and still be 2048.

It draws a 4×4 board with two tiles and slides them on an arrow key, and says so in the
game's page contract (#game's data-status, data-moves, data-board; tiles in #tiles), so
the bench's probe reads it exactly as it reads the game. No rules engine, no storage,
no language: whatever the game takes beyond this page's start is the game's own.
"""

from pyscript import document
from pyscript.ffi import create_proxy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SIZE = 4
STEPS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}

cells = [0] * (SIZE * SIZE)
cells[5] = 2
cells[10] = 2
game = document.getElementById("game")
tiles = document.getElementById("tiles")
moves = 0


def draw() -> None:
    tiles.replaceChildren()
    for at, value in enumerate(cells):
        if value:
            tile = document.createElement("div")
            tile.className = f"tile at-{at // SIZE}-{at % SIZE}"
            tile.textContent = str(value)
            tiles.appendChild(tile)
    rows = [",".join(str(v) for v in cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]
    game.setAttribute("data-board", "/".join(rows))


def slide(line: list[int]) -> list[int]:
    """One line toward its start: tiles close up, equal neighbours merge once."""
    values = [v for v in line if v]
    out: list[int] = []
    while values:
        if len(values) > 1 and values[0] == values[1]:
            out.append(values[0] * 2)
            values = values[2:]
        else:
            out.append(values.pop(0))
    return out + [0] * (len(line) - len(out))


def lines(dr: int, dc: int) -> list[list[int]]:
    """Each row or column as cell indices, listed from the side the tiles slide to."""
    found: list[list[int]] = []
    for i in range(SIZE):
        line = [r * SIZE + i for r in range(SIZE)] if dr else [i * SIZE + c for c in range(SIZE)]
        found.append(line[::-1] if dr + dc > 0 else line)
    return found


def on_key(event: Any) -> None:
    global moves
    step = STEPS.get(event.key)
    if step is None:
        return
    event.preventDefault()
    before = list(cells)
    for line in lines(*step):
        for at, value in zip(line, slide([cells[i] for i in line])):
            cells[at] = value
    if cells != before:
        moves += 1
        draw()
        game.setAttribute("data-moves", str(moves))


draw()
document.addEventListener("keydown", create_proxy(on_key))
game.setAttribute("data-status", "playing")
