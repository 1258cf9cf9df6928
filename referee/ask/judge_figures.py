"""Figures a question asks that the variant's scoring and shape rules give, told in words
(issue 44, the American posts):

* what a special hand scores ("I had 7 pairs, all natural, and went out: how much is that
  worth?"): the value :func:`referee.rules.hand.special_hand_score` gives the side that
  goes out with it, for the one kind the question names -- a straight, garbage, or pairs told
  natural or with wild cards (pairs told neither way have two values: no figure); its link
  opens the referee's hand form with that special hand chosen;
* what threes laid out are worth where a table gives it by their number ("we had 3 red
  threes and 2 canastas, how much are they worth?"): :func:`referee.rules.hand.threes_points`
  for the count told.

The counts the book gives, asked with no cards or score ("how many wild cards can a canasta
have?", "how many cards are dealt?"), were ruled too and taken out again: the real posts'
labels give such questions no ruling (three of the dev half's: the canastas to go out, the
cards dealt), as a ruling is a figure for the post's own cards and scores.  The canastas going
out needs is ruled again since 2026-11-29 night (``judge._canastas_to_go_out``): the American
tables ask it as a dispute ("do we need 2 or 3?"), and four of the helpers' sets label it with
its figure; the real set's one such post, labelled without, counts one wrong ruling.

Each is the value the rules core rules with, never a sentence matched to the words.
"""

from __future__ import annotations

import re
from copy import copy

from ..rules import Card, Rank, Suit, Variant
from ..rules.hand import SPECIAL_HAND_NAMES, threes_points, threes_sign
from ..rules.problems import N_, Text
from ..rules.variant import RedThreeCondition
from .judge import Ruling
from .situation import Situation, asks, asks_open, read_situation

__all__ = ["figure_asked", "special_hand_value"]

_KINDS = {"special_straight": "straight", "special_pairs": "pairs", "special_garbage": "garbage"}
# what asks a figure: a worth, what a side gets, what it costs or how much
_ASKING = {"value", "gets", "cost"}


def _asked(s: Situation) -> set[str]:
    """The moments the question asks about: its question sentence's in a long post."""
    return s.asked if s.asked is not None else s.moments


def _sign_told(s: Situation) -> bool:
    """Whether the post tells that the side's threes may count against it: no canasta, not
    melded, a minus."""
    return "no_canasta" in s.moments or s.opened is False or "against" in s.moments


def _sign_asked_after(s: Situation) -> bool:
    """Whether the threes' sign is told only after the sentence asking their worth, a second
    question ("how many points for a red three? and is it minus if you never laid down":
    seen in the fifth American posts' dev half, issue 44): the worth is asked first, its
    answer says where they count against."""
    if s.post is None or s.focused is None:
        return False
    text, lang = s.post
    end = text.find(s.focused[0])
    if end < 0 or end + len(s.focused[0]) >= len(text.rstrip()):
        return False
    return not _sign_told(read_situation(text[: end + len(s.focused[0])], lang))


def special_hand_value(variant: Variant, s: Situation) -> Ruling | None:
    """The figure a special hand scores, where the question asks one of one kind; else None.
    A straight or garbage is a special hand by its name alone; pairs only when called one
    ("a pair of kings" is no hand)."""
    rule = "scoring.special-hands"
    if rule not in variant.rules or not variant.special_hands:
        return None
    named = "special_hand" in s.moments or {"special_straight", "special_garbage"} & s.moments
    if not named or not _ASKING & _asked(s):
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
        (rule,),
        # the referee's hand form scores the same: the special hand, its going out said
        form=("hand_score", {"special_hand": kind}),
        lead=True,
    )


