"""A hand's change as the history page says it: each field that changed, named as the hand
form names it in the page's language ("Červené trojky: 1 → 2"), never the entry's own key."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...match.ledger import Change, Match
from .forms import hand_form, side_fields


def field_labels(match: Match) -> dict[str, str]:
    """Every field of a side in both modes of the match's hand form, by name: its label."""
    labels: dict[str, str] = {}
    sides = len(match.side_names)
    for mode in ("quick", "detailed"):  # a side's points by their own name, not "…or their points"
        form = hand_form(match.variant, sides, mode, formdata=None, meta={"csrf": False})
        for field in form["side0"].form:
            labels.setdefault(field.short_name, str(field.label.text))
    labels.update(went_out=_("Went out"), concealed=_("Went out concealed"))
    return labels


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None or value == "":
        return "—"
    if isinstance(value, str):
        return " · ".join(value.splitlines())
    return str(value)


def side_changes(
    before: dict[str, Any], after: dict[str, Any], labels: dict[str, str]
) -> list[tuple[str, str, str]]:
    """What changed in a side between two entries: (the field's label, before, after)."""
    old, new = dict(side_fields(before)), dict(side_fields(after))
    changed = []
    for key in [*new, *(k for k in old if k not in new)]:
        if old.get(key) != new.get(key) and not (
            old.get(key) in (None, 0) and new.get(key) in (None, 0)
        ):
            label = labels.get(key, key.replace("_", " "))
            changed.append((label, _shown(old.get(key)), _shown(new.get(key))))
    return changed


def taken_out(last: Change, mine: str | None) -> str:
    """What took a hand out of the match, said of its number, from ``last``, the newest
    change of the hand (see :meth:`~referee.storage.Storage.last_changes`); ``mine`` is this
    browser's phone id, so a deletion is said to be from this phone or another.  "" where
    the change does not keep the hand's number (written before it was)."""
    if last.number is None:
        return ""
    if last.action == "undo":
        return _(
            "Hand %(n)s was taken back with Undo and is no longer in the match.", n=last.number
        )
    if last.phone is None or mine is None:
        return _("Hand %(n)s was deleted and is no longer in the match.", n=last.number)
    if last.phone == mine:
        return _(
            "Hand %(n)s was deleted from this phone and is no longer in the match.", n=last.number
        )
    return _(
        "Hand %(n)s was deleted from another phone and is no longer in the match.", n=last.number
    )
