"""Every form of the app. Validators check shape only; the rules go through the core.

The hand form depends on the match's rules (which canasta kinds and events the
variant has), so it is built per match by :func:`hand_form`.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, NamedTuple

from babel.support import NullTranslations, Translations
from flask import request
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm as _FlaskForm
from flask_wtf.file import FileField, FileRequired
from flask_wtf.form import SUBMIT_METHODS, _Auto
from werkzeug.datastructures import CombinedMultiDict, MultiDict
from wtforms import (
    BooleanField,
    FormField,
    HiddenField,
    IntegerField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms import Form as _Form
from wtforms.i18n import messages_path
from wtforms.validators import (
    AnyOf,
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    Regexp,
    StopValidation,
    ValidationError,
)

from ...match.plaintext import control_character
from ...match.vocabulary import WORDS
from ...rules import PRESETS, CanastaKind, Rank, Variant, Vocabulary
from ...rules.hand import hand_costs
from ..plumbing.locale import language

PLAYER_COUNTS = (2, 3, 4, 6)
MAX_SIDES = 3
PLAYERS_PER_SIDE = 3
MAX_SEATS = 6
NOTE_LENGTH = 200  # a hand's note: a line or two
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"


class PlainText:
    """A name or a note is text: no control character (NUL, ESC, BEL, backspace, DEL, C1);
    ``lines``: tabs and line breaks are allowed (a box with a line per item).  The message
    names the field; what was typed stays in it, to be corrected."""

    def __init__(self, lines: bool = False) -> None:
        self.lines = lines

    def __call__(self, form: Any, field: Any) -> None:
        if field.data and control_character(field.data, lines=self.lines) is not None:
            raise ValidationError(
                gettext(
                    "%(field)s holds a control character (such as NUL, ESC or a backspace): "
                    "take it out.",
                    field=field.label.text,
                )
            )


# Canasta's own words for each kind (a group's statistics count them across its games).
KIND_LABELS = {kind: _l(text) for kind, text in WORDS[Vocabulary.CANASTA].counts.items()}
# Unfinished melds that cost a penalty (american), counted in quick entry.
UNFINISHED_LABELS = {
    CanastaKind.SEVENS: _l("Unfinished melds of sevens"),
    CanastaKind.ACES: _l("Unfinished melds of aces"),
    CanastaKind.WILD_TWOS: _l("Unfinished melds of twos only"),
    CanastaKind.WILD_JOKERS: _l("Unfinished wild melds with four jokers"),
    CanastaKind.WILD_DEUCES: _l("Unfinished wild melds"),
    CanastaKind.WILD: _l("Unfinished wild melds"),
}


# Saves 0.89 ms (23 %) of the 3.92 ms hand form, 0.77 ms (12 %) of a hand POST and its
# page (bench/bench_caches.py, 2026-11-25).  Unbounded but small: one catalogue per
# language the app speaks (six: the locale selector answers no other code).
@cache
def _wtforms_catalogue(code: str) -> NullTranslations:
    # WTForms ships Czech as cs_CZ; the others under the bare language code.
    return Translations.load(messages_path(), [code, f"{code}_{code.upper()}"], domain="wtforms")


class _WTFormsMessages:
    """WTForms' own messages ("Not a valid integer value.") in the page's language.

    Flask-WTF's equivalent reads the catalogue from disk on every request, and only
    for its own forms; this one is read once per language, for sub-forms too.
    """

    def gettext(self, string: str) -> str:
        return str(_wtforms_catalogue(language()[0]).ugettext(string))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return str(_wtforms_catalogue(language()[0]).ungettext(singular, plural, n))


_MESSAGES = _WTFormsMessages()


class Form(_Form):
    """A form without CSRF (GET forms, sections of a bigger form), in the page's language."""

    class Meta:
        def get_translations(self, form: Any) -> _WTFormsMessages:
            return _MESSAGES


