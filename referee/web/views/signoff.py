"""A table's result confirmed by the other side: the page the table card's second code (or
the code on the scorer's match page) opens, its one tap, and the director's button that
confirms for a table.

Storage checks the confirmation in the transaction that writes it
(:meth:`referee.storage.Storage.confirm_result`): a second tap is told it was done, a
result changed since the page opened is shown again rather than confirmed, and the phone
that entered the last hand is asked to let the other side confirm.  A confirmed result
locks its match; the director reopens it, saying why (:mod:`.reopening`).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _

from ...match.ledger import Ledger, Match
from ...match.plaintext import isolated
from ...match.standings import TableGame, Tournament
from ...storage import (
    DIRECTOR,
    OTHER_SIDE,
    AlreadyConfirmed,
    NoSignOff,
    ResultChanged,
    SamePhone,
)
from ..parts.access import match_ledger
from ..parts.conflicts import phone
from ..parts.forms import ConfirmForm
from ..parts.tournament_state import load_tournament
from ..plumbing.db import get_storage
from ..plumbing.inputs import whole_number
from ..plumbing.locale import number

bp = Blueprint("signoff", __name__)


def _over(tournament: Tournament, game: TableGame, ledger: Ledger) -> bool:
    """Whether the game's result stands to be confirmed: over by its rules, or its round
    over with hands played (it then counts as it stands)."""
    round_over = tournament.finished or game.round < tournament.current_round
    return ledger.finished or (round_over and bool(ledger.rows))


def _totals(tournament: Tournament, game: TableGame, ledger: Ledger) -> str:
    """ "Anna & Ben 1 590 · Cleo & Dan 840": each side's name and total, North-South first."""
    teams = {t.number: t.name for t in get_storage().tournament_teams(tournament.id)}
    totals = list(ledger.totals) + [0, 0]
    return _(
        "%(ns)s %(ns_total)s · %(ew)s %(ew_total)s",
        ns=isolated(teams.get(game.ns, "")),
        ns_total=number(totals[0]),
        ew=isolated(teams.get(game.ew, "")),
        ew_total=number(totals[1]),
    )


def _table(match_id: int, token: str) -> tuple[Tournament, TableGame, Match, bool]:
    storage = get_storage()
    found = storage.confirming(match_id, token)
    tournament = storage.get_tournament(found.tournament_id) if found else None
    match = storage.get_match(match_id) if found else None
    if found is None or tournament is None or match is None:
        abort(404, _("There is no such table. Check the code you scanned."))
    return tournament, found.game, match, found.signoff


@bp.route("/c/<int:match_id>/<token>", methods=["GET", "POST"])
def confirm(match_id: int, token: str):
    """The other side's page: the table's totals and one button naming them."""
    tournament, game, match, signoff = _table(match_id, token)
    storage = get_storage()
    form = ConfirmForm()
    problem = None
    status = 200
    if signoff and form.validate_on_submit():
        seen = whole_number(form.seen.data, 12)
        try:
            storage.confirm_result(match.id, seen if seen is not None else -1, OTHER_SIDE, phone())
        except AlreadyConfirmed:
            flash(_("That was already done; it is not done twice."))
        except NoSignOff:
            abort(404)
        except ResultChanged:
            problem = _(
                "The result changed after this page opened: here it is as it stands now. "
                "Confirm it only if these totals are right."
            )
            status = 409
        except SamePhone:
            problem = _(
                "This phone entered the result. The other side confirms it on its own "
                "phone: they scan the second code on the table card."
            )
            status = 409
        else:
            flash(_("Thank you: the result is confirmed and locked."))
        if problem is None:
            return redirect(url_for("signoff.confirm", match_id=match.id, token=token), 303)
    version = storage.version(match.id)  # before the hands: a newer ledger is never shown as older
    ledger = match_ledger(match)
    confirmed = storage.confirmed_version(match.id) == version
    return render_template(
        "confirm.html",
        tournament=tournament,
        game=game,
        signoff=signoff,
        over=_over(tournament, game, ledger),
        confirmed=confirmed,
        totals=_totals(tournament, game, ledger),
        form=ConfirmForm(formdata=None, seen=str(version)),
        problem=problem,
        token=token,
        match_id=match.id,
    ), status


@bp.post("/t/<int:tournament_id>/<token>/round/<int:number>/table/<int:table_no>/confirm")
def director_confirms(tournament_id: int, token: str, number: int, table_no: int):
    """The director confirms a table's result for its players (the version the page
    showed); told when it was done already or changed since."""
    tournament, _edit = load_tournament(tournament_id, token, edit=True)
    storage = get_storage()
    table = next(
        (
            t
            for t in storage.tournament_tables(tournament.id)
            if (t.round, t.table) == (number, table_no)
        ),
        None,
    )
    match = storage.get_match(table.match_id or 0) if table is not None else None
    form = ConfirmForm()
    said: Any
    if match is None or table is None or not form.validate_on_submit():
        said = _("Round %(round)s has no table %(table)s.", round=number, table=table_no)
    elif not _over(tournament, table, match_ledger(match)):
        said = _("Table %(table)s is still playing: its result is confirmed once it is over.",
                 table=table_no)  # fmt: skip
    else:
        seen = whole_number(form.seen.data, 12)
        try:
            storage.confirm_result(match.id, seen if seen is not None else -1, DIRECTOR)
            said = _(
                "Table %(table)s, round %(round)s: result confirmed for its players.",
                table=table_no,
                round=number,
            )
        except AlreadyConfirmed:
            said = _("That was already done; it is not done twice.")
        except ResultChanged:
            said = _(
                "Table %(table)s's result changed after your page opened: look at it again "
                "before you confirm it.",
                table=table_no,
            )
        except NoSignOff:
            said = _("This tournament does not ask for results to be confirmed.")
    flash(said)
    return redirect(
        url_for(
            "tournaments.director", tournament_id=tournament.id, token=token, _anchor="unconfirmed"
        )
    )
