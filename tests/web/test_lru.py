"""The one LRU the web keeps values in between requests (referee/web/plumbing/lru.py):
bounded by count and weight, least recently used out first, shared by threads."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from referee.web.plumbing.lru import Lru


def test_the_least_recently_used_goes_first():
    kept: Lru[str] = Lru(2)
    kept.put("a", "A")
    kept.put("b", "B")
    assert kept.get("a") == "A"  # a is now the more recent
    kept.put("c", "C")
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == ("A", None, "C")


def test_a_weight_bound_drops_values_until_the_rest_fit():
    kept: Lru[bytes] = Lru(10, max_weight=10, weigh=len)
    kept.put("a", b"x" * 4)
    kept.put("b", b"x" * 4)
    kept.put("a", b"x" * 6)  # put again: counts once, at its new weight
    assert kept.get("b") == b"x" * 4
    kept.put("c", b"x" * 3)  # 6 + 4 + 3 > 10: the least recently used (a) goes
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (None, b"x" * 4, b"x" * 3)


def test_size_zero_keeps_nothing():
    kept: Lru[int] = Lru(0)
    kept.put("a", 1)
    assert kept.get("a") is None


def test_the_server_threads_share_it_without_an_error_or_going_over_its_bound():
    kept: Lru[int] = Lru(64)
    errors: list[BaseException] = []

    def work(start: int) -> None:
        try:
            for n in range(3_000):
                key = (start + n) % 200  # more keys than it holds: it drops all the time
                kept.put(key, n)
                kept.get((key + 7) % 200)
        except BaseException as error:  # any error at all is the failure
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i * 37,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(kept._items) <= 64


def test_threads_asking_for_the_same_missing_value_at_once_make_it_once():
    kept: Lru[str] = Lru(4)
    made = []
    barrier = threading.Barrier(6)

    def make() -> str:
        made.append(1)
        time.sleep(0.05)  # long enough for every other thread to arrive meanwhile
        return "body"

    def ask() -> str:
        barrier.wait()
        return kept.get_or_make("v1", make)

    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda _i: ask(), range(6)))
    assert answers == ["body"] * 6
    assert len(made) == 1
    assert kept.get("v1") == "body"
