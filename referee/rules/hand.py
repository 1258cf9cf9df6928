"""One hand at the end of play: what each side has, whether that can be, and its score."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import NamedTuple, Protocol

from .cards import RANK_PLURALS, Card, Rank, format_cards
from .deck import overfull
from .melds import Meld, MeldInfo, MeldShape, classify, meld_problems
from .minimum import opening_problems
from .problems import N_, IllegalHand, Problem, Text, problem
from .variant import CanastaKind, RedThreeCondition, Variant

__all__ = [
    "SPECIAL_HAND_NAMES",
    "CanastaScore",
    "Hand",
    "HandResult",
    "Side",
    "SideScore",
    "held_ranks_of",
    "score_hand",
]

_RANK_NAMES = RANK_PLURALS


class Side(NamedTuple):
    """What one side (a player, or a partnership) has at the end of a hand.

    Give the cards left in its players' hands as ``hand`` or, for tables that
    count by hand, as ``hand_points``.  The last four fields are events that only
    some variants score; the variant says whether it has them.
    """

    name: str = ""
    melds: tuple[Meld, ...] = ()
    red_threes: int = 0
    went_out: bool = False
    concealed: bool = False
    hand: tuple[Card, ...] | None = None
    hand_points: int | None = None
    score: int = 0
    undeclared_red_threes: int = 0
    acabar: bool = False
    exact_cut: bool = False
    first_pickup: bool = False
    black_threes: int = 0  # laid out as bonus cards, where the variant scores them so
    held_sets: int = 0  # players left holding three or more of a penalised rank (american)
    special_hand: str | None = None  # went out with this special hand (american)
    penalties: int = 0  # irregularities the side was charged the book's penalty for (american)


class Hand(NamedTuple):
    players: int
    sides: tuple[Side, ...]
    number: int | None = None  # the hand's number in the match, where the minimum goes by it


class CanastaScore(NamedTuple):
    rank: str
    kind: CanastaKind
    bonus: int
    concealed: bool = False


class SideScore(NamedTuple):
    """A side's score for the hand; the parts of ``breakdown`` add up to ``total``."""

    name: str
    total: int
    breakdown: dict[str, int]
    canastas: tuple[CanastaScore, ...]
    wins_match: bool = False


