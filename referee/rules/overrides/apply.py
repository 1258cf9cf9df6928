"""A table's values read and checked against its preset, applied to it, and given back as
only what differs (which is what a match stores)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..problems import N_, malformed
from ..variant import Variant
from .fields import BY_NAME, FIELDS
from .kinds import OverrideError, Table, changed_keys
from .wording import HouseRules


def editable_values(variant: Variant) -> dict[str, Any]:
    """Every value a table may change, as JSON, under its name."""
    return {f.name: f.kind.write(getattr(variant, f.name)) for f in FIELDS}


def _values(base: Variant, overrides: Any) -> tuple[dict[str, Any], list[OverrideError]]:
    """The variant's values the overrides give, each read alone, and the problems of those
    that cannot be: the first of each value, in the overrides' order."""
    if not isinstance(overrides, dict):
        raise malformed(N_("rules must be an object of values to change"))
    values: dict[str, Any] = {}
    found: list[OverrideError] = []
    for name, value in overrides.items():
        field = BY_NAME.get(name) if isinstance(name, str) else None
        try:
            if field is None:
                raise OverrideError(
                    str(name)[:40], N_("is not a value of a variant one can change")
                )
            values[name] = field.kind.read(value, name, getattr(base, name))
        except OverrideError as error:
            found.append(error)
    return values, found


def value_problems(base: Variant, overrides: Mapping[str, Any]) -> list[OverrideError]:
    """Every value of ``overrides`` that cannot be played even alone (unknown, of the wrong
    kind, out of its bounds), the first problem of each, so that a page shows them all at
    once; whether the values go together is :func:`apply_overrides`'s to say."""
    return _values(base, dict(overrides))[1]


def _read(base: Variant, overrides: Any) -> dict[str, Any]:
    """The variant's values the overrides give, checked one by one and then together."""
    values, found = _values(base, overrides)
    if found:
        raise found[0]
    merged = base._replace(**values)
    if merged.max_meld_cards is not None and merged.max_meld_cards < merged.min_meld_cards:
        raise OverrideError(
            "max_meld_cards", N_("cannot be fewer than %(other)s"), other="min_meld_cards"
        )
    if merged.min_natural > merged.min_meld_cards:
        name = "min_natural" if "min_natural" in values else "min_meld_cards"
        raise OverrideError(name, N_("a meld cannot need more natural cards than cards"))
    if merged.going_out_needs_clean_and_dirty and any(
        n < 2 for n in merged.going_out_canastas.values()
    ):
        raise OverrideError("going_out_canastas", N_("a clean and a dirty canasta are two"))
    return {name: value for name, value in values.items() if value != getattr(base, name)}


def check_values(variant: Variant) -> None:
    """Check every value of ``variant`` a table may change as a table's own value is
    checked: a rules snapshot read from a file or an old database holds them all, and
    holds them as it likes.

    :raises OverrideError: naming the first value that is of the wrong kind, out of its
        bounds or impossible with the others.
    """
    written = {}
    for field in FIELDS:
        try:
            written[field.name] = field.kind.write(getattr(variant, field.name))
        except (AttributeError, StopIteration, TypeError, ValueError):
            raise OverrideError(field.name, N_("is not a value this version reads")) from None
    _read(variant, written)


def apply_overrides(base: Variant, overrides: Any) -> Variant:
    """``base`` with the table's values; the rules they decide cited as house rules.

    No overrides, or each value the preset's own: ``base`` itself, unchanged.

    :raises OverrideError: naming the first value that is unknown, of the wrong type or
        impossible (a negative count, an opening table out of order).
    """
    if overrides == {}:
        return base
    changed = _read(base, overrides)
    if not changed:
        return base
    variant = base._replace(**changed)
    return variant._replace(rules=HouseRules(base, variant, changed))


def checked_changes(base: Variant, overrides: Any) -> dict[str, Any]:
    """``overrides`` checked against ``base`` and given back as :func:`changes` writes them:
    only what differs from ``base``.

    :raises OverrideError: as :func:`apply_overrides` does.
    """
    return changes(base, apply_overrides(base, overrides))


def changes(base: Variant, variant: Variant) -> dict[str, Any]:
    """What ``variant`` plays differently from ``base``, as overrides (JSON): only the
    entries of a table that differ, and null for an entry it no longer has."""
    out: dict[str, Any] = {}
    for field in FIELDS:
        was, now = getattr(base, field.name), getattr(variant, field.name)
        if was == now:
            continue
        if isinstance(field.kind, Table):
            out[field.name] = {field.kind.name(key): now.get(key) for key in changed_keys(was, now)}
        else:
            out[field.name] = field.kind.write(now)
    return out
