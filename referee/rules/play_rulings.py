"""Rulings on the play a finished hand cannot show: a dead rank, the stock running out,
the penalty for an irregularity.

Each is computed from the variant's named values (a meld's most cards, one meld per rank,
the packs, the book's penalty), never matched to words; ``referee check`` and the referee
page ask the same functions.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import RANK_PLURALS, Card, Rank, format_cards
from .hand import hand_costs, held_ranks_of
from .melds import Meld, MeldShape, classify
from .problems import N_, Text
from .rulings import Ruling, check_pickup, closed_meld, dead_card_pickup
from .variant import Variant

__all__ = [
    "ACTIONS",
    "IRREGULARITIES",
    "check_dead_rank",
    "check_held",
    "check_penalty",
    "check_stock_out",
    "closed_meld",
]

# What a player may want to do with a card of a rank: the dead-rank question's actions.
ACTIONS = ("meld", "discard", "pickup")

# The irregularities a book may charge a penalty for, by the id the contract and the
# referee's form use, with their words.
IRREGULARITIES = {
    "mismeld": N_("a meld that breaks the rules"),
    "melds_taken_back": N_("cards melded and taken back"),
    "short_opening": N_("a first meld short of the minimum"),
}


def _t(template: str, **params: object) -> Text:
    return Text(template, params)


def _rank_meld(variant: Variant, rank: Rank, melds: Sequence[Meld]) -> Meld | None:
    """The side's meld of ``rank`` (one per rank where the book says so), if it has one."""
    for meld in melds:
        info = classify(variant, meld)
        if info.shape is MeldShape.RANK and info.rank is rank:
            return meld
    return None


def _naturals(variant: Variant, meld: Meld | None) -> int:
    return 0 if meld is None else classify(variant, meld).naturals


def check_dead_rank(
    variant: Variant,
    *,
    rank: Rank,
    action: str,
    melds: Sequence[Meld],
    other_melds: Sequence[Meld] = (),
    players: int | None = None,
    pile_empty: bool = False,
) -> Ruling:
    """May a card of ``rank`` be melded, discarded or the pile taken with it (``action``)?

    ``melds`` are the asking side's melds on the table, ``other_melds`` the other side's;
    ``pile_empty``: the card would be discarded onto an empty pile.  A rank is dead once
    either side's meld of it is closed (it holds ``max_meld_cards``, where a side has one meld
    of each rank): the side that closed it can meld no more of it, nobody may take the pile
    with it, and it is not discarded onto an empty pile.
    """
    if action not in ACTIONS:
        raise ValueError(f"action must be one of {', '.join(ACTIONS)}, not {action!r}")
    word = Text(RANK_PLURALS[rank])
    if variant.max_meld_cards is None or not variant.one_meld_per_rank:
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: no rank is ever dead in this game, so %(rank)s may still be melded, "
                    "discarded or taken with the pile as usual."
                ),
                rank=word,
            ),
            "meld.one-per-rank",
        )
    mine = closed_meld(variant, rank, melds)
    theirs = closed_meld(variant, rank, other_melds)
    dead = mine is not None or theirs is not None
    if action == "meld" and mine is not None:
        return Ruling(
            False,
            _t(
                N_(
                    "No: %(rank)s are dead for your side: its canasta of them is closed at "
                    "%(most)s cards and a side has only one meld of each rank, so a card of it "
                    "cannot be melded."
                ),
                rank=word,
                most=variant.max_meld_cards,
            ),
            "play.dead-rank",
        )
    if action == "pickup" and dead:
        return dead_card_pickup(word, "play.dead-rank")
    if action == "discard":
        if dead and pile_empty:
            return Ruling(
                False,
                _t(
                    N_(
                        "No: %(rank)s are dead (a canasta of them is closed), and a dead card "
                        "is never discarded onto an empty pile."
                    ),
                    rank=word,
                ),
                "play.dead-rank",
            )
        if dead:
            template = N_(
                "Yes: %(rank)s are dead (a canasta of them is closed), so nobody may take the "
                "pile with it: a safe discard."
            )
        else:
            template = N_(
                "Yes: nobody has closed a canasta of %(rank)s, so no rank is dead here; the "
                "card may be discarded as any other."
            )
        return Ruling(True, _t(template, rank=word), "play.dead-rank")
    if action == "meld" and theirs is not None:
        # The packs hold so many of the rank; the other side's closed canasta has some.
        packs = variant.packs.get(players or variant.default_players, 2)
        held = _naturals(variant, _rank_meld(variant, rank, melds))
        left = 4 * packs - _naturals(variant, theirs) - held
        if held == 0 and left < variant.min_natural:
            return Ruling(
                False,
                _t(
                    N_(
                        "No: the other side's closed canasta holds %(theirs)s of the "
                        "%(all)s natural %(rank)s, leaving %(left)s: too few for a meld of your "
                        "own, which needs %(need)s."
                    ),
                    theirs=_naturals(variant, theirs),
                    all=4 * packs,
                    rank=word,
                    left=left,
                    need=variant.min_natural,
                ),
                "play.dead-rank",
                points=left,
            )
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: the other side's canasta of %(rank)s is closed, but your side may "
                    "still meld them from the hand (%(left)s natural ones are not in their "
                    "canasta or your meld); nobody may take the pile with one."
                ),
                rank=word,
                left=left,
            ),
            "play.dead-rank",
            points=left,
        )
    return Ruling(
        True,
        _t(
            N_(
                "Yes: %(rank)s are not dead: nobody has closed a canasta of them; the usual "
                "rules of melds and the pile apply."
            ),
            rank=word,
        ),
        "play.dead-rank",
    )


