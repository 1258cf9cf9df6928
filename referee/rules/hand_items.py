"""What a hand scores, told by its items: its canastas by kind, its red (and black) threes,
going out, the cards' points where they are known (issue 44: "We had a clean canasta, a
dirty canasta and 2 red threes and went out. What do we score?"), and every event of a hand
some game's scoring knows (the Dutch undeclared red three and acabar, the Spanish exact cut
and escalas, the fast Czech first pickup, the American penalties, unfinished melds, aces or
sevens held and special hands).

The figure is :func:`~referee.rules.hand.score_hand`'s, the function ``referee score`` runs:
the items become a hand of cards -- each canasta the plainest of its kind, a rank of its own,
each escala and unfinished meld the plainest too -- and its events the ``Side``'s own, and the
hand is scored as any other.  The melds' points are then the points given (or
left out: the bonuses alone), since the cards of a canasta told by its kind are not known.
The referee page's hand form, ``referee check``'s ``hand_score`` question and
``referee ask``'s rulings on a hand's bonuses and on an event of a hand all score through
:func:`score_items`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import chain, repeat
from typing import NamedTuple

from .cards import RANK_BY_ORDER, Card, Rank, Suit
from .deck import packs_of
from .hand import CanastaScore, Hand, Side, score_hand
from .melds import ESCALA_REAL_SIZE, Meld, classify
from .problems import N_, Problem, Text, problem
from .quick import laid_canasta_problems
from .variant import CanastaKind, Variant

__all__ = ["HandItems", "HandScoreRuling", "ItemsScore", "check_hand_score", "score_items"]

# What the core finds of cards the items do not tell (the canastas built here are the
# poorest of their kind, so their points say nothing of the side's opening)
_CARDS_PROBLEMS = frozenset({"opening_short"})
# The ranks a canasta of one rank is built of, one each: no seven or ace, which some games
# score apart (american), where a natural or mixed canasta is asked; then those two.
_RANKS = (
    Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
    Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.SEVEN, Rank.ACE,
)  # fmt: skip
_APART = {Rank.SEVEN: CanastaKind.SEVENS, Rank.ACE: CanastaKind.ACES}
_SIZE = 7
_PACK = 54  # cards in a pack, its two jokers with them
_TWO, _JOKER, _BLACK_THREE = Card(Rank.TWO), Card(Rank.JOKER), Card(Rank.THREE)
# An unfinished meld of a kind that costs (american): the plainest such meld, of three cards
# (four jokers, the fewest that make one "of four jokers").
_UNFINISHED = {
    CanastaKind.SEVENS: (Card(Rank.SEVEN),) * 3,
    CanastaKind.ACES: (Card(Rank.ACE),) * 3,
    CanastaKind.WILD_TWOS: (_TWO,) * 3,
    CanastaKind.WILD_JOKERS: (_JOKER,) * 4,
    CanastaKind.WILD_DEUCES: (_JOKER, _TWO, _TWO),
    CanastaKind.WILD: (_TWO,) * 3,
}


class HandItems(NamedTuple):
    """One side's hand as its scoring items: ``canastas`` maps each kind to how many the side
    made; ``melded``: the side has melds on the table (a canasta says so by itself);
    ``meld_points`` and ``hand_points``: the cards' points, None where not told."""

    canastas: Mapping[CanastaKind, int] = {}
    red_threes: int = 0
    black_threes: int = 0  # laid out as bonus cards (american)
    went_out: bool = False
    concealed: bool = False
    melded: bool = False
    meld_points: int | None = None
    hand_points: int | None = None
    # of ``canastas``, how many of each kind were laid from the hand in one go, where the game
    # pays more for that (spanish's canasta oculta, dutch's hand canasta)
    concealed_canastas: Mapping[CanastaKind, int] = {}
    black_threes_out: int = 0  # black threes melded in going out, where they raise its bonus
    # The events only some games score, as ``referee score``'s side takes them (hand.Side):
    # red threes not declared (dutch's house rule, hand and foot's left in hand or foot) ...
    undeclared_red_threes: int = 0
    acabar: bool = False  # this side called acabar (dutch's house rule): it scores nothing
    other_acabar: bool = False  # the other side called it: this side scores its points
    exact_cut: bool = False  # spanish: the cut took exactly the cards dealt
    first_pickup: bool = False  # czech fast: went out on the first pickup of the pile
    held_sets: int = 0  # american: players left holding three or more aces or sevens
    penalties: int = 0  # american: irregularities charged the book's penalty
    special_hand: str | None = None  # american: went out with this special hand
    escalas: int = 0  # spanish's house rule: seven of a suit in order, no wild card ...
    escalas_real: int = 0  # ... and 4 to the ace of a suit
    unfinished: Mapping[CanastaKind, int] = {}  # american: unfinished melds that cost, by kind