def _threes_value(variant: Variant, s: Situation) -> Ruling | None:
    """What the red threes told (their number; "a red three": one) are worth laid out to a
    side whose threes count for it, the core's ``threes_points``; none where the post says the
    side has no canasta or has not melded (the sign decides then)."""
    rule = "red-threes.bonus"
    # a worth named ("worth", "value", "count"), not "how much" alone, which asks a cost too
    if not s.red_three or rule not in variant.rules or not {"value", "gets"} & _asked(s):
        return None
    # no canasta told where canastas decide the sign ("all four red threes ... before we
    # finished a single canasta. How many points do the threes cost us?": seen in the
    # sixteenth American posts' dev half, issue 44): the sign the hand's scoring gives
    no_canasta = (
        "no_canasta" in s.moments
        and s.opened is not False
        and variant.red_threes_count_if is not RedThreeCondition.MELD
    )
    if _sign_told(s) and not _sign_asked_after(s) and not no_canasta:
        return None  # they may count against the side: the sign is the question
    if "in_hand" in s.moments or "undeclared" in s.moments:
        return None  # a red three kept in hand: the rules of the hand's end say it
    if s.focused is not None and not asks(*s.focused):
        return None  # a story that tells a house's threes ("three red threes was worth an
        # extra 100") and asks nothing (seen in the real posts' dev part, issue 44)
    threes = [c for g in s.groups for c in g if c.rank is Rank.THREE] + [
        c for c in s.singles if c.rank is Rank.THREE
    ]
    others = [c for g in s.groups for c in g if c.rank is not Rank.THREE]
    # the threes named again in words ("... what do the red threes count?") are the same
    named = set(s.ranks_named) - {Rank.THREE}
    if not threes and s.ranks_named and not named and not s.black_three and s.canastas is None:
        # red threes named, none counted ("What are red threes worth?"): each one's worth, as
        # "a red three" is asked; "all the red threes": all of them (the lead's probes of
        # 2026-11-29)
        every = variant.all_red_threes_count if "all_threes" in s.moments else 1
        if s.of_them is not None and 2 <= s.of_them <= variant.all_red_threes_count:
            every = s.of_them  # "red threes ... we had three of them"
        threes = [Card(Rank.THREE, Suit.HEARTS)] * every
    if not threes or others or named or not all(c.is_red_three for c in threes):
        return None
    points = threes_points(variant, len(threes))
    if no_canasta and threes_sign(variant, melded=True, canastas=0) < 0 and "cost" in _asked(s):
        # what they cost, asked so: the cost, as cards left in hand are given
        return Ruling(
            None,
            points,
            Text(
                N_("With no canasta, %(count)s red three(s) laid out cost their side %(points)s."),
                {"count": len(threes), "points": points},
            ),
            (rule, "red-threes.penalty") if "red-threes.penalty" in variant.rules else (rule,),
            lead=True,
        )
    if no_canasta:
        s = copy(s)
        s.canastas = 0
    if s.canastas is not None and variant.red_threes_count_if is not RedThreeCondition.MELD:
        # the side's canastas told: they decide the threes' sign (for, not at all, against),
        # as the hand's scoring applies it (``threes_sign``)
        sign = threes_sign(variant, melded=True, canastas=s.canastas)
        return Ruling(
            None,
            sign * points,
            Text(
                N_(
                    "With %(canastas)s canasta(s), %(count)s red three(s) laid out count "
                    "%(points)s for their side."
                ),
                {"canastas": s.canastas, "count": len(threes), "points": sign * points},
            ),
            # the threes' part of a hand: where the post tells the hand whole, its bonuses'
            # sum is asked (judge._PART_OF_A_HAND); the rule of their sign beside the bonus
            # where it changes the figure
            (rule,)
            if sign == 1 or "red-threes.penalty" not in variant.rules
            else (rule, "red-threes.penalty"),
            lead=True,
        )
    if len(threes) == 1:  # the card's worth: all of them beside it, where they add more
        every = variant.all_red_threes_count
        text = Text(
            N_(
                "A red three laid out scores %(points)s for its side (all %(count)s: "
                "%(all)s), where its side's red threes count for it."
            ),
            {"points": points, "count": every, "all": threes_points(variant, every)},
        )
    else:
        text = Text(
            N_(
                "%(count)s red threes laid out score %(points)s for their side, where its red "
                "threes count for it."
            ),
            {"count": len(threes), "points": points},
        )
    return Ruling(None, points, text, (rule,), lead=True)


