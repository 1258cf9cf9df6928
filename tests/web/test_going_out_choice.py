"""Going out is one choice across the sides: generated legal hands, typed into the hand form
with that choice instead of a box per side, are all recorded with the same score."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, assume, given, settings

from referee.match.contract import score_json
from tests.support.profiles import examples
from tests.support.strategies import legal_hands
from tests.support.web import hand, start_match, totals


def _form_side(side: dict) -> dict:
    lines = []
    for meld in side.get("melds", []):
        if isinstance(meld, dict):
            lines.append(("hand: " if meld.get("concealed") else "") + meld["cards"])
        else:
            lines.append(meld)
    fields = {"melds": "\n".join(lines), "red_threes": side.get("red_threes", 0)}
    if side.get("hand"):
        fields["hand"] = side["hand"]
    if side.get("hand_points") is not None:
        fields["hand_points"] = side["hand_points"]
    return fields


@settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck))
@given(legal_hands())
def test_the_going_out_choice_refuses_nothing_legal(client, data):
    if data.get("options") or any(
        side.get("exact_cut") or side.get("went_out_on_first_pickup") for side in data["sides"]
    ):
        return  # events of a few presets' own, typed in their own fields: not this choice
    # A new match: every side at 0, so the hand must be legal there (its melds reaching the
    # opening minimum at 0); the generated totals before it are not the match's.
    at_zero = {**data, "sides": [{**s, "score": 0} for s in data["sides"]]}
    expected, status = score_json(at_zero)
    assume(status == 0)
    players = data["players"]
    url = start_match(client, preset=data["variant"], players=str(players))
    out = next((i for i, side in enumerate(data["sides"]) if side.get("went_out")), None)
    form = hand(**{f"side{i}": _form_side(side) for i, side in enumerate(data["sides"])})
    form["out"] = "none" if out is None else str(out)
    if out is not None and data["sides"][out].get("concealed"):
        form["out_concealed"] = "y"
    response = client.post(url + "/hands/new", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 302, re.findall(r"<li>([^<]+)", page)[:3]
    assert totals(client, url) == [side["total"] for side in expected["sides"]]
