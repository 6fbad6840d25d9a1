"""Small pictures of numbers: your last scores, the tiles your games reached, a season's
daily scores per player, a reviewed game's value move by move. Drawn as inline SVG by
the page, in the theme's colours.

A chart library would weigh more than these four drawings (a few dozen lines of
arithmetic), and would bring the numbers into the page in its own way; here each chart
is plain data the view turns into SVG elements, attribute by attribute (never markup),
and every drawn series carries its numbers in `data-values`, the very numbers of the
table beside it that screen readers read instead (the SVG is `aria-hidden`). Colours
are classes (`s0`…`s7`, `mine`) that style.css paints per theme, high contrast included.

Pure: tested on CPython and MicroPython.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Shape = tuple[str, list[tuple[str, str]], str]  # tag, attributes, text

WIDTH = 320
HEIGHT = 120
LEFT = 34  # room for the scale's labels
BOTTOM = 18  # room for the day numbers
TOP = 6
SERIES = 8  # distinct colours a season's chart has


def scale_top(largest: int) -> int:
    """A round top for a scale that holds `largest`: 1, 2, 2.5 or 5 times a power of ten."""
    top = 1
    while True:
        for step in (10, 20, 25, 50):
            if top * step // 10 >= largest:
                return top * step // 10
        top *= 10


def _y(value: int, top: int) -> str:
    height = HEIGHT - BOTTOM - TOP
    return "%.1f" % (TOP + height - (height * value / top if top else 0))


def _frame(top: int, label: str) -> "list[Shape]":
    """The base line, the top line and the scale's top label."""
    base = str(HEIGHT - BOTTOM)
    return [
        ("line", [("class", "axis"), ("x1", str(LEFT)), ("x2", str(WIDTH)), ("y1", base), ("y2", base)], ""),
        ("line", [("class", "grid"), ("x1", str(LEFT)), ("x2", str(WIDTH)), ("y1", str(TOP)),
                  ("y2", str(TOP))], ""),
        ("text", [("class", "scale"), ("x", str(LEFT - 4)), ("y", str(TOP + 4)), ("text-anchor", "end")],
         label),
        ("text", [("class", "scale"), ("x", str(LEFT - 4)), ("y", base), ("text-anchor", "end")], "0"),
    ]