class ItemsScore(NamedTuple):
    """The side's score of those items; ``breakdown``'s parts add up to ``total``, with a
    ``melds`` part only where ``meld_points`` was told, a ``hand`` part where ``hand_points``
    was."""

    total: int
    breakdown: dict[str, int]
    canastas: tuple[CanastaScore, ...]
    problems: tuple[Problem, ...]


class _Wilds:
    """The wild cards the packs hold, handed out as the canastas take them."""

    def __init__(self, variant: Variant, players: int) -> None:
        packs = packs_of(variant, players)
        self.left = {_TWO: 4 * packs, _JOKER: 2 * packs}

    def wild_canasta(self, variant: Variant, kind: CanastaKind) -> list[Card]:
        """Seven wild cards making a canasta of ``kind``: the fewest jokers that do and the
        packs still hold; where none do, the fewest jokers that make it (for the deck's
        count to refuse)."""
        made = [
            [_JOKER] * jokers + [_TWO] * (_SIZE - jokers)
            for jokers in range(_SIZE + 1)
            if classify(variant, Meld((_JOKER,) * jokers + (_TWO,) * (_SIZE - jokers))).canasta
            is kind
        ]
        fits = [c for c in made if all(c.count(w) <= self.left[w] for w in self.left)]
        cards = (fits or made)[0]
        for wild in self.left:
            self.left[wild] -= cards.count(wild)
        return cards

    def one(self) -> Card:
        """A mixed canasta's wild card: a two while there are, else a joker."""
        card = _TWO if self.left[_TWO] > 0 or self.left[_JOKER] <= 0 else _JOKER
        self.left[card] -= 1
        return card


def _canasta(
    variant: Variant, kind: CanastaKind, ranks: Iterator[Rank], wilds: _Wilds, i: int
) -> list[Card]:
    """The plainest canasta of ``kind``: the fewest wild cards it may hold, a rank of its own."""
    if kind is CanastaKind.NATURAL:
        return [Card(next(ranks))] * _SIZE
    if kind is CanastaKind.MIXED:
        return [Card(next(ranks))] * (_SIZE - 1) + [wilds.one()]
    if kind is CanastaKind.SEVENS:
        return [Card(Rank.SEVEN)] * _SIZE
    if kind is CanastaKind.ACES:
        return [Card(Rank.ACE)] * _SIZE
    if kind is CanastaKind.BLACK_THREES:
        return [_BLACK_THREE] * _SIZE
    if kind is CanastaKind.SEQUENCE:  # seven of a suit in order, a suit each
        suit = tuple(Suit)[i % len(Suit)]
        return [Card(Rank(str(n)), suit) for n in range(4, 11)]
    return wilds.wild_canasta(variant, kind)


def _melds(variant: Variant, players: int, items: HandItems) -> list[Meld]:
    # Past what the packs' cards make of canastas, one more is built (for the deck's count to
    # refuse), never all of a count typed in the thousands.
    most = packs_of(variant, players) * _PACK // _SIZE + 1
    counts = {
        k: min(max(n, 0), most) for k, n in items.canastas.items() if k in variant.canasta_bonus
    }
    apart = {rank for rank, kind in _APART.items() if kind in variant.canasta_bonus}
    ranks = chain([r for r in _RANKS if r not in apart], repeat(Rank.KING))
    wilds = _Wilds(variant, players)
    melds = []
    # the wild canastas first, which need their own wild cards; the mixed ones take one each
    for kind in sorted(counts, key=lambda k: k is CanastaKind.MIXED):
        laid = items.concealed_canastas.get(kind, 0)
        for i in range(counts[kind]):
            cards = _canasta(variant, kind, ranks, wilds, i)
            # laid from the hand at once: those told so, and every one of a concealed going out
            melds.append(Meld(tuple(cards), items.concealed or i < laid))
    melds += _runs_and_unfinished(variant, items, most)
    melded = items.melded or (items.meld_points or 0) > 0
    if melded and not melds:  # a meld that stands for "the side has melded"
        melds.append(Meld((Card(next(ranks)),) * 3, items.concealed))
    if items.black_threes_out > 0:  # a meld of them, as going out lays it (czech fast)
        threes = min(items.black_threes_out, 4 * packs_of(variant, players) + 1)
        melds.append(Meld((_BLACK_THREE,) * threes, items.concealed))
    return melds


