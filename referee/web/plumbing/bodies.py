"""A request's body has a deadline: a client that sends it slowly cannot hold a thread.

Granian reads headers and keeps idle connections in Rust, under its own timeouts
(referee/serve.py), but hands a request to a Python thread as soon as its headers are
in, the body still arriving; and reading ``wsgi.input`` waits as long as the client
takes.  Eight clients sending a hand's form one byte a second would hold every thread
of a two-worker server.  So the body is read here by a short-lived thread of its own,
waited for at most :data:`BODY_SECONDS`: a body that comes in time is handed on whole
(as ``wsgi.input``, a ``BytesIO``); one that does not is answered 408 by the app, in
the phone's language, and its reader is left to end when the client stops (it waits on
the socket, holding neither the GIL nor a server thread).  Requests without a body —
nearly all of them: pages and the watching phones' polls — never get here.

A body is also bounded in size.  Every route takes at most ``MAX_CONTENT_LENGTH``
(256 KB: a hand's form is a few KB, a table's rules file a few dozen), except the
import of a match file (:data:`IMPORTS`), which takes up to the setting
``MAX_IMPORT_BYTES``: the export of the largest match (200 hands and the most changes a
match keeps, :mod:`referee.match.capacity`) is about 10 MB.  Only that route reads that much;
a larger body anywhere is refused (413) unread, on a page that names the limit
(:func:`referee.web.plumbing.errors.too_large`).
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, abort, current_app, request

from .inputs import whole_number

BODY_SECONDS = 15.0  # as long as the headers may take (serve.HEADER_TIMEOUT_MS)
LATE = "referee.body_late"
# The routes that read a match file: their path (the body is read before Flask routes the
# request) and their endpoint.  Every other route keeps MAX_CONTENT_LENGTH.
IMPORTS = {"/matches/import": "downloads.import_match"}

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class BodyDeadline:
    """WSGI middleware: the body read whole within BODY_SECONDS, or the request marked late."""

    def __init__(self, app: WSGIApp, limit: int, imports: int) -> None:
        self.app = app
        self.limit = limit  # MAX_CONTENT_LENGTH: more is refused (413) by the app unread
        self.imports = imports  # MAX_IMPORT_BYTES, for the routes of IMPORTS

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        length = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        size = whole_number(length)
        limit = self.imports if environ.get("PATH_INFO") in IMPORTS else self.limit
        if (size is None and not chunked) or size == 0 or (size or 0) > limit:
            return self.app(environ, start_response)
        got: list[bytes] = []
        stream = environ["wsgi.input"]

        def read() -> None:
            try:
                got.append(stream.read(limit + 1 if size is None else size))
            except Exception:  # the client went away: the request is answered as late
                pass

        reader = threading.Thread(target=read, name="body", daemon=True)
        reader.start()
        reader.join(BODY_SECONDS)
        body = got[0] if got else b""
        if not got:
            environ[LATE] = True
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        return self.app(environ, start_response)


def _refuse_late() -> None:
    if request.environ.get(LATE):
        abort(408)


def _allow_imports() -> None:
    # Before anything reads the form (CSRF, the view): werkzeug checks the limit then.
    if request.endpoint in IMPORTS.values():
        request.max_content_length = current_app.config["MAX_IMPORT_BYTES"]


def init_app(app: Flask) -> None:
    app.before_request(_refuse_late)
    app.before_request(_allow_imports)
    app.wsgi_app = BodyDeadline(  # type: ignore[method-assign]
        app.wsgi_app, int(app.config["MAX_CONTENT_LENGTH"]), int(app.config["MAX_IMPORT_BYTES"])
    )
