"""The app's one LRU: every value kept between calls or requests is kept in one of these.

Two shapes over one implementation, cachetools' ``LRUCache`` behind a lock:

* :func:`lru_cached`, a decorator for a function whose answer depends only on its
  arguments (a number written in a language, a fragment of a page, a QR code);
* :class:`Lru`, a cache the caller keys itself (a match's ledger, a rendered sheet),
  bounded by count and, with ``weigh``, by weight too (a sheet's bytes), with
  :meth:`Lru.get_or_make` for values that must be made once however many threads ask
  for them at the same moment.

Why cachetools and not ``functools.lru_cache`` (docs/development.md, "Caches"): the
latter cannot weigh its values, cannot be asked for a value without making it, and makes
a missing value in every thread that asks for it at once; cachetools does all three
(``getsizeof``, a plain mapping, ``cached(..., condition=...)``), so no LRU is written by
hand here.  Its lookup costs about a microsecond more than ``functools``' C one, a few
dozen microseconds of a page at most (bench/bench_caches.py).

The rules core keeps no cache (it imports nothing but the standard library).  Every cache
says where it is kept: its bound, its figure (a row of bench/bench_caches.py) and why a
kept value is never stale.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from cachetools import LRUCache, cached

V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["Lru", "lru_cached"]


def lru_cached(maxsize: int) -> Callable[[F], F]:
    """The function's answers, the ``maxsize`` last used kept; thread-safe.  The function
    itself stays reachable as ``__wrapped__`` (the bench turns a cache off with it)."""

    def decorate(function: F) -> F:
        return cached(LRUCache(maxsize), lock=threading.Lock())(function)  # type: ignore[return-value]

    return decorate


class _Counted(LRUCache[Hashable, Any]):
    """cachetools' LRU bounded by weight (its ``maxsize``) and, besides, by count."""

    def __init__(self, count: int, weight: int, weigh: Callable[[Any], int]) -> None:
        super().__init__(weight, getsizeof=weigh)
        self.count = count

    def __setitem__(self, key: Hashable, value: Any) -> None:
        super().__setitem__(key, value)
        while len(self) > self.count:
            self.popitem()


class Lru(Generic[V]):
    """At most ``size`` values; with ``weigh``, at most ``max_weight`` of their weights
    together too (a sheet's bytes).  A value put again under its key counts once.
    Thread-safe: every look and change holds one lock."""

    def __init__(
        self,
        size: int,
        max_weight: int | None = None,
        weigh: Callable[[V], int] | None = None,
    ) -> None:
        self.cache: LRUCache[Hashable, V]
        if weigh is None or max_weight is None:
            self.cache = LRUCache(size)
        else:
            self.cache = _Counted(size, max_weight, weigh)
        self._lock = threading.Lock()
        # One thread makes a missing value; the others asking for its key wait on this.
        self._made = cached(
            self.cache,
            key=lambda key, _make: key,
            lock=self._lock,
            condition=threading.Condition(self._lock),
        )(lambda _key, make: make())

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            return self.cache.get(key)

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            try:
                self.cache[key] = value
            except ValueError:  # heavier than the whole bound (or a bound of 0): not kept
                self.cache.pop(key, None)

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept under ``key``, or ``make()`` kept: one thread makes a missing
        value and the others asking for it at the same moment wait for that one (a
        500-table standings body costs 200 ms; made by four threads at once it held every
        thread of a worker while polls waited behind them)."""
        value: V = self._made(key, make)
        return value

    @property
    def weight(self) -> int:
        """What the kept values weigh together (their count without ``weigh``)."""
        with self._lock:
            return int(self.cache.currsize)
