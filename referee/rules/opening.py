"""The initial meld: does a side's first meld reach its minimum?"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import RANK_PLURALS, Card, Rank
from .melds import Meld, MeldShape, classify, meld_problems
from .problems import N_, Problem, Text, problem
from .variant import Variant

__all__ = ["OpeningRuling", "check_opening", "check_opening_points"]


class OpeningRuling(NamedTuple):
    """The verdict on a proposed opening: ``points`` counted against ``minimum``."""

    allowed: bool
    minimum: int
    points: int
    reason: str
    rule: str
    problems: tuple[Problem, ...] = ()
    text: Text | None = None  # ``reason``, translatable


def _with_pile_top(
    variant: Variant, melds: list[Meld], top: Card
) -> tuple[list[Meld], Text | None]:
    """Put the pile's top card into the meld it joins, or say why it cannot join one."""
    if top.is_wild or top.rank is Rank.THREE:
        return melds, Text(
            N_("No: the pile cannot be taken when its top card is %(card)s."),
            {"card": top.symbol()},
        )
    for i, meld in enumerate(melds):
        matching = sum(1 for card in meld.cards if card.rank is top.rank)
        if matching >= 2 and classify(variant, meld).shape is MeldShape.RANK:
            joined = Meld((*meld.cards, top), meld.concealed)
            return [*melds[:i], joined, *melds[i + 1 :]], None
    return melds, Text(
        N_(
            "No: to open with the pile you need two natural %(rank)s from your hand to go with "
            "its top card."
        ),
        {"rank": Text(RANK_PLURALS[top.rank])},
    )


def check_opening(
    variant: Variant,
    score: int,
    melds: list[Meld],
    *,
    pile_top: Card | None = None,
    failed_attempts: int = 0,
    going_out: bool = False,
    players: int | None = None,
    hand_number: int | None = None,
    kept: Sequence[Card] | None = None,
) -> OpeningRuling:
    """Judge a side's proposed opening melds at match score ``score`` (in hand
    ``hand_number``, where the minimum goes by the hand).

    With ``pile_top`` the opening is made by taking the pile: its top card joins
    the meld of its rank (which needs two natural cards of that rank from the
    hand) and counts; the rest of the pile does not.  ``kept``: the cards the player
    keeps in hand after these melds, where told (a game may refuse an opening that
    keeps only wild cards to discard).
    """
    ruled = _check_opening(
        variant,
        score,
        melds,
        pile_top=pile_top,
        failed_attempts=failed_attempts,
        going_out=going_out,
        players=players,
        hand_number=hand_number,
    )
    penalty = variant.lone_wild_penalty
    if (
        ruled.allowed
        and penalty is not None
        and kept
        and not going_out
        and all(card.is_wild for card in kept)
    ):
        # The league's reading: the wild card could not be discarded, so the melds go back.
        text = Text(
            N_(
                "No: after the first meld you would hold only wild cards to discard; the melds "
                "go back into the hand and the side loses %(penalty)s points."
            ),
            {"penalty": penalty},
        )
        return ruled._replace(
            allowed=False, reason=text.render(), rule="opening.lone-wild", text=text
        )
    return ruled


