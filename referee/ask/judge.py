"""A ruling for the situation a question tells: the same rules core the referee's forms and
``referee check`` call (:mod:`referee.rules.rulings`, :func:`~referee.rules.check_opening`),
fed with what :mod:`.situation` read.  Never a sentence matched to the question's words.

A ruling is given only where the question says what the core needs: a meld's cards, an
opening's melds and the side's score (or the match's totals), the pile's top card.  Where
it does not, there is no ruling and the rules found answer alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from copy import copy
from itertools import combinations_with_replacement, permutations
from typing import NamedTuple

from ..rules import Card, Meld, Rank, Suit, Variant, check_opening, format_cards
from ..rules.hand import going_out_points, hand_costs
from ..rules.melds import MeldShape, classify
from ..rules.moment_rulings import check_card_added
from ..rules.opening import check_opening_points
from ..rules.problems import N_, Text
from ..rules.rulings import Ruling as PickupRuling
from ..rules.rulings import check_going_out, check_meld, check_pickup, check_wild_card
from ..rules.variant import CanastaKind, OpeningStep
from .situation import (
    Situation,
    asks_open,
    asks_rule,
    earlier_questions,
    figures_claimed,
    question_sentence,
    read_situation,
)
from .words import fold

__all__ = ["PLAY", "Ruling", "Table", "rule_on"]

PLAY = N_("That is a matter of play, not a rule.")
VALUES_RULE = "deck.values"


class Table(NamedTuple):
    """What a match knows of its table: each side's name and match total, and its players."""

    totals: tuple[tuple[str, int], ...]
    players: int
    hand_number: int | None = None


class Ruling(NamedTuple):
    """The answer to a situation: ``verdict`` yes (True), no (False) or neither (None, a
    figure's answer or a matter of play), the ``figure`` asked for, the sentence, the rule
    keys that decide it, and the referee form that asks the same (its name and fields)."""

    verdict: bool | None
    figure: int | None
    text: Text
    rules: tuple[str, ...]
    form: tuple[str, dict[str, str]] | None = None
    play: bool = False
    lead: bool = False  # its rules lead the answers: a No's broken rule, a figure's rule
    # given only where the search finds rules too: the play rules' words ("closed", "hold",
    # "add") are everyday words, and a question off the game keeps its silence
    searched: bool = False
    # its verdict says whether a thing must be done ("do you have to discard to go out?"): a
    # claim that doing otherwise is not allowed is right where it is Yes (ask._the_claims)
    must: bool = False
    # its verdict says whether the figure the question claims is the one ("it's 300, right?")
    figure_claimed: bool = False


def _joined(parts: Sequence[Text]) -> Text:
    if len(parts) == 1:
        return parts[0]
    template = " ".join(f"%(p{i})s" for i in range(len(parts)))
    return Text(template, {f"p{i}": part for i, part in enumerate(parts)})


def _sides(situation: Situation, table: Table | None) -> list[tuple[str | None, int]]:
    """The scores to rule at: the question's own, else each side's total in the match."""
    if situation.score is not None:
        return [(None, situation.score)]
    if table is not None:
        return [(name, total) for name, total in table.totals]
    return []


def _for_side(name: str | None, score: int, text: Text) -> Text:
    if name is None:
        return text
    return Text(
        N_("%(side)s (%(score)s): %(ruling)s"), {"side": name, "score": score, "ruling": text}
    )


def _listed(melds: list[Meld]) -> list[Meld]:
    """An opening's melds, a group of two ranks or more written as one ("is K K K A A A
    enough to open?") parted where the rank changes, when each part holds three natural
    cards or more: melds listed, as an opening lays several (the lead's probes of
    2026-11-28); "can I meld K K K A A A?" alone stays one meld, refused."""
    out: list[Meld] = []
    for meld in melds:
        parts: list[list[Card]] = []
        for card in meld.cards:
            if parts and (not card.is_natural or card.rank == parts[-1][0].rank):
                parts[-1].append(card)
            elif card.is_natural:
                parts.append([card])
            else:
                parts = []
                break
        ranks = [part[0].rank for part in parts]
        if (
            len(parts) > 1
            and len(set(ranks)) == len(ranks)
            and all(sum(c.is_natural for c in part) >= 3 for part in parts)
        ):
            out += [Meld(tuple(part)) for part in parts]
        else:
            out.append(meld)
    return out


def _opening(variant: Variant, s: Situation, table: Table | None) -> Ruling | None:
    melds = _listed(s.melds)
    sides = _sides(s, table)
    players = table.players if table else None
    hand = table.hand_number if table else None
    if not melds and len(s.points) == 1 and sides and "minimum" not in s.moments:
        return _opening_points(variant, s.points[0], sides, hand)
    if not melds:
        if not sides or "minimum" not in s.moments:
            return None
        if s.tried and variant.failed_opening_step:
            return None  # failed attempts raise this game's minimum: how many, not read
        minimums = [
            (name, score, variant.opening_minimum(score, hand_number=hand)) for name, score in sides
        ]
        texts = [
            _for_side(name, score, _minimum_text(score, minimum, s.claimed))
            for name, score, minimum in minimums
        ]
        figures = {minimum for _n, _s, minimum in minimums}
        # a minimum claimed ("we need 120 to open, is that right?"): Yes where it is the one
        verdicts = {minimum == s.claimed for _n, _s, minimum in minimums}
        return Ruling(
            verdicts.pop() if s.claimed is not None and len(verdicts) == 1 else None,
            figures.pop() if len(figures) == 1 else None,
            _joined(texts),
            ("opening.minimum",),
            ("opening", {"score": str(sides[0][1])}),
            lead=True,
        )
    if not sides:  # the melds' points, the minimum depends on a score nobody named
        ruling = check_opening(variant, 0, list(melds), players=players, hand_number=hand)
        if ruling.rule != "opening.minimum" or not ruling.points:
            return None
        return Ruling(
            None,
            ruling.points,
            Text(
                N_(
                    "These melds count %(points)s points; the minimum they must reach depends "
                    "on your side's match total."
                ),
                {"points": ruling.points},
            ),
            ("opening.minimum",),
            ("opening", {"melds": "\n".join(format_cards(m.cards) for m in melds)}),
        )
    rulings = [
        (name, score, check_opening(variant, score, list(melds), players=players, hand_number=hand))
        for name, score in sides
    ]
    verdicts = {r.allowed for _n, _s, r in rulings}
    texts = [_for_side(name, score, r.text or Text(r.reason)) for name, score, r in rulings]
    rules = tuple(dict.fromkeys(r.rule for _n, _s, r in rulings))
    verdict = verdicts.pop() if len(verdicts) == 1 else None
    figure = rulings[0][2].points
    minimums = {r.minimum for _n, _s, r in rulings}
    if "minimum" in s.moments and len(minimums) == 1:  # "how much do we need": the minimum
        figure = minimums.pop()
    return Ruling(
        verdict,
        figure,
        _joined(texts),
        rules,
        (
            "opening",
            {"score": str(sides[0][1]), "melds": "\n".join(format_cards(m.cards) for m in melds)},
        ),
        # the minimum decides a Yes as a No: its rule leads (a Yes found for "A A A, K K K jk
        # ... did she have enough or did we get a penalty?" led by the penalty's rule before:
        # seen in the third American posts' dev half, issue 44)
        lead=verdict is False or rules == ("opening.minimum",),
    )


def _minimum_text(score: int, minimum: int, claimed: int | None) -> Text:
    """The first meld's minimum at ``score``; where a post claims one, whether it is it."""
    values = {"score": score, "minimum": minimum, "claimed": claimed}
    if claimed is None:
        template = N_(
            "With a match total of %(score)s, a side's first meld needs at least %(minimum)s "
            "points."
        )
    elif claimed == minimum:
        template = N_(
            "Yes: with a match total of %(score)s, a side's first meld needs at least "
            "%(minimum)s points."
        )
    else:
        template = N_(
            "No: with a match total of %(score)s, a side's first meld needs at least "
            "%(minimum)s points, not %(claimed)s."
        )
    return Text(template, values)


def _opening_points(
    variant: Variant, points: int, sides: list[tuple[str | None, int]], hand: int | None
) -> Ruling:
    """A first meld told by its points alone ("went down with exactly 160 points") at each
    score: the count ``check_opening`` ends with (``check_opening_points``)."""
    rulings = [
        (name, score, check_opening_points(variant, score, points, hand_number=hand))
        for name, score in sides
    ]
    verdicts = {r.allowed for _n, _s, r in rulings}
    verdict = verdicts.pop() if len(verdicts) == 1 else None
    return Ruling(
        verdict,
        None,
        _joined([_for_side(name, score, r.text or Text(r.reason)) for name, score, r in rulings]),
        ("opening.minimum",),
        ("opening", {"score": str(sides[0][1])}),
        lead=verdict is False,
    )