class FlaskForm(_FlaskForm):
    """A form with Flask-WTF's CSRF protection, in the page's language.

    It reads the posted form (and files) only: Flask-WTF would also take a JSON body
    as form data, which no page sends and which a list or a deep nest turned into a
    traceback.
    """

    class Meta:
        def get_translations(self, form: Any) -> _WTFormsMessages:
            return _MESSAGES

        def wrap_formdata(self, form: Any, formdata: Any) -> Any:
            if formdata is not _Auto:
                return formdata
            if request.method not in SUBMIT_METHODS:
                return None
            if request.files:
                return CombinedMultiDict((request.files, request.form))
            return request.form or None


def once() -> str | None:
    """The one-time token a delete, undo or rematch form carries (older pages sent none)."""
    sent = request.form.get("token", "")
    return sent if 16 <= len(sent) <= 64 else None


DIGITS = 9  # no count, score or target has more; longer numbers are refused before int()


class Integer(IntegerField):
    """A whole number within its NumberRange, whatever was typed.

    WTForms' NumberRange turns the number into a float first, which overflows on
    a few hundred digits; here a number with more digits than any bound is refused
    with the range's own message, and what was typed stays in the field.
    """

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist and len(str(valuelist[0]).strip().lstrip("+-").lstrip("0")) > DIGITS:
            self.data = None
            raise ValueError(_range_message(self))
        super().process_formdata(valuelist)

    def pre_validate(self, form: Any) -> None:
        # What was typed is no number, and the field said so: the range has nothing to add
        # (it said the same again).  Nothing typed goes on to Optional and InputRequired.
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()


# WTForms' own wording, translated by WTForms' catalogue (not ours: kept out of extraction).
_BETWEEN = "Number must be between %(min)s and %(max)s."
_NOT_INTEGER = "Not a valid integer value."


def _range_message(field: IntegerField) -> str:
    for validator in field.validators:
        if isinstance(validator, NumberRange):
            message: str = field.gettext(_BETWEEN)
            return message % {"min": validator.min, "max": validator.max}
    return str(field.gettext(_NOT_INTEGER))


def _count(label: Any, high: int) -> IntegerField:
    return Integer(
        label,
        default=0,
        validators=[Optional(), NumberRange(0, high)],
        render_kw={"min": 0, "inputmode": "numeric"},
    )


def _stepped(label: Any, high: int) -> IntegerField:
    """A count with − and + beside it (app.js works them; the keypad is numeric)."""
    return Integer(
        label,
        validators=[Optional(), NumberRange(0, high)],
        render_kw={"min": 0, "inputmode": "numeric", "data-stepper": ""},
    )


def _points(label: Any, high: int) -> IntegerField:
    return Integer(
        label,
        validators=[Optional(), NumberRange(0, high)],
        render_kw={"min": 0, "step": 5, "inputmode": "numeric"},
    )


def option_field_name(variant_id: str, option: str) -> str:
    return f"opt_{variant_id}_{option}".replace("-", "_")


def chosen_options(form: Any, variant: Variant) -> dict[str, bool]:
    """The house-rule switches of ``variant`` as a form's boxes set them."""
    return {o.name: bool(form[option_field_name(variant.id, o.name)].data) for o in variant.options}


class _NewMatchForm(FlaskForm):
    name = StringField(_l("Match name"), validators=[Optional(), Length(max=60), PlainText()])
    preset = SelectField(
        _l("Rules"),
        choices=[
            SelectChoice(
                v.id,
                _l(v.name),
                render_kw={
                    "data-target": str(v.target_score),
                    # A match of so many hands has no target: app.js hides the field.
                    "data-rounds": str(v.rounds or ""),
                    "data-players": " ".join(str(n) for n in v.players),
                },
            )
            for v in PRESETS.values()
        ],
        default="classic",
    )
    players = SelectField(
        _l("Players"),
        choices=[
            SelectChoice("2", _l("2 players")),
            SelectChoice("3", _l("3 players")),
            SelectChoice("4", _l("4 players, two pairs")),
            SelectChoice("6", _l("6 players, two teams of three")),
        ],
        default="4",
    )
    target = Integer(
        _l("Target score"),
        validators=[Optional(), NumberRange(500, 100_000)],
        render_kw={"inputmode": "numeric", "step": 5},
    )
    # Seats are counted clockwise from 0; the page names each after its player.
    first_dealer = SelectField(
        _l("Deals the first hand"),
        choices=[SelectChoice(str(k), _l("Seat %(n)s", n=k + 1)) for k in range(MAX_SEATS)],
        default="0",
    )
    # A rules file downloaded from a match page (referee.web.parts.house_rules reads it).
    rules_file = FileField(_l("Rules file (JSON)"))
    # A match begun on paper: the hands played there and each side's total.
    paper_hands = Integer(
        _l("Hands already played on paper"),
        default=0,
        validators=[Optional(), NumberRange(0, 500)],
        render_kw={"inputmode": "numeric", "min": 0},
    )


