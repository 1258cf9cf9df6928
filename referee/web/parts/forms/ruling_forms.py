"""The referee's questions: one small form per question (a meld, an opening, taking the
pile, going out, and the play rules: a wild card, a discard, a dead rank, bonus cards, the
stock out, a penalty, cards held, a special hand, what a hand scores), and the rules they are
asked under."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, Optional

from ....match.vocabulary import WORDS
from ....rules import PRESETS, CanastaKind, RedThreeCondition, Variant
from ....rules.hand import SPECIAL_HAND_NAMES
from ....rules.play_rulings import IRREGULARITIES
from .base import (
    Between,
    FlaskForm,
    Form,
    Integer,
    count_field,
    house_rule_fields,
    points_field,
)
from .hand_forms import UNFINISHED_LABELS

PLAYER_COUNTS = (2, 3, 4, 6)

CARDS_KW = {"autocapitalize": "characters", "spellcheck": "false", "autocomplete": "off"}
MELDS_KW = {"rows": 3, **CARDS_KW}


class RulesChoiceForm(Form):
    """Which preset, how many players and which house rules the referee answers for (GET)."""

    variant = SelectField(
        _l("Rules"),
        id="preset",  # the new-match form's id: app.js keeps players and house rules in step
        choices=[
            SelectChoice(
                v.id, _l(v.name), render_kw={"data-players": " ".join(map(str, v.players))}
            )
            for v in PRESETS.values()
        ],
        default="classic",
        validate_choice=False,  # an unknown preset is named in the view's own message
    )
    players = SelectField(
        _l("Players"),
        choices=[SelectChoice(str(n), _l("%(n)s players", n=n)) for n in PLAYER_COUNTS],
        validate_choice=False,
    )
    house = HiddenField(default="1")  # present: the house-rule boxes below were sent as ticked


def _build_rules_choice_form() -> type[Form]:
    return type("RulesChoiceForm", (RulesChoiceForm,), house_rule_fields())


RulesChoice = _build_rules_choice_form()


def _cards(label: Any, high: int = 200, *, required: bool = False) -> StringField:
    # Only the length here: whether it is card notation is the rules core's to say.
    validators = [InputRequired()] if required else [Optional()]
    return StringField(label, validators=[*validators, Length(max=high)], render_kw=CARDS_KW)


def _melds(label: Any) -> TextAreaField:
    return TextAreaField(label, validators=[Length(max=2000)], render_kw=MELDS_KW)


def _score() -> IntegerField:
    return Integer(
        _l("Your side's match total"),
        default=0,
        validators=[Optional(), Between(-100_000, 100_000)],
        render_kw={"inputmode": "numeric", "step": 5},
    )


def _failed() -> IntegerField:
    return Integer(
        _l("Failed opening attempts this hand"),
        default=0,
        validators=[Optional(), Between(0, 20)],
        render_kw={"min": 0, "max": 20},
    )


# The hand's number in the match.  Its field keeps the name the pages have always posted,
# round_number, as the JSON contract keeps its "round": a round is a tournament's now.
def _hand_number() -> IntegerField:
    return Integer(
        _l("Which hand of the match this is"),
        default=1,
        validators=[Optional(), Between(1, 1000)],
        render_kw={"inputmode": "numeric", "min": 1},
    )


class MeldQuestion(FlaskForm):
    cards = _cards(_l("The meld"), required=True)
    going_out = BooleanField(_l("Laid while going out"))


class OpeningQuestion(FlaskForm):
    score = _score()
    round_number = _hand_number()
    melds = _melds(_l("The opening melds, one per line"))
    pile_top = _cards(_l("Top card of the pile, if taking it"), 10)
    failed_attempts = _failed()
    going_out = BooleanField(_l("Going out with this first meld"))


class PickupQuestion(FlaskForm):
    top = _cards(_l("Top card of the pile"), 10, required=True)
    frozen = BooleanField(_l("The pile is frozen (a wild card or red three in it)"))
    hand = _cards(_l("Your hand"), 300)
    melds = _melds(_l("Your side's melds, one per line (none: not opened yet)"))
    other_melds = _melds(_l("The other side's melds, one per line"))
    score = _score()
    round_number = _hand_number()
    failed_attempts = _failed()
    pile_size = Integer(
        _l("Cards in the pile"),
        validators=[Optional(), Between(1, 216)],
        render_kw={"inputmode": "numeric", "min": 1},
    )
    first_round = BooleanField(_l("Not everyone has discarded yet"))
    going_out = BooleanField(_l("Taking a black three to go out"))


class GoOutQuestion(FlaskForm):
    melds = _melds(_l("Your side's melds after this turn, one per line"))
    hand = _cards(_l("Cards left in your hand (none, or one to discard)"), 300)
    concealed = BooleanField(_l("Going out concealed (all at once, from the hand)"))


class WildCardQuestion(FlaskForm):
    meld = _cards(_l("The meld on the table"), required=True)
    opening = BooleanField(_l("The wild card goes in with your side's first meld"))


class DiscardQuestion(FlaskForm):
    card = _cards(_l("The card to discard"), 10, required=True)
    hand = _cards(_l("Your hand, the discard among it"), 300)
    pile_empty = BooleanField(_l("The pile is empty"))


class DeadRankQuestion(FlaskForm):
    rank = _cards(_l("The rank, such as K"), 10, required=True)
    action = SelectField(
        _l("What you want to do with it"),
        choices=[
            SelectChoice("meld", _l("Meld it")),
            SelectChoice("discard", _l("Discard it")),
            SelectChoice("pickup", _l("Take the pile with it on top")),
        ],
        default="meld",
    )
    melds = _melds(_l("Your side's melds, one per line"))
    other_melds = _melds(_l("The other side's melds, one per line"))
    pile_empty = BooleanField(_l("The pile is empty"))


class BonusCardsQuestion(FlaskForm):
    first_side = BooleanField(_l("Your side is the first of the table to meld"), default=True)
    took_pile = BooleanField(_l("The first meld took the pile"))
    past_turn_card = BooleanField(_l("Play had reached the turn card"))
    opened_before = BooleanField(_l("Your side had already made its first meld"))
    late = BooleanField(_l("They were not drawn at the end of that turn"))


class StockOutQuestion(FlaskForm):
    red_three = BooleanField(_l("The last card of the stock was a red three"))
    top = _cards(_l("Top card of the pile"), 10)
    hand = _cards(_l("Your hand"), 300)
    melds = _melds(_l("Your side's melds, one per line (none: not opened yet)"))
    frozen = BooleanField(_l("The pile is frozen (a wild card or red three in it)"))
    score = _score()


class PenaltyQuestion(FlaskForm):
    irregularity = SelectField(
        _l("What happened"),
        choices=[SelectChoice(key, _l(words)) for key, words in IRREGULARITIES.items()],
        default="mismeld",
    )


class HeldQuestion(FlaskForm):
    hand = _cards(_l("One player's cards left in hand at the hand's end"), 300, required=True)


class HandScoreQuestion(FlaskForm):
    """A side's hand by its items (issue 44): a count per kind of canasta (those of the
    table's game are kept, each labelled in its words: :func:`question_forms`), the threes,
    going out, the cards' points where the player has counted them, and the events only some
    games score (kept where the table's game scores them, as on the match's hand form)."""

    red_threes = count_field(_l("Red threes laid out"), 24)
    black_threes = count_field(_l("Black threes laid out"), 24)
    went_out = BooleanField(_l("Went out"))
    concealed = BooleanField(_l("Went out concealed"))
    black_threes_out = count_field(_l("Black threes melded in going out"), 8)
    melded = BooleanField(_l("Your side has melded (with or without a canasta)"))
    # of the canastas, those laid from the hand at once, where the game pays more for that
    concealed_natural = count_field(_l("Natural ones laid from the hand at once"), 20)
    concealed_mixed = count_field(_l("Mixed ones laid from the hand at once"), 20)
    meld_points = points_field(_l("Points of all melded cards"), 20_000)
    hand_points = points_field(_l("Points of cards left in hand"), 5_000)
    # The events only some games score, labelled as the match's hand form labels them.
    undeclared_red_threes = count_field(_l("Red threes not declared"), 8)  # in the game's words
    escalas = count_field(_l("Escalas (seven of a suit, no wild card)"), 8)
    escalas_real = count_field(_l("Escalas reales (4 to ace of a suit)"), 4)
    first_pickup = BooleanField(_l("Went out on the first pickup"))
    special_hand = SelectField(
        _l("Went out with a special hand"),
        choices=[],  # the game's own: _hand_score_words
        default="",
        validate_choice=False,  # a name the game has not: the rules core says so
    )
    acabar = SelectField(
        _l("Acabar"),
        choices=[
            SelectChoice("", _l("Nobody called it")),
            SelectChoice("us", _l("Your side called it")),
            SelectChoice("them", _l("The other side called it")),
        ],
        default="",
        validators=[Optional()],
    )
    exact_cut = BooleanField(_l("Exact cut"))
    held_sets = count_field(_l("Players left holding three or more aces or sevens"), 8)
    penalties = count_field(_l("Penalties"), 20)  # labelled with its game's points


class SpecialHandQuestion(FlaskForm):
    side_melded = BooleanField(_l("Your side has already melded (your partner's first meld)"))
    right_after_partner = BooleanField(
        _l("This is your first turn right after your partner's first meld")
    )


for _kind in CanastaKind:  # labelled per game by question_forms
    setattr(HandScoreQuestion, f"canastas_{_kind.value}", count_field(_kind.value, 20))
for _kind, _label in UNFINISHED_LABELS.items():
    setattr(HandScoreQuestion, f"unfinished_{_kind.value}", count_field(_label, 8))


QUESTION_FORMS: dict[str, type[FlaskForm]] = {
    "meld": MeldQuestion,
    "opening": OpeningQuestion,
    "pickup": PickupQuestion,
    "go_out": GoOutQuestion,
    "wild_card": WildCardQuestion,
    "discard": DiscardQuestion,
    "dead_rank": DeadRankQuestion,
    "bonus_cards": BonusCardsQuestion,
    "stock_out": StockOutQuestion,
    "penalty": PenaltyQuestion,
    "held": HeldQuestion,
    "hand_score": HandScoreQuestion,
    "special_hand": SpecialHandQuestion,
}


def _laid(variant: Variant) -> bool:
    """Whether a canasta laid from the hand at once scores more (spanish, dutch's house rule)."""
    return variant.concealed_canasta_bonus is not None or variant.hand_canasta_doubles


def offered_questions(variant: Variant) -> tuple[str, ...]:
    """The questions the referee page asks under ``variant``: the four of every game, and the
    play rules where its book has them (the rule of five, the discard's limits, a rank closed
    at a meld's most cards, bonus cards, the stock running out, a penalty, sevens or aces held,
    a special hand once the side has melded), and what a hand scores."""
    extra = {
        "wild_card": variant.rule_of_five is not None,
        "discard": bool(variant.wild_discard_last or variant.empty_pile_no_discard),
        "dead_rank": variant.max_meld_cards is not None and variant.one_meld_per_rank,
        "bonus_cards": bool(variant.bonus_cards),
        "stock_out": "play.stock-out" in variant.rules,
        "penalty": bool(variant.penalty_points or variant.failed_opening_step),
        # sevens or aces held at the hand's end (american): check_held's own condition
        "held": bool(variant.held_penalty and variant.held_ranks and "hand.held" in variant.rules),
        # going out with a special hand once the side has melded: check_special_hand's own
        "special_hand": bool(variant.special_hands and "going-out.special-hands" in variant.rules),
    }
    return tuple(q for q in QUESTION_FORMS if extra.get(q, True))


def _relevant(variant: Variant) -> dict[str, dict[str, bool]]:
    # Each switch's field is shown only where the rules make it matter.
    return {
        "meld": {"going_out": variant.black_threes_when_going_out},
        "opening": {
            "score": not variant.opening_by_round,
            "round_number": bool(variant.opening_by_round),
            "failed_attempts": bool(variant.failed_opening_step),
            "going_out": variant.opening_waived_going_out,
        },
        "pickup": {
            "score": not variant.opening_by_round,
            "round_number": bool(variant.opening_by_round),
            "failed_attempts": bool(variant.failed_opening_step),
            "pile_size": variant.one_card_single_pile,
            "first_round": variant.no_pickup_first_round,
            "going_out": variant.black_three_pickup_going_out,
            "frozen": variant.pile_freezing,
            # a rank the other side closed is dead: nobody takes the pile with it
            "other_melds": variant.max_meld_cards is not None and variant.one_meld_per_rank,
        },
        "go_out": {},
        "wild_card": {},
        "discard": {"pile_empty": bool(variant.empty_pile_no_discard)},
        "dead_rank": {},
        "bonus_cards": {
            "past_turn_card": variant.turn_card is not None,
            "took_pile": not variant.bonus_cards_with_pile,
        },
        "stock_out": {
            "score": not variant.opening_by_round,
            "frozen": variant.pile_freezing,
        },
        "penalty": {},
        "held": {},
        "hand_score": {
            **{f"canastas_{k.value}": k in variant.canasta_bonus for k in CanastaKind},
            "black_threes": variant.black_threes_laid_out,
            "concealed": variant.concealed_going_out_bonus is not None,
            "black_threes_out": bool(variant.black_three_going_out_bonus),  # czech fast
            # the threes' sign where the side has no canasta: counted once it has melded
            "melded": variant.red_threes_count_if is RedThreeCondition.MELD,
            **dict.fromkeys(("concealed_natural", "concealed_mixed"), _laid(variant)),
            # the events only some games score: only those of the table's game
            "undeclared_red_threes": bool(variant.undeclared_red_three_penalty),
            **dict.fromkeys(("escalas", "escalas_real"), variant.escalas),
            "first_pickup": variant.first_pickup_going_out_bonus is not None,
            "special_hand": bool(variant.special_hands),
            "acabar": variant.acabar_points is not None,
            "exact_cut": variant.exact_cut_bonus is not None,
            "held_sets": bool(variant.held_penalty),
            "penalties": bool(variant.penalty_points),
            **{f"unfinished_{k.value}": k in variant.unfinished_penalty for k in UNFINISHED_LABELS},
        },
        # the first turn after the partner's meld matters only by the house rule of courtesy
        "special_hand": {"right_after_partner": variant.special_hand_after_partner},
    }


def question_forms(
    variant: Variant,
    posted: str | None,
    filled: str | None = None,
    prefill: Mapping[str, Any] | None = None,
) -> dict[str, FlaskForm]:
    """The question forms for ``variant``, each under its own prefix; only ``posted``
    reads the request, and ``filled`` reads ``prefill`` (a ruling's link: the fields in the
    address, shown for the player to ask)."""
    forms = {}
    for question, cls in QUESTION_FORMS.items():
        kwargs: dict[str, Any] = {"prefix": question}
        if question == filled and question != posted and prefill is not None:
            kwargs["formdata"] = prefill
        elif question != posted:
            kwargs["formdata"] = None
        form = cls(**kwargs)
        for name, shown in _relevant(variant)[question].items():
            if not shown:
                delattr(form, name)
        if question == "hand_score":
            _hand_score_words(form, variant)
        forms[question] = form
    return forms


def _hand_score_words(form: FlaskForm, variant: Variant) -> None:
    """The hand form's items in the game's own words: each kind of canasta, the cards and the
    red threes left (hand and foot's in hand or foot), the special hands it has and what its
    book charges for an irregularity."""
    words = WORDS[variant.vocabulary]
    for kind in variant.canasta_bonus:
        form[f"canastas_{kind.value}"].label.text = gettext(words.counts[kind])
    form.hand_points.label.text = gettext(words.left_points)
    if "undeclared_red_threes" in form:
        form.undeclared_red_threes.label.text = gettext(words.red_threes_left)
    if "special_hand" in form:
        form.special_hand.choices = [SelectChoice("", _l("No special hand"))] + [
            SelectChoice(key, _l(SPECIAL_HAND_NAMES.get(key, key))) for key in variant.special_hands
        ]
    if "penalties" in form:
        form.penalties.label.text = gettext(
            "Penalties of %(points)s for an irregularity", points=variant.penalty_points
        )
