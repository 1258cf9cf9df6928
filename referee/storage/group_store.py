"""Groups: a roster of players and the matches moved into it."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from ..match.ledger import Match
from ..match.roster import Group, Player
from .connection import guarded
from .match_store import MatchStore
from .rows import TOKEN_BYTES, dumps, group_from, match_from, utc_now


class GroupStore(MatchStore):
    """A group, its roster, its matches."""

    @guarded
    def create_group(self, name: str, players: Sequence[str]) -> Group:
        """A new group with new secret links and ``players`` on its roster, in that order."""
        row = {
            "created": utc_now(),
            "name": name,
            "edit_token": secrets.token_urlsafe(TOKEN_BYTES),
            "view_token": secrets.token_urlsafe(TOKEN_BYTES),
        }
        with self._writing():
            group_id = self.db["groups"].insert(row).last_pk
            for player in players:
                self.db.execute(
                    "INSERT INTO players (group_id, name) VALUES (?, ?)", [group_id, player]
                )
        return group_from({**row, "id": group_id})

    @guarded
    def get_group(self, group_id: int) -> Group | None:
        rows = list(self.db.query("SELECT * FROM groups WHERE id = ?", [group_id]))
        return group_from(rows[0]) if rows else None

    @guarded
    def list_groups(self) -> list[Group]:
        """Every group, newest first: for the server's operator (``referee list``)."""
        return [group_from(row) for row in self.db.query("SELECT * FROM groups ORDER BY id DESC")]

    @guarded
    def roster(self, group_id: int) -> list[Player]:
        """The group's players in the order they joined."""
        rows = self.db.execute(
            "SELECT id, group_id, name FROM players WHERE group_id = ? ORDER BY id", [group_id]
        )
        return [Player(*row) for row in rows.fetchall()]

    @guarded
    def add_player(self, group_id: int, name: str) -> Player:
        with self._writing():
            cursor = self.db.execute(
                "INSERT INTO players (group_id, name) VALUES (?, ?)", [group_id, name]
            )
        assert cursor.lastrowid is not None
        return Player(cursor.lastrowid, group_id, name)

    @guarded
    def group_matches(self, group_id: int) -> list[Match]:
        """The group's matches, newest first."""
        rows = self.db.query(
            "SELECT * FROM matches WHERE group_id = ? ORDER BY id DESC", [group_id]
        )
        return [match_from(row) for row in rows]

    @guarded
    def move_match(self, match_id: int, group_id: int, player_ids: Sequence[int | None]) -> None:
        """Put a match into a group, its players being the roster's ``player_ids``."""
        with self._writing():
            self.db.execute(
                "UPDATE matches SET group_id = ?, player_ids = ? WHERE id = ?",
                [group_id, dumps(list(player_ids)), match_id],
            )
