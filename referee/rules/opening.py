"""The initial meld: does a side's first meld reach its minimum?"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card, Rank
from .melds import Meld, MeldShape, classify, meld_problems
from .problems import Problem
from .variant import Variant

__all__ = ["OpeningRuling", "check_opening"]


class OpeningRuling(NamedTuple):
    """The verdict on a proposed opening: ``points`` counted against ``minimum``."""

    allowed: bool
    minimum: int
    points: int
    reason: str
    rule: str
    problems: tuple[Problem, ...] = ()


def _with_pile_top(variant: Variant, melds: list[Meld], top: Card) -> tuple[list[Meld], str | None]:
    """Put the pile's top card into the meld it joins, or say why it cannot join one."""
    if top.is_wild or top.rank is Rank.THREE:
        return melds, f"the pile cannot be taken when its top card is {top.symbol()}"
    for i, meld in enumerate(melds):
        matching = sum(1 for card in meld.cards if card.rank is top.rank)
        if matching >= 2 and classify(variant, meld).shape is MeldShape.RANK:
            joined = Meld((*meld.cards, top), meld.concealed)
            return [*melds[:i], joined, *melds[i + 1 :]], None
    return melds, (
        f"to open with the pile you need two natural {top.rank.value}s from your hand "
        "to go with its top card"
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
) -> OpeningRuling:
    """Judge a side's proposed opening melds at match score ``score``.

    With ``pile_top`` the opening is made by taking the pile: its top card joins
    the meld of its rank (which needs two natural cards of that rank from the
    hand) and counts; the rest of the pile does not.
    """
    minimum = variant.opening_minimum(score, failed_attempts)

    def ruling(
        allowed: bool, points: int, reason: str, rule: str, problems: tuple[Problem, ...] = ()
    ) -> OpeningRuling:
        return OpeningRuling(allowed, minimum, points, reason, rule, problems)

    if pile_top is not None:
        melds, why = _with_pile_top(variant, melds, pile_top)
        if why:
            return ruling(False, 0, why[0].upper() + why[1:] + ".", "opening.pile-top")
    if not melds:
        return ruling(
            False,
            0,
            f"An opening needs at least one meld; the minimum is {minimum}.",
            "opening.minimum",
        )
    problems: list[Problem] = []
    for j, meld in enumerate(melds):
        problems += meld_problems(variant, meld, going_out=going_out, index=j)
    ranks = [classify(variant, meld).rank for meld in melds]
    named = [rank for rank in ranks if rank is not None]
    if variant.one_meld_per_rank and len(named) != len(set(named)):
        problems.append(
            Problem(
                "second_meld_of_rank",
                "two melds of the same rank must be one meld",
                "meld.one-per-rank",
            )
        )
    infos = [classify(variant, meld) for meld in melds]
    points = sum(info.points for info in infos)
    if variant.opening_counts_canasta_bonus:
        points += sum(info.bonus for info in infos)
    if problems:
        first = problems[0]
        return ruling(
            False,
            points,
            first.message[0].upper() + first.message[1:] + ".",
            first.rule or "opening.minimum",
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
            "The first meld must include three natural cards of one rank (wild cards may "
            "be added to them).",
            "opening.natural-group",
        )
    canastas = sum(1 for info in infos if info.canasta is not None)
    needed = variant.going_out_canastas.get(players or variant.default_players, 1)
    if variant.opening_waived_going_out and going_out and canastas >= needed:
        return ruling(
            True,
            points,
            f"Yes: going out with everything in the first meld needs no minimum "
            f"({points} points laid).",
            "opening.going-out-waiver",
        )
    at = f"for a score of {score}"
    if failed_attempts and variant.failed_opening_step:
        at += f" after {failed_attempts} failed attempt" + ("s" if failed_attempts > 1 else "")
    if points >= minimum:
        return ruling(
            True,
            points,
            f"Yes: {points} points reach the minimum of {minimum} {at}.",
            "opening.minimum",
        )
    return ruling(
        False,
        points,
        f"No: {points} points fall short of the minimum of {minimum} {at}.",
        "opening.minimum",
    )
