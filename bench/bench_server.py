"""What an answer costs the server's CPU, on each candidate WSGI server, in one run.

Run: ``.venv/bin/python bench/bench_server.py`` (``--help``; ``--servers gthread,granian``
for some, ``--json FILE`` to keep the figures).

Not latency: the server's own CPU time per request, so that the servers and the
answers can be compared on a machine shared with other jobs.  The answers:

* *raw WSGI "ok"*: a WSGI callable of three lines, the server's own floor;
* *bare Flask "ok"*: a Flask app with one route, Flask's floor on that server;
* *app /healthz*: this app's liveness probe (no database, no session);
* *app poll 304*: what a watching phone sends every few seconds (``app.js``):
  ``GET /m/<id>/<view token>/version`` with ``If-None-Match: "<version>"``, answered
  304 while nothing changed;
* *app match page*: ``GET /m/<id>/<edit token>``, the scorer's page of a match with one
  hand (200, gzip accepted as a browser does, the session cookie sent back).

The servers, each with 2 worker processes on a free loopback port:

* *gthread*: gunicorn's gthread worker as ``referee serve`` configured it when this bench
  was written (:data:`GTHREAD`: 4 threads, keep-alive 30 s, the app preloaded);
* *sync*: gunicorn's sync worker (no keep-alive: a connection per request);
* *granian*: ``granian --interface wsgi --workers 2 --factory`` with its defaults.

Every server is started once, over one fresh database with one seeded match, by this
bench itself (not through ``referee serve``, whose server may change), and warmed up.
Then, ``--rounds`` times, for each answer, each server in turn (the order rotated
each round): 8 client threads (``--clients``) on their own keep-alive connections
send ``--requests`` requests between them, and the CPU time (user + system) of the
server's whole process tree -- master, workers, all their threads -- is read from
``/proc`` before and after.  Server CPU / requests is the cell; the table shows the
median of the rounds, and the lowest.  Every status is checked (200, or 304 for the
poll); anything else, or a dropped connection, is an error and is printed.

The client is one Python process on the same 2 cores: its CPU and the requests/s are
shown too, and the split of the server's CPU between the master, each worker's main
thread and its other threads (by the name the OS has for them).  Goal: the poll costs
at most 1.0 x the bare Flask "ok" on gunicorn gthread, measured in the same run.

This is a benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # bench_web's client, bench_club's seed; the servers import us

HOST = "127.0.0.1"
GOAL_RATIO = 1.0  # the poll's server CPU against a bare Flask "ok" on gunicorn gthread
TICK = os.sysconf("SC_CLK_TCK")
Reading = dict[tuple[int, int], tuple[str, float]]  # (pid, tid): (name, CPU seconds)

# referee/serve.py's gunicorn_options() on 2026-11-23, before the switch to granian.
GTHREAD: dict[str, Any] = {
    "workers": 2,
    "worker_class": "gthread",
    "threads": 4,
    "keepalive": 30,
    "preload_app": True,
    "forwarded_allow_ips": "",
    "secure_scheme_headers": {},
    "accesslog": None,
    "errorlog": "-",
    "control_socket_disable": True,
}
SYNC: dict[str, Any] = {**GTHREAD, "worker_class": "sync"}
del SYNC["threads"], SYNC["keepalive"]


# -- the apps the servers load (``bench.bench_server:make_...``): light to import -------------


def make_raw() -> Callable[..., Iterable[bytes]]:
    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
        return [b"ok"]

    return app


def make_flask() -> Any:
    from flask import Flask

    app = Flask("bare")
    app.add_url_rule("/", "ok", lambda: "ok")
    return app


def make_referee() -> Any:
    """The app as a server loads it: its settings from ``REFEREE_*`` (set by this bench)."""
    from referee.web import create_app

    return create_app()


APPS = {"raw": "make_raw", "flask": "make_flask", "referee": "make_referee"}


def _served(make: Callable[[], Any]) -> Any:
    """An app as ``referee serve`` serves it: ASGI, each body read whole first."""
    from referee.web.plumbing.bodies import Server

    return Server(make(), 256 * 1024, 16 * 1024 * 1024)


def served_raw() -> Any:
    return _served(make_raw)


def served_flask() -> Any:
    return _served(make_flask)


def served_referee() -> Any:
    from referee.web import create_server

    return create_server()


# -- the servers ------------------------------------------------------------------------


def gunicorn(options: dict[str, Any]) -> Callable[[str, int, Path], list[str]]:
    def command(factory: str, port: int, folder: Path) -> list[str]:
        config = folder / f"gunicorn-{options['worker_class']}-{port}.py"
        lines = [f"{name} = {value!r}" for name, value in options.items()]
        config.write_text("\n".join([*lines, f"bind = '{HOST}:{port}'", ""]))
        return [sys.executable, "-m", "gunicorn", "-c", str(config), f"{factory}()"]

    return command


def granian(factory: str, port: int, folder: Path) -> list[str]:
    return [
        *(sys.executable, "-m", "granian", "--interface", "wsgi", "--workers", "2"),
        *("--host", HOST, "--port", str(port), "--factory", factory),
    ]


def granian_serve(factory: str, port: int, folder: Path) -> list[str]:
    """granian as ``referee serve`` runs it (referee/serve.py granian_options): ASGI, the
    app behind :class:`referee.web.plumbing.bodies.Server`."""
    from referee.serve import HEADER_TIMEOUT_MS

    return [
        *(sys.executable, "-m", "granian", "--interface", "asginl", "--workers", "2"),
        *("--host", HOST, "--port", str(port), "--factory", factory.replace(":make_", ":served_")),
        *("--http", "1", "--no-ws", "--http1-header-read-timeout", str(HEADER_TIMEOUT_MS)),
    ]


def granian_wsgi_serve(factory: str, port: int, folder: Path) -> list[str]:
    """granian as ``referee serve`` ran it before issue 43: WSGI, 4 threads a worker."""
    from referee.serve import HEADER_TIMEOUT_MS

    return [
        *granian(factory, port, folder),
        *("--blocking-threads", "4", "--http", "1", "--no-ws"),
        *("--http1-header-read-timeout", str(HEADER_TIMEOUT_MS)),
    ]


# To compare another server, add its command here: it gets the factory ("module:function",
# to call once per app), a free port, and a folder for its files.
SERVERS: dict[str, Callable[[str, int, Path], list[str]]] = {
    "gthread": gunicorn(GTHREAD),
    "sync": gunicorn(SYNC),
    "granian": granian,
    "serve": granian_serve,
    "serve-wsgi": granian_wsgi_serve,
}


@dataclass(frozen=True)
class Answer:
    name: str
    app: str  # a key of APPS
    path: str
    headers: bytes  # extra request headers
    status: int


class Running:
    """One server process (and its workers) serving one app."""

    def __init__(self, server: str, app: str, folder: Path, env: dict[str, str]) -> None:
        from bench.bench_web import free_port

        self.server, self.app = server, app
        self.port = free_port()
        self.log = folder / f"{server}-{app}.log"
        command = SERVERS[server](f"bench.bench_server:{APPS[app]}", self.port, folder)
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, env=env
            )

    def wait_ready(self, path: str) -> None:
        from bench.bench_web import Client

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"{self.server} ({self.app}) stopped:\n{self.printed()}")
            client = Client(self.port)
            try:
                if client.get(path).status == 200:
                    return
            except OSError:
                time.sleep(0.2)
            finally:
                client.close()
        raise SystemExit(f"{self.server} ({self.app}) did not answer within 60 s")

    def printed(self) -> str:
        return self.log.read_text(errors="replace")[-3000:]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# -- CPU from /proc ---------------------------------------------------------------------


def _stat(path: Path) -> list[str]:
    """The fields of a /proc stat file after the command name (which may hold spaces)."""
    return path.read_text().rsplit(")", 1)[1].split()


def tree_cpu(root: int) -> Reading:
    """CPU seconds so far of ``root`` and its descendants, by (pid, tid), with names.

    (pid, 0) is the whole process, its exited threads included: utime + stime, in
    clock ticks.  A thread's figure is its run time in ns from ``schedstat``: per
    thread, the ticks are rounded so that the threads do not add up to the process."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int(_stat(entry / "stat")[1])
            except (OSError, IndexError):
                continue  # it ended meanwhile
    family, grown = {root}, True
    while grown:
        grown = False
        for pid, parent in parents.items():
            if parent in family and pid not in family:
                family.add(pid)
                grown = True
    found: Reading = {}
    for pid in family:
        try:
            fields = _stat(Path(f"/proc/{pid}/stat"))
            found[pid, 0] = ("", (int(fields[11]) + int(fields[12])) / TICK)
            for task in Path(f"/proc/{pid}/task").iterdir():
                name = (task / "comm").read_text().strip()
                ran = int((task / "schedstat").read_text().split()[0]) / 1e9
                found[pid, int(task.name)] = (name, ran)
        except OSError:
            continue
    return found


