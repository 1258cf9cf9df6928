"""A table's own rules in the app: the editor on the new-match forms, the rules file, the
match's pages, the referee, the sheets and the API following the changed values."""

from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import escape

from tests.support.pdf import pdf_text
from tests.support.profiles import examples
from tests.support.web import (
    GOING_OUT,
    editor_fields,
    hand,
    house_match,
    open_editor,
    start_group,
    totals,
    view_url,
)

SIX_HUNDRED = {"r_canasta_bonus_natural": "600", "r_going_out_bonus": "200"}


def test_the_editor_shows_every_value_beside_the_presets_and_its_source(client):
    page = open_editor(client)
    assert "Your table's rules, based on Classic" in page
    # Grouped as the rulebook page groups its rules.
    for title in ("Cards and values", "Melds", "Canastas", "Opening", "The pile", "Going out"):
        assert f"<summary>{title}</summary>" in page
    assert 'name="r_canasta_bonus_natural" value="500"' in page
    assert 'name="r_card_points_X" value="50"' in page
    assert 'name="r_opening_table" value="0: 50, 1500: 90, 3000: 120"' in page
    # Each value says what the preset has and where it comes from.
    assert re.search(
        r'id="going_out_bonus-was">Classic: 100 · <cite>Canasta, Wikipedia \(Nederlands\), '
        r"§Uitgaan",
        page,
    )
    # Nothing is marked changed yet; nothing was sent.
    assert 'class="differs-mark"' not in page.split('id="house-rules"')[1]


def test_without_changes_a_match_keeps_no_house_rules(client, app):
    edit = house_match(client, {})
    page = client.get(edit).get_data(as_text=True)
    assert "House rules based on" not in page
    data = client.get(f"/api/matches/{edit.split('/')[2]}?token={edit.split('/')[3]}").get_json()
    assert data["rules"] == {}


def test_a_changed_canasta_and_going_out_score_the_hand_and_show_marked(client):
    edit = house_match(client, SIX_HUNDRED)
    page = client.get(edit).get_data(as_text=True)
    assert "House rules based on Classic:" in page
    assert "Canasta bonus (natural): <strong>600</strong>" in page
    assert "(Classic: 500)" in page
    assert page.count('class="differs-mark"') >= 2
    client.post(edit + "/hands/new", data=hand(**GOING_OUT))
    # K×7 70 + natural canasta 600 + 5 5 5 15 + going out 200; the other side A A A 60 − 30.
    assert totals(client, edit) == [885, 30]
    match_id, token = edit.split("/")[2:4]
    data = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    assert data["rules"] == {"canasta_bonus": {"natural": 600}, "going_out_bonus": 200}
    assert data["hands"][0]["scores"] == [885, 30]


def test_only_the_changed_values_are_stored(client, app):
    edit = house_match(client, {"r_card_points_5": "10", "r_pickup_naturals": "3"})
    from referee.storage import Storage

    storage = Storage(app.config["DATABASE"])
    try:
        match = storage.get_match(int(edit.split("/")[2]))
    finally:
        storage.close()
    assert dict(match.overrides) == {"card_points": {"5": 10}, "pickup_naturals": 3}


def test_the_target_and_the_next_opening_minimum_follow_the_table(client):
    changes = {"r_target_score": "2000", "r_opening_table": "0: 70, 500: 150"}
    edit = house_match(client, changes)
    page = client.get(edit).get_data(as_text=True)
    assert "to 2,000" in page
    # East-West's three aces (60) fall short of the table's own 70: refused, then agreed.
    refused = client.post(edit + "/hands/new", data=hand(**GOING_OUT))
    assert "less than the opening minimum of 70" in refused.get_data(as_text=True)
    client.post(edit + "/hands/new", data={**hand(**GOING_OUT), "anyway": "yes"})  # 685, 30
    match_id, token = edit.split("/")[2:4]
    data = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    assert data["target"] == 2000
    # North-South at 685 need 150 now; East-West at 30 still 70.
    assert data["opening_minimums"] == [150, 70]


