"""What a player sees: numbers that fit their tiles on the smallest board cells."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Route

from tests.e2e import positions
from tests.e2e.conftest import OpenGame

SHOTS = os.environ.get("SCREENSHOTS")  # a folder: keep what the test saw, to look at

# Every value up to 131072 and the largest possible, on the largest board (smallest cells).
BIG_NUMBERS = positions.board_of([
    [2, 4, 8, 16, 32, 64],
    [128, 256, 512, 1024, 2048, 4096],
    [8192, 16384, 32768, 65536, 131072, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 1 << 37],  # the largest tile a 6x6 board can hold: twelve digits
])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_number_fits_its_tile_on_a_6x6_board_on_a_390px_phone(
        open_game: OpenGame, scheme: str) -> None:
    game = open_game(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                     color_scheme=scheme, reduced_motion="reduce")
    game.set_board(BIG_NUMBERS)
    data = game.start()
    assert data["size"] == "6" and data["status"] == "won"  # the board holds a 2048
    game.click("[data-action=keep-playing]")
    game.wait_status("playing")
    tiles = game.evaluate(
        "() => [...document.querySelectorAll('#tiles .tile')].map(t => {"
        " const s = t.firstElementChild, r = t.getBoundingClientRect();"
        " return {text: t.textContent, width: r.width, fits: s.scrollWidth <= t.clientWidth + 0.5,"
        "  bg: getComputedStyle(t).backgroundColor}; })")
    assert sorted(t["text"] for t in tiles) == sorted(
        str(v) for row in BIG_NUMBERS for v in row if v)
    assert all(t["fits"] for t in tiles), [t["text"] for t in tiles if not t["fits"]]
    assert min(t["width"] for t in tiles) >= 40, "tiles too small to read on a phone"
    assert len({t["bg"] for t in tiles}) == len(tiles), "two values share a colour"
    assert game.scroll_y() == 0
    if SHOTS:
        game.page.screenshot(path=str(Path(SHOTS) / f"phone-6x6-{scheme}.png"))


def _luminance(rgb: str) -> float:
    """Relative luminance (WCAG) of a computed `rgb(r, g, b)` colour."""
    channels = [int(float(part)) / 255 for part in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("theme", ["light", "dark", "contrast"])
def test_the_charts_labels_and_lines_stand_out_from_their_background(open_game: OpenGame, theme: str) -> None:
    """axe cannot judge SVG text (test_accessibility.py leaves the charts' labels to
    this test): the scale's labels are 4.5:1 against the chart's background, and every
    player's colour 3:1 (a graphical object, WCAG 1.4.11), in every theme."""
    scheme = "dark" if theme == "dark" else "light"
    game = open_game(viewport={"width": 1000, "height": 800}, color_scheme=scheme)
    chosen = theme if theme != "dark" else "auto"
    game.prepare_storage({positions.SETTINGS_KEY: positions.settings_text(theme=chosen)})
    game.start()
    colours = game.page.evaluate("""() => {
      const figure = document.getElementById('season-chart-box');
      const probe = document.createElementNS('http://www.w3.org/2000/svg', 'text');
      document.getElementById('season-chart').appendChild(probe);
      const found = {back: getComputedStyle(figure).backgroundColor, label: getComputedStyle(probe).fill,
                     lines: []};
      for (let i = 0; i < 8; i++) {
        const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
        line.setAttribute('class', 'line s' + i);
        document.getElementById('season-chart').appendChild(line);
        found.lines.push(getComputedStyle(line).stroke);
      }
      return found;
    }""")

    def ratio(a: str, b: str) -> float:
        high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    assert ratio(colours["label"], colours["back"]) >= 4.5, colours
    for line in colours["lines"]:
        assert ratio(line, colours["back"]) >= 3, (line, colours)


