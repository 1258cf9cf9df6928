"""A Swiss round begun while games are still in play (*End this round now*) is paired, and
its bye chosen, from the standings that count every game the same press closes: the
standings the director and the room see when the round begins (issue 46)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.match.pairing import round_plan
from referee.match.standings import ALWAYS, TableGame
from referee.storage import StandingsMoved
from referee.web.plumbing.db import get_storage
from tests.support.profiles import examples
from tests.support.tournaments import make, tables
from tests.support.web import hand, make_app

SEVEN = "\n".join(f"T{n}a & T{n}b" for n in range(1, 8))
SWISS = {"movement": "swiss", "rounds": "3", "preset": "classic", "minimums": ""}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("early-rounds"))


def _hand(client, match_url: str, ns: int, ew: int) -> None:
    """One hand in the quick form, North-South melding ``ns`` points, East-West ``ew``."""
    data = hand("quick", side0={"meld_points": ns}, side1={"meld_points": ew})
    answer = client.post(f"{match_url}/hands/new?mode=quick", data=data)
    assert answer.status_code == 302, answer.get_data(as_text=True)[:2000]


def _results(client, tid: int, token: str) -> dict[str, Any]:
    return json.loads(client.get(f"/api/tournaments/{tid}?token={token}").data)


def _pairs(data: dict[str, Any], number: int) -> set[frozenset[int]]:
    return {frozenset((g["ns"], g["ew"])) for g in data["games"] if g["round"] == number}


def test_the_issues_seven_teams_are_paired_on_the_standings_they_are_shown(app):
    """Two tables finished at 700–600 and 800–500, the third one hand in at 50–1 000:
    *End this round now* ranks 6, 3, 1, 2, 4, 5, 7, and round 2 pairs that order."""
    client = app.test_client()
    director, tid, token = make(client, teams=SEVEN, hands="3", **SWISS)
    one, two, three = tables(client, director)
    for ns, ew in ((300, 200), (200, 200), (200, 200)):
        _hand(client, one, ns, ew)  # team 1 v team 2: 700–600, finished
    for ns, ew in ((300, 200), (300, 200), (200, 100)):
        _hand(client, two, ns, ew)  # team 3 v team 4: 800–500, finished
    _hand(client, three, 50, 1000)  # team 5 v team 6: in play
    client.post(f"{director}/next", data={"early": "yes"})
    data = _results(client, tid, token)
    assert data["current_round"] == 2
    assert [s["team"] for s in data["standings"]] == [6, 3, 1, 2, 4, 5, 7]
    # the lowest without a bye (7 sat out round 1) is 5: then 6 v 3, 1 v 4, 2 v 7
    assert _pairs(data, 2) == {frozenset(p) for p in ((6, 3), (1, 4), (2, 7))}
    with app.app_context():
        assert get_storage().tournament_byes(tid)[2] == [5]


# -- over generated evenings --------------------------------------------------------------

POINTS = st.integers(24, 120).map(lambda n: n * 5)
TABLE = st.one_of(
    st.lists(st.tuples(POINTS, POINTS), max_size=3).map(lambda hands: ("hands", hands)),
    st.sampled_from([("settle", "ns-absent"), ("settle", "not-played")]),
)


@st.composite
def evenings(draw: Any) -> dict[str, Any]:
    teams = draw(st.integers(4, 9))
    rounds = draw(st.integers(2, 3))
    return {
        "teams": teams,
        "rounds": rounds,
        "ranking": draw(st.sampled_from(["wins", "points", "vp"])),
        "draw": draw(st.sampled_from(["", "y"])),
        # for each round before the last: what each table does, then a late team or a
        # withdrawal, pressed before the next round begins
        "plays": [
            (
                draw(st.lists(TABLE, min_size=5, max_size=5)),
                draw(st.sampled_from([None, "late", "withdraw"])),
                draw(st.integers(1, teams)),
            )
            for _ in range(rounds - 1)
        ],
    }


def _pairing_shown(app, tid: int, data: dict[str, Any], number: int) -> set[frozenset[int]]:
    """Round ``number`` as the movement pairs the standings ``data`` shows at its start."""
    with app.app_context():
        storage = get_storage()
        tournament = storage.get_tournament(tid)
        teams = storage.tournament_teams(tid)
        byes = storage.tournament_byes(tid)
    played = [
        TableGame(g["round"], g["table"], g["ns"], g["ew"])
        for g in data["games"]
        if g["round"] < number
    ]
    planned = round_plan(
        tournament,
        teams,
        number,
        ranked=[s["team"] for s in data["standings"]],
        played=played,
        byes={r: t for r, t in byes.items() if r < number},
    )
    assert tuple(byes.get(number, ())) == planned.sits_out
    return {frozenset((p.ns, p.ew)) for p in planned.tables}


@settings(
    max_examples=examples(25),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(evening=evenings())
def test_every_round_is_the_pairing_of_the_standings_shown_at_its_start(app, evening):
    client = app.test_client()
    names = "\n".join(f"P{n}a & P{n}b" for n in range(1, evening["teams"] + 1))
    director, tid, token = make(
        client,
        teams=names,
        hands="3",
        ranking=evening["ranking"],
        draw=evening["draw"],
        bye="nothing",
        **{**SWISS, "rounds": str(evening["rounds"])},
    )
    for number, (plays, change, team) in enumerate(evening["plays"], start=1):
        links = tables(client, director)  # the round's tables, table 1 first
        for table, (link, (kind, what)) in enumerate(zip(links, plays, strict=False), 1):
            if kind == "hands":
                for ns, ew in what:
                    _hand(client, link, ns, ew)
            else:
                field = f"g{number}-{table}"
                client.post(
                    f"{director}/tables/{number}/{table}/settle",
                    data={f"{field}-outcome": what, f"{field}-reason": "generated"},
                )
        if change == "late":
            client.post(f"{director}/teams/late", data={"team": f"Late{number}a & Late{number}b"})
        elif change == "withdraw":
            client.post(f"{director}/teams/{team}/withdraw", data={f"w{team}-reason": "home"})
        client.post(f"{director}/next", data={"early": "yes"})
        data = _results(client, tid, token)
        if data["current_round"] != number + 1:  # too few teams left to play on
            break
        assert _pairs(data, number + 1) == _pairing_shown(app, tid, data, number + 1)


def test_a_pairing_made_before_a_hand_came_in_is_refused_and_nothing_begins(app):
    """Storage checks, in the transaction that closes the round, that no hand came in since
    the standings were read: a pairing on older standings begins nothing."""
    client = app.test_client()
    director, tid, _token = make(client, teams=SEVEN, hands="3", **SWISS)
    with app.app_context():
        storage = get_storage()
        seen = storage.tournament_latest(tid, ALWAYS)
        _hand(client, tables(client, director)[0], 300, 200)  # came in while pairing
        with pytest.raises(StandingsMoved):
            storage.begin_round(tid, 2, [], None, early=True, seen=seen)
        assert storage.get_tournament(tid).current_round == 1
        assert storage.begin_round(
            tid, 2, [], None, early=True, seen=storage.tournament_latest(tid, ALWAYS)
        )
