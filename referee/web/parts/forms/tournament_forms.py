"""A club's tournament: the director's new tournament, the next round, a table's game
reopened."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import (
    BooleanField,
    HiddenField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import DataRequired, InputRequired, Length, Optional

from .base import Between, FlaskForm, Integer, PlainText, house_rule_fields
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
            # 1 000 teams (MAX_TEAMS) of two names of up to 30 letters, with " & " and a line end.
            validators=[DataRequired(), Length(max=65_000), PlainText(lines=True)],
            render_kw={"rows": 8, "autocapitalize": "words"},
        ),
        "movement": SelectField(
            _l("Movement"),
            # Short enough for a 390 px phone's select; the hint says the rest.
            choices=[
                SelectChoice("mitchell", _l("Mitchell")),
                SelectChoice("round-robin", _l("Round robin")),
                SelectChoice("swiss", _l("Swiss (by the standings)")),
                SelectChoice("mitchell-swiss", _l("Mitchell, then a last Swiss round")),
            ],
            default="mitchell",
        ),
        "rounds": Integer(
            _l("Rounds"),
            default=2,
            validators=[InputRequired(), Between(1, 30)],
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
            validators=[Optional(), Between(1, 20)],
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
            validators=[Optional(), Between(10, 600)],
            render_kw={"inputmode": "numeric", "min": 10},
        ),
        "ranking": SelectField(
            _l("Ranking"),
            choices=[
                SelectChoice("wins", _l("By wins, then total points")),
                SelectChoice("points", _l("By total points")),
                SelectChoice("vp", _l("By victory points (20 a game)")),
            ],
            default="wins",
        ),
        "scale": SelectField(
            _l("Victory-point scale"),
            choices=[
                SelectChoice("fibur-3", _l("FIBur, games of 3 hands")),
                SelectChoice("fibur-4", _l("FIBur, games of 4 hands")),
                SelectChoice("own", _l("Our own scale")),
            ],
            default="fibur-3",
        ),
        "bands": StringField(
            _l("Our own scale: up to a margin, the winner's points"),
            validators=[Optional(), Length(max=400)],
            render_kw={"placeholder": "50 10, 150 12, 300 15, * 20"},
        ),
        "forfeit": Integer(
            _l("Points to a team whose opponents do not come (our own scale)"),
            default=14,
            validators=[Optional(), Between(10, 20)],
            render_kw={"inputmode": "numeric", "min": 10, "max": 20},
        ),
        "absent_penalty": Integer(
            _l("Victory points taken from a team that does not come"),
            default=0,
            validators=[Optional(), Between(0, 20)],
            render_kw={"inputmode": "numeric", "min": 0, "max": 20},
        ),
        "bye": SelectField(
            _l("A round sat out gives"),
            choices=[
                SelectChoice("nothing", _l("Nothing")),
                SelectChoice("award", _l("A win (in victory points, the forfeit award)")),
            ],
            default="nothing",
        ),
        "draw": BooleanField(_l("Draw round 1's tables by lot")),
        "check_in": BooleanField(_l("Teams check in before round 1 begins")),
        # On in the form as it opens: a club's or federation's event is countersigned.
        "signoff": BooleanField(
            _l("The other side confirms each table's result on its own phone"), default=True
        ),
    }
    attrs.update(house_rule_fields())
    return type("TournamentForm", (FlaskForm,), attrs)


TournamentForm = _build_tournament_form()


class TeamForm(FlaskForm):
    """The director's list of teams: one checked in (or not), withdrawn (saying why), or
    a late team's line."""

    here = HiddenField()
    reason = StringField(
        _l("Why (it goes into the tournament's history)"),
        filters=[lambda v: v.strip() if isinstance(v, str) else v],
        validators=[Optional(), Length(max=200), PlainText()],
        render_kw={"maxlength": 200},
    )
    team = StringField(
        _l("A late team (partners joined by &)"),
        validators=[Optional(), Length(max=70), PlainText()],
        render_kw={"autocapitalize": "words"},
    )


class SettleForm(FlaskForm):
    """The director settles a game: a forfeit, not played, a result entered, or the
    match's own result again; always with a reason."""

    outcome = SelectField(
        _l("The game"),
        choices=[
            SelectChoice("result", _l("A result entered")),
            SelectChoice("ew-absent", _l("East-West did not come: North-South win")),
            SelectChoice("ns-absent", _l("North-South did not come: East-West win")),
            SelectChoice("ew-late", _l("East-West more than 10 minutes late: North-South win")),
            SelectChoice("ns-late", _l("North-South more than 10 minutes late: East-West win")),
            SelectChoice("ew-late-points", _l("East-West 5 to 10 minutes late: 100 points off")),
            SelectChoice("ns-late-points", _l("North-South 5 to 10 minutes late: 100 points off")),
            SelectChoice("not-played", _l("Not played by either")),
            SelectChoice("restore", _l("The match's own result")),
        ],
        default="result",
    )
    ns = Integer(
        _l("North-South total"),
        validators=[Optional(), Between(-100_000, 100_000)],
        render_kw={"inputmode": "numeric"},
    )
    ew = Integer(
        _l("East-West total"),
        validators=[Optional(), Between(-100_000, 100_000)],
        render_kw={"inputmode": "numeric"},
    )
    reason = StringField(
        _l("Why (it goes into the tournament's history)"),
        filters=[lambda v: v.strip() if isinstance(v, str) else v],
        validators=[
            DataRequired(_l("Say why: it goes into the tournament's history.")),
            Length(max=200, message=_l("Say it in at most 200 characters.")),
            PlainText(),
        ],
        render_kw={"maxlength": 200},
    )
    # The table's changes in the history when the page was made: a second press of the
    # same form (another phone's, or this one's again) finds more, and changes nothing.
    seen = HiddenField()


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
        validators=[InputRequired(), Between(1, 30)],
        render_kw={"inputmode": "numeric", "min": 1},
    )
    table = Integer(
        _l("Table"),
        validators=[InputRequired(), Between(1, 500)],
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


class ConfirmForm(FlaskForm):
    """One tap confirming a table's result (the other side's, or the director's for them):
    the match's version the page showed, so that a result changed since is not confirmed."""

    seen = HiddenField(validators=[DataRequired()])