def _paper_fields() -> dict[str, IntegerField]:
    return {
        f"paper_side{s}": Integer(
            _l("Side %(n)s's total on paper", n=s),
            validators=[Optional(), NumberRange(-100_000, 100_000)],
            render_kw={"inputmode": "numeric", "step": 5},
        )
        for s in range(1, MAX_SIDES + 1)
    }


def _house_rule_fields() -> dict[str, BooleanField]:
    """A box per house rule of every preset, labelled in the page's language."""
    return {
        option_field_name(variant.id, option.name): BooleanField(
            _l(option.help), default=option.default
        )
        for variant in PRESETS.values()
        for option in variant.options
    }


def _build_new_match_form() -> type[FlaskForm]:
    attrs: dict[str, Any] = {}
    for s in range(1, MAX_SIDES + 1):
        attrs[f"side{s}_name"] = StringField(
            _l("Side name"), validators=[Optional(), Length(max=30), PlainText()]
        )
        for p in range(1, PLAYERS_PER_SIDE + 1):
            attrs[f"side{s}_p{p}"] = StringField(
                _l("Player %(n)s", n=p), validators=[Optional(), Length(max=30), PlainText()]
            )
    attrs.update(_house_rule_fields())
    attrs.update(_paper_fields())
    return type("NewMatchForm", (_NewMatchForm,), attrs)


NewMatchForm = _build_new_match_form()


def _seat_fields() -> dict[str, SelectField]:
    # The roster is the group's: the view sets the choices (roster ids) per request.
    return {
        f"seat{k}": SelectField(_l("Seat %(n)s", n=k), choices=[], validate_choice=False)
        for k in range(1, MAX_SEATS + 1)
    }


# A group's new match: the players picked from its roster, seat by seat, not typed.
GroupMatchForm = type("GroupMatchForm", (NewMatchForm,), _seat_fields())


class GroupForm(FlaskForm):
    name = StringField(_l("Group name"), validators=[DataRequired(), Length(max=60), PlainText()])
    players = TextAreaField(
        _l("Players, one per line"),
        validators=[Length(max=2000), PlainText(lines=True)],
        render_kw={"rows": 5, "autocapitalize": "words"},
    )


def _build_tournament_form() -> type[FlaskForm]:
    """A director's new tournament: the rules, the teams, the rounds and what a game is."""
    preset = _NewMatchForm.preset.kwargs  # the same choice of presets as a match
    attrs: dict[str, Any] = {
        "name": StringField(
            _l("Tournament name"), validators=[DataRequired(), Length(max=60), PlainText()]
        ),
        "preset": SelectField(_l("Rules"), **{**preset, "default": "american"}),
        "players": SelectField(
            _l("Players at a table"),
            choices=[
                SelectChoice("4", _l("4 players: teams of two")),
                SelectChoice("2", _l("2 players: one against one")),
            ],
            default="4",
        ),
        "teams": TextAreaField(
            _l("Teams, one per line (partners joined by &)"),
            # 400 teams (MAX_TEAMS) of two names of up to 30 letters, with " & " and a line end.
            validators=[DataRequired(), Length(max=26_000), PlainText(lines=True)],
            render_kw={"rows": 8, "autocapitalize": "words"},
        ),
        "movement": SelectField(
            _l("Movement"),
            choices=[
                SelectChoice("mitchell", _l("Mitchell: North-South stay, East-West move up")),
                SelectChoice("round-robin", _l("Round robin: every team meets every other")),
            ],
            default="mitchell",
        ),
        "rounds": Integer(
            _l("Rounds"),
            default=2,
            validators=[InputRequired(), NumberRange(1, 30)],
            render_kw={"inputmode": "numeric", "min": 1},
        ),
        "game": SelectField(
            _l("A game is"),
            choices=[
                SelectChoice("hands", _l("A number of hands")),
                SelectChoice("target", _l("Played to the target score")),
            ],
            default="hands",
        ),
        "hands": Integer(
            _l("Hands in a game"),
            default=3,
            validators=[Optional(), NumberRange(1, 20)],
            render_kw={"inputmode": "numeric", "min": 1},
        ),
        "minimums": StringField(
            _l("Opening minimum by hand (empty: by the score)"),
            default="125, 155, 180",
            # Read as the rules editor reads them (referee.web.parts.house_rules.read_minimums).
            validators=[Optional(), Length(max=200)],
            render_kw={"inputmode": "numeric"},
        ),
        "minutes": Integer(
            _l("Time limit of a round in minutes (empty: none)"),
            validators=[Optional(), NumberRange(10, 600)],
            render_kw={"inputmode": "numeric", "min": 10},
        ),
        "ranking": SelectField(
            _l("Ranking"),
            choices=[
                SelectChoice("wins", _l("By wins, then total points")),
                SelectChoice("points", _l("By total points")),
            ],
            default="wins",
        ),
    }
    attrs.update(_house_rule_fields())
    return type("TournamentForm", (FlaskForm,), attrs)


