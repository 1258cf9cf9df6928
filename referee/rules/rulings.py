"""Rulings at the table: is this meld legal, may I take the pile, may I go out?"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from .cards import RANK_PLURALS, Card, Rank, format_cards
from .hand import missing_kinds
from .melds import CANASTA_SIZE, Meld, MeldShape, classify, meld_problems
from .problems import N_, Text
from .variant import CanastaKind, Variant

__all__ = [
    "KIND_WORDS",
    "Ruling",
    "best_opening_points",
    "check_bonus_cards",
    "check_discard",
    "check_going_out",
    "check_meld",
    "check_pickup",
    "check_wild_card",
    "closed_meld",
    "dead_card_pickup",
    "pile_state",
]


class Ruling(NamedTuple):
    """A verdict: ``allowed``, one sentence of ``text``, the catalogue key of the ``rule``."""

    allowed: bool
    text: Text
    rule: str
    minimum: int | None = None
    points: int | None = None

    @property
    def reason(self) -> str:
        """The sentence in English; ``text.render(gettext)`` gives it in another language."""
        return self.text.render()


def _t(template: str, **params: object) -> Text:
    return Text(template, params)


KIND_WORDS = {
    CanastaKind.NATURAL: N_("a natural canasta"),
    CanastaKind.MIXED: N_("a mixed canasta"),
    CanastaKind.WILD: N_("a wild canasta"),
    CanastaKind.WILD_JOKERS: N_("a wild canasta with the four jokers"),
    CanastaKind.WILD_DEUCES: N_("a wild canasta"),
    CanastaKind.WILD_MIXED: N_("a wild canasta of jokers and twos"),
    CanastaKind.WILD_CLEAN: N_("a wild canasta of one kind"),
    CanastaKind.BLACK_THREES: N_("a canasta of black threes, which wins the match"),
    CanastaKind.SEQUENCE: N_("a canasta in sequence"),
    CanastaKind.SEVENS: N_("a canasta of sevens"),
    CanastaKind.ACES: N_("a canasta of aces"),
    CanastaKind.WILD_TWOS: N_("a wild canasta of seven twos"),
}


def check_meld(variant: Variant, meld: Meld, *, going_out: bool = False) -> Ruling:
    """Is ``meld`` legal on its own?  ``going_out`` allows what only a player going out may."""
    info = classify(variant, meld)
    problems = meld_problems(variant, meld, going_out=going_out, info=info)
    if problems:
        why = problems[0].text or Text(problems[0].message)
        return Ruling(
            False,
            _t(N_("No: %(problem)s."), problem=why),
            problems[0].rule or "meld.min-cards",
            points=info.points,
        )
    if info.canasta and info.bonus:  # the bonus is what "what does it score" asks
        return Ruling(
            True,
            _t(
                N_(
                    'Yes: "%(cards)s" is %(what)s: it scores %(bonus)s, besides its %(points)s '
                    "in cards."
                ),
                cards=format_cards(meld.cards),
                what=Text(KIND_WORDS[info.canasta]),
                bonus=info.bonus,
                points=info.points,
            ),
            "canasta.kinds",
            points=info.points,
        )
    if info.canasta:
        what = Text(KIND_WORDS[info.canasta])
        rule = "canasta.kinds"
    else:
        what = Text(N_("a legal meld"))
        rule = "meld.wild-limit" if info.wilds else "meld.min-cards"
    return Ruling(
        True,
        _t(
            N_('Yes: "%(cards)s" is %(what)s, worth %(points)s in cards.'),
            cards=format_cards(meld.cards),
            what=what,
            points=info.points,
        ),
        rule,
        points=info.points,
    )


def pile_state(variant: Variant, pile: Sequence[Card]) -> tuple[Card, bool, bool]:
    """Top card, frozen for everyone, stopped by a black three — read off a known pile.

    A wild card anywhere freezes it; so does a red three, which is in the pile only
    as the first upcard or, where the text allows it, discarded from the table.
    """
    top = pile[-1]
    frozen = any(card.is_wild or card.is_red_three for card in pile)
    return top, frozen and variant.pile_freezing, top.is_black_three


def best_opening_points(variant: Variant, top: Card, hand: Sequence[Card]) -> int:
    """The most points an opening made by taking the pile could lay.

    The top card joins the natural cards of its rank from the hand; other natural
    groups of three or more meld as they are; pairs meld with one wild card each
    (the best pairs first); wild cards left over join melds with room for them.
    Only the top card of the pile counts (the rest is not in hand yet).
    """
    points = variant.card_points
    naturals: Counter[Rank] = Counter(
        c.rank for c in hand if c.is_natural and c.rank is not Rank.THREE
    )
    wilds = sorted((c.rank for c in hand if c.is_wild), key=lambda r: -points[r])
    groups: dict[Rank, list[int]] = {
        top.rank: [naturals.pop(top.rank, 0) + 1, 0]
    }  # rank -> [naturals, wilds]
    groups.update({rank: [count, 0] for rank, count in naturals.items() if count >= 3})
    pairs = sorted((r for r, n in naturals.items() if n == 2), key=lambda r: -points[r])
    for rank in pairs[: len(wilds)]:
        groups[rank] = [2, 1]
    total: int = sum(points[w] for w in wilds[: len(pairs)])
    for wild in wilds[len(pairs) :]:
        for group in groups.values():
            room = variant.max_wild - group[1]
            if variant.wild_not_more_than_natural:
                room = min(room, group[0] - group[1])
            if room > 0:
                group[1] += 1
                total += points[wild]
                break
    total += sum(points[rank] * group[0] for rank, group in groups.items())
    # american: the top card joins the meld but does not count towards the minimum.
    return total if variant.opening_counts_pile_top else total - points[top.rank]


def _over_the_limit(variant: Variant, top: Card, melds: Sequence[Meld]) -> Ruling | None:
    """A refusal if the side's one meld of the top card's rank has no room for it and two
    more (american: five jacks and a pair of jacks do not take the pile), else None."""
    most = variant.max_meld_cards
    if most is None or not variant.one_meld_per_rank:
        return None
    for meld in melds:
        info = classify(variant, meld)
        if info.shape is MeldShape.RANK and info.rank is top.rank:
            if len(meld.cards) + variant.pickup_naturals + 1 > most:
                return Ruling(
                    False,
                    _t(
                        N_(
                            "No: your side's meld of %(rank)s has %(have)s cards; with the top "
                            "card and %(need)s from your hand it would hold more than "
                            "%(most)s."
                        ),
                        rank=Text(RANK_PLURALS[top.rank]),
                        have=len(meld.cards),
                        need=variant.pickup_naturals,
                        most=most,
                    ),
                    "meld.max-cards",
                )
    return None


def closed_meld(variant: Variant, rank: Rank, melds: Sequence[Meld]) -> Meld | None:
    """The side's meld of ``rank`` if it is closed: it holds the most cards a meld may hold,
    and the side may not start another of that rank.  None where a canasta grows on or a side
    may start a second meld of a rank (no rank is ever dead there)."""
    most = variant.max_meld_cards
    if most is None or not variant.one_meld_per_rank:
        return None
    for meld in melds:
        info = classify(variant, meld)
        if info.shape is MeldShape.RANK and info.rank is rank and len(meld.cards) >= most:
            return meld
    return None


def _extends_a_run(variant: Variant, top: Card, melds: Sequence[Meld]) -> bool:
    """Whether the top card continues one of the side's unfinished runs of its suit."""
    if top.suit is None or not top.is_natural or top.rank is Rank.THREE:
        return False
    for meld in melds:
        info = classify(variant, meld)
        if info.shape is not MeldShape.SEQUENCE or info.canasta is not None:
            continue
        if len(meld.cards) >= variant.max_sequence_cards or meld.cards[0].suit != top.suit:
            continue
        orders = [card.rank.order for card in meld.cards]
        if top.rank.order in (min(orders) - 1, max(orders) + 1):
            return True
    return False