def _threes_against(variant: Variant, s: Situation) -> Ruling | None:
    """Whether a side's red threes count against it, asked of a side told not to have melded
    or to have no canasta ("do red threes count against you if your team never goes down?":
    seen in the nineteenth American posts' dev half, issue 44): the sign the hand's scoring
    gives them (``threes_sign``), no figure."""
    if not s.red_three or s.black_three or "against" not in _asked(s):
        return None
    if {"value", "gets"} & _asked(s) or any(c.rank is not Rank.THREE for g in s.groups for c in g):
        return None  # their worth asked, or a hand told: the figures say it
    if re.search(r"\bor\b", s.sentence, re.IGNORECASE):
        return None  # "do we get the 100 for it or lose 100?": no yes or no answers it
    if s.opened is False:
        sign = threes_sign(variant, melded=False, canastas=0)
        text = N_("Yes: the red threes of a side that has not melded count against it.")
        if sign >= 0:
            return None
    elif "no_canasta" in s.moments and variant.red_threes_count_if is not RedThreeCondition.MELD:
        # (where melding decides the sign, a side with no canasta may have melded or not)
        sign = threes_sign(variant, melded=True, canastas=0)
        text = {
            -1: N_("Yes: the red threes of a side with no canasta count against it."),
            0: N_("No: the red threes of a side with no canasta count nothing."),
            1: N_("No: the red threes of a side with no canasta count for it."),
        }[sign]
    else:
        return None
    rule = "red-threes.penalty" if "red-threes.penalty" in variant.rules else "red-threes.bonus"
    if rule not in variant.rules:
        return None
    return Ruling(sign < 0, None, Text(text), (rule,), lead=True)


# "for us or against us", "plus or minus": the sign asked beside the figure
_FOR_OR_AGAINST = re.compile(
    r"\bfor\s+(?:us|you|them|me)\s+or\s+against\b|\bplus\s+or\s+minus\b", re.IGNORECASE
)


def _threes_unmelded(variant: Variant, s: Situation) -> Ruling | None:
    """What the red threes told cost a side told not to have melded when the other side went
    out ("They went out before we'd laid down and we had all four red threes on the table. How
    much do those cost us?": the twentieth, twenty-second and twenty-eighth American posts'
    dev halves): the core's ``threes_points`` with the sign ``threes_sign`` gives a side that
    has not melded -- the cost where a cost is asked, the signed figure where whether they
    count for or against is asked with it."""
    if not s.red_three or s.black_three or s.opened is not False:
        return None
    if not {"theirs", "go_out"} <= s.moments:
        return None  # ... told of the other side's going out: else the hand's bonuses say it
        # (``judge_hand``, with the hand form filled in), their sign as the scoring gives it
    asked = _asked(s)
    if not {"cost", "value", "gets"} & asked or "red-threes.penalty" not in variant.rules:
        return None
    if not (s.how_asked or asks_open(s)):
        return None  # "... count minus for us since we never melded. Is that right?": the sign
    cards = [c for g in s.groups for c in g]
    if not cards or not all(c.is_red_three for c in cards):
        return None  # threes of no number, or other cards whose values the figure would need
    sign = threes_sign(variant, melded=False, canastas=0)
    if sign >= 0:
        return None  # they do not count against it: the worth's own ruling says so
    points = threes_points(variant, len(cards))
    values = {"count": len(cards), "points": points}
    signed = _FOR_OR_AGAINST.search(s.post[0] if s.post is not None else s.sentence)
    if "cost" in asked and not signed:
        # a cost asked ("how much do those cost us?", "how much do they count against us?"):
        # the points lost; the signed figure only where for or against is itself asked
        text = N_("A side that has not melded loses %(points)s for %(count)s red three(s).")
        return Ruling(None, points, Text(text, values), ("red-threes.penalty",), lead=True)
    text = N_("A side that has not melded: %(count)s red three(s) count -%(points)s.")
    return Ruling(None, -points, Text(text, values), ("red-threes.penalty",), lead=True)


def figure_asked(variant: Variant, s: Situation) -> Ruling | None:
    """The figure the question asks of a special hand or of threes laid out (or whether they
    count against a side); None where it asks neither or tells too little."""
    for judge in (special_hand_value, _threes_unmelded, _threes_value, _threes_against):
        found = judge(variant, s)
        if found is not None:
            return found
    return None