def _elsewhere(top: Card) -> Meld:
    """A meld standing for "the side has melded", of another rank than the pile's top (so
    that it lends the top card nothing to be added to)."""
    rank = Rank.KING if top.rank is Rank.ACE else Rank.ACE
    card = Card(rank)
    return Meld((card, card, card))


def _pickup(variant: Variant, s: Situation, table: Table | None = None) -> Ruling | None:
    top = s.top
    if top is None:
        return None
    # the cards told besides the top: in melds, or alone ("I hold a 9 and a joker"); not a
    # meld told on the table, where other cards are told ("I had ONE 9 in my hand, but we
    # already had 9 9 9 jkr on the table": seen in the thirteenth American posts' dev half)
    held = [g for g in s.groups if g not in s.on_table]
    tabled = [Meld(g) for g in s.on_table] if held or s.singles or s.none_held else []
    if not tabled:
        held = list(s.groups)
    hand = tuple(card for group in held for card in group) + tuple(s.singles)
    unconditional = top.is_wild or top.is_black_three or top.is_red_three
    # whether the side has opened decides an unfrozen pile: what the question says of it
    opened = True if s.frozen or tabled else s.opened
    if opened is None and "opening" in s.moments and "pickup" in (s.asked or s.moments):
        opened = False  # "can I take the pile to go down with K K?": the pile taken to open
    if not unconditional and hand and opened is None and not _melds_take(variant):
        opened = _opened_or_not(variant, top, hand)
    going_out = "go_out" in s.moments
    if not unconditional and not hand and not (tabled and s.none_held):
        return None
    if not unconditional and opened is False:
        return _unopened_pickup(variant, s, table, top, hand, going_out)
    either = not unconditional and opened is None  # whether the side melded: not told
    ruling = check_pickup(
        variant,
        top=top,
        frozen=s.frozen,
        stopped=False,
        hand=hand,
        melds=tabled or ([_elsewhere(top)] if opened or either else []),
        going_out=going_out,
    )
    if either:
        return _pickup_either(variant, s, table, (top, hand), ruling, going_out)
    untold = not tabled and _melds_take(variant)
    if not unconditional and not s.frozen and not ruling.allowed and untold:
        return None  # a meld of the top card's rank, which the question does not tell, may take it
    fields = {"top": top.symbol(), "hand": format_cards(hand)}
    if s.frozen:
        fields["frozen"] = "y"
    if tabled:
        fields["melds"] = "\n".join(format_cards(m.cards) for m in tabled)
    elif opened:  # the meld that stands for "we have melded" (ruled so on a frozen pile too)
        fields["melds"] = format_cards(_elsewhere(top).cards)
    return Ruling(
        ruling.allowed,
        None,
        ruling.text,
        (ruling.rule,),
        ("pickup", fields),
        lead=True,  # one rule decides the pile, a Yes as a No
    )


def _pickup_either(
    variant: Variant,
    s: Situation,
    table: Table | None,
    cards: tuple[Card, tuple[Card, ...]],
    melded: PickupRuling,
    going_out: bool,
) -> Ruling | None:
    """May the pile be taken, where the post does not say whether the side has melded ("Can
    I take the pile with two 9s, top card is a 9?": nothing before, the lead's probes of
    2026-11-28 night): the Yes once the side has melded, and what holds before its first
    meld (at its total, or at every score's minimum); no verdict unless both agree.  None
    where even a side that has melded may not take it from these cards (a meld of the top's
    rank, untold, might).  ``cards``: the top card and the hand; ``melded``: the core's
    ruling for a side that has melded."""
    top, hand = cards
    if not melded.allowed:
        return None
    before = _unopened_pickup(variant, s, table, top, hand, going_out)
    fields = {"top": top.symbol(), "hand": format_cards(hand), "melds": format_cards(
        _elsewhere(top).cards
    )}  # fmt: skip
    if before is not None and before.verdict is True:
        return Ruling(True, None, melded.text, (melded.rule,), ("pickup", fields))
    said = (
        before.text
        if before is not None and before.verdict is False
        else Text(
            N_(
                "that depends on its match total: the top card and the cards from the hand "
                "must make its first meld's minimum."
            )
        )
    )
    rules = tuple(dict.fromkeys((melded.rule, *(before.rules if before else ("pile.unopened",)))))
    return Ruling(
        None,
        None,
        Text(
            N_("Once your side has melded: %(melded)s Before its first meld: %(before)s"),
            {"melded": melded.text, "before": said},
        ),
        tuple(key for key in rules if key in variant.rules),
        ("pickup", fields),
    )


def _opened_or_not(variant: Variant, top: Card, hand: tuple[Card, ...]) -> bool | None:
    """Where the question does not say whether the side has melded: True (rule as melded)
    when the pile is refused either way for want of natural cards from the hand, as it is
    where only the hand takes it ("picked up with one queen and a joker"); else None."""
    melded = check_pickup(
        variant, top=top, frozen=False, stopped=False, hand=hand, melds=[_elsewhere(top)]
    )
    if melded.allowed:
        return None
    unopened = check_pickup(variant, top=top, frozen=False, stopped=False, hand=hand, melds=[])
    return True if not unopened.allowed and unopened.rule == "pile.unopened" else None


def _melds_take(variant: Variant) -> bool:
    """Whether a side's meld on the table may take the pile with the top card (where the
    pile is taken only with cards from the hand, as in the American game, a No for want of
    them holds whatever the side has melded)."""
    return variant.pickup_by_adding or variant.pickup_onto_sequence


def _unopened_pickup(
    variant: Variant,
    s: Situation,
    table: Table | None,
    top: Card,
    hand: tuple[Card, ...],
    going_out: bool,
) -> Ruling | None:
    """May a side that has not melded take the pile: at the question's score, else at each
    side's total in the match."""
    hand_number = table.hand_number if table else None

    def at(score: int, hand_number: int | None = None) -> PickupRuling:
        return check_pickup(
            variant,
            top=top,
            frozen=False,
            stopped=False,
            hand=hand,
            melds=[],
            score=score,
            going_out=going_out,
            hand_number=hand_number,
        )

    sides = _sides(s, table)
    if not sides:  # no score told: a No that holds at every score's minimum, or none
        # every step of the table, and a score below zero (its own minimum in some games)
        steps = (*variant.opening_table, OpeningStep(-5, variant.opening_minimum(-5)))
        allowed = {at(step.from_score).allowed for step in steps}
        if len(allowed) > 1:
            return None
        # ... said at the lowest minimum ("Can I take the pile to go down with K K and a K on
        # top?": 20 points fall short of 125, and of every minimum above it: the lead's probes
        # of 2026-11-28 night; before, only a No for want of natural cards was given), a Yes
        # at the highest
        pick = max if allowed == {True} else min
        sides = [(None, pick(steps, key=lambda step: step.minimum).from_score)]
    rulings = [(name, score, at(score, hand_number)) for name, score in sides]
    verdicts = {r.allowed for _n, _s, r in rulings}
    verdict = verdicts.pop() if len(verdicts) == 1 else None
    fields = {"top": top.symbol(), "hand": format_cards(hand), "score": str(sides[0][1])}
    return Ruling(
        verdict,
        None,
        _joined([_for_side(name, score, r.text or Text(r.reason)) for name, score, r in rulings]),
        tuple(dict.fromkeys(r.rule for _n, _s, r in rulings)),
        ("pickup", fields),
        lead=verdict is not None,
    )