def _runs_and_unfinished(variant: Variant, items: HandItems, most: int) -> list[Meld]:
    """The side's escalas, each of a suit of its own in turn (an escala from 4 to 10, the
    ranks the canastas take last; an escala real from 4 to the ace), and its unfinished melds
    of the kinds that cost, each the plainest of its kind; none the game has not (said by
    :func:`_items_problems`)."""
    melds = []
    suits = iter(tuple(Suit) * (2 * most))
    if variant.escalas:
        for count, size in ((items.escalas, _SIZE), (items.escalas_real, ESCALA_REAL_SIZE)):
            for _ in range(min(max(count, 0), most)):
                suit = next(suits)
                run = tuple(Card(RANK_BY_ORDER[n], suit) for n in range(4, 4 + size))
                melds.append(Meld(run, items.concealed))
    for kind, count in items.unfinished.items():
        if kind in variant.unfinished_penalty and kind in _UNFINISHED:
            melds += [Meld(_UNFINISHED[kind], items.concealed)] * min(max(count, 0), most)
    return melds


def _items_problems(variant: Variant, items: HandItems) -> list[Problem]:
    """What the items say that no cards could: a kind of canasta the game has not, points no
    cards make."""
    found = [
        problem(
            "not_in_variant",
            "canasta.kinds",
            N_("%(variant)s has no %(kind)s canasta"),
            variant=variant.name,
            kind=kind.value.replace("_", " "),
        )
        for kind, count in items.canastas.items()
        if count and kind not in variant.canasta_bonus
    ]
    for kind, laid in items.concealed_canastas.items():
        made = max(items.canastas.get(kind, 0), 0)
        found += laid_canasta_problems(variant, kind, laid, made, 0)
    found += [
        problem(
            "not_in_variant",
            None,  # the game has no such rule at all
            N_("%(variant)s has no penalty for an unfinished %(kind)s meld"),
            variant=variant.name,
            kind=kind.value.replace("_", " "),
        )
        for kind, count in items.unfinished.items()
        if count and (kind not in variant.unfinished_penalty or kind not in _UNFINISHED)
    ]
    if (items.escalas or items.escalas_real) and not variant.escalas:
        found.append(
            problem(
                "not_in_variant",
                "meld.sequence",
                N_("%(variant)s plays no escalas"),
                variant=variant.name,
            )  # fmt: skip
        )
    if items.other_acabar and items.went_out and variant.acabar_points is not None:
        # the core's own words for a side that called it and went out (event_problems)
        found.append(
            problem(
                "acabar_and_out",
                "scoring.acabar",
                N_("a hand ended by acabar has nobody going out"),
            )
        )
    if items.meld_points is not None and items.meld_points % 5:
        found.append(
            problem(
                "meld_points",
                "deck.values",
                N_(
                    "%(points)s points of melded cards cannot be: every card is worth a "
                    "multiple of 5"
                ),
                points=items.meld_points,
            )
        )
    if items.hand_points is not None and items.hand_points % 5:
        found.append(
            problem(
                "hand_points",
                "hand.points",
                N_(
                    "%(points)s points of cards left in hand cannot be: "
                    "every card is worth a multiple of 5"
                ),
                points=items.hand_points,
            )
        )
    return found


def score_items(variant: Variant, players: int, items: HandItems) -> ItemsScore:
    """Score the hand the side's ``items`` make at a table of ``players`` (the others with
    nothing), as ``referee score`` scores a hand of those cards; every problem the core
    finds with it, but for the opening's minimum (the cards are not told)."""
    side = Side(
        "",
        tuple(_melds(variant, players, items)),
        max(items.red_threes, 0),
        items.went_out,
        items.concealed,
        hand=() if items.hand_points is None else None,
        hand_points=items.hand_points,
        black_threes=max(items.black_threes, 0),
        undeclared_red_threes=max(items.undeclared_red_threes, 0),
        acabar=items.acabar,
        exact_cut=items.exact_cut,
        first_pickup=items.first_pickup,
        held_sets=max(items.held_sets, 0),
        special_hand=items.special_hand or None,
        penalties=max(items.penalties, 0),
    )
    others = [Side("", hand=()) for _ in range(variant.sides_for(players) - 1)]
    others[0] = others[0]._replace(acabar=items.other_acabar)
    result = score_hand(variant, Hand(players, (side, *others)))
    scored = result.sides[0]
    breakdown = dict(scored.breakdown)
    if items.meld_points is None:
        breakdown.pop("melds", None)  # a special hand's or acabar's score has no such part
    elif "melds" in breakdown:
        # the melded cards' points as the core counts the built melds': against the side
        # where its game makes a side without a canasta count them so
        breakdown["melds"] = -items.meld_points if breakdown["melds"] < 0 else items.meld_points
    if items.hand_points is None and not breakdown.get("hand"):
        breakdown.pop("hand", None)
    problems = [p for p in result.problems if p.code not in _CARDS_PROBLEMS]
    return ItemsScore(
        sum(breakdown.values()),
        breakdown,
        scored.canastas,
        tuple(problems + _items_problems(variant, items)),
    )