def test_a_value_that_cannot_be_played_is_refused_on_its_field_keeping_what_was_typed(client):
    page = open_editor(client)
    data = {"preset": "classic", "players": "4", **editor_fields(page)}
    data.update(r_going_out_bonus="lots", r_opening_table="0: 50, 0: 90", r_max_wild="99")
    response = client.post("/matches/new", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'name="r_going_out_bonus" value="lots"' in page
    assert "Give a whole number." in page  # what is no number, as the editor reads it
    assert "must be from 0 to 7, not 99" in page  # the bounds, as the core checks them
    assert 'name="r_opening_table" value="0: 50, 0: 90"' in page
    assert "steps must go up from score to score" in page
    assert 'aria-describedby="going_out_bonus-was going_out_bonus-err"' in page


def test_opening_minimums_by_hand_are_stored_and_followed(client, app):
    changes = {"r_rounds": "3", "r_opening_by_round": "125, 155 180"}
    edit = house_match(client, changes)
    from referee.storage import Storage

    storage = Storage(app.config["DATABASE"])
    try:
        match = storage.get_match(int(edit.split("/")[2]))
    finally:
        storage.close()
    assert dict(match.overrides) == {"rounds": 3, "opening_by_round": [125, 155, 180]}
    page = client.get(edit).get_data(as_text=True)
    assert "Opening minimum by hand (1st, 2nd, …): <strong>125, 155, 180</strong>" in page
    match_id, token = edit.split("/")[2:4]
    api = f"/api/matches/{match_id}?token={token}"
    assert client.get(api).get_json()["opening_minimums"] == [125, 125]
    client.post(edit + "/hands/new", data={**hand(**GOING_OUT), "anyway": "yes"})
    assert client.get(api).get_json()["opening_minimums"] == [155, 155]
    rules = client.get(f"/m/{match_id}/{token}/rules").get_data(as_text=True)
    assert "House rule of this table: Opening minimum by hand (1st, 2nd, …): 125, 155, 180" in (
        rules
    )


WRITE_MINIMUMS = "Write minimums such as “125, 155, 180”, separated by commas."


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("125, lots", WRITE_MINIMUMS),
        ("125,,155", WRITE_MINIMUMS),
        ("-125", WRITE_MINIMUMS),
        ("99999999", WRITE_MINIMUMS),
        ("125:155", WRITE_MINIMUMS),
        ("125, 200000", "must be from 0 to 100,000, not 200,000"),
        (", ".join(["50"] * 51), "must be a list of 0 to 50 minimums, by hand"),
    ],
)
def test_opening_minimums_by_hand_that_cannot_be_read_are_refused_keeping_them(
    client, typed, message
):
    page = open_editor(client)
    data = {"preset": "classic", "players": "4", **editor_fields(page)}
    data.update(r_opening_by_round=typed)
    response = client.post("/matches/new", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f'name="r_opening_by_round" value="{escape(typed)}"' in page
    assert message in page


def test_values_that_contradict_each_other_are_named(client):
    page = open_editor(client)
    data = {"preset": "classic", "players": "4", **editor_fields(page)}
    data.update(r_min_meld_cards="2", r_min_natural="3")
    page = client.post("/matches/new", data=data).get_data(as_text=True)
    assert "a meld cannot need more natural cards than cards" in page


def test_editor_values_for_another_preset_are_not_applied(client):
    page = open_editor(client)
    data = {"preset": "czech", "players": "4", **editor_fields(page), **SIX_HUNDRED}
    response = client.post("/matches/new", data=data)
    assert response.status_code == 302
    assert "House rules based on" not in client.get(response.location).get_data(as_text=True)


def test_the_referee_of_the_match_cites_the_house_rule(client):
    edit = house_match(client, {"r_max_wild": "2"})
    ask = {"question": "meld", "meld-cards": "9 9 X X X"}
    page = client.post(edit + "/referee", data=ask).get_data(as_text=True)
    assert "Not allowed" in page
    assert "at most 2 wild cards" in page
    assert "House rule of this table: Most wild cards in a meld: 2 (the preset: 3)." in page
    assert "<cite>house rule</cite>" in page
    # The rulebook page of the match: the changed value marked, its rule a house rule.
    rules = client.get(edit + "/rules").get_data(as_text=True)
    assert "≠" in rules
    assert "Most wild cards in a meld: <strong>2</strong>" in rules
    assert re.search(r'id="rule-meld.wild-limit"><p>House rule of this table', rules)
    # The preset's own page is the rulebook's.
    preset = client.get("/rules/classic").get_data(as_text=True)
    assert "House rule of this table" not in preset


def test_an_illegal_meld_in_a_hand_cites_the_house_rule(client):
    edit = house_match(client, {"r_max_wild": "2"})
    data = hand(side0={"melds": "K K K K K X X X"}, side1={"melds": "A A A"})
    response = client.post(edit + "/hands/new", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "at most 2 wild cards" in page
    assert "<cite>house rule</cite>" in page


def test_the_rules_file_downloads_and_starts_another_match(client):
    edit = house_match(client, SIX_HUNDRED)
    response = client.get(view_url(client, edit) + "/rules.json")  # the read-only link may
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    data = json.loads(response.data)
    assert data["format"] == "canasta-referee-rules"
    assert data["variant"] == "classic"
    assert data["app_version"]
    assert data["rules"] == {"canasta_bonus": {"natural": 600}, "going_out_bonus": 200}
    upload = {
        "preset": "czech",
        "players": "4",
        "rules_file": (io.BytesIO(response.data), "r.json"),
    }
    loaded = client.post("/matches/new", data=upload, content_type="multipart/form-data")
    assert loaded.status_code == 200
    page = loaded.get_data(as_text=True)
    # The file's name is the sender's words: isolated (FSI ... PDI) in the sentence.
    loaded_from = "Rules loaded from \u2068r.json\u2069: Classic (Laws of Canasta), 2 values"
    assert loaded_from in page
    assert re.search(r'selected value="classic"', page)
    assert 'name="r_canasta_bonus_natural" value="600"' in page
    started = client.post(
        "/matches/new", data={"preset": "classic", "players": "4", **editor_fields(page)}
    )
    assert started.status_code == 302
    client.post(started.location + "/hands/new", data=hand(**GOING_OUT))
    assert totals(client, started.location) == [885, 30]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe not text", "This is not JSON."),
        (b"[1, 2]", "not a rules file of Canasta Referee"),
        (
            b'{"format": "canasta-referee-rules", "format_version": 1, "variant": "<b>x</b>"}',
            "variant",
        ),
        (
            b'{"format": "canasta-referee-rules", "format_version": 1, "variant": "classic",'
            b' "rules": {"going_out_bonus": -5}}',
            "rules.going_out_bonus: must be from 0",
        ),
        (b"[" * 5000 + b"]" * 5000, "Not a rules file"),
    ],
)
def test_a_broken_or_hostile_rules_file_is_refused_naming_the_part(client, content, words):
    data = {
        "preset": "classic",
        "players": "4",
        "side1_p1": "Kept",
        "rules_file": (io.BytesIO(content), "bad.json"),
    }
    response = client.post("/matches/new", data=data, content_type="multipart/form-data")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Not a rules file" in page
    assert words.replace("<", "&lt;") in page or words in page
    assert "<b>x</b>" not in page
    assert 'value="Kept"' in page  # nothing typed is lost


