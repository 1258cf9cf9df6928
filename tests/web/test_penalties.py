"""Issue 45: the book's penalty for an irregularity (american, cla-laws §Penalties: 10
points) as a hand's penalties per side, on both entry forms, scored as ``referee score``
scores them, named in the ledger and on the sheets; absent from a game without one."""

from __future__ import annotations

import re

from referee.match.contract import score_json
from tests.support.web import hand, start_match, totals

OUT = {"melds": "K K K K K K K\nQ Q Q Q Q Q Q\n9 9 9", "went_out": True}
OTHER = {"melds": "J J J J J\n10 10 10 10 10\n8 8 8", "hand_points": 30}


def _expected(penalties: tuple[int, int]) -> list[int]:
    data = {
        "variant": "american",
        "sides": [
            {"melds": OUT["melds"].split("\n"), "went_out": True, "penalties": penalties[0]},
            {"melds": OTHER["melds"].split("\n"), "hand_points": 30, "penalties": penalties[1]},
        ],
    }
    out, status = score_json(data)
    assert status == 0, out["errors"]
    return [side["total"] for side in out["sides"]]


def test_penalties_card_by_card_are_what_referee_score_gives(client):
    url = start_match(client, preset="american")
    data = hand(side0={**OUT, "penalties": 2}, side1={**OTHER, "penalties": 1})
    data["out"] = "0"
    response = client.post(url + "/hands/new", data=data)
    assert response.status_code == 302, re.findall(r"<li>([^<]+)", response.get_data(True))
    assert totals(client, url) == _expected((2, 1))
    # Ten points each (cla-laws §Penalties): the same hand without them scores 20 and 10 more.
    assert [a - b for a, b in zip(_expected((0, 0)), _expected((2, 1)), strict=True)] == [20, 10]
    page = client.get(url).get_data(as_text=True)
    assert re.search(r"<dt>Penalties</dt><dd>-20</dd>", page.replace("−", "-")), "ledger"


def test_penalties_on_the_quick_form_score_the_same(client):
    url = start_match(client, preset="american")
    # The same cards counted: kings and queens natural canastas, 9 9 9 melded; the other
    # side's jacks, tens and eights melded, no canasta (their melds count minus).
    data = hand(
        "quick",
        side0={"canastas_natural": 2, "meld_c10": 17, "penalties": 2},
        side1={"meld_c10": 13, "hand_points": 30, "penalties": 1},
    )
    data["out"] = "0"
    response = client.post(url + "/hands/new", data=data)
    assert response.status_code == 302, re.findall(r"<li>([^<]+)", response.get_data(True))
    assert totals(client, url) == _expected((2, 1))


def test_the_penalties_fold_is_closed_until_one_is_counted(client):
    url = start_match(client, preset="american")
    for mode in ("quick", "detailed"):
        page = client.get(f"{url}/hands/new?mode={mode}").get_data(as_text=True)
        fold = re.search(r'<details class="fold penalties"( open="")?>(.*?)</details>', page, re.S)
        assert fold, mode
        assert fold.group(1) is None  # folded: most hands have none
        assert 'name="side0-penalties"' in fold.group(2)
        assert "Penalties of 10 for an irregularity" in fold.group(2)


def test_the_sheet_and_the_blank_sheet_name_the_penalty(client, tmp_path):
    from referee.rules import find_variant
    from referee.sheets import reference_tables
    from tests.support.pdf import pdf_text

    url = start_match(client, preset="american")
    data = hand(side0={**OUT, "penalties": 1}, side1=OTHER)
    data["out"] = "0"
    assert client.post(url + "/hands/new", data=data).status_code == 302
    sheet = client.get(url + "/sheet.pdf")
    assert sheet.data.startswith(b"%PDF")
    text = " ".join(pdf_text(sheet.data, tmp_path).split())
    assert "was charged penalties for irregularities: -10" in text.replace("−", "-")
    bonuses = dict(reference_tables(find_variant("american"))["bonuses"])
    assert bonuses["Penalty for an irregularity"] == "−10"
    assert "Penalty for an irregularity" not in dict(
        reference_tables(find_variant("classic"))["bonuses"]
    )


def test_a_game_without_a_points_penalty_asks_for_none(client):
    url = start_match(client, preset="classic")
    for mode in ("quick", "detailed"):
        page = client.get(f"{url}/hands/new?mode={mode}").get_data(as_text=True)
        assert "side0-penalties" not in page
    # Through the contract, a penalty where the book names none is a problem, not a score.
    out, status = score_json({"variant": "classic", "sides": [{"penalties": 1}, {}]})
    assert status == 1
    assert [e["code"] for e in out["errors"]] == ["not_in_variant"]
    assert out["sides"][0]["total"] == 0


def test_a_penalty_added_later_is_in_the_history_in_the_forms_words(client):
    url = start_match(client, preset="american")
    data = hand(side0=OUT, side1=OTHER)
    data["out"] = "0"
    assert client.post(url + "/hands/new", data=data).status_code == 302
    edited = hand(side0=OUT, side1={**OTHER, "penalties": 2})
    edited["out"] = "0"
    assert client.post(url + "/hands/1/edit", data=edited).status_code == 302
    assert totals(client, url) == _expected((0, 2))
    history = client.get(url + "/history").get_data(as_text=True)
    assert "Side B</bdi>, Penalties of 10 for an irregularity" in history
    assert "<del>0</del>" in history
    assert "<ins>2</ins>" in history
    page = client.get(url + "/history?lang=de").get_data(as_text=True)
    assert "Strafen von 10 für einen Regelverstoß" in page