def _going_out(variant: Variant, s: Situation, table: Table | None) -> Ruling | None:
    melds = [Meld(cards) for cards in s.written if len(cards) >= 3]
    players = table.players if table else variant.default_players
    # "what do we get for ...", "what should the bonus number be?"
    figure = any(_asks(s, m) for m in ("gets", "value", "cost")) or bonus_figure_asked(s)
    if not melds and s.canastas is not None and _asks(s, "go_out") and not figure:
        return _going_out_with(variant, s, players)
    if not melds and s.canastas_claimed is not None and _asks(s, "go_out") and not figure:
        return _canastas_needed(variant, s.canastas_claimed, players)
    if not melds and "no_canasta" in s.moments and not s.groups:
        # "may we go out without a canasta": a side's melds, none of them a canasta
        ruling = check_going_out(
            variant, players=players, melds=[_elsewhere(Card(Rank.ACE))], hand=()
        )
        if ruling.allowed or ruling.rule != "going-out.canastas":
            return None
        return Ruling(False, None, ruling.text, (ruling.rule,), ("go_out", {}), lead=True)
    if not melds:
        return None
    # the canastas the post tells beside the melds it writes ("I went out with 7 7 7 and we
    # had two canastas already"), each of a rank of its own
    told = [Meld((Card(rank),) * 7) for rank in _CANASTA_RANKS[: min(s.canastas or 0, 6)]]
    told = [m for m in told if all(m.cards[0].rank != w.cards[0].rank for w in melds)]
    ruling = check_going_out(variant, players=players, melds=melds + told, hand=())
    if ruling.rule == "going-out.discard":
        return None  # the cards left in hand decide, and the question does not say
    if (
        not ruling.allowed
        and ruling.rule == "going-out.canastas"
        and _melds_in_story(s)
        and "no_canasta" not in s.moments
    ):
        # melds named in a story ("she laid down K K K and went out. Is that legal?"), no
        # word of the side's canastas: the canastas it may have decide, and the post does not
        # say (the lead's probes, 2026-11-28 night: "has 0" said of canastas never told);
        # "can we go out with Q Q Q and J J J?" asks of those melds as the side's
        return None
    fields = {"melds": "\n".join(format_cards(m.cards) for m in melds)}
    return Ruling(
        ruling.allowed,
        None,
        ruling.text,
        (ruling.rule,),
        ("go_out", fields),
        lead=not ruling.allowed,
    )


def _melds_in_story(s: Situation) -> bool:
    """Whether the post writes melds in its story, not in the sentence it asks, and tells
    nothing of the side's canastas: what it melded then, not all the side has."""
    if not s.written or s.canastas is not None or s.post is None:
        return False
    text, lang = s.post
    return not read_situation(question_sentence(text, lang), lang, focus=False).written


_CANASTA_RANKS = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT)


def _going_out_with(variant: Variant, s: Situation, players: int) -> Ruling | None:
    """May a side go out with the canastas it is told to have ("with a clean canasta and a
    dirty one", "with only one canasta", "a clean canasta of 7s and a dirty one of kings"): as
    the going-out form rules those canastas and a card left to discard.  Each canasta is of
    the kind told, of the rank told where the post names one rank a canasta (each its own);
    where a kind or which rank is which is not told, every way the canastas may be is ruled,
    and only a ruling they all share is given (a Spanish side's "two canastas" may or may not
    be a clean and a dirty one).  A Yes never where ranks are named that are not the
    canastas', nor the same rank asked; nor where the post tells of cards left in hand at the
    hand's end ("my partner went out with a canasta, but I still had six cards"): what they
    count is asked, not whether the side may go out."""
    count = min(s.canastas or 0, len(_CANASTA_RANKS))
    ways = _canasta_ways(variant, s, count)
    if not ways:
        return None
    rulings = [
        # a card left to discard, as going out needs (a five: no three, no wild card)
        check_going_out(
            variant, players=players, melds=melds, hand=(Card(Rank.FIVE),), hand_told=False
        )
        for melds in ways
    ]
    if len({r.allowed for r in rulings}) != 1:
        return None  # the kinds or ranks not told decide
    ruling, melds = rulings[0], ways[0]
    ranks = _ranks_told(s)
    unplaced = ranks and len(ranks) != count and _unfinished_rank(s, count) is None
    # a three or a wild card named is a card held, and the discard going out needs may not be
    # a three ("... and I hold a black 3. Can I go out?")
    held = {Rank.THREE, Rank.TWO, Rank.JOKER} & {
        *s.ranks_named,
        *(c.rank for g in s.groups for c in g),
    }
    if ruling.allowed and (unplaced or held or {"same_rank", "in_hand"} & s.moments):
        return None
    return Ruling(
        ruling.allowed,
        None,
        ruling.text,
        (ruling.rule,),
        ("go_out", {"melds": "\n".join(format_cards(m.cards) for m in melds)}),
        lead=not ruling.allowed,
    )


def _fewest_canastas(variant: Variant, players: int) -> int | None:
    """The canastas a side needs to go out: the fewest with which some canastas of theirs pass
    the going-out form's ruling (one card left to discard); None where the book has no such
    rule."""
    if "going-out.canastas" not in variant.rules:
        return None
    return next(
        (
            n
            for n in range(1, len(_CANASTA_RANKS) + 1)
            if any(
                check_going_out(
                    variant, players=players, melds=way, hand=(Card(Rank.FIVE),), hand_told=False
                ).allowed
                for way in _canasta_ways(variant, Situation(), n)
            )
        ),
        None,
    )


def _canastas_to_go_out(variant: Variant, players: int) -> Ruling | None:
    """How many canastas a side needs to go out, asked ("how many canastas do you need to go
    out?": seen in the eleventh American posts' dev half, issue 44): the figure."""
    needed = _fewest_canastas(variant, players)
    if needed is None:
        return None
    text = Text(N_("A side needs %(needed)s canastas to go out."), {"needed": needed})
    if needed == 1:
        text = Text(N_("A side needs one canasta to go out."), {"needed": needed})
    return Ruling(None, needed, text, ("going-out.canastas",), lead=True)


def _canastas_needed(variant: Variant, claimed: int, players: int) -> Ruling | None:
    """Is ``claimed`` the number of canastas a side needs to go out ("you need two canastas
    to go out, right?"): the fewest (:func:`_fewest_canastas`), compared with the claim."""
    needed = _fewest_canastas(variant, players)
    if needed is None:
        return None
    values = {"needed": needed, "claimed": claimed}
    if needed == claimed:
        text = Text(N_("Yes: a side needs %(needed)s canastas to go out."), values)
        if needed == 1:
            text = Text(N_("Yes: a side needs a canasta to go out."), values)
    else:
        text = Text(N_("No: a side needs %(needed)s canastas to go out, not %(claimed)s."), values)
        if needed == 1:
            text = Text(N_("No: a side needs one canasta to go out, not %(claimed)s."), values)
    return Ruling(needed == claimed, None, text, ("going-out.canastas",), lead=True)


def _ranks_told(s: Situation) -> list[Rank]:
    """The natural ranks a post names that a canasta may be of (no three, no wild card):
    named alone ("of kings") or as one card ("of 7s"); a digit alone may be a count ("2 clean
    canastas"): none."""
    told = [*s.ranks_named, *(g[0].rank for g in s.groups if len(g) == 1)]
    found: list[Rank] = []
    for rank in told:
        if rank not in (Rank.THREE, Rank.TWO, Rank.JOKER) and rank not in found:
            found.append(rank)
    return found


# the ways a canasta of a kind not told may be, beside natural and mixed ones
_MAX_WAYS = 120


def _canasta_ways(variant: Variant, s: Situation, count: int) -> list[list[Meld]]:
    """Every set of ``count`` canastas the post's words allow: the kinds it tells (natural,
    mixed), the others each natural, mixed, of wild cards (where the game melds them) or a
    run (where it has runs); of the ranks it names where they are as many as the canastas, in
    every order, else each of a rank of its own.  Empty where there are too many ways."""
    kinds = s.kinds or {}
    natural, mixed = kinds.get("natural_canasta", 0), kinds.get("mixed_canasta", 0)
    if natural + mixed > count:
        natural = mixed = 0  # the kinds told do not add up: none of them is trusted
    # the kinds this game's canastas come in (a run of seven is none in some games)
    choices = [
        kind
        for kind in ("natural", "mixed", "wild", "run")
        if classify(variant, _canasta(kind, Rank.KING)).canasta
    ]
    unknown = count - natural - mixed
    kind_sets = [
        ["natural"] * natural + ["mixed"] * mixed + list(rest)
        for rest in combinations_with_replacement(choices, unknown)
    ]
    ranks = _ranks_told(s)
    # melds told in words beside the canastas ("but she still had a meld of three 7s on the
    # table": the fourth American posts' dev half) are the side's too, and go out with them;
    # seven cards or more are a canasta told, counted already
    beside = [Meld(g) for g in s.groups if 3 <= len(g) < 7]
    open_rank = _unfinished_rank(s, count)
    if open_rank is not None:  # its rank is the open meld's, none of the canastas'
        ranks = []
        if all(m.cards[0].rank != open_rank for m in beside):
            beside.append(Meld((Card(open_rank),) * 3))  # the fewest cards a meld has
    taken = {m.cards[0].rank for m in beside}
    free = tuple(rank for rank in _CANASTA_RANKS if rank not in taken)
    told = bool(ranks) and len(ranks) == count
    if not told and count > len(free):
        return []  # more canastas than ranks left to give them: no way the words allow
    orders = list(permutations(ranks)) if told else [free[:count]]
    ways = []
    for kind_set in kind_sets:
        for order in orders:
            # each kind set in every order of the ranks: which canasta is of which rank
            for placed in set(permutations(kind_set)) if len(orders) > 1 else [tuple(kind_set)]:
                canastas = [_canasta(kind, rank) for kind, rank in zip(placed, order, strict=True)]
                if (
                    told
                    and not natural + mixed
                    and not all(
                        _of_rank(variant, c, k) for c, k in zip(canastas, placed, strict=True)
                    )
                ):
                    # "a canasta of 7s", its kind not told: of sevens, so neither of wild
                    # cards nor a run, and only as the game melds one of that rank (no mixed
                    # sevens at the American table: the lead's probes, 2026-11-29); a kind
                    # told ("a dirty canasta of 7s") is never read as another
                    continue
                ways.append(canastas + beside)
                if len(ways) > _MAX_WAYS:
                    return []
    return ways