def split(root: int, before: Reading, after: Reading) -> dict[str, float]:
    """The CPU seconds between two :func:`tree_cpu` readings, by part of the server:
    the master, the workers' main threads, their other threads by name, exited threads."""
    parts: dict[str, float] = defaultdict(float)
    for (pid, tid), (name, cpu) in after.items():
        used = cpu - before.get((pid, tid), ("", 0.0))[1]
        if pid == root:
            if tid == 0:
                parts["master"] += used
        elif tid == 0:
            parts["exited threads"] += used  # less the live ones, below
        else:
            part = "worker main thread" if tid == pid else f"threads '{name}'"
            parts[part] += used
            parts["exited threads"] -= used
    processes = sum(1 for _pid, tid in after if tid == 0)
    if abs(parts["exited threads"]) <= processes / TICK:  # within the ticks' rounding
        del parts["exited threads"]
    return dict(parts)


# -- one measurement --------------------------------------------------------------------


@dataclass
class Cell:
    server_ms: float  # server CPU per request
    client_ms: float  # this process's CPU per request
    rate: float  # requests/s
    errors: int
    parts: dict[str, float]  # server CPU ms per request, by part
    examples: list[str]


def measure(running: Running, answer: Answer, clients: int, requests: int) -> Cell:
    """``requests`` of ``answer`` from ``clients`` threads, each on its own connection."""
    from bench.bench_web import Client

    connections = [Client(running.port) for _ in range(clients)]
    raw = []
    for client in connections:
        client.get(answer.path, answer.headers)  # connects, and takes the session cookie
        raw.append(client.build("GET", answer.path, headers=answer.headers))
    each = [requests // clients + (i < requests % clients) for i in range(clients)]
    errors = [0] * clients
    examples: list[str] = []
    gate = threading.Barrier(clients + 1)

    def run(i: int) -> None:
        client, request, expected = connections[i], raw[i], answer.status
        gate.wait()
        for _ in range(each[i]):
            try:
                status = client.send(request).status
            except (OSError, ValueError) as error:
                status, why = 0, f"{type(error).__name__}: {error}"
            else:
                why = f"status {status}"
            if status != expected:
                errors[i] += 1
                if len(examples) < 3:
                    examples.append(why)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(clients)]
    for thread in threads:
        thread.start()
    pid = running.process.pid
    before, mine, began = tree_cpu(pid), time.process_time(), time.perf_counter()
    gate.wait()
    for thread in threads:
        thread.join()
    wall, mine = time.perf_counter() - began, time.process_time() - mine
    after = tree_cpu(pid)
    for client in connections:
        client.close()
    total = sum(cpu for (p, t), (_n, cpu) in after.items() if t == 0) - sum(
        cpu for (p, t), (_n, cpu) in before.items() if t == 0 and (p, t) in after
    )
    parts = {k: v / requests * 1000 for k, v in split(pid, before, after).items()}
    return Cell(
        total / requests * 1000,
        mine / requests * 1000,
        requests / wall,
        sum(errors),
        parts,
        examples,
    )


