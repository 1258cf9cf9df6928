"""Each team's own page (issue 46): where it sits now and next round, against whom, its
running card with victory points, refreshing itself as the standings do."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.support.tournaments import NAMES, make, score, tables
from tests.support.web import make_app


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path, STANDINGS_SECONDS=0).test_client()


def _text(response) -> str:
    plain = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    return re.sub(r"\s+", " ", unescape(plain)).replace("\u2068", "").replace("\u2069", "")


def _view(client, director: str, tid: int, token: str) -> str:
    page = client.get(director).get_data(as_text=True)
    other = next(t for t in re.findall(rf"/t/{tid}/([\w-]+)", page) if t != token)
    return f"/t/{tid}/{other}"


def test_a_team_sees_its_table_now_and_where_the_movement_sends_it_next(client):
    director, tid, token = make(client)  # Mitchell, eight teams, two rounds
    view = _view(client, director, tid, token)
    page = _text(client.get(f"{view}/team/1"))
    assert f"Round 1: table 1, North-South, against {NAMES[4]}." in page
    planned = re.search(r"Next round Round 2: table (\d+), (\S+), against (.+?)\.", page)
    assert planned
    # The round then begins as the page said it would.
    for match in tables(client, director):
        score(client, match)
    client.post(f"{director}/next", data={"round": "1"})
    now = _text(client.get(f"{view}/team/1"))
    assert f"Round 2: table {planned[1]}, {planned[2]}, against {planned[3]}." in now
    assert "This is the last round." in now


def test_the_running_card_shows_each_round_with_its_victory_points(client):
    director, tid, token = make(client, movement="swiss", ranking="vp", rounds="3")
    view = _view(client, director, tid, token)
    match = tables(client, director)[0]
    score(client, match)  # North-South (team 1) win three hands
    page = client.get(f"{view}/team/1")
    text = _text(page)
    row = re.search(r"<tbody><tr>(.*?)</tr>", page.get_data(as_text=True))
    assert row
    cells = [
        unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", row[1])
    ]
    assert cells[0] == "1"
    assert cells[1] == "1"
    assert int(cells[4]) > 10  # the winner's share of 20
    assert cells[5] == cells[4]  # the running total after one round
    assert "paired from the standings when this round ends" in text


def test_the_page_follows_the_standings_version_and_a_hand_moves_it(client):
    director, tid, token = make(client)
    view = _view(client, director, tid, token)
    page = client.get(f"{view}/team/5").get_data(as_text=True)
    poll = re.search(r'data-poll="([^"]+)" data-version="([^"]+)"', page)
    assert poll
    assert poll[1] == f"{view}/version"
    score(client, tables(client, director)[0], hands=1)
    assert client.get(poll[1]).get_json()["version"] != poll[2]
    assert "Your score" in _text(client.get(f"{view}/team/5"))


def test_no_such_team_is_a_404(client):
    director, tid, token = make(client)
    assert client.get(f"{_view(client, director, tid, token)}/team/99").status_code == 404
