"""Issue 45: a special hand recorded card by card on the phone's form, shown again for
editing, refused where it cannot be, and on the blank sheet's reference box."""

from __future__ import annotations

import re

from tests.support.web import hand, start_match, totals


def _record(client, url, special, side0=None):
    data = hand(side0=side0 or {}, side1={"hand_points": 30})
    data["out"] = "0"
    data["out_special"] = special
    return client.post(url + "/hands/new", data=data)


def test_a_special_hand_card_by_card_scores_its_value(client):
    url = start_match(client, preset="american")
    response = _record(client, url, "straight")
    assert response.status_code == 302, re.findall(r"<li>([^<]+)", response.get_data(True))
    # pagat-american §Special Hands: a straight 3000; the other side's 30 in hand against it.
    assert totals(client, url) == [3000, -30]


def test_the_hand_is_shown_again_with_its_special_hand(client):
    url = start_match(client, preset="american")
    _record(client, url, "garbage")
    page = client.get(url + "/hands/1/edit").get_data(as_text=True)
    chosen = re.findall(r"<option[^>]*\bselected\b[^>]*>", page)
    assert [o for o in chosen if 'value="garbage"' in o], chosen


def test_a_special_hand_beside_the_sides_melds_is_refused(client):
    url = start_match(client, preset="american")
    response = _record(client, url, "pairs", side0={"melds": "K K K K\nA A A"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422  # refused, with the reason beside the choice
    assert "a special hand is the side" in page.replace("&#39;", "'").lower()
    assert totals(client, url) == [0, 0]


def test_a_game_without_special_hands_has_no_such_choice(client):
    url = start_match(client, preset="classic")
    assert "out_special" not in client.get(url + "/hands/new").get_data(as_text=True)
    assert "out_special" in client.get(
        start_match(client, preset="american") + "/hands/new"
    ).get_data(as_text=True)


def test_the_blank_sheets_reference_box_lists_the_special_hands():
    from referee.rules import find_variant
    from referee.sheets import reference_tables

    bonuses = dict(reference_tables(find_variant("american"))["bonuses"])
    # pagat-american §Special Hands, each with its value.
    assert {
        name: bonuses[name]
        for name in ("Straight", "Pairs without wild cards", "Pairs with wild cards", "Garbage")
    } == {
        "Straight": "3,000",
        "Pairs without wild cards": "2,500",
        "Pairs with wild cards": "2,000",
        "Garbage": "2,000",
    }
    assert "Straight" not in dict(reference_tables(find_variant("classic"))["bonuses"])


def test_the_ledger_and_the_sheet_name_the_special_hand(client, tmp_path):
    from tests.support.pdf import pdf_text

    url = start_match(client, preset="american")
    _record(client, url, "pairs_wild")
    page = client.get(url).get_data(as_text=True)
    assert "Special hand: Pairs with wild cards" in page
    sheet = client.get(url + "/sheet.pdf")
    assert sheet.data.startswith(b"%PDF")
    text = " ".join(pdf_text(sheet.data, tmp_path).split())
    assert "went out with a special hand: Pairs with wild cards" in text
