"""One :class:`~referee.storage.Storage` per server thread, kept from request to request.

Opening a connection per request would be cheap, but closing the last one on a WAL
database checkpoints the log into the file and syncs it: some 20 ms of every
request on a quiet server, which is when a single phone records a hand.  So each
thread keeps its connection; every one of them is closed when the app goes away.
"""

from __future__ import annotations

import threading
import weakref

from flask import Flask, current_app, g

from ...storage import Storage

_KEY = "referee.storage"


class _Connections(threading.local):
    """The calling thread's storage, and (shared by all threads) every one opened."""

    storage: Storage | None = None
    path: str | None = None

    def __init__(self, opened: list[Storage]) -> None:
        self.opened = opened


def get_storage() -> Storage:
    if "storage" not in g:
        mine: _Connections = current_app.extensions[_KEY]
        path = current_app.config["DATABASE"]
        if mine.storage is None or mine.path != path:
            mine.storage, mine.path = Storage(path), path
            mine.opened.append(mine.storage)
        g.storage = mine.storage
    return g.storage


def release_storage(_error: BaseException | None = None) -> None:
    storage = g.pop("storage", None)
    # A view that failed inside a transaction must not leave it open for the next request.
    if storage is not None and storage.db.conn.in_transaction:
        storage.db.conn.rollback()


def _close_all(opened: list[Storage]) -> None:
    for storage in opened:
        storage.close()


def init_app(app: Flask) -> None:
    # Migrations run once at start-up, not on every request.
    Storage.initialise(app.config["DATABASE"])
    opened: list[Storage] = []
    app.extensions[_KEY] = _Connections(opened)
    weakref.finalize(app, _close_all, opened)
    app.teardown_appcontext(release_storage)
