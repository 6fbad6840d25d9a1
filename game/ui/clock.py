"""The game clock, with time handed in (milliseconds from any monotonic source).

RULES.md: it runs while a game is in progress and the page is visible, and stops at the
win and at game over. "In progress" starts with the first move, so opening the page or
a no-op move does not start it.
"""


def should_run(status: str, moves: int, visible: bool) -> bool:
    return status == "playing" and moves > 0 and visible


class Clock:
    def __init__(self, elapsed_ms: int = 0) -> None:
        self.base = elapsed_ms
        self.since: "float | None" = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def elapsed(self, now: float) -> int:
        if self.since is None:
            return int(self.base)
        return int(self.base + max(0.0, now - self.since))

    def reset(self, elapsed_ms: int) -> None:
        self.base = elapsed_ms
        self.since = None

    def run(self, running: bool, now: float) -> None:
        """Start or stop; calling it again in the same state changes nothing."""
        if running and self.since is None:
            self.since = now
        elif not running and self.since is not None:
            self.base = self.elapsed(now)
            self.since = None


def format_clock(ms: int) -> str:
    """m:ss, or h:mm:ss from an hour on."""
    seconds = int(ms) // 1000
    hours = seconds // 3600
    minutes = (seconds // 60) % 60
    secs = seconds % 60
    if hours:
        return "%d:%02d:%02d" % (hours, minutes, secs)
    return "%d:%02d" % (minutes, secs)


def iso_duration(ms: int) -> str:
    """The `datetime` attribute form of a duration, e.g. PT125S."""
    return "PT%dS" % (int(ms) // 1000)


def time_text(ms: int, offset_minutes: int = 0) -> str:
    """The local time of day to the minute (14:05), read the same way in every language."""
    minute = (int(ms) + int(offset_minutes) * 60000) // 60000 % (24 * 60)
    return "%02d:%02d" % (minute // 60, minute % 60)
