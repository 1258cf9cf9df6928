"""Quick scoring: a hand as paper players keep it, counts and points instead of cards.

Tables that do not want to name every card write down, per side, how many
canastas of each kind it made, its red threes, whether it went out, the points
of its melded cards and of the cards left in hand.  The bonuses come from the
same :class:`~referee.rules.Variant` numbers the card-by-card scoring reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from .cards import Rank
from .deck import Counted, overfull
from .hand import (
    CanastaScore,
    HandResult,
    SideScore,
    acabar_scores,
    base_breakdown,
    event_parts,
    event_problems,
    going_out_points,
    going_out_problems,
    has_special_hand,
    not_scored,
    special_hand_problems,
    special_hand_score,
    table_problems,
)
from .melds import CONCEALABLE, canasta_bonus
from .minimum import opening_problems
from .problems import N_, Problem, Text, problem
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
    undeclared_red_threes: int = 0
    acabar: bool = False
    exact_cut: bool = False
    first_pickup: bool = False
    escalas: int = 0  # 001's house rule: runs of seven of a suit without wild cards…
    escalas_real: int = 0  # …and runs from 4 to the ace (an escala real)
    black_threes: int = 0  # laid out as bonus cards (american)
    held_sets: int = 0  # players left holding three aces or sevens (american)
    unfinished: Mapping[CanastaKind, int] = {}  # unfinished melds that cost, by kind
    score: int = 0  # the side's match total before the hand, for its opening minimum
    # Of ``canastas``, how many of each kind were laid from the hand in one go (spanish's
    # canasta oculta, dutch's hand canasta), where the variant pays more for that.
    concealed_canastas: Mapping[CanastaKind, int] = {}
    black_threes_out: int = 0  # black threes melded in going out (czech fast's premiums)
    # The cards the counts imply, melded and in hand: the ranks each group may be and how
    # many (a natural canasta of aces: seven aces), for what the packs hold (rules/deck.py).
    cards: tuple[Counted, ...] = ()
    special_hand: str | None = None  # went out with this special hand (american)
    penalties: int = 0  # irregularities charged the book's penalty (american)


def _score_side(variant: Variant, side: QuickSide) -> SideScore:
    special = special_hand_score(variant, side)
    if special is not None:
        return special
    canastas = tuple(
        CanastaScore("?", kind, canasta_bonus(variant, kind, concealed), concealed)
        for kind, count in side.canastas.items()
        for i in range(count)
        for concealed in [i < side.concealed_canastas.get(kind, 0)]
    )
    runs = side.escalas * variant.escala_bonus + side.escalas_real * variant.escala_real_bonus
    breakdown = base_breakdown(
        variant,
        meld_points=side.meld_points,
        canastas=canastas,
        melded=side.meld_points > 0 or bool(canastas),
        red_threes=side.red_threes,
        going_out=going_out_points(
            variant,
            went_out=side.went_out,
            concealed=side.concealed,
            black_threes=side.black_threes_out,
            first_pickup=side.first_pickup,
        ),
        hand_points=side.hand_points,
        escalas=runs if variant.escalas else 0,  # a table without them is told so below
        black_threes=side.black_threes,
        unfinished=sum(
            variant.unfinished_penalty.get(kind, 0) * max(n, 0)
            for kind, n in side.unfinished.items()
        ),
    )
    breakdown.update(event_parts(variant, side, bool(canastas)))
    wins = any(c.kind is CanastaKind.BLACK_THREES for c in canastas)
    return SideScore(side.name, sum(breakdown.values()), breakdown, canastas, wins)


def _side_problems(
    variant: Variant, players: int, side: QuickSide, index: int, hand_number: int | None = None
) -> list[Problem]:
    problems: list[Problem] = []

    def add(code: str, rule: str, template: str, **params: object) -> None:
        text = Text(template, params)
        cited = rule if rule in variant.rules else None
        problems.append(Problem(code, text.render(), cited, index, None, text))

    counted = (
        (side.canastas, variant.canasta_bonus, N_("%(variant)s has no %(kind)s canasta"),
         N_("a number of canastas cannot be negative")),
        (side.unfinished, variant.unfinished_penalty,
         N_("%(variant)s has no penalty for an unfinished %(kind)s meld"),
         N_("a number of melds cannot be negative")),
    )  # fmt: skip
    for counts, known, unknown, negative in counted:
        for kind, count in counts.items():
            if kind not in known:
                add(
                    "not_in_variant",
                    "canasta.kinds",
                    unknown,
                    variant=variant.name,
                    kind=kind.value.replace("_", " "),
                )
            elif count < 0:
                add("negative_count", "canasta.kinds", negative)
    if (
        side.went_out
        and not has_special_hand(variant, side)
        and any(n > 0 for n in side.unfinished.values())
    ):
        add(
            "went_out_unfinished",
            "going-out.unfinished",
            N_("a side may not go out with an unfinished meld that costs a penalty"),
        )
    if (side.escalas or side.escalas_real) and not variant.escalas:
        add(
            "not_in_variant",
            "meld.sequence",
            N_("%(variant)s plays no escalas"),
            variant=variant.name,
        )
    if side.escalas < 0 or side.escalas_real < 0:
        add("negative_count", "meld.sequence", N_("a number of escalas cannot be negative"))
    made = sum(side.canastas.values())
    kinds = [kind for kind, count in side.canastas.items() for _ in range(max(count, 0))]
    melded = side.meld_points > 0 or made > 0 or side.escalas > 0 or side.escalas_real > 0
    problems += special_hand_problems(variant, side, index, melded=melded)
    problems += going_out_problems(
        variant,
        players,
        went_out=side.went_out and not has_special_hand(variant, side),
        concealed=side.concealed,
        kinds=kinds,
        side=index,
    )
    problems += _laid_problems(variant, side, index)
    if side.meld_points % 5:
        add(
            "meld_points",
            "deck.values",  # the cards' values, not the rule of the cards left in hand
            N_("%(points)s points of melded cards cannot be: every card is worth a multiple of 5"),
            points=side.meld_points,
        )
    if side.hand_points % 5:
        add(
            "hand_points",
            "hand.points",
            N_(
                "%(points)s points of cards left in hand cannot be: "
                "every card is worth a multiple of 5"
            ),
            points=side.hand_points,
        )
    if made and side.meld_points < 7 * min(variant.card_points.values()) * made:
        add(
            "meld_points",
            "canasta.kinds",
            N_(
                "%(made)s canasta(s) hold at least %(cards)s cards, worth more than the "
                "%(points)s points given for the melded cards"
            ),
            made=made,
            cards=7 * made,
            points=side.meld_points,
        )
    runs = max(side.escalas, 0) * 7 + max(side.escalas_real, 0) * 11  # an escala real: 4 to A
    if runs and side.meld_points < min(variant.card_points.values()) * (7 * made + runs):
        add(
            "meld_points",
            "escala.bonus",
            N_(
                "the canastas and escalas hold at least %(cards)s cards, worth more than the "
                "%(points)s points given for the melded cards"
            ),
            cards=7 * made + runs,
            points=side.meld_points,
        )
    bonuses = sum(
        variant.canasta_bonus.get(kind, 0) * max(n, 0) for kind, n in side.canastas.items()
    )
    problems += opening_problems(
        variant,
        melded=melded,
        points=side.meld_points + (bonuses if variant.opening_counts_canasta_bonus else 0),
        score=side.score,
        hand_number=hand_number,
        went_out=side.went_out,
        concealed=side.concealed,
        side=index,
    )
    problems += event_problems(variant, side, index)
    return problems


def laid_canasta_problems(
    variant: Variant, kind: CanastaKind, laid: int, made: int, index: int
) -> list[Problem]:
    """``laid`` canastas of ``kind`` laid from the hand, of ``made`` such: none where the game
    pays nothing apart for them (or not for that kind), no more than the side made (the
    quick form's and the referee's hand form's check, :mod:`.hand_items`)."""
    concealable = variant.concealed_canasta_bonus is not None or variant.hand_canasta_doubles
    if laid > 0 and (kind not in CONCEALABLE or not concealable):
        laid_text = N_("a canasta laid from the hand")
        return [not_scored(variant, laid_text, index, "canasta.concealed")]
    if laid > made:
        return [
            problem(
                "concealed_canastas",
                "canasta.concealed",
                N_(
                    "%(n)s canasta(s) laid from the hand, but the side made only "
                    "%(made)s such canasta(s)"
                ),
                index,
                n=laid,
                made=made,
            )
        ]
    return []


def _laid_problems(variant: Variant, side: QuickSide, index: int) -> list[Problem]:
    """Canastas laid from the hand and black threes melded going out that cannot be."""
    problems: list[Problem] = []
    for kind, n in side.concealed_canastas.items():
        made = side.canastas.get(kind, 0)
        if n < 0:
            problems.append(
                problem(
                    "negative_count",
                    "canasta.concealed",
                    N_("a number of canastas cannot be negative"),
                    index,
                )
            )
        else:
            problems += laid_canasta_problems(variant, kind, n, made, index)
    if side.black_threes_out:
        if not variant.black_three_going_out_bonus:
            out = N_("black threes melded in going out")
            problems.append(not_scored(variant, out, index))
        elif side.black_threes_out < 0:
            problems.append(
                problem(
                    "negative_count",
                    "going-out.bonus",
                    N_("a number of cards cannot be negative"),
                    index,
                )
            )
        elif not side.went_out:
            problems.append(
                problem(
                    "black_threes_out_without_going_out",
                    "going-out.bonus",
                    N_("black threes are melded in going out only by the side that went out"),
                    index,
                )
            )
    return problems


def _table_problems(variant: Variant, players: int, sides: tuple[QuickSide, ...]) -> list[Problem]:
    """What the counts of all sides together imply and no packs or table could give: more
    cards of some ranks than the packs hold, a lone player out with cards still in hand."""
    problems: list[Problem] = []
    if players == len(sides):  # each side one player: the one who went out holds nothing
        for index, side in enumerate(sides):
            if side.went_out and side.hand_points > 0:
                problems.append(
                    problem(
                        "went_out_with_cards",
                        "going-out.empty-hand",
                        N_("a player who went out has no cards left in hand"),
                        index,
                    )
                )
    problems += overfull(variant, players, (group for side in sides for group in side.cards))
    threes = sum(max(side.black_threes_out, 0) for side in sides)
    problems += overfull(variant, players, [(frozenset((Rank.THREE,)), threes)])
    return problems


def score_quick_hand(
    variant: Variant,
    players: int,
    sides: tuple[QuickSide, ...],
    hand_number: int | None = None,
) -> HandResult:
    """Score every side from its counts and list every rule the counts break; the hand is
    hand ``hand_number`` of its match, where the opening minimum goes by it."""
    problems: list[Problem] = []
    for index, side in enumerate(sides):
        problems += _side_problems(variant, players, side, index, hand_number)
    problems += table_problems(variant, players, sides)
    problems += _table_problems(variant, players, sides)
    ended = acabar_scores(variant, sides)
    if ended is not None:
        return HandResult(ended, tuple(problems))
    return HandResult(tuple(_score_side(variant, side) for side in sides), tuple(problems))
