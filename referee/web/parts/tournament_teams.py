"""A tournament's teams as the director types them: one a line, partners joined by "&"."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _

from ...match.plaintext import isolated
from ...match.roster import NAME_LENGTH, side_name
from ...match.standings import ABSENT, MAX_TEAMS, Team


def _players(line: str) -> list[str]:
    players = [" ".join(p.split()) for p in line.replace("/", "&").split("&")]
    return [p for p in players if p]


def _line_problem(line: str, players: list[str], per_team: int) -> str | None:
    where = " ".join(line.split())
    if len(players) != per_team:
        if per_team == 2:
            return _(
                "“%(line)s”: a team is two partners joined by &, such as “Anna & Ben”.",
                line=isolated(where),
            )
        return _("“%(line)s”: one player a line.", line=isolated(where))
    too_long = [p for p in players if len(p) > NAME_LENGTH]
    if too_long:
        return _(
            "A name may have at most %(n)s letters: %(name)s",
            n=NAME_LENGTH,
            name=isolated(too_long[0]),
        )
    return None


def read_teams(text: str, per_team: int) -> tuple[list[Team], str | None]:
    """The teams typed one per line (partners joined by "&"), numbered in that order; or
    the problem, naming the line."""
    teams: list[Team] = []
    seen: set[str] = set()
    for line in text.splitlines():
        players = _players(line)
        if not players:
            continue
        problem = _line_problem(line, players, per_team)
        if problem:
            return [], problem
        name = side_name(players)
        if name.casefold() in seen:
            return [], _("%(name)s is on the list twice.", name=isolated(name))
        seen.add(name.casefold())
        teams.append(Team(len(teams) + 1, name, tuple(players)))
    if len(teams) < 2:
        return [], _("A tournament needs at least two teams.")
    if len(teams) > MAX_TEAMS:
        return [], _("A tournament has at most %(n)s teams.", n=MAX_TEAMS)
    return teams, None


def read_team(line: str, per_team: int, teams: Sequence[Team]) -> tuple[Team | None, str | None]:
    """A late team typed on one line, numbered after ``teams``; or the problem."""
    players = _players(line)
    if not players:
        return None, _("Type the team's names.")
    problem = _line_problem(line, players, per_team)
    if problem:
        return None, problem
    name = side_name(players)
    # a team listed but not here when round 1 began may still come: it joins late
    if any(t.name.casefold() == name.casefold() and t.status != ABSENT for t in teams):
        return None, _("%(name)s is on the list twice.", name=isolated(name))
    if len(teams) >= MAX_TEAMS:
        return None, _("A tournament has at most %(n)s teams.", n=MAX_TEAMS)
    return Team(len(teams) + 1, name, tuple(players)), None
