"""Tournaments: their teams, each round's tables and matches, the clock, the end, a table
reopened and closed again, and the history of what the director did."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from ..match.ledger import Match
from ..match.standings import ALWAYS, TableGame, Team, Tournament, TournamentEvent
from .connection import guarded
from .history_store import HistoryStore
from .refusals import StandingsMoved
from .rows import TOKEN_BYTES, as_tuple, dumps, stored_json, tournament_from, utc_now
from .versions import TOURNAMENT_DIRECTED, TOURNAMENT_LATEST


class TournamentStore(HistoryStore):
    """A tournament, its rounds and tables, and what happened to them."""

    @guarded
    def create_tournament(
        self,
        tournament: Tournament,
        teams: Sequence[Team],
        first_round: Sequence[tuple[TableGame, dict[str, Any]]] = (),
        first_byes: Sequence[int] = (),
    ) -> Tournament:
        """A new tournament with new secret links and its ``teams`` (numbered from 1); its
        ``id``, tokens and round are made here.  With ``first_round`` (as
        :meth:`begin_round` takes its games) round 1 begins in the same transaction: a
        crash leaves the whole tournament or nothing, never one stuck before round 1."""
        row = {
            "created": utc_now(),
            "name": tournament.name,
            "variant_id": tournament.variant_id,
            "options": dumps(dict(tournament.options)),
            "overrides": dumps(dict(tournament.overrides)),
            "players": tournament.players,
            "rounds": tournament.rounds,
            "movement": tournament.movement,
            "hands": tournament.hands,
            "minutes": tournament.minutes,
            "ranking": tournament.ranking,
            "edit_token": secrets.token_urlsafe(TOKEN_BYTES),
            "view_token": secrets.token_urlsafe(TOKEN_BYTES),
            "current_round": 0,
            "clock_end": None,
            "finished": 0,
            "scale": dumps(dict(tournament.scale)) if tournament.scale else None,
            "bye": tournament.bye,
            "draw": tournament.draw,
            "absent_penalty": tournament.absent_penalty,
            "signoff": int(tournament.signoff),
        }
        with self._writing():
            pk = self.db["tournaments"].insert(row).last_pk
            for team in teams:
                self._insert_team(pk, team)
            if first_round:
                self.begin_round(pk, 1, first_round, None, byes=first_byes)
                row["current_round"] = 1
        return tournament_from({**row, "id": pk})

    @guarded
    def get_tournament(self, tournament_id: int) -> Tournament | None:
        rows = list(self.db.query("SELECT * FROM tournaments WHERE id = ?", [tournament_id]))
        return tournament_from(rows[0]) if rows else None

    @guarded
    def list_tournaments(self) -> list[Tournament]:
        """Every tournament, newest first: for the server's operator (``referee list``)."""
        rows = self.db.query("SELECT * FROM tournaments ORDER BY id DESC")
        return [tournament_from(row) for row in rows]

    def _insert_team(self, tournament_id: int, team: Team) -> None:
        self.db.execute(
            "INSERT INTO tournament_teams"
            " (tournament_id, number, name, players, status, joined, left_round)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                tournament_id,
                team.number,
                team.name,
                dumps(list(team.players)),
                team.status,
                team.joined,
                team.left,
            ],
        )

    @guarded
    def tournament_teams(self, tournament_id: int) -> list[Team]:
        rows = self.db.execute(
            "SELECT number, name, players, status, joined, left_round FROM tournament_teams"
            " WHERE tournament_id = ? ORDER BY number",
            [tournament_id],
        )
        return [
            Team(
                number,
                name,
                tuple(str(p) for p in as_tuple(stored_json(players, []))),
                status,
                joined,
                left,
            )
            for number, name, players, status, joined, left in rows.fetchall()
        ]

    @guarded
    def tournament_tables(self, tournament_id: int) -> list[TableGame]:
        """Every table of every round begun so far, round by round, table by table."""
        rows = self.db.execute(
            "SELECT round, table_no, ns, ew, match_id FROM tournament_tables"
            " WHERE tournament_id = ? ORDER BY round, table_no",
            [tournament_id],
        )
        return [TableGame(*row) for row in rows.fetchall()]

    @guarded
    def match_table(self, match_id: int) -> tuple[int, TableGame] | None:
        """The tournament and table a match is played for, if it is one's."""
        row = self.db.execute(
            "SELECT tournament_id, round, table_no, ns, ew, match_id FROM tournament_tables"
            " WHERE match_id = ?",
            [match_id],
        ).fetchone()
        return None if row is None else (row[0], TableGame(*row[1:]))

    @guarded
    def begin_round(
        self,
        tournament_id: int,
        number: int,
        games: Sequence[tuple[TableGame, Match]],
        clock_end: str | None,
        *,
        early: bool = False,
        byes: Sequence[int] = (),
        seen: tuple[int, int] | None = None,
    ) -> bool:
        """Round ``number`` of the tournament: store each table's match (not stored yet,
        as :meth:`Match.begin` makes it) and its place, and close every table of the
        rounds before (``early``: the director ended the round with games in play), in one
        transaction.  False (and nothing done) if the tournament is no longer at the round
        before: another director's phone began it first.

        ``seen``: what :meth:`tournament_latest` answered (with :data:`ALWAYS`) when the
        round was paired from the standings; checked here, in the transaction that closes
        the round, so the pairing counts every hand this press closes.

        :raises StandingsMoved: a hand or the director's change came in since ``seen``
            (nothing done: pair the round again)."""
        with self._writing():
            if seen is not None and self._latest(tournament_id, ALWAYS) != seen:
                raise StandingsMoved(tournament_id)
            moved = self.db.execute(
                "UPDATE tournaments SET current_round = ?, clock_end = ?"
                " WHERE id = ? AND current_round = ? AND finished = 0",
                [number, clock_end, tournament_id, number - 1],
            ).rowcount
            if not moved:
                return False
            if number > 1:
                ended = "round ended early" if early else "round ended"
                self._close_rounds(tournament_id, number - 1, f"round:{number - 1}", ended)
            for game, planned in games:
                match = self.create_match(planned)
                self.db.execute(
                    "INSERT INTO tournament_tables (tournament_id, round, table_no, ns, ew,"
                    " match_id, confirm_token) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [tournament_id, number, game.table, game.ns, game.ew, match.id,
                     secrets.token_urlsafe(TOKEN_BYTES)],
                )  # fmt: skip
            for team in byes:
                self.db.execute(
                    "INSERT INTO tournament_byes (tournament_id, round, team) VALUES (?, ?, ?)",
                    [tournament_id, number, team],
                )
        return True

    @guarded
    def tournament_latest(self, tournament_id: int, before: str) -> tuple[int, int]:
        """The latest change to any of the tournament's matches made before ``before`` (an
        ISO time in UTC, as changes are stamped; 0: none yet), and the director's changes
        (:data:`~.versions.TOURNAMENT_DIRECTED`)."""
        return self._latest(tournament_id, before)

    def _latest(self, tournament_id: int, before: str) -> tuple[int, int]:
        query = TOURNAMENT_LATEST.format(tournament="?")
        row = self.db.execute(query, [tournament_id, before]).fetchone()
        directed = self.db.execute(
            "SELECT " + TOURNAMENT_DIRECTED.format(tournament="?"), [tournament_id] * 3
        ).fetchone()
        return int(row[0]), int(directed[0])

    @guarded
    def start_clock(self, tournament_id: int, number: int, end: str) -> bool:
        """Start round ``number``'s clock, to run until ``end``; False (nothing done) if it
        runs already, or the tournament is at another round or over."""
        with self._writing():
            cursor = self.db.execute(
                "UPDATE tournaments SET clock_end = ? WHERE id = ? AND current_round = ?"
                " AND clock_end IS NULL AND finished = 0",
                [end, tournament_id, number],
            )
        return bool(cursor.rowcount)

    @guarded
    def finish_tournament(self, tournament_id: int, number: int, *, early: bool = False) -> bool:
        """End the tournament after its round ``number`` and close every table, in one
        transaction; False (nothing done) if it is over already or at another round (two
        directors' phones at once end it once)."""
        with self._writing():
            cursor = self.db.execute(
                "UPDATE tournaments SET finished = 1, clock_end = NULL"
                " WHERE id = ? AND current_round = ? AND finished = 0",
                [tournament_id, number],
            )
            if not cursor.rowcount:
                return False
            ended = "tournament ended early" if early else "tournament ended"
            self._close_rounds(tournament_id, number, "tournament", ended)
        return True

    def _close_rounds(self, tournament_id: int, number: int, who: str, ended: str) -> None:
        """Close every open table of round ``number`` and before (``who`` closed them, as
        ``matches.closed`` says it) and note the round's end, ``ended``: inside the caller's
        transaction.  A table the director reopened and left open is closed again, noted."""
        reopened = self.db.execute(
            "SELECT t.round, t.table_no, t.match_id FROM tournament_tables t"
            " JOIN matches m ON m.id = t.match_id"
            " WHERE t.tournament_id = ? AND t.round < ? AND m.closed IS NULL",
            [tournament_id, number],
        ).fetchall()
        self.db.execute(
            "UPDATE matches SET closed = ? WHERE closed IS NULL AND id IN"
            " (SELECT match_id FROM tournament_tables WHERE tournament_id = ? AND round <= ?)",
            [who, tournament_id, number],
        )
        self._event(tournament_id, number, None, ended)
        for round_no, table_no, match_id in reopened:
            self._event(tournament_id, round_no, (table_no, match_id), "closed with the round")

    def _event(
        self,
        tournament_id: int,
        number: int,
        table: tuple[int, int] | None,
        action: str,
        reason: str | None = None,
    ) -> None:
        """Note what happened to round ``number`` (or its ``table``: table number and match
        id) in the tournament's history, inside the caller's transaction."""
        table_no, match_id = table if table is not None else (None, None)
        version = self.version(match_id) if match_id is not None else None
        self.db.execute(
            "INSERT INTO tournament_events"
            " (tournament_id, round, table_no, match_id, action, reason, version, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [tournament_id, number, table_no, match_id, action, reason, version, utc_now()],
        )

    @guarded
    def reopen_table(self, tournament_id: int, number: int, table_no: int, reason: str) -> bool:
        """Reopen the closed game of table ``table_no`` in round ``number`` for changes, and
        note it with the director's ``reason``; False (nothing done) if there is no such
        table or its game is open (a second press)."""
        return self._set_closed(tournament_id, number, table_no, None, "reopened", reason)

    @guarded
    def close_table(self, tournament_id: int, number: int, table_no: int) -> bool:
        """Close a reopened table's game again (the director's button); False (nothing done)
        if there is no such table or it is closed already."""
        return self._set_closed(tournament_id, number, table_no, "director", "closed")

    def _set_closed(
        self,
        tournament_id: int,
        number: int,
        table_no: int,
        who: str | None,
        action: str,
        reason: str | None = None,
    ) -> bool:
        with self._writing():
            match_id = self._table_match(tournament_id, number, table_no)
            if match_id is None:
                return False
            # Only a change of state: open to closed, or closed to open.
            state = "closed IS NOT NULL" if who is None else "closed IS NULL"
            changed = self.db.execute(
                f"UPDATE matches SET closed = ? WHERE id = ? AND {state}", [who, match_id]
            ).rowcount
            if changed:
                self._event(tournament_id, number, (table_no, match_id), action, reason)
        return bool(changed)

    def _table_match(self, tournament_id: int, number: int, table_no: int) -> int | None:
        """The match of table ``table_no`` in round ``number``; None for no such table."""
        row = self.db.execute(
            "SELECT match_id FROM tournament_tables"
            " WHERE tournament_id = ? AND round = ? AND table_no = ?",
            [tournament_id, number, table_no],
        ).fetchone()
        return None if row is None else int(row[0])

    @guarded
    def tournament_events(self, tournament_id: int) -> list[TournamentEvent]:
        """What happened to the tournament's rounds and tables, oldest first."""
        rows = self.db.execute(
            "SELECT round, table_no, match_id, action, reason, at FROM tournament_events"
            " WHERE tournament_id = ? ORDER BY id",
            [tournament_id],
        ).fetchall()
        return [TournamentEvent(*row) for row in rows]

    @guarded
    def reopened_tables(self, tournament_id: int) -> list[TableGame]:
        """The tables of rounds already over whose games the director reopened and left
        open, round by round."""
        rows = self.db.execute(
            "SELECT t.round, t.table_no, t.ns, t.ew, t.match_id FROM tournament_tables t"
            " JOIN tournaments r ON r.id = t.tournament_id JOIN matches m ON m.id = t.match_id"
            " WHERE t.tournament_id = ? AND m.closed IS NULL"
            " AND (t.round < r.current_round OR r.finished = 1) ORDER BY t.round, t.table_no",
            [tournament_id],
        ).fetchall()
        return [TableGame(*row) for row in rows]

    @guarded
    def changed_after_reopening(self, tournament_id: int) -> set[int]:
        """The tournament's matches whose hands were changed after the director reopened
        them (a change to their history after a reopening's version)."""
        rows = self.db.execute(
            "SELECT DISTINCT e.match_id FROM tournament_events e JOIN history h"
            " ON h.match_id = e.match_id AND h.id > e.version"
            " WHERE e.tournament_id = ? AND e.action = 'reopened'",
            [tournament_id],
        ).fetchall()
        return {int(row[0]) for row in rows}
