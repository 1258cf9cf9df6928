"""A hand as a table enters it on the phone, turned into the rules core's values and scored.

An *entry* is plain JSON, stored exactly as typed so it can be shown again and
rescored under the match's rules snapshot::

    {"mode": "detailed", "sides": [{"melds": "K K K K 2\\n7 7 7", "red_threes": 1,
      "went_out": true, "concealed": false, "hand": "", "hand_points": null}, ...]}
    {"mode": "quick", "sides": [{"canastas": {"natural": 1, "mixed": 0}, "red_threes": 0,
      "went_out": true, "concealed": false, "meld_points": 230, "hand_points": 0}, ...]}

A quick side may count its cards by value instead of points (``meld_cards``,
``hand_cards``: ``{"10": 4}``, four cards of 10), and its canastas by what they are made
of, so that their cards count themselves: ``natural_canastas`` (``{"10": 1}``: a natural
canasta of seven 10-point cards), ``mixed_canastas`` (``{"20": 1}``: a mixed canasta of
aces) with the wild cards standing in the mixed canastas of each value (``mixed_twos``,
``mixed_jokers``: ``{"20": 2}``, two twos in the mixed canastas of aces), each taking the
place of one of the seven natural cards.  (A hand kept from before says them for all its
mixed canastas at once: ``mixed_wild``: ``{"2": 2}``.)

In detailed mode ``melds`` holds one meld per line; a line starting with
``hand:`` is a meld laid down from the hand in one go.  No web import here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..rules import (
    CanastaKind,
    Hand,
    HandResult,
    Meld,
    NotationError,
    Rank,
    Side,
    Variant,
    meld_lines,
    parse_cards,
)
from ..rules import score_hand as core_score_hand
from ..rules.deck import Counted, worth
from ..rules.hand import hand_costs
from ..rules.problems import N_, Text
from ..rules.quick import QuickSide, score_quick_hand

__all__ = ["EntryError", "MODES", "score_entry"]

MODES = ("detailed", "quick")
CONCEALED_PREFIX = "hand:"


class EntryError(ValueError):
    "Cards in an entry are badly written; ``side`` and ``field`` say where, for the form."

    def __init__(self, side: int, field: str, words: Text) -> None:
        self.side = side
        self.field = field
        self.words = words  # translatable; str(error) is the English
        super().__init__(words.render())


def _melds(text: str, side: int) -> tuple[Meld, ...]:
    melds = []
    for number, line in enumerate(meld_lines(text), start=1):
        concealed = line.lower().startswith(CONCEALED_PREFIX)
        cards_text = line[len(CONCEALED_PREFIX) :] if concealed else line
        try:
            cards = parse_cards(cards_text)
        except NotationError as error:
            words = Text(N_("meld %(n)s: %(error)s"), {"n": number, "error": error.words})
            raise EntryError(side, "melds", words) from None
        if not cards:
            raise EntryError(side, "melds", Text(N_("meld %(n)s has no cards"), {"n": number}))
        melds.append(Meld(cards, concealed))
    return tuple(melds)


def _detailed_side(data: Mapping[str, Any], index: int, name: str, score: int) -> Side:
    hand_text = (data.get("hand") or "").strip()
    hand = None
    if hand_text:
        try:
            hand = parse_cards(hand_text)
        except NotationError as error:
            raise EntryError(index, "hand", error.words) from None
    return Side(
        name=name,
        melds=_melds(data.get("melds") or "", index),
        red_threes=int(data.get("red_threes") or 0),
        went_out=bool(data.get("went_out")),
        concealed=bool(data.get("concealed")),
        hand=hand,
        hand_points=data.get("hand_points"),
        score=score,
        undeclared_red_threes=int(data.get("undeclared_red_threes") or 0),
        acabar=bool(data.get("acabar")),
        exact_cut=bool(data.get("exact_cut")),
        first_pickup=bool(data.get("first_pickup")),
        black_threes=int(data.get("black_threes") or 0),
        held_sets=int(data.get("held_sets") or 0),
        special_hand=data.get("special_hand") or None,
        penalties=int(data.get("penalties") or 0),
    )


def _counted(cards: Mapping[str, Any] | None) -> int:
    """Points of cards counted by value, {"50": 1, "10": 4} -> 90 (the points they were
    counted at are kept with the entry, so it scores the same whenever it is read)."""
    return sum(int(points) * int(n) for points, n in (cards or {}).items())


CANASTA_CARDS = 7  # a canasta counted by what it is made of holds seven cards


WILD_KEYS = {"2": "mixed_twos", "X": "mixed_jokers"}  # a quick side's wild cards by value


def wild_by_value(data: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """The wild cards a quick side says stand in its mixed canastas, by the value of the
    canastas they stand in: ``{"10": {"2": 2, "X": 1}}``.  Said per value of canasta
    (``mixed_twos``: ``{"10": 2}``); a hand kept from the form before that said them for
    all its mixed canastas at once (``mixed_wild``: ``{"2": 2}``), which is that value's when
    the side's mixed canastas are all of one value (else the key "?": not known)."""
    wild: dict[str, dict[str, int]] = {}
    for rank, key in WILD_KEYS.items():
        for value, n in (data.get(key) or {}).items():
            if int(n):
                wild.setdefault(str(value), {})[rank] = int(n)
    old = {rank: int(n) for rank, n in (data.get("mixed_wild") or {}).items() if int(n)}
    if old:
        values = [str(v) for v, n in (data.get("mixed_canastas") or {}).items() if int(n)]
        # No mixed canasta: said as wild cards without one ("none"), refused as such.
        into = wild.setdefault(values[0] if len(values) == 1 else "?" if values else "none", {})
        for rank, n in old.items():
            into[rank] = into.get(rank, 0) + n
    return wild


