"""A match as "Ask the referee" reads it (:class:`referee.ask.Table`): its sides' totals, its
players and the hand being played.  Shared by the match's referee page and ``/api/ask``.

Who has opened is not here: a hand is stored only once it is over, so the match never knows
who has melded in the hand being played; the question says it ("we have already melded"),
or the ruling is given for a side that has not, or not at all (docs/contracts.md).
"""

from __future__ import annotations

from ...ask import Table
from ...match.ledger import Match
from .access import match_ledger


def asked_table(match: Match) -> Table:
    """``match``'s table: each side's name and match total, its players, the next hand."""
    ledger = match_ledger(match)
    totals = tuple(zip(match.side_names, ledger.totals, strict=True))
    return Table(totals, match.players, match.carried_hands + len(ledger.rows) + 1)
