"""The referee page's question forms, read into the rules core's rulings.

Each form's fields become the cards, melds and flags a ruling of :mod:`referee.rules.rulings`,
:mod:`referee.rules.play_rulings`, :mod:`referee.rules.moment_rulings` (a special hand) or
:mod:`referee.rules.hand_items` (what a hand scores) takes, as ``referee check`` gives them;
a field the core cannot read gets its error here, on the field, and no ruling is made.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm

from ...rules import (
    CanastaKind,
    Card,
    Meld,
    NotationError,
    Rank,
    Variant,
    check_opening,
    meld_lines,
    parse_cards,
)
from ...rules.hand_items import HandItems, check_hand_score
from ...rules.melds import CONCEALABLE
from ...rules.moment_rulings import check_special_hand
from ...rules.play_rulings import check_dead_rank, check_held, check_penalty, check_stock_out
from ...rules.rulings import (
    check_bonus_cards,
    check_discard,
    check_going_out,
    check_meld,
    check_pickup,
    check_wild_card,
)
from ..plumbing.locale import number

__all__ = ["judge"]

# the play rules' questions, asked where the table's book has them
PLAY_QUESTIONS = (
    "wild_card",
    "discard",
    "dead_rank",
    "bonus_cards",
    "stock_out",
    "penalty",
    "held",
)


def _cards(form: FlaskForm, name: str, *, one: bool = False) -> tuple[Card, ...] | None:
    """The field's cards as the core reads them; what it cannot read goes on the field."""
    field = form[name]
    try:
        cards = parse_cards((field.data or "").strip())
    except NotationError as error:
        field.errors.append(
            _("Not card notation: %(problem)s.", problem=error.words.render(_, number))
        )
        return None
    if one and len(cards) != 1:
        field.errors.append(_("Give one card, such as K or 7."))
        return None
    return cards


def _given(form: FlaskForm, name: str, missing: str) -> tuple[Card, ...] | None:
    """The field's cards (:func:`_cards`), ``missing`` on the field where it was left empty;
    None where there are none to rule on."""
    cards = _cards(form, name)
    if cards == ():
        form[name].errors.append(missing)
    return cards or None


def _melds(form: FlaskForm, name: str = "melds") -> list[Meld] | None:
    field = form[name]
    melds = []
    for n, line in enumerate(meld_lines(field.data), 1):
        try:
            melds.append(Meld(parse_cards(line)))
        except NotationError as error:
            message = _(
                "Meld %(n)s is not card notation: %(problem)s.",
                n=n,
                problem=error.words.render(_, number),
            )
            field.errors.append(message)
    return None if field.errors else melds


def _flag(form: FlaskForm, name: str) -> bool:
    return name in form and bool(form[name].data)


def _number(form: FlaskForm, name: str) -> int | None:
    return form[name].data if name in form else None


def _choice(form: FlaskForm, name: str) -> str:
    return (form[name].data or "") if name in form else ""


def _hand_items(form: FlaskForm, variant: Variant) -> HandItems:
    """The hand form's items as the core scores them: a count left empty is none, points left
    empty are not told; going out with a special hand or on the first pickup is going out."""
    canastas = {
        kind: _number(form, f"canastas_{kind.value}") or 0 for kind in variant.canasta_bonus
    }
    special = _choice(form, "special_hand")
    first_pickup = _flag(form, "first_pickup")
    acabar = _choice(form, "acabar")
    return HandItems(
        {kind: n for kind, n in canastas.items() if n},
        red_threes=_number(form, "red_threes") or 0,
        black_threes=_number(form, "black_threes") or 0,
        went_out=_flag(form, "went_out") or bool(special) or first_pickup,
        concealed=_flag(form, "concealed"),
        melded=_flag(form, "melded"),
        meld_points=_number(form, "meld_points"),
        hand_points=_number(form, "hand_points"),
        black_threes_out=_number(form, "black_threes_out") or 0,
        concealed_canastas={
            kind: n for kind in CONCEALABLE if (n := _number(form, f"concealed_{kind.value}") or 0)
        },
        undeclared_red_threes=_number(form, "undeclared_red_threes") or 0,
        acabar=acabar == "us",
        other_acabar=acabar == "them",
        exact_cut=_flag(form, "exact_cut"),
        first_pickup=first_pickup,
        held_sets=_number(form, "held_sets") or 0,
        penalties=_number(form, "penalties") or 0,
        special_hand=special or None,
        escalas=_number(form, "escalas") or 0,
        escalas_real=_number(form, "escalas_real") or 0,
        unfinished={
            kind: n for kind in CanastaKind if (n := _number(form, f"unfinished_{kind.value}") or 0)
        },
    )


