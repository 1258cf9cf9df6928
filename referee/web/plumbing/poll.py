"""The watching phones' poll, answered before Flask.

Every phone on a match page asks ``GET /m/<id>/<token>/version`` every few seconds
(app.js, ``If-None-Match`` with the version it shows): three phones a table, most of a
club night's requests.  Through Flask each cost the signed session, the language
cookie, the rate limiter's bookkeeping, Talisman building its headers and the match's
whole row, about four times a bare Flask "ok" (bench/bench_server.py).  None of that
changes the answer, so this WSGI middleware answers the poll itself: one indexed query
(:class:`referee.storage.Versions`), the tokens compared in constant time, and the
headers every page carries, fixed in advance.

Anything else — another path, a HEAD, a wrong token, an unknown match — goes on to
Flask untouched, so a 404 stays the same page in the phone's language.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

from ...caches import Lru
from ...match.standings import step_start, version_text
from ...storage import Versions
from .tokens import opens

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

POLL = re.compile(r"/m/([0-9]{1,18})/([A-Za-z0-9_-]{1,64})/version")
# A tournament's standings, polled by the projector and every player's phone.
TOURNAMENT_POLL = re.compile(r"/t/([0-9]{1,18})/([A-Za-z0-9_-]{1,64})/version")

# The headers a page gets that a poll's answer needs too (the security headers); learnt
# from one answer of the app itself, so they can never drift from Talisman's.
KEPT_HEADERS = (
    "Content-Security-Policy",
    "Permissions-Policy",
    "Referrer-Policy",
    "X-Content-Type-Options",
    "X-Frame-Options",
    "Strict-Transport-Security",
)


class Poll:
    """WSGI middleware answering a match's version poll with 304 or its JSON."""

    def __init__(self, app: WSGIApp, database: str, standings_seconds: int = 20) -> None:
        self.app = app
        self.versions = Versions(database)
        self.standings_seconds = standings_seconds  # the setting STANDINGS_SECONDS
        # Per URL scheme (HSTS goes over https only): two entries at most; saves 0.36 ms
        # (70 %) of the 0.52 ms poll (bench/bench_caches.py "poll headers", 2026-11-27);
        # safe: the headers are the app's settings, fixed for the process's life.
        self._headers: Lru[list[tuple[str, str]]] = Lru(2)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") != "GET" or not path.endswith("/version"):
            return self.app(environ, start_response)
        found = POLL.fullmatch(path)
        known = found and self.versions.of(int(found.group(1)))
        if found is None and (found := TOURNAMENT_POLL.fullmatch(path)):
            known = self._tournament(int(found.group(1)))
        if not found or not known or opens(found.group(2), known[0], known[1]) is None:
            return self.app(environ, start_response)  # Flask's own 404
        tag = f'"{known[2]}"'
        headers = [*self._security(environ), ("ETag", tag), ("Cache-Control", "no-store")]
        if _current(environ.get("HTTP_IF_NONE_MATCH", ""), tag):
            start_response("304 Not Modified", headers)
            return [b""]
        body = json.dumps({"version": known[2]}).encode()
        headers += [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
        start_response("200 OK", headers)
        return [body]

    def _tournament(self, tournament_id: int) -> tuple[str, str, str] | None:
        """A tournament's two secrets and its standings' version, as
        :func:`referee.web.parts.tournament_state.tournament_version` gives it."""
        before = step_start(time.time(), self.standings_seconds)
        row = self.versions.tournament(tournament_id, before)
        if row is None:
            return None
        edit, view, current_round, finished, latest, directed = row
        return edit, view, version_text(current_round, finished, latest, directed)

    def _security(self, environ: dict[str, Any]) -> list[tuple[str, str]]:
        scheme = environ.get("wsgi.url_scheme", "http")
        return self._headers.get_or_make(scheme, lambda: self._learn(environ))

    def _learn(self, environ: dict[str, Any]) -> list[tuple[str, str]]:
        """The security headers of the app's own answer to ``/healthz`` on this scheme."""
        probe = {
            key: value
            for key, value in environ.items()
            if key.startswith("wsgi.")
            or key in ("SERVER_NAME", "SERVER_PORT", "SERVER_PROTOCOL", "HTTP_HOST", "REMOTE_ADDR")
        }
        probe.update(REQUEST_METHOD="GET", PATH_INFO="/healthz", QUERY_STRING="")
        got: list[tuple[str, str]] = []

        def keep(status: str, headers: list[tuple[str, str]], *exc: Any) -> None:
            got.extend((k, v) for k, v in headers if k in KEPT_HEADERS)

        answer = self.app(probe, keep)
        for _chunk in answer:
            pass
        getattr(answer, "close", lambda: None)()
        return got


def _current(if_none_match: str, tag: str) -> bool:
    """Whether ``If-None-Match`` names ``tag`` (compared weakly, as HTTP says) or is ``*``."""
    for sent in if_none_match.split(","):
        sent = sent.strip()
        if sent == "*" or sent.removeprefix("W/") == tag:
            return True
    return False
