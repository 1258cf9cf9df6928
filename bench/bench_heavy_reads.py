"""A normal page while clients loop on the heaviest read-only answer, on the real server.

Run: ``.venv/bin/python bench/bench_heavy_reads.py`` (``--clients 8 --seconds 20``).

Stores the largest match there is (tests/support/largest.py: 200 hands, 5 000 changes,
the longest names and notes), starts ``referee serve`` (two workers) over it, and has
``--clients`` threads download its ``export.json`` by the read-only link in a loop, each
on a new connection, while one reader opens the home page every 0.2 s.  Prints the
reader's p50 / p95 / max, the downloads made, and the same reader alone first.

This is a benchmark, not a test: it prints figures and never fails on them.
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

from referee.storage import Storage  # noqa: E402
from tests.support import largest  # noqa: E402
from tests.support.live import referee_serve  # noqa: E402


def _read(url: str, seconds: float) -> list[float]:
    times = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        with urllib.request.urlopen(url, timeout=30) as answer:
            answer.read()
        times.append((time.monotonic() - started) * 1000)
        time.sleep(0.2)
    return times


def _line(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"  {name}: {len(times)} asks, p50 {statistics.median(times):.1f} ms,"
        f" p95 {p95:.1f} ms, max {max(times):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "referee.db"
        Storage.initialise(db)
        storage = Storage(db)
        match = storage.import_match(*largest.largest())
        storage.close()
        with referee_serve(db) as server:
            heavy = f"{server.url}/m/{match.id}/{match.view_token}/export.json"
            alone = _read(server.url + "/", options.seconds / 2)
            stop = threading.Event()
            made: list[int] = []

            def loop() -> None:
                while not stop.is_set():
                    with urllib.request.urlopen(heavy, timeout=120) as answer:
                        made.append(len(answer.read()))

            threads = [threading.Thread(target=loop, daemon=True) for _ in range(options.clients)]
            for thread in threads:
                thread.start()
            loaded = _read(server.url + "/", options.seconds)
            stop.set()
            for thread in threads:
                thread.join(120)
    print(f"the home page, alone and with {options.clients} clients looping on export.json")
    print(_line("alone", alone))
    print(_line("under load", loaded))
    size = made[0] / 1e6 if made else 0
    print(f"  export.json downloads during the load: {len(made)} of {size:.1f} MB")


if __name__ == "__main__":
    main()