class HandResult(NamedTuple):
    sides: tuple[SideScore, ...]
    problems: tuple[Problem, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def possible(self) -> bool:
        """Whether some table could have played it: a hand that breaks only rules a table
        may agree to break (recorded "anyway", disputed); else a typo, refused."""
        return not any(p.impossible for p in self.problems)


_rank_of = attrgetter("rank")


def _info(variant: Variant, side: Side) -> list[MeldInfo]:
    return [classify(variant, meld) for meld in side.melds]


def _canasta_rank(meld: Meld, info: MeldInfo) -> str:
    """What a canasta is made of: its rank ("K", "3"), "run" for seven of a suit in order
    (samba's samba: no one rank), or "wild" for wild cards only."""
    if info.rank is not None:
        return "3" if info.rank is Rank.THREE else info.rank.value
    if info.shape is MeldShape.SEQUENCE:
        return "run"
    return "wild"


def hand_costs(variant: Variant) -> dict[Rank, int]:
    """What each card left in hand costs: its value; a black three its penalty, if any.

    Shared by card-by-card scoring and the quick form's counts by value."""
    costs = dict(variant.card_points)
    if variant.black_three_in_hand_penalty is not None:
        costs[Rank.THREE] = variant.black_three_in_hand_penalty
    return costs


def held_ranks_of(variant: Variant, cards: Sequence[Card]) -> list[Rank]:
    """The penalised ranks (``held_ranks``: american's sevens and aces) of which one player's
    ``cards`` hold three or more at the hand's end: each is one of the ``held_sets`` a side
    enters, charged ``held_penalty`` (cla-laws §Penalties: once per player and rank, however
    many of them)."""
    counts = Counter(card.rank for card in cards)
    return [rank for rank in sorted(variant.held_ranks, key=lambda r: r.order) if counts[rank] >= 3]


def _hand_points(variant: Variant, side: Side) -> int:
    if side.hand is None:
        return side.hand_points or 0
    return sum(map(hand_costs(variant).__getitem__, map(_rank_of, side.hand)))


def going_out_points(
    variant: Variant,
    *,
    went_out: bool,
    concealed: bool = False,
    black_threes: int = 0,
    first_pickup: bool = False,
) -> int:
    """The going-out bonus; ``black_threes`` is how many the side melded going out."""
    if not went_out:
        return 0
    bonus = variant.going_out_bonus
    if concealed and variant.concealed_going_out_bonus is not None:
        bonus = variant.concealed_going_out_bonus
    # 000 (fast) gives each way of closing its own premium: a side gets the one that
    # describes its closing, the highest if several do.
    best_threes = [v for n, v in variant.black_three_going_out_bonus.items() if black_threes >= n]
    if best_threes:
        bonus = max(bonus, *best_threes)
    if first_pickup and variant.first_pickup_going_out_bonus is not None:
        bonus = max(bonus, variant.first_pickup_going_out_bonus)
    return bonus


def threes_points(variant: Variant, count: int) -> int:
    """What ``count`` threes of one colour laid out are worth, before their sign."""
    if variant.threes_table:
        if count <= 0:
            return 0
        steps = [n for n in variant.threes_table if n <= count]
        return variant.threes_table[max(steps)] if steps else 0
    points = count * variant.red_three_bonus
    if count >= variant.all_red_threes_count:
        points += variant.all_red_threes_extra
    return points


def threes_sign(variant: Variant, melded: bool, canastas: int) -> int:
    """+1, 0 or -1: whether a side's threes count for it, not at all, or against it."""
    if variant.red_threes_count_if is RedThreeCondition.MELD:
        return 1 if melded else -1
    if canastas >= variant.red_threes_canastas:
        return 1
    void = variant.red_threes_void_canastas
    return 0 if void is not None and canastas >= void else -1


def base_breakdown(
    variant: Variant,
    *,
    meld_points: int,
    canastas: Sequence[CanastaScore],
    melded: bool,
    red_threes: int,
    going_out: int,
    hand_points: int,
    escalas: int = 0,
    black_threes: int = 0,
    unfinished: int = 0,
) -> dict[str, int]:
    """The parts of a side's score every variant has, plus its canasta-count bonus, its
    escalas' bonus (``escalas``: what the side's escalas are worth), the black threes it
    laid out where they are bonus cards, and what its unfinished melds cost.

    Shared by card-by-card and quick scoring, so both count red threes, the
    no-canasta rule and the bonuses the same way.
    """
    has_canasta = bool(canastas)
    sign = threes_sign(variant, melded, len(canastas))
    negative = variant.no_canasta_scores_all_negative and not has_canasta
    breakdown = {
        "melds": -meld_points if negative else meld_points,
        "canastas": sum(c.bonus for c in canastas),
        "red_threes": sign * threes_points(variant, red_threes),
        "going_out": going_out,
        "hand": -hand_points,
    }
    if black_threes:
        breakdown["black_threes"] = sign * threes_points(variant, black_threes)
    if unfinished:
        breakdown["unfinished"] = -unfinished
    tiers = [v for n, v in variant.canasta_count_bonus.items() if len(canastas) >= n]
    if tiers:
        breakdown["canasta_count"] = max(tiers)
    if escalas and has_canasta:
        # 001 §Variaciones: an escala's bonus counts only with at least one canasta.
        breakdown["escalas"] = escalas
    return breakdown


def score_side(variant: Variant, side: Side, infos: list[MeldInfo] | None = None) -> SideScore:
    """Score one side's hand as ``variant`` counts it (assuming the hand is legal).

    ``infos`` is the side's melds already classified, if the caller has them.
    """
    special = special_hand_score(variant, side)
    if special is not None:
        return special
    if infos is None:
        infos = _info(variant, side)
    canastas = tuple(
        CanastaScore(_canasta_rank(meld, info), info.canasta, info.bonus, meld.concealed)
        for meld, info in zip(side.melds, infos, strict=True)
        if info.canasta is not None
    )
    has_canasta = bool(canastas)
    threes = sum(i.naturals for i in infos if i.shape is MeldShape.BLACK_THREES)
    going_out = going_out_points(
        variant,
        went_out=side.went_out,
        concealed=side.concealed,
        black_threes=threes,
        first_pickup=side.first_pickup,
    )
    breakdown = base_breakdown(
        variant,
        meld_points=sum(info.points for info in infos),
        canastas=canastas,
        melded=bool(side.melds),
        red_threes=side.red_threes,
        going_out=going_out,
        hand_points=_hand_points(variant, side),
        escalas=sum(info.escala_bonus for info in infos),
        black_threes=side.black_threes,
        unfinished=sum(info.penalty for info in infos),
    )
    breakdown.update(event_parts(variant, side, has_canasta))
    wins = any(c.kind is CanastaKind.BLACK_THREES for c in canastas)
    return SideScore(side.name, sum(breakdown.values()), breakdown, canastas, wins)


class Events(Protocol):
    """What both entry modes say of a side besides its cards: going out and the events
    only some variants score."""

    @property
    def name(self) -> str: ...
    @property
    def went_out(self) -> bool: ...
    @property
    def red_threes(self) -> int: ...
    @property
    def undeclared_red_threes(self) -> int: ...
    @property
    def acabar(self) -> bool: ...
    @property
    def exact_cut(self) -> bool: ...
    @property
    def first_pickup(self) -> bool: ...
    @property
    def black_threes(self) -> int: ...
    @property
    def held_sets(self) -> int: ...
    @property
    def special_hand(self) -> str | None: ...
    @property
    def penalties(self) -> int: ...


# The special hands' names as a player reads them, by their ids (a preset's special_hands).
SPECIAL_HAND_NAMES = {
    "straight": N_("Straight"),
    "pairs": N_("Pairs without wild cards"),
    "pairs_wild": N_("Pairs with wild cards"),
    "garbage": N_("Garbage"),
}


def special_hand_score(variant: Variant, side: Events) -> SideScore | None:
    """The score of a side that went out with a special hand the variant knows: the hand's
    value in place of everything else (melds, canastas, threes, cards left, penalties).
    None for any other side, which is scored as usual."""
    value = variant.special_hands.get(side.special_hand or "")
    if value is None or not side.went_out:
        return None
    return SideScore(side.name, value, {"special_hand": value}, ())


def has_special_hand(variant: Variant, side: Events) -> bool:
    """Whether the side went out with a special hand the variant scores."""
    return side.went_out and (side.special_hand or "") in variant.special_hands


def special_hand_problems(
    variant: Variant, side: Events, index: int, *, melded: bool
) -> list[Problem]:
    """What cannot be about a side's special hand: one the variant does not score, one
    without going out, one beside melds the side had laid before it (``melded``)."""
    if not side.special_hand:
        return []
    if side.special_hand not in variant.special_hands:
        if not variant.special_hands:
            return [not_scored(variant, N_("a special hand"), index)]
        return [
            problem(
                "unknown_special_hand",
                "going-out.special-hands",
                N_('"%(name)s" is not a special hand of this game'),
                index,
                name=side.special_hand,
            )
        ]
    if not side.went_out:
        return [
            problem(
                "special_hand_without_going_out",
                "going-out.special-hands",
                N_("a special hand is laid down by the player going out"),
                index,
            )
        ]
    if melded and not variant.special_hand_after_partner:
        return [
            problem(
                "special_hand_after_melding",
                "going-out.special-hands",
                N_(
                    "a special hand is the side's first meld: this side already has melds "
                    "on the table"
                ),
                index,
            )
        ]
    return []


def event_parts(variant: Variant, side: Events, has_canasta: bool) -> dict[str, int]:
    """The breakdown parts of the variant-only events (exact cut, undeclared red threes)."""
    parts: dict[str, int] = {}
    if side.exact_cut and variant.exact_cut_bonus is not None:
        cut = variant.exact_cut_bonus
        parts["exact_cut"] = cut if has_canasta else -cut
    if side.undeclared_red_threes:
        parts["undeclared_red_threes"] = (
            -variant.undeclared_red_three_penalty * side.undeclared_red_threes
        )
    if side.held_sets and variant.held_penalty:
        parts["held_in_hand"] = -variant.held_penalty * side.held_sets
    if side.penalties and variant.penalty_points:
        parts["penalties"] = -variant.penalty_points * side.penalties
    return parts


def acabar_scores(variant: Variant, sides: Sequence[Events]) -> tuple[SideScore, ...] | None:
    """The scores of a hand ended by acabar, or None if nobody called it (or no such rule)."""
    if variant.acabar_points is None or not any(side.acabar for side in sides):
        return None
    # 004 §Uitgaan: "De tegenpartij krijgt daarmee 1500 punten en de eigen partij niets."
    points = variant.acabar_points
    return tuple(
        SideScore(
            side.name, 0 if side.acabar else points, {"acabar": 0 if side.acabar else points}, ()
        )
        for side in sides
    )


def not_scored(variant: Variant, event: str, side: int, rule: str | None = None) -> Problem:
    """The problem of an event (``event``, marked for translation) the table's rules do not
    score: the same words whichever entry mode or event says it."""
    return problem(
        "not_in_variant",
        rule,
        N_("%(variant)s does not score %(event)s at this table"),
        side,
        variant=variant.name,
        event=Text(event),
    )


def event_problems(variant: Variant, side: Events, index: int) -> list[Problem]:
    """Events the variant does not score, and events that contradict going out."""
    problems: list[Problem] = []
    if side.went_out and side.acabar and variant.acabar_points is not None:
        problems.append(
            problem(
                "acabar_and_out",
                "scoring.acabar",
                N_("a hand ended by acabar has nobody going out"),
                index,
            )
        )
    for flag, present, available, rule in (
        (
            N_("undeclared red threes"),
            side.undeclared_red_threes,
            variant.undeclared_red_three_penalty,
            "red-threes.undeclared",
        ),
        (N_("acabar"), side.acabar, variant.acabar_points, "scoring.acabar"),
        (N_("an exact cut"), side.exact_cut, variant.exact_cut_bonus, "scoring.exact-cut"),
        (
            N_("black threes laid out"),
            side.black_threes,
            variant.black_threes_laid_out,
            "red-threes.bonus",
        ),
        (N_("aces or sevens held in hand"), side.held_sets, variant.held_penalty, "hand.held"),
        (
            N_("penalties for irregularities"),
            side.penalties,
            variant.penalty_points,
            "irregularities.penalty",
        ),
        (
            N_("going out on the first pickup"),
            side.first_pickup,
            variant.first_pickup_going_out_bonus,
            "going-out.first-pickup",
        ),
    ):
        if present and not available:
            problems.append(not_scored(variant, flag, index))
        elif present and rule == "going-out.first-pickup" and not side.went_out:
            problems.append(
                problem(
                    "first_pickup_without_going_out",
                    rule,
                    N_("the first-pickup premium is for the side that went out"),
                    index,
                )
            )
    return problems


def table_problems(variant: Variant, players: int, sides: Sequence[Events]) -> list[Problem]:
    """What the sides together cannot have done, whichever way the hand was entered: two
    sides going out, two calling acabar, more red threes than the packs hold."""
    problems: list[Problem] = []
    out = [i for i, side in enumerate(sides) if side.went_out]
    if len(out) > 1:
        problems.append(
            problem(
                "two_went_out",
                "going-out.one-side",
                N_("only one side can go out in a hand; sides %(sides)s all say they did"),
                sides=", ".join(str(i + 1) for i in out),
            )
        )
    if variant.acabar_points is not None and sum(side.acabar for side in sides) > 1:
        problems.append(
            problem("two_acabar", "scoring.acabar", N_("only one side can call acabar"))
        )
    packs = variant.packs.get(players, 2)
    reds = sum(side.red_threes + side.undeclared_red_threes for side in sides)
    blacks = sum(side.black_threes for side in sides)
    if blacks > 2 * packs:
        problems.append(
            problem(
                "deck_count",
                "red-threes.count",
                N_("there are %(count)s black threes, but %(packs)s packs hold only %(limit)s"),
                count=blacks,
                packs=packs,
                limit=2 * packs,
            )
        )
    if reds > 2 * packs:
        problems.append(
            problem(
                "deck_count",
                "red-threes.count",
                N_("there are %(count)s red threes, but %(packs)s packs hold only %(limit)s"),
                count=reds,
                packs=packs,
                limit=2 * packs,
            )
        )
    return problems


def score_hand(variant: Variant, hand: Hand) -> HandResult:
    """Score every side and list every rule the hand breaks (see :func:`hand_problems`)."""
    infos = [_info(variant, side) for side in hand.sides]  # classify each meld once
    problems = tuple(hand_problems(variant, hand, infos))
    ended = acabar_scores(variant, hand.sides)
    if ended is not None:
        return HandResult(ended, problems)
    return HandResult(
        tuple(score_side(variant, side, i) for side, i in zip(hand.sides, infos, strict=True)),
        problems,
    )


def score_legal_hand(variant: Variant, hand: Hand) -> HandResult:
    """Like :func:`score_hand`, but raise :class:`IllegalHand` if any rule is broken."""
    result = score_hand(variant, hand)
    if result.problems:
        raise IllegalHand(list(result.problems))
    return result


_KINDS_NEEDED = {
    CanastaKind.NATURAL: (N_("a clean canasta"), N_("%(n)s clean canastas")),
    CanastaKind.MIXED: (N_("a dirty canasta"), N_("%(n)s dirty canastas")),
    CanastaKind.SEQUENCE: (N_("a canasta in sequence"), N_("%(n)s canastas in sequence")),
    CanastaKind.WILD: (N_("a wild canasta"), N_("%(n)s wild canastas")),
}


def missing_kinds(variant: Variant, kinds: Sequence[CanastaKind]) -> Text | None:
    """What going out needs of the kinds of canasta ``going_out_kinds`` names, if ``kinds``
    (the side's canastas) fall short of it; else None.

    Shared by the hand's checks and the referee's going-out question.
    """
    needed = variant.going_out_kinds
    if all(kinds.count(kind) >= n for kind, n in needed.items()):
        return None
    parts = [
        Text(one) if n == 1 else Text(many, {"n": n})
        for kind, n in needed.items()
        for one, many in [_KINDS_NEEDED.get(kind, (N_("a canasta"), N_("%(n)s canastas")))]
    ]
    while len(parts) > 1:  # "a, b and c" built pairwise, each pair translatable
        parts[-2:] = [
            Text(N_("%(first)s and %(second)s"), {"first": parts[-2], "second": parts[-1]})
        ]
    return parts[0]


def going_out_problems(
    variant: Variant,
    players: int,
    *,
    went_out: bool,
    concealed: bool,
    kinds: Sequence[CanastaKind],
    side: int | None = None,
) -> list[Problem]:
    """Whether a side with canastas of ``kinds`` may have gone out (concealed) as it says.

    Shared by card-by-card and quick entry.
    """
    problems: list[Problem] = []
    if went_out:
        needed = variant.going_out_canastas.get(players, 1)
        if len(kinds) < needed:
            problems.append(
                problem(
                    "going_out_without_canasta",
                    "going-out.canastas",
                    N_("a side needs one canasta to go out; this side has %(have)s")
                    if needed == 1
                    else N_("a side needs %(needed)s canastas to go out; this side has %(have)s"),
                    side,
                    needed=needed,
                    have=len(kinds),
                )
            )
        elif variant.going_out_needs_clean_and_dirty and not (
            CanastaKind.NATURAL in kinds and CanastaKind.MIXED in kinds
        ):
            problems.append(
                problem(
                    "going_out_without_canasta",
                    "going-out.canastas",
                    N_("a side needs a clean and a dirty canasta to go out"),
                    side,
                )
            )
        else:
            missing = missing_kinds(variant, kinds)
            if missing is not None:
                problems.append(
                    problem(
                        "going_out_without_canasta",
                        "going-out.canastas",
                        N_("to go out, a side needs %(what)s"),
                        side,
                        what=missing,
                    )
                )
    if concealed and not went_out:
        problems.append(
            problem(
                "concealed_without_going_out",
                "going-out.concealed-needs-out",
                N_("only the side that went out can have gone out concealed"),
                side,
            )
        )
    elif concealed and variant.concealed_going_out_bonus is None:
        problems.append(
            problem(
                "concealed_going_out",
                "going-out.concealed",
                N_("this variant has no going out concealed"),
                side,
            )
        )
    return problems


def side_problems(
    variant: Variant, hand: Hand, index: int, infos: list[MeldInfo] | None = None
) -> list[Problem]:
    """Every rule side ``index`` breaks on its own (not counting the other sides).

    ``infos`` is the side's melds already classified, if the caller has them.
    """
    side = hand.sides[index]
    problems: list[Problem] = []

    def add(
        code: str, rule: str | None, template: str, meld: int | None = None, **params: object
    ) -> None:
        problems.append(problem(code, rule, template, index, meld, **params))

    if infos is None:
        infos = _info(variant, side)
    seen: dict[Rank, int] = {}
    for j, (meld, info) in enumerate(zip(side.melds, infos, strict=True)):
        problems += meld_problems(
            variant, meld, going_out=side.went_out, side=index, index=j, info=info
        )
        if info.shape is MeldShape.RANK and info.rank is not None:
            if variant.one_meld_per_rank and info.rank in seen:
                add(
                    "second_meld_of_rank",
                    "meld.one-per-rank",
                    N_(
                        '"%(cards)s": this side already has a meld of %(rank)s (meld %(first)s); '
                        "add the cards to it"
                    ),
                    j,
                    cards=str(meld),
                    rank=Text(_RANK_NAMES[info.rank]),
                    first=seen[info.rank] + 1,
                )
            seen.setdefault(info.rank, j)
    if side.hand is not None and side.hand_points is not None:
        add(
            "hand_twice",
            "hand.points",
            N_("give the cards left in hand either as cards or as points, not both"),
        )
    if side.hand is not None and any(card.is_red_three for card in side.hand):
        add(
            "red_three_in_hand",
            "hand.red-threes",
            N_(
                '"%(hand)s": red threes are never kept in the hand; count them with the red '
                "threes laid out"
            ),
            hand=format_cards(side.hand),
        )
    if side.hand_points is not None and side.hand_points % 5:
        add(
            "hand_points",
            "hand.points",
            N_("%(points)s points left in hand cannot be: every card is worth a multiple of 5"),
            points=side.hand_points,
        )
    kinds = [info.canasta for info in infos if info.canasta is not None]
    special = has_special_hand(variant, side)
    problems += special_hand_problems(variant, side, index, melded=bool(side.melds))
    problems += going_out_problems(
        variant,
        hand.players,
        went_out=side.went_out and not special,  # a special hand needs no canasta
        concealed=side.concealed,
        kinds=kinds,
        side=index,
    )
    if side.went_out and not special:
        for j, (meld, info) in enumerate(zip(side.melds, infos, strict=True)):
            if info.penalty:
                add(
                    "went_out_unfinished",
                    "going-out.unfinished",
                    N_('"%(cards)s": a side may not go out while this meld is unfinished'),
                    j,
                    cards=str(meld),
                )
        if side.hand and hand.players == len(hand.sides):
            add(
                "went_out_with_cards",
                "going-out.empty-hand",
                N_('"%(hand)s": a player who went out has no cards left in hand'),
                hand=format_cards(side.hand),
            )
        if side.hand_points and hand.players == len(hand.sides):
            add(
                "went_out_with_cards",
                "going-out.empty-hand",
                N_("a player who went out has no cards left in hand"),
            )
    problems += opening_problems(
        variant,
        melded=bool(side.melds),
        points=sum(info.points for info in infos)
        + (sum(info.bonus for info in infos) if variant.opening_counts_canasta_bonus else 0),
        score=side.score,
        hand_number=hand.number,
        went_out=side.went_out,
        concealed=side.concealed,
        side=index,
    )
    problems += event_problems(variant, side, index)
    return problems


def deck_problems(variant: Variant, hand: Hand) -> list[Problem]:
    """Cards the packs cannot hold: more of a rank or of one card than there are (red
    threes are counted in :func:`table_problems`)."""
    packs = variant.packs.get(hand.players, 2)
    groups: list[tuple[Card, ...]] = []
    for side in hand.sides:
        groups += [meld.cards for meld in side.melds]
        groups.append(side.hand or ())
    cards = list(chain.from_iterable(groups))
    with_suit = [card for card in cards if card.suit is not None]
    if any(card.is_red_three for card in with_suit):  # counted apart, as red_threes
        cards = [card for card in cards if not card.is_red_three]
        with_suit = [card for card in with_suit if not card.is_red_three]
    # Counting in C: this runs for every hand scored.
    ranks: Counter[Rank] = Counter(map(_rank_of, cards))
    suited: Counter[Card] = Counter(with_suit)
    problems = overfull(variant, hand.players, ((frozenset((r,)), n) for r, n in ranks.items()))
    for card, count in suited.items():
        if (card.is_black_three or card.rank is not Rank.THREE) and count > packs:
            problems.append(
                problem(
                    "deck_count",
                    "deck.composition",
                    N_("there are %(count)s × %(card)s, but %(packs)s packs hold only %(packs)s"),
                    count=count,
                    card=card.symbol(),
                    packs=packs,
                )
            )
    return problems


def hand_problems(
    variant: Variant, hand: Hand, infos: list[list[MeldInfo]] | None = None
) -> list[Problem]:
    """Every rule the hand breaks, each located by side and meld where it applies.

    ``infos`` holds each side's melds already classified, if the caller has them.
    """
    problems: list[Problem] = []
    for index in range(len(hand.sides)):
        problems += side_problems(variant, hand, index, infos[index] if infos else None)
    problems += table_problems(variant, hand.players, hand.sides)
    problems += deck_problems(variant, hand)
    return problems