def dead_card_pickup(rank: Text, rule: str) -> Ruling:
    """No pile for a card of a dead rank (``rank`` in words), quoting ``rule``."""
    return Ruling(
        False,
        _t(
            N_(
                "No: %(rank)s are dead (a canasta of them is closed), and nobody may take "
                "the pile with a dead card."
            ),
            rank=rank,
        ),
        rule,
    )


def check_pickup(
    variant: Variant,
    *,
    top: Card,
    frozen: bool,
    stopped: bool,
    hand: Sequence[Card],
    melds: Sequence[Meld],
    score: int = 0,
    pile_size: int | None = None,
    first_round: bool = False,
    going_out: bool = False,
    failed_attempts: int = 0,
    hand_number: int | None = None,
    other_melds: Sequence[Meld] = (),
) -> Ruling:
    """Judge whether a player holding ``hand`` may take the pile whose top card is ``top``.

    ``other_melds``, where known, are the other side's: a rank they closed is dead, and no
    one takes the pile with a dead card.

    ``melds`` are the side's melds on the table (none: the side has not opened, and
    ``score`` decides its minimum); ``frozen`` is frozen for everyone.
    """
    if variant.no_pickup_first_round and first_round:
        return Ruling(
            False,
            _t(N_("No: nobody may take the pile until every player has discarded once.")),
            "pile.first-round",
        )
    if variant.one_card_no_pickup and len(hand) == 1:
        return Ruling(
            False,
            _t(N_("No: a player with only one card left may not take the pile.")),
            "pile.one-card",
        )
    if variant.one_card_single_pile and len(hand) == 1 and pile_size == 1:
        return Ruling(
            False,
            _t(N_("No: with one card in hand you may not take a pile of one card.")),
            "pile.one-card",
        )
    if top.is_black_three or stopped:
        threes = sum(1 for card in hand if card.is_black_three)
        if variant.black_three_pickup_going_out and going_out and threes >= 2:
            return Ruling(
                True,
                _t(N_("Yes: you may take the black three to meld it with yours as you go out.")),
                "pile.black-three",
            )
        if variant.black_three_blocks_all:
            text = _t(N_("No: a black three on the pile stops everyone from taking it."))
        else:
            text = _t(N_("No: a black three on the pile stops the next player from taking it."))
        return Ruling(False, text, "pile.black-three")
    if top.is_wild:
        return Ruling(
            False,
            _t(N_("No: nobody may take the pile while a wild card lies on top.")),
            "pile.wild-top",
        )
    if top.is_red_three:
        return Ruling(
            False,
            _t(N_("No: a red three on top cannot be melded, so the pile cannot be taken.")),
            "pile.wild-top",
        )
    naturals = sum(1 for card in hand if card.rank is top.rank)
    wilds = sum(1 for card in hand if card.is_wild)
    word = Text(RANK_PLURALS[top.rank])
    too_big = _over_the_limit(variant, top, melds)
    if too_big is not None:
        return too_big
    if closed_meld(variant, top.rank, other_melds) is not None:
        return dead_card_pickup(
            word, "play.dead-rank" if "play.dead-rank" in variant.rules else "pile.take"
        )
    opened = bool(melds)
    frozen = frozen and variant.pile_freezing
    if frozen or not opened:
        need = variant.crossed_pickup_naturals if frozen else variant.pickup_naturals
        rule = "pile.frozen" if frozen else "pile.unopened"
        if naturals < need:
            if frozen:
                template = N_(
                    "No: the pile is frozen, so you need %(need)s natural %(rank)s in "
                    "your hand to go with the top card; you have %(have)s."
                )
            else:
                template = N_(
                    "No: your side has not opened yet, so you need %(need)s natural "
                    "%(rank)s in your hand to go with the top card; you have "
                    "%(have)s."
                )
            return Ruling(False, _t(template, need=need, rank=word, have=naturals), rule)
        if opened:
            return Ruling(
                True,
                _t(
                    N_("Yes: your %(need)s natural %(rank)s take the frozen pile."),
                    need=need,
                    rank=word,
                ),
                rule,
            )
        minimum = variant.opening_minimum(score, failed_attempts, hand_number)
        best = best_opening_points(variant, top, hand)
        if best < minimum:
            return Ruling(
                False,
                _t(
                    N_(
                        "No: taking the pile would be your side's opening, and "
                        "the top card with your hand makes at most %(best)s "
                        "points of the %(minimum)s needed (the rest of the pile "
                        "does not count)."
                    ),
                    best=best,
                    minimum=minimum,
                ),
                "opening.pile-top",
                minimum,
                best,
            )
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: the top card with your %(rank)s opens with up to "
                    "%(best)s points, enough for the %(minimum)s needed."
                ),
                rank=word,
                best=best,
                minimum=minimum,
            ),
            "opening.pile-top",
            minimum,
            best,
        )
    if naturals >= variant.pickup_naturals:
        return Ruling(
            True,
            _t(
                N_("Yes: you hold %(have)s natural %(rank)s to meld with the top card."),
                have=naturals,
                rank=word,
            ),
            "pile.take",
        )
    if variant.pickup_by_adding:
        for meld in melds:
            info = classify(variant, meld)
            if info.shape is not MeldShape.RANK or info.rank is not top.rank:
                continue
            full = variant.max_meld_cards is not None and len(meld.cards) >= variant.max_meld_cards
            if (info.canasta is not None and not variant.pickup_onto_canasta) or full:
                continue
            return Ruling(
                True,
                _t(N_("Yes: the top card goes onto your side's meld of %(rank)s."), rank=word),
                "pile.add-to-meld",
            )
        finished = any(
            classify(variant, m).rank is top.rank and len(m.cards) >= CANASTA_SIZE for m in melds
        )
        if finished and not variant.pickup_onto_canasta:
            return Ruling(
                False,
                _t(
                    N_(
                        "No: the top card would only go onto a finished canasta, "
                        "which does not take the pile."
                    )
                ),
                "pile.add-to-meld",
            )
    if variant.pickup_onto_sequence and _extends_a_run(variant, top, melds):
        return Ruling(
            True,
            _t(
                N_("Yes: the top card extends your side's sequence in %(card)s's suit."),
                card=top.symbol(),
            ),
            "pile.add-to-meld",
        )
    if variant.pickup_natural_and_wild and naturals >= 1 and wilds >= 1:
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: one natural %(card)s and a wild card from your hand "
                    "meld with the top card."
                ),
                card=top.rank.value,
            ),
            "pile.natural-and-wild",
        )
    if variant.pickup_by_adding and variant.pickup_natural_and_wild:
        template = N_(
            "No: you need %(need)s natural %(rank)s in your hand, or a meld of them to "
            "add it to, or one and a wild card."
        )
    elif variant.pickup_by_adding:
        template = N_(
            "No: you need %(need)s natural %(rank)s in your hand, or a meld of them to add it to."
        )
    else:
        template = N_("No: you need %(need)s natural %(rank)s in your hand.")
    return Ruling(False, _t(template, need=variant.pickup_naturals, rank=word), "pile.take")


