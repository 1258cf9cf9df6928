"""A file sent to the phone: its name from the match's, sent as an attachment that no
shared cache keeps, the paper asked for, and the score sheets kept once rendered.

The match's downloads (:mod:`referee.web.views.downloads`), a table's rules and blank
sheet (:mod:`referee.web.views.house`) and a tournament's files
(:mod:`referee.web.views.tournament_files`) all send theirs this way.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from flask import (
    abort,
    current_app,
    request,
    send_file,
)
from flask_babel import gettext as _

from ...caches import Lru
from ...match.ledger import Match
from ...match.plaintext import safe_filename
from ...sheets import PAPERS
from ..plumbing.sheet_turns import paper_turns, sheet_turns
from .default_names import shown

# Saves 266 ms (99.5 %) of the 268 ms sheet downloaded again (bench/bench_caches.py "sheet
# cache", 2026-11-27).
CACHE_SIZE = 32  # sheets kept per process; a few matches at a few tables, both papers
# Bounded in bytes too, so that the cache never holds much memory whatever is in it: the
# sheet of the largest match (referee/match/capacity.py) is about 90 KB, 32 of them under 3 MB.
# Safe to keep: a key holds the match's version (every change makes a new one), so a kept
# sheet is never an old state of its match.
CACHE_BYTES = 8 * 1024 * 1024


class SheetCache(Lru[bytes]):
    """The last ``size`` rendered sheets, ``max_bytes`` at most, least recently used
    dropped first; thread-safe."""

    def __init__(self, size: int = CACHE_SIZE, max_bytes: int = CACHE_BYTES) -> None:
        super().__init__(size, max_bytes, len)


def sheet_cache() -> SheetCache:
    """This app's cache (one per app: two apps in a process have two databases)."""
    return current_app.extensions.setdefault("referee.sheet_cache", SheetCache())


# A match's CSV and JSON downloads (issue 43): made once per match version and shared, the
# ones asked for at the same moment made by one thread.  The JSON of the largest match is
# about 10 MB and costs half a second of CPU; eight phones looping on it once held every
# thread of the server.  Saves 4.8 ms (81 %) of the 5.9 ms export.json of a 12-hand match
# (bench/bench_caches.py "exports kept", 2026-11-27).  Bounded in number and bytes; safe to
# keep for the same reason as the sheets (the key holds the match's version and its own
# secret).
EXPORTS = 16
EXPORT_BYTES = 48 * 1024 * 1024


def kept_export(key: tuple[Any, ...], make: Callable[[], bytes]) -> bytes:
    """The download under ``key`` from this app's cache, or ``make()`` kept (once for the
    requests asking for it at the same moment)."""
    cache: Lru[bytes] = current_app.extensions.setdefault(
        "referee.export_cache", Lru(EXPORTS, EXPORT_BYTES, len)
    )
    return cache.get_or_make(key, make)


# A tournament's papers (its team cards, its results, a round's table cards), kept apart
# from the sheets so that a big event's few large papers never push the match sheets out.
# Safe to keep: a key holds the tournament's exact version (every hand, every press of the
# director's and every confirmed result makes a new one), its round, the paper and the
# language.  Bound: the papers of a 1 000-team event are about 0.5-1.2 MB each
# (bench/bench_papers.py), so 24 MB keeps a room's worth.  Saves 1.18 s (99.9 %) of the
# results.pdf of a 50-table event asked again (bench/bench_caches.py "papers kept",
# 2026-11-27).
PAPER_SIZE = 24
PAPER_BYTES = 24 * 1024 * 1024


def paper_cache() -> SheetCache:
    """This app's kept tournament papers."""
    return current_app.extensions.setdefault(
        "referee.paper_cache", SheetCache(PAPER_SIZE, PAPER_BYTES)
    )


def kept_paper(key: tuple[Any, ...], render: Callable[[], bytes]) -> bytes:
    """The paper under ``key``, made once however many ask for it at the same moment: a
    request that finds it being made waits for those bytes (a single flight per key), and
    every request waiting or rendering holds one of a few places of the papers' own turns
    (:func:`~referee.web.plumbing.sheet_turns.paper_turns`; Busy: 503), so eight phones
    fetching a 1 000-team event's papers leave the other threads to the other pages."""
    cache = paper_cache()
    found = cache.get(key)
    if found is not None:
        return found
    turns = paper_turns()

    def made() -> bytes:
        with turns.rendering():
            return render()

    with turns.place():
        return cache.get_or_make(key, made)


def filename(match: Match, suffix: str) -> str:
    """A file name from the match's name (letters of any language kept), e.g. ``Pátek.pdf``:
    safe characters only (:func:`referee.match.plaintext.safe_filename`)."""
    return safe_filename(shown(match.name), suffix, _("match-%(n)s", n=match.id))


def send_download(data: bytes, mimetype: str, name: str, etag: str | None = None):
    response = send_file(
        io.BytesIO(data), mimetype=mimetype, as_attachment=True, download_name=name, etag=etag
    )
    response.cache_control.private = True  # the link in the address is a secret
    return response


def asked_paper() -> str:
    """The paper a download asks for (``?paper=letter``; A4 without); 400 for another.
    Every PDF reads it here: the match's sheet, the blank sheet, a tournament's."""
    paper = request.args.get("paper", "a4")
    if paper not in PAPERS:
        abort(400, _("Paper is a4 or letter."))
    return paper


def kept_sheet(key: tuple[Any, ...], render: Callable[[], bytes]) -> bytes:
    """The sheet under ``key`` from this app's cache, or ``render``ed and kept: a few at a
    time (:mod:`referee.web.plumbing.sheet_turns`; Busy: 503), and once only for requests
    that waited for the same sheet."""
    cache = sheet_cache()
    pdf = cache.get(key)
    if pdf is None:
        with sheet_turns().turn():
            pdf = cache.get(key)  # rendered by the request this one waited for?
            if pdf is None:
                pdf = render()
                cache.put(key, pdf)
    return pdf
