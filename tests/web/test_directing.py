"""The director's side of an event through the web: teams check in, a late team takes the
empty place, a no-show forfeits, a result is corrected with its reason, a team withdraws,
seats swapped, Swiss rounds paired from the standings, victory points."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.support.tournaments import FORM, make, score, tables
from tests.support.web import make_app

FIVE = "\n".join(["Anna & Ben", "Cleo & Dan", "Eva & Finn", "Gus & Hana", "Ivo & Jana"])


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path, STANDINGS_SECONDS=0)


def api(client, tid, token):
    return client.get(f"/api/tournaments/{tid}?token={token}").get_json()


def begin(client, director, early=False):
    data = {"round": str(api_round(client, director))}
    if early:
        data["early"] = "yes"
    return client.post(f"{director}/next", data=data)


def api_round(client, director):
    tid, token = re.fullmatch(r"/t/(\d+)/([\w-]+)", director).groups()
    return api(client, tid, token)["current_round"]


def test_teams_check_in_and_round_one_is_made_from_those_here(client):
    director, tid, token = make(client, teams=FIVE, check_in="y", rounds="2")
    page = client.get(director).text
    assert "Who is here" in page
    assert "Begin round 1 with 0 teams" in page
    assert tables(client, director) == []
    for number in (1, 2, 4, 5):  # Eva & Finn do not come
        answer = client.post(f"{director}/teams/{number}/here", data={"here": "yes"})
        assert answer.status_code == 302
    assert "Begin round 1 with 4 teams" in client.get(director).text
    begin(client, director)
    data = api(client, tid, token)
    assert data["current_round"] == 1
    seated = {t for g in data["games"] for t in (g["ns"], g["ew"])}
    assert seated == {1, 2, 4, 5}  # two tables, nobody sits out, Eva & Finn nowhere
    # Once round 1 has begun, nobody checks in any more.
    client.post(f"{director}/teams/3/here", data={"here": "yes"})
    assert {t for g in api(client, tid, token)["games"] for t in (g["ns"], g["ew"])} == seated


def test_too_few_teams_here_is_said_and_nothing_begins(client):
    director, tid, token = make(client, teams=FIVE, check_in="y")
    client.post(f"{director}/teams/1/here", data={"here": "yes"})
    answer = client.post(f"{director}/next", data={"round": "0"}, follow_redirects=True)
    assert "cannot play round 1" in answer.text
    assert api(client, tid, token)["current_round"] == 0


def test_a_late_team_takes_the_empty_place_of_an_odd_mitchell(client):
    # Five teams: two tables, one team sits out each round (the phantom's place).
    director, tid, token = make(client, teams=FIVE, rounds="3")
    first = api(client, tid, token)
    assert len(first["games"]) == 2
    answer = client.post(f"{director}/teams/late", data={"team": "Karl & Lea"})
    assert answer.status_code == 302
    for link in tables(client, director):
        score(client, link)
    begin(client, director)
    data = api(client, tid, token)
    round2 = [g for g in data["games"] if g["round"] == 2]
    assert len(round2) == 3  # the late team plays whoever would have sat out
    assert 6 in {t for g in round2 for t in (g["ns"], g["ew"])}
    assert "joined late" in " ".join(e["action"] for e in data["events"])
    # The one empty place is taken: a second late team is told why it cannot join.
    refused = client.post(
        f"{director}/teams/late", data={"team": "Milo & Nora"}, follow_redirects=True
    )
    assert "empty place is taken" in refused.text


def test_an_even_mitchell_has_no_place_for_a_late_team_and_says_so(client):
    director, tid, token = make(client)  # eight teams
    refused = client.post(
        f"{director}/teams/late", data={"team": "Zoe & Yan"}, follow_redirects=True
    )
    assert "no empty place" in refused.text
    assert len(api(client, tid, token)["standings"]) == 8


def test_a_no_show_forfeits_and_the_reason_is_on_the_results(client):
    director, tid, token = make(client, ranking="vp", scale="fibur-3")
    data = api(client, tid, token)
    table1 = next(g for g in data["games"] if g["table"] == 1)
    answer = client.post(
        f"{director}/tables/1/1/settle",
        data={"g1-1-outcome": "ew-absent", "g1-1-reason": "Ivo & Jana did not come"},
    )
    assert answer.status_code == 302
    data = api(client, tid, token)
    game = next(g for g in data["games"] if g["table"] == 1)
    assert game["state"] == "adjusted"
    assert game["reason"] == "Ivo & Jana did not come"
    assert game["vp"] == [14, 0]  # FIBur, three hands: 70 % of 20
    ranked = {s["team"]: s for s in data["standings"]}
    assert ranked[table1["ns"]]["vp"] == 14
    assert ranked[table1["ns"]]["wins"] == 1
    assert ranked[table1["ew"]]["vp"] == 0
    assert any(
        e["action"] == "forfeit" and e["reason"] == "Ivo & Jana did not come"
        for e in data["events"]
    )
    page = client.get(director).text
    assert "settled by the director" in page
    assert "Ivo &amp; Jana did not come" in page


def test_a_settle_without_a_reason_is_refused_and_nothing_changes(client):
    director, tid, token = make(client)
    answer = client.post(
        f"{director}/tables/1/1/settle",
        data={"g1-1-outcome": "not-played", "g1-1-reason": ""},
        follow_redirects=True,
    )
    assert "Say why" in answer.text
    assert all(g["state"] == "not started" for g in api(client, tid, token)["games"])


def test_a_corrected_result_replaces_the_matchs_and_can_be_restored(client):
    director, tid, token = make(client)
    link = tables(client, director)[0]
    score(client, link, side=0)
    before = next(g for g in api(client, tid, token)["games"] if g["table"] == 1)
    assert before["winner"] == "ns"
    client.post(
        f"{director}/tables/1/1/settle",
        data={
            "g1-1-outcome": "result",
            "g1-1-ns": "900",
            "g1-1-ew": "1500",
            "g1-1-reason": "score sheet read the wrong way",
        },
    )
    after = next(g for g in api(client, tid, token)["games"] if g["table"] == 1)
    assert (after["totals"], after["winner"], after["state"]) == ([900, 1500], "ew", "adjusted")
    client.post(
        f"{director}/tables/1/1/settle",
        data={"g1-1-outcome": "restore", "g1-1-reason": "the sheet was right after all"},
    )
    again = next(g for g in api(client, tid, token)["games"] if g["table"] == 1)
    assert again["totals"] == before["totals"]
    actions = [e["action"] for e in api(client, tid, token)["events"]]
    assert actions[-2:] == ["result corrected", "result restored"]


def test_a_withdrawn_team_keeps_its_games_and_its_next_opponent_sits_out(client):
    director, tid, token = make(
        client, movement="round-robin", rounds="3", teams="\n".join(FORM["teams"].splitlines()[:4])
    )
    for link in tables(client, director):
        score(client, link)
    answer = client.post(f"{director}/teams/1/withdraw", data={"w1-reason": "went home ill"})
    assert answer.status_code == 302
    begin(client, director)
    data = api(client, tid, token)
    round1 = [g for g in data["games"] if g["round"] == 1]
    round2 = [g for g in data["games"] if g["round"] == 2]
    assert any(1 in (g["ns"], g["ew"]) for g in round1)  # its game played stays
    assert not any(1 in (g["ns"], g["ew"]) for g in round2)
    assert len(round2) == 1  # its opponent of round 2 sits out
    assert any(e["action"] == "withdrew" and "went home ill" in e["reason"] for e in data["events"])


def test_seats_swap_before_the_first_hand_and_not_after(client):
    director, tid, token = make(client)
    game = next(g for g in api(client, tid, token)["games"] if g["table"] == 2)
    client.post(f"{director}/tables/1/2/swap", data={"ns": str(game["ns"])})
    swapped = next(g for g in api(client, tid, token)["games"] if g["table"] == 2)
    assert (swapped["ns"], swapped["ew"]) == (game["ew"], game["ns"])
    link = tables(client, director)[1]
    names = {
        s["team"]: s["name"].replace("&", "&amp;") for s in api(client, tid, token)["standings"]
    }
    match_page = client.get(link).text
    # the match's first side is now the team that was East-West
    assert match_page.index(names[game["ew"]]) < match_page.index(names[game["ns"]])
    score(client, link, hands=1)
    refused = client.post(
        f"{director}/tables/1/2/swap", data={"ns": str(game["ew"])}, follow_redirects=True
    )
    assert "before its first hand" in refused.text


def test_swiss_rounds_pair_the_standings_and_never_a_rematch(client):
    director, tid, token = make(client, movement="swiss", rounds="3", ranking="vp", scale="fibur-3")
    previous: list[dict] = []
    for rnd in (1, 2, 3):
        data = api(client, tid, token)
        games = [g for g in data["games"] if g["round"] == rnd]
        assert len(games) == 4
        if previous:
            # table 1: the leader against the best-placed team it has not met
            met = {frozenset((g["ns"], g["ew"])) for g in data["games"] if g["round"] < rnd}
            top = previous[0]["team"]
            rival = next(s["team"] for s in previous[1:] if frozenset((top, s["team"])) not in met)
            first = next(g for g in games if g["table"] == 1)
            assert {first["ns"], first["ew"]} == {top, rival}
        for link in tables(client, director):
            score(client, link, side=rnd % 2)
        previous = api(client, tid, token)["standings"]
        begin(client, director)
    assert not api(client, tid, token)["finished"]  # ending the tournament is asked once
    begin(client, director, early=True)
    data = api(client, tid, token)
    pairs = [frozenset((g["ns"], g["ew"])) for g in data["games"]]
    assert len(pairs) == len(set(pairs)) == 12  # no rematch in three rounds of eight teams
    assert data["finished"] is True
    assert sum(s["vp"] for s in data["standings"]) == 12 * 20


def test_the_director_page_states_the_format(client):
    director, _tid, _token = make(client)
    page = client.get(director).text
    assert "3 hands a game" in page
    assert "opening 125, 155, 180" in page
    assert "Mitchell" in page
    classic, _t, _k = make(client, preset="classic", minimums="", game="target")
    page = client.get(classic).text
    assert "opening by the score" in page
    assert "a game to the target score" in page


def test_links_for_phones_use_the_wifi_address_when_the_host_opened_its_loopback(tmp_path):
    app = make_app(tmp_path, STANDINGS_SECONDS=0, LAN_URL="http://192.168.1.20:5000/")
    client = app.test_client()
    director, _tid, _token = make(client)
    page = client.get(director, base_url="http://127.0.0.1:5000").text
    assert "http://192.168.1.20:5000/t/" in page  # the standings' read-only link
    assert "http://127.0.0.1" not in page
    cards = client.get(f"{director}/round/1/cards.pdf", base_url="http://127.0.0.1:5000")
    assert cards.status_code == 200
    # A phone that opened the Wi-Fi address (or a public server's name) keeps its own.
    page = client.get(director, base_url="http://club.example").text
    assert "http://club.example/t/" in page
    for host in ("http://localhost:5000", "http://[::1]:5000"):
        assert "http://192.168.1.20:5000/t/" in client.get(director, base_url=host).text


def test_a_team_listed_but_absent_at_round_one_can_still_come_late(client):
    director, tid, token = make(client, teams=FIVE, check_in="y", rounds="3", movement="swiss")
    for number in (1, 2, 3, 4):  # Ivo & Jana are not here
        client.post(f"{director}/teams/{number}/here", data={"here": "yes"})
    begin(client, director)
    answer = client.post(
        f"{director}/teams/late", data={"team": "Ivo & Jana"}, follow_redirects=True
    )
    assert "joins from round 2" in answer.text
    data = api(client, tid, token)
    assert len(data["standings"]) == 5  # the same team, not a second one
    assert any(e["action"] == "joined late" for e in data["events"])


def test_a_round_sat_out_gives_the_forfeit_award_where_the_event_says_so(client):
    director, tid, token = make(client, teams=FIVE, ranking="vp", scale="fibur-4", bye="award")
    data = api(client, tid, token)
    seated = {t for g in data["games"] for t in (g["ns"], g["ew"])}
    (out,) = {1, 2, 3, 4, 5} - seated
    assert all(g["table"] >= 1 for g in data["games"])  # the bye is no table's game
    mine = next(s for s in data["standings"] if s["team"] == out)
    assert (mine["vp"], mine["wins"], mine["played"]) == (12, 1.0, 1)
    nothing, t2, k2 = make(client, teams=FIVE, ranking="vp", scale="fibur-4")
    data = api(client, t2, k2)
    seated = {t for g in data["games"] for t in (g["ns"], g["ew"])}
    (out,) = {1, 2, 3, 4, 5} - seated
    mine = next(s for s in data["standings"] if s["team"] == out)
    assert (mine["vp"], mine["played"]) == (0, 0)
    assert "Sits out this round" in client.get(nothing).text


def test_a_configured_public_address_is_the_one_every_phone_link_uses(tmp_path):
    app = make_app(tmp_path, STANDINGS_SECONDS=0, PUBLIC_URL="https://cards.example.org")
    client = app.test_client()
    director, _tid, _token = make(client)
    page = client.get(director, base_url="http://10.0.0.5:8000").text
    assert "https://cards.example.org/t/" in page
    assert "http://10.0.0.5" not in page


def test_each_team_gets_a_score_card_and_the_federation_a_ranking_csv(client, tmp_path):
    director, tid, token = make(client, ranking="vp", scale="fibur-3")
    links = tables(client, director)
    score(client, links[0], side=0)  # table 1: Anna & Ben (N-S) beat Ivo & Jana
    client.post(
        f"{director}/tables/1/2/settle",
        data={"g1-2-outcome": "ew-absent", "g1-2-reason": "Karl & Lea stuck in traffic"},
    )
    pdf = client.get(f"{director}/teams.pdf")
    assert pdf.status_code == 200
    path = tmp_path / "teams.pdf"
    path.write_bytes(pdf.get_data())
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    # several cards to a page: a card is its team's name, then the event's line
    lines = text.replace("\f", "\n").splitlines()
    starts = [i for i in range(len(lines) - 1) if " · Team " in lines[i + 1]] + [len(lines)]
    cards = ["\n".join(lines[a:b]) for a, b in zip(starts, starts[1:], strict=False)]
    anna = next(c for c in cards if "Anna & Ben" in c.splitlines()[0])
    assert "North-South" in anna
    assert "Ivo & Jana" in anna  # the opponents
    cleo = next(c for c in cards if "Cleo & Dan" in c.splitlines()[0])
    assert "Karl & Lea stuck in traffic" in cleo  # the reason of its adjusted game
    assert re.search(r"\b14\b", cleo)  # the forfeit award, in VP and the running total
    ranking = client.get(f"{director}/ranking.csv").get_data().decode("utf-8-sig")
    header, first, *_rest = ranking.splitlines()
    assert header.startswith("rank,team,name,player_1,player_2,played,wins,vp,points")
    assert first.split(",")[3:5] in (["Anna", "Ben"], ["Cleo", "Dan"])


def test_the_history_says_what_the_director_did_in_words(client):
    director, _tid, _token = make(client)
    client.post(
        f"{director}/tables/1/1/settle",
        data={"g1-1-outcome": "not-played", "g1-1-reason": "the table's lights failed"},
    )
    page = client.get(director).text
    assert "Table 1, round 1: not played" in page
    assert "the table&#39;s lights failed" in page or "the table’s lights failed" in page


def test_an_own_scale_that_makes_no_sense_is_refused_in_the_pages_language(client):
    answer = client.post(
        "/tournaments/new?lang=cs",
        data={**FORM, "ranking": "vp", "scale": "own", "bands": "50 10, 150 9, * 20"},
    )
    assert answer.status_code == 422
    assert "nikdy méně než pásmo před ním" in answer.text
    assert "50 10, 150 9, * 20" in answer.text  # what was typed is kept


def test_a_mitchell_evening_ends_with_a_round_by_the_standings(client):
    director, tid, token = make(client, movement="mitchell-swiss", rounds="3")
    for number in (1, 2):
        data = api(client, tid, token)
        games = [g for g in data["games"] if g["round"] == number]
        # Mitchell: North-South teams 1-4 stay at their tables
        assert sorted(g["ns"] for g in games) == [1, 2, 3, 4]
        for link in tables(client, director):
            score(client, link, side=number % 2)
        before = api(client, tid, token)["standings"]
        begin(client, director)
    data = api(client, tid, token)
    last = [g for g in data["games"] if g["round"] == 3]
    met = {frozenset((g["ns"], g["ew"])) for g in data["games"] if g["round"] < 3}
    top = before[0]["team"]
    rival = next(s["team"] for s in before[1:] if frozenset((top, s["team"])) not in met)
    first = next(g for g in last if g["table"] == 1)
    assert {first["ns"], first["ew"]} == {top, rival}  # the leaders meet at the end
    assert "Mitchell, then a last Swiss round" in client.get(director).text


def test_a_vp_event_without_a_chosen_scale_takes_fiburs_table_for_its_hands(client):
    fields = {k: v for k, v in FORM.items()} | {"ranking": "vp", "hands": "4"}
    response = client.post("/tournaments/new", data=fields)
    tid, token = re.fullmatch(r"/t/(\d+)/([\w-]+)", response.headers["Location"]).groups()
    director = response.headers["Location"]
    client.post(
        f"{director}/tables/1/1/settle",
        data={"g1-1-outcome": "ew-absent", "g1-1-reason": "no-show"},
    )
    game = next(g for g in api(client, tid, token)["games"] if g["table"] == 1)
    assert game["vp"] == [12, 0]  # FIBur's four-hand table: the forfeit award is 12