def check_going_out(
    variant: Variant,
    *,
    players: int,
    melds: Sequence[Meld],
    hand: Sequence[Card],
    concealed: bool = False,
    hand_told: bool = True,
) -> Ruling:
    """Judge whether a player may go out with the side's ``melds`` after this turn and the
    cards left in ``hand`` (none, or one to discard).  ``hand_told`` False: the player named
    no card left, and ``hand`` is the one to discard that going out assumes (a Yes then names
    no card: "may we go out with two canastas?")."""
    for j, meld in enumerate(melds):
        problems = meld_problems(variant, meld, going_out=True, index=j)
        if problems:
            why = problems[0].text or Text(problems[0].message)
            return Ruling(
                False, _t(N_("No: %(problem)s."), problem=why), problems[0].rule or "meld.min-cards"
            )
    if variant.one_meld_per_rank:
        infos = [classify(variant, m) for m in melds]
        rank_melds = [i.rank for i in infos if i.rank is not None and i.shape is MeldShape.RANK]
        if len(rank_melds) != len(set(rank_melds)):
            return Ruling(
                False,
                _t(N_("No: two melds of the same rank must be one meld.")),
                "meld.one-per-rank",
            )
    infos = [classify(variant, m) for m in melds]
    unfinished = next((m for m, i in zip(melds, infos, strict=True) if i.penalty), None)
    if unfinished is not None:
        return Ruling(
            False,
            _t(
                N_('No: "%(cards)s" must be finished as a canasta before your side goes out.'),
                cards=format_cards(unfinished.cards),
            ),
            "going-out.unfinished",
        )
    kinds = [info.canasta for info in infos if info.canasta]
    needed = variant.going_out_canastas.get(players, 1)
    if len(kinds) < needed:
        if needed == 1:
            template = N_("No: your side needs a canasta to go out and has %(have)s.")
        else:
            template = N_("No: your side needs %(needed)s canastas to go out and has %(have)s.")
        return Ruling(False, _t(template, needed=needed, have=len(kinds)), "going-out.canastas")
    if variant.going_out_needs_clean_and_dirty and not (
        CanastaKind.NATURAL in kinds and CanastaKind.MIXED in kinds
    ):
        return Ruling(
            False, _t(N_("No: closing needs a clean and a dirty canasta.")), "going-out.canastas"
        )
    missing = missing_kinds(variant, kinds)
    if missing is not None:
        return Ruling(
            False,
            _t(N_("No: to go out, your side needs %(what)s."), what=missing),
            "going-out.canastas",
        )
    if len(hand) > 1:
        return Ruling(
            False,
            _t(
                N_(
                    'No: you still hold %(count)s cards ("%(hand)s"); meld them '
                    "all, or all but one to discard."
                ),
                count=len(hand),
                hand=format_cards(hand),
            ),
            "going-out.discard",
        )
    if not hand and variant.going_out_needs_discard:
        return Ruling(
            False, _t(N_("No: going out needs one card left to discard.")), "going-out.discard"
        )
    if hand and hand_told:
        # the last card is discarded as any other: never a three where threes are laid out
        # (american: "the last discard may be a wild card but not a three")
        discard = check_discard(variant, card=hand[0], hand=hand)
        if not discard.allowed:
            rule = "going-out.discard" if "going-out.discard" in variant.rules else discard.rule
            return Ruling(False, discard.text, rule)
    if concealed and variant.concealed_going_out_bonus is None:
        return Ruling(
            False, _t(N_("No: this game has no going out concealed.")), "going-out.concealed"
        )
    bonus = variant.concealed_going_out_bonus if concealed else variant.going_out_bonus
    if not hand_told:
        yes = _t(
            N_("Yes: your side may go out with those canastas; going out scores %(bonus)s."),
            bonus=bonus,
        )
    elif hand:
        yes = _t(
            N_("Yes: you may discard the %(card)s and go out; your side scores %(bonus)s for it."),
            card=format_cards(hand),
            bonus=bonus,
        )
    else:
        yes = _t(N_("Yes: you may go out; your side scores %(bonus)s for it."), bonus=bonus)
    if players in (4, 6) and variant.partner_permission:
        if variant.partner_permission == "must":
            ask = _t(N_("First ask your partner, who must agree."))
        else:
            ask = _t(N_("You may first ask your partner; the answer binds you."))
        # The canastas decide; the partner rule is only mentioned, where the text has it.
        return Ruling(
            True, _t(N_("%(verdict)s %(partner)s"), verdict=yes, partner=ask), "going-out.canastas"
        )
    return Ruling(True, yes, "going-out.canastas")


