"""A request's body is read whole, by the event loop, before any thread sees the request.

``referee serve`` runs granian's ASGI interface with :class:`Server` as the application:
the body of a request arrives on granian's event loop (awaited, holding no thread) and is
waited for at most :data:`BODY_SECONDS`.  Only then is the Flask app called, in one of
a few threads (:data:`THREADS`), with the body whole in ``wsgi.input``.  A body that does
not come in time is not waited for any longer: the app is called with none and answers
408 in the phone's language, and the connection is closed.  A slow client so costs a
little memory and never a thread, whatever their number.

Measured before (issue 43): under granian's WSGI interface the app got the request once
its headers were in and read the body itself, in a thread of its own with a deadline; a
client sending ``Content-Length: 100000`` then a byte a second was answered 408 after
15 s, but that read was still waiting, and once the request was answered granian's
thread waited on it holding Python's lock, so the worker answered nothing more until the
client gave up.  Two such clients on a two-worker server stopped it.  A pending read of
granian's WSGI body cannot be abandoned, so the body is no longer read that way.

A body is also bounded in size.  Every route takes at most ``MAX_CONTENT_LENGTH``
(256 KB: a hand's form is a few KB, a table's rules file a few dozen), except the
import of a match file (a view marked ``takes_match_file``, :mod:`.marks`), which takes
up to the setting ``MAX_IMPORT_BYTES``.  A body declared larger is not read at all (the
app refuses it, 413, on a page that names the limit:
:func:`referee.web.plumbing.errors.too_large`); one sent in chunks is read up to one
byte past its limit, which the app then refuses.

The app still runs as a WSGI app: the Flask test client, ``flask run`` and the benches
call it directly, where a body is read as it comes.
"""

from __future__ import annotations

import asyncio
import io
import sys
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from a2wsgi.wsgi import build_environ
from flask import Flask, abort, current_app, request

from .inputs import whole_number
from .marks import mark_of, marked

BODY_SECONDS = 15.0  # as long as the headers may take (serve.HEADER_TIMEOUT_MS)
THREADS = 4  # per worker: one request may wait on SQLite while another runs
LATE = "referee.body_late"

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


def _header(scope: dict[str, Any], name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return str(value.decode("latin1"))
    return ""


async def _read(receive: Receive, limit: int) -> bytes | None:
    """The body, at most ``limit + 1`` bytes of it; None if the client went away."""
    parts: list[bytes] = []
    size = 0
    while size <= limit:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        part = message.get("body", b"")
        parts.append(part)
        size += len(part)
        if not message.get("more_body", False):
            break
    return b"".join(parts)


class Server:
    """ASGI application: a WSGI app called in threads once its request's body is whole."""

    def __init__(
        self,
        app: WSGIApp,
        limit: int,
        imports: int,
        threads: int = THREADS,
        import_paths: Iterable[str] = (),
    ) -> None:
        self.app = app
        self.limit = limit  # MAX_CONTENT_LENGTH: a body declared larger is left unread
        self.imports = imports  # MAX_IMPORT_BYTES, for the paths of import_paths
        # The body is read before Flask routes the request: by its path, then.
        self.import_paths = frozenset(import_paths)
        self.threads = ThreadPoolExecutor(threads, thread_name_prefix="app")
        self.seconds = BODY_SECONDS

    async def body(self, scope: dict[str, Any], receive: Receive) -> bytes | None:
        """The request's body, b"" if there is none to wait for, None if it came late."""
        size = whole_number(_header(scope, b"content-length"))
        chunked = "chunked" in _header(scope, b"transfer-encoding").lower()
        limit = self.imports if scope.get("path") in self.import_paths else self.limit
        if (size is None and not chunked) or size == 0 or (size or 0) > limit:
            return b""  # nothing to read, or too large: refused by the app unread
        try:
            return await asyncio.wait_for(_read(receive, limit), self.seconds)
        except TimeoutError:
            return None

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # no websockets; granian's ASGINL interface sends no lifespan
        body = await self.body(scope, receive)
        environ = build_environ(scope, io.BytesIO(body or b""))  # type: ignore[arg-type]
        environ["wsgi.errors"] = sys.stderr
        # The path as the client sent it, percent-decoded to bytes (as WSGI servers give
        # it), not as ASGI decoded it to text: a stray %FF stays a byte.
        raw = scope.get("raw_path")
        if raw:
            path = urllib.parse.unquote_to_bytes(raw.split(b"?", 1)[0])
            environ["PATH_INFO"] = path.decode("latin1")
        if body is None:  # late (or its client gone): the app answers 408 unread
            environ[LATE] = True
            body = b""
        if "HTTP_TRANSFER_ENCODING" in environ or environ.get(LATE):
            # A chunked body is whole now: the app reads it by its length.
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            environ["CONTENT_LENGTH"] = str(len(body))
        loop = asyncio.get_running_loop()
        status, headers, content = await loop.run_in_executor(self.threads, self._call, environ)
        if environ.get(LATE):
            headers.append((b"connection", b"close"))  # the rest of that body is not wanted
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})

    def _call(self, environ: dict[str, Any]) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """The app's whole answer: every answer of this app is made in memory anyway."""
        started: list[Any] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info=None):
            if exc_info and started:
                raise exc_info[1].with_traceback(exc_info[2])
            started[:] = [status, headers]
            return chunks.append

        chunks: list[bytes] = []
        answer = self.app(environ, start_response)
        try:
            chunks.extend(answer)
        finally:
            close = getattr(answer, "close", None)
            if close is not None:
                close()
        status, headers = started
        encoded = [(k.lower().encode("latin1"), v.encode("latin1")) for k, v in headers]
        return int(status.split(" ", 1)[0]), encoded, b"".join(chunks)


def server(app: Flask) -> Server:
    """``app`` as ``referee serve`` runs it (see the module's docstring)."""
    return Server(
        app,
        int(app.config["MAX_CONTENT_LENGTH"]),
        int(app.config["MAX_IMPORT_BYTES"]),
        import_paths=import_paths(app),
    )


def import_paths(app: Flask) -> frozenset[str]:
    """The paths of the views marked ``takes_match_file`` (each a route of no variable part)."""
    endpoints = marked(app, "takes_match_file")
    return frozenset(rule.rule for rule in app.url_map.iter_rules() if rule.endpoint in endpoints)


def _refuse_late() -> None:
    if request.environ.get(LATE):
        abort(408)


def _allow_imports() -> None:
    # Before anything reads the form (CSRF, the view): werkzeug checks the limit then.
    if mark_of("takes_match_file"):
        request.max_content_length = current_app.config["MAX_IMPORT_BYTES"]


def init_app(app: Flask) -> None:
    app.before_request(_refuse_late)
    app.before_request(_allow_imports)
