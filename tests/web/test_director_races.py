"""A director's presses from two phones at once against the real server (two workers),
released together at a barrier: what each phone is told is what is stored."""

from __future__ import annotations

import json
import os
import re
import urllib.request

import pytest

from tests.support.live import Phone, at_once, referee_serve
from tests.support.tournaments import FORM

pytestmark = pytest.mark.live

FIVE = "Anna & Ben\nCleo & Dan\nEva & Finn\nGus & Hana\nIvo & Jana"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    path = tmp_path_factory.mktemp("director-races") / "referee.db"
    env = {**os.environ, "REFEREE_LIMIT_NEW_MATCHES": "1000 per minute"}
    with referee_serve(path, workers=2, env=env) as live:
        yield live


def _tournament(server, **changes):
    phone = Phone(server.url)
    url, _page = phone.post("/tournaments/new", {**FORM, **changes})
    director = url.removeprefix(server.url)
    return phone, director


def _api(server, director):
    tid, token = re.fullmatch(r"/t/(\d+)/([\w-]+)", director).groups()
    with urllib.request.urlopen(f"{server.url}/api/tournaments/{tid}?token={token}") as answer:
        return json.load(answer)


def _phones(server, director, n=2):
    """``n`` phones holding the director's link, each with its own session (and so its own
    messages: one session shared by two requests at once mixes up what each is told)."""
    phones = [Phone(server.url) for _ in range(n)]
    return [(p, p.form(director)["csrf_token"]) for p in phones]


def _flash(text: str) -> str:
    found = re.search(r'<div class="flash"[^>]*><p>(.*?)</p>', text, re.S)
    return found.group(1) if found else ""


def test_two_phones_add_the_same_late_team_and_it_joins_once(server):
    _phone, director = _tournament(server, teams=FIVE, rounds="3", movement="swiss")
    send = [
        lambda p=p, csrf=csrf: p.send(
            f"{director}/teams/late", {"team": "Karl & Lea", "csrf_token": csrf}
        )
        for p, csrf in _phones(server, director)
    ]
    told = [_flash(a.text) for a in at_once(send)]
    joined = [t for t in told if "joins from round 2" in t]
    assert len(joined) == 1, told
    names = [s["name"] for s in _api(server, director)["standings"]]
    assert names.count("Karl & Lea") == 1


def test_two_phones_swap_one_table_and_it_swaps_once(server):
    _phone, director = _tournament(server)
    game = next(g for g in _api(server, director)["games"] if g["table"] == 1)
    send = [
        lambda p=p, csrf=csrf: p.send(
            f"{director}/tables/1/1/swap", {"ns": str(game["ns"]), "csrf_token": csrf}
        )
        for p, csrf in _phones(server, director)
    ]
    told = [_flash(a.text) for a in at_once(send)]
    assert sum("changed places" in t for t in told) == 1, told
    after = next(g for g in _api(server, director)["games"] if g["table"] == 1)
    assert (after["ns"], after["ew"]) == (game["ew"], game["ns"])


def test_two_phones_withdraw_one_team_and_it_is_noted_once(server):
    _phone, director = _tournament(server)
    send = [
        lambda p=p, csrf=csrf: p.send(
            f"{director}/teams/3/withdraw",
            {"w3-reason": "went home", "w3-csrf_token": csrf, "csrf_token": csrf},
        )
        for p, csrf in _phones(server, director)
    ]
    told = [_flash(a.text) for a in at_once(send)]
    assert sum("plays no more rounds" in t for t in told) == 1, told
    events = [e for e in _api(server, director)["events"] if e["action"] == "withdrew"]
    assert len(events) == 1


