"""Blank score sheets as PDF: one page, the preset's own numbers, readable text."""

import dataclasses
import html
import re
import subprocess

import pytest

from referee.cli import main
from referee.match.ledger import Ledger, compute_ledger
from referee.rules import find_variant
from referee.sheets import blank_sheet_pdf, match_sheet_pdf
from tests.support import sample
from tests.support.pdf import pdf_text_and_pages


@pytest.mark.parametrize(
    ("variant", "paper", "expected"),
    [
        # 000 §7: clean canasta 600, wild canasta with the jokers 2000; §10: 5000 and more: 150
        ("czech", "a4", ["600", "2,000", "150", "10,000"]),
        # 002 §Canasta Karten: a 2 is worth 50
        ("german", "letter", ["German (beginners' rules)", "50", "5,000"]),
        # 001 §Canasta: concealed canasta 1000, wild clean 3000
        ("spanish", "letter", ["1,000", "3,000", "wins the match", "7,000"]),
    ],
)
def test_blank_sheet_is_one_page_with_the_presets_numbers(variant, paper, expected, tmp_path):
    pdf = blank_sheet_pdf(find_variant(variant), paper)
    assert pdf.startswith(b"%PDF")
    text, pages = pdf_text_and_pages(pdf, tmp_path)
    assert pages == 1
    for figure in expected:
        assert figure in text


