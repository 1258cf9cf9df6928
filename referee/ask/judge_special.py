"""What a special hand scores, asked in words ("I had 7 pairs, all natural, and went out:
how much is that worth?"): the value the variant's scoring gives the side that goes out with
it (:func:`referee.rules.hand.special_hand_score`, ``special_hands``), for the one kind the
question names -- a straight, garbage, or pairs told natural or with wild cards.  Pairs told
neither way have two values, so no figure (issue 44)."""

from __future__ import annotations

from ..rules import Variant
from ..rules.hand import SPECIAL_HAND_NAMES
from ..rules.problems import N_, Text
from .judge import Ruling
from .situation import Situation

__all__ = ["special_hand_value"]

RULE = "scoring.special-hands"
_KINDS = {"special_straight": "straight", "special_pairs": "pairs", "special_garbage": "garbage"}
# what asks a figure: a worth, what a side gets, what it costs or how much
_ASKING = {"value", "gets", "cost"}


def special_hand_value(variant: Variant, s: Situation) -> Ruling | None:
    """The figure a special hand scores, where the question asks one of one kind; else None."""
    if "special_hand" not in s.moments or RULE not in variant.rules:
        return None
    if not _ASKING & (s.asked if s.asked is not None else s.moments):
        return None
    kinds = {kind for moment, kind in _KINDS.items() if moment in s.moments}
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    if kind == "pairs":
        told = {"no_wild", "with_wild"} & s.moments
        if len(told) != 1:
            return None  # pairs with or without wild cards score differently
        kind = "pairs" if told == {"no_wild"} else "pairs_wild"
    points = variant.special_hands.get(kind)
    if points is None:
        return None
    return Ruling(
        None,
        points,
        Text(
            N_(
                "A special hand (%(hand)s) scores %(points)s for the side that goes out with "
                "it, and nothing else."
            ),
            {"hand": Text(SPECIAL_HAND_NAMES[kind]), "points": points},
        ),
        (RULE,),
        lead=True,
    )
