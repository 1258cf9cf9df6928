"""Each team's own page, from the code on its team card: where it sits now and next round,
against whom, and its running card with the victory points, refreshing itself as the
standings page does (it polls the standings' version).  Read-only, from either of the
tournament's links."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, render_template
from flask_babel import gettext as _

from ...match.pairing import MITCHELL_THEN_SWISS, round_plan
from ...match.standings import GameResult, TableGame, Team, Tournament
from ...rules.movements import PlanError
from ...rules.swiss import SWISS
from ..parts.team_cards import team_card
from ..parts.tournament_state import (
    load_tournament,
    standing_view,
    state_words,
    tournament_version,
)
from ..plumbing.db import get_storage
from ..plumbing.locale import number as local

bp = Blueprint("team_page", __name__)


@bp.route("/t/<int:tournament_id>/<token>/team/<int:number>")
def team(tournament_id: int, token: str, number: int):
    tournament, _can_edit = load_tournament(tournament_id, token)
    version = tournament_version(tournament)  # before the games: never newer than they are
    ranked, games = standing_view(tournament)
    mine = next((s for s in ranked if s.team.number == number), None)
    if mine is None:
        abort(404, _("There is no such team in this tournament. Check the code you scanned."))
    names = {s.team.number: s.team.name for s in ranked}
    return render_template(
        "team.html",
        tournament=tournament,
        token=token,
        standing=mine,
        card=team_card(tournament, mine, games, names, local),
        now=_now(tournament, mine.team, games, names),
        next=_next(tournament, mine.team, names),
        states=state_words(),
        version=version,
        every=current_app.config["STANDINGS_POLL_SECONDS"],
    )


def _seat(game: TableGame, team: int, names: dict[int, str]) -> dict[str, Any]:
    ns = game.ns == team
    return {
        "table": game.table,
        "seat": _("North-South") if ns else _("East-West"),
        "against": names.get(game.ew if ns else game.ns, ""),
    }


def _now(
    tournament: Tournament, team: Team, games: list[GameResult], names: dict[int, str]
) -> dict[str, Any] | None:
    """The team's table in the round being played, its game as it stands; None between
    rounds, before the first or after the last, or when it sits this round out."""
    if not tournament.current_round or tournament.finished:
        return None
    for game in games:
        g = game.game
        if g.round == tournament.current_round and team.number in (g.ns, g.ew):
            return {
                **_seat(g, team.number, names),
                "ours": local(game.points(team.number)),
                "theirs": local(game.against(team.number)),
                "state": game.state,
                "unconfirmed": game.unconfirmed,
            }
    return None


def _next(tournament: Tournament, team: Team, names: dict[int, str]) -> dict[str, Any] | str:
    """Where the team sits next round, as the movement plans it; or why it is not known yet."""
    if tournament.finished:
        return _("The tournament is over.")
    following = tournament.current_round + 1
    if following > tournament.rounds:
        return _("This is the last round.")
    by_standings = tournament.movement == SWISS or (
        tournament.movement == MITCHELL_THEN_SWISS and following == tournament.rounds
    )
    if by_standings:
        return _(
            "Round %(n)s is paired from the standings when this round ends: this page "
            "shows it then.",
            n=following,
        )
    try:
        plan = round_plan(tournament, get_storage().tournament_teams(tournament.id), following)
    except PlanError:
        return _("Round %(n)s is planned when it begins.", n=following)
    for pairing in plan.tables:
        if team.number in (pairing.ns, pairing.ew):
            game = TableGame(following, pairing.table, pairing.ns, pairing.ew)
            return {"round": following, **_seat(game, team.number, names)}
    return _("Your team sits round %(n)s out.", n=following)