def test_blank_sheet_from_the_cli(tmp_path, capsys):
    out = tmp_path / "blank.pdf"
    assert main(["blank-sheet", "--variant", "polish", "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert main(["blank-sheet", "--variant", "polish", "--players", "3", "--out", str(out)]) == 2
    assert "not 3" in capsys.readouterr().err


# -- the match sheet -----------------------------------------------------------------------


def hand_lines(text: str, sides: int = 2) -> dict[int, list[str]]:
    """The table's rows as pdftotext -layout gives them: hand number -> the cells (the
    dealer's name, between the number and the cells, left out), each number's grouping
    commas (1,935: the sheet writes numbers as its language does) taken out."""
    rows = {}
    for line in text.splitlines():
        cells = line.split()
        numbers = [cell.replace(",", "") for cell in cells[-8 * sides :]]
        if len(cells) > 8 * sides and _number(cells[0]) and all(_number(c) for c in numbers):
            rows[int(cells[0])] = numbers
    return rows


def _number(cell: str) -> bool:
    return cell.lstrip("-").replace(",", "").isdigit()


@pytest.mark.parametrize(
    ("players", "preset", "paper"),
    [
        (4, "classic", "a4"),
        (2, "czech", "letter"),
        (4, "spanish", "letter"),  # the longest rules box
        (3, "classic", "a4"),  # three sides: landscape
        (3, "spanish", "letter"),
        (3, "czech-fast", "a4"),
    ],
)
def test_a_match_of_20_hands_is_one_page_with_every_score(players, preset, paper, tmp_path):
    ledger = sample.ledger(20, players=players, preset=preset)
    pdf = match_sheet_pdf(ledger, paper)
    assert pdf.startswith(b"%PDF")
    text, pages = pdf_text_and_pages(pdf, tmp_path)
    assert pages == 1
    for name in ledger.match.side_names:
        assert name in text
    rows = hand_lines(text, len(ledger.match.side_names))
    assert sorted(rows) == list(range(1, 21))
    for row in ledger.rows:
        cells = rows[row.number]
        per_side = len(cells) // len(row.scores)
        for side, (score, total) in enumerate(zip(row.scores, row.totals, strict=True)):
            # each side: minimum, melds, bonus, red threes, out, hand, score, total
            assert cells[side * per_side + 6 : side * per_side + 8] == [str(score), str(total)]
    sums = next(line for line in text.splitlines() if "Next opening" in line)
    # Σ  Next opening: <minimum>  <total>, for each side
    said = [int(n.replace(",", "")) for n in sums.split()[1:] if _number(n)]
    assert said[1::2] == list(ledger.totals)


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
@pytest.mark.parametrize("lang", ["de", "pl", "cs"])
def test_twenty_hands_of_three_sides_fit_one_page_in_a_long_language(lang, tmp_path):
    # The Spanish rules' twelve bonuses, in German words, beside the chart: the box keeps
    # each table to its columns and still leaves the page to the hands.
    from referee.i18n import translator

    ledger = sample.ledger(20, players=3, preset="spanish")
    pdf = match_sheet_pdf(ledger, "letter", gettext=translator(lang), lang=lang)
    _text, pages = pdf_text_and_pages(pdf, tmp_path)
    assert pages == 1


def test_60_hands_break_cleanly_with_the_header_on_every_page(tmp_path):
    ledger = sample.ledger(60)
    text, pages = pdf_text_and_pages(match_sheet_pdf(ledger), tmp_path)
    assert pages == 2
    page_texts = text.split("\f")[:pages]
    for n, page in enumerate(page_texts, start=1):
        assert "Melds" in page
        assert "Total" in page
        assert sample.SIDE_NAMES[0] in page
        assert f"Page {n} / {pages}" in page
    assert sorted(hand_lines(text)) == list(range(1, 61))  # no row lost or split


LETTERS = {
    "czech": "ěščřžýáíéůúťďň ĚŠČŘŽÝÁÍÉŮÚŤĎŇ",
    "polish": "ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ",
    "german": "äöüß ÄÖÜ",
    "spanish": "ñáéíóúü¿¡ Ñ",
}


def test_letters_of_four_languages_and_the_suits_come_out(tmp_path):
    base = sample.ledger(3)
    match = dataclasses.replace(
        base.match,
        name=f"{LETTERS['czech']} ♠♥♦♣",
        side_names=(LETTERS["polish"], LETTERS["german"]),
        player_names=(LETTERS["spanish"], "Bořek", "Zoë", "Łucja"),
    )
    pdf = match_sheet_pdf(compute_ledger(match, [row.hand for row in base.rows]))
    text, _pages = pdf_text_and_pages(pdf, tmp_path)
    for words in (*LETTERS.values(), "♠♥♦♣"):
        assert words in text
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout
    # Every glyph came from DejaVu (fonts-dejavu-core): no fallback font, no empty boxes.
    # The hands' numbers are in its monospaced face (sheets.ledger_fields).
    assert sorted(line.split()[0].split("+")[1] for line in fonts.splitlines()[2:]) == [
        "DejaVu-Sans",
        "DejaVu-Sans-Bold",
        "DejaVu-Sans-Mono",
        "DejaVu-Sans-Mono-Bold",
    ]


def test_the_sheet_is_black_and_white(tmp_path):
    path = tmp_path / "sheet.pdf"
    path.write_bytes(match_sheet_pdf(sample.ledger(12, players=3)))
    subprocess.run(["pdftoppm", "-r", "40", str(path), str(tmp_path / "p")], check=True)
    for page in tmp_path.glob("p*.ppm"):
        data = page.read_bytes()
        # P6 header: magic, width, height, maxval, then RGB bytes
        pixels = data.split(b"\n", 3)[3]
        assert all(pixels[i] == pixels[i + 1] == pixels[i + 2] for i in range(0, len(pixels), 3)), (
            "a coloured pixel: the sheet must print the same on a black-and-white printer"
        )


def test_the_chart_and_the_rules_box_are_on_the_sheet(tmp_path):
    ledger = sample.ledger(5)
    text, _pages = pdf_text_and_pages(match_sheet_pdf(ledger), tmp_path)
    assert "Target 100,000" in text  # the chart's target line, grouped as the page's figures
    for heading in ("Card values", "Bonuses", "Opening minimum by score"):
        assert heading in text
    assert "Min.: the opening minimum that applied" in text


def test_the_match_sheet_from_the_cli(tmp_path, capsys):
    from referee.storage import Storage

    db = tmp_path / "r.db"
    Storage.initialise(db)
    storage = Storage(db)
    match = sample.stored_match(storage, hands=4)
    storage.close()
    out = tmp_path / "sheet.pdf"
    args = ["sheet", str(match.id), "--out", str(out), "--db", str(db), "--paper", "letter"]
    assert main(args) == 0
    text, pages = pdf_text_and_pages(out.read_bytes(), tmp_path)
    assert pages == 1
    assert sample.MATCH_NAME in text
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    assert "612 x 792 pts (letter)" in info


def test_a_hand_that_no_longer_scores_is_marked_not_hidden(tmp_path):
    base = sample.ledger(3)
    hands = [row.hand for row in base.rows]
    broken = dataclasses.replace(hands[1], entry={"mode": "detailed", "sides": [{"melds": "K 1"}]})
    ledger = compute_ledger(base.match, [hands[0], broken, hands[2]])
    assert ledger.rows[1].error
    text, _pages = pdf_text_and_pages(match_sheet_pdf(ledger), tmp_path)
    assert "!2" in text.replace(" ", "")
    assert "Hand 2 no longer scores under the rules of this match and counts 0" in text


@pytest.mark.parametrize(
    ("lang", "letters"),
    [("cs", set("áčďéěíňóřšťúůýž")), ("pl", set("ąćęłńóśźż"))],
)
def test_a_sheet_printed_in_czech_or_polish_speaks_it_with_its_diacritics(lang, letters, tmp_path):
    from referee.i18n import translator

    translate = translator(lang)
    pdf = match_sheet_pdf(sample.ledger(3), gettext=translate)
    text, _pages = pdf_text_and_pages(pdf, tmp_path)
    # The page footer too: the app's name and "Page n / m".
    for english in ("Card values", "Bonuses", "Going out", "Total", "Canasta Referee", "Page"):
        assert translate(english) != english
        assert translate(english) in text
    assert letters & set(text.lower())
    blank, _pages = pdf_text_and_pages(
        blank_sheet_pdf(find_variant("czech"), gettext=translate), tmp_path
    )
    assert translate("Card values") in blank
    assert translate("Czech (club rules, 13 cards)") != "Czech (club rules, 13 cards)"
    assert (
        translate("Czech (club rules, 13 cards)") in blank
    )  # the rules' name, in the sheet's language


# -- figures that read cleanly, tables that keep to their columns --------------------------

# A figure as pdftotext -layout reads it: digits grouped by one space (the sheet's group
# separator, a no-break space, comes out as a space) or not at all, perhaps a minus.
FIGURE = re.compile(r"[-−]?\d{1,3}(?: \d{3})*|[-−]?\d+")
FIELDS_OF_A_SIDE = ("minimum", "melds", "bonus", "red_threes", "going_out", "hand", "score")


def _figures(line: str) -> list[int]:
    """A hand's row read as a person reads it: the figures apart, each the run of characters
    between two gaps of two spaces or more (a single space groups a figure's digits); the
    hand number first, perhaps followed by the dealer's name."""
    chunks = re.split(r"\s{2,}", line.strip().lstrip("!⚑✎ "))  # a row's marks
    number, _space, _dealer = chunks[0].partition(" ")  # "2 Tom": hand 2, dealt by Tom
    figures = [number, *chunks[1:]]
    for chunk in figures:
        assert FIGURE.fullmatch(chunk), f"{chunk!r} is not one figure, in {line!r}"
    return [int(re.sub(r"\D", "", f)) * (-1 if f[0] in "-−" else 1) for f in figures]


def _thousands_in_a_hand(hands: int) -> Ledger:
    """Hands of 1 240 with none left in hand, totals below 10 000: the widest figure is a
    hand's score, in the field right after the hand's 0 ("0 1 240" is how it once read)."""
    from referee.match.ledger import HandRecord

    out = {"melds": "K K K K K K K\nQ Q Q Q Q Q Q", "went_out": True, "hand": ""}
    other = {"melds": "A A A", "hand": "5 6"}
    records = [
        HandRecord(n, 1, {"mode": "detailed", "sides": [out, other][:: 1 - 2 * (n % 2)]}, {})
        for n in range(1, hands + 1)
    ]
    return compute_ledger(sample.match(4, "classic"), records)


@pytest.mark.parametrize(
    ("lang", "ledger"),
    [
        ("cs", _thousands_in_a_hand(7)),
        ("pl", _thousands_in_a_hand(7)),
        # A samba match: totals of five digits, grouped in both languages; and three sides.
        ("cs", sample.ledger(32, players=4, preset="samba")),
        ("pl", sample.ledger(12, players=6, preset="samba")),
    ],
    ids=["cs-thousands", "pl-thousands", "cs-samba", "pl-samba-3-sides"],
)
def test_every_figure_of_a_czech_or_polish_sheet_reads_as_its_own(lang, ledger, tmp_path):
    from referee.i18n import local_number, translator
    from referee.sheets import sheet_rows

    widest = max(abs(v) for row in sheet_rows(ledger) for s in row["sides"] for v in s.values())
    assert " " in local_number(widest, lang).replace("\xa0", " ")  # figures grouped here
    text, _pages = pdf_text_and_pages(
        match_sheet_pdf(ledger, gettext=translator(lang), lang=lang), tmp_path
    )
    ledger_text = text.split("Σ")[0]  # the rows, down to the sums
    lines = {
        int(found[1]): line
        for line in ledger_text.splitlines()
        if (found := re.match(r"[\s!⚑✎]*(\d+)(?: \D|\s{2,})", line)) and len(line.split()) > 8
    }
    rows = sheet_rows(ledger)
    assert sorted(lines) == [row["number"] for row in rows]
    for row in rows:
        expected = [row["number"]]
        for side in row["sides"]:
            expected += [side[key] for key in FIELDS_OF_A_SIDE] + [side["total"]]
        assert _figures(lines[row["number"]]) == expected, lines[row["number"]]


def test_a_figure_run_into_its_neighbour_is_caught():
    assert _figures("  3 Tom  50  0  1 220") == [3, 50, 0, 1220]
    with pytest.raises(AssertionError, match="not one figure"):
        _figures("  3 Tom  50  0 1 220")  # hand 0, score 1 220, as the sheet printed it once


def _words(pdf: bytes, folder) -> list[tuple[float, float, str]]:
    """Every word of the PDF's first page with where it starts: (x, y, word)."""
    path = folder / "sheet.pdf"
    path.write_bytes(pdf)
    boxes = subprocess.run(
        ["pdftotext", "-bbox", "-l", "1", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)</word>', boxes)
    return [(float(x), float(y), html.unescape(word)) for x, y, word in found]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["cs", "pl", "de"])
@pytest.mark.parametrize(
    "preset", ["classic", "czech", "samba", "spanish", "polish", "hand-and-foot"]
)
def test_each_reference_table_keeps_to_its_own_column(preset, lang, tmp_path):
    from referee.i18n import translator
    from referee.sheets import reference_tables

    translate = translator(lang)
    variant = find_variant(preset)
    tables = reference_tables(variant, translate, lang)
    words = _words(blank_sheet_pdf(variant, gettext=translate, lang=lang), tmp_path)
    titles = {
        "cards": "Card values",
        "bonuses": "Bonuses",
        "opening": "Opening minimum by score",
        "opening_by_hand": "Opening minimum by hand",
    }
    # The box's headings, left to right, on one line (the card values' first): each starts a
    # column that runs to the next heading; a long table goes on under its heading again.
    first = {translate(titles[key]).split()[0]: key for key in tables}
    top = max(y for _x, y, w in words if w == translate(titles["cards"]).split()[0])
    # (a heading of two lines starts half a line higher: its cell is as tall as the row)
    heads = [(x, y, w) for x, y, w in words if w in first and abs(y - top) < 6]
    starts = sorted((x, first[w]) for x, _y, w in heads)
    top = min(y for _x, y, _w in heads)
    assert [key for _x, key in starts if key] == [
        key for key, rows in tables.items() for _column in range(starts_of(starts, key))
    ]
    bottom = max(y for _x, y, w in words if w == translate("Rules from").split()[0])
    edges = [x for x, _key in starts] + [10_000]
    for key, rows in tables.items():
        held = [
            w
            for (left, owner), right in zip(starts, edges[1:], strict=True)
            if owner == key
            for x, y, w in words
            if left <= x < right and top <= y < bottom
        ]
        written = [
            *translate(titles[key]).split() * starts_of(starts, key),
            *(w for label, value in rows for w in f"{label} {value}".split()),
        ]
        assert sorted(held) == sorted(written), key  # its words, none of another table


def starts_of(starts: list[tuple[float, str]], key: str) -> int:
    """How many columns of the rules box the table ``key`` takes."""
    return sum(owner == key for _x, owner in starts)


@pytest.mark.slow  # twelve sheets laid out: 2.5 s of CPU
def test_sheets_laid_out_in_several_threads_at_once_are_the_same_as_one_at_a_time():
    """The server renders sheets in several threads, each keeping its own fonts between
    renders (referee/sheets.py): sheets of different languages, papers and variants made
    at once come out byte for byte as each made alone, in a thread that kept nothing."""
    from concurrent.futures import ThreadPoolExecutor

    from referee.i18n import translator

    jobs = [
        lambda: match_sheet_pdf(sample.ledger(6), "a4"),
        lambda: match_sheet_pdf(
            sample.ledger(6, players=3), "letter", gettext=translator("cs"), lang="cs"
        ),
        lambda: blank_sheet_pdf(find_variant("samba"), "letter"),
        lambda: blank_sheet_pdf(find_variant("czech"), "a4", gettext=translator("pl"), lang="pl"),
    ]

    def alone(job):
        with ThreadPoolExecutor(1) as fresh:  # a new thread: new fonts
            return fresh.submit(job).result()

    expected = [alone(job) for job in jobs]
    with ThreadPoolExecutor(len(jobs)) as pool:
        together = [pool.submit(job) for job in jobs * 2]
        made = [future.result() for future in together]
    assert made == expected * 2
    assert len(set(expected)) == len(jobs)  # four different sheets
