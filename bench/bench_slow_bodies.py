"""Slow request bodies against the real ``referee serve``: what a reader still gets.

Run: ``.venv/bin/python bench/bench_slow_bodies.py`` (``--slow 4 --seconds 30``).

Starts ``referee serve`` (two workers) on loopback over a fresh database, then opens
``--slow`` clients that each send a POST's headers with ``Content-Length: 100000`` and
then one byte a second, never finishing.  Meanwhile one reader asks ``/healthz`` every
0.2 s on a new connection (3 s timeout) and the time of each answer is kept, apart for
before the body's deadline (15 s) and after it.  Prints, for each phase, how many asks were
answered and the p50 / p95 / max of those that were, and what the slow clients got.

This is a benchmark, not a test: it prints figures and never fails on them
(tests/test_connections.py asserts that the reader is answered).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.live import referee_serve, slow_body  # noqa: E402

DEADLINE = 15.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slow", type=int, default=4, help="slow-body clients (2 x workers)")
    parser.add_argument("--seconds", type=float, default=30.0)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        with referee_serve(Path(folder) / "referee.db") as server:
            host, port = server.url.removeprefix("http://").split(":")
            stop = threading.Event()
            got: list[tuple[bytes, bool]] = []
            threads = [
                threading.Thread(target=slow_body, args=((host, int(port)), got, stop), daemon=True)
                for _ in range(options.slow)
            ]
            for thread in threads:
                thread.start()
            started = time.monotonic()
            asks: list[tuple[float, float | None]] = []
            while time.monotonic() - started < options.seconds:
                at = time.monotonic()
                try:
                    with urllib.request.urlopen(server.url + "/healthz", timeout=3) as answer:
                        answer.read()
                    asks.append((at - started, time.monotonic() - at))
                except OSError:
                    asks.append((at - started, None))
                time.sleep(0.2)
            stop.set()
            for thread in threads:
                thread.join(5)
    print(f"{options.slow} slow-body clients, a reader asking /healthz every 0.2 s")
    for name, phase in (
        ("before the deadline", [a for a in asks if a[0] < DEADLINE]),
        ("after the deadline", [a for a in asks if a[0] >= DEADLINE + 1]),
    ):
        times = [t * 1000 for _at, t in phase if t is not None]
        line = f"  {name}: {len(times)} of {len(phase)} answered"
        if times:
            line += (
                f", p50 {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms,"
                f" max {max(times):.1f} ms"
            )
        print(line)
    print(f"  the slow clients got: {sorted({answer[:12] for answer, _closed in got})}")


if __name__ == "__main__":
    main()