def test_a_notice_stands_above_the_new_version_offer_never_over_it(open_game: OpenGame) -> None:
    """Both sit at the bottom of the screen; while the offer shows, a notice moves up."""
    game = open_game(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    game.start()
    boxes = game.evaluate("""() => {
      const notice = document.getElementById('notice'), update = document.getElementById('update');
      notice.textContent = 'Saved';
      notice.hidden = false;
      const alone = notice.getBoundingClientRect().bottom;
      update.hidden = false;
      return {alone, notice: notice.getBoundingClientRect().bottom,
              update: update.getBoundingClientRect().top};
    }""")
    assert boxes["notice"] <= boxes["update"], boxes
    assert boxes["notice"] < boxes["alone"], boxes


_CENTRES = """() => {
  const cells = [...document.querySelectorAll('#cells .cell')];
  const size = Math.round(Math.sqrt(cells.length));
  const centre = (r) => [r.x + r.width / 2, r.y + r.height / 2, r.width];
  return [...document.querySelectorAll('#tiles .tile:not(.ghost):not(.spare)')].map((tile) => {
    const row = Number(tile.style.getPropertyValue('--r'));
    const col = Number(tile.style.getPropertyValue('--c'));
    return {text: tile.textContent, merged: tile.classList.contains('merged'),
            scale: getComputedStyle(tile).scale,
            tile: centre(tile.getBoundingClientRect()),
            cell: centre(cells[row * size + col].getBoundingClientRect())};
  });
}"""


def test_a_popping_tile_grows_about_its_own_cells_centre_and_a_slide_ends_in_its_cell(
        open_game: OpenGame) -> None:
    """The tiles reach their cells by `transform` (not the `translate` property, whose
    transition crashed WebKitGTK's web process), and a pop's `scale` applies after it:
    the pop must still grow about the tile's own centre, not drift toward the board's
    corner."""
    game = open_game(viewport={"width": 1000, "height": 800}, reduced_motion="no-preference")
    game.set_board(positions.board_of([[2, 2, 0, 0], [0, 0, 0, 0], [16, 0, 0, 0], [0, 0, 0, 8]]))
    game.start()
    # Every animation paused as the key's own task makes it (a mutation observer runs
    # before the next frame): on a loaded machine the 180 ms pop could otherwise be over,
    # and gone from getAnimations(), by the time the test looks.
    game.evaluate("""() => new MutationObserver(() => {
      for (const a of document.getAnimations()) a.pause();
    }).observe(document.getElementById('tiles'), {subtree: true, childList: true, attributes: true})""")
    game.press("ArrowRight")
    game.wait_inputs(1)
    # Every pop held at 55 % of its keyframes (scale 1.12), every slide at its end.
    game.evaluate("""() => {
      for (const a of document.getAnimations()) {
        const t = a.effect.getComputedTiming();
        a.pause();
        a.currentTime = a instanceof CSSAnimation ? t.delay + 0.55 * t.duration : t.endTime;
      }
    }""")
    tiles = game.evaluate(_CENTRES)
    popped = [t for t in tiles if t["merged"]]
    assert [(t["text"], t["scale"]) for t in popped] == [("4", "1.12")], tiles  # the merge, mid-pop
    assert any(t["text"] == "16" for t in tiles), tiles  # slid from column 1 to column 4
    for t in tiles:
        (tx, ty, _), (cx, cy, _) = t["tile"], t["cell"]
        assert abs(tx - cx) < 1 and abs(ty - cy) < 1, f"{t['text']} drifted from its cell: {t}"
    merged = popped[0]
    assert merged["tile"][2] > merged["cell"][2] * 1.1, merged  # it is drawn larger than its cell


_LOADING_DOT = """() => {
  const dot = document.getAnimations().find(a => a.animationName === 'loading-pulse'
    && a.effect.target.closest('#loading'));
  if (!dot) return null;
  const t = dot.effect.getComputedTiming();
  return {delay: t.delay, time: dot.currentTime, pulsing: t.progress !== null};
}"""


def test_the_loading_dot_pulses_only_once_a_start_has_taken_a_second(open_game: OpenGame) -> None:
    """An animation, even a composited one, has the compositor draw a frame sixty times a
    second, CPU that a quick start shares two cores with: the "Starting Python…" dot
    waits a second before it pulses. A start held longer (MicroPython's WebAssembly
    held back here) shows it pulsing."""
    game = open_game(reduced_motion="no-preference")
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    game.context.route("**/micropython.wasm", hold)
    game.goto(wait_until="domcontentloaded")
    first = game.evaluate(_LOADING_DOT)
    assert first is not None, "no pulse on the loading dot: this test no longer finds it"
    assert first["delay"] >= 1000, first
    game.poll("the loading dot to pulse while the start is held",
              lambda: bool((game.evaluate(_LOADING_DOT) or {}).get("pulsing")), timeout=10)
    assert game.state()["status"] == "loading"
    for route in held:
        route.continue_()