TournamentForm = _build_tournament_form()


class NextRoundForm(FlaskForm):
    """The director's button: begin the next round (``early``: before every game is over;
    ``round``: the round the page showed, so a second press arriving late ends no other)."""

    early = HiddenField()
    round = HiddenField()


REASON_LENGTH = 200  # why the director reopens a table's game: a line


def _stripped(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class ReopenForm(FlaskForm):
    """The director reopens one closed table's game for changes, saying why."""

    round = Integer(
        _l("Round"),
        validators=[InputRequired(), NumberRange(1, 30)],
        render_kw={"inputmode": "numeric", "min": 1},
    )
    table = Integer(
        _l("Table"),
        validators=[InputRequired(), NumberRange(1, 200)],
        render_kw={"inputmode": "numeric", "min": 1},
    )
    reason = StringField(
        _l("Why (it goes into the tournament's history)"),
        filters=[_stripped],
        validators=[
            DataRequired(
                _l("Say why the game is reopened: it goes into the tournament's history.")
            ),
            Length(max=REASON_LENGTH, message=_l("Say it in at most 200 characters.")),
            PlainText(),
        ],
        render_kw={"maxlength": REASON_LENGTH},
    )


class PlayerForm(FlaskForm):
    name = StringField(
        _l("New player's name"), validators=[InputRequired(), Length(max=30), PlainText()]
    )


class MoveMatchForm(FlaskForm):
    """Which of the groups this browser keeps a match goes into (choices set per request)."""

    group = SelectField(_l("Group"), choices=[], validate_choice=False)


class _Section(NamedTuple):
    """What decides the fields of a side's section: the mode and what the variant scores."""

    mode: str
    concealed: bool
    kinds: tuple[CanastaKind, ...]  # enum order, not the snapshot's (its JSON keys are sorted)
    escalas: bool  # quick entry counts them (card by card, the melds show them)
    undeclared_red_threes: bool
    acabar: bool
    exact_cut: bool
    first_pickup: bool
    black_threes: bool = False  # laid out as bonus cards
    held: bool = False  # players left holding three aces or sevens
    unfinished: tuple[CanastaKind, ...] = ()  # quick entry counts what costs unfinished
    # Quick entry counts cards by value, melded and left in hand: (points, ranks) each.
    meld_values: tuple[tuple[int, str], ...] = ()
    hand_values: tuple[tuple[int, str], ...] = ()
    vocabulary: Vocabulary = Vocabulary.CANASTA  # the labels' words: books, a hand and foot…


def value_groups(points_of: dict[Rank, int]) -> tuple[tuple[int, str], ...]:
    """The ranks by what each is worth, highest first: ((50, "X"), (20, "A 2"), …)."""
    groups: dict[int, list[str]] = {}
    for rank in Rank:  # A K Q … 3 2 X, as a player reads them
        groups.setdefault(points_of[rank], []).append(rank.value)
    return tuple(
        (points, " ".join(ranks)) for points, ranks in sorted(groups.items(), reverse=True)
    )


def _section(variant: Variant, mode: str) -> _Section:
    return _Section(
        mode,
        variant.concealed_going_out_bonus is not None,
        tuple(k for k in CanastaKind if k in variant.canasta_bonus),
        variant.escalas,
        bool(variant.undeclared_red_three_penalty),
        variant.acabar_points is not None,
        variant.exact_cut_bonus is not None,
        variant.first_pickup_going_out_bonus is not None,
        variant.black_threes_laid_out,
        bool(variant.held_penalty),
        tuple(k for k in CanastaKind if k in variant.unfinished_penalty),
        value_groups(dict(variant.card_points)) if mode == "quick" else (),
        value_groups(hand_costs(variant)) if mode == "quick" else (),
        variant.vocabulary,
    )


def _side_form(section: _Section) -> type[Form]:
    """The fields of one side's section (made only with its hand form's class, which is kept)."""
    # The labels in the game's own words; the fields' names stay the same in every game.
    words = WORDS[section.vocabulary]
    attrs: dict[str, Any] = {
        "red_threes": _count(_l("Red threes laid out"), 8),
        "went_out": BooleanField(_l("Went out")),
    }
    if section.concealed:
        attrs["concealed"] = BooleanField(_l("Went out concealed"))
    if section.mode == "quick":
        for kind in section.kinds:
            attrs[f"canastas_{kind.value}"] = _count(_l(words.counts[kind]), 20)
        if section.escalas:
            attrs["escalas"] = _count(_l("Escalas (seven of a suit, no wild card)"), 8)
            attrs["escalas_real"] = _count(_l("Escalas reales (4 to ace of a suit)"), 4)
        for kind in section.unfinished:
            attrs[f"unfinished_{kind.value}"] = _count(UNFINISHED_LABELS[kind], 8)
        for part, values, most in (("meld", section.meld_values, 200),
                                   ("hand", section.hand_values, 100)):  # fmt: skip
            for points, ranks in values:
                cards = _l("Joker") if ranks == "X" else ranks
                label = _l("%(cards)s, %(points)s each", cards=cards, points=points)
                attrs[f"{part}_c{points}"] = _stepped(label, most)
        attrs["meld_points"] = _points(_l("Points of all melded cards"), 20_000)
        attrs["hand_points"] = _points(_l(words.left_points), 5_000)
    else:
        attrs["melds"] = TextAreaField(
            _l("Melds, one per line"),
            validators=[Length(max=2000)],
            render_kw={"rows": 3, "autocapitalize": "characters", "spellcheck": "false"},
        )
        attrs["hand"] = StringField(
            _l(words.left),
            validators=[Length(max=500)],
            render_kw={"autocapitalize": "characters", "spellcheck": "false"},
        )
        attrs["hand_points"] = _points(_l("…or their points"), 5_000)
    # The events only some variants score, in both modes.
    if section.black_threes:
        attrs["black_threes"] = _count(_l("Black threes laid out"), 8)
    if section.held:
        attrs["held_sets"] = _count(_l("Players left holding three or more aces or sevens"), 8)
    if section.undeclared_red_threes:
        attrs["undeclared_red_threes"] = _count(_l(words.red_threes_left), 8)
    if section.acabar:
        attrs["acabar"] = BooleanField(_l("Called acabar"))
    if section.exact_cut:
        attrs["exact_cut"] = BooleanField(_l("Exact cut"))
    if section.first_pickup:
        attrs["first_pickup"] = BooleanField(_l("Went out on the first pickup"))
    return type("SideForm", (Form,), attrs)


class _HandForm(FlaskForm):
    token = HiddenField(validators=[Regexp(TOKEN_PATTERN)])
    mode = HiddenField()
    # The match's version when the form was opened (referee/web/parts/conflicts.py): a change
    # made from another phone since is shown before this hand is stored.
    seen = HiddenField()
    # Who went out: one choice across the sides ("none", or a side's index).  A form sent
    # without it (a phone's queue kept from before) still says it per side.
    out = StringField(validators=[Optional(), AnyOf(["none", "0", "1", "2"])])
    note = StringField(
        _l("Note on this hand (optional)"),
        validators=[Length(max=NOTE_LENGTH), PlainText(lines=True)],  # joined into one line
    )


def hand_form(variant: Variant, sides: int, entry_mode: str, **kwargs: Any) -> FlaskForm:
    """A form for a whole hand, one section (``side0``, ``side1``…) per side.

    The form classes are made once for each set of fields (making them was half
    the cost of reading a posted hand) and instantiated per request as usual.
    """
    return _hand_form(_section(variant, entry_mode), sides)(**kwargs)


# Saves 0.24 ms (8 %) of the 3.06 ms hand form (bench/bench_caches.py, 2026-11-25).
# Bounded: a section carries the preset's card values, which a table's own rules may set to
# anything, so the kinds of section are not few; 512 classes cover every preset in both
# modes and table sizes with room to spare, and one dropped is only made again.
@lru_cache(maxsize=512)
def _hand_form(section: _Section, sides: int) -> type[FlaskForm]:
    side = _side_form(section)
    attrs: dict[str, Any] = {f"side{i}": FormField(side) for i in range(sides)}
    if section.concealed:
        attrs["out_concealed"] = BooleanField(_l("Went out concealed"))
    return type("HandForm", (_HandForm,), attrs)


def out_chosen(form: FlaskForm, sides: int) -> bool:
    """Whether the hand says who went out: the one choice ("none" included) or, in a form
    kept on a phone from before that choice, a side's own box.  Forgetting it would score
    the hand as if nobody went out, 100 to 300 points lost without a word."""
    if form.out.data:
        return True
    return any(form[f"side{i}"].form.went_out.data for i in range(sides))


def entry_from_form(form: FlaskForm, sides: int, mode: str) -> dict[str, Any]:
    """The hand as typed, as the plain JSON entry :mod:`referee.match.entry` scores and
    storage keeps."""
    out = []
    chosen = form.out.data or ""
    concealed_out = "out_concealed" in form and bool(form.out_concealed.data)
    for i in range(sides):
        data = dict(form[f"side{i}"].data)
        if chosen:  # the one choice across the sides decides
            data["went_out"] = chosen == str(i)
            data["concealed"] = concealed_out and chosen == str(i)
        side: dict[str, Any] = {}
        if mode == "quick":
            side["canastas"] = {
                key.removeprefix("canastas_"): value or 0
                for key, value in data.items()
                if key.startswith("canastas_")
            }
            side["meld_points"] = data.get("meld_points") or 0
            side["hand_points"] = data.get("hand_points") or 0
            for part in ("meld", "hand"):
                counted = {
                    key.removeprefix(f"{part}_c"): value
                    for key, value in data.items()
                    if key.startswith(f"{part}_c") and value
                }
                if counted:  # the cards counted by value: the app adds them up
                    side[f"{part}_cards"] = counted
            for key in ("escalas", "escalas_real"):
                if key in data:
                    side[key] = data[key] or 0
            unfinished = {
                key.removeprefix("unfinished_"): value or 0
                for key, value in data.items()
                if key.startswith("unfinished_")
            }
            if unfinished:
                side["unfinished"] = unfinished
        else:
            side["melds"] = (data.get("melds") or "").strip()
            side["hand"] = (data.get("hand") or "").strip()
            side["hand_points"] = data.get("hand_points")
        for key in ("undeclared_red_threes", "black_threes", "held_sets"):
            if key in data:
                side[key] = data[key] or 0
        for key in ("acabar", "exact_cut", "first_pickup"):
            if key in data:
                side[key] = data[key]
        side["red_threes"] = data.get("red_threes") or 0
        side["went_out"] = bool(data.get("went_out"))
        side["concealed"] = bool(data.get("concealed"))
        out.append(side)
    entry: dict[str, Any] = {"mode": mode, "sides": out}
    note = " ".join((form.note.data or "").split())  # one line, as the ledger shows it
    if note:
        entry["note"] = note
    return entry


def formdata_from_entry(entry: dict[str, Any]) -> MultiDict[str, Any]:
    """The form data that shows a stored entry again, for editing."""
    pairs: list[tuple[str, Any]] = [("mode", entry.get("mode", "detailed"))]
    if entry.get("note"):
        pairs.append(("note", entry["note"]))
    sides = entry.get("sides", [])
    went = [i for i, side in enumerate(sides) if side.get("went_out")]
    pairs.append(("out", str(went[0]) if went else "none"))
    if went and sides[went[0]].get("concealed"):
        pairs.append(("out_concealed", "y"))
    for i, side in enumerate(entry.get("sides", [])):
        for key, value in side.items():
            if key in ("canastas", "unfinished"):
                pairs += [(f"side{i}-{key}_{k}", str(n)) for k, n in value.items()]
            elif key in ("meld_cards", "hand_cards"):
                part = key.removesuffix("_cards")
                pairs += [(f"side{i}-{part}_c{k}", str(n)) for k, n in value.items()]
            elif isinstance(value, bool):
                if value:
                    pairs.append((f"side{i}-{key}", "y"))
            elif value is not None:
                pairs.append((f"side{i}-{key}", str(value)))
    return MultiDict(pairs)


# -- the referee: one small form per question, and the rules they are asked under -----------

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
    return type("RulesChoiceForm", (RulesChoiceForm,), _house_rule_fields())


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
        validators=[Optional(), NumberRange(-100_000, 100_000)],
        render_kw={"inputmode": "numeric", "step": 5},
    )


