"""A variant's rule catalogue, grouped the way a rulebook reads."""

from __future__ import annotations

from .variant import Rule, Variant

__all__ = ["GROUPS", "catalogue"]

# (group id, title, the key prefixes it gathers) in rulebook order.
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("cards", "Cards and values", ("deck.", "deal.")),
    ("play", "Playing a turn", ("play.",)),
    ("melds", "Melds", ("meld.",)),
    ("canastas", "Canastas", ("canasta.", "escala.")),
    ("opening", "Opening", ("opening.",)),
    ("pile", "The pile", ("pile.",)),
    ("going_out", "Going out", ("going-out.",)),
    ("scoring", "Scoring", ("red-threes.", "hand.", "scoring.")),
    ("irregularities", "Irregularities and penalties", ("irregularities.",)),
)


def catalogue(variant: Variant) -> list[tuple[str, str, list[Rule]]]:
    """Every rule of ``variant`` as (group id, title, rules sorted by key), groups in order."""
    out = []
    for group, title, prefixes in GROUPS:
        rules = sorted(
            (rule for key, rule in variant.rules.items() if key.startswith(prefixes)),
            key=lambda rule: rule.key,
        )
        out.append((group, title, rules))
    return out
