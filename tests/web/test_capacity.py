"""The largest match (referee/match/capacity.py): a hand past it is refused with the form as
typed, and so is a match file holding more, with a message in the player's language."""

from __future__ import annotations

import io
import json

import pytest

from referee.match.capacity import MAX_HANDS
from referee.match.entry import score_entry
from referee.match.ledger import result_to_dict
from referee.storage import Storage
from tests.support import sample
from tests.support.web import GOING_OUT, hand

FULL = f"A match holds at most {MAX_HANDS} hands, and this one has them all."


@pytest.fixture
def storage(app):
    storage = Storage(app.config["DATABASE"])
    yield storage
    storage.close()


def edit_link(match) -> str:
    return f"/m/{match.id}/{match.edit_token}"


def imported(client, data: dict):
    body = json.dumps(data).encode()
    return client.post(
        "/matches/import",
        data={"file": (io.BytesIO(body), "match.json")},
        content_type="multipart/form-data",
    )


def test_the_last_hand_a_match_holds_is_recorded_the_next_refused_as_typed(client, storage):
    url = edit_link(sample.stored_match(storage, MAX_HANDS - 1, churn=False))
    # A hand whose melds open at any total (the match's are high by now).
    legal = {
        "side0": {"melds": sample.WINNER_MELDS, "went_out": True},
        "side1": {"melds": sample.OTHER_MELDS[0], "hand_points": 15},
    }
    recorded = client.post(url + "/hands/new", data=hand(**legal), follow_redirects=True)
    assert f"Hand {MAX_HANDS} recorded" in recorded.text

    late = hand(side0={"melds": "Q Q Q"}, side1={"melds": "7 7 7", "hand_points": 15})
    refused = client.post(url + "/hands/new", data=late)
    assert refused.status_code == 409
    assert FULL in refused.text
    assert "Continue a match begun on paper" in refused.text  # how to play on
    assert "Q Q Q</textarea>" in refused.text  # what was typed, kept
    assert 'value="15"' in refused.text
    assert len(storage.hands(int(url.split("/")[2]))) == MAX_HANDS

    opened = client.get(url + "/hands/new", follow_redirects=True)  # the form: the match
    assert FULL in opened.text


def test_the_refusal_speaks_the_players_language(client, storage):
    url = edit_link(sample.stored_match(storage, MAX_HANDS, churn=False))
    refused = client.post(
        url + "/hands/new", data=hand(**GOING_OUT), headers={"Accept-Language": "de"}
    )
    assert refused.status_code == 409
    assert '<html lang="de">' in refused.text
    assert f"höchstens {MAX_HANDS}" in refused.text


def test_a_match_file_of_the_largest_match_imports_one_with_more_is_refused(client, storage):
    match = sample.stored_match(storage, MAX_HANDS, churn=False)
    data = json.loads(client.get(edit_link(match) + "/export.json").data)
    assert imported(client, data).status_code == 302  # exactly the most a match holds

    one_more = {**data["hands"][-1], "number": MAX_HANDS + 1}
    data["hands"].append(one_more)
    before = len(storage.list_matches())
    refused = imported(client, data)
    assert refused.status_code == 422
    assert f"The file holds {MAX_HANDS + 1} hands; a match holds at most {MAX_HANDS}." in (
        refused.text
    )
    assert len(storage.list_matches()) == before  # nothing stored

    data["hands"][-1]["deleted"] = True  # a deleted hand is in no ledger: it does not count
    assert imported(client, data).status_code == 302


def test_an_import_refused_for_its_size_says_so_in_the_players_language(client, storage):
    match = sample.stored_match(storage, MAX_HANDS, churn=False)
    data = json.loads(client.get(edit_link(match) + "/export.json").data)
    data["hands"].append({**data["hands"][-1], "number": MAX_HANDS + 1})
    refused = client.post(
        "/matches/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "match.json")},
        content_type="multipart/form-data",
        headers={"Accept-Language": "pl"},
    )
    assert refused.status_code == 422
    assert f"{MAX_HANDS + 1}" in refused.text
    assert "The file holds" not in refused.text


def test_referee_import_refuses_a_file_of_more_hands_in_one_line(storage, tmp_path, capsys):
    from referee.cli import main

    match = sample.stored_match(storage, MAX_HANDS, churn=False)
    path = tmp_path / "match.json"
    db = str(storage.path)
    assert main(["export", str(match.id), "--out", str(path), "--db", db]) == 0
    data = json.loads(path.read_text())
    data["hands"].append({**data["hands"][-1], "number": MAX_HANDS + 1})
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["import", str(path), "--db", db]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.strip().endswith(
        f"The file holds {MAX_HANDS + 1} hands; a match holds at most {MAX_HANDS}."
    )


def test_the_sheet_of_a_match_stored_over_the_bound_is_refused_not_rendered(client, storage):
    """A match imported before there was a bound: its page answers, its sheet says why not."""
    match = sample.stored_match(storage, MAX_HANDS, churn=False)
    extra = sample.entries(1, seed=5)[0]
    result = result_to_dict(score_entry(match.variant, 4, match.side_names, extra))
    with storage.db.conn:  # as an older version allowed (storage itself now refuses it)
        storage.db.execute(
            "INSERT INTO hands (match_id, entry, result, created, updated, deleted)"
            " VALUES (?, ?, ?, '2026-11-01T20:00:00+00:00', '2026-11-01T20:00:00+00:00', 0)",
            [match.id, json.dumps(extra), json.dumps(result)],
        )
    refused = client.get(edit_link(match) + "/sheet.pdf")
    assert refused.status_code == 422
    assert "more hands than its score sheet can print" in refused.text
    assert client.get(edit_link(match)).status_code == 200
