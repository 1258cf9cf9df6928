"""Every way to enter a hand gives the total its cards give (issue 42): hands of actual cards
(every variant, table size and house-rule switch) entered through the quick form's own
fields as its page posts them and card by card, against `referee score` on the same cards.

Equal totals and breakdowns, or — where the quick counts cannot say the hand — a refusal
that says why beside the field; never a wrong total stored in silence.  The full run's
sample through the real server is in tests/web/test_differential_live.py.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from referee.match.contract import score_json
from tests.support.differential import card_hands, enter, nonzero
from tests.support.profiles import examples
from tests.support.web import make_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("differential")).test_client()


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
