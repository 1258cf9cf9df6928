"""A variant as plain JSON values and back, so a match keeps the rules it was started under.

A match stores this snapshot rather than only a preset id: when a preset is
corrected later, matches in progress and finished ones still score as they did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Rank
from .presets import PRESETS
from .variant import (
    CanastaKind,
    OpeningStep,
    Option,
    RedThreeCondition,
    Rule,
    Variant,
    Vocabulary,
)

__all__ = ["SnapshotError", "variant_from_dict", "variant_to_dict"]

SNAPSHOT_VERSION = 1


class SnapshotError(ValueError):
    "The stored snapshot is not a variant this version can read."


# Tables keyed by a kind of canasta, and by a number, besides those written out below.
_BY_KIND = ("canasta_bonus", "going_out_kinds", "unfinished_penalty")
_INT_KEYED = (
    "packs",
    "cards_dealt",
    "going_out_canastas",
    "canasta_count_bonus",
    "black_three_going_out_bonus",
    "threes_table",
)
_RANK_SETS = (
    "natural_only_ranks",
    "held_ranks",
    "empty_pile_no_discard",
    "pile_top_natural_ranks",
)
# Fields that name things rather than score them.  A snapshot taken before one was added
# takes its preset's value, not the default: the game was always called so (a hand and
# foot match of then has books too), and no score can change by it.  ``upcard`` (issue 44)
# is read so too: how the pile starts was always the book's, and it scores nothing; and
# ``cards_drawn``, the cards a turn draws (a samba match of then drew two).
_WORDS = ("vocabulary", "upcard", "cards_drawn")


def _int_keys(mapping: Mapping[int, int]) -> dict[str, int]:
    # JSON object keys are text; players and counts go back to ints on the way in.
    return {str(key): value for key, value in mapping.items()}


def _write(name: str, value: Any) -> Any:
    """One field of a variant (or a house rule's setting of it) as JSON values."""
    if name in _INT_KEYED:
        return _int_keys(value)
    if name == "card_points":
        return {rank.value: points for rank, points in value.items()}
    if name in _BY_KIND:
        return {kind.value: bonus for kind, bonus in value.items()}
    if name in _RANK_SETS:
        return sorted(rank.value for rank in value)
    if name in ("red_threes_count_if", "vocabulary"):
        return value.value
    if name in ("players", "opening_by_round", "bonus_cards", "irregularities"):
        return list(value)
    if name == "opening_table":
        return [[step.from_score, step.minimum] for step in value]
    if name == "options":
        return [
            {
                "name": o.name,
                "help": o.help,
                "source": o.source,
                "default": o.default,
                "on": {key: _write(key, v) for key, v in o.on.items()},
                "off": {key: _write(key, v) for key, v in o.off.items()},
            }
            for o in value
        ]
    if name == "rules":
        return {
            key: {"text": r.text, "source": r.source, "quote": r.quote} for key, r in value.items()
        }
    return value


def variant_to_dict(variant: Variant) -> dict[str, Any]:
    """Every number, switch, house rule and catalogue entry of ``variant`` as JSON values."""
    out: dict[str, Any] = {"snapshot_version": SNAPSHOT_VERSION}
    for name in Variant._fields:
        out[name] = _write(name, getattr(variant, name))
    return out


def _read(name: str, value: Any) -> Any:
    """The field ``name`` back from the JSON values :func:`_write` gave."""
    if name in _INT_KEYED:
        return {int(key): int(v) for key, v in value.items()}
    if name == "card_points":
        return {Rank(key): int(v) for key, v in value.items()}
    if name in _BY_KIND:
        return {CanastaKind(key): int(v) for key, v in value.items()}
    if name in _RANK_SETS:
        return frozenset(Rank(key) for key in value)
    if name == "red_threes_count_if":
        return RedThreeCondition(value)
    if name == "vocabulary":
        return Vocabulary(value)
    if name in ("players", "opening_by_round", "bonus_cards"):
        return tuple(int(n) for n in value)
    if name == "irregularities":
        return tuple(str(n) for n in value)
    if name == "opening_table":
        return tuple(OpeningStep(int(a), int(b)) for a, b in value)
    if name == "options":
        return tuple(
            Option(
                o["name"],
                o["help"],
                o["source"],
                o["default"],
                {key: _read(key, v) for key, v in o["on"].items()},
                {key: _read(key, v) for key, v in o["off"].items()},
            )
            for o in value
        )
    if name == "rules":
        return {key: Rule(key, r["text"], r["source"], r["quote"]) for key, r in value.items()}
    return value


def variant_from_dict(data: Mapping[str, Any]) -> Variant:
    """Rebuild the :class:`Variant` that :func:`variant_to_dict` wrote.

    :raises SnapshotError: if a field is missing or of an unknown version.  A field
        with a default that the snapshot lacks (one added to :class:`Variant` since it
        was taken) takes its default; a word (``_WORDS``) its preset's.
    """
    if data.get("snapshot_version") != SNAPSHOT_VERSION:
        raise SnapshotError(f"unknown snapshot version {data.get('snapshot_version')!r}")
    values: dict[str, Any] = {}
    try:
        for name in Variant._fields:
            if name not in data and name in Variant._field_defaults:
                preset = data.get("id")
                if name in _WORDS and isinstance(preset, str) and preset in PRESETS:
                    values[name] = getattr(PRESETS[preset], name)
                continue  # a field added since the snapshot was taken: its default
            values[name] = _read(name, data[name])
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as error:
        raise SnapshotError(f"snapshot field unreadable: {error}") from None
    return Variant(**values)