def _unfinished_rank(s: Situation, count: int) -> Rank | None:
    """The rank of the one meld a post tells unfinished beside its canastas ("we have 2
    canastas but still an unfinished meld of aces"): the one rank it names, where it tells
    two canastas or more and the word of a meld not finished (the lead's probes,
    2026-11-29: the American game's sevens and aces keep a side from going out)."""
    ranks = _ranks_told(s)
    if "unfinished" not in s.moments or len(ranks) != 1 or count < 2:
        return None
    return ranks[0]


def _of_rank(variant: Variant, canasta: Meld, kind: str) -> bool:
    """Whether ``canasta``, of the ``kind`` a told rank was given, is a canasta of that rank
    that ``variant``'s game lets a side meld (as the meld form rules it)."""
    return (
        kind in ("natural", "mixed")
        and bool(classify(variant, canasta).canasta)
        and check_meld(variant, canasta).allowed
    )


_RUN = (Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN)


def _canasta(kind: str, rank: Rank) -> Meld:
    """A canasta of seven cards of ``kind``: natural or mixed (one two) of ``rank``, of wild
    cards, or a run of hearts."""
    if kind == "natural":
        return Meld((Card(rank),) * 7)
    if kind == "mixed":
        return Meld((Card(rank),) * 6 + (Card(Rank.TWO),))
    if kind == "wild":
        return Meld((Card(Rank.TWO),) * 7)
    return Meld(tuple(Card(r, Suit.HEARTS) for r in _RUN))


# the words a question opens with that ask what or how, not whether ("what is going out
# concealed?": no yes or no answers it), in the six languages
_WHAT = frozenset(
    "what how why which co jak proc jaky jake was wie warum welche que como por cual wat hoe "
    "waarom welke czym dlaczego jaki".split()
)


def _asks_what(s: Situation) -> bool:
    """Whether the sentence asked opens with a word asking what or how, not whether."""
    words = fold(s.sentence).replace("¿", " ").split()
    first = words[0].strip(",.:;!?\"'") if words else ""
    return first in _WHAT or first in _WHAT_IS


# ... with its "is" written together ("What's the going out bonus?", "whats")
_WHAT_IS = frozenset({"what's", "whats", "how's", "hows", "what’s", "how’s"})


def _going_out_valued(s: Situation) -> bool:
    """Whether going out's worth is asked ("how much is going out worth?", "how much is the
    going out bonus?", "What's the going out bonus in American canasta?": the bonus named in
    a sentence asking what, seen in the twelfth American posts' dev half, issue 44)."""
    asked = s.focus or s
    named = "bonus_named" in asked.moments and _asks_what(s)
    return (_asks(s, "value") or named) and "go_out" in (s.asked or s.moments)


def _going_out_bonus(variant: Variant, s: Situation) -> Ruling | None:
    """What going out scores, asked with no melds told ("what do you get for going out?"):
    the bonus `referee score` adds (``going_out_points``), concealed where the post says so."""
    asked = s.focus or s  # "We went out with 2 naturals. What do you get for going out?"
    if asked.groups or asked.singles or asked.top is not None:
        return None
    if "going-out.bonus" not in variant.rules:
        return None
    concealed = "concealed" in s.moments
    if concealed and variant.concealed_going_out_bonus is None:
        return None  # the book has no going out concealed: its rule says so
    points = going_out_points(variant, went_out=True, concealed=concealed)
    text = (
        N_("Going out concealed scores %(points)s for the side.")
        if concealed
        else N_("Going out scores %(points)s for the side.")
    )
    key = "going-out.concealed" if concealed else "going-out.bonus"
    return Ruling(None, points, Text(text, {"points": points}), (key,), lead=True)


def _target(variant: Variant, s: Situation) -> Ruling | None:
    """The score a game is played to, as the match's ledger ends it (``target_score``)."""
    asked = s.focus or s
    if asked.groups or asked.singles or asked.top is not None:
        return None
    if "scoring.game-end" not in variant.rules or variant.rounds:  # a game of so many hands
        return None
    points = variant.target_score
    return Ruling(
        None,
        points,
        Text(N_("A game is won by the first side to reach %(points)s."), {"points": points}),
        ("scoring.game-end",),
        lead=True,
    )


def _canasta_value(variant: Variant, s: Situation) -> Ruling | None:
    """What a natural or a mixed canasta scores (its bonus, the variant's), asked with no
    cards told."""
    kinds = [k for k in ("natural_canasta", "mixed_canasta") if k in s.moments]
    if not kinds or s.groups or s.singles or s.ranks_named:
        return None
    if "canasta.kinds" not in variant.rules:
        return None
    said: list[Text] = []
    figures: set[int] = set()
    for name in kinds:  # "a natural canasta vs a dirty one": both, each its own figure
        kind = CanastaKind.NATURAL if name == "natural_canasta" else CanastaKind.MIXED
        points = variant.canasta_bonus.get(kind)
        if points is None:
            return None
        text = (
            N_("A natural canasta scores %(points)s, besides its cards' values.")
            if kind is CanastaKind.NATURAL
            else N_("A mixed canasta scores %(points)s, besides its cards' values.")
        )
        said.append(Text(text, {"points": points}))
        figures.add(points)
    figure = figures.pop() if len(figures) == 1 else None
    form = None
    if len(kinds) == 1:  # the meld form asks the same of seven kings, or five and two twos
        king, two = Card(Rank.KING), Card(Rank.TWO)
        cards = (king,) * 7 if kind is CanastaKind.NATURAL else (king,) * 5 + (two,) * 2
        example = Meld(cards)
        if check_meld(variant, example).allowed and classify(variant, example).canasta is kind:
            form = ("meld", {"cards": format_cards(cards)})
    # both kinds asked, their figures differing: no one figure leads (as _either_kind)
    return Ruling(
        None,
        figure,
        _joined(said),
        ("canasta.kinds",),
        form,
        lead=figure is not None,
        searched=figure is None,
    )


def _left_in_hand(variant: Variant, s: Situation) -> Ruling | None:
    """What the cards told as left in hand at the hand's end count against their side; black
    threes named with no count ("caught with black threes in your hand"): what each counts."""
    cards = [card for group in s.groups for card in group] + list(s.singles)
    if not cards and set(s.ranks_named) == {Rank.THREE} and s.black_three and not s.red_three:
        return _black_three_left(variant, s)
    if s.hand_listed is not None:
        cards = s.hand_listed  # "caught with: joker, 2, ace, ace, K, 8, 5 and a black 3"
    # a rank named alone that the cards told hold is one of them again ("... a joker, two kings
    # and a black three ... partner said joker is 50": the eighth American posts' dev half)
    others = set(s.ranks_named) - {card.rank for card in cards}
    if not cards or others or s.red_three or "hand.points" not in variant.rules:
        return None
    if s.ranks_named and any(
        sum(card.rank is rank for card in cards) >= 3 for rank in variant.held_ranks
    ):
        return None  # "stuck holding 3 aces ... 1500, another says 20 each": the held penalty's
    threes = any(card.rank is Rank.THREE for card in cards)
    if threes and (not s.black_three or {"last_card", "stock_out"} & s.moments):
        # a three's cost depends on its colour (a black three told as such: its penalty in
        # hand, the lead's probes of 2026-11-28 night), and on whether it was the last card
        # drawn where a game charges that one less
        return None
    costs = hand_costs(variant)
    points = sum(costs[card.rank] for card in cards)
    rules = ("hand.points",)
    if threes and "hand.black-threes" in variant.rules:
        rules = ("hand.black-threes", "hand.points")
    return Ruling(
        None,
        points,
        Text(
            N_("%(cards)s left in hand count %(points)s points against their side."),
            {"cards": format_cards(cards), "points": points},
        ),
        rules,
        lead=True,
    )


