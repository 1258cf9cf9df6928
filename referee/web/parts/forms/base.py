"""What every form is made of: the form classes in the page's language, the text and number
fields with their shape checks, and the house-rule boxes of the presets.

Validators check shape only; the rules go through the core.
"""

from __future__ import annotations

from typing import Any

from babel.support import NullTranslations, Translations
from flask import request
from flask_babel import gettext
from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm as _FlaskForm
from flask_wtf.form import SUBMIT_METHODS, _Auto
from werkzeug.datastructures import CombinedMultiDict
from wtforms import BooleanField, IntegerField
from wtforms import Form as _Form
from wtforms.i18n import messages_path
from wtforms.validators import NumberRange, Optional, StopValidation, ValidationError

from ....caches import lru_cached
from ....match.plaintext import control_character
from ....rules import PRESETS, Variant
from ...plumbing.locale import language, number, translate


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


# Saves 1.6 ms (24 %) of the 6.9 ms hand form, 1.4 ms (13 %) of a hand POST and its page
# (bench/bench_caches.py "WTForms catalogue", 2026-11-27).  Bound: 8, one catalogue per
# language the app speaks (six: the locale selector answers no other code); safe: the
# catalogues change only with a release.
@lru_cached(8)
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
_NOT_INTEGER = "Not a valid integer value."


def _between(low: Any, high: Any) -> str:
    # In our catalogue, not WTForms' (whose Czech one says "mezi 0 and 20000"), the bounds
    # grouped as every figure of the page: "mezi 0 a 20 000".
    return gettext("Number must be between %(min)s and %(max)s.", min=number(low), max=number(high))


class Between(NumberRange):
    """WTForms' NumberRange, its refusal said as :func:`_between` says it."""

    def __call__(self, form: Any, field: Any) -> None:
        try:
            super().__call__(form, field)
        except ValidationError:
            raise ValidationError(_between(self.min, self.max)) from None


def _range_message(field: IntegerField) -> str:
    for validator in field.validators:
        if isinstance(validator, NumberRange):
            return _between(validator.min, validator.max)
    return str(field.gettext(_NOT_INTEGER))


def count_field(label: Any, high: int) -> IntegerField:
    return Integer(
        label,
        default=0,
        validators=[Optional(), Between(0, high)],
        render_kw={"min": 0, "inputmode": "numeric"},
    )


def stepped_field(label: Any, high: int) -> IntegerField:
    """A count with − and + beside it (app.js works them; the keypad is numeric)."""
    return Integer(
        label,
        validators=[Optional(), Between(0, high)],
        # The placeholder says an empty count is none (and lets the page's style see it).
        render_kw={"min": 0, "inputmode": "numeric", "data-stepper": "", "placeholder": "0"},
    )


def points_field(label: Any, high: int) -> IntegerField:
    return Integer(
        label,
        validators=[Optional(), Between(0, high)],
        render_kw={"min": 0, "step": 5, "inputmode": "numeric"},
    )


def option_field_name(variant_id: str, option: str) -> str:
    return f"opt_{variant_id}_{option}".replace("-", "_")


def chosen_options(form: Any, variant: Variant) -> dict[str, bool]:
    """The house-rule switches of ``variant`` as a form's boxes set them."""
    return {o.name: bool(form[option_field_name(variant.id, o.name)].data) for o in variant.options}


def house_rule_fields() -> dict[str, BooleanField]:
    """A box per house rule of every preset, labelled in the page's language."""
    return {
        option_field_name(variant.id, option.name): BooleanField(
            # translated when shown, its figures grouped as the page's ("1 500")
            LazyString(translate, option.help),
            default=option.default,
        )
        for variant in PRESETS.values()
        for option in variant.options
    }
