"""Swipes and mouse drags on the board, reduced to a direction.

A gesture counts when it travels at least `THRESHOLD` CSS pixels; its direction is
the dominant axis, so a slightly diagonal swipe still means what the player meant. An
exact diagonal is ambiguous and is no move at all.
"""

THRESHOLD = 24.0


def swipe_direction(dx: float, dy: float, threshold: float = THRESHOLD) -> "str | None":
    ax = abs(dx)
    ay = abs(dy)
    if max(ax, ay) < threshold or ax == ay:
        return None
    if ax > ay:
        return "right" if dx > 0 else "left"
    return "down" if dy > 0 else "up"


class Tracker:
    """Follows one pointer from down to up; other pointers are ignored meanwhile."""

    def __init__(self, threshold: float = THRESHOLD) -> None:
        self.threshold = threshold
        self.pointer: "int | None" = None
        self.x = 0.0
        self.y = 0.0

    def down(self, pointer: int, x: float, y: float) -> bool:
        if self.pointer is not None:
            return False
        self.pointer = pointer
        self.x = x
        self.y = y
        return True

    def up(self, pointer: int, x: float, y: float) -> "str | None":
        if pointer != self.pointer:
            return None
        self.pointer = None
        return swipe_direction(x - self.x, y - self.y, self.threshold)

    def cancel(self, pointer: int) -> None:
        if pointer == self.pointer:
            self.pointer = None