def _black_three_left(variant: Variant, s: Situation) -> Ruling | None:
    """What one black three left in hand at the hand's end counts against its side."""
    if "hand.points" not in variant.rules or {"last_card", "stock_out"} & s.moments:
        return None  # the last card drawn may count otherwise where a game says so
    points = hand_costs(variant)[Rank.THREE]
    rules = (
        ("hand.black-threes", "hand.points")
        if "hand.black-threes" in variant.rules
        else ("hand.points",)
    )
    count = s.of_them
    if count is not None and 2 <= count <= 2 * max(variant.packs.values()):
        # ... their number told after them ("black threes ... stuck with three of them in my
        # hand": the twenty-fourth American posts' dev half): what they count together
        text = Text(
            N_("%(count)s black threes left in hand count %(points)s points against their side."),
            {"count": count, "points": count * points},
        )
        return Ruling(None, count * points, text, rules, lead=True)
    text = Text(
        N_("Each black three left in hand counts %(points)s points against its side."),
        {"points": points},
    )
    return Ruling(None, points, text, rules, lead=True)


def _value(variant: Variant, s: Situation) -> Ruling | None:
    if "in_hand" in s.moments:
        return _left_in_hand(variant, s)
    if "natural_canasta" in s.moments or "mixed_canasta" in s.moments:
        return _canasta_value(variant, s)
    if s.red_three or "not_value" in s.moments:
        return None  # a red three, a canasta, cards left in hand: their own rules say it
    cards = [card for group in s.groups for card in group]
    if not cards and not s.ranks_named and len(s.singles) == 1:
        cards = list(s.singles)  # "how much is a 7 worth"
    if len(cards) == 1 or (not cards and len(set(s.ranks_named)) == 1):
        rank = cards[0].rank if cards else s.ranks_named[0]
        if rank is Rank.THREE and not (s.black_three and _plain_black_three(variant)):
            return None  # a three's worth depends on its colour and where it lies
        points = variant.card_points[rank]
        key = VALUES_RULE if VALUES_RULE in variant.rules else "hand.points"
        name = Text(_CARD_NAMES[rank])
        return Ruling(
            None,
            points,
            Text(N_("%(card)s counts %(points)s points."), {"card": name, "points": points}),
            (key,),
            lead=True,
        )
    if len(s.written) == 1 and len(s.written[0]) >= 3 and "go_out" not in s.moments:
        return _meld(variant, s, figure=True)
    return None


# what a post asking whether a card counts against its side may tell besides: that it is held
_AGAINST_TOLD = frozenset({"against", "in_hand", "holding", "not_value", "counts_toward"})


def _counts_against(variant: Variant, s: Situation) -> Ruling | None:
    """A card of one rank asked whether it counts against its side ("Do black threes count
    against you?", "Do aces count against you?"): Yes, with what it costs left in hand when
    the hand ends (``hand_costs``, as ``referee score`` charges it).  Not a red three, whose
    sign depends on the side's melds, nor where a meld or going out is asked; how much a black
    three counts against: its figure alone (:func:`_black_three_left`)."""
    asked = s.asked if s.asked is not None else s.moments  # a post: its question sentence
    if not s.marked or "against" not in asked or "hand.points" not in variant.rules:
        return None
    if s.moments - _AGAINST_TOLD - {"value", "cost"}:
        return None
    ranks = set(s.ranks_named) | {card.rank for group in s.groups for card in group}
    ranks |= {card.rank for card in s.singles}
    if len(ranks) != 1 or s.red_three or s.top is not None:
        return None
    rank = ranks.pop()
    if rank is Rank.THREE and not s.black_three:
        return None
    if {"value", "cost"} & s.moments:  # how much it counts against: the figure alone
        return _black_three_left(variant, s) if rank is Rank.THREE else None
    points = hand_costs(variant).get(rank, 0)
    if points <= 0:
        return None
    rules = ("hand.points",)
    if rank is Rank.THREE and "hand.black-threes" in variant.rules:
        rules = ("hand.black-threes", "hand.points")
    text = Text(
        N_(
            "Yes. %(card)s left in hand at the hand's end counts %(points)s points against its "
            "side."
        ),
        {"card": Text(_CARD_NAMES[rank]), "points": points},
    )
    return Ruling(True, points, text, rules, lead=True)


def _plain_black_three(variant: Variant) -> bool:
    """Whether a black three is worth its card value wherever it lies (no penalty in hand,
    not laid out as a bonus card)."""
    return variant.black_three_in_hand_penalty is None and not variant.black_threes_laid_out


_CARD_NAMES = {
    Rank.ACE: N_("An ace"),
    Rank.KING: N_("A king"),
    Rank.QUEEN: N_("A queen"),
    Rank.JACK: N_("A jack"),
    Rank.TEN: N_("A ten"),
    Rank.NINE: N_("A nine"),
    Rank.EIGHT: N_("An eight"),
    Rank.SEVEN: N_("A seven"),
    Rank.SIX: N_("A six"),
    Rank.FIVE: N_("A five"),
    Rank.FOUR: N_("A four"),
    Rank.THREE: N_("A black three"),
    Rank.TWO: N_("A two"),
    Rank.JOKER: N_("A joker"),
}


# what makes a rank and its wild cards asked no meld of their own: cards held, a first meld,
# the pile, a card added
_NOT_RANK_WITH_WILDS = frozenset({"opening", "minimum", "in_hand", "holding", "pickup", "add"})


def _rank_with_wilds(s: Situation) -> Meld | None:
    """The plainest meld of the one natural rank a question names with its wild cards, no
    card counted ("Can you meld sevens with a wild?": the twenty-eighth American posts' dev
    half): one natural more than the wild cards, for the meld form to rule on."""
    ranks = {rank for rank in s.ranks_named if not Card(rank).is_wild and rank is not Rank.THREE}
    told = [card for group in s.groups for card in group]  # "a joker": a wild card alone
    if len(ranks) != 1 or not all(c.is_wild for c in told) or s.singles or s.top is not None:
        return None
    if not s.wilds_worded and not told:
        return None
    wilds = tuple(told[:2]) or (Card(Rank.TWO),) * min(s.wilds_worded, 2)
    return Meld((Card(ranks.pop()),) * (len(wilds) + 1) + wilds)


def _meld(
    variant: Variant, s: Situation, *, figure: bool = False, post: Situation | None = None
) -> Ruling | None:
    """The meld form's ruling on the melds ``s`` tells (the sentence asked, or the post);
    ``post``: the whole post, where ``s`` is its sentence (whether the side has opened, told
    in its story)."""
    whole = post or s
    melds = [m for m in s.melds if len(m.cards) >= 3]
    if not melds:
        built = _rank_with_wilds(s)
        if built is None:
            return None
        melds = [built]
    going_out = "go_out" in s.moments
    rulings = [check_meld(variant, meld, going_out=going_out) for meld in melds]
    verdicts = {r.allowed for r in rulings}
    points = sum(r.points or 0 for r in rulings)
    verdict = verdicts.pop() if len(verdicts) == 1 else None
    rules = tuple(dict.fromkeys(r.rule for r in rulings))
    # a legal run is legal by the sequence's rule (the meld form names the group's minimum):
    # that rule leads, as a No's broken rule does
    run = verdict is True and len(melds) == 1 and "meld.sequence" in variant.rules
    run = run and classify(variant, melds[0]).shape is MeldShape.SEQUENCE
    if verdict is True and whole.opened and "opening" not in whole.moments:
        late = _after_opening(variant, melds)
        if late is not None:  # "Can I lay A A A with a joker after we've opened?"
            return late
    return Ruling(
        verdict,
        points if figure and verdict is True else None,  # an illegal meld is worth nothing laid
        _joined([r.text for r in rulings]),
        ("meld.sequence",) if run else rules,
        ("meld", {"cards": format_cards(melds[0].cards)}),
        lead=figure or verdict is False or run,
    )


def _added_to_told(variant: Variant, s: Situation) -> Ruling | None:
    """May the one card told be added to the one meld told, which lies on the table (its
    side has opened): a wild card as the referee's wild-card question rules it
    (``check_wild_card``), a natural card as the meld of its rank takes it
    (``check_card_added``)."""
    if len(s.groups) != 1 or len(s.singles) != 1 or s.ranks_named or s.top is not None:
        return None
    card, meld = s.singles[0], Meld(s.groups[0])
    if card.rank is Rank.THREE or len(meld.cards) < variant.min_meld_cards:
        return None
    if card.is_wild:
        core = check_wild_card(variant, meld=meld, opening=False)
    else:
        core = check_card_added(variant, card=card, melds=[meld])
    cards = format_cards((*meld.cards, card))
    return Ruling(
        core.allowed,
        None,
        core.text or Text(core.reason),
        (core.rule,),
        ("meld", {"cards": cards}),
        lead=not core.allowed,
    )


