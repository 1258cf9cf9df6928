"""The share card's text: emoji left out rather than drawn as boxes, and a right-to-left
name kept in its place on a left-to-right line, shaped by Raqm (issue 43)."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw, features

from referee.result_card import Card, CardSide, _font, _layout, draw, drawable


def _card(name: str, players: str = "") -> Card:
    sides = (CardSide(name, players, "5,120", won=True), CardSide("Cleo & Dan", "", "3,400"))
    return Card("Friday", "Classic · to 5,000", sides, "★ Winner", "Last hands (2 in all)",
                (("1", "120", "-40"), ("2", "5,000", "3,440")), "Canasta Referee")  # fmt: skip


def test_emoji_are_left_out_and_the_typed_letters_kept():
    assert drawable("Anna 👨‍👩‍👧 & Ben 🎉") == "Anna & Ben"
    assert drawable("Žofie 👍🏽") == "Žofie"
    assert drawable("Łódź ♠♥♦♣") == "Łódź ♠♥♦♣"  # the font has these: kept
    assert drawable("🎉🎉") == "…"  # nothing left to draw: a mark, never an empty box
    assert drawable("محمد") == "محمد"


def test_a_card_with_emoji_draws_as_the_same_card_without_them():
    with_emoji = draw(_card("Anna 🎉 & Ben 👨‍👩‍👧", players="Anna, Ben 🙂"))
    without = draw(_card("Anna & Ben", players="Anna, Ben"))
    assert with_emoji == without


def _ink(text: str, width: int = 700) -> Image.Image:
    image = Image.new("L", (width, 60), 255)
    ImageDraw.Draw(image).text((0, 5), text, font=_font(30), fill=0, **_layout())
    return image


def test_a_right_to_left_name_keeps_its_place_on_the_line():
    assert features.check("raqm")  # Pillow's wheels shape text with it
    line = "محمد & Anna"
    pen = ImageDraw.Draw(Image.new("L", (1, 1)))
    whole = _ink(line)
    alone = _ink("محمد")
    arabic = int(pen.textlength("محمد", font=_font(30), **_layout()))
    # The Arabic name is drawn first, at the left, as it is typed first; Anna on the right.
    left = ImageChops.difference(whole.crop((0, 0, arabic, 60)), alone.crop((0, 0, arabic, 60)))
    assert left.getbbox() is None
    anna = int(pen.textlength("Anna", font=_font(30), **_layout()))
    end = int(pen.textlength(line, font=_font(30), **_layout()))
    right = whole.crop((end - anna - 1, 0, end + 1, 60))  # Anna, at a fraction of a pixel
    ink, expected = _amount(right), _amount(_ink("Anna").crop((0, 0, anna + 1, 60)))
    assert abs(ink - expected) < expected * 0.05


def _amount(image: Image.Image) -> int:
    return sum(255 - value for value in image.tobytes())


def test_the_card_is_a_png():
    assert Image.open(io.BytesIO(draw(_card("محمد & Anna")))).format == "PNG"