class HandScoreRuling(NamedTuple):
    """The referee's answer to "what does this hand score?": ``allowed`` where the rules let
    a side make the hand, the sentence, the rule that decides the figure (or the first one
    broken), the figure (``points``: scored even where a rule is broken, as ``referee score``
    scores it) and its parts."""

    allowed: bool
    text: Text
    rule: str
    points: int
    breakdown: dict[str, int]
    canastas: tuple[CanastaScore, ...]
    problems: tuple[Problem, ...]

    @property
    def reason(self) -> str:
        """The sentence in English; ``text.render(gettext)`` gives it in another language."""
        return self.text.render()


def _deciding_rule(variant: Variant, items: HandItems, scored: ItemsScore) -> str:
    """The rule the figure rests on most: a special hand's or acabar's, which replace the rest,
    or the first pickup's premium; else the canastas', the threes', going out's; else the
    first event's the hand tells."""
    parts = scored.breakdown
    keys = []
    if "special_hand" in parts:
        keys.append("scoring.special-hands")
    if "acabar" in parts:
        keys.append("scoring.acabar")
    if items.went_out and items.first_pickup:  # its premium in place of going out's
        keys.append("going-out.first-pickup")
    if scored.canastas:
        keys.append("canasta.kinds")
    if parts.get("red_threes", 0) < 0:
        keys.append("red-threes.penalty")
    if items.red_threes > 0:
        keys.append("red-threes.bonus")
    if items.went_out:
        keys.append("going-out.concealed" if items.concealed else "going-out.bonus")
    events = (
        ("undeclared_red_threes", "red-threes.undeclared"),
        ("exact_cut", "scoring.exact-cut"),
        ("held_in_hand", "hand.held"),
        ("penalties", "irregularities.penalty"),
        ("escalas", "escala.bonus"),
        ("unfinished", "canasta.unfinished"),
    )
    keys += [key for part, key in events if parts.get(part)]
    if items.hand_points:
        keys.append("hand.points")
    keys += ["canasta.kinds", "hand.points"]
    return next(key for key in keys if key in variant.rules)


def check_hand_score(variant: Variant, players: int, items: HandItems) -> HandScoreRuling:
    """What the side's hand of ``items`` scores (:func:`score_items`), as a ruling: the figure
    and its parts, or every rule the hand breaks."""
    scored = score_items(variant, players, items)
    if scored.problems:
        first = next((p for p in scored.problems if p.impossible), scored.problems[0])
        rule = (
            first.rule
            if first.rule is not None and first.rule in variant.rules
            else _deciding_rule(variant, items, scored)
        )
        # What no deal could give first, alone where there is some: the rest of such a hand's
        # problems are its canastas' cards, built here, over again; each said once.
        shown = [p for p in scored.problems if p.impossible] or list(scored.problems)
        unique = {p.message: p.text or Text(p.message) for p in shown}
        said = list(unique.values())
        joined = Text(
            "; ".join(f"%(p{i})s" for i in range(len(said))),
            {f"p{i}": text for i, text in enumerate(said)},
        )
        text = Text(N_("No such hand: %(problems)s."), {"problems": joined})
        allowed = False
    else:
        rule = _deciding_rule(variant, items, scored)
        text = (
            Text(
                N_("These items score %(points)s; the melded cards' own points come on top."),
                {"points": scored.total},
            )
            # a special hand's value and acabar's points are the side's whole score
            if items.meld_points is None and not {"special_hand", "acabar"} & set(scored.breakdown)
            else Text(N_("This hand scores %(points)s."), {"points": scored.total})
        )
        allowed = True
    return HandScoreRuling(
        allowed, text, rule, scored.total, scored.breakdown, scored.canastas, scored.problems
    )
