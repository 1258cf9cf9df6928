"""A table's result confirmed by the other side, as the pages show it: the confirming link
and its code, and where a match stands (not asked, waiting, confirmed).

Shared by the match page (:mod:`referee.web.parts.tournament_state`'s ``match_table``), the
confirming page and the director's button (:mod:`referee.web.views.signoff`) and the table
cards (:mod:`referee.web.views.tournament_files`).
"""

from __future__ import annotations

import segno
from markupsafe import Markup

from ..plumbing.addresses import phone_url
from ..plumbing.db import get_storage


def confirm_url(match_id: int, token: str) -> str:
    """The confirming link of the table ``match_id`` is played at, as a phone opens it."""
    return phone_url("signoff.confirm", match_id=match_id, token=token)


def qr(url: str, scale: int = 3) -> Markup:
    """``url`` as a QR code, an SVG drawn as it is (by a browser or WeasyPrint)."""
    return Markup(segno.make(url, error="m").svg_inline(scale=scale, border=2))


def confirmed_now(match_id: int) -> bool:
    """Whether the table's latest confirmation is of the result it has now."""
    storage = get_storage()
    found = storage.confirmed_version(match_id)
    return found is not None and found == storage.version(match_id)
