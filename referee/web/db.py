"""One :class:`~referee.storage.Storage` per request, closed when the request ends."""

from __future__ import annotations

from flask import Flask, current_app, g

from ..storage import Storage


def get_storage() -> Storage:
    if "storage" not in g:
        g.storage = Storage(current_app.config["DATABASE"])
    return g.storage


def close_storage(_error: BaseException | None = None) -> None:
    storage = g.pop("storage", None)
    if storage is not None:
        storage.close()


def init_app(app: Flask) -> None:
    # Migrations run once at start-up, not on every request.
    Storage.initialise(app.config["DATABASE"])
    app.teardown_appcontext(close_storage)
