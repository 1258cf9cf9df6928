"""A variant as plain JSON values and back, so a match keeps the rules it was started under.

A match stores this snapshot rather than only a preset id: when a preset is
corrected later, matches in progress and finished ones still score as they did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Rank
from .variant import CanastaKind, OpeningStep, Option, RedThreeCondition, Rule, Variant

__all__ = ["SnapshotError", "variant_from_dict", "variant_to_dict"]

SNAPSHOT_VERSION = 1


class SnapshotError(ValueError):
    "The stored snapshot is not a variant this version can read."


def _int_keys(mapping: Mapping[int, int]) -> dict[str, int]:
    # JSON object keys are text; players and counts go back to ints on the way in.
    return {str(key): value for key, value in mapping.items()}


def variant_to_dict(variant: Variant) -> dict[str, Any]:
    """Every number, switch, house rule and catalogue entry of ``variant`` as JSON values."""
    out: dict[str, Any] = {"snapshot_version": SNAPSHOT_VERSION}
    for name in Variant._fields:
        value = getattr(variant, name)
        if name in ("packs", "cards_dealt", "going_out_canastas", "canasta_count_bonus"):
            value = _int_keys(value)
        elif name == "black_three_going_out_bonus":
            value = _int_keys(value)
        elif name == "card_points":
            value = {rank.value: points for rank, points in value.items()}
        elif name == "canasta_bonus":
            value = {kind.value: bonus for kind, bonus in value.items()}
        elif name == "red_threes_count_if":
            value = value.value
        elif name == "players":
            value = list(value)
        elif name == "opening_table":
            value = [[step.from_score, step.minimum] for step in value]
        elif name == "options":
            value = [
                {
                    "name": o.name,
                    "help": o.help,
                    "source": o.source,
                    "default": o.default,
                    "on": dict(o.on),
                    "off": dict(o.off),
                }
                for o in value
            ]
        elif name == "rules":
            value = {
                key: {"text": r.text, "source": r.source, "quote": r.quote}
                for key, r in value.items()
            }
        out[name] = value
    return out


def variant_from_dict(data: Mapping[str, Any]) -> Variant:
    """Rebuild the :class:`Variant` that :func:`variant_to_dict` wrote.

    :raises SnapshotError: if a field is missing or of an unknown version.  A field
        with a default that the snapshot lacks (one added to :class:`Variant` since it
        was taken) takes its default.
    """
    if data.get("snapshot_version") != SNAPSHOT_VERSION:
        raise SnapshotError(f"unknown snapshot version {data.get('snapshot_version')!r}")
    values: dict[str, Any] = {}
    try:
        for name in Variant._fields:
            if name not in data and name in Variant._field_defaults:
                continue  # a field added since the snapshot was taken: its default
            value = data[name]
            if name in (
                "packs",
                "cards_dealt",
                "going_out_canastas",
                "canasta_count_bonus",
                "black_three_going_out_bonus",
            ):
                value = {int(key): int(v) for key, v in value.items()}
            elif name == "card_points":
                value = {Rank(key): int(v) for key, v in value.items()}
            elif name == "canasta_bonus":
                value = {CanastaKind(key): int(v) for key, v in value.items()}
            elif name == "red_threes_count_if":
                value = RedThreeCondition(value)
            elif name == "players":
                value = tuple(int(n) for n in value)
            elif name == "opening_table":
                value = tuple(OpeningStep(int(a), int(b)) for a, b in value)
            elif name == "options":
                value = tuple(
                    Option(o["name"], o["help"], o["source"], o["default"], o["on"], o["off"])
                    for o in value
                )
            elif name == "rules":
                value = {
                    key: Rule(key, r["text"], r["source"], r["quote"]) for key, r in value.items()
                }
            values[name] = value
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SnapshotError(f"snapshot field unreadable: {error}") from None
    return Variant(**values)
