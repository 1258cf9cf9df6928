"""The watching phones' question, answered without sqlite-utils: a match's secrets and
version, a tournament's standings' version, each in one indexed query."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

# The latest change to a tournament's matches before a time (its standings' version);
# {tournament}: where the tournament's id comes from.
TOURNAMENT_LATEST = (
    "SELECT COALESCE(MAX(h.id), 0) FROM tournament_tables t JOIN history h"
    " ON h.match_id = t.match_id WHERE t.tournament_id = {tournament} AND h.at < ?"
)

# What the director changed: the tournament's history (a round ended, a forfeit, a
# correction, a team withdrawn or late, seats swapped), the results confirmed (each a row:
# the count only grows) and the teams checked in.
TOURNAMENT_DIRECTED = (
    "((SELECT COUNT(*) FROM tournament_events WHERE tournament_id = {tournament})"
    " + (SELECT COUNT(*) FROM tournament_confirmations WHERE tournament_id = {tournament}))"
    " * 100000 + (SELECT COUNT(*) FROM tournament_teams WHERE tournament_id = {tournament}"
    " AND status = 'present')"
)


class Versions:
    """The watching phones' question, and nothing else: a match's two secrets and its
    version (the last change's number) in one indexed query.

    The poll is most of a club night's requests (three phones a table, every 3 s), so it
    is answered before Flask (referee/web/plumbing/poll.py) on a plain connection per thread,
    without sqlite-utils, the migrations check or the match's rules.  Every change to a
    match is a row of ``history`` written in the change's own transaction, so any
    process's write is seen by the next query here: there is nothing to keep in step.
    """

    QUERY = (
        "SELECT edit_token, view_token,"
        " (SELECT COALESCE(MAX(id), 0) FROM history WHERE match_id = matches.id)"
        " FROM matches WHERE id = ?"
    )

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._local = threading.local()

    def of(self, match_id: int) -> tuple[str, str, int] | None:
        """``(edit token, view token, version)`` of match ``match_id``; None for no such
        match, or when the database cannot answer (the caller then asks the full app,
        whose pages say so)."""
        row = self._row(self.QUERY, (match_id,))
        return None if row is None else (str(row[0]), str(row[1]), int(row[2]))

    def tournament(
        self, tournament_id: int, before: str
    ) -> tuple[str, str, int, bool, int, int] | None:
        """``(edit token, view token, round, finished, latest change before before, the
        director's changes)`` of a tournament, for its standings' poll; None as :meth:`of`
        answers it."""
        row = self._row(self.TOURNAMENT, (before, tournament_id))
        if row is None:
            return None
        return str(row[0]), str(row[1]), int(row[2] or 0), bool(row[3]), int(row[4]), int(row[5])

    TOURNAMENT = (
        "SELECT edit_token, view_token, current_round, finished, ("
        + TOURNAMENT_LATEST.format(tournament="tournaments.id")
        + "), "
        + TOURNAMENT_DIRECTED.format(tournament="tournaments.id")
        + " FROM tournaments WHERE id = ?"
    )

    def _row(self, query: str, params: tuple[Any, ...]) -> Any:
        try:
            conn = getattr(self._local, "conn", None)
            if conn is None:
                conn = self._local.conn = sqlite3.connect(
                    self.path, timeout=10, check_same_thread=False
                )
            return conn.execute(query, params).fetchone()
        except (sqlite3.Error, OverflowError):
            return None