def _wild_field(value: str, wild: Mapping[str, int]) -> str:
    """The form field an error about the wild cards of ``value``'s canastas goes beside."""
    rank = "X" if wild.get("X") and not wild.get("2") else "2"
    return f"{WILD_KEYS[rank]}_c{value}"


def _canastas_by_cards(
    variant: Variant, data: Mapping[str, Any], index: int
) -> tuple[Counter[CanastaKind], int]:
    """The canastas a quick side says by what they are made of, and their cards' points:
    a natural canasta seven cards of its value, a mixed one seven with its wild cards in
    place of as many natural ones — said for the mixed canastas of each value, so that
    each wild card's place is known."""
    made: Counter[CanastaKind] = Counter()
    points = 0
    mixed: dict[str, int] = {}
    for kind, key in ((CanastaKind.NATURAL, "natural_canastas"),
                      (CanastaKind.MIXED, "mixed_canastas")):  # fmt: skip
        for value, n in (data.get(key) or {}).items():
            made[kind] += int(n)
            points += CANASTA_CARDS * int(value) * int(n)
            if kind is CanastaKind.MIXED and int(n):
                mixed[str(value)] = int(n)
    wild = wild_by_value(data)
    most = min(variant.max_wild, CANASTA_CARDS - variant.min_natural)  # in each canasta
    for value, cards in wild.items():  # said where no canasta of theirs is
        if value == "?":
            words = Text(
                N_(
                    "mixed canastas of cards of different values: which one each wild card "
                    "stands in is not known; enter this hand card by card"
                )
            )
            raise EntryError(index, _wild_field(next(iter(mixed)), cards), words)
        if value not in mixed:
            words = Text(N_("wild cards in mixed canastas, but no mixed canasta"))
            raise EntryError(index, _wild_field(value, cards), words)
    for value, n in mixed.items():  # forgotten, they would count too little
        if sum(wild.get(value, {}).values()) < n:
            words = Text(
                N_("a mixed canasta holds at least one wild card: say how many twos and jokers")
            )
            raise EntryError(index, _wild_field(value, {}), words)
    for value, cards in wild.items():
        if sum(cards.values()) > most * mixed[value]:
            words = Text(
                N_("%(n)s wild cards are more than %(made)s mixed canasta(s) can hold"),
                {"n": sum(cards.values()), "made": mixed[value]},
            )
            raise EntryError(index, _wild_field(value, cards), words)
        for rank, n in cards.items():  # each in place of a natural card
            points += (variant.card_points[Rank(rank)] - int(value)) * n
    return made, points


# The ranks a canasta of natural cards is made of: neither wild cards nor threes.
NATURAL_RANKS = frozenset(r for r in Rank if r not in (Rank.TWO, Rank.JOKER, Rank.THREE))
WILD = frozenset((Rank.TWO, Rank.JOKER))


def _by_value(counted: Mapping[str, Any] | None, values: Mapping[Rank, int]) -> list[Counted]:
    """Cards counted by value ({"20": 3}) as the ranks worth that much, and how many."""
    return [(worth(values, int(v)), int(n)) for v, n in (counted or {}).items() if int(n) > 0]


