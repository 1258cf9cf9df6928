"""Invariants that hold for any hand in any preset, checked on random hands."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.rules import (
    Card,
    Hand,
    Meld,
    MeldShape,
    Rank,
    Side,
    Variant,
    classify,
    find_variant,
    meld_problems,
    score_hand,
)
from tests.support.hands import PRESET_IDS
from tests.support.profiles import examples
from tests.support.strategies import SUITS, random_hands

SETTINGS = settings(max_examples=examples(200), deadline=None)

NATURAL_RANKS = [r for r in Rank if r not in (Rank.THREE, Rank.TWO, Rank.JOKER)]


def natural(rank: Rank) -> st.SearchStrategy[Card]:
    return st.builds(Card, st.just(rank), SUITS)


wild_cards = st.one_of(st.builds(Card, st.just(Rank.TWO), SUITS), st.just(Card(Rank.JOKER)))
# Any card a player may hold: red threes are laid out at once, never kept.
hand_cards = st.one_of(
    st.builds(Card, st.sampled_from([r for r in Rank if r is not Rank.JOKER]), SUITS),
    st.just(Card(Rank.JOKER)),
).filter(lambda card: not card.is_red_three)


@st.composite
def rank_melds(draw: st.DrawFn, v: Variant, rank: Rank) -> Meld:
    """A meld of ``rank`` shaped as the variant's limits allow (it may still break a rule)."""
    naturals = draw(st.lists(natural(rank), min_size=2, max_size=8))
    wilds = draw(st.lists(wild_cards, max_size=min(v.max_wild, len(naturals))))
    cards = tuple(draw(st.permutations(naturals + wilds)))
    return Meld(cards, concealed=len(cards) >= 7 and draw(st.booleans()))


@st.composite
def legalish_sides(draw: st.DrawFn, v: Variant, went_out: bool) -> Side:
    ranks = draw(st.lists(st.sampled_from(NATURAL_RANKS), unique=True, max_size=5))
    melds = tuple(draw(rank_melds(v, rank)) for rank in ranks)
    if draw(st.booleans()):
        hand, points = tuple(draw(st.lists(hand_cards, max_size=8))), None
    else:
        hand, points = None, 5 * draw(st.integers(0, 60))
    return Side(
        melds=melds,
        red_threes=draw(st.integers(0, 4)),
        went_out=went_out,
        concealed=went_out and draw(st.booleans()),
        hand=hand,
        hand_points=points,
    )


@st.composite
def legalish_hands(draw: st.DrawFn) -> tuple[Variant, Hand]:
    v = find_variant(draw(st.sampled_from(PRESET_IDS)))
    players = draw(st.sampled_from(v.players))
    count = v.sides_for(players)
    out = draw(st.none() | st.integers(0, count - 1))
    sides = tuple(draw(legalish_sides(v, out == i)) for i in range(count))
    return v, Hand(players, sides)


def hand_points(v: Variant, side: Side) -> int:
    if side.hand is None:
        return side.hand_points or 0
    penalty = v.black_three_in_hand_penalty
    return sum(
        penalty if penalty is not None and card.rank is Rank.THREE else v.points(card.rank)
        for card in side.hand
    )


@SETTINGS
@given(legalish_hands())
def test_breakdown_adds_up_to_the_total(case):
    v, hand = case
    result = score_hand(v, hand)
    for side, scored in zip(hand.sides, result.sides, strict=True):
        assert sum(scored.breakdown.values()) == scored.total
        # Each part is what it says it is.
        cards = sum(classify(v, m).points for m in side.melds)
        assert abs(scored.breakdown["melds"]) == cards
        assert scored.breakdown["canastas"] == sum(c.bonus for c in scored.canastas)
        assert scored.breakdown["hand"] == -hand_points(v, side)
        assert abs(scored.breakdown["red_threes"]) >= 100 * side.red_threes


