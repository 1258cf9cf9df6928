"""The director's side of a tournament: teams checking in, coming late and withdrawing, a
table's seats swapped, the byes of rounds paired as they come, and a game's result settled
by the director (a forfeit, a game not played, a correction), each noted in the
tournament's history with its reason."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..match.standings import ABSENT, PRESENT, WITHDRAWN, Adjustment, Team
from .connection import guarded
from .rows import dumps, stored_json, utc_now
from .tournament_store import TournamentStore


class DirectingStore(TournamentStore):
    """What a director changes in a tournament besides its rounds."""

    @guarded
    def tournament_byes(self, tournament_id: int) -> dict[int, list[int]]:
        """The teams that sat each round out, by round."""
        found: dict[int, list[int]] = {}
        rows = self.db.execute(
            "SELECT round, team FROM tournament_byes WHERE tournament_id = ? ORDER BY round, team",
            [tournament_id],
        )
        for number, team in rows.fetchall():
            found.setdefault(number, []).append(team)
        return found

    @guarded
    def check_in(self, tournament_id: int, number: int, here: bool) -> bool:
        """Team ``number`` is here (or not) for round 1; False (nothing done) once round 1
        has begun, or for no such team."""
        with self._writing():
            changed = self.db.execute(
                "UPDATE tournament_teams SET status = ? WHERE tournament_id = ? AND number = ?"
                " AND status NOT IN (?, ?)"
                " AND (SELECT current_round FROM tournaments WHERE id = ?) = 0",
                [
                    PRESENT if here else ABSENT,
                    tournament_id,
                    number,
                    WITHDRAWN,
                    PRESENT if here else ABSENT,
                    tournament_id,
                ],
            ).rowcount
        return bool(changed)

    @guarded
    def withdraw_team(self, tournament_id: int, number: int, reason: str) -> bool:
        """Team ``number`` plays no more rounds after the current one (its games stay);
        False (nothing done) before round 1, once the tournament is over, or if it has
        withdrawn already."""
        with self._writing():
            row = self.db.execute(
                "SELECT current_round, finished FROM tournaments WHERE id = ?", [tournament_id]
            ).fetchone()
            if row is None or row[0] < 1 or row[1]:
                return False
            changed = self.db.execute(
                "UPDATE tournament_teams SET status = ?, left_round = ?"
                " WHERE tournament_id = ? AND number = ? AND status = ?",
                [WITHDRAWN, row[0] + 1, tournament_id, number, PRESENT],
            ).rowcount
            if changed:
                self._team_event(tournament_id, row[0], number, "withdrew", reason)
        return bool(changed)

    @guarded
    def add_late_team(
        self,
        tournament_id: int,
        team: Team,
        before_round: int,
        may_join: Callable[[list[Team]], None] | None = None,
    ) -> Team | None:
        """``team`` joins before round ``before_round`` (numbered after the others); None
        (nothing done) if that round has begun, the tournament has no such round, or it
        is over.

        ``may_join`` is the movement's say (its rules are not storage's), asked about the
        teams as stored inside the transaction and raising to refuse: of two directors'
        phones bringing two late teams at once to the movement's one empty place, one
        gets it and the other is told why (issue 43)."""
        with self._writing():
            row = self.db.execute(
                "SELECT current_round, finished, rounds FROM tournaments WHERE id = ?",
                [tournament_id],
            ).fetchone()
            if row is None or row[1] or row[0] != before_round - 1 or before_round > row[2]:
                return None
            if may_join is not None:
                may_join(self.tournament_teams(tournament_id))
            listed = self.db.execute(
                "SELECT number, status FROM tournament_teams WHERE tournament_id = ?"
                " AND name = ? COLLATE NOCASE",
                [tournament_id, team.name],
            ).fetchone()
            if listed is not None and listed[1] != ABSENT:  # two presses at once: joins once
                return None
            if listed is not None:  # on the list, not here when round 1 began: comes late
                self.db.execute(
                    "UPDATE tournament_teams SET status = ?, joined = ?"
                    " WHERE tournament_id = ? AND number = ?",
                    [PRESENT, before_round if before_round > 1 else 0, tournament_id, listed[0]],
                )
                if before_round > 1:
                    self._team_event(tournament_id, before_round, listed[0], "joined late", None)
                return Team(listed[0], team.name, team.players, PRESENT, before_round)
            number = self.db.execute(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM tournament_teams WHERE tournament_id = ?",
                [tournament_id],
            ).fetchone()[0]
            joined = Team(number, team.name, team.players, PRESENT, before_round)
            self._insert_team(tournament_id, joined)
            if before_round > 1:
                self._team_event(tournament_id, before_round, number, "joined late", team.name)
        return joined

    @guarded
    def swap_seats(self, tournament_id: int, number: int, table_no: int, ns_shown: int) -> bool:
        """North-South and East-West of table ``table_no`` in round ``number`` change places
        (they sat the wrong way), the match's sides with them; False (nothing done) if the
        round is not the current one, a hand is recorded at the table already, or team
        ``ns_shown`` (North-South on the page the director pressed on) is not North-South
        any more: two presses at once swap once."""
        with self._writing():
            row = self.db.execute(
                "SELECT t.match_id, t.ns, t.ew, m.side_names, m.player_names, m.changes"
                " FROM tournament_tables t JOIN matches m ON m.id = t.match_id"
                " JOIN tournaments r ON r.id = t.tournament_id"
                " WHERE t.tournament_id = ? AND t.round = ? AND t.table_no = ?"
                " AND r.current_round = t.round AND r.finished = 0",
                [tournament_id, number, table_no],
            ).fetchone()
            if row is None or row[5] or row[1] != ns_shown:
                return False
            match_id, ns, ew, side_names, player_names = row[:5]
            sides = list(stored_json(side_names, []))
            players = list(stored_json(player_names, []))
            half = len(players) // 2
            self.db.execute(
                "UPDATE tournament_tables SET ns = ?, ew = ?"
                " WHERE tournament_id = ? AND round = ? AND table_no = ?",
                [ew, ns, tournament_id, number, table_no],
            )
            self.db.execute(
                "UPDATE matches SET side_names = ?, player_names = ? WHERE id = ?",
                [dumps(sides[::-1]), dumps(players[half:] + players[:half]), match_id],
            )
            self._event(tournament_id, number, (table_no, match_id), "seats swapped")
        return True

    @guarded
    def adjust_game(
        self,
        tournament_id: int,
        number: int,
        table_no: int,
        adjustment: Adjustment | None,
        *,
        seen: int | None = None,
    ) -> bool:
        """The director's result for table ``table_no`` of round ``number`` (None: back to
        the match's own), noted with its reason; False (nothing done) for no such table, or
        when the table's changes in the history are no longer the ``seen`` ones the form
        was made with (a second press, from this phone or another: done once), or the
        result is the one stored already."""
        with self._writing():
            match_id = self._table_match(tournament_id, number, table_no)
            if match_id is None:
                return False
            where = [tournament_id, number, table_no]
            if seen is not None and seen != self._table_changes(*where):
                return False
            before = self.db.execute(
                "SELECT reason FROM tournament_adjustments"
                " WHERE tournament_id = ? AND round = ? AND table_no = ?",
                where,
            ).fetchone()
            if adjustment is None:
                if before is None:
                    return False
                self.db.execute(
                    "DELETE FROM tournament_adjustments"
                    " WHERE tournament_id = ? AND round = ? AND table_no = ?",
                    where,
                )
                self._event(tournament_id, number, (table_no, match_id), "result restored")
                return True
            if before is not None and self.tournament_adjustments(tournament_id).get(
                (number, table_no)
            ) == replace(adjustment, reason=before[0]):
                return False  # the same result again: nothing to change
            totals = adjustment.totals or (None, None)
            self.db.execute(
                "INSERT OR REPLACE INTO tournament_adjustments (tournament_id, round, table_no,"
                " absent, not_played, ns_points, ew_points, penalty, reason, at, late)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    *where,
                    adjustment.absent,
                    int(adjustment.not_played),
                    totals[0],
                    totals[1],
                    adjustment.penalty,
                    adjustment.reason,
                    utc_now(),
                    int(adjustment.late),
                ],
            )
            action = (
                "not played"
                if adjustment.not_played
                else "late"
                if adjustment.late
                else "forfeit"
                if adjustment.absent is not None
                else "result corrected"
            )
            self._event(tournament_id, number, (table_no, match_id), action, adjustment.reason)
        return True

    def _table_changes(self, tournament_id: int, number: int, table_no: int) -> int:
        """How many changes table ``table_no`` of round ``number`` has in the history."""
        return int(
            self.db.execute(
                "SELECT COUNT(*) FROM tournament_events"
                " WHERE tournament_id = ? AND round = ? AND table_no = ?",
                [tournament_id, number, table_no],
            ).fetchone()[0]
        )

    @guarded
    def tournament_adjustments(self, tournament_id: int) -> dict[tuple[int, int], Adjustment]:
        """The director's results, by (round, table)."""
        rows = self.db.execute(
            "SELECT round, table_no, absent, not_played, ns_points, ew_points, penalty, reason,"
            " late FROM tournament_adjustments WHERE tournament_id = ?",
            [tournament_id],
        ).fetchall()
        found = {}
        for number, table_no, absent, not_played, ns, ew, penalty, reason, late in rows:
            totals = (int(ns), int(ew)) if ns is not None and ew is not None else None
            found[(number, table_no)] = Adjustment(
                reason, absent, totals, bool(not_played), int(penalty or 0), bool(late)
            )
        return found

    @guarded
    def penalise(
        self,
        tournament_id: int,
        number: int,
        table_no: int,
        side: int,
        points: int,
        reason: str,
        *,
        seen: int | None = None,
    ) -> bool:
        """Take ``points`` from ``side``'s total (0 North-South) at table ``table_no`` of
        round ``number`` (a pair 5 to 10 minutes late: FIBur's 100), noted with the
        director's ``reason``; False (nothing done) for no such table, a side penalised
        there already, or a form made before the table's last change (``seen``, as
        :meth:`adjust_game` takes it): a second press is done once."""
        with self._writing():
            match_id = self._table_match(tournament_id, number, table_no)
            if match_id is None:
                return False
            if seen is not None and seen != self._table_changes(tournament_id, number, table_no):
                return False
            added = self.db.execute(
                "INSERT OR IGNORE INTO tournament_penalties"
                " (tournament_id, round, table_no, side, points, reason, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [tournament_id, number, table_no, side, points, reason, utc_now()],
            ).rowcount
            if added:
                action = "late points ns" if side == 0 else "late points ew"
                self._event(tournament_id, number, (table_no, match_id), action, reason)
        return bool(added)

    @guarded
    def tournament_penalties(self, tournament_id: int) -> dict[tuple[int, int], tuple[int, int]]:
        """The points the director took from each game's sides, by (round, table):
        North-South first."""
        found: dict[tuple[int, int], tuple[int, int]] = {}
        rows = self.db.execute(
            "SELECT round, table_no, side, points FROM tournament_penalties"
            " WHERE tournament_id = ?",
            [tournament_id],
        ).fetchall()
        for number, table_no, side, points in rows:
            ns, ew = found.get((number, table_no), (0, 0))
            found[(number, table_no)] = (ns + points, ew) if side == 0 else (ns, ew + points)
        return found

    def _team_event(
        self, tournament_id: int, number: int, team: int, action: str, reason: str | None
    ) -> None:
        """Note what happened to team ``team`` in round ``number``, the team named before
        the director's ``reason``: inside the caller's transaction."""
        name = self.db.execute(
            "SELECT name FROM tournament_teams WHERE tournament_id = ? AND number = ?",
            [tournament_id, team],
        ).fetchone()[0]
        said = name if not reason or reason == name else f"{name}: {reason}"
        self.db.execute(
            "INSERT INTO tournament_events"
            " (tournament_id, round, table_no, match_id, action, reason, version, at)"
            " VALUES (?, ?, NULL, NULL, ?, ?, NULL, ?)",
            [tournament_id, number, action, said, utc_now()],
        )