def short(value: int) -> str:
    """A scale label that fits: 20000 -> "20k", 3000000 -> "3M"."""
    if value >= 1000000 and value % 1000000 == 0:
        return "%dM" % (value // 1000000)
    if value >= 1000 and value % 100 == 0:
        return ("%.1fk" % (value / 1000)).replace(".0k", "k")
    return str(value)


def values_text(values: "list[int]") -> str:
    return ",".join(str(v) for v in values)


def recent_chart(scores: "list[int]") -> "list[Shape]":
    """Your last scores, oldest first, as bars."""
    if not scores:
        return []
    top = scale_top(max(max(scores), 1))
    slot = (WIDTH - LEFT) / max(len(scores), 10)
    width = max(slot * 0.7, 1.0)
    base = HEIGHT - BOTTOM
    path = []
    for index, score in enumerate(scores):
        x = LEFT + index * slot + (slot - width) / 2
        path.append("M%.1f %dV%sh%.1fV%dZ" % (x, base, _y(score, top), width, base))
    return _frame(top, short(top)) + [
        ("path", [("class", "bars mine"), ("d", "".join(path)), ("data-values", values_text(scores))], "")]


def tiles_chart(reached: "list[tuple[int, int]]") -> "list[Shape]":
    """How many games reached each tile, as bars with the tile under each."""
    if not reached:
        return []
    counts = [games for _, games in reached]
    top = scale_top(max(max(counts), 1))
    slot = (WIDTH - LEFT) / len(reached)
    width = slot * 0.6
    base = HEIGHT - BOTTOM
    path = []
    shapes = []
    for index, (tile, games) in enumerate(reached):
        x = LEFT + index * slot + (slot - width) / 2
        path.append("M%.1f %dV%sh%.1fV%dZ" % (x, base, _y(games, top), width, base))
        shapes.append(("text", [("class", "label"), ("x", "%.1f" % (x + width / 2)), ("y", str(HEIGHT - 4)),
                                ("text-anchor", "middle")], str(tile)))
    return _frame(top, short(top)) + shapes + [
        ("path", [("class", "bars s1"), ("d", "".join(path)), ("data-values", values_text(counts))], "")]


def days_in_month(season: str) -> int:
    """The days of a "YYYY-MM" month (Gregorian)."""
    year, month = int(season[:4]), int(season[5:7])
    if month == 2:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return 29 if leap else 28
    return 30 if month in (4, 6, 9, 11) else 31


def season_chart(series: "list[dict[str, Any]]", season: str) -> "list[Shape]":
    """Each player's daily scores across the month: a line per player, through the
    days they played, and a dot for a day no line reaches (no day played beside it);
    the month's days along the bottom."""
    if not series:
        return []
    days = days_in_month(season)
    top = scale_top(max([max([s for _, s in player["scores"]] + [1]) for player in series]))
    span = WIDTH - LEFT - 8

    def x(day: int) -> str:
        return "%.1f" % (LEFT + 4 + span * (day - 1) / max(days - 1, 1))

    shapes = _frame(top, short(top))
    for day in (1, 10, 20, days):
        shapes.append(("text", [("class", "label"), ("x", x(day)), ("y", str(HEIGHT - 4)),
                                ("text-anchor", "middle")], str(day)))
    for index, player in enumerate(series[:SERIES]):
        points = player["scores"]
        colour = "s%d" % index + (" mine" if player.get("mine") else "")
        values = ",".join("%d:%d" % (day, score) for day, score in points)
        coords = " ".join("%s,%s" % (x(day), _y(score, top)) for day, score in points)
        shapes.append(("polyline", [("class", "line " + colour), ("points", coords), ("data-values", values)],
                       ""))
        days_played = [day for day, _ in points]
        for day, score in points:
            if day - 1 not in days_played and day + 1 not in days_played:  # no line reaches it
                shapes.append(("circle", [("class", "dot " + colour), ("cx", x(day)), ("cy", _y(score, top)),
                                          ("r", "2.5")], ""))
    return shapes


MARKED = "mx"  # the grades a review's chart marks: mistakes and blunders
REVIEW_HEIGHT = 132  # the review's chart is a little taller: its move numbers under it
HIT = 12  # a marked move's target radius: 24 across, a thumb's (WCAG 2.5.8), whatever its dot


LOST_TAIL = 10  # a lost game's last positions, left out of the scale (game/review.py TAIL)


def review_scale(values: "list[int]") -> "tuple[int, int]":
    """The value range the review's chart spans: what varies, in steps of ten. A lost
    game's last positions (its fall to 0: no move left) are left out, and drawn on the
    base line where they fall below it, so a game that sat between 77 and 100 for 210
    moves is not drawn flat in the top fifth of its box."""
    seen = values
    if len(values) > 1 and values[-1] == 0:
        seen = values[:-LOST_TAIL] if len(values) > 3 * LOST_TAIL else values[:-1]
    low = max(0, (min(seen) // 10) * 10) if seen else 0
    high = min(100, -(-max(seen) // 10) * 10) if seen else 100
    if high - low < 20:
        low = max(0, high - 20)
        high = low + 20
    return low, high


def move_ticks(last: int) -> "list[int]":
    """The move numbers under the chart: 0, then round steps (1, 2 or 5 times a power of
    ten) at most five of them, and not crowding the last move's own."""
    base = step = 1
    while last // step > 5:
        step = base * 2 if step == base else (base * 5 if step == base * 2 else base * 10)
        if step == base * 10:
            base = step
    ticks = list(range(0, last + 1, step))
    if last - ticks[-1] <= step / 2 and len(ticks) > 1:
        ticks.pop()
    return ticks + [last]


def review_x(index: int, last: int) -> str:
    """Where position `index` of `last` + 1 sits across the review's chart."""
    return "%.1f" % (LEFT + 4 + (WIDTH - LEFT - 8) * index / max(last, 1))


def review_chart(values: "list[int]", grades: str, total: int = 0) -> "list[Shape]":
    """A reviewed game: the position's value (0-100, game/review.py) after each move as
    a line, from the start position on, across the whole game (`total` positions: while
    the review runs, the line stops where the grades have got to), on a scale of what
    varies (`review_scale`; a value below it, the lost end, sits on the base line); the
    move numbers under it; and a dot on each move graded a mistake or a blunder (class
    `grade-m`, `grade-x`) with a thumb-sized target that shows that move (`review-show`).
    The move the board shows is a line of the page's own (`review_x` places it): moving
    it redraws nothing. A thousand points are a thousand formats, no calls: MicroPython
    draws this on the main thread."""
    if not values:
        return []
    low, high = review_scale(values)
    last = max(total or len(values), len(values)) - 1
    base = REVIEW_HEIGHT - BOTTOM
    step = (WIDTH - LEFT - 8) / max(last, 1)
    left = LEFT + 4.0
    rise = (base - TOP) / (high - low)
    shapes: "list[Shape]" = []
    for kind, level in (("axis", base), ("grid", TOP)):
        shapes.append(("line", [("class", kind), ("x1", str(LEFT)), ("x2", str(WIDTH)), ("y1", str(level)),
                                ("y2", str(level))], ""))
    for label, level in ((high, TOP + 4), (low, base)):
        shapes.append(("text", [("class", "scale"), ("x", str(LEFT - 4)), ("y", str(level)),
                                ("text-anchor", "end")], str(label)))
    for tick in move_ticks(last):
        at = [("x", review_x(tick, last)), ("y", str(REVIEW_HEIGHT - 4)), ("text-anchor", "middle")]
        shapes.append(("text", [("class", "label")] + at, str(tick)))
    ys = [base - rise * (min(max(v, low), high) - low) for v in values]
    # In tenths, as whole numbers (scaled back by the line's transform): formatting a
    # thousand pairs of floats was half of this drawing's time in MicroPython.
    coords = " ".join(["%d,%d" % (10 * (left + step * i), 10 * ys[i]) for i in range(len(values))])
    line = [("class", "line s1"), ("points", coords), ("transform", "scale(0.1)"),
            ("vector-effect", "non-scaling-stroke"), ("data-values", values_text(values))]
    shapes.append(("polyline", line, ""))
    for move, grade in enumerate(grades, 1):
        if grade in MARKED and move < len(values):
            at = [("cx", "%.1f" % (left + step * move)), ("cy", "%.1f" % ys[move])]
            shapes.append(("circle", [("class", "dot grade-" + grade), ("r", "3.5")] + at, ""))
            shapes.append(("circle", [("class", "hit"), ("r", str(HIT)), ("data-move", str(move)),
                                      ("data-action", "review-show")] + at, ""))
    return shapes
