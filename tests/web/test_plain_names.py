"""Words a player knows: no page, sheet or ruling text shows a seed's file name or number
("000_09093ec587c4cd5a.txt §3", "Czech (Canasta, 000)"), in any language; rules are cited
by their book's title and section.  JSON keeps the ids for programs, with the titles beside."""

from __future__ import annotations

import re
import subprocess

import pytest

from referee.i18n import LANGUAGES
from referee.match.contract import check_json
from referee.rules import PRESETS
from referee.rules.sources import BOOKS, book_of
from tests.support.web import GOING_OUT, hand, start_match

# A seed's file name, or its number as the old preset names gave it: "(Canasta, 000)",
# "(000, rychlejší varianta)".  Thousands written "10 000" are not numbers of this shape.
SEED = re.compile(r"00[0-4]_[0-9a-f]{16}|(?<!\d)[(,] ?00[0-4][),]")


def seen(text: str) -> list[str]:
    return sorted({match.group(0) for match in SEED.finditer(text)})


def test_the_pattern_finds_what_it_should():
    # Guard the scan: it finds the old names and the file names, not thousands.
    assert seen("Czech (Canasta, 000) · 000_09093ec587c4cd5a.txt §3") != []
    assert seen("Czech fast (000, rychlejší varianta)") != []
    assert seen("10 000 · 5,000 · 2000 · 1 000 000 · (1,000, 2,000)") == []


@pytest.fixture
def urls(client):
    url = start_match(client, preset="czech", side0_name="Nord", side1_name="Süd")
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    hand_id = re.search(r"/hands/(\d+)/edit", client.get(url).get_data(as_text=True)).group(1)
    spanish = start_match(client, preset="spanish")
    pages = [
        "/",
        "/matches/new",
        "/matches/import",
        "/rules/compare",
        "/referee",
        url,
        url + "/hands/new",
        url + "/hands/new?mode=quick",
        url + f"/hands/{hand_id}/edit",
        url + "/history",
        url + "/referee",
        url + "/rules",
        spanish + "/hands/new?mode=quick",
        *(f"/rules/{variant_id}" for variant_id in PRESETS),
        *(f"/referee?variant={variant_id}" for variant_id in PRESETS),
    ]
    return url, pages


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_page_shows_a_seed_file_or_number(client, urls, lang):
    _url, pages = urls
    found = {}
    for path in pages:
        response = client.get(path, headers={"Accept-Language": lang})
        assert response.status_code == 200, path
        if seen(response.get_data(as_text=True)):
            found[path] = seen(response.get_data(as_text=True))
    assert found == {}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rulings_and_errors_cite_a_book_by_its_title(client, lang):
    headers = {"Accept-Language": lang}
    # A ruling under the Czech rules, and a hand refused under the Spanish ones.
    data = {"question": "meld", "meld-cards": "9 9 X X X X"}
    page = client.post("/referee?variant=czech", data=data, headers=headers).get_data(True)
    assert BOOKS["000_09093ec587c4cd5a.txt"].title in page
    assert seen(page) == []
    url = start_match(client, preset="spanish")
    refused = client.post(
        url + "/hands/new",
        data=hand(side0={"melds": "K K K K K K K", "went_out": True}),
        headers=headers,
    )
    assert refused.status_code == 422
    assert BOOKS["001_680538e4d6b26737.txt"].title in refused.get_data(as_text=True)
    assert seen(refused.get_data(as_text=True)) == []


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_sheet_shows_a_seed_file_or_number(client, urls, lang, tmp_path):
    url, _pages = urls
    pdfs = {"match sheet": client.get(url + "/sheet.pdf", headers={"Accept-Language": lang})}
    pdfs["blank sheet"] = client.get(url + "/blank.pdf", headers={"Accept-Language": lang})
    for name, response in pdfs.items():
        assert response.status_code == 200, name
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(response.data)
        text = subprocess.run(
            ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert seen(text) == [], (name, seen(text))


@pytest.mark.parametrize("variant_id", list(PRESETS))
def test_every_blank_sheet_names_its_books(variant_id, tmp_path):
    from referee.sheets import blank_sheet_pdf

    path = tmp_path / "blank.pdf"
    path.write_bytes(blank_sheet_pdf(PRESETS[variant_id]))
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert seen(text) == []
    books = [book_of(part.strip()).title for part in PRESETS[variant_id].seed.split(",")]
    flat = " ".join(text.split())
    assert all(title in flat for title in books), (books, flat[-300:])


def test_json_keeps_the_source_id_and_adds_its_title():
    answer = check_json({"variant": "czech", "question": "meld", "cards": "9 9 X X X X"})
    rule = answer["rule"]
    assert rule["source"].startswith("000_09093ec587c4cd5a.txt")
    assert rule["source_title"].startswith(BOOKS["000_09093ec587c4cd5a.txt"].title)
    assert seen(rule["source_title"]) == []
