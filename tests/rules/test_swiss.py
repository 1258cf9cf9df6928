"""Swiss rounds: paired from the standings, no rematch while one can be avoided."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.movements import PlanError
from referee.rules.swiss import draw, pair_round


def _pairs(round_):
    return [frozenset((p.ns, p.ew)) for p in round_.tables]


def test_round_one_pairs_the_list_in_order_first_against_second():
    r = pair_round(1, [1, 2, 3, 4, 5, 6])
    assert [(p.table, p.ns, p.ew) for p in r.tables] == [(1, 1, 2), (2, 3, 4), (3, 5, 6)]
    assert r.sits_out == ()


def test_a_drawn_order_is_the_same_for_the_same_seed_and_holds_every_team():
    assert draw(range(1, 11), 7) == draw(range(1, 11), 7)
    assert sorted(draw(range(1, 11), 7)) == list(range(1, 11))
    assert draw(range(1, 11), 7) != draw(range(1, 11), 8)


def test_leaders_who_already_met_each_meet_the_next_best_instead():
    # 1 and 2 played in round 1; so did 3 and 4: round 2 is 1-3 and 2-4
    r = pair_round(2, [1, 2, 3, 4], met=[{1, 2}, {3, 4}])
    assert _pairs(r) == [frozenset({1, 3}), frozenset({2, 4})]


def test_backtracks_when_the_simple_pass_leaves_the_last_two_a_rematch():
    # greedy: 1-2, 3-4 ... but 5 and 6 have met: the search takes 3-4 back
    met = [{1, 3}, {2, 4}, {5, 6}, {1, 4}]
    r = pair_round(3, [1, 2, 3, 4, 5, 6], met=met)
    assert not set(_pairs(r)) & {frozenset(m) for m in met}
    assert _pairs(r)[0] == frozenset({1, 2})  # the leaders still meet


def test_the_bye_goes_to_the_lowest_placed_team_that_has_not_had_one():
    assert pair_round(2, [1, 2, 3, 4, 5]).sits_out == (5,)
    assert pair_round(3, [1, 2, 3, 4, 5], byes=[5]).sits_out == (4,)


def test_directions_alternate_the_team_north_south_more_often_sits_east_west():
    r = pair_round(2, [1, 2], balance={1: 1, 2: 0})
    assert (r.tables[0].ns, r.tables[0].ew) == (2, 1)
    r = pair_round(2, [1, 2], last_ns=[1])
    assert (r.tables[0].ns, r.tables[0].ew) == (2, 1)


def test_when_every_opponent_was_met_the_round_still_pairs_everyone():
    met = [{1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}]
    r = pair_round(4, [1, 2, 3, 4], met=met)
    assert sorted(t for p in r.tables for t in (p.ns, p.ew)) == [1, 2, 3, 4]


def test_bad_standings_are_refused_with_a_reason():
    with pytest.raises(PlanError, match="twice"):
        pair_round(1, [1, 2, 2])
    with pytest.raises(PlanError, match="at least two"):
        pair_round(1, [1])


def _avoidable(teams, met):
    """Whether some pairing of ``teams`` (all but one when odd) has no rematch: brute force."""
    teams = list(teams)

    def ok(left):
        if len(left) < 2:
            return True
        first = left[0]
        return any(
            frozenset((first, o)) not in met and ok([t for t in left[1:] if t != o])
            for o in left[1:]
        )

    if len(teams) % 2 == 0:
        return ok(teams)
    return any(ok([t for t in teams if t != bye]) for bye in teams)


@given(
    teams=st.integers(min_value=2, max_value=9),
    rounds=st.integers(min_value=1, max_value=6),
    data=st.data(),
)
def test_rounds_paired_from_shuffled_standings_seat_everyone_once_and_avoid_rematches(
    teams, rounds, data
):
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for number in range(1, rounds + 1):
        standings = data.draw(st.permutations(range(1, teams + 1)))
        r = pair_round(number, standings, met=met, byes=byes)
        seated = [t for p in r.tables for t in (p.ns, p.ew)] + list(r.sits_out)
        assert sorted(seated) == list(range(1, teams + 1))
        assert len(r.sits_out) == teams % 2
        rematches = set(_pairs(r)) & met
        if _avoidable(standings, met):
            assert not rematches, (standings, met, r)
        if r.sits_out and any(t not in byes for t in standings):
            # a team that has had a bye sits out again only when nobody else could
            assert r.sits_out[0] not in byes or all(
                not _avoidable([t for t in standings if t != c], met)
                for c in standings
                if c not in byes
            )
        met |= set(_pairs(r))
        byes += list(r.sits_out)


@given(
    teams=st.integers(2, 10),
    rounds=st.integers(2, 7),
    data=st.data(),
)
def test_directions_alternate_the_team_more_often_north_south_sits_east_west(teams, rounds, data):
    """At every table the team that has sat North-South more often (net of its rounds
    East-West) sits East-West; level, the one North-South last round does.  Two teams
    playing each other round after round change direction every round."""
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    balance: dict[int, int] = {}
    last: list[int] = []
    for number in range(1, rounds + 1):
        standings = data.draw(st.permutations(range(1, teams + 1)))
        r = pair_round(number, standings, met=met, byes=byes, balance=balance, last_ns=last)
        for p in r.tables:
            assert balance.get(p.ns, 0) <= balance.get(p.ew, 0)
            if balance.get(p.ns, 0) == balance.get(p.ew, 0):
                assert not (p.ns in last and p.ew not in last)
        for p in r.tables:
            balance[p.ns] = balance.get(p.ns, 0) + 1
            balance[p.ew] = balance.get(p.ew, 0) - 1
        met |= set(_pairs(r))
        byes += list(r.sits_out)
        last = [p.ns for p in r.tables]
    if teams == 2:
        assert set(balance.values()) <= {-1, 0, 1}  # strictly alternating


def test_the_byes_spread_no_team_sits_out_twice_before_every_team_has_once():
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for number in range(1, 6):
        r = pair_round(number, [1, 2, 3, 4, 5], met=met, byes=byes)
        byes += list(r.sits_out)
        met |= set(_pairs(r))
    assert sorted(byes) == [1, 2, 3, 4, 5]