# -- the run ----------------------------------------------------------------------------


def answers_for(db: Path) -> list[Answer]:
    """The five answers, over one match of four players with one hand, seeded in ``db``."""
    from bench.bench_club import seed

    (table,) = seed(db, 1)
    etag = f'If-None-Match: "{table.version}"\r\n'.encode()
    return [
        Answer('raw WSGI "ok"', "raw", "/", b"", 200),
        Answer('bare Flask "ok"', "flask", "/", b"", 200),
        Answer("app /healthz", "referee", "/healthz", b"", 200),
        Answer("app poll 304", "referee", table.view + "/version", etag, 304),
        Answer("app match page", "referee", table.edit, b"", 200),
    ]


def fmt(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} ({min(values):.3f})"


def report(
    answers: list[Answer], servers: list[str], cells: dict[tuple[str, str], list[Cell]]
) -> dict[str, Any]:
    width = max(len(a.name) for a in answers)
    print(
        "\nServer CPU per request, ms: median of the rounds (lowest); "
        "master + workers, every thread"
    )
    print(f"| {'answer':<{width}} | " + " | ".join(f"{s:<13}" for s in servers) + " |")
    print("| " + "-" * width + " |" + " ------------- |" * len(servers))
    for a in answers:
        row = [fmt([c.server_ms for c in cells[a.name, s]]) for s in servers]
        print(f"| {a.name:<{width}} | " + " | ".join(f"{r:<13}" for r in row) + " |")

    print("\nRequests/s and the client's own CPU per request (ms), medians")
    for a in answers:
        row = []
        for s in servers:
            rate = statistics.median(c.rate for c in cells[a.name, s])
            client = statistics.median(c.client_ms for c in cells[a.name, s])
            row.append(f"{s} {rate:,.0f}/s, client {client:.3f}")
        print(f"  {a.name:<{width}}  " + ";  ".join(row))

    print("\nWhere the server's CPU went, ms per request (median round)")
    for s in servers:
        for a in answers:
            parts: dict[str, list[float]] = defaultdict(list)
            for c in cells[a.name, s]:
                for part, used in c.parts.items():
                    parts[part].append(used)
            shown = sorted(((statistics.median(v), k) for k, v in parts.items()), reverse=True)
            line = ", ".join(f"{k} {v:.3f}" for v, k in shown if abs(v) >= 0.0005)
            print(f"  {s:<8} {a.name:<{width}}  {line}")

    errors = [(a.name, s, c) for a in answers for s in servers for c in cells[a.name, s]]
    failed = [(name, s, c) for name, s, c in errors if c.errors]
    for name, s, c in failed:
        print(f"  ERRORS: {s}, {name}: {c.errors} ({'; '.join(c.examples)})")
    if not failed:
        print("\nEvery answer had its expected status (200; 304 for the poll).")

    medians = {
        (a.name, s): statistics.median(c.server_ms for c in cells[a.name, s])
        for a in answers
        for s in servers
    }
    summary: dict[str, Any] = {}
    poll, flask = "app poll 304", 'bare Flask "ok"'
    if (poll, "gthread") in medians and (flask, "gthread") in medians:
        base = medians[flask, "gthread"]
        summary["base_ms"] = base
        print(f'\nThe poll against a bare Flask "ok" on gunicorn gthread ({base:.3f} ms):')
        for s in servers:
            ratio = medians[poll, s] / base
            summary[f"poll_{s}_ratio"] = ratio
            goal = "met" if ratio <= GOAL_RATIO else "missed"
            print(f"  poll on {s:<8} {medians[poll, s]:.3f} ms = {ratio:.2f} x ({goal})")
    else:
        print('\nNo goal ratio: it needs the poll and a bare Flask "ok" on gthread.')
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--servers",
        default=",".join(SERVERS),
        help=f"comma-separated, of {', '.join(SERVERS)} (default: all)",
    )
    parser.add_argument("--requests", type=int, default=4000, help="per answer, server, round")
    parser.add_argument("--clients", type=int, default=8, help="client threads (connections)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=400, help="requests per answer first")
    parser.add_argument("--json", type=Path, help="write every round's figures here")
    args = parser.parse_args()
    servers = [s.strip() for s in args.servers.split(",") if s.strip()]
    unknown = [s for s in servers if s not in SERVERS]
    if unknown or not servers:
        parser.error(f"unknown server(s) {', '.join(unknown)}; known: {', '.join(SERVERS)}")
    load_before = os.getloadavg()
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average"
        f" {load_before[0]:.1f} / {load_before[1]:.1f} / {load_before[2]:.1f};"
        f" {args.clients} clients, {args.requests} requests per cell, {args.rounds} rounds",
        flush=True,
    )

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "bench.db"
        answers = answers_for(db)
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "REFEREE_DB": str(db),
            "REFEREE_INSTANCE": str(folder / "instance"),
            "REFEREE_SECRET_KEY": "bench-server-not-secret",  # every worker signs alike
        }
        apps = sorted({a.app for a in answers}, key=list(APPS).index)
        running = {(s, app): Running(s, app, folder, env) for s in servers for app in apps}
        cells: dict[tuple[str, str], list[Cell]] = defaultdict(list)
        try:
            for (_s, app), server in running.items():
                server.wait_ready("/healthz" if app == "referee" else "/")
            for a in answers:  # every worker's templates, caches, connections
                for s in servers:
                    warm = measure(running[s, a.app], a, args.clients, args.warmup)
                    if warm.errors:
                        print(f"  warm-up: {s}, {a.name}: {warm.errors} errors {warm.examples}")
            print("  servers started and warmed up", flush=True)
            for n in range(args.rounds):
                turn = servers[n % len(servers) :] + servers[: n % len(servers)]
                for a in answers:
                    for s in turn:
                        cells[a.name, s].append(
                            measure(running[s, a.app], a, args.clients, args.requests)
                        )
                print(
                    f"  round {n + 1} of {args.rounds} done, load average {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
        finally:
            for server in running.values():
                server.stop()
        for server in running.values():
            if "Traceback" in server.printed():
                print(f"  {server.server} ({server.app}) logged a traceback:\n{server.printed()}")

    summary = report(answers, servers, cells)
    load_after = os.getloadavg()
    print(f"load average after the run {load_after[0]:.1f} / {load_after[1]:.1f}")
    if args.json:
        data = {
            "finished": time.strftime("%Y-%m-%d %H:%M %Z"),
            "python": sys.version.split()[0],
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in load_after],
            "options": {k: str(v) for k, v in vars(args).items()},
            "summary": summary,
            "cells": [
                {"answer": name, "server": s, "rounds": [vars(c) for c in rounds]}
                for (name, s), rounds in cells.items()
            ],
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n")
        print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
