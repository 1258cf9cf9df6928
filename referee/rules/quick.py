"""Quick scoring: a hand as paper players keep it, counts and points instead of cards.

Tables that do not want to name every card write down, per side, how many
canastas of each kind it made, its red threes, whether it went out, the points
of its melded cards and of the cards left in hand.  The bonuses come from the
same :class:`~referee.rules.Variant` numbers the card-by-card scoring reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from .hand import (
    CanastaScore,
    HandResult,
    SideScore,
    base_breakdown,
    going_out_points,
    going_out_problems,
)
from .problems import Problem
from .variant import CanastaKind, Variant

__all__ = ["QuickSide", "score_quick_hand"]


class QuickSide(NamedTuple):
    """One side's hand in counts: ``canastas`` maps each kind to how many the side made."""

    name: str = ""
    canastas: Mapping[CanastaKind, int] = {}
    red_threes: int = 0
    went_out: bool = False
    concealed: bool = False
    meld_points: int = 0
    hand_points: int = 0


def _score_side(variant: Variant, side: QuickSide) -> SideScore:
    canastas = tuple(
        CanastaScore("?", kind, variant.canasta_bonus.get(kind, 0))
        for kind, count in side.canastas.items()
        for _ in range(count)
    )
    breakdown = base_breakdown(
        variant,
        meld_points=side.meld_points,
        canastas=canastas,
        melded=side.meld_points > 0 or bool(canastas),
        red_threes=side.red_threes,
        going_out=going_out_points(variant, went_out=side.went_out, concealed=side.concealed),
        hand_points=side.hand_points,
    )
    wins = any(c.kind is CanastaKind.BLACK_THREES for c in canastas)
    return SideScore(side.name, sum(breakdown.values()), breakdown, canastas, wins)


def _side_problems(variant: Variant, players: int, side: QuickSide, index: int) -> list[Problem]:
    problems: list[Problem] = []

    def add(code: str, rule: str, text: str) -> None:
        problems.append(Problem(code, text, rule if rule in variant.rules else None, index))

    for kind, count in side.canastas.items():
        if kind not in variant.canasta_bonus:
            add("not_in_variant", "canasta.kinds", f"{variant.name} has no {kind.value} canasta")
        elif count < 0:
            add("negative_count", "canasta.kinds", "a number of canastas cannot be negative")
    made = sum(side.canastas.values())
    kinds = [kind for kind, count in side.canastas.items() for _ in range(max(count, 0))]
    problems += going_out_problems(
        variant,
        players,
        went_out=side.went_out,
        concealed=side.concealed,
        kinds=kinds,
        side=index,
    )
    for code, what, points in (
        ("meld_points", "melded cards", side.meld_points),
        ("hand_points", "cards left in hand", side.hand_points),
    ):
        if points % 5:
            add(
                code,
                "hand.points",
                f"{points} points of {what} cannot be: every card is worth a multiple of 5",
            )
    if made and side.meld_points < 7 * min(variant.card_points.values()) * made:
        add(
            "meld_points",
            "canasta.kinds",
            f"{made} canasta(s) hold at least {7 * made} cards, worth more than "
            f"the {side.meld_points} points given for the melded cards",
        )
    return problems


def score_quick_hand(variant: Variant, players: int, sides: tuple[QuickSide, ...]) -> HandResult:
    """Score every side from its counts and list every rule the counts break."""
    problems: list[Problem] = []
    for index, side in enumerate(sides):
        problems += _side_problems(variant, players, side, index)
    out = [i for i, side in enumerate(sides) if side.went_out]
    if len(out) > 1:
        problems.append(
            Problem(
                "two_went_out",
                "only one side can go out in a hand; "
                f"sides {', '.join(str(i + 1) for i in out)} all say they did",
                "going-out.one-side" if "going-out.one-side" in variant.rules else None,
            )
        )
    packs = variant.packs.get(players, 2)
    reds = sum(side.red_threes for side in sides)
    if reds > 2 * packs:
        problems.append(
            Problem(
                "deck_count",
                f"there are {reds} red threes, but the packs hold only {2 * packs}",
                "red-threes.count" if "red-threes.count" in variant.rules else None,
            )
        )
    return HandResult(tuple(_score_side(variant, side) for side in sides), tuple(problems))
