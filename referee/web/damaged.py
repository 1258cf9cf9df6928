"""A match an older version stored without today's checks: a clear page, never a traceback.

Imports are checked now (:mod:`referee.integrity`), but a database may hold a match
an older version took from a damaged file: sides that are text, a count of 10**30, an
empty opening table.  Every route of a match goes through :func:`.access.load_match`,
which asks here first; a match that fails the checks answers 409 with the part named,
on every page, download and API answer alike.

The checks are kept: the match's own by the stored match value itself (storage makes
one per content of its row and shares it); each hand's entry by its stored text, read
unparsed on each request (two small queries), so that a hand changed by any means is
checked again while a page of an unchanged match parses and checks nothing.  Only a
match that fails is read whole, to name the part.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from flask import Flask, abort
from flask_babel import gettext as _

from ..integrity import STAMP_LENGTH, DamagedMatch, check_entry, check_hands, check_match
from ..ledger import Match
from ..rules.problems import N_, Text
from .db import get_storage

# Saves 0.30 ms (15 %) of the 2.07 ms match page, 0.69 ms of the 2.53 ms statistics
# (bench/bench_caches.py, 2026-11-25).  Bound: 256 matches, oldest out first; safe: keyed
# by the stored match value itself, which storage makes anew when its row changes.
KEPT = 256  # matches whose checks are remembered, per process

_MATCHES: dict[int, tuple[Match, DamagedMatch | None]] = {}  # id(match) -> (match, found)


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


# Saves 0.12 ms (7 %) of the 1.82 ms match page, 0.43 ms (7 %) of a hand POST and its page
# (bench/bench_caches.py, 2026-11-25).  Bound: 16 384 hands' texts of about 300 B and a
# bool: some 6 MB at most; safe: keyed by the stored text, so a changed hand is checked.
@lru_cache(maxsize=16_384)
def _sound_entry(text: Any, sides: int) -> bool:
    try:
        check_entry(json.loads(text), sides, Text(""))
    except (DamagedMatch, TypeError, ValueError, RecursionError):
        return False
    return True


def _sound_stamp(text: Any) -> bool:
    return isinstance(text, str) and len(text) <= STAMP_LENGTH and text.isprintable()


def _hands_damage(match: Match) -> DamagedMatch | None:
    storage = get_storage()
    entries, stamps = storage.stored_texts(match.id)
    sides = len(match.side_names)
    if all(_sound_entry(text, sides) for text in entries) and all(map(_sound_stamp, stamps)):
        return None
    try:  # read whole, to name the part
        check_hands(match, storage.all_hands(match.id), storage.history(match.id))
    except DamagedMatch as error:
        return error
    except (TypeError, ValueError, RecursionError):  # not even JSON
        return DamagedMatch(Text(N_("the hands of the match cannot be read")))
    return None


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