def _black_threes_melded(variant: Variant, s: Situation) -> Ruling | None:
    """Black threes named, no cards counted, asked whether they may be melded ("can u meld
    black threes?": seen in the fifth American posts' dev half, issue 44): the meld form's
    answer on three of them, where going out or not it is the same (a game that melds them
    only when going out answers as the post tells it, which it may not)."""
    if not s.black_three or s.red_three or s.groups or s.singles or s.top is not None:
        return None
    if set(s.ranks_named) != {Rank.THREE}:
        return None
    meld = Meld((Card(Rank.THREE, Suit.SPADES),) * 3)
    rulings = [check_meld(variant, meld, going_out=out) for out in (False, True)]
    if rulings[0].allowed != rulings[1].allowed:
        return None
    ruling = rulings[0]
    return Ruling(
        ruling.allowed,
        None,
        ruling.text,
        (ruling.rule,),
        ("meld", {"cards": format_cards(meld.cards)}),
        lead=not ruling.allowed,
    )


def _after_opening(variant: Variant, melds: list[Meld]) -> Ruling | None:
    """The No on a meld laid once its side has opened, where a wild card may not then join
    its naturals (the rule of five, aces natural after the first meld): the referee's
    wild-card question (``check_wild_card``) on the meld's naturals; else None.  Only where
    the post tells the side has opened: the sets' writers read a meld asked alone otherwise
    (docs/benchmarks.md)."""
    for meld in melds:
        naturals = tuple(card for card in meld.cards if card.is_natural)
        if len(naturals) == len(meld.cards) or classify(variant, meld).shape is not MeldShape.RANK:
            continue
        ruling = check_wild_card(variant, meld=Meld(naturals), opening=False)
        if not ruling.allowed:
            fields = {"meld": format_cards(naturals)}
            # the meld's wild-card limit beside it: where a catalogue states the rule of five
            # there too, a player looks for it there
            rules = (ruling.rule,) + tuple(
                key for key in ("meld.wild-limit",) if key in variant.rules and key != ruling.rule
            )
            return Ruling(False, None, ruling.text, rules, ("wild_card", fields), lead=True)
    return None


def _canasta_of_rank(variant: Variant, s: Situation) -> Ruling | None:
    """A canasta of a kind and a rank asked whether it is allowed ("we had a dirty canasta of
    7s, is that allowed?"): the plainest such canasta -- seven naturals, or six and a wild
    card -- ruled as the meld form rules it (the lead's probes of 2026-11-28)."""
    kinds = [k for k in ("natural_canasta", "mixed_canasta") if k in s.moments]
    ranks = set(s.ranks_named)
    if len(kinds) != 1 or len(ranks) != 1 or s.groups or s.singles or s.top is not None:
        return None
    rank = ranks.pop()
    if rank in (Rank.TWO, Rank.THREE, Rank.JOKER):
        return None
    cards = (Card(rank),) * 7 if kinds[0] == "natural_canasta" else (Card(rank),) * 6
    if kinds[0] == "mixed_canasta":
        cards += (Card(Rank.TWO),)
    asked = Situation()
    asked.groups = [cards]
    asked.moments = set(s.moments)
    return _meld(variant, asked)


def rule_on(
    variant: Variant, question: str, lang: str, table: Table | None = None
) -> Ruling | None:
    """The ruling on the situation ``question`` tells under ``variant`` (in the match
    ``table`` describes, if any); None where it tells too little for one."""
    return rule_on_situation(variant, read_situation(question, lang), table)


# The moments a ruling is given on: a post whose question names one of them asks about it,
# not about another its story tells
RULED = frozenset(
    {"pickup", "discard", "opening", "go_out", "value", "meld", "add", "cost", "dead"}
)


# cards told held in a hand, not laid down
_HELD = frozenset({"in_hand", "holding"})


def _loose(s: Situation) -> int:
    """The cards named that were not read into melds, but a rank named alone that a meld told
    holds ("three kings and two twos ... there are more kings than wild cards": the same
    kings)."""
    ranks = {card.rank for group in s.groups for card in group}
    return len(s.singles) + sum(1 for rank in s.ranks_named if rank not in ranks)


def _asks(s: Situation, moment: str) -> bool:
    """Whether the question asks about ``moment``, told in it: in a post of several sentences,
    unless what it asks (its question sentence, or the act it refers back to) names another
    moment ruled on ("... my LHO threw a joker, nobody could pick up. Can you even discard a
    wild card?" asks about the discard, not the pile)."""
    if moment not in s.moments:
        return False
    return s.asked is None or moment in s.asked or not (s.asked & RULED)


def rule_on_situation(variant: Variant, s: Situation, table: Table | None = None) -> Ruling | None:
    """:func:`rule_on` for a situation already read; where its question is given no ruling and
    follows another ("X is 2500 right? And what if ...?"), the figure the earlier one asks; a
    figure the question claims answered Yes or No beside it (:func:`_claim_answered`)."""
    return _claim_answered(variant, s, _rule_on_post(variant, s, table))


def _claim_answered(variant: Variant, s: Situation, found: Ruling | None) -> Ruling | None:
    """A figure's ruling where the question claims one figure ("aces canasta is worth 2000
    right?", "Still 500?"; the held halves of the first 28 American sets counted a figure's Yes
    or No among the rulings most often missed, 2026-11-30): Yes where the claim is the
    figure (its sign apart: a cost claimed "-100"), else No, the figure after it."""
    if found is None or found.verdict is not None or found.figure is None:
        return found
    if not s.marked and not _CONFIRM_ASKED.search(s.sentence):
        return found  # a story's figure, asked nothing of ("2s count 20 right" asks)
    claims = [n for n in figures_claimed(s.sentence, s.lang) if n != s.meld_points]
    if len(claims) != 1 or claims[0] in {step.minimum for step in variant.opening_table}:
        return found  # ... a first meld's minimum named ("zählt das Ass zu den 125 dazu?")
    asked = s.focus or s
    if "opening.minimum" in found.rules or asked.moments & {"opening", "minimum", "counts_toward"}:
        # a minimum claimed has its own reading (``Situation.claimed``); a figure asked toward
        # the opening ("does it count toward the 125?") claims the minimum, not the figure
        return found
    right = claims[0] == abs(found.figure)
    said = N_("Yes: %(claimed)s is right.") if right else N_("No: not %(claimed)s.")
    text = _joined([Text(said, {"claimed": claims[0]}), found.text])
    return found._replace(verdict=right, text=text, figure_claimed=True)


# A figure asked to be confirmed without a question mark ("2s count 20 right": seen in the
# thirtieth American posts' dev half)
_CONFIRM_ASKED = re.compile(r"\b(?:right|correct|true|yes|no)\W*$", re.IGNORECASE)


def _rule_on_post(variant: Variant, s: Situation, table: Table | None) -> Ruling | None:
    """:func:`rule_on_situation` before a claimed figure is answered."""
    found = _rule_on_asked(variant, s, table)
    if found is not None or s.post is None:
        return found
    # ... a figure asked in it: the one ruling taken from it (and the one worth its cost; the
    # post names what its sentence does, so the sentence is read only where the post asks one)
    asked = s.focus if s.how_asked or _FIGURE_ASKED & s.moments else None
    if asked is not None and (asked.how_asked or _FIGURE_ASKED & asked.moments):
        # the figure the sentence asked tells all it needs of, where the story's cards kept
        # the post from one ("He swears every canasta is 500 ... the ones with a deuce or joker
        # in them are worth less. What does a mixed canasta actually score?": the
        # twenty-fourth American posts' dev half); a figure only -- a Yes or a No on the
        # sentence alone might be the story's to decide
        alone = _rule_on_asked(variant, asked, table)
        if alone is not None and alone.verdict is None and alone.figure is not None:
            # ... not one part of a hand the story tells more of (its threes, its going out)
            other_parts = s.red_three or "go_out" in s.moments or alone.rules != ("canasta.kinds",)
            if alone.rules not in _PART_OF_A_HAND or not other_parts:
                return alone
    told = _the_meld_told(variant, s)
    if told is not None:
        return told
    text, lang = s.post
    for sentence in earlier_questions(text, lang):
        # the post read asking it (its story tells the cards), else the question alone (the
        # story's other moments ask nothing of it)
        for read in (read_situation(text, lang, asking=sentence), read_situation(sentence, lang)):
            earlier = _rule_on_asked(variant, read, table)
            if earlier is not None and earlier.figure is not None:
                # a figure answers the earlier question whatever the later asks; a Yes or a
                # No would read as the later question's answer
                return earlier
    return None


# what a question asking after one meld the story told may name besides ("Was my meld legal?",
# "is she right?")
_MELD_ASKED_ONLY = frozenset({"meld", "not_value", "canasta", "mixed_canasta", "natural_canasta"})


