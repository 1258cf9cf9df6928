"""Lateness as FIBur has it (Codice di Gara, art. 36), as the director settles it: a pair
more than 10 minutes late loses the game and keeps 6 victory points (3 hands) or 8 (4
hands); a pair 5 to 10 minutes late has 100 points taken from its total (issue 46)."""

from __future__ import annotations

import pytest

from tests.support.tournaments import make, score, tables
from tests.support.web import make_app

VP = {"movement": "mitchell", "rounds": "2", "ranking": "vp"}


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path, STANDINGS_SECONDS=0).test_client()


def _api(client, tid, token):
    return client.get(f"/api/tournaments/{tid}?token={token}").get_json()


def _settle(client, director, outcome, reason="arrived 12 minutes late", table=1):
    field = f"g1-{table}"
    return client.post(
        f"{director}/tables/1/{table}/settle",
        data={f"{field}-outcome": outcome, f"{field}-reason": reason},
        follow_redirects=True,
    ).text


@pytest.mark.parametrize(
    ("hands", "scale", "vp"), [("3", "fibur-3", [6, 14]), ("4", "fibur-4", [8, 12])]
)
def test_a_pair_more_than_ten_minutes_late_loses_and_keeps_six_or_eight(client, hands, scale, vp):
    director, tid, token = make(client, hands=hands, scale=scale, absent_penalty="2", **VP)
    page = _settle(client, director, "ns-late")
    assert "settled, and noted in the history" in page
    game = next(g for g in _api(client, tid, token)["games"] if g["table"] == 1)
    assert (game["winner"], game["vp"]) == ("ew", vp)  # the event's absent penalty aside
    assert "more than 10 minutes late" in client.get(director).text
    # a team that never came still gets nothing, less the event's penalty
    _settle(client, director, "ns-absent", "never came", table=2)
    other = next(g for g in _api(client, tid, token)["games"] if g["table"] == 2)
    assert other["vp"] == [-2, vp[1]]


def test_five_to_ten_minutes_late_takes_100_points_once(client):
    director, tid, token = make(client, hands="3", **VP)
    score(client, tables(client, director)[0], side=0, hands=3)
    before = next(g for g in _api(client, tid, token)["games"] if g["table"] == 1)["totals"]
    assert "settled, and noted in the history" in _settle(client, director, "ns-late-points")
    assert "already done" in _settle(client, director, "ns-late-points", "again")
    data = _api(client, tid, token)
    game = next(g for g in data["games"] if g["table"] == 1)
    assert game["totals"] == [before[0] - 100, before[1]]
    assert [e["action"] for e in data["events"]] == ["late points ns"]
    assert "100 points off North-South" in client.get(director).text
