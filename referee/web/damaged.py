"""A match an older version stored without today's checks: a clear page, never a traceback.

Imports are checked now (:mod:`referee.integrity`), but a database may hold a match
an older version took from a damaged file: sides that are text, a count of 10**30, an
empty opening table.  Every route of a match goes through :func:`.access.load_match`,
which asks here first; a match that fails the checks answers 409 with the part named,
on every page, download and API answer alike.

The checks are kept: the match's own by the stored match value itself (storage makes
one per content of its row and shares it), its hands' by the match's version, which
grows with every change to them.  A page of an unchanged match checks nothing again.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, abort, current_app
from flask_babel import gettext as _

from ..integrity import DamagedMatch, check_hands, check_match
from ..ledger import Match
from .db import get_storage

KEPT = 256  # matches whose checks are remembered, per process

_MATCHES: dict[int, tuple[Match, DamagedMatch | None]] = {}  # id(match) -> (match, found)
_HANDS: dict[tuple[Any, ...], tuple[int, DamagedMatch | None]] = {}


def _remember(store: dict[Any, Any], key: Any, value: Any) -> None:
    if len(store) >= KEPT:
        store.pop(next(iter(store)), None)
    store[key] = value


def _match_damage(match: Match) -> DamagedMatch | None:
    kept = _MATCHES.get(id(match))
    if kept is not None and kept[0] is match:  # the same value: checked already
        return kept[1]
    try:
        check_match(match)
        found = None
    except DamagedMatch as error:
        found = error
    _remember(_MATCHES, id(match), (match, found))  # kept alive, so its id stays its own
    return found


def _hands_damage(match: Match) -> DamagedMatch | None:
    storage = get_storage()
    key = (current_app.config["DATABASE"], match.id, match.edit_token)
    version = storage.version(match.id)
    kept = _HANDS.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    try:
        check_hands(match, storage.all_hands(match.id), storage.history(match.id))
        found = None
    except DamagedMatch as error:
        found = error
    _remember(_HANDS, key, (version, found))
    return found


def damaged(match: Match, *, hands: bool = True) -> bool:
    """Whether ``match`` fails the checks (``hands``: its hands' too, which reads them)."""
    return _match_damage(match) is not None or (hands and _hands_damage(match) is not None)


def _listed_damaged(match: Match) -> bool:
    # A list of matches shows each one's rules and day: the match's own checks suffice.
    return damaged(match, hands=False)


def init_app(app: Flask) -> None:
    app.add_template_global(_listed_damaged, "damaged_match")


def refuse_damaged(match: Match) -> None:
    """Abort with 409 and the damaged part named, if ``match`` fails the import's checks."""
    found = _match_damage(match) or _hands_damage(match)
    if found is not None:
        abort(
            409,
            _(
                "This match's data is damaged, so it cannot be shown: %(problem)s. Nothing "
                "was changed; the club's host can look at it.",
                problem=found.words.render(_),
            ),
        )