def judge(question: str, form: FlaskForm, variant: Variant, players: int) -> Any:
    """The core's ruling on the question as typed, or None when a field could not be read."""
    if question == "meld":
        cards = _given(form, "cards", _("Give the cards of the meld."))
        if cards is None:
            return None
        return check_meld(variant, Meld(cards), going_out=_flag(form, "going_out"))
    if question in PLAY_QUESTIONS:
        return _judge_play(question, form, variant, players)
    if question == "hand_score":
        return check_hand_score(variant, players, _hand_items(form, variant))
    if question == "special_hand":
        return check_special_hand(
            variant,
            side_melded=_flag(form, "side_melded"),
            right_after_partner=_flag(form, "right_after_partner"),
        )
    melds = _melds(form)
    failed = _number(form, "failed_attempts") or 0
    if question == "opening":
        top = _cards(form, "pile_top", one=True) if (form.pile_top.data or "").strip() else ()
        if melds is None or top is None:
            return None
        return check_opening(
            variant,
            _number(form, "score") or 0,
            melds,
            pile_top=top[0] if top else None,
            failed_attempts=failed,
            going_out=_flag(form, "going_out"),
            players=players,
            hand_number=_number(form, "round_number"),
        )
    hand = _cards(form, "hand")
    if question == "pickup":
        top = _cards(form, "top", one=True)
        other = _melds(form, "other_melds") if "other_melds" in form else []
        if melds is None or hand is None or top is None or other is None:
            return None
        return check_pickup(
            variant,
            top=top[0],
            frozen=_flag(form, "frozen"),
            stopped=False,  # a black three on top says it
            hand=hand,
            melds=melds,
            score=_number(form, "score") or 0,
            pile_size=_number(form, "pile_size"),
            first_round=_flag(form, "first_round"),
            going_out=_flag(form, "going_out"),
            failed_attempts=failed,
            hand_number=_number(form, "round_number"),
            other_melds=other,
        )
    if melds is None or hand is None:
        return None
    return check_going_out(
        variant, players=players, melds=melds, hand=hand, concealed=_flag(form, "concealed")
    )


def _judge_play(question: str, form: FlaskForm, variant: Variant, players: int) -> Any:
    """The play rules' rulings (the rule of five, a discard, a dead rank, bonus cards, the
    stock out, a penalty, cards held)."""
    if question == "bonus_cards":
        return check_bonus_cards(
            variant,
            first_side=_flag(form, "first_side"),
            took_pile=_flag(form, "took_pile"),
            past_turn_card=_flag(form, "past_turn_card"),
            opened_before=_flag(form, "opened_before"),
            late=_flag(form, "late"),
        )
    if question == "penalty":
        return check_penalty(variant, irregularity=form.irregularity.data)
    if question == "held":
        hand = _given(form, "hand", _("Give the cards left in the hand."))
        if hand is None:
            return None
        return check_held(variant, hand=hand)
    if question == "wild_card":
        cards = _given(form, "meld", _("Give the cards of the meld."))
        if cards is None:
            return None
        return check_wild_card(variant, meld=Meld(cards), opening=_flag(form, "opening"))
    if question == "discard":
        card = _cards(form, "card", one=True)
        hand = _cards(form, "hand")
        if not card or hand is None:
            return None
        return check_discard(variant, card=card[0], hand=hand, pile_empty=_flag(form, "pile_empty"))
    melds = _melds(form)
    if question == "dead_rank":
        rank = _cards(form, "rank", one=True)
        other = _melds(form, "other_melds")
        if rank and (rank[0].is_wild or rank[0].rank is Rank.THREE):
            form["rank"].errors.append(_("Give a natural rank, from 4 to A."))
            return None
        if melds is None or other is None or not rank:
            return None
        return check_dead_rank(
            variant,
            rank=rank[0].rank,
            action=form.action.data,
            melds=melds,
            other_melds=other,
            players=players,
            pile_empty=_flag(form, "pile_empty"),
        )
    red_three = _flag(form, "red_three")
    top = _cards(form, "top", one=True) if (form.top.data or "").strip() else ()
    hand = _cards(form, "hand")
    if melds is None or hand is None or top is None:
        return None
    if not top and not red_three:
        form["top"].errors.append(_("Give the top card of the pile, or tick the red three."))
        return None
    return check_stock_out(
        variant,
        top=top[0] if top else None,
        hand=hand,
        melds=melds,
        frozen=_flag(form, "frozen"),
        red_three=red_three,
        score=_number(form, "score") or 0,
    )
