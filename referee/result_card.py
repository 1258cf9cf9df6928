"""A match's final card as a small PNG, to send to the family chat with its text.

The words come in already translated and the numbers already written the way the page
writes them (:class:`Card`); this module only lays them out and draws them, with Pillow
(imported lazily, as WeasyPrint is for the sheets) and the DejaVu fonts, which hold the
Czech and Polish letters.  The picture is 800 pixels wide, its figures large enough to
read in a chat's thumbnail, and drawn in a few flat colours so that its palette PNG
stays far below 60 KB.

Text is shaped by Pillow's Raqm layout where the build has it (its wheels do:
``PIL.features.check("raqm")``), every line laid out left to right as the six languages
are, so that a right-to-left name reads right to left in its place and never turns the
line around it ("محمد & Anna" keeps Anna on the right).  Without Raqm a name is drawn as it
comes.  A character the font has no glyph for (an emoji, its joiners and skin tones) is
left out rather than drawn as an empty box: the card shows the rest of the typed name,
and the page beside it shows the whole (issue 43).
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .caches import lru_cached

__all__ = ["Card", "CardSide", "WIDTH", "draw", "height"]

WIDTH = 800
_MARGIN = 40
_FONTS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),  # Fedora, Arch
    Path("/usr/local/share/fonts/dejavu"),
)
# Flat colours, the app's green: a palette of a few dozen shades with the text's edges.
_GREEN = (20, 83, 45)
_PALE = (236, 245, 239)
_INK = (24, 24, 27)
_MUTED = (82, 82, 91)
_WHITE = (255, 255, 255)
_GOLD = (180, 120, 0)


@dataclass(frozen=True)
class CardSide:
    """A side as the card shows it: its name, its players ("" where the name says them),
    its total, written, and whether it won."""

    name: str
    players: str
    total: str
    won: bool = False


@dataclass(frozen=True)
class Card:
    """Everything the card says, in the page's language."""

    title: str  # the match's name
    rules: str  # the variant and the target: "Classic · to 5,000"
    sides: tuple[CardSide, ...]
    outcome: str  # "★ Winner: Anna & Ben" or "After hand 4: Anna & Ben lead"
    hands_head: str  # "Last hands (6 in all)"
    hands: tuple[tuple[str, ...], ...]  # the last hands: number, then each side's score
    footer: str = ""  # the app's name


def _font_file(bold: bool) -> Path | None:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return next((folder / name for folder in _FONTS if (folder / name).exists()), None)


# Saves 4.6 ms (17 %) of the 27 ms result card drawn (bench/bench_caches.py "card fonts",
# 2026-11-27).  Bound: 16 (a few sizes, bold or not); safe: the font files change only with
# the system.
@lru_cached(16)
def _font(size: int, bold: bool = False) -> Any:
    from PIL import ImageFont

    found = _font_file(bold)
    if found is not None:
        return ImageFont.truetype(str(found), size)
    return ImageFont.load_default(size)  # no DejaVu: Pillow's own, Latin letters only


# Asked at every line drawn, not kept: Pillow's answer costs nothing measurable (2 % of a card
# drawn at most, bench/bench_caches.py "card layout", 2026-11-27).
def _layout() -> dict[str, str]:
    """What every line is drawn and measured with: left to right, where Raqm shapes it."""
    from PIL import features

    return {"direction": "ltr"} if features.check("raqm") else {}


# Marks that steer the layout and are never drawn: Raqm reads them (an isolated name),
# without it they would be boxes.
_BIDI_MARKS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


# Saves 143 ms (87 %) of the 164 ms card drawn (bench/bench_caches.py "card glyphs",
# 2026-11-27): each name drawn asks which characters the font has.  Bound: 2 (bold or not);
# safe: the font files change only with the system.
@lru_cached(2)
def _glyphs(bold: bool) -> frozenset[int]:
    """The characters the card's font can draw (its cmap); every one where there is none."""
    found = _font_file(bold)
    if found is None:
        return frozenset()
    from fontTools.ttLib import TTFont  # WeasyPrint's own dependency

    with TTFont(str(found), lazy=True) as face:
        return frozenset(face.getBestCmap())


