"""When the page's MicroPython collects its garbage (game/ui/memory.py): between keys.

MicroPython-compatible, like test_ui_input.py: plain asserts and fakes.
"""

from game.ui import memory


class Later:
    """The browser's idle callbacks, run when the test says the page is idle."""

    def __init__(self) -> None:
        self.waiting: "list[object]" = []

    def __call__(self, callback: "object") -> None:
        self.waiting.append(callback)

    def idle(self) -> None:
        waiting, self.waiting = self.waiting, []
        for callback in waiting:
            callback()  # type: ignore[operator]


def test_many_replies_before_the_page_is_idle_are_one_collection() -> None:
    later, collected = Later(), []
    collector = memory.IdleCollector(later, lambda: collected.append(1))
    for _ in range(5):
        collector.soon()
    assert len(later.waiting) == 1 and collected == []
    later.idle()
    assert collected == [1]


def test_a_reply_after_a_collection_asks_for_the_next_one() -> None:
    later, collected = Later(), []
    collector = memory.IdleCollector(later, lambda: collected.append(1))
    collector.soon()
    later.idle()
    collector.soon()
    assert len(later.waiting) == 1
    later.idle()
    assert collected == [1, 1]


def test_nothing_is_collected_until_the_page_is_idle() -> None:
    later, collected = Later(), []
    memory.IdleCollector(later, lambda: collected.append(1)).soon()
    assert collected == []


def test_the_threshold_is_set_only_where_the_interpreter_has_one() -> None:
    import gc

    has = getattr(gc, "threshold", None) is not None
    if has:
        before = gc.threshold()  # type: ignore[attr-defined]
        try:
            assert memory.configure(memory.THRESHOLD) is True
            assert gc.threshold() == memory.THRESHOLD  # type: ignore[attr-defined]
        finally:
            gc.threshold(before)  # type: ignore[attr-defined]
    else:
        assert memory.configure() is False
