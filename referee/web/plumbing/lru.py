"""A small thread-safe cache: the values last put, the least recently used dropped first.

Every value the web keeps between requests and shares between the server's threads is
kept in one: the score sheets (:mod:`referee.web.parts.sending`), a match's ledger
(:mod:`referee.web.parts.access`) and checks (:mod:`referee.web.parts.damaged`), a hand's
row (:mod:`referee.web.views.matches`), a tournament's games
(:mod:`referee.web.parts.tournament_state`) and its standings
(:mod:`referee.web.views.tournaments`).  Each says where it keeps one, its bound, its
figure, and why a kept value is never out of date.  (``functools`` caches, thread-safe
themselves, serve the pure functions.)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Lru(Generic[V]):
    """At most ``size`` values; with ``weigh``, at most ``max_weight`` of their weights
    together too (a sheet's bytes).  A value put again under its key counts once."""

    def __init__(
        self,
        size: int,
        max_weight: int | None = None,
        weigh: Callable[[V], int] | None = None,
    ) -> None:
        self.size = size
        self.max_weight = max_weight
        self.weigh = weigh or (lambda _value: 0)
        self._weight = 0
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[Hashable, threading.Lock] = {}  # keys whose value is being made

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            self._weight += self.weigh(value) - (self.weigh(old) if old is not None else 0)
            self._items[key] = value
            while len(self._items) > self.size or (
                self.max_weight is not None and self._weight > self.max_weight
            ):
                _key, dropped = self._items.popitem(last=False)
                self._weight -= self.weigh(dropped)

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept under ``key``, or ``make()`` kept: one thread makes a missing
        value and the others asking for it at the same moment wait for that one (a
        500-table standings body costs 200 ms; made by four threads at once it held every
        thread of a worker while polls waited behind them)."""
        found = self.get(key)
        if found is not None:
            return found
        with self._lock:
            making = self._making.setdefault(key, threading.Lock())
        try:
            with making:
                found = self.get(key)
                if found is None:
                    found = make()
                    self.put(key, found)
                return found
        finally:
            with self._lock:
                if not making.locked():
                    self._making.pop(key, None)
