"""Quick scoring from counts uses the variant's own bonus numbers."""

from __future__ import annotations

import pytest

from referee.rules import CanastaKind, find_variant
from referee.rules.quick import QuickSide, score_quick_hand

CLASSIC = find_variant("classic")


def _score(*sides, players=4, variant=CLASSIC):
    return score_quick_hand(variant, players, tuple(sides))


def test_counts_score_with_the_variants_bonuses():
    out = QuickSide(
        canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1},
        red_threes=4,
        went_out=True,
        concealed=True,
        meld_points=300,
    )
    result = _score(out, QuickSide(meld_points=50, hand_points=20))
    # 004 §Puntentelling: 500 natural, 300 mixed, 800 for all four red threes;
    # §Uitgaan: 100 for going out, 100 more concealed.
    assert result.valid
    assert result.sides[0].breakdown == {
        "melds": 300,
        "canastas": 800,
        "red_threes": 800,
        "going_out": 200,
        "hand": 0,
    }
    assert result.sides[1].total == 30


def test_red_threes_count_against_a_side_that_did_not_meld():
    result = _score(QuickSide(red_threes=1, hand_points=10), QuickSide())
    assert result.sides[0].breakdown["red_threes"] == -100


@pytest.mark.parametrize(
    ("side", "code"),
    [
        (QuickSide(went_out=True, meld_points=60), "going_out_without_canasta"),
        (QuickSide(concealed=True), "concealed_without_going_out"),
        (QuickSide(hand_points=12), "hand_points"),
        (QuickSide(canastas={CanastaKind.NATURAL: 2}, meld_points=20), "meld_points"),
        (QuickSide(canastas={CanastaKind.WILD: 1}, meld_points=350), "not_in_variant"),
    ],
)
def test_impossible_counts_are_problems(side, code):
    result = _score(side, QuickSide())
    assert code in [p.code for p in result.problems]


def test_more_red_threes_than_the_packs_hold():
    result = _score(QuickSide(red_threes=3), QuickSide(red_threes=2))
    assert [p.code for p in result.problems] == ["deck_count"]


@pytest.mark.parametrize(
    ("kinds", "valid"),
    [
        # 001 §Acciones: "es necesario tener por lo menos una canasta limpia y otra sucia"
        ({CanastaKind.NATURAL: 2}, False),
        ({CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, True),
    ],
)
def test_quick_spanish_closing_needs_a_clean_and_a_dirty_canasta(kinds, valid):
    spanish = find_variant("spanish")
    closing = QuickSide(canastas=kinds, went_out=True, meld_points=150)
    result = _score(closing, QuickSide(meld_points=50), variant=spanish)
    assert result.valid is valid


def test_quick_entry_scores_the_variant_only_events():
    # 001 §Preparación: the exact cut's 100 is positive only with a canasta.
    spanish = find_variant("spanish")
    closing = QuickSide(
        canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1},
        went_out=True,
        meld_points=150,
        exact_cut=True,
    )
    without = QuickSide(meld_points=50, exact_cut=False)
    result = _score(closing, without, variant=spanish)
    assert result.valid
    assert result.sides[0].breakdown["exact_cut"] == 100
    # 004 §Uitgaan: acabar gives the other side 1500 and the caller nothing (dutch house rule).
    dutch = find_variant("dutch").with_options({"acabar": True})
    called = _score(
        QuickSide(acabar=True, meld_points=60), QuickSide(meld_points=90), variant=dutch
    )
    assert [s.total for s in called.sides] == [0, 1500]
    # ... and a table that does not play it is told so.
    plain = _score(QuickSide(acabar=True), QuickSide(), variant=find_variant("dutch"))
    assert [p.code for p in plain.problems] == ["not_in_variant"]


def test_quick_escalas_score_as_the_same_melds_card_by_card():
    # 001 §Variaciones (house rule): an escala 1500, an escala real 4000, only with a canasta.
    from referee.match.entry import score_entry

    spanish = find_variant("spanish").with_options({"escalas": True})
    melds = "K K K K K 2 2\n4h 5h 6h 7h 8h 9h 10h\n4s 5s 6s 7s 8s 9s 10s Js Qs Ks As"
    detailed = {"mode": "detailed", "sides": [{"melds": melds}, {"melds": ""}]}
    by_cards = score_entry(spanish, 4, ("A", "B"), detailed)
    assert by_cards.valid
    assert by_cards.sides[0].breakdown["escalas"] == 1500 + 4000
    points = by_cards.sides[0].breakdown["melds"]
    counts = QuickSide(
        canastas={CanastaKind.MIXED: 1}, escalas=1, escalas_real=1, meld_points=points
    )
    quick = _score(counts, QuickSide(), variant=spanish)
    assert quick.valid
    assert quick.sides[0].breakdown == by_cards.sides[0].breakdown
    # Without a canasta the escalas bring nothing.
    alone = _score(QuickSide(escalas=1, meld_points=points), QuickSide(), variant=spanish)
    assert "escalas" not in alone.sides[0].breakdown


def test_quick_escalas_where_the_table_does_not_play_them_or_too_few_points():
    plain = _score(
        QuickSide(escalas=1, meld_points=200), QuickSide(), variant=find_variant("spanish")
    )
    assert [p.code for p in plain.problems] == ["not_in_variant"]
    spanish = find_variant("spanish").with_options({"escalas": True})
    cheap = _score(QuickSide(escalas_real=1, meld_points=40), QuickSide(), variant=spanish)
    # 40 points of melds are also short of the opening minimum of 50.
    assert [p.code for p in cheap.problems] == ["meld_points", "opening_short"]
    assert "escalas" in cheap.problems[0].message
