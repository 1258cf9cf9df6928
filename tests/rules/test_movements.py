"""Tournament movements: every team plays once a round or sits out, no pair meets twice,
a round robin meets every pair exactly once, and `referee tournament plan` prints it."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.movements import MOVEMENTS, PlanError, most_rounds, plan
from tests.support.commands import assert_refused, process, run

TEAMS = st.integers(2, 40)
ANY_MOVEMENT = st.sampled_from(MOVEMENTS)


@st.composite
def plans(draw, movement=ANY_MOVEMENT):
    teams = draw(TEAMS)
    chosen = draw(movement)
    rounds = draw(st.integers(1, most_rounds(teams, chosen)))
    return plan(teams, rounds, chosen)


def meetings(p) -> list[frozenset[int]]:
    return [frozenset((t.ns, t.ew)) for r in p.rounds for t in r.tables]


@given(plans())
def test_every_team_plays_once_a_round_or_sits_out(p):
    for r in p.rounds:
        seated = [team for t in r.tables for team in (t.ns, t.ew)] + list(r.sits_out)
        assert sorted(seated) == list(range(1, p.teams + 1))
        assert len(r.sits_out) == p.teams % 2
        assert [t.table for t in r.tables] == list(range(1, len(r.tables) + 1))


@given(plans())
def test_no_pair_meets_twice(p):
    met = meetings(p)
    assert len(met) == len(set(met))


@given(TEAMS)
def test_a_whole_round_robin_meets_every_pair_exactly_once(teams):
    p = plan(teams, most_rounds(teams, "round-robin"), "round-robin")
    assert sorted(map(sorted, meetings(p))) == sorted(
        map(sorted, map(frozenset, combinations(range(1, teams + 1), 2)))
    )
    if teams % 2:  # odd: each team sits out exactly once in the cycle
        assert sorted(t for r in p.rounds for t in r.sits_out) == list(range(1, teams + 1))


@given(plans(st.just("mitchell")))
def test_mitchell_north_south_stay_and_east_west_move_up_a_table(p):
    half = p.teams // 2
    for r in p.rounds:
        for t in r.tables:
            assert t.ns == t.table <= half < t.ew
    tables = len(p.rounds[0].tables) + p.teams % 2  # the phantom's place counts
    for before, after in zip(p.rounds, p.rounds[1:], strict=False):
        where = {t.ew: t.table for t in before.tables} | {s: tables for s in before.sits_out}
        now = {t.ew: t.table for t in after.tables} | {s: tables for s in after.sits_out}
        for team, table in where.items():
            assert now[team] == table % tables + 1  # the last table's go to table 1


def test_the_club_example_eight_teams_four_tables():
    p = plan(8, 2, "mitchell").to_json()
    assert p["rounds"][0] == {
        "round": 1,
        "tables": [
            {"table": 1, "ns": 1, "ew": 5},
            {"table": 2, "ns": 2, "ew": 6},
            {"table": 3, "ns": 3, "ew": 7},
            {"table": 4, "ns": 4, "ew": 8},
        ],
        "sits_out": [],
    }
    assert [t["ew"] for t in p["rounds"][1]["tables"]] == [8, 5, 6, 7]


@pytest.mark.parametrize(
    ("teams", "rounds", "movement"),
    [(8, 5, "mitchell"), (6, 6, "round-robin"), (7, 8, "round-robin"), (1, 1, "mitchell")],
)
def test_an_unfair_plan_is_refused(teams, rounds, movement):
    with pytest.raises(PlanError):
        plan(teams, rounds, movement)
    args = ["tournament", "plan", "--teams", str(teams), "--rounds", str(rounds)]
    assert_refused(*run([*args, "--movement", movement, "--json"]))


@given(plans())
def test_the_command_prints_the_plan_as_json(p):
    args = ["tournament", "plan", "--teams", str(p.teams), "--rounds", str(len(p.rounds))]
    code, out, err = run([*args, "--movement", p.movement, "--json"])
    assert (code, err) == (0, "")
    printed = json.loads(out)
    assert printed == p.to_json()
    assert set(printed) == {"teams", "movement", "rounds"}
    for r in printed["rounds"]:
        assert set(r) == {"round", "tables", "sits_out"}
        assert all(set(t) == {"table", "ns", "ew"} for t in r["tables"])


def test_the_installed_command_refuses_in_one_line():
    done = process(["tournament", "plan", "--teams", "4", "--rounds", "3", "--json"])
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode().count("\n") == 1
    assert b"at most 2 rounds" in done.stderr


def test_the_plain_plan_names_tables_and_sit_outs():
    code, out, _err = run(["tournament", "plan", "--teams", "5", "--rounds", "1"])
    assert code == 0
    assert "table   1: N-S team   1  E-W team   3" in out
    assert "sits out: team 5" in out
