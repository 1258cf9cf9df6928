"""A team's own running card: a row a round (its table and seat, its opponents, the score,
the victory points and the running total), as the team cards PDF prints it
(:mod:`referee.web.views.tournament_files`) and the team's own page shows it
(:mod:`referee.web.views.team_page`)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...match.standings import GameResult, Standing, Tournament
from ..plumbing.addresses import phone_url


def team_page_url(tournament: Tournament, number: int) -> str:
    """The team's own page on the tournament's read-only link, as a phone opens it (the
    code on its team card)."""
    return phone_url(
        "team_page.team", tournament_id=tournament.id, token=tournament.view_token, number=number
    )


def team_card(
    tournament: Tournament,
    standing: Standing,
    games: list[GameResult],
    names: dict[int, str],
    num: Any,
) -> dict[str, Any]:
    """One team's card: a row a round (its game, its bye, or nothing), with the running
    total of what the ranking counts (victory points, or points)."""
    mine = standing.team.number
    by_round = {g.game.round: g for g in standing.games}
    rows = []
    notes = []
    total = 0
    for number in range(1, tournament.current_round + 1):
        game = by_round.get(number)
        if game is None and number < standing.team.joined:  # a late team, not here yet
            rows.append(
                {
                    "round": number,
                    "table": None,
                    "seat": "",
                    "opponents": _("not yet joined"),
                    "score": "",
                    "vp": "",
                    "total": num(total),
                }
            )
            continue
        if game is None or not game.game.table:  # sat out (a bye that gives the award, or not)
            if game is not None and tournament.ranking == "vp":
                total += game.victory_points(mine)
            rows.append(
                {
                    "round": number,
                    "table": None,
                    "seat": "",
                    "opponents": _("sat out"),
                    "score": "",
                    "vp": game.victory_points(mine) if game is not None else "",
                    "total": num(total),
                }
            )
            continue
        ns = game.game.ns == mine
        other = game.game.ew if ns else game.game.ns
        ours, theirs = game.points(mine), game.against(mine)
        if game.counted:
            total += game.victory_points(mine) if tournament.ranking == "vp" else ours
        rows.append(
            {
                "round": number,
                "table": game.game.table,
                "seat": _("North-South") if ns else _("East-West"),
                "opponents": names.get(other, ""),
                "score": f"{num(ours)} – {num(theirs)}" + ("" if game.counted else " …"),
                "vp": game.victory_points(mine) if game.vp else "",
                "total": num(total),
            }
        )
        if game.reason:
            notes.append(_("Round %(n)s: %(reason)s", n=number, reason=game.reason))
        if game.unconfirmed:
            notes.append(_("Round %(n)s: not confirmed yet by the other side.", n=number))
    if standing.team.joined > 1:
        notes.insert(0, _("Joined in round %(n)s.", n=standing.team.joined))
    return {"team": standing.team, "standing": standing, "rows": rows, "notes": notes}
