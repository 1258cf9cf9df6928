"""Two phones, one match: what a form is told when the match moved on after it opened.

Every hand form carries the match's version when it was opened (``seen``) and the
browser's own random id is kept in its session (:func:`phone`).  Storage refuses a hand,
inside its write transaction, when another phone changed the match since (for an edit:
that hand), and raises :class:`~referee.storage.Stale` with those changes.  Here they
become what the table reads ("Hand 3 was recorded from another phone a minute ago: Anna
& Ben 120, Carl & Dora 60") and the choices that make sense, each one tap, with
everything typed kept: *that's the same hand, drop mine*; *record mine as hand 4*; *put
mine in place of it*.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from flask import session
from flask_babel import gettext as _
from flask_babel import ngettext

from ...match.ledger import Change, Ledger, Match
from ..plumbing.inputs import whole_number
from ..plumbing.locale import number as written

PHONE_LENGTH = 12


def phone() -> str:
    """This browser's random id, made on its first hand form and kept in its session: the
    changes it made itself never stand in its own way (two hands kept offline are sent
    one after the other, each on the version the phone saw)."""
    known = session.get("phone")
    if not (isinstance(known, str) and len(known) == PHONE_LENGTH):
        known = session["phone"] = secrets.token_urlsafe(9)
    return known


def seen(value: object) -> int | None:
    """The version a posted form says it was opened on (or another id it carries, such as
    the hand it replaces); None for a form without one (a page or a phone's queue from
    before versions: stored as it always was) or with junk in it."""
    return whole_number(value, 12)


@dataclass(frozen=True)
class Conflict:
    """What changed since the form was opened, and the choices offered."""

    lines: list[str]  # each change, as the table reads it
    next_number: int  # the number a new hand would have now
    replaces: tuple[int, int] | None  # (hand id, its number): the hand "in place of it"
    gone: bool = False  # an edit of a hand that is no longer in the match


def ago(at: str, now: datetime | None = None) -> str:
    """How long ago the change stamped ``at`` (ISO, UTC) was made, in the page's language."""
    try:
        then = datetime.fromisoformat(at)
    except (TypeError, ValueError):
        return ""
    if then.tzinfo is None:
        then = then.replace(tzinfo=UTC)
    seconds = max(0, int(((now or datetime.now(UTC)) - then).total_seconds()))
    if seconds < 60:
        return _("just now")
    minutes = seconds // 60
    if minutes < 60:
        return ngettext("%(num)s minute ago", "%(num)s minutes ago", minutes)
    return ngettext("%(num)s hour ago", "%(num)s hours ago", minutes // 60)


def describe(match: Match, ledger: Ledger, changes: list[Change]) -> list[str]:
    """Each change as one line, newest last; a hand in play is named by its number now and
    its scores."""
    rows = {row.hand.id: row for row in ledger.rows}
    lines = []
    for change in changes[-5:]:
        row = rows.get(change.hand_id)
        when = ago(change.at)
        scores = ""
        if row is not None:
            scores = ", ".join(
                f"{name} {written(score)}"
                for name, score in zip(match.side_names, row.scores, strict=False)
            )
        if change.action == "add" and row is not None:
            line = _(
                "Hand %(n)s was recorded from another phone %(ago)s: %(scores)s.",
                n=row.number, ago=when, scores=scores,
            )  # fmt: skip
        elif change.action in ("edit", "redo", "undo") and row is not None:
            line = _(
                "Hand %(n)s was changed from another phone %(ago)s: %(scores)s.",
                n=row.number, ago=when, scores=scores,
            )  # fmt: skip
        elif change.number is not None:  # its number then, as the table knew it
            line = _(
                "Hand %(n)s was taken out of the match from another phone %(ago)s.",
                n=change.number, ago=when,
            )  # fmt: skip
        else:  # a change kept before the history kept numbers
            line = _("A hand was taken out of the match from another phone %(ago)s.", ago=when)
        lines.append(line)
    if len(changes) > 5:
        lines.insert(0, _("%(n)s changes were made from another phone.", n=len(changes)))
    return lines


def conflict(match: Match, ledger: Ledger, changes: list[Change], *, gone: bool = False):
    """The :class:`Conflict` a new hand (or, ``gone``, an edit of a hand no longer there)
    meets: the newest hand recorded meanwhile that is still in play is the one "mine" may
    take the place of."""
    rows = {row.hand.id: row for row in ledger.rows}
    added = [c.hand_id for c in changes if c.action == "add" and c.hand_id in rows]
    replaces = (added[-1], rows[added[-1]].number) if added and not gone else None
    return Conflict(
        lines=describe(match, ledger, changes),
        next_number=len(ledger.rows) + 1,
        replaces=replaces,
        gone=gone,
    )
