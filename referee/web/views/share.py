"""Joining a match from another phone: the read-only link as a QR code to scan.

The match page shows ``/m/<id>/<token>/qr.svg`` (either link's token) lazily, below the
fold, so a first visit carries no more bytes; the code always holds the read-only link,
whichever link asked: scanning it never hands out the right to score.  The edit link's
own code (``scoring-qr.svg``) is drawn only for the edit link, inside *Give the scoring to
another phone*.
"""

from __future__ import annotations

import io

import segno
from flask import Blueprint, Response

from ...caches import lru_cached
from ..parts.access import load_match
from ..plumbing.addresses import phone_url

bp = Blueprint("share", __name__)


# Saves 5.4 ms (86 %) of the 6.3 ms QR code (bench/bench_caches.py "QR code", 2026-11-27).
@lru_cached(256)
def _svg(url: str) -> bytes:
    # Keyed by the link alone, which is all the picture shows: a match's code is drawn once
    # per process, and 256 of some 2 KB each bound the cache to about half a megabyte.
    buffer = io.BytesIO()
    # Unit modules: the <img> sets the size, and short path numbers keep it light.
    segno.make(url, error="m").save(
        buffer, kind="svg", scale=1, border=2, xmldecl=False, omitsize=True
    )
    return buffer.getvalue()


def _picture(url: str) -> Response:
    response = Response(_svg(url), mimetype="image/svg+xml")
    response.cache_control.private = True  # the link in the address is a secret
    response.cache_control.max_age = 86400
    return response


@bp.route("/m/<int:match_id>/<token>/qr.svg")
def qr(match_id: int, token: str) -> Response:
    match, _can_edit = load_match(match_id, token)
    return _picture(phone_url("matches.ledger", match_id=match.id, token=match.view_token))


@bp.route("/m/<int:match_id>/<token>/scoring-qr.svg")
def edit_qr(match_id: int, token: str) -> Response:
    """*Give the scoring to another phone*: the edit link to scan, for whoever holds it
    (the read-only link is refused, as it is for every change)."""
    match, _can_edit = load_match(match_id, token, edit=True)
    return _picture(phone_url("matches.ledger", match_id=match.id, token=match.edit_token))