def check_stock_out(
    variant: Variant,
    *,
    top: Card | None,
    hand: Sequence[Card] = (),
    melds: Sequence[Meld] = (),
    frozen: bool = False,
    red_three: bool = False,
    score: int = 0,
    asks_end: bool = False,
    asks_bonus: bool = False,
) -> Ruling:
    """The stock is empty: may the next player take the pile (whose top card is ``top``), or
    does the hand end?  ``red_three``: the last card drawn from the stock was a red three.
    ``points`` is the going-out bonus the hand's end gives (none: nobody went out).
    ``asks_end``: the question is "does the hand end?", so a Yes where play may not go on
    (else the verdict answers "may play go on?").  ``asks_bonus``: the question is "does
    anybody score for going out?", asked of the stock alone (no top card told)."""
    if "play.stock-out" not in variant.rules:
        return Ruling(
            False,
            _t(
                N_(
                    "This rulebook does not say what happens once the stock is empty; most "
                    "tables end the hand there, and nobody scores for going out."
                )
            ),
            "deal.stock",
            points=0,
        )
    if red_three:
        # the hand ends either way: "does it end?" is a Yes, "may play go on?" a No
        template = (
            N_(
                "Yes: the last card of the stock was a red three, so the hand ends with "
                "that turn: the player lays it out and may meld, but does not discard, "
                "and nobody scores for going out."
            )
            if asks_end
            else N_(
                "No: the last card of the stock was a red three, so the hand ends with "
                "that turn: the player lays it out and may meld, but does not discard, "
                "and nobody scores for going out."
            )
        )
        return Ruling(
            asks_end,
            _t(template),
            "play.stock-out-red-three"
            if "play.stock-out-red-three" in variant.rules
            else "play.stock-out",
            points=0,
        )
    if top is None and asks_bonus:
        return Ruling(
            False,
            _t(
                N_(
                    "No: a hand that ends with the stock used up ends with nobody gone out, "
                    "and nobody scores for going out."
                )
            ),
            "play.stock-out",
            points=0,
        )
    if top is None:
        return Ruling(
            False,
            _t(
                N_(
                    "No: the stock and the pile are both empty, so the hand ends here and "
                    "nobody scores for going out."
                )
            ),
            "play.stock-out",
            points=0,
        )
    taking = check_pickup(
        variant, top=top, frozen=frozen, stopped=False, hand=hand, melds=melds, score=score
    )
    if taking.allowed:
        then = _t(N_("With the stock empty, play goes on as long as each player takes the pile."))
    else:
        then = _t(
            N_(
                "With the stock empty, the hand therefore ends now, and nobody scores for "
                "going out."
            )
        )
    return Ruling(
        taking.allowed,
        _t(N_("%(verdict)s %(then)s"), verdict=taking.text, then=then),
        "play.stock-out",
        points=0,
    )


