"""One connection to the database, its one transaction helper, and the guard on every way
in: SQLite's complaints about the machine (a read-only file, a full disk, a lock held too
long) raised as :class:`Unavailable`, which the web answers with a 503 page."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ParamSpec, TypeVar

from sqlite_utils import Database

from .schema import migrations

P = ParamSpec("P")
R = TypeVar("R")


class Unavailable(sqlite3.OperationalError):
    """The database cannot be read or written just now: read-only, full, locked or gone.

    Still an OperationalError, so a caller that reports SQLite's errors (the CLI) keeps
    doing so; the web app answers it with a 503 page instead of a 500.
    """


# What SQLite says when the fault is the machine's, not the request's or the code's: a
# read-only file or folder, a full disk, a lock held past the timeout, a file it cannot open.
_MACHINE_FAULTS = ("readonly", "disk is full", "locked", "unable to open", "disk i/o error")


def guarded(method: Callable[P, R]) -> Callable[P, R]:
    """``method``, with SQLite's complaints about the machine raised as :class:`Unavailable`.

    Every way into storage -- opening, reading, writing -- wears it, at its ``def``: a
    public method of :class:`~referee.storage.Storage` without it would answer a full disk
    with a 500 page instead of a 503.
    """

    @functools.wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except sqlite3.OperationalError as error:
            if any(fault in str(error).lower() for fault in _MACHINE_FAULTS):
                raise Unavailable(str(error)) from error
            raise

    return call


class Connection:
    """The connection every part of :class:`~referee.storage.Storage` works through, and
    its one transaction helper, :meth:`_writing`."""

    @guarded
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
    @guarded
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

    @guarded
    def close(self) -> None:
        self.db.close()

    @guarded
    def backup(self, path: str | Path) -> Path:
        """Copy the whole database to ``path`` with SQLite's backup API; return the file.

        Safe while the server runs: the copy is one consistent snapshot of what was
        committed (a write in progress is left out, never half in).  It is written
        next to ``path`` first and renamed into place, so ``path`` is never a partial
        copy; the copy is a single file (rollback journal, not WAL), readable by its
        owner only.
        """
        target = Path(path)
        if target.resolve() == self.path.resolve():
            raise ValueError(f"{target} is the database itself; name another file")
        partial = target.with_name(f".{target.name}.partial")
        partial.unlink(missing_ok=True)
        try:
            # Readable by its owner only, as the database is: the copy holds every link.
            partial.touch(mode=0o600)
            partial.chmod(0o600)
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
