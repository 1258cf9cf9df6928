"""Rulings on six moments of a hand the tables ask about (issue 44): a second meld of a rank,
the pile's cards toward an opening, asking the partner before going out, a special hand once
the side has melded, a card added where it has no meld to join, and the pile on the first turn
or past the turn card.

Each is computed from the variant's named values (one meld per rank, a meld's most and fewest
cards, whether the pile's top card counts, the partner's permission, the special hands, the
card turned up at the deal, the turn card), never matched to words.  Where the variant's book
does not decide the question, the function says so by returning None: "this rulebook does not
say" is an answer, never a guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import RANK_PLURALS, Card, Rank, format_cards
from .melds import Meld
from .play_rulings import _rank_meld, _t  # one per rank, found as the play rulings find it
from .problems import N_, Text
from .rulings import Ruling, check_meld
from .variant import CanastaKind, Variant

__all__ = [
    "KINDS_ASKED",
    "PARTNER_QUESTIONS",
    "check_canasta_kind_needed",
    "check_card_added",
    "check_concealed_going_out",
    "check_last_discard",
    "check_meld_every_card",
    "check_opponents_meld",
    "check_partner_permission",
    "check_pile_counts",
    "check_pile_frozen",
    "check_pile_turn",
    "check_red_threes_toward_opening",
    "wild_cards_allowed",
    "check_second_meld",
    "check_special_hand",
]

# What a player asks of the partner's permission: must it be asked before going out, does the
# answer bind; may a player go out without asking, or after the partner said no (the same two
# rules asked the other way round, as tables ask them: "Can I go out without asking my
# partner?", "My partner said no. Can I still go out?")
PARTNER_QUESTIONS = ("must_ask", "binding", "without_asking", "after_no")


def _closed(variant: Variant, meld: Meld) -> bool:
    """Whether ``meld`` holds the most cards a meld may hold (none where canastas grow on)."""
    return variant.max_meld_cards is not None and len(meld.cards) >= variant.max_meld_cards


def check_second_meld(variant: Variant, *, rank: Rank, melds: Sequence[Meld]) -> Ruling:
    """May a side whose melds on the table are ``melds`` start a new meld of ``rank``?

    Where a side has one meld of each rank (``one_meld_per_rank``), not while it has one:
    more cards of the rank join that meld, and once it is closed at the most cards a meld
    holds, the rank is dead for the side.  Where a side may have several, yes.
    """
    word = Text(RANK_PLURALS[rank])
    mine = _rank_meld(variant, rank, melds)
    if not variant.one_meld_per_rank:
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: in this game a side may have more than one meld of a rank, so a new "
                    "meld of %(rank)s may be started."
                ),
                rank=word,
            ),
            "meld.one-per-rank",
        )
    if mine is None:
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: your side has no meld of %(rank)s yet, so it may start one; after "
                    "that, more %(rank)s join that meld."
                ),
                rank=word,
            ),
            "meld.one-per-rank",
        )
    if _closed(variant, mine):
        return Ruling(
            False,
            _t(
                N_(
                    "No: your side's canasta of %(rank)s is closed at %(most)s cards and a side "
                    "has only one meld of each rank, so %(rank)s are dead for your side: no new "
                    "meld of them."
                ),
                rank=word,
                most=variant.max_meld_cards,
            ),
            "play.dead-rank" if "play.dead-rank" in variant.rules else "meld.one-per-rank",
        )
    return Ruling(
        False,
        _t(
            N_(
                "No: a side has only one meld of each rank; while your side has a meld of "
                "%(rank)s, more of them, natural or with a wild card, are added to it."
            ),
            rank=word,
        ),
        "meld.one-per-rank",
    )


def check_pile_counts(variant: Variant, *, top: bool) -> Ruling:
    """Do cards taken with the pile count toward a first meld's minimum: its ``top`` card
    (True), or the rest of the pile (False)?

    The top card counts where the book says so (``opening_counts_pile_top``); the rest of
    the pile is the player's only once the first meld is laid, so it never counts.
    """
    if not top:
        return Ruling(
            False,
            _t(
                N_(
                    "No: the rest of the pile is taken only once the first meld is down, so its "
                    "cards never count toward the minimum."
                )
            ),
            "opening.pile-top",
        )
    if variant.opening_counts_pile_top:
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: the pile's top card joins the first meld and counts toward the "
                    "minimum; the rest of the pile does not."
                )
            ),
            "opening.pile-top",
        )
    return Ruling(
        False,
        _t(
            N_(
                "No: neither the pile's top card nor the rest of the pile counts; the cards "
                "from your hand alone must reach the minimum."
            )
        ),
        "opening.pile-top",
    )


# The rules that may say a first meld's minimum leaves the threes out, the most specific first
_THREES_LEFT_OUT = ("opening.red-threes", "opening.minimum", "opening.canasta-bonus")


def check_red_threes_toward_opening(variant: Variant) -> Ruling | None:
    """Do red threes count toward a first meld's minimum?  Never: the minimum counts the melded
    cards' values (:func:`~.opening.check_opening`), and a red three is laid out, never
    melded.  The rule that says so is cited; None where the book says nothing of it."""
    for key in _THREES_LEFT_OUT:
        rule = variant.rules.get(key)
        if rule is not None and "three" in rule.text.lower():
            text = N_(
                "No: red threes never count toward the first meld's minimum; only the melded "
                "cards' values do."
            )
            return Ruling(False, _t(text), key)
    return None


def check_partner_permission(variant: Variant, *, players: int, question: str) -> Ruling | None:
    """The partner's permission to go out: ``question`` "must_ask" (must the player ask the
    partner before going out? a player going out without asking breaks a rule only then),
    "binding" (does the partner's answer bind the player?), "without_asking" (may the player
    go out without asking? yes unless the book says the partner must be asked) or "after_no"
    (may the player go out after asking and hearing no? never: the answer binds).  None where
    the game has no partners at that table or the book says nothing of asking
    (``partner_permission``).

    :raises ValueError: for a question not in :data:`PARTNER_QUESTIONS`.
    """
    if question not in PARTNER_QUESTIONS:
        raise ValueError(
            f"question must be one of {', '.join(PARTNER_QUESTIONS)}, not {question!r}"
        )
    permission = variant.partner_permission
    if permission is None or players not in (4, 6) or "going-out.partner" not in variant.rules:
        return None
    if question == "after_no":
        return Ruling(
            False,
            _t(
                N_(
                    "No: a player who asked the partner and heard no must play on: the answer "
                    "binds."
                )
            ),
            "going-out.partner",
        )
    if question == "without_asking":
        if permission == "must":
            return Ruling(
                False,
                _t(
                    N_(
                        "No: before going out a player must ask the partner, who must agree; "
                        "going out without asking breaks the rule."
                    )
                ),
                "going-out.partner",
            )
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: a player may go out without asking the partner; only an answer, once "
                    "asked for, binds."
                )
            ),
            "going-out.partner",
        )
    if question == "binding":
        return Ruling(
            True,
            _t(
                N_(
                    'Yes: a player who asks the partner "may I go out?" is bound by the answer: '
                    "yes, go out; no, play on."
                )
            ),
            "going-out.partner",
        )
    if permission == "must":
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: before going out a player must ask the partner, who must agree; going "
                    "out without asking breaks the rule."
                )
            ),
            "going-out.partner",
        )
    return Ruling(
        False,
        _t(
            N_(
                "No: a player may ask the partner before going out, but need not; going out "
                "without asking breaks no rule. An answer, once asked for, binds."
            )
        ),
        "going-out.partner",
    )


def check_special_hand(
    variant: Variant, *, side_melded: bool, right_after_partner: bool = False
) -> Ruling | None:
    """May a player still go out with a special hand (a straight, pairs, garbage)?
    ``side_melded``: the side already has melds on the table (the partner's first meld);
    ``right_after_partner``: this is the player's first turn after that first meld.  None in
    a game without special hands.
    """
    if not variant.special_hands or "going-out.special-hands" not in variant.rules:
        return None
    if not side_melded:
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: your side has not melded, so a special hand may be laid down all at "
                    "once as its first meld, going out."
                )
            ),
            "going-out.special-hands",
        )
    if variant.special_hand_after_partner and right_after_partner:
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: by the house rule of courtesy, a special hand still counts on your "
                    "first turn after your partner's first meld; your side's melds then do not "
                    "count."
                )
            ),
            "going-out.special-hands",
        )
    if variant.special_hand_after_partner:
        template = N_(
            "No: once your side has melded, a special hand counts only on your first turn "
            "right after your partner's first meld; later it is too late."
        )
    else:
        template = N_(
            "No: a special hand is laid down only as the side's first meld; once your side has "
            "melded, it is too late for one."
        )
    return Ruling(False, _t(template), "going-out.special-hands")


def check_last_discard(variant: Variant) -> Ruling:
    """Must a player going out keep a last card to discard ("Does the last card have to be a
    discard?")?  Yes where the book's going out needs one, else No (going out by melding every
    card)."""
    if variant.going_out_needs_discard:
        text = N_(
            "Yes: going out needs one card left to discard; a player may not meld every card."
        )
    else:
        text = N_("No: a player may go out by melding every card, with or without a last discard.")
    return Ruling(variant.going_out_needs_discard, _t(text), "going-out.discard")


def check_meld_every_card(variant: Variant) -> Ruling:
    """May a player go out by melding every card, with no last card to discard ("Can I go out
    without a discard?")?  The same rule as :func:`check_last_discard` asked the other way
    round: No where the book's going out needs a last discard, else Yes."""
    if variant.going_out_needs_discard:
        text = N_("No: going out needs one card left to discard; a player may not meld every card.")
    else:
        text = N_("Yes: a player may go out by melding every card, with no last discard.")
    return Ruling(not variant.going_out_needs_discard, _t(text), "going-out.discard")


def check_opponents_meld(variant: Variant) -> Ruling | None:
    """May a player add a card to the other side's melds ("Can I lay off my queen on their
    queens?")?  No in every book: a side's melds are its own, partners build them together
    (``play.partners``); None where the book has no such rule."""
    if "play.partners" not in variant.rules:
        return None
    text = N_("No: a side adds cards only to its own melds, never to the other side's.")
    return Ruling(False, _t(text), "play.partners")


def pile_always_frozen(variant: Variant) -> bool:
    """Whether the book takes the pile only one way, with natural cards from the hand matching
    its top card, as many whether a wild card lies in it or not: never by adding the top card
    to a meld on the table, nor with one natural card and a wild card (american, hand and
    foot: "the pile is always frozen")."""
    return (
        not variant.pickup_by_adding
        and not variant.pickup_natural_and_wild
        and variant.pickup_naturals == variant.crossed_pickup_naturals
    )


def check_pile_frozen(
    variant: Variant, *, wild_in: bool | None, opened: bool | None
) -> Ruling | None:
    """Is the pile frozen -- taken only with natural cards from the hand matching its top card
    ("Is the pile frozen all the time?", "If I throw a deuce, is the pile frozen?")?

    Always, where the book takes it no other way (:func:`pile_always_frozen`); else for
    everyone while a wild card lies in it (``wild_in``), where the book's wild cards freeze it
    (``pile_freezing``), and for a side that has not melded (``opened`` False); not for a
    side that has melded, no wild card in it.  None where what decides it is not told, or the
    book has no frozen pile."""
    if "pile.frozen" not in variant.rules:
        return None
    need = variant.crossed_pickup_naturals
    if pile_always_frozen(variant):
        text = N_(
            "Yes: in this game the pile is always frozen: it is taken only with %(need)s "
            "natural cards from the hand matching its top card."
        )
        return Ruling(True, _t(text, need=need), "pile.frozen")
    if wild_in and variant.pile_freezing:
        text = N_(
            "Yes: a wild card in the pile freezes it for everyone: it is then taken only with "
            "%(need)s natural cards from the hand matching its top card."
        )
        return Ruling(True, _t(text, need=need), "pile.frozen")
    if wild_in:
        return Ruling(
            False, _t(N_("No: in this game a wild card does not freeze the pile.")), "pile.frozen"
        )
    if opened is False and "pile.unopened" in variant.rules:
        text = N_(
            "Yes: until your side has melded the pile is frozen for it: it is taken only with "
            "%(need)s natural cards from the hand matching its top card."
        )
        return Ruling(True, _t(text, need=variant.pickup_naturals), "pile.unopened")
    if wild_in is False and opened:
        text = N_("No: with no wild card in it, the pile is not frozen for a side that has melded.")
        return Ruling(False, _t(text), "pile.frozen")
    return None


def wild_cards_allowed(variant: Variant) -> Ruling | None:
    """How many wild cards may a meld of natural cards hold ("How many wild cards can you have
    in a meld?")?  The book's most (``max_wild``), as ``points``; never more than its natural
    cards where the book says so.  None where the book has no rule of the wild cards' limit."""
    if "meld.wild-limit" not in variant.rules:
        return None
    if variant.wild_not_more_than_natural:
        text = N_(
            "A meld of natural cards holds at most %(most)s wild cards, and never more wild "
            "cards than natural ones."
        )
    else:
        text = N_("A meld of natural cards holds at most %(most)s wild cards.")
    most = variant.max_wild
    return Ruling(True, _t(text, most=most), "meld.wild-limit", points=most)


# The kinds of canasta a player asks going out to need, by the words `referee check` and the
# ask engine name them: None for a "special" one (of sevens, aces or wild cards), no plain kind
KINDS_ASKED: dict[str, CanastaKind | None] = {
    "natural": CanastaKind.NATURAL,
    "mixed": CanastaKind.MIXED,
    "wild": CanastaKind.WILD,
    "special": None,
}


def check_canasta_kind_needed(
    variant: Variant, *, kind: CanastaKind | None, players: int, without: bool = False
) -> Ruling | None:
    """Must a side have a canasta of ``kind`` to go out ("Do you need a natural canasta to go
    out?"; None: a "special" one -- of sevens, of aces, of wild cards -- which no plain kind
    names)?  Yes where the book's going out names that kind (``going_out_kinds``), else No:
    any canastas, as many as it needs, do.  ``without``: asked the other way round, may a side
    go out without one ("can you go out without a wild card canasta?").  None where the book
    has no such rule, or a special canasta is asked of a book whose going out names kinds."""
    if "going-out.canastas" not in variant.rules:
        return None
    count = variant.going_out_canastas.get(players)
    if count is None:
        count = variant.going_out_canastas.get(variant.default_players)
    needed = variant.going_out_kinds.get(kind, 0) if kind is not None else 0
    if needed:
        if without:
            text = N_("No: going out needs %(needed)s of this kind of canasta.")
        else:
            text = N_("Yes: going out needs %(needed)s of this kind of canasta.")
        return Ruling(not without, _t(text, needed=needed), "going-out.canastas")
    if variant.going_out_kinds:
        if kind is None:
            return None
        if without:
            text = N_("Yes: this kind of canasta is not among those going out needs.")
        else:
            text = N_("No: this kind of canasta is not among those going out needs.")
        return Ruling(without, _t(text), "going-out.canastas")
    if count is None:
        return None
    if without:
        text = N_(
            "Yes: a side may go out without it: going out needs %(count)s canastas, of any kind."
        )
    else:
        text = N_("No: going out needs %(count)s canastas, of any kind.")
    return Ruling(without, _t(text, count=count), "going-out.canastas")


def check_concealed_going_out(variant: Variant) -> Ruling:
    """May a player go out concealed, melding every card in one turn (the going out's other
    needs, its canastas, as ever)?  Yes with what it scores where the book has it (its bonus,
    or the ordinary one where it adds nothing), else No."""
    rule = "going-out.concealed" if "going-out.concealed" in variant.rules else "going-out.bonus"
    bonus = variant.concealed_going_out_bonus
    if bonus is None:
        return Ruling(False, _t(N_("No: this game has no going out concealed.")), rule)
    if bonus > variant.going_out_bonus:
        text = _t(
            N_(
                "Yes: a player may go out concealed, melding every card in one turn with the "
                "canastas going out needs; it scores %(bonus)s instead of %(ordinary)s."
            ),
            bonus=bonus,
            ordinary=variant.going_out_bonus,
        )
    else:
        text = _t(
            N_(
                "Yes: a player may go out concealed, melding every card in one turn with the "
                "canastas going out needs; it scores the ordinary %(bonus)s, nothing more."
            ),
            bonus=bonus,
        )
    return Ruling(True, text, rule)


def check_card_added(
    variant: Variant, *, card: Card, melds: Sequence[Meld], going_out: bool = False
) -> Ruling:
    """May a natural ``card`` be added to the side's ``melds`` (as the player goes out, with
    ``going_out``)?  It joins the side's meld of its rank, within the meld's limits (a closed
    canasta takes no eighth card); with no meld of its rank it joins nothing, since a new meld
    needs more cards than one.

    :raises ValueError: for a wild card or a three (a wild card joining a meld is
        ``check_wild_card``'s; a three is never melded here).
    """
    if not card.is_natural or card.rank is Rank.THREE:
        raise ValueError(f"card must be a natural card from 4 to A, not {card.symbol()!r}")
    mine = _rank_meld(variant, card.rank, melds)
    if mine is None:
        return Ruling(
            False,
            _t(
                N_(
                    "No: a card is added only to a meld of its own rank, and your side has no "
                    "meld of %(rank)s; a new meld needs at least %(fewest)s cards."
                ),
                rank=Text(RANK_PLURALS[card.rank]),
                fewest=variant.min_meld_cards,
            ),
            "meld.min-cards",
        )
    grown = Meld((*mine.cards, card))
    ruling = check_meld(variant, grown, going_out=going_out)
    if not ruling.allowed:
        return ruling
    return Ruling(
        True,
        _t(
            N_('Yes: the %(card)s joins your side\'s meld, which becomes "%(meld)s".'),
            card=card.symbol(),
            meld=format_cards(grown.cards),
        ),
        ruling.rule,
        points=ruling.points,
    )


def check_pile_turn(
    variant: Variant, *, first_turn: bool = False, past_turn_card: bool = False
) -> Ruling | None:
    """May the pile be taken at this moment: on the hand's ``first_turn`` (the first player's,
    before anyone has discarded), or once play is ``past_turn_card``?  The usual conditions of
    the pile (a natural pair matching its top card, ...) still hold: this rules on the moment
    alone.  None where the book has no turn card and the moment asked is the turn card.
    """
    if first_turn:
        if not variant.upcard:
            return Ruling(
                False,
                _t(
                    N_(
                        "No: no card is turned up at the deal, so the pile is empty on the "
                        "first turn: the first player draws from the stock."
                    )
                ),
                "deal.upcard",
            )
        if variant.no_pickup_first_round:
            return Ruling(
                False,
                _t(N_("No: nobody may take the pile until every player has discarded once.")),
                "pile.first-round",
            )
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: the card turned up at the deal starts the pile, and the first player "
                    "may take it on the usual conditions of the pile."
                )
            ),
            "deal.upcard",
        )
    if past_turn_card:
        if variant.turn_card is None or "play.turn-card" not in variant.rules:
            return None
        return Ruling(
            True,
            _t(
                N_(
                    "Yes: the turn card changes only the bonus cards and going out; the pile is "
                    "taken as before, on its usual conditions."
                )
            ),
            "play.turn-card",
        )
    return None