def check_bonus_cards(
    variant: Variant,
    *,
    first_side: bool,
    took_pile: bool = False,
    past_turn_card: bool = False,
    opened_before: bool = False,
    late: bool = False,
) -> Ruling:
    """How many bonus cards a first meld draws: ``first_side`` whether the side is the first
    of the table to meld, ``took_pile`` whether the first meld took the pile, and
    ``past_turn_card`` whether play had reached the turn card.  ``opened_before``: the side
    had already made its first meld (the meld asked about is a later one); ``late``: the
    player did not draw them at the end of that turn and asks on a later one."""
    if not variant.bonus_cards:
        return Ruling(False, _t(N_("No: this game has no bonus cards.")), "play.draw")
    if opened_before:
        return Ruling(
            False,
            _t(N_("No: bonus cards come only with a side's first meld, once in the hand.")),
            "play.bonus-cards",
        )
    if late:
        return Ruling(
            False,
            _t(
                N_(
                    "No: bonus cards are drawn at the end of the turn of the first meld; "
                    "forgotten then, they may not be drawn later."
                )
            ),
            "play.bonus-cards-forgotten"
            if "play.bonus-cards-forgotten" in variant.rules
            else "play.bonus-cards",
        )
    if past_turn_card and variant.turn_card is not None:
        return Ruling(
            False,
            _t(
                N_(
                    "No: play has reached the turn card, so a first meld draws no bonus cards; "
                    "keep a card to discard and a card to hold."
                )
            ),
            "play.turn-card",
        )
    if took_pile and not variant.bonus_cards_with_pile:
        return Ruling(
            False,
            _t(N_("No: a first meld that took the pile draws no bonus cards.")),
            "play.bonus-cards",
        )
    count = variant.bonus_cards[0 if first_side or len(variant.bonus_cards) == 1 else 1]
    return Ruling(
        True,
        _t(
            N_("Yes: draw %(count)s bonus cards from the stock once your turn is over."),
            count=count,
        ),
        "play.bonus-cards",
        points=count,
    )


