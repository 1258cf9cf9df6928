"""The JSON API: the CLI's contracts over HTTP, and a match's ledger for its link holders."""

from __future__ import annotations

import json

import pytest

from referee.match.contract import check_json, score_json
from tests.support.web import GOING_OUT, GOING_OUT_SCORES, hand, start_match, view_url

HAND = {
    "variant": "classic",
    "players": 4,
    "sides": [
        {"melds": ["K K K K K K K", "5 5 5"], "went_out": True},
        {"melds": ["A A A"], "hand_points": 30},
    ],
}


def test_score_answers_as_the_cli_does(client):
    response = client.post("/api/score", json=HAND)
    assert response.status_code == 200
    assert response.get_json() == score_json(HAND)[0]
    assert [s["total"] for s in response.get_json()["sides"]] == GOING_OUT_SCORES


def test_invalid_hand_is_an_answer_not_an_error(client):
    bad = {**HAND, "sides": [{"melds": ["9 9 X X X X"]}, {}]}
    response = client.post("/api/score", json=bad)
    assert response.status_code == 200
    body = response.get_json()
    assert body["valid"] is False
    assert body == score_json(bad)[0]
    assert body["errors"][0]["rule"] == "classic.meld.wild-limit"


def test_check_answers_as_the_cli_does(client):
    question = {"variant": "classic", "question": "meld", "cards": "9 9 X X X"}
    response = client.post("/api/check", json=question)
    assert response.status_code == 200
    assert response.get_json() == check_json(question)


@pytest.mark.parametrize("path", ["/api/score", "/api/check"])
@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("not json at all", "must be JSON"),
        ("[1, 2]", "JSON object"),
        (json.dumps({"variant": "bridge", "sides": []}), "unknown variant"),
        (json.dumps({**HAND, "players": "four"}), None),
    ],
)
def test_malformed_input_is_400_with_an_error(client, path, body, message):
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error
    assert message is None or message in error


def test_api_needs_no_csrf_token(csrf_client):
    assert csrf_client.post("/api/score", json=HAND).status_code == 200


def test_match_ledger_as_json_for_link_holders(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    match_id, token = url.split("/")[2:4]
    edit = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    assert edit["totals"] == GOING_OUT_SCORES
    assert edit["editable"] is True
    assert edit["hands"][0]["breakdowns"][0]["canastas"] == 500
    assert edit["opening_minimums"] == [50, 50]
    view_token = view_url(client, url).split("/")[3]
    view = client.get(f"/api/matches/{match_id}", headers={"X-Match-Token": view_token})
    assert view.get_json()["editable"] is False


@pytest.mark.parametrize("query", ["", "?token=wrong"])
def test_match_ledger_is_hidden_without_a_token(client, query):
    url = start_match(client)
    match_id = url.split("/")[2]
    response = client.get(f"/api/matches/{match_id}{query}")
    assert response.status_code == 404
    assert "error" in response.get_json()
