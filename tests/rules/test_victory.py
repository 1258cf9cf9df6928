"""Victory points: a game's margin shared out of 20 by a published scale."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.victory import LATE_POINTS, SCALES, ScaleError, parse_bands, victory_points


@pytest.mark.parametrize(
    ("ours", "theirs", "expected"),
    [
        (1000, 1000, (10, 10)),  # a draw
        (1050, 1000, (10, 10)),  # won by 50: still 10-10
        (1055, 1000, (11, 9)),  # 55: the second band
        (1000, 1255, (7, 13)),  # lost by 255: the fourth band
        (1000, 2500, (1, 19)),  # 1500 exactly: 19-1
        (2505, 1000, (20, 0)),  # 1505: over 1500
    ],
)
def test_the_three_hand_scale_shares_the_margin_as_fibur_prints_it(ours, theirs, expected):
    assert victory_points(SCALES["fibur-3"], ours, theirs) == expected


def test_the_four_hand_scale_has_wider_bands():
    assert victory_points(SCALES["fibur-4"], 1100, 1000) == (10, 10)
    assert victory_points(SCALES["fibur-4"], 1105, 1000) == (11, 9)
    assert victory_points(SCALES["fibur-4"], 3005, 1000) == (20, 0)


def test_a_team_whose_opponents_do_not_come_gets_the_scales_forfeit_award():
    assert SCALES["fibur-3"].forfeit == 14  # 70 % of 20
    assert SCALES["fibur-4"].forfeit == 12  # 60 % of 20


@given(
    scale=st.sampled_from(sorted(SCALES)),
    a=st.integers(-5000, 20000),
    b=st.integers(-5000, 20000),
)
def test_two_teams_always_share_twenty_and_the_higher_score_never_gets_fewer(scale, a, b):
    ours, theirs = victory_points(SCALES[scale], a, b)
    assert ours + theirs == 20
    if a > b:
        assert ours >= theirs
    assert victory_points(SCALES[scale], b, a) == (theirs, ours)


def test_an_events_own_scale_is_typed_as_bands():
    bands = parse_bands("50 10, 150 12\n* 15")
    assert [(b.upto, b.winner) for b in bands] == [(50, 10), (150, 12), (None, 15)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at least one band"),
        ("50 10, 150 12", "every larger margin"),
        ("150 10, 50 12, * 14", "must grow"),
        ("50 10, 150 9, * 14", "never fewer"),
        ("50 11, * 14", "share the points 10-10"),
        ("50 ten, * 12", "margin and the winner's points"),
        ("-5 10, * 12", "never negative"),
        ("50 10, * 21", "never fewer"),
    ],
)
def test_a_scale_that_makes_no_sense_is_refused_naming_the_band(text, message):
    with pytest.raises(ScaleError, match=message):
        parse_bands(text)


# FIBur, Codice di Gara, art. 36 (Ritardo): more than 10 minutes late, the pair present
# wins with 70 % (three hands) or 60 % (four hands) of 20, the late pair keeps 6 or 8;
# 5 to 10 minutes late costs 100 points.
@pytest.mark.parametrize(("scale", "present", "late"), [("fibur-3", 14, 6), ("fibur-4", 12, 8)])
def test_fiburs_late_pair_keeps_six_or_eight_and_the_two_share_twenty(scale, present, late):
    assert (SCALES[scale].forfeit, SCALES[scale].late) == (present, late)
    assert SCALES[scale].to_json()["late"] == late
    assert LATE_POINTS == 100