def check_wild_card(variant: Variant, *, meld: Meld, opening: bool) -> Ruling:
    """May a wild card join ``meld`` (the meld as it is on the table)?  ``opening``: the
    card goes in with the side's first meld, where the rule of five does not apply."""
    info = classify(variant, meld)
    grown = Meld((*meld.cards, Card.from_symbol("2")))
    problems = meld_problems(variant, grown)
    if problems:
        why = problems[0].text or Text(problems[0].message)
        return Ruling(
            False, _t(N_("No: %(problem)s."), problem=why), problems[0].rule or "meld.wild-limit"
        )
    five = variant.rule_of_five
    if five is not None and not opening and info.shape is MeldShape.RANK and info.naturals < five:
        return Ruling(
            False,
            _t(
                N_(
                    "No: once your side has opened, a wild card joins only a meld of %(five)s "
                    "natural cards; this one has %(have)s."
                ),
                five=five,
                have=info.naturals,
            ),
            "play.rule-of-five",
        )
    return Ruling(True, _t(N_("Yes: the wild card may join this meld.")), "meld.wild-limit")


def check_discard(
    variant: Variant, *, card: Card, hand: Sequence[Card], pile_empty: bool = False
) -> Ruling:
    """May ``card`` be discarded from ``hand`` (the player's cards, the discard among them)?
    ``pile_empty``: there is no pile to discard onto."""
    others = list(hand)
    if card in others:
        others.remove(card)
    if variant.black_threes_laid_out and card.rank is Rank.THREE:
        return Ruling(False, _t(N_("No: a three is never discarded.")), "play.discard-limits")
    if variant.wild_discard_last and card.is_wild and any(not c.is_wild for c in others):
        return Ruling(
            False,
            _t(N_("No: a wild card is discarded only when nothing else can be.")),
            "play.discard-limits",
        )
    if (
        pile_empty
        and card.rank in variant.empty_pile_no_discard
        and any(
            c.is_natural and c.rank not in (Rank.THREE, *variant.empty_pile_no_discard)
            for c in others
        )
    ):
        return Ruling(
            False,
            _t(
                N_(
                    "No: onto an empty pile, the %(card)s may not be discarded while you hold "
                    "another natural card."
                ),
                card=format_cards([card]),
            ),
            "play.discard-limits",
        )
    return Ruling(
        True,
        _t(N_("Yes: you may discard the %(card)s."), card=format_cards([card])),
        "play.discard-limits" if "play.discard-limits" in variant.rules else "play.discard",
    )
