"""What the device gives the page that MicroPython's bridge would garble: the time since
1970 and random words. The bridge reads a whole JavaScript number as a 32-bit integer
(Date.now() came through as a day in January 1970), so both cross as text, from
assets/boot.js.
"""

import js


def epoch_ms() -> int:
    """Milliseconds since 1970, now."""
    return int(str(js.window.py2048Time.now()))


class PageWords:
    """The page's random source for its own game before the engine runs: 32-bit words
    from `crypto.getRandomValues`, 64 at a time."""

    def __init__(self) -> None:
        self.words: "list[int]" = []

    def __call__(self) -> int:
        if not self.words:
            self.words = [int(word) for word in str(js.window.py2048Random.words(64)).split(",")]
        return self.words.pop()
