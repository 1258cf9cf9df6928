"""The shipped presets, one per rule system of the seeds, found by id."""

from __future__ import annotations

from ..variant import Variant
from .classic import CLASSIC
from .czech import CZECH, CZECH_FAST
from .dutch import DUTCH
from .german import GERMAN
from .polish import POLISH
from .spanish import SPANISH

__all__ = ["PRESETS", "UnknownVariant", "find_variant"]

PRESETS: dict[str, Variant] = {
    v.id: v for v in (CLASSIC, CZECH, CZECH_FAST, SPANISH, GERMAN, POLISH, DUTCH)
}


class UnknownVariant(KeyError):
    "No preset has that id; ``referee variants`` lists them."

    def __str__(self) -> str:
        return f"unknown variant {self.args[0]!r}; choose one of {', '.join(PRESETS)}"


def find_variant(variant_id: str) -> Variant:
    """The preset called ``variant_id``.

    :raises UnknownVariant: if there is none.
    """
    try:
        return PRESETS[variant_id]
    except KeyError:
        raise UnknownVariant(variant_id) from None
