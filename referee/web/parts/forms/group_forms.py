"""A group of players: the group itself, a player added to its roster, a match of the group
(its players picked seat by seat), a match moved into a group; and the words its
statistics count canastas in."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length

from ....match.vocabulary import WORDS
from ....rules import Vocabulary
from .base import FlaskForm, PlainText
from .match_forms import MAX_SEATS, NewMatchForm

# Canasta's own words for each kind (a group's statistics count them across its games).
KIND_LABELS = {kind: _l(text) for kind, text in WORDS[Vocabulary.CANASTA].counts.items()}


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


class PlayerForm(FlaskForm):
    name = StringField(
        _l("New player's name"), validators=[InputRequired(), Length(max=30), PlainText()]
    )


class MoveMatchForm(FlaskForm):
    """Which of the groups this browser keeps a match goes into (choices set per request)."""

    group = SelectField(_l("Group"), choices=[], validate_choice=False)
