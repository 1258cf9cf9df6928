"""A match's final card as a small PNG, to send to the family chat with its text.

The words come in already translated and the numbers already written the way the page
writes them (:class:`Card`); this module only lays them out and draws them, with Pillow
(imported lazily, as WeasyPrint is for the sheets) and the DejaVu fonts, which hold the
Czech and Polish letters.  The picture is 800 pixels wide, its figures large enough to
read in a chat's thumbnail, and drawn in a few flat colours so that its palette PNG
stays far below 60 KB.  Right-to-left names are laid out by Pillow's Raqm layout where
the build has it (its wheels do), else drawn as they come, never refused.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

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


@lru_cache(maxsize=16)
def _font(size: int, bold: bool = False) -> Any:
    from PIL import ImageFont

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in _FONTS:
        if (folder / name).exists():
            return ImageFont.truetype(str(folder / name), size)
    return ImageFont.load_default(size)  # no DejaVu: Pillow's own, Latin letters only


def _fit(draw: Any, text: str, size: int, width: int, bold: bool = False) -> tuple[str, Any]:
    """``text`` in the largest font down to two thirds of ``size`` that fits ``width``,
    shortened with an ellipsis where even that is too wide."""
    smallest = max(12, size * 2 // 3)
    for step in range(size, smallest - 1, -2):
        font = _font(step, bold)
        if draw.textlength(text, font=font) <= width:
            return text, font
    font = _font(smallest, bold)
    while text and draw.textlength(text + "…", font=font) > width:
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
# Saves the 20 ms (CPU) a card takes to draw, most of it the palette (2026-11-26).
@lru_cache(maxsize=32)
def _drawn(card: Card) -> bytes:
    from PIL import Image, ImageDraw

    side_height, tall = _SIDE_HEIGHT, _height(card)
    image = Image.new("RGB", (WIDTH, tall), _WHITE)
    pen = ImageDraw.Draw(image)
    inner = WIDTH - 2 * _MARGIN

    # The head: the match's name on the app's green, the rules under it.
    pen.rectangle((0, 0, WIDTH, 130), fill=_GREEN)
    text, font = _fit(pen, card.title, 48, inner, bold=True)
    pen.text((_MARGIN, 22), text, font=font, fill=_WHITE)
    text, font = _fit(pen, card.rules, 30, inner)
    pen.text((_MARGIN, 84), text, font=font, fill=(220, 240, 226))

    # A band per side: name and players on the left, the total large on the right.
    y = 150
    for side in card.sides:
        if side.won:
            pen.rectangle((0, y - 8, WIDTH, y + side_height - 16), fill=_PALE)
            pen.rectangle((0, y - 8, 12, y + side_height - 16), fill=_GOLD)
        total_font = _font(72, bold=True)
        total_width = pen.textlength(side.total, font=total_font)
        pen.text((WIDTH - _MARGIN - total_width, y + 12), side.total, font=total_font, fill=_INK)
        room = int(inner - total_width - 24)
        left = _MARGIN
        if side.won:  # the star apart: a right-to-left name keeps it on the left
            star = _font(44, bold=True)
            pen.text((left, y + 10), "★", font=star, fill=_GREEN)
            left += int(pen.textlength("★ ", font=star))
        text, font = _fit(pen, side.name, 44, room - (left - _MARGIN), bold=True)
        pen.text((left, y + 10), text, font=font, fill=_GREEN if side.won else _INK)
        if side.players:
            text, font = _fit(pen, side.players, 30, room)
            pen.text((_MARGIN, y + 72), text, font=font, fill=_MUTED)
        y += side_height

    # The outcome, then the last hands as a small table.
    for text, font in _outcome_lines(card):
        pen.text((_MARGIN, y + 6), text, font=font, fill=_GREEN)
        y += _OUTCOME_LINE
    y += 38
    if card.hands:
        pen.line((_MARGIN, y - 12, WIDTH - _MARGIN, y - 12), fill=_MUTED, width=2)
        text, font = _fit(pen, card.hands_head, 28, inner)
        pen.text((_MARGIN, y), text, font=font, fill=_MUTED)
        y += 52
        columns = len(card.hands[0]) - 1
        cell = (inner - 90) // max(1, columns)
        for k, side in enumerate(card.sides[:columns]):  # each column under its side's name
            text, font = _fit(pen, side.name, 24, cell - 16, bold=True)
            right = _MARGIN + 90 + cell * (k + 1)
            pen.text((right - pen.textlength(text, font=font), y), text, font=font, fill=_MUTED)
        y += 40
        font = _font(32)
        for row in card.hands:
            pen.text((_MARGIN, y), row[0], font=font, fill=_MUTED)
            for k, score in enumerate(row[1:]):
                right = _MARGIN + 90 + cell * (k + 1)
                pen.text((right - pen.textlength(score, font=font), y), score, font=font, fill=_INK)
            y += _HAND_HEIGHT
    if card.footer:
        font = _font(24)
        width = pen.textlength(card.footer, font=font)
        pen.text((WIDTH - _MARGIN - width, tall - 44), card.footer, font=font, fill=_MUTED)

    # A few colours are all it has: a 32-colour palette keeps the text's edges smooth.
    small = image.quantize(colors=32, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG")  # zlib's default: 19 ms; optimize=True saves 10 % for 50 ms
    return out.getvalue()
