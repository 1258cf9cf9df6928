"""The retention commands' part: the finished matches last changed before a date, and
their deletion with everything that refers to them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

from .connection import Connection, guarded


@dataclass(frozen=True)
class Prunable:
    """A finished match whose last change is older than a retention date."""

    id: int
    name: str
    last_change: datetime  # UTC: the latest of its creation, its hands' and its history's times
    hands: int  # hands played (not deleted)


# Finished matches with their last change as a Julian day, for the retention commands.
# julianday() reads a time with any UTC offset (an import keeps the file's times) and
# gives NULL for one it cannot read: a match with no readable time is never chosen.
_FINISHED_LAST_CHANGES = """
WITH finished AS (SELECT id FROM matches WHERE finished = 1),
stamps (match_id, at) AS (
    SELECT id, created FROM matches WHERE id IN finished
    UNION ALL SELECT match_id, created FROM hands WHERE match_id IN finished
    UNION ALL SELECT match_id, updated FROM hands WHERE match_id IN finished
    UNION ALL SELECT match_id, at FROM history WHERE match_id IN finished
    UNION ALL SELECT match_id, at FROM form_tokens WHERE match_id IN finished
)
SELECT m.id, m.name, datetime(MAX(julianday(s.at))) AS last_change,
    (SELECT COUNT(*) FROM hands h WHERE h.match_id = m.id AND h.deleted = 0) AS hands
FROM matches m JOIN stamps s ON s.match_id = m.id
GROUP BY m.id
HAVING MAX(julianday(s.at)) < julianday(:before)
ORDER BY m.id
"""


class Retention(Connection):
    """Which finished matches may go, and their going."""

    @guarded
    def prunable(self, before: date) -> list[Prunable]:
        """The finished matches last changed before ``before`` (00:00 UTC), oldest id first.

        Finished as the stored flag says (the web keeps it in step with the ledger);
        a match in play is never among them, however old.
        """
        rows = self.db.execute(_FINISHED_LAST_CHANGES, {"before": before.isoformat()})
        return [
            Prunable(
                id=match_id,
                name=name or "",
                last_change=datetime.fromisoformat(last).replace(tzinfo=UTC),
                hands=hands,
            )
            for match_id, name, last, hands in rows.fetchall()
        ]

    @guarded
    def prune(self, ids: Sequence[int], before: date) -> list[Prunable]:
        """Delete the matches of ``ids`` that are still :meth:`prunable` before ``before``,
        with everything that refers to them, in one transaction; return those deleted.

        The choice is made again under the write lock, so a match reopened or changed
        since it was listed stays.  Deleted rows are overwritten with zeros
        (``secure_delete``), not left readable in the file's free pages; the file keeps
        its size and reuses the space.
        """
        wanted = set(ids)
        (secure,) = self.db.execute("PRAGMA secure_delete").fetchone()
        self.db.execute("PRAGMA secure_delete = ON")
        try:
            with self._writing():  # the write lock before the choice, not after it
                chosen = [p for p in self.prunable(before) if p.id in wanted]
                gone = [(p.id,) for p in chosen]
                # Every table that refers to a match, as the migrations have left it; a
                # foreign key missed here would fail the last delete and undo them all.
                for table in self.db.tables:
                    if table.name != "matches" and "match_id" in table.columns_dict:
                        sql = f"DELETE FROM [{table.name}] WHERE match_id = ?"
                        self.db.conn.executemany(sql, gone)
                self.db.conn.executemany("DELETE FROM matches WHERE id = ?", gone)
        finally:
            self.db.execute(f"PRAGMA secure_delete = {int(secure)}")
        return chosen