def _failed() -> IntegerField:
    return Integer(
        _l("Failed opening attempts this hand"),
        default=0,
        validators=[Optional(), NumberRange(0, 20)],
        render_kw={"min": 0, "max": 20},
    )


def _round() -> IntegerField:
    return Integer(
        _l("Which hand of the match this is"),
        default=1,
        validators=[Optional(), NumberRange(1, 1000)],
        render_kw={"inputmode": "numeric", "min": 1},
    )


class MeldQuestion(FlaskForm):
    cards = _cards(_l("The meld"), required=True)
    going_out = BooleanField(_l("Laid while going out"))


class OpeningQuestion(FlaskForm):
    score = _score()
    round_number = _round()
    melds = _melds(_l("The opening melds, one per line"))
    pile_top = _cards(_l("Top card of the pile, if taking it"), 10)
    failed_attempts = _failed()
    going_out = BooleanField(_l("Going out with this first meld"))


class PickupQuestion(FlaskForm):
    top = _cards(_l("Top card of the pile"), 10, required=True)
    frozen = BooleanField(_l("The pile is frozen (a wild card or red three in it)"))
    hand = _cards(_l("Your hand"), 300)
    melds = _melds(_l("Your side's melds, one per line (none: not opened yet)"))
    score = _score()
    round_number = _round()
    failed_attempts = _failed()
    pile_size = Integer(
        _l("Cards in the pile"),
        validators=[Optional(), NumberRange(1, 216)],
        render_kw={"inputmode": "numeric", "min": 1},
    )
    first_round = BooleanField(_l("Not everyone has discarded yet"))
    going_out = BooleanField(_l("Taking a black three to go out"))