def _implied_cards(variant: Variant, data: Mapping[str, Any], by_kind: int) -> list[Counted]:
    """The cards a quick side's counts imply, as groups of the ranks they may be
    (:mod:`referee.rules.deck`): its canastas by what they are made of, its wild cards in
    them, its cards counted by value, melded and in hand; and, for its canastas counted by
    kind alone (their cards counted with the others), seven cards each at least."""
    points = dict(variant.card_points)
    naturals = {r: p for r, p in points.items() if r in NATURAL_RANKS}
    wild = wild_by_value(data)
    cards = _by_value(data.get("meld_cards"), points)
    cards += _by_value(data.get("hand_cards"), hand_costs(variant))
    cards += [(frozenset((Rank(r),)), n) for by in wild.values() for r, n in by.items()]
    for value, n in (data.get("natural_canastas") or {}).items():
        cards.append((worth(naturals, int(value)), CANASTA_CARDS * int(n)))
    for value, n in (data.get("mixed_canastas") or {}).items():  # its naturals, at least
        stand_in = sum(wild.get(str(value), {}).values())
        cards.append((worth(naturals, int(value)), max(CANASTA_CARDS * int(n) - stand_in, 0)))
    melded = sum(n for _, n in _by_value(data.get("meld_cards"), points))
    if CANASTA_CARDS * by_kind > melded:  # at least seven cards each, counted or not
        cards.append((frozenset(Rank), CANASTA_CARDS * by_kind - melded))
    return cards


def _concealed(data: Mapping[str, Any]) -> dict[CanastaKind, int]:
    return {
        CanastaKind(kind): int(n)
        for kind, n in (data.get("concealed_canastas") or {}).items()
        if int(n)
    }


def _quick_side(
    variant: Variant, data: Mapping[str, Any], index: int, name: str, score: int
) -> QuickSide:
    counts: Counter[CanastaKind] = Counter(
        {CanastaKind(kind): int(n) for kind, n in (data.get("canastas") or {}).items() if n}
    )
    by_kind = sum(counts.values())
    made, points = _canastas_by_cards(variant, data, index)
    counts.update(made)
    return QuickSide(
        name=name,
        canastas={kind: n for kind, n in counts.items() if n},
        red_threes=int(data.get("red_threes") or 0),
        went_out=bool(data.get("went_out")),
        concealed=bool(data.get("concealed")),
        meld_points=int(data.get("meld_points") or 0) + _counted(data.get("meld_cards")) + points,
        hand_points=int(data.get("hand_points") or 0) + _counted(data.get("hand_cards")),
        undeclared_red_threes=int(data.get("undeclared_red_threes") or 0),
        acabar=bool(data.get("acabar")),
        exact_cut=bool(data.get("exact_cut")),
        first_pickup=bool(data.get("first_pickup")),
        escalas=int(data.get("escalas") or 0),
        escalas_real=int(data.get("escalas_real") or 0),
        black_threes=int(data.get("black_threes") or 0),
        held_sets=int(data.get("held_sets") or 0),
        unfinished={
            CanastaKind(kind): int(n) for kind, n in (data.get("unfinished") or {}).items() if n
        },
        score=score,
        concealed_canastas=_concealed(data),
        black_threes_out=int(data.get("black_threes_out") or 0),
        cards=tuple(_implied_cards(variant, data, by_kind)),
        special_hand=data.get("special_hand") or None,
        penalties=int(data.get("penalties") or 0),
    )


def score_entry(
    variant: Variant,
    players: int,
    names: Sequence[str],
    entry: Mapping[str, Any],
    scores: Sequence[int] | None = None,
    hand_number: int | None = None,
) -> HandResult:
    """Score a stored or typed entry; ``scores`` are the sides' match totals before the hand
    and ``hand_number`` its number in the match (both for the opening minimum).

    :raises EntryError: for badly written cards (rule problems are in the result instead).
    """
    sides = entry["sides"]
    before = list(scores or [0] * len(sides))
    if entry.get("mode") == "quick":
        quick = tuple(
            _quick_side(variant, side, i, names[i], before[i]) for i, side in enumerate(sides)
        )
        return score_quick_hand(variant, players, quick, hand_number)
    hand = Hand(
        players,
        tuple(_detailed_side(side, i, names[i], before[i]) for i, side in enumerate(sides)),
        hand_number,
    )
    return core_score_hand(variant, hand)
