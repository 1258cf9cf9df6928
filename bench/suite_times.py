"""Where the test suite's own time goes: each test's phases, its worker, the worker's CPU.

Record (a pytest plugin; every xdist worker loads it too), then report::

    PYTHONPATH=bench SUITE_TIMES=/tmp/times.jsonl bash scripts/test.sh -p suite_times
    .venv/bin/python bench/suite_times.py /tmp/times.jsonl [--files 40]

Each phase (set-up, call, teardown) of each test appends a line: the worker, the test,
the phase's duration, when it ended, and the worker's CPU so far (its own, and that of
the processes it started and has reaped: a module's server at the module's end, the
session's server and Chromium at the worker's end).  The report gives each worker's
finish time and CPU, the set-up against the calls, and the files by CPU and by wall
time.  Figures and what they led to: docs/benchmarks.md, "The test suite's own time".
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import time

OUT = os.environ.get("SUITE_TIMES", "suite_times.jsonl")


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, reaped.ru_utime + reaped.ru_stime


def pytest_runtest_logreport(report) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None and hasattr(report, "node"):
        return  # the controller's copy of a worker's report
    own, reaped = _cpu()
    line = {"w": worker or "main", "id": report.nodeid, "when": report.when}
    line |= {"d": report.duration, "t": time.time(), "cpu": own, "kcpu": reaped}
    with open(OUT, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def report(path: str, files: int) -> None:
    rows = [json.loads(line) for line in open(path, encoding="utf-8")]
    start = min(row["t"] - row["d"] for row in rows)
    workers = collections.defaultdict(list)
    for row in rows:
        workers[row["w"]].append(row)
    print("worker  finish (s)  own CPU (s)  reaped CPU (s)  tests")
    cpu: collections.Counter[str] = collections.Counter()
    reaped: collections.Counter[str] = collections.Counter()
    phases: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for worker, its in sorted(workers.items()):
        its.sort(key=lambda row: row["t"])
        calls = sum(row["when"] == "call" for row in its)
        last = its[-1]
        print(f"{worker:6}  {last['t'] - start:10.0f}  {last['cpu']:11.0f}  {last['kcpu']:14.0f}"
              f"  {calls:5}")  # fmt: skip
        before_own = before_reaped = 0.0
        for row in its:
            name = row["id"].split("::")[0]
            cpu[name] += row["cpu"] - before_own
            reaped[name] += row["kcpu"] - before_reaped
            before_own, before_reaped = row["cpu"], row["kcpu"]
            phases[name][row["when"]] += row["d"]
    total = collections.Counter()
    for counts in phases.values():
        total.update(counts)
    print(
        "worker-seconds: " + ", ".join(f"{k} {total[k]:.0f}" for k in ("setup", "call", "teardown"))
    )
    print("\nfiles by CPU (own + reaped; the first test of a worker carries its collection):")
    for name in sorted(cpu, key=lambda n: -(cpu[n] + reaped[n]))[:files]:
        wall = sum(phases[name].values())
        print(f"{cpu[name] + reaped[name]:7.1f}  own {cpu[name]:6.1f}  reaped {reaped[name]:6.1f}"
              f"  wall {wall:6.1f}  set-up {phases[name]['setup']:6.1f}  {name}")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path")
    parser.add_argument("--files", type=int, default=40)
    arguments = parser.parse_args()
    report(arguments.path, arguments.files)
