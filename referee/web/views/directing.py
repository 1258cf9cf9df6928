"""The director's buttons besides the rounds: a team checked in, withdrawn or come late, a
table's seats swapped, a game's result settled (a forfeit, not played, a correction).

Each answers the director's page again with what happened (or why not), as the round's
buttons do (:mod:`.tournaments`); every change but a check-in goes into the tournament's
history with its reason (:mod:`referee.storage.directing_store`).
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import gettext as _

from ...match.pairing import LateRefused, late_place
from ...match.standings import Adjustment, TableGame, Team
from ...rules.victory import LATE_POINTS
from ..parts.forms import TeamForm
from ..parts.tournament_state import load_tournament, settle_form, withdraw_form
from ..parts.tournament_teams import read_team
from ..plumbing.db import get_storage
from ..plumbing.inputs import whole_number

bp = Blueprint("directing", __name__)


def _done_already() -> str:
    return _("That was already done; it is not done twice.")


def _back(tournament_id: int, token: str, anchor: str = "teams"):
    return redirect(
        url_for("tournaments.director", tournament_id=tournament_id, token=token, _anchor=anchor)
    )


@bp.route("/t/<int:tournament_id>/<token>/teams/<int:number>/here", methods=["POST"])
def check_in(tournament_id: int, token: str, number: int):
    """A team is here (``here=yes``) or not, before round 1."""
    tournament, _edit = load_tournament(tournament_id, token, edit=True)
    form = TeamForm()
    if not form.validate_on_submit() or tournament.current_round:
        flash(_("Teams check in before round 1 begins."))
    elif not get_storage().check_in(tournament.id, number, form.here.data == "yes"):
        flash(_done_already())
    return _back(tournament.id, token)


@bp.route("/t/<int:tournament_id>/<token>/teams/<int:number>/withdraw", methods=["POST"])
def withdraw(tournament_id: int, token: str, number: int):
    """A team plays no more rounds; its games played stay."""
    tournament, _edit = load_tournament(tournament_id, token, edit=True)
    form = withdraw_form(Team(number, "", ()), request.form)
    if not form.validate_on_submit() or not (form.reason.data or "").strip():
        flash(_("Say why the team withdraws: it goes into the tournament's history."))
    elif get_storage().withdraw_team(tournament.id, number, form.reason.data):
        flash(_("The team plays no more rounds; its games played stay."))
    else:
        flash(_done_already())
    return _back(tournament.id, token)


@bp.route("/t/<int:tournament_id>/<token>/teams/late", methods=["POST"])
def late(tournament_id: int, token: str):
    """A late team joins before the next round (or round 1) begins."""
    tournament, _edit = load_tournament(tournament_id, token, edit=True)
    form = TeamForm()
    storage = get_storage()
    teams = storage.tournament_teams(tournament.id)
    team, problem = read_team(form.team.data or "", tournament.players // 2, teams)
    if not form.validate_on_submit() or tournament.finished:
        flash(_("The tournament is over: no team can join."))
    elif tournament.current_round >= tournament.rounds:
        flash(_("The last round has begun: no team can join any more."))
    elif problem or team is None:
        flash(problem or _("Type the team's names."))
    else:

        def may_join(stored: list[Team]) -> None:  # asked inside the write's transaction
            if tournament.current_round:
                late_place(tournament, stored)

        try:
            joined = storage.add_late_team(
                tournament.id, team, tournament.current_round + 1, may_join
            )
        except LateRefused as refused:
            flash(_late_refusal(refused))
        else:
            if joined is None:
                flash(_done_already())
            else:
                flash(
                    _(
                        "%(team)s joins from round %(n)s.",
                        team=joined.name,
                        n=tournament.current_round + 1,
                    )
                )
    return _back(tournament.id, token)


def _late_refusal(refused: LateRefused) -> str:
    if not refused.place_taken:
        return _(
            "A late team cannot join this movement: it was planned for an even number of"
            " teams and has no empty place. (A Swiss event places late teams.)"
        )
    return _("A late team cannot join: the movement's one empty place is taken already.")


@bp.route(
    "/t/<int:tournament_id>/<token>/tables/<int:number>/<int:table_no>/swap", methods=["POST"]
)
def swap(tournament_id: int, token: str, number: int, table_no: int):
    """North-South and East-West of a table change places (they sat the wrong way)."""
    tournament, _edit = load_tournament(tournament_id, token, edit=True)
    form = TeamForm()
    shown = whole_number(request.form.get("ns", ""))
    if not form.validate_on_submit() or shown is None:
        flash(_done_already())
    elif get_storage().swap_seats(tournament.id, number, table_no, shown):
        flash(_("Table %(n)s: North-South and East-West changed places.", n=table_no))
    else:
        flash(
            _(
                "Table %(n)s's seats can change only in the round being played and before"
                " its first hand; after that, correct its result.",
                n=table_no,
            )
        )
    return _back(tournament.id, token, "tables-h")


@bp.route(
    "/t/<int:tournament_id>/<token>/tables/<int:number>/<int:table_no>/settle", methods=["POST"]
)
def settle(tournament_id: int, token: str, number: int, table_no: int):
    """The director's result for a table's game, with a reason."""
    tournament, _edit = load_tournament(tournament_id, token, edit=True)
    form = settle_form(TableGame(number, table_no, 0, 0), request.form)
    if not form.validate_on_submit():
        problems = [e for errors in form.errors.values() for e in errors]
        flash(str(problems[0]) if problems else _done_already())
        return _back(tournament.id, token, f"game-{number}-{table_no}")
    outcome, reason = form.outcome.data, form.reason.data
    adjustment: Adjustment | None
    if outcome == "restore":
        adjustment = None
    elif outcome == "not-played":
        adjustment = Adjustment(reason, not_played=True)
    elif outcome in ("ns-absent", "ew-absent"):
        absent = 0 if outcome == "ns-absent" else 1
        adjustment = Adjustment(reason, absent=absent, penalty=tournament.absent_penalty)
    elif outcome in ("ns-late", "ew-late"):  # FIBur art. 36: the late pair keeps 6 or 8 VP
        adjustment = Adjustment(reason, absent=0 if outcome == "ns-late" else 1, late=True)
    elif outcome in ("ns-late-points", "ew-late-points"):  # 5 to 10 minutes: 100 points
        side = 0 if outcome == "ns-late-points" else 1
        seen = whole_number(form.seen.data or "")
        if get_storage().penalise(
            tournament.id, number, table_no, side, LATE_POINTS, reason, seen=seen
        ):
            flash(
                _(
                    "Table %(n)s, round %(r)s: settled, and noted in the history.",
                    n=table_no,
                    r=number,
                )
            )
        else:
            flash(_done_already())
        return _back(tournament.id, token, f"game-{number}-{table_no}")
    elif form.ns.data is None or form.ew.data is None:
        flash(_("Enter both totals of the result."))
        return _back(tournament.id, token, f"game-{number}-{table_no}")
    else:
        adjustment = Adjustment(reason, totals=(form.ns.data, form.ew.data))
    seen = whole_number(form.seen.data or "")
    if get_storage().adjust_game(tournament.id, number, table_no, adjustment, seen=seen):
        flash(
            _("Table %(n)s, round %(r)s: settled, and noted in the history.", n=table_no, r=number)
        )
    else:
        flash(_done_already())
    return _back(tournament.id, token, f"game-{number}-{table_no}")
