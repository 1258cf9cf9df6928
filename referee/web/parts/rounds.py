"""A tournament's round begun: what it is made from read once, made by the pure
:func:`referee.match.pairing.round_games`, and stored; paired again when a hand came in
while it was being paired (storage refuses a pairing made before a hand it did not count).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from flask_babel import gettext as _

from ...match.ledger import Match
from ...match.pairing import by_standings, round_games
from ...match.standings import ABSENT, ALWAYS, TableGame, Team, Tournament, standings
from ...rules.movements import PlanError
from ...storage import StandingsMoved
from ..plumbing.db import get_storage
from .tournament_state import results

# How often a round is paired before its pairing is taken as it is.
PAIRING_TRIES = 5


def table_name(tournament: Tournament, number: int) -> Callable[[int], str]:
    """A table's match's name in round ``number``, in the page's language."""
    return lambda table: _(
        "%(tournament)s · round %(round)s · table %(table)s",
        tournament=tournament.name,
        round=number,
        table=table,
    )


def first_round(
    tournament: Tournament, teams: list[Team]
) -> tuple[list[tuple[TableGame, Match]], list[int]]:
    """Round 1 of a new tournament (no standings yet), stored with it."""
    return round_games(tournament, teams, 1, table_name(tournament, 1))


def begin_round(tournament: Tournament, number: int, *, early: bool = False) -> bool:
    """Give every table of round ``number`` its match and close the round before
    (``early``: ended with games in play); False if the round had already begun (two
    directors' phones at once).

    A round paired by the standings is paired from the standings this press leaves: every
    game of the round before counted, those still in play at the higher total, as the
    director then sees them.  A hand entered while it was being paired is counted too:
    storage refuses a pairing made before it, and the round is paired again.

    :raises PlanError: when the teams present cannot play it."""
    for _try in range(PAIRING_TRIES - 1):
        try:
            return _begin(tournament, number, early, checked=True)
        except StandingsMoved:
            continue
    # Hands keep coming at every table: a last pairing that is not refused (its round
    # closes a moment after it is paired).
    return _begin(tournament, number, early, checked=False)


def _begin(tournament: Tournament, number: int, early: bool, *, checked: bool) -> bool:
    storage = get_storage()
    seen = storage.tournament_latest(tournament.id, ALWAYS) if checked else None
    teams = storage.tournament_teams(tournament.id)
    ranked: list[int] = []
    played: list[TableGame] = []
    byes: dict[int, list[int]] = {}
    if by_standings(tournament, number):
        # The standings once this round has begun: the rounds before it over.
        played = storage.tournament_tables(tournament.id)
        byes = storage.tournament_byes(tournament.id)
        over = replace(tournament, current_round=number)
        present = [t for t in teams if t.status != ABSENT]
        table = standings(present, results(over, played), tournament.ranking, seed=tournament.id)
        ranked = [s.team.number for s in table]
    games, sits_out = round_games(
        tournament, teams, number, table_name(tournament, number),
        ranked=ranked, played=played, byes=byes,
    )  # fmt: skip
    if not games:
        raise PlanError(f"round {number} has no table")
    # A timed round's clock starts when the director says the players are seated.
    return storage.begin_round(
        tournament.id, number, games, None, early=early, byes=sits_out, seen=seen
    )
