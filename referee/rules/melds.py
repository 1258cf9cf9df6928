"""Melds: what kind a meld is, whether it is legal, what canasta it makes."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from .cards import RANK_BY_ORDER, RANK_PLURALS, WILD_RANKS, Card, Rank, format_cards
from .problems import N_, Problem, Text
from .variant import CanastaKind, Variant

__all__ = [
    "Meld",
    "MeldInfo",
    "MeldShape",
    "canasta_bonus",
    "classify",
    "meld_lines",
    "meld_problems",
]

CANASTA_SIZE = 7
ESCALA_REAL_SIZE = 11  # 4 to ace of one suit (001 §Variaciones: "desde el 4 al As")


def meld_lines(text: str | None) -> list[str]:
    """The melds of a box written one a line: its lines, stripped, the empty ones left out."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


class MeldShape(Enum):
    RANK = "rank"  # cards of one rank, with or without wild cards
    WILD = "wild"  # wild cards only
    BLACK_THREES = "black_threes"
    SEQUENCE = "sequence"  # cards of one suit in order
    BROKEN = "broken"  # mixes ranks that make no meld at all


class Meld(NamedTuple):
    """One meld on the table, as entered: its cards and whether it was laid from the hand."""

    cards: tuple[Card, ...]
    concealed: bool = False

    def __str__(self) -> str:
        return format_cards(self.cards)


class MeldInfo(NamedTuple):
    """What a meld is under a variant: its shape, rank, counts, points and canasta."""

    shape: MeldShape
    rank: Rank | None
    naturals: int
    wilds: int
    points: int
    canasta: CanastaKind | None
    bonus: int
    escala_bonus: int
    penalty: int = 0  # what the meld costs unfinished (american sevens, aces, wild cards)


_SHAPES_WITH_THREES = (MeldShape.BLACK_THREES, MeldShape.BROKEN)


def _shape_of(ranks: Sequence[Rank]) -> tuple[MeldShape, Rank | None]:
    natural = set(ranks) - WILD_RANKS
    if not natural:
        return MeldShape.WILD, None
    if len(natural) == 1:
        (rank,) = natural
        if rank is Rank.THREE:
            return MeldShape.BLACK_THREES, rank
        return MeldShape.RANK, rank
    if Rank.THREE in natural:
        return MeldShape.BROKEN, None
    return MeldShape.SEQUENCE, None


def _kind(
    variant: Variant, shape: MeldShape, rank: Rank | None, ranks: list[Rank], wilds: int
) -> CanastaKind | None:
    """The kind of canasta these cards make, or would make at seven (None: none at all)."""
    bonuses = variant.canasta_bonus
    if shape is MeldShape.RANK:
        if not wilds and rank is Rank.SEVEN and CanastaKind.SEVENS in bonuses:
            return CanastaKind.SEVENS
        if not wilds and rank is Rank.ACE and CanastaKind.ACES in bonuses:
            return CanastaKind.ACES
        return CanastaKind.MIXED if wilds else CanastaKind.NATURAL
    if shape is MeldShape.WILD:
        if CanastaKind.WILD_TWOS in bonuses and all(r is Rank.TWO for r in ranks):
            return CanastaKind.WILD_TWOS
        if CanastaKind.WILD_JOKERS in bonuses:
            jokers = ranks.count(Rank.JOKER)
            return CanastaKind.WILD_JOKERS if jokers >= 4 else CanastaKind.WILD_DEUCES
        if CanastaKind.WILD_CLEAN in bonuses:
            same = len(set(ranks)) == 1
            return CanastaKind.WILD_CLEAN if same else CanastaKind.WILD_MIXED
        if CanastaKind.WILD in bonuses:
            return CanastaKind.WILD
        return None
    if shape is MeldShape.BLACK_THREES:
        if CanastaKind.BLACK_THREES in bonuses and not wilds:
            return CanastaKind.BLACK_THREES
        return None
    if shape is MeldShape.SEQUENCE and CanastaKind.SEQUENCE in bonuses and not wilds:
        return CanastaKind.SEQUENCE
    return None


# The canastas a side can lay from the hand for a bonus of their own (spanish's oculta,
# dutch's hand canasta): those of one rank.
CONCEALABLE = (CanastaKind.NATURAL, CanastaKind.MIXED)


def canasta_bonus(variant: Variant, kind: CanastaKind, concealed: bool = False) -> int:
    """What a canasta of ``kind`` is worth; ``concealed``: laid from the hand in one go,
    where the variant (or a table's house rule) pays more for that.

    Shared by card-by-card and quick scoring, so a canasta laid from the hand scores the
    same whichever way the hand is entered."""
    bonus = variant.canasta_bonus.get(kind, 0)
    if concealed and kind in CONCEALABLE:
        if variant.concealed_canasta_bonus is not None:
            return variant.concealed_canasta_bonus
        if variant.hand_canasta_doubles:
            return bonus * 2
    return bonus


