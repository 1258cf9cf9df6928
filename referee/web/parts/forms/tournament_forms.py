"""A club's tournament: the director's new tournament, the next round, a table's game
reopened."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, SelectChoice, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from .base import FlaskForm, Integer, PlainText, house_rule_fields
from .match_forms import NewMatchForm


def _build_tournament_form() -> type[FlaskForm]:
    """A director's new tournament: the rules, the teams, the rounds and what a game is."""
    preset = NewMatchForm.preset.kwargs  # the same choice of presets as a match
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
    attrs.update(house_rule_fields())
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