def _the_meld_told(variant: Variant, s: Situation) -> Ruling | None:
    """The meld form's ruling on the one meld a story tells, where its question asks whether it
    was legal or whether a claim of it is right and names no card of its own ("I put down four
    fives, a joker and two deuces. He said that's three wild cards ... Was my meld legal?",
    "8-8-8-8-2-2-jkr. my partner says thats too many wilds ... is she right?": seen in the
    nineteenth and ninth American posts' dev halves, where the sentence read asking was a
    claim's and ruled nothing)."""
    assert s.post is not None
    text, lang = s.post
    melds = [m for m in s.melds if len(m.cards) >= 3]
    if len(melds) != 1 or len(s.groups) != 1 or s.top is not None or len(melds[0].cards) > 7:
        return None  # ... of seven cards at most: more is cards told twice ("8 8 joker 2 ...
        # two eights and two wild cards")
    if s.moments - _MELD_ASKED_ONLY - {"cost", "value", "must", "holding", "in_hand"}:
        return None  # a pile, going out, an opening ...: the meld is not what is asked
    asked = read_situation(question_sentence(text, lang), lang)
    if asked.groups or asked.singles or asked.moments - _MELD_ASKED_ONLY:
        return None
    from .asking import asks_if_a_denial_is_right

    if not (asks_if_a_denial_is_right(text, lang) or asks_rule(asked.sentence, lang)):
        return None
    return _meld(variant, s)


def _rule_on_asked(variant: Variant, s: Situation, table: Table | None) -> Ruling | None:
    """:func:`rule_on_situation` on the question the situation was read asking."""
    if "play" in s.moments:
        return Ruling(None, None, Text(PLAY), (), play=True)
    from .judge_moments import rule_on_moment  # they build on this module's Ruling
    from .judge_play import rule_on_play
    from .judge_table import rule_on_setup

    found = rule_on_setup(variant, s, table)
    if found is not None:
        return found
    found = rule_on_moment(variant, s, table)
    if found is not None:
        return found
    found = rule_on_play(variant, s)
    if found is not None:
        if found.rules in _PART_OF_A_HAND and bonus_figure_asked(s):
            # one canasta's worth, where the post asks the bonuses of the hand it tells ("a
            # clean canasta of fives and went out. Just the bonuses?")
            from .judge_hand import hand_bonuses

            whole = hand_bonuses(variant, s, table.players if table else None)
            if whole is not None:
                return whole
        return found
    if s.canastas_asked and _asks(s, "go_out"):
        # the count asked, whatever cards a story of claims tells ("How many canastas do u
        # need to go out? we always played 2 natural 2 mixed")
        found = _canastas_to_go_out(variant, table.players if table else variant.default_players)
        if found is not None:
            return found
    from .judge_figures import figure_asked  # it builds on this module's Ruling
    from .judge_hand import hand_bonuses, hand_event, hand_total

    found = hand_event(variant, s, table.players if table else None)
    if found is not None:  # an event only some games score: the hand form asks it
        return found
    found = hand_total(variant, s, table.players if table else None)
    if found is not None:  # the melded cards' points told: the hand's whole score
        return found

    found = figure_asked(variant, s) or _on_cards(variant, s, table)
    if found is not None and found.rules == ("going-out.bonus",) and _going_out_asked(s):
        return found  # "What do you actually get for going out?": that part, not the sum
    if found is None or found.rules in _PART_OF_A_HAND:
        # the threes' or the canastas' worth of a hand told whole: the hand's bonuses
        whole = hand_bonuses(variant, s, table.players if table else None)
        if whole is None and found is not None and _more_of_the_hand(s, found):
            return None  # one part's figure, where the post asks the sum of more it tells
        if whole is None and found is None:
            from .judge_moments import frozen_after_taking

            return frozen_after_taking(variant, s)
        return whole or found
    return found


# what a sentence asking a figure names
_FIGURE_ASKED = frozenset({"value", "gets", "cost", "bonus_named"})


def bonuses_asked(s: Situation) -> bool:
    """Whether the sentence asked names the bonus ("How much is the bonus part before we
    count the cards?", "just those bonuses, not the card points"): the bonuses apart from
    the cards' values, which need no card told; a number told is a claim of them."""
    # (the post names it first: the sentence's own situation is read only then)
    return "bonus_named" in s.moments and "bonus_named" in (s.focus or s).moments


def bonus_figure_asked(s: Situation) -> bool:
    """The bonus named in a sentence asking what or how much ("What should the bonus number
    actually be?")."""
    return bonuses_asked(s) and (s.how_asked or asks_open(s))


def _going_out_asked(s: Situation) -> bool:
    """Whether the sentence asked of a post of several names the going out itself ("...
    What do you get for going out?"), not the hand's bonuses."""
    return (
        s.asked is not None and "go_out" in s.asked and "bonus_named" not in (s.focus or s).moments
    )


def _more_of_the_hand(s: Situation, found: Ruling) -> bool:
    """Whether the post tells more parts of the hand than the one ``found`` gives the figure
    of, whose sum the reader could not make ("We closed 2 clean books and 1 dirty and went
    out. What's our bonus?" was going out's 100 alone: the lead's probes, 2026-11-28 night)."""
    canastas = bool({"canasta", "natural_canasta", "mixed_canasta"} & s.moments) or bool(s.canastas)
    if found.rules == ("going-out.bonus",):
        # ... not where the sentence asked names the going out ("We went out with two
        # canastas. What do you get for going out?")
        named = s.asked is not None and "go_out" in s.asked
        return (canastas or s.red_three) and not named
    focus = s.focus  # the sentence asked, in a post of several
    if focus is None or found.rules not in _PART_OF_A_HAND or s.focused is None:
        return False
    if not _SUM_ASKED.search(s.focused[0]):
        return False  # "How much are they worth?": the things told, each its own figure
    kinds = {"canasta", "natural_canasta", "mixed_canasta"}
    if found.rules[:1] == ("red-threes.bonus",):
        # "We went out with 3 canastas ... plus 2 red threes. How much is that in bonuses?":
        # the threes' figure alone, where the question names no three (the lead's probes,
        # 2026-11-29)
        # ... not where it names the threes ("What's the total for the threes?": seen in
        # the seventeenth American posts' dev half)
        threes = focus.red_three or Rank.THREE in focus.ranks_named
        return (canastas or "go_out" in s.moments) and not threes
    return (s.red_three or "go_out" in s.moments) and not kinds & focus.moments


# A sum asked: the bonuses, the total ("How much is that in bonuses?", "what's the total?")
_SUM_ASKED = re.compile(
    r"\b(?:bonus\w*|total\w*|altogether|in all|celkem|dohromady|insgesamt|zusammen|"
    r"en total|totaal|samen|razem|lacznie|łącznie)\b",
    re.IGNORECASE,
)


# The figures of one item of a hand, which a hand told with more items asks the sum of
_PART_OF_A_HAND = frozenset(
    {
        ("red-threes.bonus",),
        ("red-threes.bonus", "red-threes.penalty"),  # ... with their sign (judge_figures)
        ("canasta.kinds",),
        ("going-out.bonus",),
    }
)


def _asks_pile_taken(s: Situation) -> bool:
    """Whether a post asks about the pile it tells taken (its top card told, its question
    or the act it refers back to naming the pile taken, not a meld): "the top of the pack was
    a queen. I took the whole pile and melded Q Q jk. ... Was she right??" asks whether the
    pile could be taken, not whether Q Q jk is a meld (seen in the third American posts' dev
    half, issue 44)."""
    asked = s.asked or set()
    return s.top is not None and bool({"taking", "the_pile"} & asked) and "meld" not in asked


def _pair_alone(s: Situation, *, natural_and_wild: bool = False) -> Rank | None:
    """The rank of the one natural pair a question about the pile tells, with no top card,
    no other card and no rank named besides: the pile it asks of is topped by that rank.
    With ``natural_and_wild``, one natural card and one wild card told so too ("Can I pick up
    the pack with one 7 and a joker?"): only where they never take the pile (the caller's
    game), as elsewhere the answer hangs on the pile frozen and the side opened, untold."""
    if s.top is not None or s.singles or s.ranks_named or len(s.groups) != 1:
        return None
    group = s.groups[0]
    naturals = [card for card in group if card.is_natural]
    if len(group) != 2 or not naturals or naturals[0].rank is Rank.THREE:
        return None
    rank = naturals[0].rank
    if len(naturals) == 2:
        return rank if naturals[1].rank is rank else None
    return rank if natural_and_wild and group[0].is_wild != group[1].is_wild else None


def _wilds_alone(s: Situation) -> tuple[Card, ...] | None:
    """The wild cards a question about the pile tells alone ("with two jokers", "with a
    wild card"): no top card, no natural card, no rank named."""
    if s.top is not None or s.singles or s.ranks_named or len(s.groups) != 1:
        return None
    group = s.groups[0]
    return group if all(card.is_wild for card in group) else None