def classify(variant: Variant, meld: Meld) -> MeldInfo:
    """Describe ``meld`` under ``variant`` without judging it; works on illegal melds too."""
    cards = meld.cards
    # Rank lists and C-level counting: this runs for every meld of every hand scored.
    ranks = [card.rank for card in cards]
    shape, rank = _shape_of(ranks)
    wilds = ranks.count(Rank.JOKER) + ranks.count(Rank.TWO)
    naturals = len(cards) - wilds
    points = sum(map(variant.card_points.__getitem__, ranks))
    kind: CanastaKind | None = None
    bonus = escala = penalty = 0
    if len(cards) >= CANASTA_SIZE:
        kind = _kind(variant, shape, rank, ranks, wilds)
        if kind is None and shape is MeldShape.SEQUENCE and variant.escalas and not wilds:
            real = len(cards) >= ESCALA_REAL_SIZE
            escala = variant.escala_real_bonus if real else variant.escala_bonus
        if kind is not None:
            bonus = canasta_bonus(variant, kind, meld.concealed)
    elif variant.unfinished_penalty:
        # american: an unfinished meld of sevens, aces or wild cards costs its penalty.
        unfinished = _kind(variant, shape, rank, ranks, wilds)
        penalty = variant.unfinished_penalty.get(unfinished, 0) if unfinished else 0
    return MeldInfo(shape, rank, naturals, wilds, points, kind, bonus, escala, penalty)


def _sequence_problem(variant: Variant, cards: Sequence[Card], wilds: int) -> Text | None:
    """Why these cards are not a run of one suit, or None if they are."""
    naturals = [card for card in cards if card.is_natural]
    suits = {card.suit for card in naturals}
    if None in suits:
        return Text(N_("give the suit of every card of a sequence (for example 7h 8h 9h)"))
    if len(suits) > 1:
        return Text(N_("a sequence must be all of one suit"))
    orders = sorted(card.rank.order for card in naturals)
    if len(set(orders)) != len(orders):
        return Text(N_("a sequence cannot hold the same card twice"))
    if wilds and not variant.sequence_wilds:
        return Text(N_("a sequence may not hold wild cards"))
    gaps = orders[-1] - orders[0] + 1 - len(orders)
    if gaps > wilds:
        low, high = RANK_BY_ORDER[orders[0]].value, RANK_BY_ORDER[orders[-1]].value
        return Text(
            N_("the cards from %(low)s to %(high)s are not in unbroken order"),
            {"low": low, "high": high},
        )
    if len(cards) > min(variant.max_sequence_cards, ESCALA_REAL_SIZE):
        if variant.max_sequence_cards >= ESCALA_REAL_SIZE:
            return Text(N_("a sequence runs from 4 to ace, eleven cards at most"))
        return Text(
            N_("a sequence holds at most %(count)s cards"), {"count": variant.max_sequence_cards}
        )
    return None


def meld_problem(
    code: str,
    rule: str,
    cards: Sequence[Card],
    problem: Text,
    side: int | None,
    index: int | None,
) -> Problem:
    """A problem with one meld, its message led by the meld's cards."""
    text = Text(N_('"%(meld)s": %(problem)s'), {"meld": format_cards(cards), "problem": problem})
    return Problem(code, text.render(), rule, side, index, text)


