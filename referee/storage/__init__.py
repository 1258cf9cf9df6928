"""Matches, hands and their history in SQLite: the only module that imports sqlite_utils.

Takes and returns the plain values of :mod:`referee.match.ledger`.  The schema is made
and changed only through the named migrations below; the database runs in WAL
mode so phones reading the ledger never wait for a phone recording a hand.
"""

from __future__ import annotations

import functools
import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlite_utils import Database, Migrations

from ..match.capacity import MAX_CHANGES, MAX_HANDS
from ..match.ledger import Change, HandRecord, Match
from ..match.roster import Group, Player
from ..match.standings import TableGame, Team, Tournament, TournamentEvent

__all__ = [
    "Change",
    "DuplicateSubmission",
    "HandGone",
    "MatchClosed",
    "MatchFull",
    "Prunable",
    "Stale",
    "Storage",
    "Unavailable",
    "migrations",
]

migrations = Migrations("canasta-referee")


class DuplicateSubmission(Exception):
    "This form was already recorded (its idempotency token has been used)."


class HandGone(Exception):
    "The hand is no longer in the match: deleted, or taken back, from another phone."


class MatchClosed(Exception):
    "The match is closed (its tournament's round is over): it takes no more changes."


class MatchFull(Exception):
    """The match holds the most hands, or has had the most changes, one match may have
    (:mod:`referee.match.capacity`); ``args[0]`` says which: ``"hands"`` or ``"changes"``."""


class Stale(Exception):
    """The match (or, for an edit, its hand) was changed from another phone after the form
    was opened on it; ``changes`` are those changes, oldest first, and ``version`` the
    match's version now.  Nothing was stored."""

    def __init__(self, changes: list[Change], version: int) -> None:
        super().__init__(f"{len(changes)} change(s) since the form was opened")
        self.changes = changes
        self.version = version


class Unavailable(sqlite3.OperationalError):
    """The database cannot be read or written just now: read-only, full, locked or gone.

    Still an OperationalError, so a caller that reports SQLite's errors (the CLI) keeps
    doing so; the web app answers it with a 503 page instead of a 500.
    """


# What SQLite says when the fault is the machine's, not the request's or the code's: a
# read-only file or folder, a full disk, a lock held past the timeout, a file it cannot open.
_MACHINE_FAULTS = ("readonly", "disk is full", "locked", "unable to open", "disk i/o error")

TOKEN_BYTES = 16  # 128 random bits in each secret link (edit and read-only)


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


def _guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method``, with SQLite's complaints about the machine raised as :class:`Unavailable`."""

    @functools.wraps(method)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except sqlite3.OperationalError as error:
            if any(fault in str(error).lower() for fault in _MACHINE_FAULTS):
                raise Unavailable(str(error)) from error
            raise

    return guarded


@migrations()
def create_matches_and_hands(db: Database) -> None:
    db["matches"].create(
        {
            "id": int,
            "created": str,
            "name": str,
            "variant_id": str,
            "options": str,  # JSON: the house rules chosen
            "snapshot": str,  # JSON: every number of the variant when the match began
            "players": int,
            "side_names": str,
            "player_names": str,
            "target": int,
            "edit_token": str,
            "view_token": str,
            "finished": int,
            "winner": str,
        },
        pk="id",
        not_null={"created", "variant_id", "snapshot", "edit_token", "view_token"},
    )
    db["hands"].create(
        {
            "id": int,
            "match_id": int,
            "entry": str,  # JSON: the hand as typed
            "result": str,  # JSON: its score when saved
            "created": str,
            "updated": str,
            "deleted": int,
        },
        pk="id",
        foreign_keys=[("match_id", "matches", "id")],
    )
    db["hands"].create_index(["match_id", "deleted"])
    db["history"].create(
        {
            "id": int,
            "match_id": int,
            "hand_id": int,
            "action": str,  # add, edit, delete, undo
            "before": str,  # JSON entry before the change (null for add)
            "after": str,  # JSON entry after the change (null for delete)
            "at": str,
            "undone": int,
        },
        pk="id",
        foreign_keys=[("match_id", "matches", "id")],
    )
    db["history"].create_index(["match_id"])
    # The primary key makes a second submission of the same form fail atomically.
    db["form_tokens"].create({"token": str, "match_id": int, "at": str}, pk="token")


@migrations()
def groups_seating_and_paper(db: Database) -> None:
    """Groups and their rosters; a match's group, seating, first dealer and paper totals."""
    db["groups"].create(
        {"id": int, "created": str, "name": str, "edit_token": str, "view_token": str},
        pk="id",
        not_null={"created", "name", "edit_token", "view_token"},
    )
    db["players"].create(
        {"id": int, "group_id": int, "name": str},
        pk="id",
        foreign_keys=[("group_id", "groups", "id")],
        not_null={"group_id", "name"},
    )
    db["players"].create_index(["group_id"])
    matches = db["matches"]
    matches.add_column("group_id", int)  # its group's id; NULL: a match on its own
    matches.add_column("player_ids", str)  # JSON: roster ids beside player_names
    matches.add_column("seating", str)  # JSON: players clockwise; NULL: the usual seating
    matches.add_column("first_dealer", int)  # the seat that dealt the first hand
    matches.add_column("carried_over", str)  # JSON {"totals": [...], "hands": n} from paper
    matches.create_index(["group_id"])


