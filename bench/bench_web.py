"""How fast the phone companion answers the scorer, and how heavy its match page is.

Run: ``.venv/bin/python bench/bench_web.py`` (``--help`` for the knobs).

It starts the real server (``referee serve`` on 127.0.0.1, a free port, a fresh
database in a temporary folder) and drives it with concurrent keep-alive clients:

* Round trip: what the scorer's phone does after typing a hand -- POST the hand
  form (CSRF token, a fresh one-time token), follow the redirect, GET the match
  page; the two requests count as one round trip.  Each client keeps score of its
  own matches and starts the next one after ``--hands-per-match`` hands, as a
  table would (the matches are made before the clock starts).
* Trivial: ``GET /healthz`` of the same server in the same run, the baseline of
  what the server and the client cost at all.

The two alternate (``--rounds`` times ``--seconds`` each) so a busy moment of the
machine hits both alike.  Goals: round trips/s at least half the trivial
route's requests/s, and a round trip's p99 within 25 ms.

* Page weight: a match page of a finished evening (``--hands-per-match`` hands)
  and everything it references (style sheet, script, icons, the manifest and its
  icons), as bytes on the wire -- headers included -- for a browser that accepts
  gzip.  Goal: 25 KB at most.

Client and server share the machine's cores; the output says how much CPU each
used.  This is a benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode, urljoin, urlsplit

GOAL_RATIO = 0.5
GOAL_P99_MS = 25.0
GOAL_PAGE_BYTES = 25 * 1024
HOST = "127.0.0.1"

# A legal classic hand at any total: North-South go out with a mixed canasta of kings, their
# melds (150) reaching every opening minimum; East-West open with three aces (630 to 30).
HAND = {
    "mode": "detailed",
    "side0-melds": "K K K K K 2 2\nA A A A\nQ Q Q Q Q Q",
    "side0-went_out": "y",
    "side1-melds": "A A A",
    "side1-hand_points": "30",
}


# -- a small HTTP/1.1 client: keep-alive, pre-built requests, a cookie jar ---------------


class Response:
    __slots__ = ("body", "headers", "status", "wire")

    def __init__(self, status: int, headers: dict[str, list[str]], body: bytes, wire: int):
        self.status, self.headers, self.body, self.wire = status, headers, body, wire

    def header(self, name: str) -> str | None:
        values = self.headers.get(name.lower())
        return values[-1] if values else None


class Client:
    """One keep-alive connection to the server, with the session cookie of one phone.

    Far lighter than ``http.client`` (no header parsing beyond what is used), because
    the client shares the machine's cores with the server it measures.
    """

    def __init__(self, port: int, accept_gzip: bool = True) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        # What Chrome sends on the table's plain-http Wi-Fi (br only over https).
        self.extra = b"Accept-Encoding: gzip, deflate\r\n" if accept_gzip else b""
        self.sock: socket.socket | None = None
        self.buffer = b""

    def _connect(self) -> socket.socket:
        sock = socket.create_connection((HOST, self.port), timeout=30)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock, self.buffer = sock, b""
        return sock

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def build(self, method: str, path: str, body: bytes = b"", headers: bytes = b"") -> bytes:
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
            f"User-Agent: bench_web\r\nAccept: */*\r\n"
        ).encode()
        head += self.extra + headers
        if cookie:
            head += f"Cookie: {cookie}\r\n".encode()
        if method == "POST":
            head += b"Content-Type: application/x-www-form-urlencoded\r\n"
            head += f"Content-Length: {len(body)}\r\n".encode()
        return head + b"\r\n" + body

    def send(self, request: bytes) -> Response:
        sock = self.sock or self._connect()
        try:
            sock.sendall(request)
            return self._read(sock)
        except (ConnectionError, TimeoutError):
            self.close()
            raise

    def _fill(self, sock: socket.socket) -> None:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("server closed the connection")
        self.buffer += chunk

    def _read(self, sock: socket.socket) -> Response:
        while b"\r\n\r\n" not in self.buffer:
            self._fill(sock)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers: dict[str, list[str]] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers.setdefault(name.strip().lower(), []).append(value.strip())
        wire = len(head) + 4
        if "chunked" in headers.get("transfer-encoding", [""])[-1]:
            body = b""
            while True:
                while b"\r\n" not in self.buffer:
                    self._fill(sock)
                size_line, self.buffer = self.buffer.split(b"\r\n", 1)
                size = int(size_line.split(b";")[0], 16)
                while len(self.buffer) < size + 2:
                    self._fill(sock)
                body += self.buffer[:size]
                wire += len(size_line) + 2 + size + 2
                self.buffer = self.buffer[size + 2 :]
                if size == 0:
                    break
        else:
            length = int(headers.get("content-length", ["0"])[-1])
            while len(self.buffer) < length:
                self._fill(sock)
            body, self.buffer = self.buffer[:length], self.buffer[length:]
            wire += length
        for cookie in headers.get("set-cookie", []):
            pair = cookie.split(";", 1)[0]
            name, _, value = pair.partition("=")
            if value and "expires=thu, 01 jan 1970" not in cookie.lower():
                self.cookies[name.strip()] = value.strip()
            else:
                self.cookies.pop(name.strip(), None)
        if headers.get("connection", [""])[-1].lower() == "close":
            self.close()
        return Response(status, headers, body, wire)

    def get(self, path: str, headers: bytes = b"") -> Response:
        return self.send(self.build("GET", path, headers=headers))

    def post(self, path: str, fields: dict[str, str]) -> Response:
        return self.send(self.build("POST", path, urlencode(fields).encode()))


def text_of(response: Response) -> str:
    body = response.body
    if response.header("content-encoding") == "gzip":
        body = gzip.decompress(body)
    return body.decode("utf-8")


def csrf_token(page: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    if found is None:
        raise SystemExit("no CSRF token on the page: has the form changed?")
    return found.group(1)


# -- the server -----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def start_server(db: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    """``referee serve`` on loopback; its output goes to ``log`` (a pipe left unread
    would fill up with the server's log lines and stall it)."""
    here = Path(sys.executable).parent
    script = here / "referee"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "referee.cli"]
    # The clients here are one address making hundreds of matches: no limit applies.
    env = {**os.environ, "REFEREE_RATELIMIT_ENABLED": "false"}
    with log.open("wb") as out:
        server = subprocess.Popen(
            [*command, "serve", "--host", HOST, "--port", str(port), "--db", str(db)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"referee serve stopped:\n{log.read_text()[-2000:]}")
        try:
            client = Client(port)
            if client.get("/healthz").status == 200:
                client.close()
                return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("referee serve did not answer within 30 s")


def _process_stats() -> dict[int, list[str]]:
    """Every process's /proc/PID/stat fields after the command name (Linux)."""
    stats = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stats[int(entry.name)] = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # it ended meanwhile
    return stats


def cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of a process and all its descendants (the server's
    worker processes), from Linux's /proc; NaN elsewhere."""
    stats = _process_stats() if Path("/proc").is_dir() else {}
    if pid not in stats:
        return float("nan")
    family = {pid}
    grown = True
    while grown:  # children, then their children
        grown = False
        for child, fields in stats.items():
            if child not in family and int(fields[1]) in family:
                family.add(child)
                grown = True
    ticks = sum(int(stats[p][11]) + int(stats[p][12]) for p in family)
    return ticks / os.sysconf("SC_CLK_TCK")


# -- the scorer's phone -----------------------------------------------------------------


def new_match(client: Client, target: int) -> str:
    """Create a match through the form, as the scorer does; return its edit path."""
    token = csrf_token(text_of(client.get("/matches/new")))
    fields = {"csrf_token": token, "preset": "classic", "players": "4", "target": str(target)}
    response = client.post("/matches/new", fields)
    if response.status != 302:
        raise SystemExit(f"creating a match answered {response.status}")
    return urlsplit(response.header("location") or "").path


class Scorer:
    """One phone recording hands: its connection, its CSRF token and its matches."""

    def __init__(self, port: int, matches: list[str]) -> None:
        self.client = Client(port)
        self.matches = matches
        self.hands = 0
        self.errors = 0
        self.ran_out = False  # used every match it was given: its last one grows on
        self.match = matches.pop(0)
        # The session's CSRF token signs every form of this phone (no time limit is set).
        form = text_of(self.client.get(self.match + "/hands/new"))
        self.csrf = csrf_token(form)
        # The version the form was opened on, sent as a phone sends it (its own hands since
        # never make it stale): the check is part of the round trip measured.
        seen = re.search(r'name="seen" type="hidden" value="(\d+)"', form)
        self.seen = {"seen": seen.group(1)} if seen else {}

    def round_trip(self, hands_per_match: int) -> None:
        if self.hands >= hands_per_match:
            if self.matches:
                self.match, self.hands = self.matches.pop(0), 0
            else:
                self.ran_out = True
        fields = {"csrf_token": self.csrf, "token": secrets.token_urlsafe(16), **self.seen, **HAND}
        posted = self.client.post(self.match + "/hands/new", fields)
        location = urlsplit(posted.header("location") or "").path
        page = self.client.get(location or self.match)
        self.hands += 1
        # A refused hand answers 422 with the form; a finished match redirects elsewhere.
        if posted.status != 302 or location != self.match or page.status != 200:
            self.errors += 1


# -- load -------------------------------------------------------------------------------


def load(workers: list[Callable[[], None]], seconds: float) -> tuple[float, list[float], int]:
    """Run each worker in its own thread, over and over, for ``seconds``.

    Returns the wall time, every call's latency in ms, and how many calls failed.
    """
    start_gate = threading.Barrier(len(workers) + 1)
    latencies: list[list[float]] = [[] for _ in workers]
    failures = [0] * len(workers)
    deadline = [0.0]

    def run(i: int, work: Callable[[], None]) -> None:
        own = latencies[i]
        clock = time.perf_counter
        start_gate.wait()
        while clock() < deadline[0]:
            begin = clock()
            try:
                work()
            except (OSError, ValueError):
                failures[i] += 1
                continue
            own.append((clock() - begin) * 1000)

    threads = [
        threading.Thread(target=run, args=(i, w), daemon=True) for i, w in enumerate(workers)
    ]
    for thread in threads:
        thread.start()
    deadline[0] = time.perf_counter() + seconds
    begin = time.perf_counter()
    start_gate.wait()
    for thread in threads:
        thread.join(seconds + 60)
    wall = time.perf_counter() - begin
    return wall, [x for own in latencies for x in own], sum(failures)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Tally:
    """One measure over its rounds: wall time, latencies, failures and the CPU it took."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.wall = self.server_cpu = self.client_cpu = 0.0
        self.latencies: list[float] = []
        self.failures = 0
        self.rates: list[float] = []

    def measure(self, work: list[Callable[[], None]], seconds: float, server_pid: int) -> None:
        client0, server0 = time.process_time(), cpu_seconds(server_pid)
        wall, latencies, failures = load(work, seconds)
        self.client_cpu += time.process_time() - client0
        self.server_cpu += cpu_seconds(server_pid) - server0
        self.wall += wall
        self.latencies += latencies
        self.failures += failures
        self.rates.append(len(latencies) / wall)

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.wall

    def lines(self) -> str:
        done = len(self.latencies)
        per_round = ", ".join(f"{r:,.0f}" for r in self.rates)
        p50, p99 = percentile(self.latencies, 0.5), percentile(self.latencies, 0.99)
        return (
            f"  {self.name:<34} {self.rate:>7,.0f}/s   p50 {p50:6.2f} ms   p99 {p99:6.2f} ms\n"
            f"  {'':<34} rounds {per_round}; {done:,} done, {self.failures} failed;"
            f" CPU: server {self.server_cpu / self.wall:.2f} cores"
            f" ({self.server_cpu / max(done, 1) * 1000:.2f} ms each),"
            f" client {self.client_cpu / self.wall:.2f} cores"
        )


# -- page weight ------------------------------------------------------------------------


class _Links(HTMLParser):
    """Every asset a page makes a browser fetch: style sheets, scripts, icons, manifest, images."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "link" and a.get("href"):
            self.found.append((a.get("rel") or "link", a["href"] or ""))
        elif tag in ("script", "img") and a.get("src"):
            self.found.append((tag, a["src"] or ""))
        if tag == "script" and a.get("data-sw"):
            # The service worker offline.js registers (and what it imports: queue.js is
            # linked by the page already) is part of a first visit too.
            self.found.append(("service worker", a["data-sw"] or ""))


def page_weight(port: int, path: str) -> list[tuple[str, str, int, int, str]]:
    """(what, url, bytes on the wire, body bytes, encoding) for the page and its assets."""
    client = Client(port)
    rows = []
    page = client.get(path)
    rows.append(("page", path, page.wire, len(page.body), page.header("content-encoding") or "-"))
    parser = _Links()
    parser.feed(text_of(page))
    queue = [(rel, urljoin(path, href)) for rel, href in parser.found]
    seen = {path}
    while queue:
        rel, url = queue.pop(0)
        if url in seen or not url.startswith("/"):
            continue
        seen.add(url)
        got = client.get(url)
        encoding = got.header("content-encoding") or "-"
        rows.append((rel, url, got.wire, len(got.body), encoding))
        if rel == "manifest" and got.status == 200:
            for icon in json.loads(text_of(got)).get("icons", []):
                queue.append(("manifest icon", urljoin(url, icon["src"])))
    client.close()
    return rows


# -- the run ----------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=16, help="concurrent keep-alive clients")
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each timed round")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of each measure, alternated")
    parser.add_argument(
        "--hands-per-match", type=int, default=12, help="hands before a phone starts a new match"
    )
    args = parser.parse_args()

    cores = (
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    )
    print(f"Python {sys.version.split()[0]}, load average before the run {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(Path(tmp, "bench.db"), port, Path(tmp, "serve.log"))
        try:
            run(args, port, server.pid, cores)
        finally:
            server.terminate()
            server.wait(10)


def run(args: argparse.Namespace, port: int, server_pid: int, cores: int) -> None:
    target = 100_000  # the form's highest: nobody wins before the phone moves on
    setup = Client(port)
    # Enough matches that no phone runs out below 600 round trips a second (said if one did).
    timed = args.seconds * args.rounds + min(1.0, args.seconds)
    per_client = 2 + int(600 * timed / args.clients / args.hands_per_match)
    matches = [[new_match(setup, target) for _ in range(per_client)] for _ in range(args.clients)]

    # The page of an evening's match, for its weight: a match with every hand recorded.
    weighed = Scorer(port, [new_match(setup, target)])
    for _ in range(args.hands_per_match):
        weighed.round_trip(args.hands_per_match)
    weighed.client.close()
    setup.close()

    scorers = [Scorer(port, own) for own in matches]
    pingers = [Client(port) for _ in range(args.clients)]
    healthz = pingers[0].build("GET", "/healthz")

    def ping(client: Client) -> Callable[[], None]:
        def work() -> None:
            if client.send(healthz).status != 200:
                raise ValueError("healthz failed")

        return work

    def record(scorer: Scorer) -> Callable[[], None]:
        return lambda: scorer.round_trip(args.hands_per_match)

    trivial_work = [ping(c) for c in pingers]
    trip_work = [record(s) for s in scorers]
    load(trivial_work, min(1.0, args.seconds))  # warm up: threads, connections, caches
    load(trip_work, min(1.0, args.seconds))

    trivial = Tally("GET /healthz (trivial)")
    trips = Tally("round trip (POST hand, GET match)")
    for _ in range(args.rounds):
        trivial.measure(trivial_work, args.seconds, server_pid)
        trips.measure(trip_work, args.seconds, server_pid)
    for client in pingers:
        client.close()
    for scorer in scorers:
        scorer.client.close()
    errors = sum(s.errors for s in scorers)

    print(
        f"{args.clients} clients, keep-alive, loopback, {cores} cores shared by client and server;"
        f" {args.rounds} rounds of {args.seconds:g} s each, alternated;"
        f" a new match every {args.hands_per_match} hands"
    )
    print(trivial.lines())
    print(trips.lines())
    ratio = trips.rate / trivial.rate
    p99 = percentile(trips.latencies, 0.99)
    print(
        f"  as HTTP requests (two per round trip): {2 * trips.rate:,.0f}/s,"
        f" {2 * ratio:.2f} of the trivial route's"
    )
    print(
        f"  ratio {ratio:.2f} (goal >= {GOAL_RATIO}): {'met' if ratio >= GOAL_RATIO else 'MISSED'};"
        f" round-trip p99 {p99:.1f} ms (goal <= {GOAL_P99_MS:g}):"
        f" {'met' if p99 <= GOAL_P99_MS else 'MISSED'}"
    )
    if errors:
        print(f"  {errors} round trips did not end on the match page with the hand recorded")
    if any(s.ran_out for s in scorers):
        print("  some phones used up their matches: their last match grew past the hands set")

    rows = page_weight(port, weighed.match)
    total = sum(r[2] for r in rows)
    print(
        f"match page (edit link) with {args.hands_per_match} hands and its assets, first visit,"
        " gzip accepted (bytes on the wire, headers included):"
    )
    for what, url, wire, body, encoding in rows:
        print(f"  {what:<16} {url:<60.60} {wire:>7,} B  (body {body:,} B, {encoding})")
    met = "met" if total <= GOAL_PAGE_BYTES else "MISSED"
    print(
        f"  total {total:,} B = {total / 1024:.1f} KB (goal <= {GOAL_PAGE_BYTES // 1024} KB): {met}"
    )


if __name__ == "__main__":
    main()
