"""The evening's papers (issue 46): a table card's words beside its QR code, never over
it; several team cards to an A4 page; a late team's card says when it joined."""

from __future__ import annotations

import re
import subprocess
from html import unescape

import pytest
from PIL import Image

from tests.support.pdf import pdf_text_and_pages
from tests.support.tournaments import make
from tests.support.web import make_app


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path, STANDINGS_SECONDS=0).test_client()


def _words(path) -> list[tuple[float, float, float, float, str]]:
    """Every word of page 1 as poppler places it: (left, top, right, bottom) in points."""
    html = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(path), "-"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', html
    )
    return [(float(a), float(b), float(c), float(d), unescape(w)) for a, b, c, d, w in found]


def _code_box(path, folder, words, card_bottom: float) -> tuple[int, int, int, int]:
    """Where the first card's QR code is drawn, in points: the black that is left on the
    page at 72 dpi once every word is blanked out (the card's dashed edge is grey)."""
    subprocess.run(
        ["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", "-singlefile", str(path),
         str(folder / "page")],
        check=True,
    )  # fmt: skip
    image = Image.open(folder / "page.png").convert("L")
    for left, top, right, bottom, _word in words:
        image.paste(255, (int(left) - 1, int(top) - 1, int(right) + 2, int(bottom) + 2))
    # The code is where the page is densely black: squares of 8 points at least 40 %
    # black (a table's ruled lines and the card's edge are thin, the words are blank).
    dense = [
        (x, y)
        for y in range(0, int(card_bottom) - 8, 4)
        for x in range(0, image.width - 8, 4)
        if sum(image.getpixel((x + i, y + j)) < 60 for i in range(8) for j in range(8)) >= 26
    ]
    assert dense, "no code found on the card"
    xs, ys = [x for x, _y in dense], [y for _x, y in dense]
    return min(xs), min(ys), max(xs) + 8, max(ys) + 8


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_a_table_cards_words_sit_beside_its_code_never_over_it(client, tmp_path):
    director, _tid, _token = make(
        client, name="Velká zimní Canasta klubu U Zeleného stromu, finále", hands="3"
    )
    pdf = client.get(f"{director}/round/1/cards.pdf").data
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    words = _words(path)
    second = min(top for _l, top, _r, _b, w in words if w == "Table" and top > 200)
    code = _code_box(path, tmp_path, words, second - 10)
    assert code[2] - code[0] > 100, code  # the code: about 58 mm
    assert code[3] - code[1] > 100, code
    on_card = [w for w in words if w[3] < second - 10]
    assert any(w[4] == "hands" for w in on_card)  # the format line is on the card
    over = [
        w[4]
        for w in on_card
        if w[0] < code[2] and w[2] > code[0] and w[1] < code[3] and w[3] > code[1]
    ]
    assert over == [], code


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_team_cards_share_a_page_and_a_late_team_says_when_it_joined(client, tmp_path):
    director, _tid, _token = make(client, movement="swiss", rounds="3")
    client.post(f"{director}/teams/late", data={"team": "Quido & Rita"})
    client.post(f"{director}/next", data={"early": "yes"})
    text, pages = pdf_text_and_pages(client.get(f"{director}/teams.pdf").data, tmp_path)
    assert pages <= 3  # nine cards, not nine pages
    late = text.split("Quido & Rita")[-1]
    assert "Joined in round 2." in late
    assert "not yet joined" in late
    assert "sat out" not in late