@SETTINGS
@given(legalish_hands(), st.data())
def test_meld_order_does_not_change_the_score(case, data):
    v, hand = case
    shuffled = Hand(
        hand.players,
        tuple(
            Side(
                melds=tuple(data.draw(st.permutations(side.melds))),
                red_threes=side.red_threes,
                went_out=side.went_out,
                concealed=side.concealed,
                hand=side.hand,
                hand_points=side.hand_points,
            )
            for side in hand.sides
        ),
    )
    before, after = score_hand(v, hand), score_hand(v, shuffled)
    assert [s.total for s in before.sides] == [s.total for s in after.sides]
    assert before.valid == after.valid


@SETTINGS
@given(st.sampled_from(PRESET_IDS), st.data())
def test_a_red_three_with_a_canasta_adds_at_least_100(variant_id, data):
    # Every text counts a red three plus once the side has a canasta (or has melded).
    v = find_variant(variant_id)
    side = data.draw(legalish_sides(v, went_out=False))
    assume(any(classify(v, m).canasta for m in side.melds))
    assume(side.red_threes < 4)
    more = Side(
        melds=side.melds,
        red_threes=side.red_threes + 1,
        hand=side.hand,
        hand_points=side.hand_points,
    )
    before = score_hand(v, Hand(v.default_players, (side, Side()))).sides[0].total
    after = score_hand(v, Hand(v.default_players, (more, Side()))).sides[0].total
    assert after - before >= 100


@SETTINGS
@given(st.sampled_from(PRESET_IDS), st.sampled_from(NATURAL_RANKS), st.data())
def test_a_legal_meld_stays_legal_with_another_natural_card(variant_id, rank, data):
    v = find_variant(variant_id)
    m = data.draw(rank_melds(v, rank))
    assume(classify(v, m).shape is MeldShape.RANK)
    assume(meld_problems(v, m) == [])
    assume(v.max_meld_cards is None or len(m.cards) < v.max_meld_cards)
    bigger = Meld((*m.cards, data.draw(natural(rank))), m.concealed)
    assert meld_problems(v, bigger) == []


@pytest.mark.parametrize("variant_id", PRESET_IDS)
@SETTINGS
@given(scores=st.lists(st.integers(-10_000, 20_000).map(lambda n: 5 * (n // 5)), min_size=2))
def test_a_better_score_never_lowers_the_opening_minimum(variant_id, scores):
    v = find_variant(variant_id)
    minimums = [v.opening_minimum(s) for s in sorted(scores)]
    assert minimums == sorted(minimums)


@SETTINGS
@given(random_hands())
def test_any_hand_is_scored_or_refused_without_crashing(case):
    v, hand = case
    result = score_hand(v, hand)
    assert len(result.sides) == len(hand.sides)
    for scored in result.sides:
        assert sum(scored.breakdown.values()) == scored.total
    for problem in result.problems:
        assert problem.message
        # Every problem cites a rule this variant's catalogue can show (contracts §2 "rule").
        assert problem.rule is None or problem.rule in v.rules
        assert problem.side is None or 0 <= problem.side < len(hand.sides)


@SETTINGS
@given(
    st.sampled_from(PRESET_IDS),
    st.sampled_from(NATURAL_RANKS),
    st.integers(-2_000, 12_000).map(lambda n: 5 * (n // 5)),
    st.data(),
)
def test_an_opening_told_by_its_points_is_ruled_as_its_melds_are(variant_id, rank, score, data):
    # Issue 44: "went down with 160 points" is ruled by check_opening_points, the count
    # check_opening ends with: for legal melds, the same verdict, minimum and sentence.
    from referee.rules.opening import check_opening, check_opening_points

    v = find_variant(variant_id)
    m = data.draw(rank_melds(v, rank))
    by_melds = check_opening(v, score, [m])
    assume(by_melds.rule == "opening.minimum" and by_melds.points > 0)
    by_points = check_opening_points(v, score, by_melds.points)
    assert (by_points.allowed, by_points.minimum, by_points.reason) == (
        by_melds.allowed,
        by_melds.minimum,
        by_melds.reason,
    )
