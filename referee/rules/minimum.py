"""The opening minimum, judged from the end of a hand.

What a side has melded by the end of a hand can only be more than its first meld
was, so melds worth less than its opening minimum mean it never opened legally.
The count is generous, so that only a certain breach is flagged:

- every melded card at its value, whichever turn laid it;
- every canasta's bonus where the book lets an opening count it (000 §10: a
  canasta laid from the hand at once), whether or not it was laid at once;
- the minimum for the side's total before the hand (or the hand's number, where
  the minimum goes by it), with no failed attempts (czech-fast's steps only raise
  it, so its base minimum is the lower bound);
- no minimum for a side that went out concealed where the book waives it
  (``opening_waived_going_out``: 003 §Punktacja, 002 §Verdecktes Ausmachen);
- where a natural canasta opens whatever the count (``opening_natural_canasta``, the
  splash), no minimum for melds worth at least seven of the cheapest natural card: they may
  hold one.

Red threes never count (no seed lets them: 004 §Uitkomen op tafel, 002 §Rote Dreien).
Shared by card-by-card and quick entry.
"""

from __future__ import annotations

from .cards import Card, Rank
from .melds import CANASTA_SIZE
from .problems import N_, Problem, Text
from .variant import Variant

__all__ = ["OPENING_SHORT", "opening_problems"]

OPENING_SHORT = "opening_short"


def opening_problems(
    variant: Variant,
    *,
    melded: bool,
    points: int,
    score: int,
    hand_number: int | None = None,
    went_out: bool = False,
    concealed: bool = False,
    side: int | None = None,
) -> list[Problem]:
    """The problem of a side whose melds (``points``, counted as above) fall short of its
    opening minimum at match total ``score`` (in hand ``hand_number`` where the minimum
    goes by the hand); none if it melded nothing or the book waives the minimum."""
    if not melded or (went_out and concealed and variant.opening_waived_going_out):
        return []
    if variant.opening_natural_canasta and points >= CANASTA_SIZE * _cheapest_natural(variant):
        return []  # the melds may hold a natural canasta, which opened whatever the count
    minimum = variant.opening_minimum(score, 0, hand_number)
    if points >= minimum:
        return []
    values: dict[str, object] = {"points": points, "minimum": minimum, "score": score}
    if variant.opening_by_round and hand_number is not None:
        values["hand"] = hand_number
        template = N_(
            "this side's melds hold %(points)s points, less than the opening minimum of "
            "%(minimum)s in hand %(hand)s: it cannot have opened legally"
        )
    else:
        template = N_(
            "this side's melds hold %(points)s points, less than the opening minimum of "
            "%(minimum)s at a score of %(score)s: it cannot have opened legally"
        )
    text = Text(template, values)
    figures = {"points": points, "minimum": minimum}
    return [Problem(OPENING_SHORT, text.render(), "opening.minimum", side, None, text, figures)]


def _cheapest_natural(variant: Variant) -> int:
    """The least a natural card (four to ace) counts in ``variant``."""
    return min(
        variant.card_points[rank]
        for rank in Rank
        if rank is not Rank.THREE and Card(rank).is_natural
    )
