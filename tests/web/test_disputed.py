"""A hand short of its opening minimum, refused once where it is typed, then recorded as the
table agrees: marked as disputed wherever the hand is shown, until an edit makes it legal."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest

from tests.support.pdf import pdf_text
from tests.support.web import GOING_OUT, hand, start_match, totals

# Classic, 004 §Uitkomen op tafel: from 3 000 a first meld needs 120.
PAPER = {"paper_hands": "5", "paper_side1": "3420", "paper_side2": "1000"}
# The hand: 5 5 5 and 4 4 4, 30 points on the table; the other side opens with 60.
SHORT = {"side0": {"melds": "5 5 5\n4 4 4", "hand_points": 20}, "side1": {"melds": "A A A"}}
SHORT_QUICK = {
    "side0": {"meld_points": 30, "hand_points": 20},
    "side1": {"meld_points": 60},
}
# As a page or a sheet says it, the score grouped as every figure there (issue 37) ...
WORDS = "melds hold 30 points, less than the opening minimum of 120 at a score of 3,420"
# ... and as data says it (the CSV export, the API's messages: the contract's words).
DATA_WORDS = WORDS.replace("3,420", "3420")


def _page(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def _error_list(page: str, field: str) -> str:
    """The errors shown under a field (its id), as text."""
    found = re.search(rf'<ul class="errors" id="{field}-err"[^>]*>(.*?)</ul>', page, re.S)
    return re.sub(r"<[^>]+>", " ", found.group(1)) if found else ""


@pytest.mark.parametrize(
    ("mode", "data", "field"),
    [("detailed", SHORT, "side0-melds"), ("quick", SHORT_QUICK, "side0-meld_points")],
)
def test_a_short_opening_is_refused_once_with_the_rule_then_recorded_as_agreed(
    client, mode, data, field
):
    url = start_match(client, **PAPER)
    form = {**hand(mode=mode, **data), "out": "none"}
    refused = client.post(url + "/hands/new", data=form)
    assert refused.status_code == 422
    page = _page(refused)
    # On that side's melds (or melded points), the rule quoted with its book.
    under = _error_list(page, field)
    assert WORDS in under
    assert "3,000–4,995: 120" in under  # the rule's text, its figures grouped as the page's
    assert "Canasta, Wikipedia (Nederlands)" in under  # its book
    assert "side1" not in _error_list(page, "side1-melds") + _error_list(page, "side1-meld_points")
    # Everything typed is still there, and one choice records it as it is.
    assert ("5 5 5\n4 4 4" in page) if mode == "detailed" else ('value="30"' in page)
    assert 'name="anyway" value="yes"' in page
    assert "Record it anyway: the table agrees" in page
    assert totals(client, url) == [3420, 1000]  # nothing stored yet

    recorded = client.post(url + "/hands/new", data={**form, "anyway": "yes"})
    assert recorded.status_code == 302
    match = _page(client.get(url))
    assert totals(client, url) == [3420 + 30 - 20, 1000 + 60]  # scored as far as it can
    assert "recorded as the table agreed, marked as disputed" in match
    assert "⚑" in match
    assert "Disputed: recorded as the table agreed, although it breaks these rules:" in match
    assert f"\u2068Side A\u2069: This side's {WORDS}" in match  # the name isolated


def test_the_mark_shows_in_history_sheet_exports_and_api(client, tmp_path):
    url = start_match(client, **PAPER)
    client.post(url + "/hands/new", data={**hand(**SHORT), "out": "none", "anyway": "yes"})
    client.post(url + "/hands/new", data={**hand(**GOING_OUT), "out": "0", "anyway": "yes"})
    match_id, token = url.split("/")[2:4]

    api = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    first, second = api["hands"]
    assert first["disputed"] is True
    assert [(p["code"], p["side"], p["points"], p["minimum"]) for p in first["problems"]] == [
        ("opening_short", 0, 30, 120)
    ]
    assert first["problems"][0]["rule"] == "classic.opening.minimum"
    # The second hand: 85 on the table at 3 430 is short too (GOING_OUT's kings and fives).
    assert second["disputed"] is True

    exported = client.get(url + "/export.json").get_json()
    assert [h.get("disputed") for h in exported["hands"]] == [True, True]
    assert exported["hands"][0]["problems"][0]["code"] == "opening_short"

    rows = list(csv.DictReader(io.StringIO(client.get(url + "/export.csv").get_data(as_text=True))))
    assert DATA_WORDS in rows[0]["disputed"]
    assert rows[0]["disputed"] == rows[1]["disputed"]  # the hand's reasons, on each side's row

    history = _page(client.get(url + "/history"))
    assert history.count("⚑ Disputed") == 2

    text = pdf_text(client.get(url + "/sheet.pdf").data, tmp_path)
    flat = " ".join(text.split())
    assert "Hand 1, disputed: recorded as the table agreed, although it breaks these rules:" in flat
    assert WORDS in flat
    assert "⚑1" in flat


def test_an_edit_that_makes_it_legal_clears_the_mark_and_undo_brings_it_back(client):
    url = start_match(client, **PAPER)
    client.post(url + "/hands/new", data={**hand(**SHORT), "out": "none", "anyway": "yes"})
    match_id, token = url.split("/")[2:4]
    hand_id = client.get(f"/api/matches/{match_id}?token={token}").get_json()["hands"][0]["id"]
    edit = f"{url}/hands/{hand_id}/edit"
    # Editing judges the hand on the totals before it (3 420), not the match's totals now.
    refused = client.post(edit, data={**hand(**SHORT), "out": "none"})
    assert refused.status_code == 422
    assert WORDS in _page(refused)
    legal = {"side0": {"melds": "A A A 2\nK K K K", "hand_points": 20}, "side1": {"melds": "A A A"}}
    assert client.post(edit, data={**hand(**legal), "out": "none"}).status_code == 302
    api = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    assert api["hands"][0]["disputed"] is False
    assert "⚑" not in _page(client.get(url))
    client.post(url + "/undo", data={"token": "u" * 20})
    api = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    assert api["hands"][0]["disputed"] is True
    client.post(url + "/undo", data={"token": "v" * 20})
    assert client.get(f"/api/matches/{match_id}?token={token}").get_json()["hands"] == []


def test_bad_notation_is_never_recorded_anyway(client):
    url = start_match(client)
    data = {**hand(side0={"melds": "4 4 4 1"}), "out": "none", "anyway": "yes"}
    response = client.post(url + "/hands/new", data=data)
    assert response.status_code == 422
    page = _page(response)
    assert 'unknown card "1"' in page
    assert 'name="anyway"' not in page  # typing mistakes are corrected, not agreed
    assert totals(client, url) == [0, 0]


def test_the_preview_puts_each_sides_problems_on_that_side_only(client):
    url = start_match(client, **PAPER)
    data = hand(**SHORT)
    preview = client.get(url + "/hands/preview", query_string=data).get_json()
    ours, theirs = preview["sides"]
    (problem,) = ours["problems"]
    assert problem["message"].startswith(f"This side's {WORDS}")
    assert ours["problems"][0]["source"].startswith("Canasta, Wikipedia (Nederlands)")
    assert ours["problems"][0]["rule"]
    assert theirs["problems"] == []
    assert (ours["total"], ours["match_total"]) == (10, 3430)


def test_the_message_comes_in_the_players_language(client):
    url = start_match(client, **PAPER)
    client.get(url + "?lang=cs")
    page = _page(client.post(url + "/hands/new", data={**hand(**SHORT), "out": "none"}))
    assert "méně než minimum pro první vyložení 120 při skóre 3\xa0420" in page  # grouped
    assert "Přesto zapsat: stůl souhlasí" in page


def test_hand_and_foot_judges_each_hand_by_its_number(client):
    url = start_match(client, preset="hand-and-foot")
    books = "K K K K K K K\nQ Q Q Q Q Q Q\nJ J J J J 2 2\n8 8 8 8 8 8 X\n2 2 2 X X X X"
    # 100 on the table opens the first hand (50) and the second (90), not the third (120).
    theirs = {"melds": "A A A A A"}
    for number in (1, 2, 3):
        data = {**hand(side0={"melds": books}, side1=theirs), "out": "0"}
        response = client.post(url + "/hands/new", data=data)
        if number < 3:
            assert response.status_code == 302
        else:
            assert response.status_code == 422
            assert "less than the opening minimum of 120 in hand 3" in _page(response)


@pytest.mark.parametrize(("lang", "word"), [("en", "Disputed"), ("cs", "Sporné")])
def test_the_tv_marks_a_disputed_hand_as_the_phone_does(client, lang, word):
    """⚑ on the big screen's row of a disputed hand, said in words beside (issue 48)."""
    from tests.support.web import view_url

    url = start_match(client, **PAPER)
    client.post(url + "/hands/new", data={**hand(**SHORT), "out": "none", "anyway": "yes"})
    client.set_cookie("lang", lang)
    screen = _page(client.get(view_url(client, url) + "?screen=1"))
    rows = re.findall(r"<tr( class=\"disputed-hand\")?><th scope=\"row\">(\d+)(.*?)</th>", screen)
    assert [(number, "⚑" in mark, bool(marked)) for marked, number, mark in rows] == [
        ("1", True, True)
    ]
    assert f'<p class="disputed">⚑ {word}</p>' in screen
    phone = _page(client.get(url))
    assert "⚑" in phone.split('id="hand-1"')[1].split("</summary>")[0]


def test_the_tv_flags_no_hand_the_table_did_not_dispute(client):
    from tests.support.web import view_url

    url = start_match(client)
    client.post(url + "/hands/new", data={**hand(**GOING_OUT), "out": "0"})
    screen = _page(client.get(view_url(client, url) + "?screen=1"))
    assert '<th scope="row">1</th>' in screen
    assert "⚑" not in screen
