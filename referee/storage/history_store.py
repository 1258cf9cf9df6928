"""A match's history: every change to its hands in order, its version (the last change's
number), what a form opened at an older version has missed, and what undo and redo act
on.  A change is written with the write that makes it, in the same transaction."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..match.capacity import MAX_CHANGES
from ..match.ledger import Change
from .connection import guarded
from .match_store import MatchStore
from .refusals import MatchClosed, MatchFull, Stale
from .rows import CHANGE_COLUMNS, ROWID_END, change_from, dumps, in_chunks


class HistoryStore(MatchStore):
    """The changes of a match, and the version they make."""

    def _may_change(self, match_id: int) -> None:
        """Refuse a change to a closed match, or to one that has had the most changes."""
        row = self.db.execute(
            "SELECT closed, changes FROM matches WHERE id = ?", [match_id]
        ).fetchone()
        if row is not None and row[0] is not None:
            raise MatchClosed(row[0])
        if row is not None and row[1] >= MAX_CHANGES:
            raise MatchFull("changes")

    def _changes_after(
        self,
        match_id: int,
        seen: int,
        phone: str | None = None,
        hand_id: int | None = None,
    ) -> list[Change]:
        """The match's changes after version ``seen``, oldest first (at most 100); with
        ``phone``, those made from another phone only, with ``hand_id``, to that hand only."""
        query = f"SELECT {CHANGE_COLUMNS} FROM history WHERE match_id = ? AND id > ?"
        params: list[Any] = [match_id, seen]
        if phone is not None:
            query += " AND (phone IS NULL OR phone != ?)"
            params.append(phone)
        if hand_id is not None:
            query += " AND hand_id = ?"
            params.append(hand_id)
        rows = self.db.execute(query + " ORDER BY id LIMIT 100", params).fetchall()
        return [change_from(row) for row in rows]

    @guarded
    def stale(
        self, match_id: int, seen: int | None, phone: str | None, hand_id: int | None = None
    ) -> Stale | None:
        """What makes a form opened at version ``seen`` stale: the changes made to the match
        (with ``hand_id``: to that hand) from another phone than ``phone`` since; None if
        there are none, or ``seen`` is None (not asked).  Only those rows are read: a
        phone's own changes since (hands kept offline, sent in a row) cost nothing."""
        if seen is None:
            return None
        changes = self._changes_after(match_id, seen, phone, hand_id)
        return Stale(changes, self.version(match_id)) if changes else None

    def _refuse_stale(
        self, match_id: int, seen: int | None, phone: str | None, hand_id: int | None = None
    ) -> None:
        if (stale := self.stale(match_id, seen, phone, hand_id)) is not None:
            raise stale

    @guarded
    def changes_since(self, match_id: int, seen: int) -> list[Change]:
        """The match's changes after version ``seen``, oldest first (at most 100)."""
        return self._changes_after(match_id, seen)

    def _log(
        self,
        match_id: int,
        hand_id: int,
        action: str,
        before: dict[str, Any] | None,
        after: dict[str, Any] | None,
        at: str,
        phone: str | None = None,
        reverses: int | None = None,
    ) -> None:
        # The hand's place among the hands in play, itself counted in or not: its number
        # when recorded or edited, the one it had when deleted.
        (earlier,) = self.db.execute(
            "SELECT COUNT(*) FROM hands WHERE match_id = ? AND deleted = 0 AND id < ?",
            [match_id, hand_id],
        ).fetchone()
        self.db.execute(
            "INSERT INTO history"
            " (match_id, hand_id, action, before, after, at, undone, phone, reverses, number)"
            " VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
            [
                match_id, hand_id, action, dumps(before), dumps(after), at, phone, reverses,
                earlier + 1,
            ],
        )  # fmt: skip
        self.db.execute("UPDATE matches SET changes = changes + 1 WHERE id = ?", [match_id])

    @guarded
    def history(self, match_id: int) -> list[Change]:
        rows = self.db.execute(
            f"SELECT {CHANGE_COLUMNS} FROM history WHERE match_id = ? ORDER BY id DESC",
            [match_id],
        ).fetchall()
        return [change_from(row) for row in rows]

    # The reads below cost the same however long a match's history is: a page of it, the
    # live hands' texts (HandStore.hand_texts).  A match's page, its poll and a hand posted
    # read nothing more of the history than its version (docs/benchmarks.md, "A long
    # history").

    @guarded
    def changes_before(self, match_id: int, before: int | None, limit: int) -> list[Change]:
        """At most ``limit`` of the match's changes numbered below ``before`` (None: the
        newest), newest first: a page of the history, read by the index on ``match_id``.

        An entry that is not JSON comes back as :data:`UNREADABLE`, for the page's checks
        (:mod:`referee.web.parts.damaged`) to name instead of failing here.
        """
        rows = self.db.execute(
            f"SELECT {CHANGE_COLUMNS} FROM history WHERE match_id = ? AND id < ?"
            " ORDER BY id DESC LIMIT ?",
            [match_id, ROWID_END if before is None else before, limit],
        ).fetchall()
        return [change_from(row) for row in rows]

    @guarded
    def last_changes(self, match_id: int, hand_ids: Sequence[int]) -> dict[int, Change]:
        """The newest change of each of ``hand_ids``, by hand: for a hand no longer in the
        match, what took it out (a deletion, from which phone; an undo of its recording)."""
        out: dict[int, Change] = {}
        for chunk, marks in in_chunks(sorted(set(hand_ids))):
            rows = self.db.execute(
                f"SELECT {CHANGE_COLUMNS} FROM history WHERE id IN"
                f" (SELECT MAX(id) FROM history WHERE match_id = ? AND hand_id IN ({marks})"
                " GROUP BY hand_id)",
                [match_id, *chunk],
            ).fetchall()
            out.update((change.hand_id, change) for change in map(change_from, rows))
        return out

    @guarded
    def change_ids_after(self, match_id: int, after: int, limit: int) -> list[int]:
        """The numbers of at most ``limit`` of the match's changes after change ``after``,
        oldest first (where the page of newer changes begins)."""
        rows = self.db.execute(
            "SELECT id FROM history WHERE match_id = ? AND id > ? ORDER BY id LIMIT ?",
            [match_id, after, limit],
        ).fetchall()
        return [row[0] for row in rows]

    @guarded
    def changes_up_to(self, match_id: int, change_id: int) -> int:
        """How many of the match's changes there are up to change ``change_id`` (its number
        in the history, counted from 1): the index alone is read, no row."""
        row = self.db.execute(
            "SELECT COUNT(*) FROM history WHERE match_id = ? AND id <= ?", [match_id, change_id]
        ).fetchone()
        return int(row[0])

    @guarded
    def version(self, match_id: int) -> int:
        """Grows with every change to the match; phones poll it to know when to refresh."""
        row = self.db.execute(
            "SELECT COALESCE(MAX(id), 0) FROM history WHERE match_id = ?", [match_id]
        ).fetchone()
        return int(row[0])

    @guarded
    def match_versions(self, match_ids: Sequence[int]) -> dict[int, int]:
        """The :meth:`version` of each of ``match_ids`` (a match without a change left out)."""
        out: dict[int, int] = {}
        for chunk, marks in in_chunks(match_ids):
            rows = self.db.execute(
                f"SELECT match_id, MAX(id) FROM history WHERE match_id IN ({marks})"
                " GROUP BY match_id",
                chunk,
            )
            out.update((int(m), int(v)) for m, v in rows.fetchall())
        return out

    def _newest(self, match_id: int) -> Iterator[Change]:
        """The match's changes that undo and redo act on (not undos and redos themselves),
        newest first, read a few at a time: callers stop at the first that settles it."""
        cursor = self.db.execute(
            f"SELECT {CHANGE_COLUMNS} FROM history WHERE match_id = ?"
            " AND action NOT IN ('undo', 'redo') ORDER BY id DESC",
            [match_id],
        )
        while rows := cursor.fetchmany(8):
            yield from map(change_from, rows)

    def _last_done(self, match_id: int) -> Change | None:
        return next((c for c in self._newest(match_id) if not c.undone), None)

    @guarded
    def can_undo(self, match_id: int) -> bool:
        """Whether :meth:`undo` has a change to reverse."""
        return self._last_done(match_id) is not None

    @guarded
    def redoable(self, match_id: int) -> Change | None:
        """The change :meth:`redo` would make again: the one the latest undo reversed and no
        redo has made again, while no new change has come after the undos (a new hand, edit
        or deletion ends them)."""
        cursor = self.db.execute(
            "SELECT action, reverses FROM history WHERE match_id = ? ORDER BY id DESC",
            [match_id],
        )
        while rows := cursor.fetchmany(8):
            for action, reverses in rows:
                if action not in ("undo", "redo"):
                    return None  # a new change: nothing before it is made again
                if action == "undo" and reverses is None:  # an undo from before reverses
                    return self._redoable_unmarked(match_id)
                if action == "undo":
                    row = self.db.execute(
                        f"SELECT {CHANGE_COLUMNS} FROM history WHERE id = ? AND undone = 1",
                        [reverses],
                    ).fetchone()
                    if row is not None:
                        return change_from(row)
        return None

    def _redoable_unmarked(self, match_id: int) -> Change | None:
        """:meth:`redoable` where the undos do not say what they reversed (stored by an
        older version): the oldest of the newest run of changes undone."""
        latest: Change | None = None
        for change in self._newest(match_id):
            if not change.undone:
                break
            latest = change
        return latest
