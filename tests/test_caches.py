"""The app's one LRU (referee/caches.py, over cachetools): bounded by count and weight,
least recently used out first, shared by threads, a missing value made once."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from referee.caches import Lru, lru_cached


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
    assert len(kept.cache) <= 64


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


def test_a_value_heavier_than_the_whole_bound_is_not_kept_and_drops_the_old_one():
    kept: Lru[bytes] = Lru(4, max_weight=10, weigh=len)
    kept.put("a", b"x" * 4)
    kept.put("a", b"x" * 11)
    assert kept.get("a") is None
    assert kept.get_or_make("b", lambda: b"x" * 11) == b"x" * 11  # made, answered, not kept
    assert kept.get("b") is None
    assert kept.weight == 0


def test_a_value_that_failed_to_be_made_is_made_again_by_the_next_asker():
    kept: Lru[str] = Lru(4)

    def fail() -> str:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        kept.get_or_make("k", fail)
    assert kept.get_or_make("k", lambda: "made") == "made"


def test_a_cached_function_keeps_its_last_answers_and_its_own_self():
    calls = []

    @lru_cached(2)
    def double(n: int) -> int:
        calls.append(n)
        return 2 * n

    assert [double(1), double(2), double(1), double(3), double(2)] == [2, 4, 2, 6, 4]
    assert calls == [1, 2, 3, 2]  # 2 was the least recently used when 3 came
    assert double.__wrapped__(5) == 10  # the bench's switch: the function itself
    assert calls[-1] == 5