# What joins or varies the character before it (an emoji sequence's glue): kept only between
# two characters that are drawn, as in Arabic or Indic words; dropped with an emoji.
_JOINERS = frozenset("\u200c\u200d\ufe0e\ufe0f\u20e3")


# Not kept: 2 % of a card drawn (bench/bench_caches.py "drawable names", 2026-11-27); the
# font's characters it reads are (:func:`_glyphs`).
def drawable(text: str, bold: bool = False) -> str:
    """``text`` without the characters the font would draw as empty boxes (emoji, their
    joiners and modifiers); spaces closed up.  "…" if nothing is left."""
    glyphs = _glyphs(bold)
    if not glyphs:
        return text
    marks = _BIDI_MARKS if _layout() else frozenset()
    drawn = [ord(c) in glyphs or c in marks or c.isspace() for c in text]
    for i, c in enumerate(text):
        if c in _JOINERS:
            before = next((drawn[j] for j in range(i - 1, -1, -1) if text[j] not in _JOINERS), 0)
            after = next((drawn[j] for j in range(i + 1, len(text)) if text[j] not in _JOINERS), 0)
            drawn[i] = bool(before and after)
    kept = " ".join("".join(c for c, keep in zip(text, drawn, strict=True) if keep).split())
    if kept.strip("".join(_BIDI_MARKS)) or not text.strip():
        return kept
    return "…"


