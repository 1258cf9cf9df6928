"""How fast "Ask the referee" answers, and what its index costs.

Run: ``.venv/bin/python bench/bench_ask.py`` (``--help`` for the knobs).

* ``GET /api/ask`` on the real server (``referee serve``, two workers, a fresh database,
  the API's rate limit lifted): the evaluation set's questions in turn, one client at a
  time after a warm-up that builds each worker's indexes.  Goal: p99 within 30 ms.
* ``referee ask`` from a cold process against ``referee score`` from a cold process,
  alternated, the median of each.  Goal: ``ask`` within twice ``score``.
* The index of each preset: build time (the catalogues already read) and its size in
  memory (SQLite pages).

A benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.ask_eval import questions  # noqa: E402
from tests.support.live import referee_serve  # noqa: E402

GOAL_P99_MS = 30.0
GOAL_COLD_RATIO = 2.0
HAND = {
    "variant": "classic",
    "sides": [{"melds": ["K K K K K 2 2"], "went_out": True}, {"melds": ["A A A"]}],
}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def api(rounds: int) -> None:
    asked = questions()
    env = {**os.environ, "REFEREE_LIMIT_API": "1000000 per minute", "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as tmp, referee_serve(Path(tmp) / "b.db", env=env) as s:

        def get(q: dict[str, object]) -> float:
            query = urllib.parse.urlencode(
                {"variant": q.get("variant", "classic"), "lang": q["lang"], "q": q["text"]}
            )
            start = time.perf_counter()
            with urllib.request.urlopen(f"{s.url}/api/ask?{query}", timeout=30) as answer:
                json.loads(answer.read())
            return (time.perf_counter() - start) * 1000

        for _ in range(4):  # each worker builds the indexes it is asked for
            for q in asked:
                get(q)
        times = [get(q) for _ in range(rounds) for q in asked]
    p50, p99 = percentile(times, 50), percentile(times, 99)
    verdict = "meets" if p99 <= GOAL_P99_MS else "misses"
    print(f"GET /api/ask: {len(times)} questions, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
          f"max {max(times):.1f} ms ({verdict} the goal of {GOAL_P99_MS:.0f} ms)")  # fmt: skip


def cold(runs: int) -> None:
    referee = [sys.executable, "-m", "referee.cli"]
    hand = json.dumps(HAND).encode()
    ask = [*referee, "ask", "kolik stoji cervena trojka", "--variant", "czech", "--lang", "cs"]
    times: dict[str, list[float]] = {"ask": [], "score": []}
    # As installed: bytecode written once (pip compiles it), then read at every start.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for n in range(runs + 1):
        for name, args, stdin in (("score", [*referee, "score"], hand), ("ask", ask, b"")):
            start = time.perf_counter()
            subprocess.run(args, input=stdin, capture_output=True, check=True, cwd=ROOT, env=env)
            if n:  # the first run writes the bytecode
                times[name].append((time.perf_counter() - start) * 1000)
    a, s = statistics.median(times["ask"]), statistics.median(times["score"])
    verdict = "meets" if a <= GOAL_COLD_RATIO * s else "misses"
    print(f"cold start: referee ask {a:.0f} ms, referee score {s:.0f} ms: {a / s:.2f}x "
          f"({verdict} the goal of {GOAL_COLD_RATIO:.0f}x)")  # fmt: skip


def index() -> None:
    from referee.ask.index import Index
    from referee.ask.texts import gettext_of
    from referee.i18n import LANGUAGES
    from referee.rules import PRESETS

    start = time.perf_counter()
    for lang in LANGUAGES:
        gettext_of(lang)
    print(f"catalogues of six languages read in {(time.perf_counter() - start) * 1000:.0f} ms")
    Index(PRESETS["classic"])  # the glossary's own stems, once per process
    for vid in PRESETS:
        variant = PRESETS[vid]
        start = time.perf_counter()
        built = Index(variant)
        took = (time.perf_counter() - start) * 1000
        print(f"  index of {vid:<13} {len(variant.rules):>3} rules: built in {took:5.1f} ms, "
              f"{built.size() / 1024:.0f} KB")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="passes over the set (API)")
    parser.add_argument("--runs", type=int, default=7, help="cold processes of each command")
    args = parser.parse_args()
    index()
    cold(args.runs)
    api(args.rounds)


if __name__ == "__main__":
    main()
