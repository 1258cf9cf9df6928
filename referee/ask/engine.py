"""The ask indexes kept: one per distinct catalogue (a preset, or a table's house rules),
built on first use (:class:`~.index.Index`) and kept, a bounded number of them, for the
life of the process."""

from __future__ import annotations

import threading
from collections import OrderedDict

from ..rules import Variant
from .design import DESIGN, Design
from .index import Index

__all__ = ["CACHE_SIZE", "index_for"]

_CACHE: OrderedDict[tuple[object, ...], Index] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_BUILDING = threading.Lock()  # one index built at a time (index_for)
CACHE_SIZE = 16  # eleven presets and a few tables' house rules; each index is some 1 MB


def _fingerprint(variant: Variant, design: Design) -> tuple[object, ...]:
    return (
        design,
        variant.id,
        tuple(
            (k, r.text, r.quote, r.house and r.house.render())
            for k, r in sorted(variant.rules.items())
        ),
    )


def _kept(key: tuple[object, ...]) -> Index | None:
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is not None:
            _CACHE.move_to_end(key)
        return found


def index_for(variant: Variant, design: Design = DESIGN) -> Index:
    """The index of ``variant``'s catalogue, built on first use and kept (at most
    :data:`CACHE_SIZE`, the least recently used dropped first).

    One index is built at a time in a process (:data:`_BUILDING`), and a request that
    waited for a build finds the index it wanted if that was it: clients cycling through
    house-rule combinations (each a new index) keep at most one thread busy building,
    however many they are, and never build one index twice at once (issue 43)."""
    key = _fingerprint(variant, design)
    found = _kept(key)
    if found is not None:
        return found
    with _BUILDING:
        found = _kept(key)  # built by the request this one waited for?
        if found is not None:
            return found
        built = Index(variant, design)
        with _CACHE_LOCK:
            _CACHE[key] = built
            while len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
    return built
