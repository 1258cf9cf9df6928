"""Each server thread keeps one database connection from request to request."""

from __future__ import annotations

import gc
import sqlite3
import threading

import pytest

from referee.web import create_app
from referee.web.plumbing.db import get_storage


def test_a_thread_keeps_its_connection_between_requests(app):
    with app.app_context():
        first = get_storage()
    with app.app_context():
        assert get_storage() is first


def test_each_thread_has_its_own_connection(app):
    with app.app_context():
        mine = get_storage()
    theirs = []

    def request_elsewhere():
        with app.app_context():
            theirs.append(get_storage())

    thread = threading.Thread(target=request_elsewhere)
    thread.start()
    thread.join()
    assert theirs[0] is not mine


def test_a_transaction_left_open_ends_with_the_request(app):
    with app.app_context():
        storage = get_storage()
        storage.db.conn.execute("BEGIN")
        storage.db.conn.execute("DELETE FROM form_tokens")
        assert storage.db.conn.in_transaction
    assert not storage.db.conn.in_transaction


def test_connections_close_when_the_app_goes(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "gone.db"), "SECRET_KEY": "k"})
    with app.app_context():
        storage = get_storage()
    del app
    gc.collect()
    with pytest.raises(sqlite3.ProgrammingError):
        storage.db.execute("SELECT 1")
