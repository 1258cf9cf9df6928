"""Who may see and change a match: the secret in its link decides.

A match has two secrets: the edit token (record, edit, delete, undo) and the
view token (read-only).  The creator's browser remembers the edit tokens it made
so the home page can offer them back.
"""

from __future__ import annotations

from hmac import compare_digest

from flask import abort, session
from flask_babel import gettext as _

from ..ledger import Ledger, Match, compute_ledger
from .db import get_storage

REMEMBERED = 30  # edit links a browser keeps for its home page


def load_match(match_id: int, token: str, *, edit: bool = False) -> tuple[Match, bool]:
    """The match and whether ``token`` lets its holder change it.

    Aborts with 404 for an unknown match or a wrong token (the two look the same,
    so guessing ids tells nothing) and with 403 for a read-only token where
    ``edit`` is required.
    """
    match = get_storage().get_match(match_id)
    if match is None:
        abort(404, _("There is no such match. Check the link you were given."))
    can_edit = compare_digest(token.encode(), match.edit_token.encode())
    if not can_edit and not compare_digest(token.encode(), match.view_token.encode()):
        abort(404, _("There is no such match. Check the link you were given."))
    if edit and not can_edit:
        abort(
            403,
            _(
                "This is the read-only link of the match: only the edit link can change it. "
                "Ask the scorer for it."
            ),
        )
    return match, can_edit


def remember(match: Match) -> None:
    known = dict(session.get("edit", {}))
    known[str(match.id)] = match.edit_token
    session["edit"] = dict(list(known.items())[-REMEMBERED:])


def remembered_token(match: Match) -> str | None:
    token = session.get("edit", {}).get(str(match.id))
    return token if token == match.edit_token else None


def match_ledger(match: Match) -> Ledger:
    """The ledger of ``match``; keeps the stored finished/winner flag in step with it."""
    storage = get_storage()
    ledger = compute_ledger(match, storage.hands(match.id))
    winner = None if ledger.winner is None else match.side_names[ledger.winner]
    if winner != match.winner or ledger.finished != match.finished:
        storage.set_outcome(match.id, winner)
    return ledger
