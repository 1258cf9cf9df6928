"""Who may see and change a match: the secret in its link decides.

A match has two secrets: the edit token (record, edit, delete, undo) and the
view token (read-only); a group and a tournament have the same two.  A browser keeps
the links it made or opened, in its signed session cookie, and its home page lists
those and nothing else: what a browser holds no link to, it is never shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from hmac import compare_digest
from typing import Any

from flask import abort, current_app, render_template, session, url_for
from flask_babel import gettext as _

from ...caches import Lru
from ...match.ledger import Ledger, Match, compute_ledger
from ..plumbing.db import get_storage
from ..plumbing.inputs import whole_number
from ..plumbing.tokens import opens
from .damaged import refuse_damaged
from .default_names import localised

# The session's lists of links a browser keeps for its home page, (edit, read-only) for
# each kind of thing, and how many of each list it keeps: the latest.  A family makes and
# watches many matches and few groups or tournaments.  All six lists full take about 3 KB
# of the 4 KB a browser keeps of a cookie, with the CSRF token (tests/web/test_access.py);
# past 4 KB the browser would drop the whole session.
MATCHES = ("edit", "view")
GROUPS = ("groups", "groups_view")
TOURNAMENTS = ("tournaments", "tournaments_view")
REMEMBERED = {
    "edit": 30,
    "view": 30,
    "groups": 10,
    "groups_view": 10,
    "tournaments": 10,
    "tournaments_view": 10,
}

# The last ledger of each recent match, with what it was computed from.  Every phone at
# the table reloads the match page after each hand, and recording a hand looks at the
# ledger before and after; rescoring the evening's hands each time was most of the cost.
# Saves 2.8 ms (49 %) of the 5.8 ms match page, 15.6 ms (63 %) of a hand POST and its
# page (bench/bench_caches.py "ledgers", 2026-11-27).  Bound: 64 matches, the least recently used
# out first; safe: the stamp holds the match's version, which every change to its hands
# moves on.  Shared by the server's threads: the one LRU, with its lock.
_LEDGERS: Lru[tuple[tuple[Any, ...], Ledger]] = Lru(64)


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
    match = localised(match)  # "Side A" and "Player 3" in the page's language
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
    if kind == "round" and (ended := whole_number(number)) is not None:
        closer = _("the tournament director ended round %(n)s", n=ended)
    elif kind == "tournament":
        closer = _("the tournament director ended the tournament")
    elif kind == "confirmed":
        closer = _("the other side confirmed its result")
    else:
        closer = _("the tournament director closed it")
    return _(
        "This table's game is closed: %(closer)s. Ask the director to reopen it.", closer=closer
    )


def closed_refusal(
    match: Match, token: str, message: str, title: str | None = None
) -> tuple[str, int]:
    """The answer to a change refused (a closed match, by default) that has no form to
    show again (a delete, an undo): the reason and the way back, 409.  Never a redirect,
    so a change kept offline and sent later is shown to the phone as refused
    (static/offline.js)."""
    back = url_for("matches.ledger", match_id=match.id, token=token)
    page = render_template("error.html", title=title or _("Closed"), message=message, back=back)
    return page, 409


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


def kept_ids(*kinds: str) -> list[int]:
    """The ids this browser keeps a link of, in any of the lists ``kinds``."""
    found = (whole_number(key) for kind in kinds for key in dict(session.get(kind, {})))
    return [key for key in found if key is not None]


def kept_all(kind: str, get: Callable[[int], Any], secret: str = "edit_token") -> list[Any]:
    """What this browser keeps the links of (``kind`` as :func:`keep` has it), read with
    ``get`` by id, oldest first: those that still exist and whose link is still right
    (``secret``: the attribute it is checked against, ``view_token`` for a read-only list)."""
    found = []
    for key in kept_ids(kind):
        item = get(key)
        if item is not None and kept(kind, item.id, getattr(item, secret)):
            found.append(item)
    return found


def kept_links(kinds: tuple[str, str], get: Callable[[int], Any]) -> list[tuple[Any, str]]:
    """What this browser made or opened, of ``kinds`` (:data:`MATCHES`, :data:`GROUPS`,
    :data:`TOURNAMENTS`), newest first, each with the secret of the link to offer: its edit
    link's where this browser keeps that, else its read-only link's."""
    edit, view = kinds
    found = {item.id: (item, item.view_token) for item in kept_all(view, get, "view_token")}
    found |= {item.id: (item, item.edit_token) for item in kept_all(edit, get)}
    return [found[key] for key in sorted(found, reverse=True)]


def keep(kind: str, key: int, token: str) -> None:
    """Let this browser keep a link (``kind``: one of the lists of :data:`REMEMBERED`),
    the latest of each kind."""
    known = dict(session.get(kind, {}))
    known[str(key)] = token
    session[kind] = dict(list(known.items())[-REMEMBERED[kind] :])


def kept(kind: str, key: int, token: str) -> str | None:
    """The link's secret if this browser keeps it for ``key`` (and it is still ``token``)."""
    found = session.get(kind, {}).get(str(key))
    if isinstance(found, str) and compare_digest(found.encode(), token.encode()):
        return found
    return None


def keep_opened(kinds: tuple[str, str], item: Any, can_edit: bool) -> None:
    """Let this browser keep the link ``item`` was just opened with (``kinds`` as
    :func:`kept_links` has them): a read-only link stays read-only, and an edit link
    replaces it.  Written only when new, so a page opened again sets no cookie."""
    edit, view = kinds
    if can_edit:
        if kept(edit, item.id, item.edit_token) is None:
            keep(edit, item.id, item.edit_token)
        if str(item.id) in session.get(view, {}):
            session[view] = {k: v for k, v in session[view].items() if k != str(item.id)}
    elif not (kept(edit, item.id, item.edit_token) or kept(view, item.id, item.view_token)):
        keep(view, item.id, item.view_token)


def next_match_number() -> int:
    """The number of the next match this browser starts, counted from its first: kept in
    its session (a phone that started matches before it was kept counts those it keeps)."""
    made = session.get("made")
    if not isinstance(made, int) or made < 0:
        made = len(kept_ids(MATCHES[0]))
    session["made"] = made + 1
    return made + 1


def remember(match: Match, can_edit: bool = True) -> None:
    """Let this browser keep the link of ``match`` it made or opened (see :func:`keep_opened`)."""
    keep_opened(MATCHES, match, can_edit)


def remembered_token(match: Match) -> str | None:
    return kept(MATCHES[0], match.id, match.edit_token)


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
        _LEDGERS.put(key, (stamp, ledger))
    winner = None if ledger.winner is None else match.side_names[ledger.winner]
    if winner != match.winner or ledger.finished != match.finished:
        storage.set_outcome(match.id, winner)
    return ledger
