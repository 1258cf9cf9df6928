"""Where the test suite's own time goes: each test's phases, its worker, the worker's CPU.

Record (a pytest plugin; every xdist worker loads it too), then report::

    PYTHONPATH=bench SUITE_TIMES=/tmp/times.jsonl bash scripts/test.sh -p suite_times
    .venv/bin/python bench/suite_times.py /tmp/times.jsonl [--files 40] [--tests 20]
    .venv/bin/python bench/suite_times.py /tmp/times*.jsonl --costs tests/suite_costs.json

Each phase (set-up, call, teardown) of each test appends a line: the worker, the test,
the phase's duration, when it ended, and the worker's CPU so far (its own, and that of
the processes it started and has reaped: a module's server at the module's end, the
session's server and Chromium at the worker's end).  The report gives each worker's
finish time and CPU, the set-up against the calls, and the files by CPU and by wall
time.  ``--costs`` writes each file's seconds in its worker to the table tests/conftest.py
orders the run by (the longest files first).  Figures and what they led to:
docs/benchmarks.md, "The test suite's own time".
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import time

OUT = os.environ.get("SUITE_TIMES", "suite_times.jsonl")


TICK = os.sysconf("SC_CLK_TCK")


def _cpu() -> tuple[float, float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, reaped.ru_utime + reaped.ru_stime, _live_cpu(os.getpid())


def _live_cpu(pid: int) -> float:
    """The CPU so far of the processes ``pid`` started that still run (the session's
    Chromium and server until the worker's end), with what those have reaped: read from
    /proc, 0 where the kernel does not list a process's children."""
    total = 0.0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    children: list[int] = []
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as listed:
                children += [int(child) for child in listed.read().split()]
        except OSError:
            continue
    for child in children:
        try:
            with open(f"/proc/{child}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended since it was listed
        # utime, stime, cutime, cstime: the 14th to 17th fields, counted from the state (3rd)
        total += sum(int(value) for value in fields[11:15]) / TICK
        total += _live_cpu(child)
    return total


def pytest_runtest_logreport(report) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None and hasattr(report, "node"):
        return  # the controller's copy of a worker's report
    own, reaped, live = _cpu()
    line = {"w": worker or "main", "id": report.nodeid, "when": report.when}
    line |= {"d": report.duration, "t": time.time(), "cpu": own, "kcpu": reaped, "lcpu": live}
    with open(OUT, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def report(path: str, files: int, tests: int = 0) -> None:
    rows = [json.loads(line) for line in open(path, encoding="utf-8")]
    start = min(row["t"] - row["d"] for row in rows)
    workers = collections.defaultdict(list)
    for row in rows:
        workers[row["w"]].append(row)
    end = max(row["t"] for row in rows) - start
    print("worker  finish (s)  idle tail (s)  own CPU (s)  children's CPU (s)  tests")
    cpu: collections.Counter[str] = collections.Counter()
    reaped: collections.Counter[str] = collections.Counter()
    by_test: collections.Counter[str] = collections.Counter()
    phases: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    everything = 0.0
    for worker, its in sorted(workers.items()):
        its.sort(key=lambda row: row["t"])
        calls = sum(row["when"] == "call" for row in its)
        last = its[-1]
        before_own = before_children = children = 0.0
        for row in its:
            name = row["id"].split("::")[0]
            now_children = row["kcpu"] + row.get("lcpu", 0.0)
            # A process that ends without being reaped by its parent (Chromium once
            # Playwright's driver has gone) takes its CPU out of the live count and never
            # brings it to the reaped one: its CPU was spent all the same, so a fall counts 0.
            more = max(now_children - before_children, 0.0)
            children += more
            cpu[name] += row["cpu"] - before_own
            reaped[name] += more
            by_test[row["id"]] += row["cpu"] - before_own + more
            before_own, before_children = row["cpu"], now_children
            phases[name][row["when"]] += row["d"]
        everything += last["cpu"] + children
        print(f"{worker:6}  {last['t'] - start:10.0f}  {end - (last['t'] - start):13.0f}"
              f"  {last['cpu']:11.0f}  {children:18.0f}  {calls:5}")  # fmt: skip
    total = collections.Counter()
    for counts in phases.values():
        total.update(counts)
    print(f"CPU, every worker and what it started: {everything:.0f} s"
          f" (over {len(workers)} cores: {everything / len(workers):.0f} s each)")  # fmt: skip
    print(
        "worker-seconds: " + ", ".join(f"{k} {total[k]:.0f}" for k in ("setup", "call", "teardown"))
    )
    print("\nfiles by CPU (own + children's; the first test of a worker carries its collection,")
    print("a process outliving a file -- the session's server, Chromium -- counts where it works):")
    for name in sorted(cpu, key=lambda n: -(cpu[n] + reaped[n]))[:files]:
        wall = sum(phases[name].values())
        print(f"{cpu[name] + reaped[name]:7.1f}  own {cpu[name]:6.1f}  children {reaped[name]:6.1f}"
              f"  wall {wall:6.1f}  set-up {phases[name]['setup']:6.1f}  {name}")  # fmt: skip
    if tests:
        print("\ntests by CPU (set-up, call and teardown):")
        for name, seconds in by_test.most_common(tests):
            print(f"{seconds:7.1f}  {name}")


def file_costs(path: str) -> dict[str, float]:
    """Each file's share of the run in seconds: its CPU (its own and its children's), or,
    for a file that waits more than it computes (a server's 15 s limits, a replica), its
    wall time scaled by how much the run's sharing of the cores stretched every file's."""
    rows = [json.loads(line) for line in open(path, encoding="utf-8")]
    workers = collections.defaultdict(list)
    for row in rows:
        workers[row["w"]].append(row)
    cpu: collections.Counter[str] = collections.Counter()
    wall: collections.Counter[str] = collections.Counter()
    for its in workers.values():
        its.sort(key=lambda row: row["t"])
        before_own = before_children = 0.0
        for row in its:
            name = row["id"].split("::")[0]
            children = row["kcpu"] + row.get("lcpu", 0.0)
            cpu[name] += row["cpu"] - before_own + max(children - before_children, 0.0)
            before_own, before_children = row["cpu"], children
            wall[name] += row["d"]
    stretch = sum(wall.values()) / max(sum(cpu.values()), 1.0)
    return {name: max(cpu[name], wall[name] / stretch) for name in wall}


def write_costs(paths: list[str], costs: str) -> None:
    """:func:`file_costs`, the least of the runs recorded in ``paths`` (a run on a busy
    machine stretches some files more than others), longest first, as the JSON table
    tests/conftest.py starts the longest files first by."""
    runs = [file_costs(path) for path in paths]
    found = {name: min(run[name] for run in runs if name in run) for run in runs for name in run}
    table = {name: round(found[name], 1) for name in sorted(found, key=lambda n: -found[n])}
    with open(costs, "w", encoding="utf-8") as out:
        json.dump(table, out, indent=0)
        out.write("\n")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", nargs="+", help="one run's record (several with --costs)")
    parser.add_argument("--files", type=int, default=40)
    parser.add_argument("--tests", type=int, default=0, help="the costliest tests too")
    parser.add_argument("--costs", help="write each file's seconds to this JSON table")
    arguments = parser.parse_args()
    if arguments.costs:
        write_costs(arguments.path, arguments.costs)
    else:
        report(arguments.path[0], arguments.files, arguments.tests)