def _check_opening(
    variant: Variant,
    score: int,
    melds: list[Meld],
    *,
    pile_top: Card | None,
    failed_attempts: int,
    going_out: bool,
    players: int | None,
    hand_number: int | None,
) -> OpeningRuling:
    minimum = variant.opening_minimum(score, failed_attempts, hand_number)
    from_hand = list(melds)

    def ruling(
        allowed: bool, points: int, rule: str, text: Text, problems: tuple[Problem, ...] = ()
    ) -> OpeningRuling:
        return OpeningRuling(allowed, minimum, points, text.render(), rule, problems, text)

    if pile_top is not None:
        melds, why = _with_pile_top(variant, melds, pile_top)
        if why:
            return ruling(False, 0, "opening.pile-top", why)
        if pile_top.rank in variant.pile_top_natural_ranks and any(
            classify(variant, meld).rank is pile_top.rank and any(c.is_wild for c in meld.cards)
            for meld in melds
        ):
            return ruling(
                False,
                0,
                "opening.pile-natural",
                Text(
                    N_(
                        "No: to open by taking the pile when its top card is one of the "
                        "%(rank)s, the meld of %(rank)s must be natural, without a wild card."
                    ),
                    {"rank": Text(RANK_PLURALS[pile_top.rank])},
                ),
            )
    if not melds:
        return ruling(
            False,
            0,
            "opening.minimum",
            Text(
                N_("No: an opening needs at least one meld; the minimum is %(minimum)s."),
                {"minimum": minimum},
            ),
        )
    problems: list[Problem] = []
    for j, meld in enumerate(melds):
        problems += meld_problems(variant, meld, going_out=going_out, index=j)
    ranks = [classify(variant, meld).rank for meld in melds]
    named = [rank for rank in ranks if rank is not None]
    if variant.one_meld_per_rank and len(named) != len(set(named)):
        problems.append(
            problem(
                "second_meld_of_rank",
                "meld.one-per-rank",
                N_("two melds of the same rank must be one meld"),
            )
        )
    infos = [classify(variant, meld) for meld in melds]
    points = sum(info.points for info in infos)
    if pile_top is not None and not variant.opening_counts_pile_top:
        points -= variant.card_points[pile_top.rank]  # american: only the hand's cards count
    if variant.opening_counts_canasta_bonus:
        points += sum(info.bonus for info in infos)
    if problems:
        first = problems[0]
        why = first.text or Text(first.message)
        return ruling(
            False,
            points,
            first.rule or "opening.minimum",
            Text(N_("No: %(problem)s."), {"problem": why}),
            tuple(problems),
        )
    # 000 §11a lets the opener add wild cards to the three natural tens it laid ("přidáním
    # divokých karet k vyloženým 3 desítkám"), so the natural group may be part of a bigger meld.
    if variant.opening_needs_natural_group and not any(
        info.naturals >= 3 and (info.shape is MeldShape.RANK or info.wilds == 0) for info in infos
    ):
        return ruling(
            False,
            points,
            "opening.natural-group",
            Text(
                N_(
                    "No: the first meld must include three natural cards of one rank "
                    "(wild cards may be added to them)."
                )
            ),
        )
    if variant.opening_natural_canasta and any(
        info.canasta is not None and info.shape is MeldShape.RANK and info.wilds == 0
        for info in (classify(variant, meld) for meld in from_hand)
    ):
        return ruling(
            True,
            points,
            "opening.splash",
            Text(
                N_(
                    "Yes: a natural canasta in the first meld opens whatever the count "
                    "(%(points)s points laid)."
                ),
                {"points": points},
            ),
        )
    canastas = sum(1 for info in infos if info.canasta is not None)
    needed = variant.going_out_canastas.get(players or variant.default_players, 1)
    if variant.opening_waived_going_out and going_out and canastas >= needed:
        return ruling(
            True,
            points,
            "opening.going-out-waiver",
            Text(
                N_(
                    "Yes: going out with everything in the first meld needs no minimum (%(points)s "
                    "points laid)."
                ),
                {"points": points},
            ),
        )
    return check_opening_points(
        variant, score, points, failed_attempts=failed_attempts, hand_number=hand_number
    )


def check_opening_points(
    variant: Variant,
    score: int,
    points: int,
    *,
    failed_attempts: int = 0,
    hand_number: int | None = None,
) -> OpeningRuling:
    """Whether a first meld of ``points`` points, its melds otherwise legal, reaches the
    minimum at match score ``score``: the count :func:`check_opening` ends with, for a
    question that tells the points and not the cards ("went down with 160, all natural")."""
    minimum = variant.opening_minimum(score, failed_attempts, hand_number)
    values: dict[str, object] = {
        "points": points,
        "minimum": minimum,
        "score": score,
        "failed": failed_attempts,
    }
    if failed_attempts and variant.failed_opening_step:
        if points >= minimum:
            template = N_(
                "Yes: %(points)s points reach the minimum of %(minimum)s for a score "
                "of %(score)s after %(failed)s failed attempt(s)."
            )
        else:
            template = N_(
                "No: %(points)s points fall short of the minimum of %(minimum)s for a "
                "score of %(score)s after %(failed)s failed attempt(s)."
            )
    elif variant.opening_by_round and hand_number is not None:
        values["hand"] = hand_number
        if points >= minimum:
            template = N_(
                "Yes: %(points)s points reach the minimum of %(minimum)s in hand %(hand)s."
            )
        else:
            template = N_(
                "No: %(points)s points fall short of the minimum of %(minimum)s in hand %(hand)s."
            )
    elif points >= minimum:
        template = N_(
            "Yes: %(points)s points reach the minimum of %(minimum)s for a score of %(score)s."
        )
    else:
        template = N_(
            "No: %(points)s points fall short of the minimum of %(minimum)s for a "
            "score of %(score)s."
        )
    text = Text(template, values)
    return OpeningRuling(
        points >= minimum, minimum, points, text.render(), "opening.minimum", (), text
    )
