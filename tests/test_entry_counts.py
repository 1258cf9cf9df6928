"""Counting instead of adding: a hand entered as counts (canastas by kind, cards by value,
melded and left in hand) scores as the same hand typed card by card, over generated legal
hands of every preset.  The counts by value are what the quick form's steppers send."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings

from referee.match.contract import parse_hand
from referee.match.entry import EntryError, score_entry
from referee.rules import PRESETS, CanastaKind, Rank, score_hand
from referee.rules.hand import hand_costs
from tests.support.profiles import examples
from tests.support.strategies import legal_hands


def _by_value(cards, points_of) -> dict[str, int]:
    return dict(Counter(str(points_of[card.rank]) for card in cards))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_hands())
def test_counts_by_value_score_as_the_cards_do(data):
    variant, hand = parse_hand(data)
    # A canasta laid from the hand scores apart where a preset says so; counts do not say it.
    assume(not any(meld.concealed for side in hand.sides for meld in side.melds))
    detailed = score_hand(variant, hand)
    assert detailed.valid
    costs = hand_costs(variant)
    quick_sides = []
    for side, scored in zip(hand.sides, detailed.sides, strict=True):
        cards = [card for meld in side.melds for card in meld.cards]
        entry_side = {
            "canastas": dict(Counter(c.kind.value for c in scored.canastas)),
            "meld_cards": _by_value(cards, variant.card_points),
            "red_threes": side.red_threes,
            "went_out": side.went_out,
            "concealed": side.concealed,
            # The events some presets score are the same fields in both modes.
            "exact_cut": side.exact_cut,
            "first_pickup": side.first_pickup,
            "undeclared_red_threes": side.undeclared_red_threes,
        }
        if side.hand is not None:
            entry_side["hand_cards"] = _by_value(side.hand, costs)
        else:
            entry_side["hand_points"] = side.hand_points or 0
        quick_sides.append(entry_side)
    names = [side.name for side in hand.sides]
    entry = {"mode": "quick", "sides": quick_sides}
    before = [side.score for side in hand.sides]  # the opening minimum is checked in both
    quick = score_entry(variant, hand.players, names, entry, before)
    assert quick.problems == ()
    for counted, typed in zip(quick.sides, detailed.sides, strict=True):
        assert counted.breakdown == typed.breakdown
        assert counted.total == typed.total


WILD = frozenset({Rank.TWO, Rank.JOKER})


def _by_what_they_are_made_of(side, variant) -> dict:
    """A side's canastas by what they are made of, and its other melded cards by value, as
    the quick form sends them: a canasta's seven cards count themselves (its wild cards in
    place of natural ones), cards beyond seven are counted with the others."""
    natural: Counter[str] = Counter()
    mixed: Counter[str] = Counter()
    twos: Counter[str] = Counter()
    jokers: Counter[str] = Counter()
    rest = []
    for meld in side.melds:
        if len(meld.cards) < 7:
            rest += meld.cards
            continue
        wilds = [card for card in meld.cards if card.rank in WILD]
        naturals = [card for card in meld.cards if card.rank not in WILD]
        value = str(variant.card_points[naturals[0].rank])
        (mixed if wilds else natural)[value] += 1
        twos[value] += sum(card.rank is Rank.TWO for card in wilds)  # in this value's ones
        jokers[value] += sum(card.rank is Rank.JOKER for card in wilds)
        rest += naturals[7 - len(wilds) :]
    entry = {"meld_cards": _by_value(rest, variant.card_points)}
    for key, table in (("natural_canastas", natural), ("mixed_canastas", mixed),
                       ("mixed_twos", +twos), ("mixed_jokers", +jokers)):  # fmt: skip
        if table:
            entry[key] = dict(table)
    return entry


# Filtered hard (a preset of natural and mixed canastas only, a canasta on the table):
# fewer examples, each of them about what is tested.
@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(legal_hands())
def test_canastas_by_what_they_are_made_of_score_as_the_cards_do(data):
    # Issue 37: a canasta's cards count themselves; only the other cards are counted.
    variant, hand = parse_hand(data)
    assume(set(variant.canasta_bonus) == {CanastaKind.NATURAL, CanastaKind.MIXED})
    assume(any(len(meld.cards) >= 7 for side in hand.sides for meld in side.melds))
    assume(not any(meld.concealed for side in hand.sides for meld in side.melds))
    detailed = score_hand(variant, hand)
    quick_sides = []
    for side in hand.sides:
        entry_side = _by_what_they_are_made_of(side, variant)
        entry_side.update(red_threes=side.red_threes, went_out=side.went_out,
                          concealed=side.concealed, hand_points=side.hand_points or 0)  # fmt: skip
        if side.hand is not None:
            entry_side["hand_cards"] = _by_value(side.hand, hand_costs(variant))
        quick_sides.append(entry_side)
    entry = {"mode": "quick", "sides": quick_sides}
    before = [side.score for side in hand.sides]
    names = [side.name for side in hand.sides]
    quick = score_entry(variant, hand.players, names, entry, before)
    assert [s.total for s in quick.sides] == [s.total for s in detailed.sides]
    assert [s.breakdown for s in quick.sides] == [s.breakdown for s in detailed.sides]


@pytest.mark.parametrize(
    ("side", "field", "says"),
    [
        ({"mixed_canastas": {"10": 1}}, "mixed_twos_c10", "at least one wild card"),
        ({"mixed_canastas": {"10": 1, "20": 1}, "mixed_twos": {"10": 1}}, "mixed_twos_c20",
         "at least one wild card"),
        ({"mixed_twos": {"10": 1}}, "mixed_twos_c10", "but no mixed canasta"),
        ({"mixed_canastas": {"20": 1}, "mixed_twos": {"10": 1}}, "mixed_twos_c10",
         "but no mixed canasta"),
        ({"mixed_canastas": {"10": 1}, "mixed_jokers": {"10": 4}}, "mixed_jokers_c10",
         "can hold"),
        # A hand kept from the form that said the wild cards for all mixed canastas at once.
        ({"mixed_canastas": {"10": 1}, "mixed_wild": {"X": 4}}, "mixed_jokers_c10", "can hold"),
        ({"mixed_canastas": {"10": 1, "20": 1}, "mixed_wild": {"2": 2}}, "mixed_twos_c10",
         "enter this hand card by card"),
    ],
)  # fmt: skip
def test_mixed_canastas_whose_cards_cannot_count_themselves_are_refused(side, field, says):
    # Never a score counted wrong: a mixed canasta without its wild cards would count as
    # natural cards only; wild cards in two values of canasta stand in for unknown cards.
    entry = {"mode": "quick", "sides": [side, {}]}
    with pytest.raises(EntryError) as raised:
        score_entry(PRESETS["classic"], 4, ["A", "B"], entry)
    assert (raised.value.side, raised.value.field) == (0, field)
    assert says in str(raised.value)