_NATURAL_RANKS = tuple(r for r in Rank if r not in (Rank.THREE, Rank.TWO, Rank.JOKER))


def _pile_by_wilds(variant: Variant, hand: tuple[Card, ...]) -> Ruling | None:
    """May the pile be taken with wild cards alone (the lead's probes of 2026-11-29): the
    core's ruling on every natural top card, frozen or not, the side opened or not; a No
    only where none of them is allowed."""
    for rank in _NATURAL_RANKS:
        top = Card(rank)
        for frozen in (False, True):
            for melds in ([], [_elsewhere(top)]):
                ruling = check_pickup(
                    variant, top=top, frozen=frozen, stopped=False, hand=hand, melds=melds
                )
                if ruling.allowed:
                    return None
    text = N_(
        "No: wild cards alone never take the pile: its top card is taken with natural "
        "cards of its rank from the hand."
    )
    rules = tuple(key for key in ("pile.take",) if key in variant.rules)
    return Ruling(False, None, Text(text), rules, lead=True)


def _left_asked(s: Situation) -> bool:
    """Whether the question asks what the cards told left in hand cost, where the story tells
    the other side going out ("I had a joker and two 2s left when they went out. How much do I
    lose?"): its question names their cost or worth and not the going out."""
    asked = s.asked if s.asked is not None else s.moments  # a question of one sentence
    if "in_hand" in s.moments and bool({"cost", "value"} & asked) and "go_out" not in asked:
        return True
    # "the other team went out and we had 4 queens and 3 jokers in our hand. How many points
    # do we lose?": the other side's going out told, a loss asked, cards in hand and no meld
    # told (the lead's probes, 2026-11-29)
    return (
        {"theirs", "go_out", "in_hand"} <= s.moments
        and bool({"cost", "against"} & asked)
        and bool(s.groups)
        and not {"meld", "canasta", "natural_canasta", "mixed_canasta", "opening"} & s.moments
    )


def _on_cards(variant: Variant, s: Situation, table: Table | None) -> Ruling | None:
    """The rulings on the cards, melds, scores and moments the post tells."""
    asked = (
        (s.focus or s)
        if "meld" in s.moments and s.ranks_named and not _NOT_RANK_WITH_WILDS & s.moments
        else None
    )
    if asked is not None and "meld" in asked.moments and _rank_with_wilds(asked) is not None:
        # a rank and its wild cards asked, no card counted ("can you meld sevens with a
        # wild?"): not cards held, a first meld or the pile's; only a No, which no count of
        # naturals changes (a Yes depends on them, and on the side having melded: the rule
        # of five)
        found = _meld(variant, asked)
        if found is not None and found.verdict is False:
            return found
    if s.canastas is not None and not s.written and _asks(s, "go_out"):
        # canastas told with their ranks ("a clean canasta of queens and a dirty one of
        # kings"): the ranks are the canastas', no cards loose beside melds
        found = _going_out(variant, s, table)
        if found is not None:
            return found
    if _loose(s) and s.groups:  # cards named that were not read into melds: no ruling on melds
        if "in_hand" in s.moments and (_asks(s, "value") or _asks(s, "cost")):
            # ... but cards left in hand are counted one by one, melds or not ("stuck holding
            # a jk, an A and two 7s": seen in the third American posts' dev half, issue 44)
            return _left_in_hand(variant, s)
        if _HELD & s.moments and "minimum" in s.moments and _asks(s, "opening"):
            # ... and the minimum asked after a story of cards held ("caught holding 18 cards
            # incl two jokers and a bunch of aces ... what we need for our first meld next
            # hand"): the cards are no opening's, the minimum is the side's score's (seen in
            # the fifth American posts' dev half, issue 44)
            unmelded = copy(s)
            unmelded.groups = []
            return _opening(variant, unmelded, table)
        if _asks(s, "add"):
            # ... and one card asked to be added to the one meld told ("K-K-K-2-Jkr on the
            # table. Can I add another 2?": seen in the seventh American posts' dev half,
            # issue 44)
            found = _added_to_told(variant, s)
            if found is not None:
                return found
        if s.canastas is not None and s.written and _asks(s, "go_out"):
            # ... but a No on going out with the melds written beside the canastas told holds
            # whatever ranks the loose cards are ("both our canastas done, a clean queens and
            # a dirty 9s, plus three sevens sitting on the table (7-7-7) not finished": seen in
            # the ninth American posts' dev half, issue 44)
            found = _going_out(variant, s, table)
            if found is not None and found.verdict is False:
                return found
        if _going_out_valued(s):
            # ... and going out's worth asked after a story of the canastas' cards ("a clean
            # one of 9s, dirty jacks ... how much is the going out bonus?"): no cards of its
            # (seen in the fifth American posts' dev half, issue 44)
            return _going_out_bonus(variant, s)
        return _pickup(variant, s, table) if _asks(s, "pickup") else None
    if _asks(s, "pickup") and s.top is not None:
        return _pickup(variant, s, table)
    pair = _pair_alone(s, natural_and_wild=not variant.pickup_natural_and_wild)
    if _asks(s, "pickup") and pair is not None:
        # "can I take the pile with a pair of 7s?": a pair takes a top card of its rank
        topped = copy(s)
        topped.top = Card(pair)
        return _pickup(variant, topped, table)
    # ... told in the sentence asked: a joker told in the story may be the turn card
    wilds = _wilds_alone(s.focus if s.focus is not None else s)
    if _asks(s, "pickup") and wilds is not None and not _melds_take(variant):
        # "can you take the pile with 2 wild cards?": no top card takes them alone (where a
        # meld on the table may take the top card, whether the side has one decides)
        found = _pile_by_wilds(variant, wilds)
        if found is not None:
            return found
    # ... not where an opening told in the story is followed by a meld's legality asked ("I
    # put down A A jk as part of our opening ... is A A jk a legal meld": seen in the fifth
    # American posts' dev half, issue 44): the meld's question
    # ... but a minimum claimed in the post puts the opening in dispute ("I put down A A A (60)
    # and 5 5 5 jkr ... total 125. we needed 90 so fine??": the eighth American posts' dev half)
    meld_asked = (
        s.asked is not None
        and "meld" in s.asked
        and not {"opening", "minimum"} & s.asked
        and s.claimed is None
    )
    if ("opening" in s.moments or "minimum" in s.moments) and not meld_asked:
        found = _opening(variant, s, table)
        if found is not None:
            return found
    if _left_asked(s):
        found = _left_in_hand(variant, s)
        if found is not None:
            return found
    # acabar called is no going out, though "acabar" is the Spanish for finishing
    if "go_out" in s.moments and "acabar_called" not in s.moments:
        found = _going_out(variant, s, table)
        if found is None and (_asks(s, "gets") or _going_out_valued(s)):
            # "what do you get for going out?", "how much is going out worth?" (not "what do
            # they count?" after a story of going out with a special hand)
            found = _going_out_bonus(variant, s)
        if found is not None:
            return found
        if _asks(s, "go_out") and _melds_in_story(s):
            # a going out told with its melds, the side's canastas not: undecided, and no
            # Yes on the melds alone ("she laid down K K K and went out. Is that legal?")
            return None
    # a canasta's kind asked what it gets ("what do you get for a clean canasta": found by
    # the reader's rewrites, issue 44) asks its worth
    kind_gets = _asks(s, "gets") and bool({"natural_canasta", "mixed_canasta"} & s.moments)
    if _asks(s, "value") or kind_gets:
        found = _value(variant, s)
        if found is not None:
            return found
    if "meld" in s.moments and not _asks_pile_taken(s):
        # a post asking of cards its question names rules on those alone ("is an eight worth
        # five or ten? what's wrong with two wild cards and two naturals?": no "8 2 2")
        asked = s.focus
        told = asked is not None and bool(asked.groups or asked.singles or asked.wilds_worded)
        found = _meld(variant, asked if told and asked is not None else s, post=s)
        if found is not None and found.figure is None and (_asks(s, "cost") or _asks(s, "value")):
            # a figure asked of a meld told ("the other team has a meld of 4 aces, how much do
            # they lose?"): no Yes on the meld's legality in its place (the lead's probes,
            # 2026-11-29)
            return None
        if found is not None:
            return found
        found = _canasta_of_rank(variant, s)
        if found is not None:
            return found
        found = _black_threes_melded(variant, s)
        if found is not None:
            return found
    if _asks(s, "target") and not s.moments & RULED - {"value", "meld", "cost"}:
        return _target(variant, s)
    return _counts_against(variant, s)
