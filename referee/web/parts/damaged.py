"""A match an older version stored without today's checks: a clear page, never a traceback.

Imports are checked now (:mod:`referee.match.integrity`), but a database may hold a match
an older version took from a damaged file: sides that are text, a count of 10**30, an
empty opening table.  A match that fails the checks answers 409 with the part named;
what is checked where keeps every request's cost bounded whatever the match's history:

* **On every request of a match** (:func:`.access.load_match` asks here first): the
  match's own values, and the hands in play — what every page, sheet, CSV, API answer
  and hand form reads.  They are at most :data:`referee.match.capacity.MAX_HANDS`, read as
  stored text (one indexed query) and each text checked once per process: a hand
  changed by any means is checked again, while a page of an unchanged match parses and
  checks nothing.
* **Where the history is read**: the history page checks the changes it shows (a page
  of them), the JSON export everything it writes (every hand, deleted ones too, and the
  whole history: :func:`sound_history`).  Those are the only pages that show
  a change's entries or a deleted hand; a match with 10 000 changes costs its match
  page, its poll and a hand posted what one with 10 costs.

A deleted hand or a change kept damaged by an older version is thus refused where it
is shown, not on the match page; a deleted hand that an undo brings back is a hand in
play again, and checked on every request from then on.  Only a match that fails is read
further, to name the part.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from flask import abort
from flask_babel import gettext as _

from ...caches import Lru, lru_cached
from ...exchange import ACTIONS
from ...match.integrity import (
    STAMP_LENGTH,
    DamagedMatch,
    check_entry,
    check_hands,
    check_match,
    check_text,
)
from ...match.ledger import Change, HandRecord, Match
from ...rules.problems import N_, Text
from ..plumbing.db import get_storage
from ..plumbing.locale import number

# Saves 0.44 ms (17 %) of the 2.62 ms read-only match page, 1.5 ms (33 %) of the 4.6 ms
# statistics (bench/bench_caches.py "match checks", 2026-11-27).  Bound: 256 matches, the least
# recently used out first; safe: keyed by the stored match value itself (kept alive with its
# finding, so its id stays its own), which storage makes anew when its row
# changes.  Thread-safe (Lru).
_MATCHES: Lru[tuple[Match, DamagedMatch | None]] = Lru(256)  # id(match) -> (match, found)

UNREADABLE = Text(N_("the hands of the match cannot be read"))


def _match_damage(match: Match) -> DamagedMatch | None:
    kept = _MATCHES.get(id(match))
    if kept is not None and kept[0] is match:  # the same value: checked already
        return kept[1]
    try:
        check_match(match)
        found = None
    except DamagedMatch as error:
        found = error
    _MATCHES.put(id(match), (match, found))
    return found


# Saves 0.23 ms (8 %) of the 3.0 ms match page, 0.27 ms (8 %) of the statistics
# (bench/bench_caches.py "hand checks", 2026-11-27; 5-9 % in three runs).  Bound: 16 384
# hands' texts of about 300 B and a bool: some 6 MB at most; safe: keyed by the stored
# text, so a changed hand is checked.
@lru_cached(16_384)
def _sound_entry(text: Any, sides: int) -> bool:
    try:
        check_entry(json.loads(text), sides, Text(""))
    except (DamagedMatch, TypeError, ValueError, RecursionError):
        return False
    return True


def _sound_stamp(text: Any) -> bool:
    return isinstance(text, str) and len(text) <= STAMP_LENGTH and text.isprintable()


def _hand(n: int) -> Text:
    return Text(N_("hand %(n)s"), {"n": n})


def _hands_damage(match: Match) -> DamagedMatch | None:
    """The first damaged hand in play, numbered as the ledger numbers it."""
    rows = get_storage().hand_texts(match.id)
    sides = len(match.side_names)
    if all(_sound_entry(e, sides) and _sound_stamp(c) and _sound_stamp(u) for e, c, u in rows):
        return None
    for n, (entry, created, updated) in enumerate(rows, start=1):  # again, to name the part
        try:
            check_entry(json.loads(entry), sides, _hand(n))
            for field, value in (("created", created), ("updated", updated)):
                check_text(value, _hand(n), field, STAMP_LENGTH)
        except DamagedMatch as error:
            return error
        except (TypeError, ValueError, RecursionError):  # not even JSON
            return DamagedMatch(UNREADABLE)
    return None


def damaged(match: Match, *, hands: bool = True) -> bool:
    """Whether ``match`` fails the checks (``hands``: its hands' too, which reads them)."""
    return _match_damage(match) is not None or (hands and _hands_damage(match) is not None)


def listed_damaged(match: Match) -> bool:
    # A list of matches shows each one's rules and day: the match's own checks suffice.
    return damaged(match, hands=False)


def _refuse(found: DamagedMatch | None) -> None:
    if found is not None:
        abort(
            409,
            _(
                "This match's data is damaged, so it cannot be shown: %(problem)s. Nothing "
                "was changed; the club's host can look at it.",
                problem=found.words.render(_, number),
            ),
        )


def refuse_damaged(match: Match) -> None:
    """Abort with 409 and the damaged part named, if ``match`` or a hand in play fails the
    import's checks."""
    _refuse(_match_damage(match) or _hands_damage(match))


def _change_damage(match: Match, change: Change, number: int) -> DamagedMatch | None:
    part = Text(N_("change %(n)s of the history"), {"n": number})
    try:
        if change.action not in ACTIONS:
            values = {"field": "action", "values": ", ".join(ACTIONS)}
            problem = Text(N_("%(field)s must be one of: %(values)s"), values)
            raise DamagedMatch(
                Text(N_("%(part)s: %(problem)s"), {"part": part, "problem": problem})
            )
        for entry in (change.before, change.after):
            if entry is not None:
                check_entry(entry, len(match.side_names), part)
        check_text(change.at, part, "at", STAMP_LENGTH)
    except DamagedMatch as error:
        return error
    except (TypeError, ValueError, RecursionError):
        return DamagedMatch(UNREADABLE)
    return None


def refuse_damaged_changes(match: Match, changes: Sequence[Change], number: int) -> None:
    """Abort with 409 naming the first damaged change of ``changes`` (a page of the
    history, newest first; ``number``: the first one's number in the history)."""
    for i, change in enumerate(changes):
        _refuse(_change_damage(match, change, number - i))


def sound_history(match: Match) -> tuple[list[tuple[HandRecord, bool]], list[Change]]:
    """Every hand of ``match`` (deleted ones too, each with whether it is) and its whole
    history, newest first, for what writes them all (the JSON export); aborts with 409
    naming the damaged part if any fails the checks."""
    storage = get_storage()
    entries, stamps = storage.stored_texts(match.id)
    sides = len(match.side_names)
    sound = all(_sound_entry(text, sides) for text in entries) and all(map(_sound_stamp, stamps))
    try:
        hands, history = storage.all_hands(match.id), storage.history(match.id)
        if not sound:  # again, to name the part
            check_hands(match, hands, history[::-1])
    except DamagedMatch as error:
        _refuse(error)
    except (TypeError, ValueError, RecursionError):  # not even JSON
        _refuse(DamagedMatch(UNREADABLE))
    for n, change in enumerate(reversed(history), start=1):
        if change.action not in ACTIONS:  # the one part of a change the checks above skip
            _refuse(_change_damage(match, change, n))
    return hands, history
