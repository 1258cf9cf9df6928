"""The opening minimum judged from the end of a hand: melds short of it are flagged, with
the points and the minimum, in both entry modes and the contract; the books' waivers hold."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.match.contract import score_json
from referee.match.entry import score_entry
from referee.rules import PRESETS, CanastaKind, Hand, find_variant, score_hand
from referee.rules.minimum import OPENING_SHORT
from referee.rules.overrides import apply_overrides
from referee.rules.quick import QuickSide, score_quick_hand
from tests.support.hands import score as score_sides
from tests.support.hands import side
from tests.support.profiles import examples
from tests.support.strategies import SCORES, legal_hands, opening_points


def short(result) -> list[tuple[int | None, int, int]]:
    """Each short opening as (side, points, minimum)."""
    return [
        (p.side, p.figures["points"], p.figures["minimum"])
        for p in result.problems
        if p.code == OPENING_SHORT
    ]


def score(variant_id, *sides, **kwargs):
    return score_sides(variant_id, *sides, opening=True, **kwargs)


@pytest.mark.parametrize(
    ("variant_id", "total", "melds", "expected"),
    [
        # The cases: 30 points on the table at 3 420 (classic needs 120) ...
        ("classic", 3420, ["5 5 5", "4 4 4"], [(0, 30, 120)]),
        # ... and samba's three kings at 2 605 (bicycle-samba §Scoring: 90 to 2 995).
        ("samba", 2605, ["K K K"], [(0, 30, 90)]),
        # 004 §Uitkomen op tafel, "1500 - 2995: 90": 6-6-6 and K-K-K-2 make 65 ...
        ("classic", 1600, ["6 6 6", "K K K 2"], [(0, 65, 90)]),
        # ... 6-6-6 and A-A-A-2 make 95.
        ("classic", 1600, ["6 6 6", "A A A 2"], []),
        ("classic", 1495, ["6 6 6", "K K K 2"], []),  # 0–1 495: 50
        ("classic", -5, ["4 4 4"], []),  # negative: 15
        ("classic", -5, ["3 3 3"], []),  # black threes count at their value
        # 002 §Mindestpunkte: at 2 000 "K-K-K-2 (80 Punkte) und 4-4-4 (15 Punkte)" open.
        ("german", 2000, ["K K K 2", "4 4 4"], []),
        ("german", 3000, ["K K K 2", "4 4 4"], [(0, 95, 120)]),
        ("german", -100, ["4 4 4"], []),  # 002: "Negativ | Kein Minimum"
        # 000 §10: a canasta's bonus counts where it was laid from the hand at once: a czech
        # side with a canasta may have opened with it, whatever its cards are worth.
        ("czech", 5000, ["4 4 4 4 4 4 4"], []),
        ("czech", 5000, ["4 4 4 4 4 4"], [(0, 30, 150)]),
        # ... a classic side's canasta bonus does not count (the Laws: card values only).
        ("classic", 3000, ["4 4 4 4 4 4 4"], [(0, 35, 120)]),
        # 000 fast §10: failed attempts raise the minimum; its base is the lower bound.
        ("czech-fast", 0, ["K K K", "J J J"], []),
        ("czech-fast", 0, ["K K K"], [(0, 30, 50)]),
        ("spanish", 5000, ["A A A", "K K K"], [(0, 90, 150)]),  # 001 §Acciones: 150 from 5 000
        ("polish", 3000, ["A A A", "K K K", "Q Q Q"], []),  # 003 §Jak zacząć: 120
        ("dutch", 3000, ["A A A", "K K K"], [(0, 90, 120)]),
        ("bolivia", 3000, ["A A A", "K K K", "Q Q Q"], []),
        # cla-laws §Initial Meld: 125 even below 0.
        ("american", -200, ["A A A", "K K K"], [(0, 90, 125)]),
        ("american", 0, ["A A A", "K K K 2", "Q Q Q"], []),
    ],
)
def test_melds_short_of_the_minimum_are_flagged(variant_id, total, melds, expected):
    result = score(variant_id, side(*melds, score=total))
    assert short(result) == expected
    rule = find_variant(variant_id).rule("opening.minimum")
    assert all(p.rule == "opening.minimum" for p in result.problems if p.code == OPENING_SHORT)
    assert rule.text


def test_a_side_that_melded_nothing_is_not_flagged_and_red_threes_never_count():
    assert short(score("classic", side(score=3000), side())) == []
    # 004 §Uitkomen op tafel: "Rode drieën tellen niet mee voor het bereiken van de
    # minimumwaarde."
    assert short(score("classic", side("4 4 4", red_threes=4, score=0))) == [(0, 15, 50)]


@pytest.mark.parametrize(("number", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_hand_and_foot_goes_by_the_hand(number, minimum):
    # pagat-hand-foot §Minimum Card Count: 50, 90, 120, 150 by the hand.
    variant = find_variant("hand-and-foot")
    melds = side("A A A", "K K K K", score=0)  # 100 points
    result = score_hand(variant, Hand(4, (melds, side()), number))
    assert short(result) == ([] if 100 >= minimum else [(0, 100, minimum)])


@pytest.mark.parametrize(
    ("variant_id", "waived"),
    [
        # 003 §Punktacja: going out with every card in the first meld needs no minimum.
        ("polish", True),
        # 002 §Verdecktes Ausmachen: without an own meld before, with an own canasta.
        ("german", True),
        # The Laws (004 §Uitkomen op tafel) hold every first meld to the minimum.
        ("classic", False),
        ("dutch", False),
        ("american", False),
        ("samba", False),
    ],
)
def test_a_concealed_going_out_skips_the_minimum_where_the_book_says_so(variant_id, waived):
    # Two canastas of low cards, 70 points, at 3 000 (120 needed in each of these books).
    out = side("4 4 4 4 4 4 4", "5 5 5 5 5 5 5", score=3000, went_out=True)
    concealed = out._replace(concealed=True)
    flagged = short(score(variant_id, concealed))
    assert (flagged == []) is waived
    assert short(score(variant_id, out)) != []  # not concealed: the minimum holds


def test_the_tables_own_minimum_is_the_one_checked():
    house = apply_overrides(find_variant("classic"), {"opening_table": [[0, 10], [3000, 30]]})
    assert short(score(house, side("5 5 5", "4 4 4", score=3420))) == []
    assert short(score(house, side("4 4 4", score=3420))) == [(0, 15, 30)]


def test_quick_entry_flags_the_same_from_its_counts():
    classic = find_variant("classic")
    result = score_quick_hand(classic, 4, (QuickSide(meld_points=30, score=3420), QuickSide()))
    assert short(result) == [(0, 30, 120)]
    # 000 §10: the czech canasta bonus counts in counts too.
    czech = find_variant("czech")
    canasta = QuickSide(meld_points=35, score=5000)
    assert short(score_quick_hand(czech, 4, (canasta, QuickSide()))) == [(0, 35, 150)]
    with_bonus = canasta._replace(canastas={CanastaKind.NATURAL: 1})
    assert short(score_quick_hand(czech, 4, (with_bonus, QuickSide()))) == []
    # The stored entry of a quick hand is judged with the totals before it.
    entry = {"mode": "quick", "sides": [{"meld_points": 30}, {}]}
    names = ("Us", "Them")
    assert short(score_entry(classic, 4, names, entry, [3420, 0])) == [(0, 30, 120)]
    assert short(score_entry(classic, 4, names, entry, [0, 0])) == [(0, 30, 50)]
    assert short(score_entry(classic, 4, names, entry, [-10, 0])) == []


def test_the_contract_lists_it_under_errors_and_exits_1():
    data = {
        "variant": "classic",
        "sides": [{"score": 3420, "melds": ["5 5 5", "4 4 4"]}, {"melds": []}],
    }
    out, status = score_json(data)
    assert status == 1
    assert out["valid"] is False
    (error,) = out["errors"]
    assert error["code"] == "opening_short"
    assert (error["side"], error["points"], error["minimum"]) == (0, 30, 120)
    assert error["rule"] == "classic.opening.minimum"
    assert "120" in error["message"]
    # The totals are still given: a table may record the hand anyway.
    assert out["sides"][0]["total"] == 30
    # Hand and foot's minimum by the hand: "round" in the input.
    hf = {"variant": "hand-and-foot", "round": 4, "sides": [{"melds": ["A A A", "K K K"]}, {}]}
    assert [e["minimum"] for e in score_json(hf)[0]["errors"]] == [150]


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_hands(), st.data())
def test_melds_reaching_the_minimum_are_never_flagged_and_short_ones_always(data, draw):
    variant = PRESETS[data["variant"]]
    chosen = draw.draw(st.integers(0, len(data["sides"]) - 1))
    target = data["sides"][chosen]
    if not target["melds"]:
        return
    points = opening_points(variant, target["melds"])
    waived = target.get("went_out") and target.get("concealed") and variant.opening_waived_going_out
    for total in SCORES:
        changed = copy.deepcopy(data)
        changed["sides"][chosen]["score"] = total
        out, _status = score_json(changed)
        flagged = [e for e in out["errors"] if e["code"] == "opening_short"]
        mine = [e for e in flagged if e["side"] == chosen]
        if points >= variant.opening_minimum(total) or waived:
            assert mine == []
        else:
            assert [(e["points"], e["minimum"]) for e in mine] == [
                (points, variant.opening_minimum(total))
            ]
