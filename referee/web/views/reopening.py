"""The director reopens a closed table's game, saying why, and closes it again.

When a round ends (the next begins, or the tournament ends) its tables' matches close:
their links show the game read-only and every change is refused (:mod:`.hands`,
storage's ``MatchClosed``).  A mistake found later -- scores entered the wrong way
round -- is put right by reopening that one table; the reopening, its reason and every
change made while it is open go into the tournament's history and its results.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, url_for
from flask_babel import gettext as _

from ..parts.forms import NextRoundForm, ReopenForm
from ..parts.tournament_state import director_page, load_tournament
from ..plumbing.db import get_storage

bp = Blueprint("reopening", __name__)


@bp.post("/t/<int:tournament_id>/<token>/reopen")
def reopen(tournament_id: int, token: str):
    """Reopen the game of the table and round the form names, with the director's reason;
    refused (the director's page with the form, 422) for a table that is not closed."""
    tournament, _can_edit = load_tournament(tournament_id, token, edit=True)
    form = ReopenForm()
    if form.validate_on_submit():
        number, table_no = form.round.data, form.table.data
        tables = {(t.round, t.table) for t in get_storage().tournament_tables(tournament.id)}
        if (number, table_no) not in tables:
            form.table.errors.append(
                _("Round %(round)s has no table %(table)s.", round=number, table=table_no)
            )
        elif get_storage().reopen_table(tournament.id, number, table_no, form.reason.data):
            flash(
                _(
                    "Table %(table)s of round %(round)s is open again: its edit link records "
                    "hands. Close it again when it is put right.",
                    table=table_no,
                    round=number,
                )
            )
            return _back(tournament.id, token)
        else:
            form.table.errors.append(
                _(
                    "Table %(table)s of round %(round)s is not closed: it takes changes.",
                    table=table_no,
                    round=number,
                )
            )
    return director_page(tournament, token, reopen=form, status=422)


@bp.post("/t/<int:tournament_id>/<token>/round/<int:number>/table/<int:table_no>/close")
def close(tournament_id: int, token: str, number: int, table_no: int):
    """Close a reopened table's game again (its round is over)."""
    tournament, _can_edit = load_tournament(tournament_id, token, edit=True)
    if NextRoundForm().validate_on_submit() and get_storage().close_table(
        tournament.id, number, table_no
    ):
        flash(
            _("Table %(table)s of round %(round)s is closed again.", table=table_no, round=number)
        )
    else:
        flash(_("That was already done; it is not done twice."))
    return _back(tournament.id, token)


def _back(tournament_id: int, token: str):
    return redirect(url_for("tournaments.director", tournament_id=tournament_id, token=token))
