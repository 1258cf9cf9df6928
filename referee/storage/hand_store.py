"""A match's hands: read, recorded, edited, deleted, and put back or made again by undo and
redo; each write checks what it depends on inside its own transaction."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..match.capacity import MAX_HANDS
from ..match.ledger import Change, HandRecord
from .connection import guarded
from .history_store import HistoryStore
from .refusals import HandGone, MatchFull, MatchOver, TurnMoved
from .rows import dumps, hand_from, utc_now


class HandStore(HistoryStore):
    """The hands of a match, and every change to them."""

    # Every write below that depends on what is stored reads it inside its own BEGIN
    # IMMEDIATE transaction, after taking the write lock: two phones at once are served one
    # after the other, and each acts on what the other stored, never on what it read before.

    @guarded
    def hands(self, match_id: int) -> list[HandRecord]:
        rows = self.db.query(
            "SELECT * FROM hands WHERE match_id = ? AND deleted = 0 ORDER BY id", [match_id]
        )
        return [hand_from(row) for row in rows]

    @guarded
    def get_hand(self, match_id: int, hand_id: int, *, deleted: bool = False) -> HandRecord | None:
        """Hand ``hand_id`` of the match if it is in play (``deleted``: if it is not)."""
        rows = list(
            self.db.query(
                "SELECT * FROM hands WHERE id = ? AND match_id = ? AND deleted = ?",
                [hand_id, match_id, int(deleted)],
            )
        )
        return hand_from(rows[0]) if rows else None

    @guarded
    def all_hands(self, match_id: int) -> list[tuple[HandRecord, bool]]:
        """Every hand ever recorded in the match, deleted ones too (an undo may bring them
        back), each with whether it is deleted; oldest first."""
        rows = self.db.query("SELECT * FROM hands WHERE match_id = ? ORDER BY id", [match_id])
        return [(hand_from(row), bool(row["deleted"])) for row in rows]

    @guarded
    def stored_texts(self, match_id: int) -> tuple[list[Any], list[Any]]:
        """The match's hand entries (the history's too) and their times, as stored: JSON
        text unparsed, for :mod:`referee.web.parts.damaged` to check cheaply on every request."""
        hands = self.db.execute(
            "SELECT entry, created, updated FROM hands WHERE match_id = ?", [match_id]
        ).fetchall()
        changes = self.db.execute(
            "SELECT before, after, at FROM history WHERE match_id = ?", [match_id]
        ).fetchall()
        entries = [row[0] for row in hands] + [t for row in changes for t in row[:2] if t]
        stamps = [t for row in hands for t in row[1:]] + [row[2] for row in changes]
        return entries, stamps

    @guarded
    def hand_texts(self, match_id: int) -> list[tuple[Any, Any, Any]]:
        """The entry, creation and change time of each hand in play (at most
        :data:`referee.match.capacity.MAX_HANDS`), oldest first, as stored: JSON text unparsed,
        for :mod:`referee.web.parts.damaged` to check cheaply on every request."""
        rows = self.db.execute(
            "SELECT entry, created, updated FROM hands WHERE match_id = ? AND deleted = 0"
            " ORDER BY id",
            [match_id],
        ).fetchall()
        return [tuple(row) for row in rows]

    @guarded
    def add_hand(
        self,
        match_id: int,
        entry: dict[str, Any],
        result: dict[str, Any],
        token: str,
        *,
        seen: int | None = None,
        phone: str | None = None,
        over: Callable[[list[HandRecord]], bool] | None = None,
    ) -> HandRecord:
        """Record a new hand, once per form token, in a match not yet full nor over.

        ``seen`` is the match's version when the form was opened and ``phone`` the
        sending browser's id: a change made since from another phone refuses the hand.
        ``over`` says, from the hands in play, whether the match is over (its rules are
        not storage's); it is asked about the hands as stored inside the transaction, so
        of twenty phones sending a hand at once to a match one hand from its end, the
        first is stored and the others refused.

        :raises DuplicateSubmission: if ``token`` was used before (a double tap or a resend).
        :raises Stale: if another phone changed the match since version ``seen``.
        :raises MatchFull: if the match holds the most hands (or changes) there may be.
        :raises MatchClosed: if the match is closed.
        :raises MatchOver: if ``over`` says the match, as stored, is over.
        """
        now = utc_now()
        with self._writing():
            self._spend(token, match_id)
            self._may_change(match_id)
            self._refuse_stale(match_id, seen, phone)
            (hands,) = self.db.execute(
                "SELECT COUNT(*) FROM hands WHERE match_id = ? AND deleted = 0", [match_id]
            ).fetchone()
            if hands >= MAX_HANDS:
                raise MatchFull("hands")
            if over is not None and over(self._hands_in_play(match_id)):
                raise MatchOver()
            cursor = self.db.execute(
                "INSERT INTO hands (match_id, entry, result, created, updated, deleted) "
                "VALUES (?, ?, ?, ?, ?, 0)",
                [match_id, dumps(entry), dumps(result), now, now],
            )
            hand_id = cursor.lastrowid
            assert hand_id is not None
            self._log(match_id, hand_id, "add", None, entry, now, phone)
        return HandRecord(hand_id, match_id, entry, result, now, now)

    def _hands_in_play(self, match_id: int) -> list[HandRecord]:
        rows = self.db.execute(
            "SELECT * FROM hands WHERE match_id = ? AND deleted = 0 ORDER BY id", [match_id]
        )
        names = [column[0] for column in rows.description]
        return [hand_from(dict(zip(names, row, strict=True))) for row in rows.fetchall()]

    def _live_entry(self, match_id: int, hand_id: int) -> dict[str, Any]:
        """The entry of hand ``hand_id`` as stored now; :class:`HandGone` if it is not in
        the match (call inside the write transaction)."""
        row = self.db.execute(
            "SELECT entry FROM hands WHERE id = ? AND match_id = ? AND deleted = 0",
            [hand_id, match_id],
        ).fetchone()
        if row is None:
            raise HandGone(hand_id)
        entry: dict[str, Any] = json.loads(row[0])
        return entry

    @guarded
    def update_hand(
        self,
        match_id: int,
        hand_id: int,
        entry: dict[str, Any],
        result: dict[str, Any],
        *,
        seen: int | None = None,
        phone: str | None = None,
        token: str | None = None,
    ) -> None:
        """Change a hand still in the match.

        :raises HandGone: if it is no longer in the match.
        :raises Stale: if another phone changed this hand since version ``seen``.
        :raises DuplicateSubmission: if ``token`` was used before.
        :raises MatchFull, MatchClosed: as :meth:`add_hand`.
        """
        now = utc_now()
        with self._writing():
            self._spend(token, match_id)
            self._may_change(match_id)
            old = self._live_entry(match_id, hand_id)
            self._refuse_stale(match_id, seen, phone, hand_id)
            self.db.execute(
                "UPDATE hands SET entry = ?, result = ?, updated = ? WHERE id = ?",
                [dumps(entry), dumps(result), now, hand_id],
            )
            self._log(match_id, hand_id, "edit", old, entry, now, phone)

    @guarded
    def delete_hand(
        self, match_id: int, hand_id: int, token: str | None = None, *, phone: str | None = None
    ) -> bool:
        """Delete a hand (undo brings it back); False (nothing done) if it is not in the match.

        :raises DuplicateSubmission: if ``token`` was used before (a resent delete).
        :raises MatchFull, MatchClosed: as :meth:`add_hand`.
        """
        now = utc_now()
        with self._writing():
            self._spend(token, match_id)
            self._may_change(match_id)
            try:
                old = self._live_entry(match_id, hand_id)
            except HandGone:
                return False
            self.db.execute(
                "UPDATE hands SET deleted = 1, updated = ? WHERE id = ?", [now, hand_id]
            )
            self._log(match_id, hand_id, "delete", old, None, now, phone)
        return True

    def _put_hand(
        self,
        change: Change,
        state: dict[str, Any] | None,
        result: dict[str, Any] | None,
        now: str,
        match_id: int,
    ) -> None:
        """Put ``change``'s hand as it is in ``state``, the change's ``before`` (undoing it)
        or ``after`` (making it again): no entry means the hand is not in the match, an
        entry that it is, as the history keeps it, stored with ``result``, its score."""
        if state is None:
            self.db.execute(
                "UPDATE hands SET deleted = 1, updated = ? WHERE id = ? AND match_id = ?",
                [now, change.hand_id, match_id],
            )
            return
        if result is None:
            raise ValueError(f"change {change.id} puts a hand back: its score is needed")
        self.db.execute(
            "UPDATE hands SET entry = ?, result = ?, deleted = 0, updated = ?"
            " WHERE id = ? AND match_id = ?",
            [dumps(state), dumps(result), now, change.hand_id, match_id],
        )

    @guarded
    def next_turn(self, match_id: int, *, redo: bool = False) -> Change | None:
        """The change :meth:`undo` would reverse now (``redo``: :meth:`redo` make again),
        for the caller to score the hand it puts back -- its ``before`` undoing, its
        ``after`` redoing -- and to pass that score with the change's id: storage scores
        nothing."""
        return self.redoable(match_id) if redo else self._last_done(match_id)

    @guarded
    def redo(
        self,
        match_id: int,
        change_id: int,
        result: dict[str, Any] | None,
        token: str | None = None,
        *,
        phone: str | None = None,
    ) -> Change | None:
        """Make again change ``change_id``, the one the latest undo reversed (see
        :meth:`next_turn`), its hand stored with ``result`` (None where the change takes
        the hand out); an undo then reverses it again.  None: nothing to redo.

        :raises TurnMoved: if the change to make again is another one by now.
        :raises DuplicateSubmission: if ``token`` was used before (a resent redo).
        :raises MatchFull, MatchClosed: as :meth:`add_hand`.
        """
        return self._turn(match_id, change_id, result, token, phone, undoing=False)

    @guarded
    def undo(
        self,
        match_id: int,
        change_id: int,
        result: dict[str, Any] | None,
        token: str | None = None,
        *,
        phone: str | None = None,
    ) -> Change | None:
        """Reverse change ``change_id``, the latest not yet undone (see :meth:`next_turn`),
        its hand put back stored with ``result`` (None where undoing takes the hand out);
        an undo is itself kept in the history.  None: nothing to undo.

        The latest change is looked up under the write lock and must be ``change_id``: two
        phones undoing at once undo two changes, never one twice, and a score is stored
        only with the hand it was made for.

        :raises TurnMoved: if the latest change is another one by now.
        :raises DuplicateSubmission: if ``token`` was used before (a resent undo).
        :raises MatchFull, MatchClosed: as :meth:`add_hand`.
        """
        return self._turn(match_id, change_id, result, token, phone, undoing=True)

    def _turn(
        self,
        match_id: int,
        change_id: int,
        result: dict[str, Any] | None,
        token: str | None,
        phone: str | None,
        *,
        undoing: bool,
    ) -> Change | None:
        """Undo the latest change not yet undone, or redo the one the latest undo reversed:
        its hand put back as it was before it (as it was after it), the change marked
        undone (done again), and the turn itself kept in the history."""
        with self._writing():
            self._spend(token, match_id)
            self._may_change(match_id)
            change = self._last_done(match_id) if undoing else self.redoable(match_id)
            if change is None:
                return None
            if change.id != change_id:  # checked where it is written: in this transaction
                raise TurnMoved(change.id)
            at = utc_now()
            gone, back = (change.after, change.before) if undoing else (change.before, change.after)
            self._put_hand(change, back, result, at, match_id)
            self.db.execute("UPDATE history SET undone = ? WHERE id = ?", [int(undoing), change.id])
            action, reverses = ("undo", change.id) if undoing else ("redo", None)
            self._log(match_id, change.hand_id, action, gone, back, at, phone, reverses)
        return change