class GoOutQuestion(FlaskForm):
    melds = _melds(_l("Your side's melds after this turn, one per line"))
    hand = _cards(_l("Cards left in your hand (none, or one to discard)"), 300)
    concealed = BooleanField(_l("Going out concealed (all at once, from the hand)"))


QUESTION_FORMS: dict[str, type[FlaskForm]] = {
    "meld": MeldQuestion,
    "opening": OpeningQuestion,
    "pickup": PickupQuestion,
    "go_out": GoOutQuestion,
}


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
        },
        "go_out": {},
    }


def question_forms(variant: Variant, posted: str | None) -> dict[str, FlaskForm]:
    """The four question forms for ``variant``, each under its own prefix; only ``posted``
    reads the request."""
    forms = {}
    for question, cls in QUESTION_FORMS.items():
        kwargs: dict[str, Any] = {"prefix": question}
        if question != posted:
            kwargs["formdata"] = None
        form = cls(**kwargs)
        for name, shown in _relevant(variant)[question].items():
            if not shown:
                delattr(form, name)
        forms[question] = form
    return forms


class ImportForm(FlaskForm):
    """A match file from the match page's JSON download (or ``referee export``)."""

    file = FileField(_l("Match file (JSON)"), validators=[FileRequired(_l("Choose a file."))])
