"""A club's tournament through the web: the director's form, rounds, standings, files, API."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess

import pytest

from referee.web.parts.tournament_teams import read_teams
from tests.support.tournaments import FORM, TEAMS, make, score, tables
from tests.support.web import make_app


@pytest.fixture
def app(tmp_path):
    """The standings move with each hand here; test_standings_move_on_in_steps has steps."""
    return make_app(tmp_path, STANDINGS_SECONDS=0)


def test_a_director_makes_a_tournament_and_every_table_gets_its_match(client):
    director, tid, token = make(client)
    page = client.get(director).get_data(as_text=True)
    assert "Round 1 of 2" in page
    links = tables(client, director)
    assert len(links) == 4
    first = client.get(links[0]).get_data(as_text=True)
    assert "round 1, table 1" in first
    assert "Anna &amp; Ben" in first
    assert "Ivo &amp; Jana" in first
    assert "Needs 125 to open" in first  # the first hand's minimum, by hand
    assert "Hand 1 of 3" in first
    score(client, links[0], hands=1)
    second = client.get(links[0]).text
    # 3 450 would still open at 125 by the score: the minimum goes by the hand here.
    assert "Needs 155 to open" in second
    assert "Hand 2 of 3" in second
    assert "Target" not in second  # the chart draws no target: a game of 3 hands has none


def test_standings_move_with_each_hand_and_the_round_moves_east_west_up(client):
    director, tid, token = make(client)
    links = tables(client, director)
    score(client, links[0], side=0)  # table 1: team 1 (N-S) beats team 5
    score(client, links[1], side=1, hands=1)  # table 2: team 6 leads team 2, still playing
    data = client.get(f"/api/tournaments/{tid}?token={token}").get_json()
    first = data["standings"][0]
    assert (first["team"], first["wins"], first["played"]) == (1, 1.0, 1)
    assert data["current_round"] == 1
    assert data["editable"] is True
    table2 = next(g for g in data["games"] if g["table"] == 2)
    assert table2["hands"] == 1
    assert not table2["counted"]
    assert table2["winner"] is None

    # Not every table has finished: the director is told, and nothing moves.
    asked = client.post(f"{director}/next")
    assert asked.headers["Location"].endswith("?end=1#confirm")
    confirm = client.get(asked.headers["Location"]).text
    # Said where the page opens (#confirm), just above the button it names, not at the top.
    said = confirm.index('id="confirm"')
    assert (
        said
        < confirm.index("3 tables are still playing: end the round anyway")
        < (confirm.index('name="early"'))
    )
    assert 'name="early" value="yes"' in confirm
    assert "Keep playing" in confirm
    assert 'name="early"' not in client.get(director).text  # one tap never ends games
    assert client.get(f"/api/tournaments/{tid}?token={token}").get_json()["current_round"] == 1
    # The director ends the round: the games in play go to the higher total.
    client.post(f"{director}/next", data={"early": "yes"})
    data = client.get(f"/api/tournaments/{tid}?token={token}").get_json()
    assert data["current_round"] == 2
    wins = {s["team"]: s["wins"] for s in data["standings"]}
    assert wins[1] == 1
    assert wins[6] == 1
    assert wins[2] == 0
    # 0 : 0 when the round ended, without a hand: not played, counted for nobody
    assert wins[3] == wins[7] == 0
    unplayed = [g for g in data["games"] if g["round"] == 1 and {g["ns"], g["ew"]} == {3, 7}]
    assert [g["state"] for g in unplayed] == ["not played"]
    round2 = {g["table"]: (g["ns"], g["ew"]) for g in data["games"] if g["round"] == 2}
    # Mitchell: North-South stay; East-West move up one table, the last table's to table 1.
    assert round2 == {1: (1, 8), 2: (2, 5), 3: (3, 6), 4: (4, 7)}
    page = client.get(director).text
    assert "Round 2 of 2" in page
    assert "End the tournament" in page

    # After the last round the tournament ends and its results are final.
    for link in tables(client, director):
        score(client, link, side=0)
    asked = client.post(f"{director}/next", follow_redirects=True).text
    assert "End the tournament? Its results become final" in asked  # asked once, not done
    assert not client.get(f"/api/tournaments/{tid}?token={token}").get_json()["finished"]
    client.post(f"{director}/next", data={"early": "yes"})
    data = client.get(f"/api/tournaments/{tid}?token={token}").get_json()
    assert data["finished"] is True
    # Team 1 won both games; teams 3 and 4 won one each (their first was not played), by
    # the same score: the standings say what parted them.
    top = data["standings"]
    assert (top[0]["team"], top[0]["wins"], top[0]["played"]) == (1, 2.0, 2)
    assert {(s["team"], s["wins"], s["played"]) for s in top[1:3]} == {(3, 1.0, 1), (4, 1.0, 1)}
    assert top[2]["tiebreak"] in ("head-to-head", "points ratio", "lot")


def test_the_read_only_link_shows_standings_and_changes_nothing(client):
    director, tid, token = make(client)
    shared = client.get(director).text.split("Standings, read-only")[1]
    view = re.search(r'href="http://[^/"]+(/t/\d+/[\w-]+)"', shared)[1]
    assert view != director
    page = client.get(view)
    assert page.status_code == 200
    # Before any hand, no round is "after": the standings say round 1 has not started.
    assert "Round 1 of 2: no hand yet" in page.text
    assert "Standings after round" not in page.text
    score(client, tables(client, director)[0], hands=1)
    assert "round 1 of 2 in play" in client.get(view).text
    assert f'data-poll="{view}/version"' in page.text
    assert "Director" not in page.text
    assert client.post(f"{view}/next", data={"early": "yes"}).status_code == 403
    assert client.get(f"{view}/round/1/cards.pdf").status_code == 403
    assert client.get(f"{view}/results.csv").status_code == 200
    assert client.get(f"/t/{tid}/wrong-token").status_code == 404
    assert client.get(f"/api/tournaments/{tid}?token=wrong").status_code == 404
    assert (
        client.get(f"/api/tournaments/{tid}?token={view.rsplit('/', 1)[1]}").get_json()["editable"]
        is False
    )


def test_the_version_changes_with_a_hand_and_is_a_304_while_nothing_does(client):
    director, _tid, _token = make(client)
    first = client.get(f"{director}/version")
    tag = first.headers["ETag"]
    assert client.get(f"{director}/version", headers={"If-None-Match": tag}).status_code == 304
    score(client, tables(client, director)[2], hands=1)
    again = client.get(f"{director}/version", headers={"If-None-Match": tag})
    assert again.status_code == 200
    assert again.get_json()["version"] != first.get_json()["version"]


def test_results_as_csv_json_and_pdf(client):
    director, _tid, _token = make(client, name="=Club night")
    score(client, tables(client, director)[0], side=1)
    rows = list(
        csv.reader(io.StringIO(client.get(f"{director}/results.csv").text.lstrip("\ufeff")))
    )
    assert rows[0] == ["rank", "team", "name", "players", "played", "wins", "points"]
    assert rows[1][:3] == ["1", "5", "Ivo & Jana"]
    assert rows[1][5] == "1.0"
    export = json.loads(client.get(f"{director}/results.json").data)
    assert export["name"] == "=Club night"
    assert export["standings"][0]["name"] == "Ivo & Jana"
    pdf = client.get(f"{director}/results.pdf")
    assert pdf.status_code == 200
    assert pdf.data.startswith(b"%PDF")
    text = pdftotext(pdf.data)
    assert "=Club night – Results" in text
    assert "Ivo & Jana" in text
    assert re.search(r"1\s+Ivo & Jana\s+1\s+1\s+", text)


def test_table_cards_name_every_seat_and_hold_the_tables_link(client):
    director, _tid, _token = make(client)
    pdf = client.get(f"{director}/round/1/cards.pdf?paper=letter")
    assert pdf.status_code == 200
    text = pdftotext(pdf.data)
    assert text.count("Table ") >= 4
    assert "North" in text
    assert "West" in text
    for link in tables(client, director):
        assert link in text.replace("\n", "")
    assert client.get(f"{director}/round/1/cards.pdf?paper=a5").status_code == 400
    assert client.get(f"{director}/round/2/cards.pdf").status_code == 404


def pdftotext(data: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True
    ).stdout.decode()


def test_the_round_clock_on_every_tables_match_page(client, app):
    director, tid, _token = make(client, minutes="40")
    link = tables(client, director)[3]
    assert "data-clock-end" not in client.get(link).text  # not before the director says
    assert "Start the clock (40 minutes)" in client.get(director).text
    client.post(f"{director}/clock")
    assert "Start the clock" not in client.get(director).text
    page = client.get(link).text
    assert "40 minutes left in the round." in page
    assert 'class="clock"' in page
    set_clock(app, tid, minutes=6)
    assert "6 minutes left: the round ends soon." in client.get(link).text
    set_clock(app, tid, minutes=-1)
    assert "Time is up: finish the hand in play, then stop." in client.get(link).text
    # An untimed tournament's tables have no clock.
    director, _tid, _token = make(client, name="Untimed")
    assert "data-clock-end" not in client.get(tables(client, director)[0]).text


def set_clock(app, tournament_id: int, minutes: int) -> None:
    from datetime import UTC, datetime, timedelta

    from referee.storage import Storage

    storage = Storage(app.config["DATABASE"])
    try:
        end = (datetime.now(UTC) + timedelta(minutes=minutes, seconds=-30)).isoformat()
        storage.db.execute(
            "UPDATE tournaments SET clock_end = ? WHERE id = ?", [end, tournament_id]
        )
        storage.db.conn.commit()
    finally:
        storage.close()


def test_single_players_in_a_round_robin_with_one_sitting_out(client):
    director, tid, token = make(
        client,
        preset="classic",
        players="2",
        teams="Anna\nBen\nCleo\nDan\nEva",
        movement="round-robin",
        rounds="5",
        game="target",
        minimums="",
    )
    page = client.get(director).text
    assert "Sits out this round:" in page
    assert len(tables(client, director)) == 2
    match = client.get(tables(client, director)[0]).text
    assert "Needs 50 to open" in match  # classic to its target: the minimum goes by the score


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"rounds": "5"}, "rounds", "8 teams play at most 4 rounds in this movement"),
        ({"teams": TEAMS + "\nZoe"}, "teams", "“Zoe”: a team is two partners joined by &amp;"),
        (
            {"teams": TEAMS + "\nBen & Anna\nAnna & Ben"},
            "teams",
            "Anna &amp; Ben is on the list twice.",
        ),
        ({"teams": "Anna & Ben"}, "teams", "A tournament needs at least two teams."),
        (
            {"preset": "german", "players": "2", "teams": "Anna\nBen"},
            "players",
            "is not played by two sides",
        ),
        ({"hands": ""}, "hands", "Say how many hands a game has."),
        ({"minimums": "125, abc"}, "minimums", "Write minimums such as"),
        ({"minimums": "125, 200000"}, "minimums", "must be from 0 to 100,000, not 200,000"),
        ({"minutes": "5"}, "minutes", "10"),
    ],
)
def test_a_form_that_cannot_be_played_is_refused_naming_the_problem(
    client, changes, field, message
):
    response = client.post("/tournaments/new", data={**FORM, **changes})
    assert response.status_code == 422
    page = response.text.replace("\u2068", "").replace("\u2069", "")  # names isolated
    errors = re.search(rf'<ul class="errors" id="{field}-err">(.*?)</ul>', page, re.S)
    assert errors, page[:200]
    assert message in errors[1]
    if "teams" in changes:  # what was typed stays, to be corrected
        assert changes["teams"].replace("&", "&amp;").split("\n")[-1] in page


def test_read_teams_numbers_teams_in_order_and_joins_partners():
    teams, problem = read_teams(" Anna &Ben \n\n Cleo / Dan", 2)
    assert problem is None
    assert [(t.number, t.name, t.players) for t in teams] == [
        (1, "Anna & Ben", ("Anna", "Ben")),
        (2, "Cleo & Dan", ("Cleo", "Dan")),
    ]


def test_the_directors_phone_finds_its_tournament_on_the_home_page(client, app):
    assert "Run a club tournament" in client.get("/").text
    director, _tid, _token = make(client, name="Spring cup")
    home = client.get("/").text
    assert f'href="{director}"' in home
    assert "Spring cup" in home
    assert director not in app.test_client().get("/").text  # not on another phone


def test_past_the_creation_limit_a_429_keeps_the_directors_form(tmp_path):
    app = make_app(tmp_path, RATELIMIT_ENABLED=True, LIMIT_NEW_MATCHES="1 per minute")
    client = app.test_client()
    assert client.post("/tournaments/new", data=FORM).status_code == 302
    response = client.post("/tournaments/new", data={**FORM, "name": "Second cup"})
    assert response.status_code == 429
    assert "try again in" in response.text
    assert 'value="Second cup"' in response.text
    assert "Otto &amp; Pia" in response.text  # the teams typed, kept


def test_the_standings_page_is_kept_per_version_and_moves_with_every_hand(client):
    """The standings' body is kept per version of the tournament (bench_club.py
    --tournament): the same version shows the same body, a hand at any table a new one,
    and the director's link still shows only on the director's standings."""
    director, tid, token = make(client)
    view = re.search(rf'href="[^"]*(/t/{tid}/[\w-]+)"', client.get(director).get_data(as_text=True))
    assert view
    assert view[1] != director
    standings = view[1] + "/standings"

    def shown() -> tuple[str, str]:
        page = client.get(standings).get_data(as_text=True)
        found = re.search(r'data-version="([^"]+)"', page)
        assert found
        return found[1], page

    version, page = shown()
    assert shown() == (version, page)
    assert "Director's page" not in page
    assert "Director's page" in client.get(director + "/standings").get_data(as_text=True)
    first = tables(client, director)[0]
    score(client, first, side=0, hands=1)
    after, page_after = shown()
    assert after != version
    assert client.get(view[1] + "/version").get_json() == {"version": after}
    assert page_after != page
    points = re.findall(r"<strong>([\d,.\s]+)</strong>", page_after)
    assert any(p.strip() not in ("0",) for p in points)  # the hand's totals are on it


def test_standings_move_on_in_steps_the_same_in_every_worker(tmp_path):
    app = make_app(tmp_path)  # the default step, 20 s
    client = app.test_client()
    director, _tid, _token = make(client)
    before = client.get(f"{director}/version").get_json()["version"]
    score(client, tables(client, director)[0], hands=1)
    # A hand entered in this step shows from the next one, when every phone reloads once.
    assert client.get(f"{director}/version").get_json()["version"] == before
    age_history(app, seconds=60)  # the step has passed
    assert client.get(f"{director}/version").get_json()["version"] != before


def age_history(app, seconds: int) -> None:
    from referee.storage import Storage

    storage = Storage(app.config["DATABASE"])
    try:
        storage.db.execute(
            "UPDATE history SET at = strftime('%Y-%m-%dT%H:%M:%S', at, ?) || '+00:00'",
            [f"-{seconds} seconds"],
        )
        storage.db.conn.commit()
    finally:
        storage.close()


def test_the_standings_poll_is_answered_before_flask_as_flask_would(client, app):
    director, tid, _token = make(client)
    through_flask = client.get(f"{director}/version")
    app.view_functions["tournaments.version"] = lambda **_: ("not the middleware", 418)
    answer = client.get(f"{director}/version")
    assert answer.status_code == 200
    assert answer.get_json() == through_flask.get_json()
    assert answer.headers["ETag"] == through_flask.headers["ETag"]
    tag = answer.headers["ETag"]
    assert client.get(f"{director}/version", headers={"If-None-Match": tag}).status_code == 304
    # A wrong token or no such tournament goes on to Flask, whose answer it is.
    assert client.get(f"/t/{tid}/wrong/version").status_code == 418
    assert client.get(f"/t/{tid + 1}/wrong/version").status_code == 418


def test_the_clock_starts_once_and_only_from_the_directors_link(client):
    director, tid, _token = make(client, minutes="30")
    view = client.get(f"/api/tournaments/{tid}?token={director.rsplit('/', 1)[1]}").get_json()
    assert view["clock_end"] is None
    shared = client.get(director).text.split("Standings, read-only")[1]
    read_only = re.search(r'href="http://[^/"]+(/t/\d+/[\w-]+)"', shared)[1]
    assert client.post(f"{read_only}/clock").status_code == 403
    client.post(f"{director}/clock")
    started = client.get(f"/api/tournaments/{tid}?token={director.rsplit('/', 1)[1]}").get_json()
    assert started["clock_end"] is not None
    client.post(f"{director}/clock")  # a second tap restarts nothing
    assert "it is not done twice" in client.get(director).text
    again = client.get(f"/api/tournaments/{tid}?token={director.rsplit('/', 1)[1]}").get_json()
    assert again["clock_end"] == started["clock_end"]
    untimed, _tid, _token = make(client, name="Untimed cup")
    assert "Start the clock" not in client.get(untimed).text
    assert client.post(f"{untimed}/clock").status_code == 302  # nothing to start: back


def test_the_standings_and_the_directors_page_ask_as_often_as_the_server_says(tmp_path):
    """A club's server sets how often the standings, the projector and the director's page
    ask whether they moved on (STANDINGS_POLL_SECONDS): 10 s unless it says otherwise."""
    for setting, every in ((None, "10"), (4, "4")):
        config = {} if setting is None else {"STANDINGS_POLL_SECONDS": setting}
        client = make_app(tmp_path / str(setting), **config).test_client()
        director, _tid, _token = make(client)
        page = client.get(director).text
        view = re.search(r'href="http://[^/"]+(/t/\d+/[\w-]+)"', page)[1]
        assert f'data-every="{every}"' in page
        assert f'data-every="{every}"' in client.get(view).text
