"""Every way to enter a hand gives the total its cards give (issue 42): hands of actual cards
(every variant, table size and house-rule switch) entered through the quick form's own
fields as its page posts them and card by card, against `referee score` on the same cards.

Equal totals and breakdowns, or — where the quick counts cannot say the hand — a refusal
that says why beside the field; never a wrong total stored in silence.  The full run's
sample through the real server is in tests/web/test_differential_live.py.
"""

from __future__ import annotations

import re
import secrets

import pytest
from hypothesis import HealthCheck, given, settings

from referee.match.contract import score_json
from tests.support.differential import card_hands, contract_variant, quick_fields
from tests.support.profiles import examples
from tests.support.web import make_app

FIELD = re.compile(r'name="(side0-[a-z_0-9]+|out_concealed)"')


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("differential")).test_client()


def new_match(client, data: dict) -> tuple[str, int, str]:
    """A match of the hand's variant, table and house rules, at the totals its sides had
    before it (carried over from paper); its edit path, id and token."""
    # A target past every total carried over: the match is on when the hand comes.
    form = {"preset": data["variant"], "players": str(data["players"]), "target": "50000"}
    for name, on in data.get("options", {}).items():
        if on:
            form[f"opt_{data['variant'].replace('-', '_')}_{name}"] = "y"
    scores = [side.get("score", 0) for side in data["sides"]]
    if any(scores):
        form["paper_hands"] = "1"
        for i, score in enumerate(scores, start=1):
            form[f"paper_side{i}"] = str(score)
    answer = client.post("/matches/new", data=form)
    assert answer.status_code == 302, answer.get_data(as_text=True)[:2000]
    path = answer.location.split("#")[0]
    match_id, token = path.split("/")[2], path.split("/")[3]
    return path, int(match_id), token


def stored(client, match_id: int, token: str) -> dict:
    return client.get(f"/api/matches/{match_id}?token={token}").get_json()


def nonzero(breakdown: dict) -> dict:
    return {k: v for k, v in breakdown.items() if v}


def detailed_fields(data: dict) -> dict[str, str]:
    """The card-by-card form's fields for the same cards, as the page posts them."""
    fields = {"mode": "detailed", "token": secrets.token_urlsafe(16)}
    out = next((i for i, s in enumerate(data["sides"]) if s.get("went_out")), None)
    fields["out"] = "none" if out is None else str(out)
    for i, side in enumerate(data["sides"]):
        lines = []
        for item in side["melds"]:
            if isinstance(item, dict):
                lines.append(("hand: " if item.get("concealed") else "") + item["cards"])
            else:
                lines.append(item)
        fields[f"side{i}-melds"] = "\n".join(lines)
        if side.get("hand"):
            fields[f"side{i}-hand"] = side["hand"]
        elif side.get("hand_points"):
            fields[f"side{i}-hand_points"] = str(side["hand_points"])
        if side.get("red_threes"):
            fields[f"side{i}-red_threes"] = str(side["red_threes"])
        for key, name in (("exact_cut", "exact_cut"), ("went_out_on_first_pickup", "first_pickup")):
            if side.get(key):
                fields[f"side{i}-{name}"] = "y"
        if i == out and side.get("concealed"):
            fields["out_concealed"] = "y"
    return fields


def enter(client, data: dict, mode: str) -> tuple[dict | None, str]:
    """Enter the hand in a new match in ``mode``; (what the match stored, or None, and the
    page the form answered with)."""
    path, match_id, token = new_match(client, data)
    page = client.get(f"{path}/hands/new?mode={mode}").get_data(as_text=True)
    offered = {name.removeprefix("side0-") for name in FIELD.findall(page)}
    variant = contract_variant(data)
    if mode == "quick":
        fields = quick_fields(variant, data, offered)
        if isinstance(fields, str):
            pytest.fail(f"the quick form cannot say this hand: {fields}")
    else:
        fields = detailed_fields(data)
    answer = client.post(f"{path}/hands/new", data=fields)
    hands = stored(client, match_id, token)["hands"]
    return (hands[0] if hands else None), answer.get_data(as_text=True)


@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=card_hands())
def test_every_form_scores_what_referee_score_scores(client, data):
    # The hand's number as the app counts it: the one after the hand played on paper.
    data["round"] = 2 if any(side.get("score") for side in data["sides"]) else 1
    expected, _status = score_json(data)  # `referee score` on the same cards
    for mode in ("detailed", "quick"):
        hand, page = enter(client, data, mode)
        if not expected["valid"]:
            # A hand that breaks a rule is never stored as if it did not: refused with
            # its reasons beside the fields (or recorded only as the table agrees).
            assert hand is None, (mode, expected["errors"])
            assert 'class="errors' in page
            continue
        if hand is None:
            # Only a hand the quick counts cannot say, and the form says so.
            assert mode == "quick", page[:3000]
            assert "card by card" in page, page[:3000]
            continue
        assert not hand["disputed"], (mode, hand["problems"])
        assert hand["scores"] == [s["total"] for s in expected["sides"]], (mode, hand["entry"])
        assert [nonzero(b) for b in hand["breakdowns"]] == [
            nonzero(s["breakdown"]) for s in expected["sides"]
        ], mode