@migrations()
def table_rules(db: Database) -> None:
    """A match's own rules: the values its table changed from the preset."""
    db["matches"].add_column("overrides", str)  # JSON: changed values; NULL: the preset's


@migrations()
def tournaments(db: Database) -> None:
    """A club's tournaments: their teams and, round by round, each table's match."""
    db["tournaments"].create(
        {
            "id": int,
            "created": str,
            "name": str,
            "variant_id": str,
            "options": str,  # JSON: the house rules chosen
            "overrides": str,  # JSON: the values its tables play differently from the preset
            "players": int,  # at each table: 2 (single players) or 4 (teams of two)
            "rounds": int,
            "movement": str,  # mitchell or round-robin (referee.rules.movements)
            "hands": int,  # a game is this many hands; NULL: to the target
            "minutes": int,  # a round's time limit; NULL: none
            "ranking": str,  # wins (then points) or points
            "edit_token": str,
            "view_token": str,
            "current_round": int,
            "clock_end": str,  # when the current round's time is up (UTC); NULL: no clock
            "finished": int,
        },
        pk="id",
        not_null={"created", "name", "variant_id", "edit_token", "view_token"},
    )
    db["tournament_teams"].create(
        {"id": int, "tournament_id": int, "number": int, "name": str, "players": str},
        pk="id",
        foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"tournament_id", "number", "name"},
    )
    db["tournament_teams"].create_index(["tournament_id", "number"], unique=True)
    # No foreign key to matches: the retention commands delete a match's rows by its
    # match_id (storage.prune), and a table's place in the plan goes with its match.
    db["tournament_tables"].create(
        {"tournament_id": int, "round": int, "table_no": int, "ns": int, "ew": int,
         "match_id": int},
        pk=("tournament_id", "round", "table_no"),
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )  # fmt: skip
    db["tournament_tables"].create_index(["match_id"])


@migrations()
def closed_matches_and_phones(db: Database) -> None:
    """A match closed to changes (its tournament's round ended), and which phone made each
    change (so a form knows the changes made from other phones since it was opened)."""
    db["matches"].add_column("closed", str)  # who closed it (e.g. "round"); NULL: open
    db["history"].add_column("phone", str)  # a browser's random id; NULL: unknown
    db["history"].add_column("reverses", int)  # an undo's: the change it took back
    # How many rows of history the match has: its cap is checked on every change, and
    # counting 5 000 rows took 1.5 ms (a column read takes none).
    db["matches"].add_column("changes", int, not_null_default=0)
    db.execute(
        "UPDATE matches SET changes ="
        " (SELECT COUNT(*) FROM history h WHERE h.match_id = matches.id)"
    )


@migrations()
def tournament_events(db: Database) -> None:
    """What the director did to a tournament's tables: a round ended, a table's game
    reopened (and why) or closed again; shown on the director's page and the results."""
    db["tournament_events"].create(
        {
            "id": int,
            "tournament_id": int,
            "round": int,
            "table_no": int,  # NULL: the whole round (a round or the tournament ended)
            "match_id": int,  # NULL: the whole round
            "action": str,  # see referee.match.standings.TournamentEvent
            "reason": str,  # the director's words (a reopening); NULL: none
            "version": int,  # the match's version then: later changes are after it
            "at": str,
        },
        pk="id",
        foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"tournament_id", "round", "action", "at"},
    )
    db["tournament_events"].create_index(["tournament_id"])


