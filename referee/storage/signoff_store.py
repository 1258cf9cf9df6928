"""A table's result confirmed by the other side (a tournament that asks for it): the link it
is confirmed from, the confirmation checked and written in one transaction, and what each
table's latest confirmation still covers."""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from ..match.standings import TableGame
from .connection import guarded
from .refusals import AlreadyConfirmed, NoSignOff, ResultChanged, SamePhone
from .rows import utc_now
from .tournament_store import TournamentStore

OTHER_SIDE = "other side"
DIRECTOR = "director"


@dataclass(frozen=True)
class Confirming:
    """What a table's confirming link opens: its tournament, its game, and whether the
    event asks for the other side's confirmation."""

    tournament_id: int
    game: TableGame
    signoff: bool


class SignoffStore(TournamentStore):
    """Each table's confirmation."""

    @guarded
    def confirming(self, match_id: int, token: str) -> Confirming | None:
        """The table whose confirming link is ``match_id`` and ``token``; None for no such
        link (a wrong token alike)."""
        row = self.db.execute(
            "SELECT t.tournament_id, t.round, t.table_no, t.ns, t.ew, t.match_id, r.signoff,"
            " t.confirm_token FROM tournament_tables t JOIN tournaments r"
            " ON r.id = t.tournament_id WHERE t.match_id = ?",
            [match_id],
        ).fetchone()
        if row is None or not row[7] or not _same(row[7], token):
            return None
        return Confirming(row[0], TableGame(*row[1:6]), bool(row[6]))

    @guarded
    def confirm_token(self, match_id: int) -> str | None:
        """The confirming link's secret of the table ``match_id`` is played at."""
        row = self.db.execute(
            "SELECT confirm_token FROM tournament_tables WHERE match_id = ?", [match_id]
        ).fetchone()
        return None if row is None else row[0]

    @guarded
    def confirm_result(
        self, match_id: int, seen: int, by: str = OTHER_SIDE, phone: str | None = None
    ) -> None:
        """Confirm the result of the table ``match_id`` is played at, as it stood at version
        ``seen`` (what the confirming page showed), and lock it: its match closes (a change
        then needs the director to reopen it, saying why).  Checked inside the transaction
        that writes it.

        :raises AlreadyConfirmed: its latest confirmation is of the version it has now.
        :raises ResultChanged: the match changed since ``seen``.
        :raises SamePhone: ``phone`` made the match's last change (the other side confirms).
        :raises NoSignOff: it is no tournament's table, or its event asks for no confirming.
        """
        with self._writing():
            row = self.db.execute(
                "SELECT t.tournament_id, t.round, t.table_no, r.signoff FROM tournament_tables t"
                " JOIN tournaments r ON r.id = t.tournament_id WHERE t.match_id = ?",
                [match_id],
            ).fetchone()
            if row is None or not row[3]:
                raise NoSignOff(match_id)
            tournament_id, number, table_no, _signoff = row
            now = self.version(match_id)
            if self._confirmed_version(match_id) == now:
                raise AlreadyConfirmed(match_id)
            if now != seen:
                raise ResultChanged(match_id)
            if phone is not None:
                last = self.db.execute(
                    "SELECT phone FROM history WHERE match_id = ? ORDER BY id DESC LIMIT 1",
                    [match_id],
                ).fetchone()
                if last is not None and last[0] == phone:
                    raise SamePhone(match_id)
            self.db.execute(
                "INSERT INTO tournament_confirmations"
                " (tournament_id, round, table_no, match_id, version, by, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [tournament_id, number, table_no, match_id, now, by, utc_now()],
            )
            self.db.execute(
                "UPDATE matches SET closed = 'confirmed' WHERE id = ? AND closed IS NULL",
                [match_id],
            )

    @guarded
    def confirmed_version(self, match_id: int) -> int | None:
        """The match's version its table's latest confirmation is of; None: never confirmed."""
        return self._confirmed_version(match_id)

    def _confirmed_version(self, match_id: int) -> int | None:
        row = self.db.execute(
            "SELECT version FROM tournament_confirmations WHERE match_id = ?"
            " ORDER BY id DESC LIMIT 1",
            [match_id],
        ).fetchone()
        return None if row is None else int(row[0])

    @guarded
    def tournament_confirmations(self, tournament_id: int) -> dict[int, tuple[int, str]]:
        """Each table's latest confirmation, by its match: (the version confirmed, who)."""
        rows = self.db.execute(
            "SELECT match_id, version, by FROM tournament_confirmations c WHERE id = ("
            " SELECT MAX(id) FROM tournament_confirmations d WHERE d.match_id = c.match_id)"
            " AND tournament_id = ?",
            [tournament_id],
        ).fetchall()
        return {int(m): (int(v), str(b)) for m, v, b in rows}


def _same(stored: str, given: str) -> bool:
    return hmac.compare_digest(stored.encode(), given.encode())
