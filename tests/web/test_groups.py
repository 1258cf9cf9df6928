"""Groups: roster, matches started from it, dealer, notes, paper totals, rematch, statistics."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from tests.support.web import (
    GOING_OUT,
    LONG_MATCH_HAND,
    hand,
    import_file,
    start_group,
    start_match,
)

SCRIPT = "<script>alert(1)</script>"


def _group_parts(url: str) -> tuple[str, str]:
    _, _, group_id, token = url.split("/")
    return group_id, token


def _view_link(client, group_url: str) -> str:
    page = client.get(group_url).get_data(as_text=True)
    group_id, token = _group_parts(group_url)
    links = re.findall(rf'href="http://localhost(/g/{group_id}/[^"#/]+)"', page)
    return next(link for link in links if link != group_url)


def _ids(client, group_url: str) -> dict[str, str]:
    """The roster as the new-match form offers it: name -> player id."""
    page = client.get(group_url + "/matches/new").get_data(as_text=True)
    select = page.split('name="seat1"')[1].split("</select>")[0]
    return {name: value for value, name in re.findall(r'value="(\d+)"[^>]*>([^<]+)<', select)}


def group_match(client, group_url: str, seats: list[str], **fields) -> str:
    ids = _ids(client, group_url)
    data = {"preset": "classic", "players": str(len(seats)), **fields}
    for k, name in enumerate(seats, start=1):
        data[f"seat{k}"] = ids[name]
    response = client.post(group_url + "/matches/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.location


def test_a_group_is_made_in_one_step_and_remembered(client):
    url = start_group(client, "Fri club", "Anna\nBen, Cleo\n\nanna\n  Dan  ")
    page = client.get(url).get_data(as_text=True)
    roster = re.findall(r"<li>([^<]+)</li>", page.split('class="roster"')[1].split("</ul>")[0])
    assert roster == ["Anna", "Ben", "Cleo", "Dan"]  # the second anna is the same player
    assert "Start a match" in page
    home = client.get("/").get_data(as_text=True)
    assert f'href="{url}"' in home  # this browser keeps the edit link


def test_the_read_only_link_shows_but_cannot_change(client, app):
    url = start_group(client)
    view = _view_link(client, url)
    page = client.get(view).get_data(as_text=True)
    assert "read-only" in page
    assert "Start a match" not in page
    assert 'name="name"' not in page
    assert client.post(view, data={"name": "Eve"}).status_code == 403
    assert client.get(view + "/matches/new").status_code == 403
    assert client.get(url.rsplit("/", 1)[0] + "/wrong-token").status_code == 404


def test_adding_players_and_a_name_twice(client):
    url = start_group(client)
    response = client.post(url, data={"name": "  Eva  "})
    assert response.status_code == 302
    assert "Eva" in client.get(url).get_data(as_text=True)
    twice = client.post(url, data={"name": "eva"})
    assert twice.status_code == 422
    page = twice.get_data(as_text=True)
    assert "\u2068eva\u2069 is already in the group." in page
    assert 'value="eva"' in page  # what was typed stays


def test_a_match_from_the_roster_seats_partners_apart_and_names_the_sides(client):
    url = start_group(client)
    edit = group_match(client, url, ["Anna", "Ben", "Cleo", "Dan"], first_dealer="1")
    page = client.get(edit).get_data(as_text=True)
    # Seats 1 and 3 (Anna, Cleo) against 2 and 4 (Ben, Dan).
    assert "Anna &amp; Cleo" in page
    assert "Ben &amp; Dan" in page
    # Seat 2 (Ben) deals the first hand; Cleo, at his left, plays first.
    assert "Hand 1: <bdi>Ben</bdi> deals, <bdi>Cleo</bdi> plays first." in page
    client.post(edit + "/hands/new", data=hand(**GOING_OUT))
    page = client.get(edit).get_data(as_text=True)
    assert "Hand 2: <bdi>Cleo</bdi> deals, <bdi>Dan</bdi> plays first." in page
    assert "<bdi>Ben</bdi> dealt." in page  # the first hand's row
    form = client.get(edit + "/hands/new").get_data(as_text=True)
    assert "Hand 2: <bdi>Cleo</bdi> deals, <bdi>Dan</bdi> plays first." in form


def test_a_seat_left_empty_or_a_player_twice_is_refused(client):
    url = start_group(client)
    ids = _ids(client, url)
    data = {"preset": "classic", "players": "4", "seat1": ids["Anna"], "seat2": ids["Anna"]}
    data["seat3"] = ids["Ben"]
    response = client.post(url + "/matches/new", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "\u2068Anna\u2069 already sits at seat 1." in page
    assert "Choose who sits here." in page  # seat 4
    assert re.search(rf'<option selected value="{ids["Ben"]}">Ben', page)  # kept


def test_the_next_match_starts_with_the_groups_last_rules_and_seats(client):
    url = start_group(client)
    group_match(client, url, ["Dan", "Cleo", "Ben"], preset="czech", target="3000")
    page = client.get(url + "/matches/new").get_data(as_text=True)
    assert re.search(r'selected value="czech"', page)
    assert re.search(r'<option selected value="3">3 players', page)
    assert 'value="3000"' in page
    ids = _ids(client, url)
    seat1 = page.split('name="seat1"')[1].split("</select>")[0]
    assert f'selected value="{ids["Dan"]}"' in seat1


def test_a_note_is_shown_escaped_everywhere(client):
    url = start_group(client)
    edit = group_match(client, url, ["Anna", "Ben", "Cleo", "Dan"])
    data = hand(**GOING_OUT)
    data["note"] = SCRIPT + " disputed   pickup"
    assert client.post(edit + "/hands/new", data=data).status_code == 302
    escaped = "&lt;script&gt;alert(1)&lt;/script&gt; disputed pickup"
    for page in (edit, edit + "/history"):
        text = client.get(page).get_data(as_text=True)
        assert escaped in text, page
        assert SCRIPT not in text, page
    match_id, token = edit.split("/")[2:4]
    api = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    assert api["hands"][0]["note"] == SCRIPT + " disputed pickup"
    export = client.get(edit + "/export.json").get_json()
    assert export["hands"][0]["entry"]["note"] == SCRIPT + " disputed pickup"
    assert SCRIPT + " disputed pickup" in client.get(edit + "/export.csv").get_data(as_text=True)
    sheet = client.get(edit + "/sheet.pdf").data
    assert sheet.startswith(b"%PDF")
    # The sheet's text is the note itself, not markup run or shown as code.
    import tempfile
    from pathlib import Path

    from tests.support.pdf import pdf_text_and_pages

    with tempfile.TemporaryDirectory() as folder:
        text, _pages = pdf_text_and_pages(sheet, Path(folder))
    assert "<script>alert(1)</script> disputed pickup" in text


def test_a_note_is_kept_through_edit_and_undo(client):
    edit = start_match(client)
    data = hand(**GOING_OUT)
    data["note"] = "first"
    client.post(edit + "/hands/new", data=data)
    hand_id = re.search(r"/hands/(\d+)/edit", client.get(edit).get_data(as_text=True)).group(1)
    form = client.get(f"{edit}/hands/{hand_id}/edit").get_data(as_text=True)
    assert 'value="first"' in form
    changed = hand(**GOING_OUT)
    changed["note"] = "second"
    client.post(f"{edit}/hands/{hand_id}/edit", data=changed)
    assert "✎ <bdi>second</bdi>" in client.get(edit).get_data(as_text=True)
    history = client.get(edit + "/history").get_data(as_text=True)
    assert "<del><bdi>first</bdi></del> → <ins><bdi>second</bdi></ins>" in history
    client.post(edit + "/undo")
    assert "✎ <bdi>first</bdi>" in client.get(edit).get_data(as_text=True)


def test_a_match_begun_on_paper_opens_at_the_right_minimum(client):
    # Classic: 50 to open below 1 500, 90 from 1 500, 120 from 3 000 (004 §Uitkomen).
    edit = start_match(
        client, paper_hands="6", paper_side1="3100", paper_side2="1600", first_dealer="2"
    )
    page = client.get(edit).get_data(as_text=True)
    assert "Needs 120 to open" in page
    assert "Needs 90 to open" in page
    assert "Begun on paper: 6 hands" in page
    # Six hands dealt on paper from seat 3: the seventh is dealt from seat 3 + 6 = seat 1.
    assert "Hand 1: <bdi>Player 1</bdi> deals, <bdi>Player 3</bdi> plays first." in page
    match_id, token = edit.split("/")[2:4]
    api = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    assert api["carried_over"] == {"totals": [3100, 1600], "hands": 6}
    assert api["opening_minimums"] == [120, 90]
    assert api["totals"] == [3100, 1600]
    # 85 points on the table cannot have opened at 3 100 (120), nor 60 at 1 600 (90): the
    # carried totals decide, the hand is refused once with the rule, then the table agrees.
    refused = client.post(edit + "/hands/new", data=hand(**GOING_OUT))
    assert refused.status_code == 422
    words = refused.get_data(as_text=True)
    assert "melds hold 85 points, less than the opening minimum of 120" in words
    assert "melds hold 60 points, less than the opening minimum of 90" in words
    assert "Record it anyway: the table agrees" in words
    client.post(edit + "/hands/new", data={**hand(**GOING_OUT), "anyway": "yes"})
    api = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    assert api["totals"] == [3100 + 685, 1600 + 30]
    assert api["hands"][0]["disputed"] is True
    assert [p["code"] for p in api["hands"][0]["problems"]] == ["opening_short"] * 2
    assert api["hands"][0]["dealer"] == "Player 1"
    sheet = client.get(edit + "/export.csv").get_data(as_text=True)
    assert ",3785," in sheet


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"paper_side1": "1200"}, "Say how many hands were played on paper."),
        ({"paper_hands": "3", "paper_side2": "5000"}, "5000 has reached the target of 5000"),
        ({"first_dealer": "4", "players": "2"}, "There are only 2 seats at this table."),
    ],
)
def test_paper_totals_and_dealers_that_cannot_be(client, fields, message):
    response = client.post("/matches/new", data={"preset": "classic", "players": "4", **fields})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in page
    for value in fields.values():
        assert value in page  # kept as typed


def _finish(client, edit: str) -> None:
    for _ in range(8):  # 630 a hand: past 5 000 in eight
        client.post(edit + "/hands/new", data=hand(**LONG_MATCH_HAND))


def test_a_rematch_keeps_players_seats_rules_and_moves_the_deal(client):
    url = start_group(client)
    edit = group_match(
        client, url, ["Anna", "Ben", "Cleo", "Dan"], preset="dutch", first_dealer="0"
    )
    assert client.post(edit + "/rematch", data={"token": "x" * 20}).status_code == 302
    assert "A rematch can start once this match is over." in client.get(edit).get_data(as_text=True)
    _finish(client, edit)
    page = client.get(edit).get_data(as_text=True)
    assert "Winner" in page
    assert "Rematch" in page
    response = client.post(edit + "/rematch", data={"token": "r" * 20})
    assert response.status_code == 302
    again = response.location
    assert again.split("/")[2] != edit.split("/")[2]
    page = client.get(again).get_data(as_text=True)
    assert "Anna &amp; Cleo" in page
    assert "Dutch" in page
    # Eight hands dealt by seats 1, 2, 3, 4, 1, 2, 3, 4: the ninth deal is seat 1's again.
    assert "Hand 1: <bdi>Anna</bdi> deals, <bdi>Ben</bdi> plays first." in page
    assert client.get(url).get_data(as_text=True).count('<li><a href="/m/') == 2
    # The same rematch sent twice makes one match.
    assert client.post(edit + "/rematch", data={"token": "r" * 20}).status_code == 302
    assert client.get(url).get_data(as_text=True).count('<li><a href="/m/') == 2


def test_a_match_moves_into_a_group_and_its_players_join(client):
    url = start_group(client, players="Anna\nBen")
    edit = start_match(client, side1_p1="Anna", side1_p2="Zoe", players="4")
    page = client.get(edit).get_data(as_text=True)
    assert "Keep it with a group" in page
    group_id, _token = _group_parts(url)
    assert client.post(edit + "/group", data={"group": group_id}).status_code == 302
    page = client.get(edit).get_data(as_text=True)
    assert "Keep it with a group" not in page
    assert f'href="{url}"' in page
    roster = client.get(url).get_data(as_text=True)
    assert "<li>Zoe</li>" in roster
    assert roster.count("<li>Anna</li>") == 1
    assert f'href="{edit}"' in roster  # the group's edit link opens it for scoring


def test_statistics_on_the_read_only_link_and_as_csv(client):
    url = start_group(client)
    edit = group_match(client, url, ["Anna", "Ben", "Cleo", "Dan"])
    _finish(client, edit)
    view = _view_link(client, url)
    page = client.get(view + "/statistics").get_data(as_text=True)
    # Anna and Cleo won their one match: 100 %; 630 a hand; the chart is drawn.
    row = page.split('<th scope="row">Anna</th>')[1].split("</tr>")[0]
    assert re.findall(r"<td>([^<]+)</td>", row)[:5] == ["1", "1", "100%", "630", "630"]
    assert "<bdi>Anna</bdi> &amp; <bdi>Cleo</bdi>" in page
    assert '<svg class="chart"' in page
    csv_text = client.get(view + "/statistics.csv").get_data(as_text=True)
    assert csv_text.splitlines()[1].startswith("player,Anna,1,1,1.000,8,630.0,630")
    filtered = client.get(view + "/statistics?variant=czech").get_data(as_text=True)
    assert "<td>0</td>" in filtered.split('<th scope="row">Anna</th>')[1]


def test_the_group_api(client):
    url = start_group(client)
    edit = group_match(client, url, ["Anna", "Ben", "Cleo", "Dan"])
    _finish(client, edit)
    group_id, token = _group_parts(url)
    data = client.get(f"/api/groups/{group_id}?token={token}").get_json()
    assert [p["name"] for p in data["players"]] == ["Anna", "Ben", "Cleo", "Dan"]
    (match,) = data["matches"]
    assert match["winner"] == "Anna & Cleo"
    assert match["variant"] == "classic"
    anna = data["statistics"]["players"][0]
    assert (anna["matches"], anna["won"], anna["win_rate"]) == (1, 1, 1.0)
    assert data["statistics"]["partnerships"][0]["names"] == ["Anna", "Cleo"]
    assert client.get(f"/api/groups/{group_id}?token=nope").status_code == 404
    api = client.get(f"/api/matches/{edit.split('/')[2]}?token={edit.split('/')[3]}").get_json()
    assert api["seating"] == ["Anna", "Ben", "Cleo", "Dan"]
    assert api["first_dealer"] == "Anna"
    assert [h["dealer"] for h in api["hands"][:5]] == ["Anna", "Ben", "Cleo", "Dan", "Anna"]


def test_a_match_file_keeps_seating_dealer_paper_and_notes(client):
    url = start_group(client)
    edit = group_match(
        client, url, ["Anna", "Ben", "Cleo", "Dan"], first_dealer="3", paper_hands="2",
        paper_side1="400", paper_side2="300",
    )  # fmt: skip
    data = hand(**GOING_OUT)
    data["note"] = "kept"
    client.post(edit + "/hands/new", data=data)
    export = client.get(edit + "/export.json").data
    response = import_file(client, export)
    assert response.status_code == 302
    page = client.get(response.location).get_data(as_text=True)
    assert "✎ <bdi>kept</bdi>" in page
    assert "Begun on paper: 2 hands" in page
    # Seat 4 (Dan) dealt first, two hands on paper: the first here was Ben's, next Cleo's.
    assert "<bdi>Ben</bdi> dealt." in page
    assert "Hand 2: <bdi>Cleo</bdi> deals, <bdi>Dan</bdi> plays first." in page


def test_a_groups_match_and_its_rematches_have_names_of_their_own(client):
    url = start_group(client)
    edit = group_match(client, url, ["Anna", "Ben", "Cleo", "Dan"], target="600")
    today = datetime.now(UTC).strftime("%b %-d, %Y")  # the day as English writes it
    # The group's edit link is folded away, as the match page's is.
    group_page = client.get(url).get_data(as_text=True)
    folded = group_page.split('<details class="fold handover">')[1].split("</details>")[0]
    assert "Give the group to another phone" in folded
    assert url in folded
    client.post(edit + "/hands/new", data=hand(**GOING_OUT))  # 685: the match is won
    second = client.post(edit + "/rematch", data={"token": "r" * 20}).location
    client.post(second + "/hands/new", data=hand(**GOING_OUT))
    third = client.post(second + "/rematch", data={"token": "s" * 20}).location
    names = [
        re.search(r"<h1>(.*?)</h1>", client.get(link).get_data(as_text=True))[1]
        for link in (edit, second, third)
    ]
    assert [re.sub("<[^>]+>", "", n) for n in names] == [
        f"Family · {today}",
        f"Family · {today} — 2",
        f"Family · {today} — 3",
    ]