def check_penalty(variant: Variant, *, irregularity: str) -> Ruling:
    """What the book charges for ``irregularity`` (an id of :data:`IRREGULARITIES`): the
    ruling's ``points`` are the penalty, which a hand's ``penalties`` count."""
    if irregularity not in IRREGULARITIES:
        raise ValueError(
            f"irregularity must be one of {', '.join(IRREGULARITIES)}, not {irregularity!r}"
        )
    what = Text(IRREGULARITIES[irregularity])
    if variant.penalty_points and irregularity in variant.irregularities:
        return Ruling(
            False,
            _t(
                N_(
                    "No: for %(what)s the cards go back to the hand and the side is charged "
                    "the book's penalty of %(points)s points; enter it with the hand as a "
                    "penalty."
                ),
                what=what,
                points=variant.penalty_points,
            ),
            "irregularities.penalty",
            points=variant.penalty_points,
        )
    if irregularity == "short_opening" and variant.failed_opening_step:
        return Ruling(
            False,
            _t(
                N_(
                    "No: for %(what)s there is no points penalty, but each failed attempt "
                    "raises the side's minimum by %(step)s."
                ),
                what=what,
                step=variant.failed_opening_step,
            ),
            "irregularities.insufficient-opening"
            if "irregularities.insufficient-opening" in variant.rules
            else "opening.minimum",
            points=0,
        )
    return Ruling(
        False,
        _t(
            N_(
                "No: %(what)s is put right (the cards go back to the hand), but this rulebook "
                "names no points penalty for it."
            ),
            what=what,
        ),
        "opening.minimum" if irregularity == "short_opening" else "meld.min-cards",
        points=0,
    )


def check_held(variant: Variant, *, hand: Sequence[Card]) -> Ruling:
    """Is a player left holding ``hand`` at the hand's end charged for holding three or more
    sevens or aces (american, cla-laws §Penalties)?  ``allowed``: no such penalty; ``points``:
    the penalty, ``held_penalty`` once per penalised rank held three or more times (the
    ``held_sets`` `referee score` charges), besides the cards' own values."""
    cards = format_cards(hand)
    points = sum(hand_costs(variant)[card.rank] for card in hand)
    if not variant.held_penalty or not variant.held_ranks or "hand.held" not in variant.rules:
        return Ruling(
            True,
            _t(
                N_(
                    'This game charges nothing for cards held beyond their values: "%(cards)s" '
                    "count %(points)s against the side."
                ),
                cards=cards,
                points=points,
            ),
            "hand.points",
            points=0,
        )
    penalty = variant.held_penalty * len(held_ranks_of(variant, hand))
    if penalty:
        return Ruling(
            False,
            _t(
                N_(
                    'A player left holding "%(cards)s" costs the side %(penalty)s for three or '
                    "more of a rank the book penalises (once per player and rank), besides the "
                    "cards' own %(points)s."
                ),
                cards=cards,
                penalty=penalty,
                points=points,
            ),
            "hand.held",
            points=penalty,
        )
    return Ruling(
        True,
        _t(
            N_(
                '"%(cards)s" holds fewer than three of each rank the book penalises: no '
                "penalty, only the cards' own %(points)s."
            ),
            cards=cards,
            points=points,
        ),
        "hand.held",
        points=0,
    )
