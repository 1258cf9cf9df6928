"""Who may see and change a match: the secret in its link decides.

A match has two secrets: the edit token (record, edit, delete, undo) and the
view token (read-only).  The creator's browser remembers the edit tokens it made
so the home page can offer them back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from hmac import compare_digest
from typing import Any

from flask import abort, current_app, render_template, session, url_for
from flask_babel import gettext as _

from ..ledger import Ledger, Match, compute_ledger
from .damaged import refuse_damaged
from .db import get_storage

REMEMBERED = 30  # edit links a browser keeps for its home page

# The last ledger of each recent match, with what it was computed from.  Every phone at
# the table reloads the match page after each hand, and recording a hand looks at the
# ledger before and after; rescoring the evening's hands each time was most of the cost.
# Saves 1.29 ms (43 %) of the 3.01 ms match page, 4.3 ms (45 %) of a hand POST and its
# page (bench/bench_caches.py, 2026-11-25).  Bound: 64 matches, oldest out first; safe:
# the stamp holds the match's version, which every change to its hands moves on.
_LEDGERS: dict[tuple[str, int], tuple[tuple[Any, ...], Ledger]] = {}
_LEDGERS_KEPT = 64


def load_match(match_id: int, token: str, *, edit: bool = False) -> tuple[Match, bool]:
    """The match and whether ``token`` lets its holder change it.

    Aborts with 404 for an unknown match or a wrong token (the two look the same,
    so guessing ids tells nothing) and with 403 for a read-only token where
    ``edit`` is required.
    """
    match = get_storage().get_match(match_id)
    can_edit = None if match is None else opens(token, match.edit_token, match.view_token)
    if match is None or can_edit is None:
        abort(404, _("There is no such match. Check the link you were given."))
    refuse_damaged(match)  # a match an older version stored from a damaged file
    if edit and not can_edit:
        abort(
            403,
            _(
                "This is the read-only link of the match: only the edit link can change it. "
                "Ask the scorer for it."
            ),
        )
    return match, can_edit


def closed_message(match: Match, who: str | None = None) -> str | None:
    """Why ``match`` takes no changes (a tournament's round ended), naming who closed it;
    None while it is open.  ``who``: as storage's MatchClosed says it, when the match
    closed after it was read (a round ended while a hand was on its way)."""
    who = who or match.closed
    if not who:
        return None
    kind, _colon, number = who.partition(":")
    if kind == "round" and number.isdigit():
        closer = _("the tournament director ended round %(n)s", n=int(number))
    elif kind == "tournament":
        closer = _("the tournament director ended the tournament")
    else:
        closer = _("the tournament director closed it")
    return _(
        "This table's game is closed: %(closer)s. Ask the director to reopen it.", closer=closer
    )


def closed_refusal(match: Match, token: str, message: str) -> tuple[str, int]:
    """The answer to a change sent to a closed match that has no form to show again (a
    delete, an undo): the reason and the way back, 409.  Never a redirect, so a change
    kept offline and sent later is shown to the phone as refused (static/offline.js)."""
    back = url_for("matches.ledger", match_id=match.id, token=token)
    page = render_template("error.html", title=_("Closed"), message=message, back=back)
    return page, 409


def opens(token: str, edit_token: str, view_token: str) -> bool | None:
    """Whether ``token`` is the edit link's secret (True), the read-only one's (False) or
    neither (None); compared in constant time, for matches and groups alike."""
    if compare_digest(token.encode(), edit_token.encode()):
        return True
    if compare_digest(token.encode(), view_token.encode()):
        return False
    return None


def open_link(found: Any, token: str, edit: bool, missing: str, read_only: str) -> bool:
    """Whether ``token`` is the edit link of ``found`` (a group, a tournament: anything with
    two secrets); aborts with 404 and ``missing`` for nothing found or a wrong token (alike)
    and with 403 and ``read_only`` for its read-only link where ``edit`` is required."""
    can_edit = None if found is None else opens(token, found.edit_token, found.view_token)
    if can_edit is None:
        abort(404, missing)
    if edit and not can_edit:
        abort(403, read_only)
    return can_edit


def kept_all(kind: str, get: Callable[[int], Any]) -> list[Any]:
    """What this browser keeps the edit links of (``kind`` as :func:`keep` has it), read with
    ``get`` by id, oldest first: those that still exist and whose link is still right."""
    found = []
    for key in dict(session.get(kind, {})):
        item = get(int(key)) if key.isdigit() and len(key) < 19 else None
        if item is not None and kept(kind, item.id, item.edit_token):
            found.append(item)
    return found


def keep(kind: str, key: int, edit_token: str) -> None:
    """Let this browser keep an edit link (``kind``: "edit" for matches, "groups"),
    the latest :data:`REMEMBERED` of each kind."""
    known = dict(session.get(kind, {}))
    known[str(key)] = edit_token
    session[kind] = dict(list(known.items())[-REMEMBERED:])


def kept(kind: str, key: int, edit_token: str) -> str | None:
    """The edit link's secret if this browser keeps it for ``key`` (and it is still right)."""
    token = session.get(kind, {}).get(str(key))
    if isinstance(token, str) and compare_digest(token.encode(), edit_token.encode()):
        return token
    return None


def remember(match: Match) -> None:
    keep("edit", match.id, match.edit_token)


def remembered_token(match: Match) -> str | None:
    return kept("edit", match.id, match.edit_token)


def match_ledger(match: Match) -> Ledger:
    """The ledger of ``match``; keeps the stored finished/winner flag in step with it.

    Computed again only when the match has changed since: its version grows with
    every change to its hands, and the rest of what the ledger depends on is part
    of the key.  The version is read before the hands, so a hand recorded in
    between can only make the kept ledger newer than its version says, never older.
    """
    storage = get_storage()
    key = (current_app.config["DATABASE"], match.id)
    stamp = (
        storage.version(match.id),
        match.edit_token,  # a match's own secret: ids of deleted matches may come back
        match.players,
        match.side_names,
        match.target,
        tuple(sorted(match.options.items())),
    )
    kept = _LEDGERS.get(key)
    if kept is not None and kept[0] == stamp:
        ledger = dataclasses.replace(kept[1], match=match)
    else:
        # The same match under the same settings: its rows stand where its hands do.
        same_rules = kept is not None and kept[0][1:] == stamp[1:]
        previous = kept[1] if kept is not None and same_rules else None
        ledger = compute_ledger(match, storage.hands(match.id), previous)
        if len(_LEDGERS) >= _LEDGERS_KEPT:
            _LEDGERS.pop(next(iter(_LEDGERS)), None)
        _LEDGERS[key] = (stamp, ledger)
    winner = None if ledger.winner is None else match.side_names[ledger.winner]
    if winner != match.winner or ledger.finished != match.finished:
        storage.set_outcome(match.id, winner)
    return ledger