def test_load_without_a_file_says_so(client):
    data = {"preset": "classic", "players": "4", "load_rules": "1"}
    response = client.post("/matches/new", data=data)
    assert response.status_code == 422
    assert "Choose a rules file first." in response.get_data(as_text=True)


def test_a_group_keeps_its_rules_for_the_next_match(client):
    url = start_group(client)
    page = open_editor(client, url + "/matches/new")
    ids = dict(
        re.findall(
            r'<option value="(\d+)">(\w+)</option>',
            page.split('name="seat1"')[1].split("</select>")[0],
        )
    )
    seats = {f"seat{k}": pid for k, pid in enumerate(ids, start=1)}
    data = {"preset": "classic", "players": "4", **seats, **editor_fields(page), **SIX_HUNDRED}
    response = client.post(url + "/matches/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    assert "House rules based on Classic" in client.get(response.location).get_data(as_text=True)
    again = client.get(url + "/matches/new").get_data(as_text=True)
    assert 'name="r_canasta_bonus_natural" value="600"' in again
    assert "≠" in again
    # Started as it stands, the next match plays by them too.
    data = {"preset": "classic", "players": "4", **seats, **editor_fields(again)}
    response = client.post(url + "/matches/new", data=data)
    page = client.get(response.location).get_data(as_text=True)
    assert "Canasta bonus (natural): <strong>600</strong>" in page


def test_a_rematch_keeps_the_tables_rules(client):
    edit = house_match(client, {**SIX_HUNDRED, "r_target_score": "500"})
    client.post(edit + "/hands/new", data=hand(**GOING_OUT))  # 885: over the target
    response = client.post(edit + "/rematch", data={"token": "t1"})
    assert response.status_code == 302
    page = client.get(response.location).get_data(as_text=True)
    assert "Canasta bonus (natural): <strong>600</strong>" in page


def test_the_sheets_show_the_tables_rules(client, tmp_path):
    edit = house_match(client, {**SIX_HUNDRED, "r_opening_table": "0: 70, 2000: 100"})
    client.post(edit + "/hands/new", data=hand(**GOING_OUT))
    sheet = pdf_text(client.get(edit + "/sheet.pdf").data, tmp_path)
    assert "House rules based on Classic:" in sheet
    assert "≠ Going out bonus: 200 (Classic: 100)" in " ".join(sheet.split())
    blank = client.get(edit + "/blank.pdf")
    assert blank.status_code == 200
    text = pdf_text(blank.data, tmp_path)
    # The blank sheet's tables are the table's: going out 200, opening 70 then 100 from 2000.
    assert re.search(r"Going out\s+200", text)
    assert re.search(r"0–1,995\s+70", text)
    assert re.search(r"2,000 \+\s+100", text)


def test_the_match_export_carries_the_rules_and_imports_them(client):
    edit = house_match(client, SIX_HUNDRED)
    exported = client.get(edit + "/export.json").data
    assert json.loads(exported)["match"]["rules"] == {
        "canasta_bonus": {"natural": 600},
        "going_out_bonus": 200,
    }
    response = client.post(
        "/matches/import",
        data={"file": (io.BytesIO(exported), "m.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    assert "House rules based on Classic" in client.get(response.location).get_data(as_text=True)


def test_the_api_scores_and_rules_with_overrides(client):
    hand_json = {
        "variant": "classic",
        "rules": {"canasta_bonus": {"natural": 600}, "going_out_bonus": 200},
        "sides": [{"melds": ["K K K K K K K"], "went_out": True}, {"melds": ["A A A"]}],
    }
    out = client.post("/api/score", json=hand_json).get_json()
    assert out["sides"][0]["total"] == 70 + 600 + 200
    bad = client.post("/api/score", json={**hand_json, "rules": {"going_out_bonus": "x"}})
    assert bad.status_code == 400
    assert bad.get_json()["error"] == "rules.going_out_bonus: must be a whole number"
    ruling = client.post(
        "/api/check",
        json={
            "variant": "classic",
            "question": "opening",
            "score": 0,
            "melds": ["K K K"],
            "rules": {"opening_table": [[0, 40]]},
        },
    ).get_json()
    assert (ruling["allowed"], ruling["minimum"]) == (False, 40)
    assert ruling["rule"]["source"] == "house rule"
    bad = client.post(
        "/api/check",
        json={"variant": "classic", "question": "meld", "cards": "K K K", "rules": {"nope": 1}},
    )
    assert bad.status_code == 400
    assert "rules.nope" in bad.get_json()["error"]


TYPED = st.one_of(
    st.text(max_size=12),
    st.integers(-(10**12), 10**12).map(str),
    st.sampled_from(["", "y", "none", "may", "canasta", "0: 50, 10: 5", "1: 2:", "9" * 400]),
)


@settings(
    max_examples=examples(80),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_typing_in_the_editor_starts_the_match_or_says_why_keeping_it(client, data):
    page = open_editor(client, preset=data.draw(st.sampled_from(["classic", "czech", "spanish"])))
    preset = re.search(r'name="rules_for" value="([^":]*)', page).group(1)
    fields = editor_fields(page)
    names = sorted(n for n in fields if n.startswith("r_"))
    typed = data.draw(st.dictionaries(st.sampled_from(names), TYPED, max_size=6))
    typed = {k: v.replace("\x00", "") for k, v in typed.items()}
    response = client.post(
        "/matches/new", data={"preset": preset, "players": "4", **fields, **typed}
    )
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        page = response.get_data(as_text=True)
        assert 'class="errors"' in page
        texts = re.findall(r'type="text" id="[^"]+" name="(r_[^"]+)"', page)
        for name, value in typed.items():
            if name in texts:  # what was typed in a box is in it again, as typed
                assert f'name="{name}" value="{escape(value)}"' in page, (name, value)