def meld_problems(
    variant: Variant,
    meld: Meld,
    *,
    going_out: bool = False,
    side: int | None = None,
    index: int | None = None,
    info: MeldInfo | None = None,
) -> list[Problem]:
    """Every reason ``meld`` is illegal on its own under ``variant``; empty if it is legal.

    ``going_out`` allows what the variant allows only to a player going out
    (black threes).  ``side`` and ``index`` locate the meld in the problems.
    ``info`` is ``classify(variant, meld)`` if the caller has it already.
    """
    cards = meld.cards
    problems: list[Problem] = []

    def add(code: str, rule: str, template: str | Text, **params: object) -> None:
        text = template if isinstance(template, Text) else Text(template, params)
        problems.append(meld_problem(code, rule, cards, text, side, index))

    if not cards:
        add("meld_empty", "meld.min-cards", N_("a meld needs cards"))
        return problems
    if info is None:
        info = classify(variant, meld)
    shape, wilds, naturals = info.shape, info.wilds, info.naturals
    # Only these shapes hold threes, so only they can hold a red one.
    if shape in _SHAPES_WITH_THREES and any(card.is_red_three for card in cards):
        add("red_three_melded", "meld.red-threes", N_("red threes are never melded"))
        return problems
    if len(cards) < variant.min_meld_cards:
        add(
            "meld_too_small",
            "meld.min-cards",
            N_("a meld needs at least %(count)s cards"),
            count=variant.min_meld_cards,
        )
    if shape is MeldShape.BROKEN:
        add(
            "meld_mixed_ranks",
            "meld.one-rank",
            N_("black threes cannot be melded with other ranks"),
        )
        return problems
    # 001's "grupos de 3 a 7 cartas" holds for wild and black-three canastas too; only its
    # escala real (4 to ace, eleven cards) is longer, so sequences are left out.
    if shape is not MeldShape.SEQUENCE and variant.max_meld_cards is not None:
        if len(cards) > variant.max_meld_cards:
            add(
                "meld_too_big",
                "meld.max-cards",
                N_("a meld holds at most %(count)s cards"),
                count=variant.max_meld_cards,
            )
    if shape is MeldShape.WILD:
        if not variant.wild_melds:
            add("wild_meld", "meld.wild-meld", N_("wild cards alone are not a meld"))
        elif variant.wild_meld_at_once and len(cards) < CANASTA_SIZE:
            add(
                "wild_meld",
                "meld.wild-meld",
                N_("a meld of wild cards must be a whole canasta of seven, laid in one move"),
            )
        return problems + _concealed_problems(meld, side, index)
    if shape is MeldShape.SEQUENCE:
        if not (variant.sequences or variant.escalas):
            add("meld_mixed_ranks", "meld.one-rank", N_("all cards of a meld must be of one rank"))
            return problems
        why = _sequence_problem(variant, cards, wilds)
        if why:
            add("bad_sequence", "meld.sequence", why)
    if shape is MeldShape.BLACK_THREES:
        canasta_of_threes = (
            CanastaKind.BLACK_THREES in variant.canasta_bonus
            and not wilds
            and len(cards) >= CANASTA_SIZE
        )
        if canasta_of_threes:
            return problems
        if not variant.black_threes_when_going_out:
            add("black_threes_melded", "meld.black-threes", N_("black threes are never melded"))
            return problems
        if not going_out:
            add(
                "black_threes_melded",
                "meld.black-threes",
                N_("black threes may be melded only by a player going out"),
            )
        if wilds and not variant.black_three_meld_wilds:
            add(
                "black_threes_wild",
                "meld.black-threes",
                N_("a meld of black threes may not hold wild cards"),
            )
        cap = variant.black_three_meld_max
        if cap is not None and naturals > cap:
            add(
                "black_threes_count",
                "meld.black-threes",
                N_("a meld of black threes holds at most %(count)s of them"),
                count=cap,
            )
    if wilds and shape is MeldShape.RANK and info.rank in variant.natural_only_ranks:
        add(
            "wild_in_natural_rank",
            "meld.natural-only",
            N_("a meld of %(rank)s may not hold wild cards"),
            rank=Text(RANK_PLURALS[info.rank]),
        )
    if wilds > variant.max_wild:
        add(
            "too_many_wilds",
            "meld.wild-limit",
            N_("a meld may hold at most %(most)s wild cards, this one has %(wilds)s"),
            most=variant.max_wild,
            wilds=wilds,
        )
    if naturals < variant.min_natural:
        add(
            "too_few_naturals",
            "meld.natural-min",
            N_("a meld needs at least %(least)s natural cards, this one has %(naturals)s"),
            least=variant.min_natural,
            naturals=naturals,
        )
    elif variant.wilds_fewer_than_naturals and wilds and wilds >= naturals:
        add(
            "more_wilds_than_naturals",
            "meld.wild-limit",
            N_("a meld must hold fewer wild cards (%(wilds)s) than natural ones (%(naturals)s)"),
            wilds=wilds,
            naturals=naturals,
        )
    elif variant.wild_not_more_than_natural and wilds > naturals:
        add(
            "more_wilds_than_naturals",
            "meld.wild-limit",
            N_("a meld may not hold more wild cards (%(wilds)s) than natural ones (%(naturals)s)"),
            wilds=wilds,
            naturals=naturals,
        )
    return problems + _concealed_problems(meld, side, index)


def _concealed_problems(meld: Meld, side: int | None, index: int | None) -> list[Problem]:
    if meld.concealed and len(meld.cards) < CANASTA_SIZE:
        why = Text(N_("only a canasta of seven or more cards can be laid from the hand"))
        return [
            meld_problem("concealed_not_canasta", "canasta.concealed", meld.cards, why, side, index)
        ]
    return []
