"""The new match: its rules, players and sides, a match begun on paper, a rules file to
start from; and a match file to import."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired
from wtforms import IntegerField, SelectChoice, SelectField, StringField
from wtforms.validators import Length, Optional

from ....rules import PRESETS
from .base import Between, FlaskForm, Integer, PlainText, house_rule_fields

MAX_SIDES = 3
PLAYERS_PER_SIDE = 3
MAX_SEATS = 6
SEATS_OFFERED = ("2", "3", "4", "6")  # the players a table may have


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
                    "data-hands": str(v.rounds or ""),
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
        validators=[Optional(), Between(500, 100_000)],
        render_kw={"inputmode": "numeric", "step": 5},
    )
    # Seats are counted clockwise from 0; the page names each after its player.
    # Only the seats of the table chosen are offered (see __init__); the check that the
    # dealer sits at it is the table's (referee.web.parts.table), in the app's own words.
    first_dealer = SelectField(
        _l("Deals the first hand"),
        choices=[SelectChoice(str(k), _l("Seat %(n)s", n=k + 1)) for k in range(MAX_SEATS)],
        default="0",
        validate_choice=False,
    )
    # A rules file downloaded from a match page (referee.web.parts.house_rules reads it).
    rules_file = FileField(_l("Rules file (JSON)"))
    # A match begun on paper: the hands played there and each side's total.
    paper_hands = Integer(
        _l("Hands already played on paper"),
        default=0,
        validators=[Optional(), Between(0, 500)],
        render_kw={"inputmode": "numeric", "min": 0},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The first dealer is one of the seats of the table chosen: a 4-player match offers
        # seats 1 to 4, with no script too (an old phone shows a hidden option greyed, or at
        # all).  new_match.js puts the others back when the players change; their names are
        # on the list for it.
        seats = int(self.players.data) if self.players.data in SEATS_OFFERED else 4
        every = self.first_dealer.choices
        self.first_dealer.render_kw = {"data-seats": "|".join(str(c.label) for c in every)}
        self.first_dealer.choices = every[:seats]


def _paper_fields() -> dict[str, IntegerField]:
    return {
        f"paper_side{s}": Integer(
            _l("Side %(n)s's total on paper", n=s),
            validators=[Optional(), Between(-100_000, 100_000)],
            render_kw={"inputmode": "numeric", "step": 5},
        )
        for s in range(1, MAX_SIDES + 1)
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
    attrs.update(house_rule_fields())
    attrs.update(_paper_fields())
    return type("NewMatchForm", (_NewMatchForm,), attrs)


NewMatchForm = _build_new_match_form()


class ImportForm(FlaskForm):
    """A match file from the match page's JSON download (or ``referee export``)."""

    file = FileField(_l("Match file (JSON)"), validators=[FileRequired(_l("Choose a file."))])
