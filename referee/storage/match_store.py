"""Matches: a new one, one imported from a file, read one or many, its outcome; and the
one-time tokens of the forms posted to it, each spent once."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Sequence

from ..match.ledger import Change, HandRecord, Match
from .connection import Connection, guarded
from .refusals import DuplicateSubmission
from .rows import TOKEN_BYTES, dumps, in_chunks, match_columns, match_from, utc_now


class MatchStore(Connection):
    """A match's own row, and the form tokens spent on it."""

    @guarded
    def create_match(self, match: Match, once: tuple[str | None, int] | None = None) -> Match:
        """Store a new match (:meth:`Match.begin`, :meth:`Match.again`) and return it as
        stored: with its id, its secret links and its time, begun and not finished.

        ``once`` is a form's one-time token and the match it was posted from.

        :raises DuplicateSubmission: if that token was used before (a rematch sent twice).
        """
        row = {
            "created": utc_now(),
            **match_columns(match),
            "edit_token": secrets.token_urlsafe(TOKEN_BYTES),
            "view_token": secrets.token_urlsafe(TOKEN_BYTES),
            "finished": 0,
            "winner": None,
        }
        with self._writing():
            if once is not None:
                self._spend(*once)
            pk = self.db["matches"].insert(row).last_pk
        return match_from({**row, "id": pk})

    @guarded
    def import_match(
        self,
        match: Match,
        hands: Sequence[tuple[HandRecord, bool]],
        history: Sequence[Change],
    ) -> Match:
        """Write a match read from an export, in one transaction; return it as stored.

        It gets a new id and new secret links (an export carries neither); everything
        else is kept: names, rules snapshot, house rules, target, creation time, every
        hand (deleted ones too) and the history in its order.  ``hands`` and ``history``
        refer to each other by the ids in ``HandRecord.id`` and ``Change.hand_id``.
        """
        row = {
            "created": match.created or utc_now(),
            **match_columns(match),
            "edit_token": secrets.token_urlsafe(TOKEN_BYTES),
            "view_token": secrets.token_urlsafe(TOKEN_BYTES),
            "finished": int(match.finished),
            "winner": match.winner,
            "changes": len(history),
        }
        with self._writing():
            columns = ", ".join(row)
            cursor = self.db.execute(
                f"INSERT INTO matches ({columns}) VALUES ({', '.join('?' * len(row))})",
                list(row.values()),
            )
            match_id = cursor.lastrowid
            new_ids = {}
            for hand, deleted in hands:
                cursor = self.db.execute(
                    "INSERT INTO hands (match_id, entry, result, created, updated, deleted) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        match_id,
                        dumps(dict(hand.entry)),
                        dumps(dict(hand.result)),
                        hand.created,
                        hand.updated,
                        int(deleted),
                    ],
                )
                new_ids[hand.id] = cursor.lastrowid
            for change in history:
                self.db.execute(
                    "INSERT INTO history"
                    " (match_id, hand_id, action, before, after, at, undone, number)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        match_id,
                        new_ids[change.hand_id],
                        change.action,
                        dumps(change.before),
                        dumps(change.after),
                        change.at,
                        int(change.undone),
                        change.number,
                    ],
                )
        assert match_id is not None
        return match_from({**row, "id": match_id})

    @guarded
    def get_match(self, match_id: int) -> Match | None:
        rows = list(self.db.query("SELECT * FROM matches WHERE id = ?", [match_id]))
        return match_from(rows[0]) if rows else None

    @guarded
    def get_matches(self, match_ids: Sequence[int]) -> dict[int, Match]:
        """The matches of ``match_ids`` that exist, by id, read in as few queries as can be."""
        out: dict[int, Match] = {}
        for chunk, marks in in_chunks(match_ids):
            for row in self.db.query(f"SELECT * FROM matches WHERE id IN ({marks})", chunk):
                out[row["id"]] = match_from(row)
        return out

    @guarded
    def list_matches(self) -> list[Match]:
        """Every match, newest first: for the server's operator (``referee list``), never a
        web page, which lists only what its browser holds a link to."""
        return [match_from(row) for row in self.db.query("SELECT * FROM matches ORDER BY id DESC")]

    @guarded
    def set_outcome(self, match_id: int, winner: str | None) -> None:
        """Remember whether the match is over, for the home page's two lists."""
        with self._writing():
            self.db.execute(
                "UPDATE matches SET finished = ?, winner = ? WHERE id = ?",
                [int(winner is not None), winner, match_id],
            )

    @guarded
    def token_used(self, token: str) -> bool:
        row = self.db.execute("SELECT 1 FROM form_tokens WHERE token = ?", [token]).fetchone()
        return row is not None

    def _spend(self, token: str | None, match_id: int) -> None:
        """Use up a form's one-time ``token`` inside the caller's transaction."""
        if token is None:
            return
        try:
            self.db.execute(
                "INSERT INTO form_tokens (token, match_id, at) VALUES (?, ?, ?)",
                [token, match_id, utc_now()],
            )
        except sqlite3.IntegrityError:
            raise DuplicateSubmission(token) from None