def test_two_phones_settle_one_game_and_it_is_settled_once(server):
    """The second press, from the other phone, is told it was already done: one event in
    the history, the first phone's (issue 46: both were told "settled", two events)."""
    _phone, director = _tournament(server)
    phones = _phones(server, director)
    seen = [
        re.search(r'name="g1-1-seen" value="(\d+)"', p.get(director)).group(1)
        for p, _csrf in phones
    ]
    send = [
        lambda p=p, csrf=csrf, reason=reason, seen=seen: p.send(
            f"{director}/tables/1/1/settle",
            {
                "g1-1-outcome": "not-played",
                "g1-1-reason": reason,
                "g1-1-seen": seen,
                "g1-1-csrf_token": csrf,
            },
        )
        for (p, csrf), reason, seen in zip(
            phones, ("first phone", "second phone"), seen, strict=True
        )
    ]
    told = [_flash(a.text) for a in at_once(send)]
    assert sum("settled" in t for t in told) == 1, told
    assert sum("already done" in t for t in told) == 1, told
    data = _api(server, director)
    events = [e for e in data["events"] if e["action"] == "not played"]
    assert len(events) == 1
    game = next(g for g in data["games"] if g["table"] == 1)
    assert (game["state"], game["reason"]) == ("not played", events[0]["reason"])


def _press_next(server, director, number):
    return [
        lambda p=p, csrf=csrf: p.send(
            f"{director}/next", {"early": "yes", "round": str(number), "csrf_token": csrf}
        )
        for p, csrf in _phones(server, director)
    ]


def test_two_phones_end_a_round_early_and_the_next_begins_once(server):
    _phone, director = _tournament(server)
    told = [_flash(a.text) for a in at_once(_press_next(server, director, 1))]
    assert sum("Round 2 has begun" in t for t in told) == 1, told
    assert sum("already done" in t for t in told) == 1, told
    data = _api(server, director)
    assert data["current_round"] == 2
    assert [e["action"] for e in data["events"]] == ["round ended early"]
    assert len([g for g in data["games"] if g["round"] == 2]) == 4  # eight teams, once


def test_two_phones_end_the_tournament_and_it_ends_once(server):
    _phone, director = _tournament(server)
    at_once(_press_next(server, director, 1)[:1])
    told = [_flash(a.text) for a in at_once(_press_next(server, director, 2))]
    assert sum("The tournament is over" in t for t in told) == 1, told
    data = _api(server, director)
    assert data["finished"]
    assert [e["action"] for e in data["events"]] == ["round ended early", "tournament ended early"]


def test_two_phones_reopen_one_table_and_it_is_reopened_once(server):
    _phone, director = _tournament(server)
    at_once(_press_next(server, director, 1)[:1])
    send = [
        lambda p=p, csrf=csrf, reason=reason: p.send(
            f"{director}/reopen",
            {"round": "1", "table": "1", "reason": reason, "csrf_token": csrf},
        )
        for (p, csrf), reason in zip(
            _phones(server, director), ("first phone", "second phone"), strict=True
        )
    ]
    answers = at_once(send)
    assert sum("is open again" in _flash(a.text) for a in answers) == 1
    events = [e for e in _api(server, director)["events"] if e["action"] == "reopened"]
    assert len(events) == 1


def test_two_late_teams_for_the_one_empty_place_one_joins_the_other_is_told_why(server):
    """Five teams in a Mitchell movement leave one empty place; two directors' phones bring
    two different late teams at once (issue 43), three times: one joins, the other is told
    the place is taken, and the tournament holds six teams."""
    for _try in range(3):
        _phone, director = _tournament(server, teams=FIVE, rounds="3")
        send = [
            lambda p=p, csrf=csrf, name=name, late=f"{director}/teams/late": p.send(
                late, {"team": name, "csrf_token": csrf}
            )
            for (p, csrf), name in zip(
                _phones(server, director), ["Karl & Lea", "Max & Nora"], strict=True
            )
        ]
        told = [_flash(a.text) for a in at_once(send)]
        assert sum("joins from round 2" in t for t in told) == 1, told
        assert sum("one empty place is taken already" in t for t in told) == 1, told
        assert len(_api(server, director)["standings"]) == 6
