"""The shipped presets, one per rule system of the seeds, found by id.

A preset's module is imported the first time the preset is asked for: scoring one
hand (``referee score``) builds only the preset it names, not all eleven.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from importlib import import_module

from ..variant import Variant

__all__ = ["PRESETS", "UnknownVariant", "find_variant"]

# id -> (module, name), in the order ``referee variants`` lists them.
_WHERE = {
    "classic": ("classic", "CLASSIC"),
    "czech": ("czech", "CZECH"),
    "czech-fast": ("czech", "CZECH_FAST"),
    "spanish": ("spanish", "SPANISH"),
    "german": ("german", "GERMAN"),
    "polish": ("polish", "POLISH"),
    "dutch": ("dutch", "DUTCH"),
    "samba": ("samba", "SAMBA"),
    "bolivia": ("samba", "BOLIVIA"),
    "american": ("american", "AMERICAN"),
    "hand-and-foot": ("hand_and_foot", "HAND_AND_FOOT"),
}


class _Presets(MutableMapping[str, Variant]):
    """The presets by id, each built on first use (a test may swap one for another)."""

    def __init__(self) -> None:
        self._built: dict[str, Variant] = {}

    def __getitem__(self, variant_id: str) -> Variant:
        variant = self._built.get(variant_id)
        if variant is None:
            module, name = _WHERE[variant_id]
            variant = getattr(import_module(f"{__name__}.{module}"), name)
            self._built[variant_id] = variant
        return variant

    def __contains__(self, variant_id: object) -> bool:
        # Asked of anything a file or a request names, a list included: no, not a TypeError,
        # and without building the preset.
        return isinstance(variant_id, str) and (variant_id in _WHERE or variant_id in self._built)

    def __setitem__(self, variant_id: str, variant: Variant) -> None:
        self._built[variant_id] = variant

    def __delitem__(self, variant_id: str) -> None:
        del self._built[variant_id]

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


PRESETS: MutableMapping[str, Variant] = _Presets()


class UnknownVariant(KeyError):
    "No preset has that id; ``referee variants`` lists them."

    def __str__(self) -> str:
        return f"unknown variant {self.args[0]!r}; choose one of {', '.join(PRESETS)}"


def find_variant(variant_id: str) -> Variant:
    """The preset called ``variant_id``.

    :raises UnknownVariant: if there is none.
    """
    if variant_id not in _WHERE:
        raise UnknownVariant(variant_id)
    return PRESETS[variant_id]