def _in_chunks(ids: Sequence[int], size: int = 500) -> Iterator[tuple[list[int], str]]:
    """``ids`` a few hundred at a time (SQLite's limit on parameters), each with its ``?``
    marks for an ``IN (...)``."""
    for start in range(0, len(ids), size):
        chunk = list(ids[start : start + size])
        yield chunk, ", ".join("?" * len(chunk))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _dumps(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def _match(row: dict[str, Any]) -> Match:
    # Without its count of changes, which moves with every hand: the match it holds doesn't.
    return _stored_match(tuple((k, v) for k, v in row.items() if k != "changes"))


UNREADABLE = "unreadable"  # a stored JSON column no reader could read


def _stored(text: Any, default: Any) -> Any:
    """A stored JSON column; one that is not JSON comes back as :data:`UNREADABLE`, which
    the match's checks (:mod:`referee.match.integrity`) refuse, naming it, instead of failing
    here on every page of a match a damaged database holds."""
    if text is None or text == "":
        return default
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return UNREADABLE
    return default if value is None else value


def _items(value: Any) -> tuple[Any, ...]:
    return tuple(value) if isinstance(value, list) else ()


# Saves 0.50 ms (22 %) of the 2.23 ms match page, 1.16 ms of the 3.07 ms statistics
# (bench/bench_caches.py, 2026-11-25).  Bound: 256 matches, each a few KB with its rules;
# safe: the key is the whole row, so a changed match is a new entry, never a stale one.
@lru_cache(maxsize=256)
def _stored_match(columns: tuple[tuple[str, Any], ...]) -> Match:
    """The match a stored row holds, made once per content of the row and shared: a
    :class:`Match` is immutable, and one made once keeps its rules (rebuilt from the
    snapshot) from request to request.  Columns of the wrong kind are handed on for the
    match's checks to name (a tuple column that is no list is empty)."""
    row = dict(columns)
    carried = _stored(row.get("carried_over"), {})
    if not isinstance(carried, dict):
        carried = {"totals": (), "hands": -1}  # refused by the checks: damaged
    return Match(
        id=row["id"],
        name=row["name"] or "",
        variant_id=row["variant_id"],
        options=_stored(row["options"], {}),
        snapshot=_stored(row["snapshot"], {}),
        players=row["players"],
        side_names=_items(_stored(row["side_names"], [])),
        player_names=_items(_stored(row["player_names"], [])),
        target=row["target"],
        edit_token=row["edit_token"],
        view_token=row["view_token"],
        created=row["created"],
        finished=bool(row["finished"]),
        winner=row["winner"],
        group_id=row.get("group_id"),
        player_ids=_items(_stored(row.get("player_ids"), [])),
        seating=_items(_stored(row.get("seating"), [])),
        first_dealer=row.get("first_dealer") or 0,
        closed=row.get("closed"),
        carried_totals=_items(carried.get("totals", [])),
        carried_hands=carried.get("hands", 0),
        overrides=_stored(row.get("overrides"), {}),
    )


def _match_columns(match: Match) -> dict[str, Any]:
    """The columns of a match that the values of :class:`Match` give as they are."""
    carried = {"totals": list(match.carried_totals), "hands": match.carried_hands}
    return {
        "name": match.name,
        "variant_id": match.variant_id,
        "options": _dumps(dict(match.options)),
        "snapshot": _dumps(dict(match.snapshot)),
        "players": match.players,
        "side_names": _dumps(list(match.side_names)),
        "player_names": _dumps(list(match.player_names)),
        "target": match.target,
        "group_id": match.group_id,
        "player_ids": _dumps(list(match.player_ids)) if match.player_ids else None,
        "seating": _dumps(list(match.seating)) if match.seating else None,
        "first_dealer": match.first_dealer,
        "carried_over": _dumps(carried) if match.carried_totals else None,
        "overrides": _dumps(dict(match.overrides)) if match.overrides else None,
    }


def _group(row: dict[str, Any]) -> Group:
    return Group(row["id"], row["name"], row["edit_token"], row["view_token"], row["created"])


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _tournament(row: dict[str, Any]) -> Tournament:
    return Tournament(
        id=row["id"],
        name=row["name"],
        variant_id=row["variant_id"],
        # A damaged column plays the preset as it is rather than failing every page.
        options=_mapping(_stored(row["options"], {})),
        overrides=_mapping(_stored(row["overrides"], {})),
        players=row["players"],
        rounds=row["rounds"],
        movement=row["movement"],
        hands=row["hands"],
        minutes=row["minutes"],
        ranking=row["ranking"],
        edit_token=row["edit_token"],
        view_token=row["view_token"],
        current_round=row["current_round"],
        clock_end=row["clock_end"],
        finished=bool(row["finished"]),
        created=row["created"],
    )


_CHANGE_COLUMNS = "id, hand_id, action, before, after, at, undone"


def _entry(text: Any) -> Any:
    """A stored entry of the history: None (no entry), its value, or :data:`UNREADABLE`
    (not JSON), which the checks refuse by name (referee.web.parts.damaged) rather than every
    reader of the history failing on it."""
    return None if text is None else _stored(text, None)


def _change(row: Sequence[Any]) -> Change:
    """A row of ``history`` read as :data:`_CHANGE_COLUMNS`."""
    change_id, hand_id, action, before, after, at, undone = row
    return Change(change_id, hand_id, action, _entry(before), _entry(after), at, bool(undone))


_ROWID_END = 2**63 - 1  # above every change's number: "before the end"


def _hand(row: dict[str, Any]) -> HandRecord:
    return HandRecord(
        id=row["id"],
        match_id=row["match_id"],
        # Parsed each time: a cache of the texts saved nothing measurable (0.5 % of a hand
        # POST and its page, 1.0 % of the history page; bench/bench_caches.py, 2026-11-25).
        entry=json.loads(row["entry"]),
        result=json.loads(row["result"]),
        created=row["created"],
        updated=row["updated"],
    )


# The latest change to a tournament's matches before a time (its standings' version);
# {tournament}: where the tournament's id comes from.
_TOURNAMENT_LATEST = (
    "SELECT COALESCE(MAX(h.id), 0) FROM tournament_tables t JOIN history h"
    " ON h.match_id = t.match_id WHERE t.tournament_id = {tournament} AND h.at < ?"
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

    def tournament(self, tournament_id: int, before: str) -> tuple[str, str, int, bool, int] | None:
        """``(edit token, view token, round, finished, latest change before before)`` of a
        tournament, for its standings' poll; None as :meth:`of` answers it."""
        row = self._row(self.TOURNAMENT, (before, tournament_id))
        if row is None:
            return None
        return str(row[0]), str(row[1]), int(row[2] or 0), bool(row[3]), int(row[4])

    TOURNAMENT = (
        "SELECT edit_token, view_token, current_round, finished, ("
        + _TOURNAMENT_LATEST.format(tournament="tournaments.id")
        + ") FROM tournaments WHERE id = ?"
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


class Storage:
    """One connection to the referee database; open one per request or thread."""

    def __init__(self, path: str | Path) -> None:
        # check_same_thread=False: Flask may tear a request down on another thread.
        self.path = Path(path)
        conn = sqlite3.connect(str(path), timeout=10, check_same_thread=False)
        self.db = Database(conn)
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A transaction that takes the write lock before anything else (BEGIN IMMEDIATE).

        sqlite-utils' ``atomic()`` begins a deferred transaction, and its ``insert``
        reads the table's columns first: if another server process wrote in between,
        SQLite cannot upgrade that read to a write and answers "database is locked" at
        once, without waiting its turn (seen with three tables recording at once).
        Taking the lock first makes a writer wait (up to the connection's timeout).
        """
        if self.db.conn.in_transaction:  # inside another: a savepoint of it
            with self.db.atomic():
                yield
            return
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.conn.rollback()
            raise
        self.db.conn.commit()

    @classmethod
    def initialise(cls, path: str | Path) -> None:
        """Create the file if needed, switch on WAL and apply pending migrations.

        A new database (and its folder) is readable by its owner only: it holds every
        match's secret links.  SQLite gives its -wal and -shm files the same mode.
        """
        Path(path).parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        Path(path).touch(mode=0o600, exist_ok=True)
        storage = cls(path)
        try:
            storage.db.enable_wal()
            migrations.apply(storage.db)
        finally:
            storage.close()

    def close(self) -> None:
        self.db.close()

    def backup(self, path: str | Path) -> Path:
        """Copy the whole database to ``path`` with SQLite's backup API; return the file.

        Safe while the server runs: the copy is one consistent snapshot of what was
        committed (a write in progress is left out, never half in).  It is written
        next to ``path`` first and renamed into place, so ``path`` is never a partial
        copy; the copy is a single file (rollback journal, not WAL).
        """
        target = Path(path)
        if target.resolve() == self.path.resolve():
            raise ValueError(f"{target} is the database itself; name another file")
        partial = target.with_name(f".{target.name}.partial")
        partial.unlink(missing_ok=True)
        try:
            copy = sqlite3.connect(str(partial))
            try:
                self.db.conn.backup(copy)
                copy.execute("PRAGMA journal_mode=DELETE")
                (status,) = copy.execute("PRAGMA integrity_check").fetchone()
                if status != "ok":
                    raise sqlite3.DatabaseError(f"the copy fails its integrity check: {status}")
            finally:
                copy.close()
            partial.replace(target)
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        return target

    # -- matches ---------------------------------------------------------------

    def create_match(
        self,
        *,
        name: str,
        variant_id: str,
        options: dict[str, bool],
        snapshot: dict[str, Any],
        players: int,
        side_names: list[str],
        player_names: list[str],
        target: int,
        once: tuple[str | None, int] | None = None,
        **more: Any,
    ) -> Match:
        """Store a new match; ``more`` are the other fields of :class:`Match` it has (its
        group, players' roster ids, seating, first dealer, totals carried from paper, the
        values its table changed).

        ``once`` is a form's one-time token and the match it was posted from.

        :raises DuplicateSubmission: if that token was used before (a rematch sent twice).
        """
        match = Match(
            0, name, variant_id, options, snapshot, players, tuple(side_names),
            tuple(player_names), target, "", "", **more,
        )  # fmt: skip
        row = {
            "created": _now(),
            **_match_columns(match),
            "edit_token": secrets.token_urlsafe(TOKEN_BYTES),
            "view_token": secrets.token_urlsafe(TOKEN_BYTES),
            "finished": 0,
            "winner": None,
        }
        with self._writing():
            if once is not None:
                self._spend(*once)
            pk = self.db["matches"].insert(row).last_pk
        return _match({**row, "id": pk})

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
            "created": match.created or _now(),
            **_match_columns(match),
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
                        _dumps(dict(hand.entry)),
                        _dumps(dict(hand.result)),
                        hand.created,
                        hand.updated,
                        int(deleted),
                    ],
                )
                new_ids[hand.id] = cursor.lastrowid
            for change in history:
                self.db.execute(
                    "INSERT INTO history (match_id, hand_id, action, before, after, at, undone) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        match_id,
                        new_ids[change.hand_id],
                        change.action,
                        _dumps(change.before),
                        _dumps(change.after),
                        change.at,
                        int(change.undone),
                    ],
                )
        assert match_id is not None
        return _match({**row, "id": match_id})

    def get_match(self, match_id: int) -> Match | None:
        rows = list(self.db.query("SELECT * FROM matches WHERE id = ?", [match_id]))
        return _match(rows[0]) if rows else None

    def get_matches(self, match_ids: Sequence[int]) -> dict[int, Match]:
        """The matches of ``match_ids`` that exist, by id, read in as few queries as can be."""
        out: dict[int, Match] = {}
        for chunk, marks in _in_chunks(match_ids):
            for row in self.db.query(f"SELECT * FROM matches WHERE id IN ({marks})", chunk):
                out[row["id"]] = _match(row)
        return out

    def list_matches(self) -> list[Match]:
        """Every match, newest first: for the server's operator (``referee list``), never a
        web page, which lists only what its browser holds a link to."""
        return [_match(row) for row in self.db.query("SELECT * FROM matches ORDER BY id DESC")]

    def set_outcome(self, match_id: int, winner: str | None) -> None:
        """Remember whether the match is over, for the home page's two lists."""
        with self._writing():
            self.db.execute(
                "UPDATE matches SET finished = ?, winner = ? WHERE id = ?",
                [int(winner is not None), winner, match_id],
            )

    # -- groups ----------------------------------------------------------------

    def create_group(self, name: str, players: Sequence[str]) -> Group:
        """A new group with new secret links and ``players`` on its roster, in that order."""
        row = {
            "created": _now(),
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
        return _group({**row, "id": group_id})

    def get_group(self, group_id: int) -> Group | None:
        rows = list(self.db.query("SELECT * FROM groups WHERE id = ?", [group_id]))
        return _group(rows[0]) if rows else None

    def list_groups(self) -> list[Group]:
        """Every group, newest first: for the server's operator (``referee list``)."""
        return [_group(row) for row in self.db.query("SELECT * FROM groups ORDER BY id DESC")]

    def roster(self, group_id: int) -> list[Player]:
        """The group's players in the order they joined."""
        rows = self.db.execute(
            "SELECT id, group_id, name FROM players WHERE group_id = ? ORDER BY id", [group_id]
        )
        return [Player(*row) for row in rows.fetchall()]

    def add_player(self, group_id: int, name: str) -> Player:
        with self._writing():
            cursor = self.db.execute(
                "INSERT INTO players (group_id, name) VALUES (?, ?)", [group_id, name]
            )
        assert cursor.lastrowid is not None
        return Player(cursor.lastrowid, group_id, name)

    def group_matches(self, group_id: int) -> list[Match]:
        """The group's matches, newest first."""
        rows = self.db.query(
            "SELECT * FROM matches WHERE group_id = ? ORDER BY id DESC", [group_id]
        )
        return [_match(row) for row in rows]

    def move_match(self, match_id: int, group_id: int, player_ids: Sequence[int | None]) -> None:
        """Put a match into a group, its players being the roster's ``player_ids``."""
        with self._writing():
            self.db.execute(
                "UPDATE matches SET group_id = ?, player_ids = ? WHERE id = ?",
                [group_id, _dumps(list(player_ids)), match_id],
            )

    # -- tournaments -----------------------------------------------------------

    def create_tournament(
        self,
        tournament: Tournament,
        teams: Sequence[Team],
        first_round: Sequence[tuple[TableGame, dict[str, Any]]] = (),
    ) -> Tournament:
        """A new tournament with new secret links and its ``teams`` (numbered from 1); its
        ``id``, tokens and round are made here.  With ``first_round`` (as
        :meth:`begin_round` takes its games) round 1 begins in the same transaction: a
        crash leaves the whole tournament or nothing, never one stuck before round 1."""
        row = {
            "created": _now(),
            "name": tournament.name,
            "variant_id": tournament.variant_id,
            "options": _dumps(dict(tournament.options)),
            "overrides": _dumps(dict(tournament.overrides)),
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
        }
        with self._writing():
            pk = self.db["tournaments"].insert(row).last_pk
            for team in teams:
                self.db.execute(
                    "INSERT INTO tournament_teams (tournament_id, number, name, players)"
                    " VALUES (?, ?, ?, ?)",
                    [pk, team.number, team.name, _dumps(list(team.players))],
                )
            if first_round:
                self.begin_round(pk, 1, first_round, None)
                row["current_round"] = 1
        return _tournament({**row, "id": pk})

    def get_tournament(self, tournament_id: int) -> Tournament | None:
        rows = list(self.db.query("SELECT * FROM tournaments WHERE id = ?", [tournament_id]))
        return _tournament(rows[0]) if rows else None

    def list_tournaments(self) -> list[Tournament]:
        """Every tournament, newest first: for the server's operator (``referee list``)."""
        rows = self.db.query("SELECT * FROM tournaments ORDER BY id DESC")
        return [_tournament(row) for row in rows]

    def tournament_teams(self, tournament_id: int) -> list[Team]:
        rows = self.db.execute(
            "SELECT number, name, players FROM tournament_teams WHERE tournament_id = ?"
            " ORDER BY number",
            [tournament_id],
        )
        return [
            Team(number, name, tuple(str(p) for p in _items(_stored(players, []))))
            for number, name, players in rows.fetchall()
        ]

    def tournament_tables(self, tournament_id: int) -> list[TableGame]:
        """Every table of every round begun so far, round by round, table by table."""
        rows = self.db.execute(
            "SELECT round, table_no, ns, ew, match_id FROM tournament_tables"
            " WHERE tournament_id = ? ORDER BY round, table_no",
            [tournament_id],
        )
        return [TableGame(*row) for row in rows.fetchall()]

    def match_table(self, match_id: int) -> tuple[int, TableGame] | None:
        """The tournament and table a match is played for, if it is one's."""
        row = self.db.execute(
            "SELECT tournament_id, round, table_no, ns, ew, match_id FROM tournament_tables"
            " WHERE match_id = ?",
            [match_id],
        ).fetchone()
        return None if row is None else (row[0], TableGame(*row[1:]))

    def begin_round(
        self,
        tournament_id: int,
        number: int,
        games: Sequence[tuple[TableGame, dict[str, Any]]],
        clock_end: str | None,
        *,
        early: bool = False,
    ) -> bool:
        """Round ``number`` of the tournament: store each table's match (the keyword
        arguments of :meth:`create_match`) and its place, and close every table of the
        rounds before (``early``: the director ended the round with games in play), in one
        transaction.  False (and nothing done) if the tournament is no longer at the round
        before: another director's phone began it first."""
        with self._writing():
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
            for game, fields in games:
                match = self.create_match(**fields)
                self.db.execute(
                    "INSERT INTO tournament_tables"
                    " (tournament_id, round, table_no, ns, ew, match_id) VALUES (?, ?, ?, ?, ?, ?)",
                    [tournament_id, number, game.table, game.ns, game.ew, match.id],
                )
        return True

    def match_versions(self, match_ids: Sequence[int]) -> dict[int, int]:
        """The :meth:`version` of each of ``match_ids`` (a match without a change left out)."""
        out: dict[int, int] = {}
        for chunk, marks in _in_chunks(match_ids):
            rows = self.db.execute(
                f"SELECT match_id, MAX(id) FROM history WHERE match_id IN ({marks})"
                " GROUP BY match_id",
                chunk,
            )
            out.update((int(m), int(v)) for m, v in rows.fetchall())
        return out

    def tournament_latest(self, tournament_id: int, before: str) -> int:
        """The latest change to any of the tournament's matches made before ``before`` (an
        ISO time in UTC, as changes are stamped); 0: none yet."""
        query = _TOURNAMENT_LATEST.format(tournament="?")
        row = self.db.execute(query, [tournament_id, before]).fetchone()
        return int(row[0])

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
            [tournament_id, number, table_no, match_id, action, reason, version, _now()],
        )

    def reopen_table(self, tournament_id: int, number: int, table_no: int, reason: str) -> bool:
        """Reopen the closed game of table ``table_no`` in round ``number`` for changes, and
        note it with the director's ``reason``; False (nothing done) if there is no such
        table or its game is open (a second press)."""
        return self._set_closed(tournament_id, number, table_no, None, "reopened", reason)

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
            row = self.db.execute(
                "SELECT match_id FROM tournament_tables"
                " WHERE tournament_id = ? AND round = ? AND table_no = ?",
                [tournament_id, number, table_no],
            ).fetchone()
            if row is None:
                return False
            # Only a change of state: open to closed, or closed to open.
            state = "closed IS NOT NULL" if who is None else "closed IS NULL"
            changed = self.db.execute(
                f"UPDATE matches SET closed = ? WHERE id = ? AND {state}", [who, row[0]]
            ).rowcount
            if changed:
                self._event(tournament_id, number, (table_no, row[0]), action, reason)
        return bool(changed)

    def tournament_events(self, tournament_id: int) -> list[TournamentEvent]:
        """What happened to the tournament's rounds and tables, oldest first."""
        rows = self.db.execute(
            "SELECT round, table_no, match_id, action, reason, at FROM tournament_events"
            " WHERE tournament_id = ? ORDER BY id",
            [tournament_id],
        ).fetchall()
        return [TournamentEvent(*row) for row in rows]

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

    # -- retention -------------------------------------------------------------

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

    # -- hands -----------------------------------------------------------------

    def hands(self, match_id: int) -> list[HandRecord]:
        rows = self.db.query(
            "SELECT * FROM hands WHERE match_id = ? AND deleted = 0 ORDER BY id", [match_id]
        )
        return [_hand(row) for row in rows]

    def get_hand(self, match_id: int, hand_id: int, *, deleted: bool = False) -> HandRecord | None:
        """Hand ``hand_id`` of the match if it is in play (``deleted``: if it is not)."""
        rows = list(
            self.db.query(
                "SELECT * FROM hands WHERE id = ? AND match_id = ? AND deleted = ?",
                [hand_id, match_id, int(deleted)],
            )
        )
        return _hand(rows[0]) if rows else None

    def all_hands(self, match_id: int) -> list[tuple[HandRecord, bool]]:
        """Every hand ever recorded in the match, deleted ones too (an undo may bring them
        back), each with whether it is deleted; oldest first."""
        rows = self.db.query("SELECT * FROM hands WHERE match_id = ? ORDER BY id", [match_id])
        return [(_hand(row), bool(row["deleted"])) for row in rows]

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

    def token_used(self, token: str) -> bool:
        row = self.db.execute("SELECT 1 FROM form_tokens WHERE token = ?", [token]).fetchone()
        return row is not None

    # Every write below that depends on what is stored reads it inside its own BEGIN
    # IMMEDIATE transaction, after taking the write lock: two phones at once are served one
    # after the other, and each acts on what the other stored, never on what it read before.

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
        query = f"SELECT {_CHANGE_COLUMNS} FROM history WHERE match_id = ? AND id > ?"
        params: list[Any] = [match_id, seen]
        if phone is not None:
            query += " AND (phone IS NULL OR phone != ?)"
            params.append(phone)
        if hand_id is not None:
            query += " AND hand_id = ?"
            params.append(hand_id)
        rows = self.db.execute(query + " ORDER BY id LIMIT 100", params).fetchall()
        return [_change(row) for row in rows]

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

    def changes_since(self, match_id: int, seen: int) -> list[Change]:
        """The match's changes after version ``seen``, oldest first (at most 100)."""
        return self._changes_after(match_id, seen)

    def add_hand(
        self,
        match_id: int,
        entry: dict[str, Any],
        result: dict[str, Any],
        token: str,
        *,
        seen: int | None = None,
        phone: str | None = None,
    ) -> HandRecord:
        """Record a new hand, once per form token, in a match not yet full.

        ``seen`` is the match's version when the form was opened and ``phone`` the
        sending browser's id: a change made since from another phone refuses the hand.

        :raises DuplicateSubmission: if ``token`` was used before (a double tap or a resend).
        :raises Stale: if another phone changed the match since version ``seen``.
        :raises MatchFull: if the match holds the most hands (or changes) there may be.
        :raises MatchClosed: if the match is closed.
        """
        now = _now()
        with self._writing():
            self._spend(token, match_id)
            self._may_change(match_id)
            self._refuse_stale(match_id, seen, phone)
            (hands,) = self.db.execute(
                "SELECT COUNT(*) FROM hands WHERE match_id = ? AND deleted = 0", [match_id]
            ).fetchone()
            if hands >= MAX_HANDS:
                raise MatchFull("hands")
            cursor = self.db.execute(
                "INSERT INTO hands (match_id, entry, result, created, updated, deleted) "
                "VALUES (?, ?, ?, ?, ?, 0)",
                [match_id, _dumps(entry), _dumps(result), now, now],
            )
            hand_id = cursor.lastrowid
            assert hand_id is not None
            self._log(match_id, hand_id, "add", None, entry, now, phone)
        return HandRecord(hand_id, match_id, entry, result, now, now)

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
        now = _now()
        with self._writing():
            self._spend(token, match_id)
            self._may_change(match_id)
            old = self._live_entry(match_id, hand_id)
            self._refuse_stale(match_id, seen, phone, hand_id)
            self.db.execute(
                "UPDATE hands SET entry = ?, result = ?, updated = ? WHERE id = ?",
                [_dumps(entry), _dumps(result), now, hand_id],
            )
            self._log(match_id, hand_id, "edit", old, entry, now, phone)

    def delete_hand(
        self, match_id: int, hand_id: int, token: str | None = None, *, phone: str | None = None
    ) -> bool:
        """Delete a hand (undo brings it back); False (nothing done) if it is not in the match.

        :raises DuplicateSubmission: if ``token`` was used before (a resent delete).
        :raises MatchFull, MatchClosed: as :meth:`add_hand`.
        """
        now = _now()
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

    def _spend(self, token: str | None, match_id: int) -> None:
        """Use up a form's one-time ``token`` inside the caller's transaction."""
        if token is None:
            return
        try:
            self.db.execute(
                "INSERT INTO form_tokens (token, match_id, at) VALUES (?, ?, ?)",
                [token, match_id, _now()],
            )
        except sqlite3.IntegrityError:
            raise DuplicateSubmission(token) from None

    # -- history ---------------------------------------------------------------

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
        self.db.execute(
            "INSERT INTO history"
            " (match_id, hand_id, action, before, after, at, undone, phone, reverses)"
            " VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)",
            [match_id, hand_id, action, _dumps(before), _dumps(after), at, phone, reverses],
        )
        self.db.execute("UPDATE matches SET changes = changes + 1 WHERE id = ?", [match_id])

    def history(self, match_id: int) -> list[Change]:
        rows = self.db.execute(
            f"SELECT {_CHANGE_COLUMNS} FROM history WHERE match_id = ? ORDER BY id DESC",
            [match_id],
        ).fetchall()
        return [_change(row) for row in rows]

    # The reads below cost the same however long a match's history is: a page of it, the
    # live hands' texts.  A match's page, its poll and a hand posted read nothing more
    # of the history than its version (docs/benchmarks.md, "A long history").

    def changes_before(self, match_id: int, before: int | None, limit: int) -> list[Change]:
        """At most ``limit`` of the match's changes numbered below ``before`` (None: the
        newest), newest first: a page of the history, read by the index on ``match_id``.

        An entry that is not JSON comes back as :data:`UNREADABLE`, for the page's checks
        (:mod:`referee.web.parts.damaged`) to name instead of failing here.
        """
        rows = self.db.execute(
            f"SELECT {_CHANGE_COLUMNS} FROM history WHERE match_id = ? AND id < ?"
            " ORDER BY id DESC LIMIT ?",
            [match_id, _ROWID_END if before is None else before, limit],
        ).fetchall()
        return [_change(row) for row in rows]

    def change_ids_after(self, match_id: int, after: int, limit: int) -> list[int]:
        """The numbers of at most ``limit`` of the match's changes after change ``after``,
        oldest first (where the page of newer changes begins)."""
        rows = self.db.execute(
            "SELECT id FROM history WHERE match_id = ? AND id > ? ORDER BY id LIMIT ?",
            [match_id, after, limit],
        ).fetchall()
        return [row[0] for row in rows]

    def changes_up_to(self, match_id: int, change_id: int) -> int:
        """How many of the match's changes there are up to change ``change_id`` (its number
        in the history, counted from 1): the index alone is read, no row."""
        row = self.db.execute(
            "SELECT COUNT(*) FROM history WHERE match_id = ? AND id <= ?", [match_id, change_id]
        ).fetchone()
        return int(row[0])

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

    def version(self, match_id: int) -> int:
        """Grows with every change to the match; phones poll it to know when to refresh."""
        row = self.db.execute(
            "SELECT COALESCE(MAX(id), 0) FROM history WHERE match_id = ?", [match_id]
        ).fetchone()
        return int(row[0])

    def _put_hand(
        self,
        change: Change,
        state: dict[str, Any] | None,
        rescore: Callable[[dict[str, Any]], dict[str, Any]],
        now: str,
        match_id: int,
    ) -> None:
        """Put ``change``'s hand as it is in ``state``, the change's ``before`` (undoing it)
        or ``after`` (making it again): no entry means the hand is not in the match, an
        entry that it is, as the history keeps it.  ``rescore`` scores that entry and may
        refuse it (a damaged copy): it is called first, so a refusal leaves the transaction
        with nothing written."""
        if state is None:
            self.db.execute(
                "UPDATE hands SET deleted = 1, updated = ? WHERE id = ? AND match_id = ?",
                [now, change.hand_id, match_id],
            )
            return
        result = rescore(state)
        self.db.execute(
            "UPDATE hands SET entry = ?, result = ?, deleted = 0, updated = ?"
            " WHERE id = ? AND match_id = ?",
            [_dumps(state), _dumps(result), now, change.hand_id, match_id],
        )

    def _newest(self, match_id: int) -> Iterator[Change]:
        """The match's changes that undo and redo act on (not undos and redos themselves),
        newest first, read a few at a time: callers stop at the first that settles it."""
        cursor = self.db.execute(
            f"SELECT {_CHANGE_COLUMNS} FROM history WHERE match_id = ?"
            " AND action NOT IN ('undo', 'redo') ORDER BY id DESC",
            [match_id],
        )
        while rows := cursor.fetchmany(8):
            yield from map(_change, rows)

    def _last_done(self, match_id: int) -> Change | None:
        return next((c for c in self._newest(match_id) if not c.undone), None)

    def can_undo(self, match_id: int) -> bool:
        """Whether :meth:`undo` has a change to reverse."""
        return self._last_done(match_id) is not None

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
                        f"SELECT {_CHANGE_COLUMNS} FROM history WHERE id = ? AND undone = 1",
                        [reverses],
                    ).fetchone()
                    if row is not None:
                        return _change(row)
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

    def redo(
        self,
        match_id: int,
        rescore: Callable[[dict[str, Any]], dict[str, Any]],
        token: str | None = None,
        *,
        phone: str | None = None,
    ) -> Change | None:
        """Make again the change the latest undo reversed (see :meth:`redoable`); an undo
        then reverses it again.

        :raises DuplicateSubmission: if ``token`` was used before (a resent redo).
        :raises MatchFull, MatchClosed: as :meth:`add_hand`.
        """
        with self._writing():
            self._spend(token, match_id)
            self._may_change(match_id)
            change = self.redoable(match_id)
            if change is None:
                return None
            now = _now()
            self._put_hand(change, change.after, rescore, now, match_id)
            self.db.execute("UPDATE history SET undone = 0 WHERE id = ?", [change.id])
            self._log(match_id, change.hand_id, "redo", change.before, change.after, now, phone)
        return change

    def undo(
        self,
        match_id: int,
        rescore: Callable[[dict[str, Any]], dict[str, Any]],
        token: str | None = None,
        *,
        phone: str | None = None,
    ) -> Change | None:
        """Reverse the latest change not yet undone (an undo is itself kept in the history).

        ``rescore`` gives the result to store for an entry an edit is rolled back to.
        The latest change is looked up under the write lock: two phones undoing at
        once undo two changes, never one twice.

        :raises DuplicateSubmission: if ``token`` was used before (a resent undo).
        :raises MatchFull, MatchClosed: as :meth:`add_hand`.
        """
        with self._writing():
            self._spend(token, match_id)
            self._may_change(match_id)
            last = self._last_done(match_id)
            if last is None:
                return None
            now = _now()
            self._put_hand(last, last.before, rescore, now, match_id)
            self.db.execute("UPDATE history SET undone = 1 WHERE id = ?", [last.id])
            self._log(match_id, last.hand_id, "undo", last.after, last.before, now, phone, last.id)
        return last


# Every way in -- opening, reading, writing -- says Unavailable when the machine fails it.
for _name, _method in list(vars(Storage).items()):
    if callable(_method) and (_name == "__init__" or not _name.startswith("_")):
        setattr(Storage, _name, _guarded(_method))
