"""The ledger of a match is computed once per change, and never shown out of date."""

from __future__ import annotations

from referee.web import access

from .conftest import GOING_OUT, GOING_OUT_SCORES, hand, start_match, totals


def test_the_ledger_is_computed_again_only_after_a_change(client, monkeypatch):
    url = start_match(client)
    computed = []
    real = access.compute_ledger
    monkeypatch.setattr(
        access, "compute_ledger", lambda m, h, p: computed.append(m.id) or real(m, h, p)
    )
    assert totals(client, url) == [0, 0]
    assert totals(client, url) == [0, 0]
    assert len(computed) == 1
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    assert totals(client, url) == GOING_OUT_SCORES
    assert len(computed) == 2  # recording looks before and after; the page reuses "after"
    client.post(url + "/undo")
    assert totals(client, url) == [0, 0]
    assert len(computed) == 3


def test_matches_of_different_databases_are_kept_apart(app, csrf_app):
    # Both databases have a match 1; only one of them has a hand.
    one, other = app.test_client(), csrf_app.test_client()
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    url_one, url_other = start_match(one), start_match(other)
    assert url_one.split("/")[2] == url_other.split("/")[2] == "1"
    one.post(url_one + "/hands/new", data=hand(**GOING_OUT))
    assert totals(one, url_one) == GOING_OUT_SCORES
    assert totals(other, url_other) == [0, 0]
