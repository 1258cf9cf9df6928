"""Counting instead of adding: a hand entered as counts (canastas by kind, cards by value,
melded and left in hand) scores as the same hand typed card by card, over generated legal
hands of every preset.  The counts by value are what the quick form's steppers send."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, assume, given, settings

from referee.match.contract import parse_hand
from referee.match.entry import score_entry
from referee.rules import score_hand
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