def _fit(draw: Any, text: str, size: int, width: int, bold: bool = False) -> tuple[str, Any]:
    """``text`` (what of it the font draws) in the largest font down to two thirds of
    ``size`` that fits ``width``, shortened with an ellipsis where even that is too wide."""
    text = drawable(text, bold)
    smallest = max(12, size * 2 // 3)
    for step in range(size, smallest - 1, -2):
        font = _font(step, bold)
        if draw.textlength(text, font=font, **_layout()) <= width:
            return text, font
    font = _font(smallest, bold)
    while text and draw.textlength(text + "…", font=font, **_layout()) > width:
        text = text[:-1]
    return text.rstrip() + "…", font


# FreeType's faces (the kept fonts) are not to be used by two threads at once: the server's
# threads draw one card at a time (some 20 ms each, and most cards are drawn once).
_DRAWING = threading.Lock()


_SIDE_HEIGHT = 150
_HAND_HEIGHT = 44


_OUTCOME_LINE = 52


def _outcome_lines(card: Card) -> list[tuple[str, Any]]:
    """The outcome in one line where it fits in two thirds of its size, else in two: its
    figure is never cut off ("…, with 2,055")."""
    from PIL import Image, ImageDraw

    pen = ImageDraw.Draw(Image.new("1", (1, 1)))
    inner = WIDTH - 2 * _MARGIN
    text, font = _fit(pen, card.outcome, 40, inner, bold=True)
    if text == card.outcome:
        return [(text, font)]
    words = card.outcome.split(" ")
    # The break that leaves the longer line shortest.
    best = min(
        range(1, len(words)),
        key=lambda k: max(len(" ".join(words[:k])), len(" ".join(words[k:]))),
        default=1,
    )
    halves = [h for h in (" ".join(words[:best]), " ".join(words[best:])) if h]
    fitted = [_fit(pen, half, 34, inner, bold=True) for half in halves]
    size = min(font.size for _text, font in fitted)  # both lines in the same size
    return [_fit(pen, text, size, inner, bold=True) for text, _font in fitted]


def height(card: Card) -> int:
    """The card's height in pixels (a page sets it on the picture: nothing moves as it loads)."""
    with _DRAWING:
        return _height(card)


def _height(card: Card) -> int:
    hands = (100 + _HAND_HEIGHT * len(card.hands)) if card.hands else 0
    outcome = 38 + _OUTCOME_LINE * len(_outcome_lines(card))
    return 150 + _SIDE_HEIGHT * len(card.sides) + outcome + hands + 60


def draw(card: Card) -> bytes:
    """The PNG of ``card``: 800 pixels wide, as tall as it needs."""
    with _DRAWING:
        return _drawn(card)


# A card drawn is drawn once: every phone at the table asks for the same picture.  Bound:
# 32 cards of some 20 KB; safe: keyed by everything the card shows (a frozen value).
# Saves 21 ms (95 %) of the 22 ms result.png (bench/bench_caches.py "result cards",
# 2026-11-27), most of it the palette.
@lru_cached(32)
def _drawn(card: Card) -> bytes:
    from PIL import Image, ImageDraw

    side_height, tall = _SIDE_HEIGHT, _height(card)
    image = Image.new("RGB", (WIDTH, tall), _WHITE)
    pen = ImageDraw.Draw(image)
    inner = WIDTH - 2 * _MARGIN

    # The head: the match's name on the app's green, the rules under it.
    pen.rectangle((0, 0, WIDTH, 130), fill=_GREEN)
    text, font = _fit(pen, card.title, 48, inner, bold=True)
    pen.text((_MARGIN, 22), text, font=font, fill=_WHITE, **_layout())
    text, font = _fit(pen, card.rules, 30, inner)
    pen.text((_MARGIN, 84), text, font=font, fill=(220, 240, 226), **_layout())

    # A band per side: name and players on the left, the total large on the right.
    y = 150
    for side in card.sides:
        if side.won:
            pen.rectangle((0, y - 8, WIDTH, y + side_height - 16), fill=_PALE)
            pen.rectangle((0, y - 8, 12, y + side_height - 16), fill=_GOLD)
        total_font = _font(72, bold=True)
        total_width = pen.textlength(side.total, font=total_font, **_layout())
        pen.text(
            (WIDTH - _MARGIN - total_width, y + 12),
            side.total,
            font=total_font,
            fill=_INK,
            **_layout(),
        )
        room = int(inner - total_width - 24)
        left = _MARGIN
        if side.won:  # the star apart: a right-to-left name keeps it on the left
            star = _font(44, bold=True)
            pen.text((left, y + 10), "★", font=star, fill=_GREEN, **_layout())
            left += int(pen.textlength("★ ", font=star, **_layout()))
        text, font = _fit(pen, side.name, 44, room - (left - _MARGIN), bold=True)
        pen.text((left, y + 10), text, font=font, fill=_GREEN if side.won else _INK, **_layout())
        if side.players:
            text, font = _fit(pen, side.players, 30, room)
            pen.text((_MARGIN, y + 72), text, font=font, fill=_MUTED, **_layout())
        y += side_height

    # The outcome, then the last hands as a small table.
    for text, font in _outcome_lines(card):
        pen.text((_MARGIN, y + 6), text, font=font, fill=_GREEN, **_layout())
        y += _OUTCOME_LINE
    y += 38
    if card.hands:
        pen.line((_MARGIN, y - 12, WIDTH - _MARGIN, y - 12), fill=_MUTED, width=2)
        text, font = _fit(pen, card.hands_head, 28, inner)
        pen.text((_MARGIN, y), text, font=font, fill=_MUTED, **_layout())
        y += 52
        columns = len(card.hands[0]) - 1
        cell = (inner - 90) // max(1, columns)
        for k, side in enumerate(card.sides[:columns]):  # each column under its side's name
            text, font = _fit(pen, side.name, 24, cell - 16, bold=True)
            right = _MARGIN + 90 + cell * (k + 1)
            pen.text(
                (right - pen.textlength(text, font=font, **_layout()), y),
                text,
                font=font,
                fill=_MUTED,
                **_layout(),
            )
        y += 40
        font = _font(32)
        for row in card.hands:
            pen.text((_MARGIN, y), row[0], font=font, fill=_MUTED, **_layout())
            for k, score in enumerate(row[1:]):
                right = _MARGIN + 90 + cell * (k + 1)
                pen.text(
                    (right - pen.textlength(score, font=font, **_layout()), y),
                    score,
                    font=font,
                    fill=_INK,
                    **_layout(),
                )
            y += _HAND_HEIGHT
    if card.footer:
        font = _font(24)
        width = pen.textlength(card.footer, font=font, **_layout())
        pen.text(
            (WIDTH - _MARGIN - width, tall - 44), card.footer, font=font, fill=_MUTED, **_layout()
        )

    # A few colours are all it has: a 32-colour palette keeps the text's edges smooth.
    small = image.quantize(colors=32, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG")  # zlib's default: 19 ms; optimize=True saves 10 % for 50 ms
    return out.getvalue()
