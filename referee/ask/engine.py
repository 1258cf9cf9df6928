"""The ask indexes kept: one per distinct catalogue (a preset, or a table's house rules),
built on first use (:class:`~.index.Index`) and kept, a bounded number of them, for the
life of the process, in the app's one LRU (:class:`referee.caches.Lru`)."""

from __future__ import annotations

import threading

from ..caches import Lru
from ..rules import Variant
from .design import DESIGN, Design
from .index import Index

__all__ = ["CACHE_SIZE", "index_for"]

CACHE_SIZE = 16  # eleven presets and a few tables' house rules; each index is some 1 MB
# Saves 98 % of a question asked (bench/bench_caches.py "ask indexes", 2026-11-27): an
# index is built in 5 - 100 ms, searched in a few.  Never stale: its key is everything the
# index is made of (the design and every rule's words).
_INDEXES: Lru[Index] = Lru(CACHE_SIZE)
_BUILDING = threading.Lock()  # one index built at a time (index_for)


def _fingerprint(variant: Variant, design: Design) -> tuple[object, ...]:
    return (
        design,
        variant.id,
        tuple(
            (k, r.text, r.quote, r.house and r.house.render())
            for k, r in sorted(variant.rules.items())
        ),
    )


def index_for(variant: Variant, design: Design = DESIGN) -> Index:
    """The index of ``variant``'s catalogue, built on first use and kept (at most
    :data:`CACHE_SIZE`, the least recently used dropped first).

    A request asking for an index being built waits for that build (the LRU's single
    flight), and one index is built at a time in a process (:data:`_BUILDING`): clients
    cycling through house-rule combinations (each a new index) keep at most one thread
    busy building, however many they are, and never build one index twice at once
    (issue 43)."""

    def build() -> Index:
        with _BUILDING:
            return Index(variant, design)

    return _INDEXES.get_or_make(_fingerprint(variant, design), build)
