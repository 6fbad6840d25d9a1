"""Tile palettes in assets/style.css: every number readable on its tile (WCAG 2.x >= 4.5:1).

Reads the style sheet (no browser): each palette is one rule, `[data-palette="ID"]` (classic
also on `:root`), whose `--tN` / `--tN-ink` tokens are `light-dark(LIGHT, DARK)`. The high
contrast theme (`:root[data-theme="contrast"]`) has its own tiles. If the file is not there
(a copy of the tests without the site), every test here is skipped.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from pathlib import Path

import pytest

STYLE = Path(__file__).resolve().parents[2] / "assets" / "style.css"

PALETTES = ("classic", "sunrise", "lagoon", "nebula", "meadow")
SCHEMES = ("light", "dark")
VALUES = tuple(f"t{2**k}" for k in range(1, 18)) + ("tbig",)  # 2 ... 131072, then vbig
TOKENS = tuple(itertools.chain.from_iterable((f"--{v}", f"--{v}-ink") for v in VALUES))
CONTRAST_THEME = ':root[data-theme="contrast"]'

MIN_TEXT = 4.5  # WCAG 1.4.3 (AA), normal text: tile numbers are held to it even though large and bold
MIN_NEIGHBOUR = 0.03  # OKLab distance between the tiles of neighbouring values

Colour = tuple[float, float, float]
Scheme = dict[str, str]  # token -> "#rrggbb"

_HEX = r"#[0-9a-fA-F]{6}"
_DECLARATION = re.compile(r"(--[\w-]+)\s*:\s*([^;]+);")
_LIGHT_DARK = re.compile(rf"^light-dark\(\s*({_HEX})\s*,\s*({_HEX})\s*\)$")


def palette_selector(name: str) -> str:
    return f'[data-palette="{name}"]'


@functools.cache
def _rules() -> tuple[tuple[tuple[str, ...], str], ...]:
    """The innermost rules of the sheet, in order: (selectors, declarations)."""
    try:
        text = STYLE.read_text(encoding="utf-8")
    except OSError:
        return ()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return tuple(
        (tuple(" ".join(part.split()) for part in selectors.split(",")), body)
        for selectors, body in re.findall(r"([^{}]*)\{([^{}]*)\}", text)
    )


def rules() -> tuple[tuple[tuple[str, ...], str], ...]:
    found = _rules()
    if not found:
        pytest.skip(f"{STYLE} is not here")
    return found


def rule_index(selector: str, token: str = "--t2") -> int:
    """Position of the one rule listing `selector` that sets `token`."""
    hits = [i for i, (selectors, body) in enumerate(rules()) if selector in selectors and token in body]
    assert len(hits) == 1, f"{selector}: {len(hits)} rules set {token}, expected one"
    return hits[0]


def declarations(selector: str) -> dict[str, str]:
    return {name: value.strip() for name, value in _DECLARATION.findall(rules()[rule_index(selector)][1])}


def split(value: str) -> tuple[str, str]:
    """(light, dark) of a colour token: light-dark(A, B), or one colour for both."""
    match = _LIGHT_DARK.match(value)
    if match:
        return match.group(1).lower(), match.group(2).lower()
    assert re.fullmatch(_HEX, value), f"not a colour this test reads: {value!r}"
    return value.lower(), value.lower()


def scheme(palette: str, which: str) -> Scheme:
    """The palette's tile tokens in the light or dark scheme, classic filling any gap."""
    index = SCHEMES.index(which)
    resolved = {**declarations(palette_selector("classic")), **declarations(palette_selector(palette))}
    return {token: split(resolved[token])[index] for token in TOKENS}


def rgb(colour: str) -> Colour:
    return (int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255)


def linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    r, g, b = (linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(first: str, second: str) -> float:
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def oklab(colour: str) -> Colour:
    r, g, b = (linear(c) for c in rgb(colour))
    long = math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    medium = math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    short = math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return (
        0.2104542553 * long + 0.7936177850 * medium - 0.0040720468 * short,
        1.9779984951 * long - 2.4285922050 * medium + 0.4505937099 * short,
        0.0259040371 * long + 0.7827717662 * medium - 0.8086757660 * short,
    )


def test_ratio_matches_known_pairs() -> None:
    assert ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("palette", PALETTES)
def test_palette_defines_every_token_light_and_dark(palette: str) -> None:
    own = declarations(palette_selector(palette))
    missing = [token for token in TOKENS if token not in own]
    assert not missing, f"{palette} leaves {missing} to another palette"
    one_colour = [token for token in TOKENS if not _LIGHT_DARK.match(own[token])]
    assert not one_colour, f"{palette}: {one_colour} are not light-dark(light, dark)"


def test_selectors_order_and_specificity() -> None:
    """Classic is :root and [data-palette="classic"]; the others are one attribute selector
    each, after it (same specificity as :root, so later wins on <html>); the contrast theme
    (:root + attribute, more specific) comes after them and sets every tile token."""
    classic = rule_index(palette_selector("classic"))
    assert rules()[classic][0] == (":root", palette_selector("classic"))
    for palette in PALETTES[1:]:
        index = rule_index(palette_selector(palette))
        assert rules()[index][0] == (palette_selector(palette),)
        assert index > classic
        assert rule_index(CONTRAST_THEME) > index
    contrast = {name for name, _ in _DECLARATION.findall(rules()[rule_index(CONTRAST_THEME)][1])}
    assert set(TOKENS) <= contrast


@pytest.mark.parametrize("which", SCHEMES)
@pytest.mark.parametrize("palette", PALETTES)
def test_every_number_readable(palette: str, which: str) -> None:
    tokens = scheme(palette, which)
    low = {
        value: round(ratio(tokens[f"--{value}"], tokens[f"--{value}-ink"]), 2)
        for value in VALUES
        if ratio(tokens[f"--{value}"], tokens[f"--{value}-ink"]) < MIN_TEXT
    }
    assert not low, f"{palette} ({which}): below {MIN_TEXT}:1 {low}"


def test_contrast_theme_numbers_readable() -> None:
    own = declarations(CONTRAST_THEME)
    tokens = {token: split(own[token])[0] for token in TOKENS}
    for value in VALUES:
        assert ratio(tokens[f"--{value}"], tokens[f"--{value}-ink"]) >= MIN_TEXT, value


@pytest.mark.parametrize("which", SCHEMES)
@pytest.mark.parametrize("palette", PALETTES)
def test_neighbouring_values_distinguishable(palette: str, which: str) -> None:
    tiles = [scheme(palette, which)[f"--{value}"] for value in VALUES]
    close = [
        (VALUES[i], VALUES[i + 1], round(math.dist(oklab(a), oklab(b)), 3))
        for i, (a, b) in enumerate(itertools.pairwise(tiles))
        if math.dist(oklab(a), oklab(b)) < MIN_NEIGHBOUR
    ]
    assert not close, f"{palette} ({which}): neighbours too alike {close}"


@pytest.mark.parametrize("which", SCHEMES)
@pytest.mark.parametrize(("first", "second"), list(itertools.combinations(PALETTES, 2)))
def test_palettes_differ(first: str, second: str, which: str) -> None:
    a, b = scheme(first, which), scheme(second, which)
    shared = [value for value in VALUES if a[f"--{value}"] == b[f"--{value}"]]
    assert len(shared) <= 2, f"{first} and {second} ({which}) share tiles {shared}"
