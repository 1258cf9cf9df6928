"""A club night against the real server: how many tables one machine keeps current.

Run: ``.venv/bin/python bench/bench_club.py --tables 200,400,600,1000`` (``--help``).

First, on one keep-alive connection, one request after another: the server CPU and
the bytes of a poll answered 200 with its JSON (before), of one answered 304 (after)
and of ``GET /healthz`` (a request that does nothing), in alternating rounds.

Then each step seeds T matches (one hand each) in a fresh database, starts the real
server (``referee serve`` on 127.0.0.1, a free port; ``--workers``), warms up every
worker on a spare match (templates, form classes), and plays a club night on it for
``--seconds``, after ``--warmup`` seconds:

* per table, one scorer records a hand every 120 s, as the phone does: the hand
  form (GET; its CSRF token and session), the POST, the match page it is sent
  back to.  The *hand* round trip is the POST and that page, as in bench_web.py;
* per table, three read-only phones (``--viewers``) poll the match's version
  every 3 s as ``app.js`` does -- ``If-None-Match`` with the version they show,
  answered 304 while nothing changed -- and reload the page (*page*) when it
  changed.  ``--old-poll`` sends the poll unconditionally, as app.js did before
  (a 200 with the JSON every time), for the before-and-after figure.

Every phone has its own keep-alive connection, as a browser has, opened again
when the server closes it.  Phones start at random moments within their period.
``--speed F`` compresses time by F, the scorer:poll ratio (40:1) kept: T tables
then put on the server the requests of F x T tables, over fewer connections.
``--poll-seconds`` changes the viewers' interval (what a slower app.js would do).

A step passes when the p99 of the poll and of the hand round trip are at most
100 ms and nothing failed (an unexpected status, a dropped connection, no answer
within 10 s, a poll still unanswered when the next one was due).  The client is
one asyncio process on the same cores as the server: the table shows the CPU each
used and how late the client's timers fired (a late client would show here first).

This is a benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import gzip
import json
import os
import random
import re
import secrets
import socket
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.support.live, bench_web
from bench.bench_web import HAND, Client, percentile  # noqa: E402
from referee.serve import default_workers  # noqa: E402
from tests.support.live import referee_serve  # noqa: E402

HOST = "127.0.0.1"
POLL_SECONDS = 3.0  # app.js's interval
# The standings page's (referee.web.parts.tournament_state.POLL_SECONDS).
STANDINGS_POLL_SECONDS = 10.0
HAND_SECONDS = 120.0  # a hand of Canasta, counted and typed
GOAL_P99_MS = 100.0
TIMEOUT = 10.0  # an answer later than this is a failure
TARGET = 100_000  # the form's highest: no match ends during the night
Answer = tuple[int, dict[str, str], list[str], bytes]  # status, headers, set-cookies, body


# -- the database -----------------------------------------------------------------------


@dataclass
class Table:
    edit: str  # the scorer's link (path)
    view: str  # the read-only link (path)
    version: int  # what the match page shows after the seeded hand


def seeding_app(db: Path):
    """The app in this process over ``db``, for seeding through its forms (no CSRF, no limits)."""
    from referee.web import create_app

    settings = {"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "seed"}
    return create_app({**settings, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False})


def seed(db: Path, tables: int) -> list[Table]:
    """``tables`` matches of four players, one hand each, written straight to ``db``.

    The first goes through the app (the form and the rules core) so its hand is scored
    as the server scores it; the others copy it through :class:`~referee.storage.Storage`.
    """
    from referee.storage import Storage

    app = seeding_app(db)
    client = app.test_client()
    fields = {"preset": "classic", "players": "4", "target": str(TARGET)}
    edit = urlsplit(client.post("/matches/new", data=fields).location).path
    hand = {**HAND, "token": secrets.token_urlsafe(16)}
    if client.post(edit + "/hands/new", data=hand).status_code != 302:
        raise SystemExit("the seeded hand was refused: has the hand form changed?")
    first_id = int(edit.split("/")[2])
    storage = Storage(db)
    try:
        first = storage.get_match(first_id)
        assert first is not None
        scored = storage.hands(first_id)[0]
        matches = [first]
        for n in range(1, tables):
            match = storage.create_match(first.again(f"Table {n + 1}", first.first_dealer))
            storage.add_hand(match.id, scored.entry, scored.result, secrets.token_urlsafe(16))
            matches.append(match)
        return [
            Table(f"/m/{m.id}/{m.edit_token}", f"/m/{m.id}/{m.view_token}", storage.version(m.id))
            for m in matches
        ]
    finally:
        storage.close()


@dataclass
class Watched:
    """What a read-only phone watches: the poll's path, the page's, the version shown."""

    poll: str
    page: str
    version: str
    kinds: tuple[str, str] = ("poll", "page")  # the tally's names for the poll and the page


def seed_tournament(db: Path, tables: int) -> tuple[list[Table], Watched, str]:
    """One tournament of ``2 x tables`` teams of two, Mitchell, made by the director's form
    (``POST /tournaments/new``), its first round begun by it; each table's scorer link as the
    director's page lists it; the standings the phones watch; the director's page.

    The form takes at most ``referee.match.standings.MAX_TEAMS`` teams (400: 200 tables).
    """
    from referee.storage import Storage

    app = seeding_app(db)
    client = app.test_client()
    teams = "\n".join(f"N{n}a & N{n}b" for n in range(1, 2 * tables + 1))
    fields = {
        "name": "Bench cup",
        "preset": "classic",
        "players": "4",
        "teams": teams,
        "movement": "mitchell",
        "rounds": "2",
        "game": "hands",
        "hands": "20",  # the most: no table's game ends during the bench
        "minimums": "",  # by the score, as the bench hand opens
        "ranking": "wins",
    }
    answer = client.post("/tournaments/new", data=fields)
    if answer.status_code != 302:
        raise SystemExit(f"the director's form answered {answer.status_code}")
    director = urlsplit(answer.location).path
    page = client.get(director).get_data(as_text=True)
    links = re.findall(r'href="(/m/[0-9]+/[A-Za-z0-9_-]+)"', page)
    if len(links) != tables:
        raise SystemExit(f"the director's page lists {len(links)} tables, not {tables}")
    tournament_id = int(director.split("/")[2])
    storage = Storage(db)
    try:
        tournament = storage.get_tournament(tournament_id)
        assert tournament is not None
        view = f"/t/{tournament_id}/{tournament.view_token}"
    finally:
        storage.close()
    shown = VERSION.search(client.get(view + "/standings").get_data(as_text=True))
    assert shown is not None
    watch = Watched(
        view + "/version", view + "/standings", shown.group(1), ("standings poll", "standings page")
    )
    return [Table(link, "", 0) for link in links], watch, director


# -- the phones -------------------------------------------------------------------------


@dataclass
class Tally:
    """What one step saw: latencies by kind of request, failures, timer lateness."""

    start: float
    end: float
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    examples: list[str] = field(default_factory=list)
    lateness: list[float] = field(default_factory=list)
    connects: int = 0  # connections opened in the window (the first, or after a close)

    def counts(self, at: float) -> bool:
        return self.start <= at < self.end

    def done(self, kind: str, began: float, now: float) -> None:
        if self.counts(began):
            self.latencies[kind].append((now - began) * 1000)

    def failed(self, kind: str, began: float, why: str) -> None:
        if self.counts(began):
            self.errors[kind] += 1
            if len(self.examples) < 5:
                self.examples.append(f"{kind}: {why}")


class Connection(asyncio.Protocol):
    """One TCP connection of a phone; hands what arrives to the phone."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        self.phone.received(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.phone.lost(self)


class Phone:
    """A browser tab on one match: one request at a time on its own keep-alive connection."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self.conn: Connection | None = None
        self.kind = ""  # of the request in flight ("" when idle)
        self.began = 0.0
        self.then: Callable[[Answer], None] | None = None
        self.cookies: dict[str, str] = {}

    @property
    def busy(self) -> bool:
        return bool(self.kind)

    def request(
        self, kind: str, raw: bytes, then: Callable[[Answer], None], began: float | None = None
    ) -> None:
        self.kind, self.then = kind, then
        self.began = self.club.loop.time() if began is None else began
        conn = self.conn
        if conn is not None and conn.transport is not None and not conn.transport.is_closing():
            conn.transport.write(raw)
        else:
            self.club.tally.connects += self.club.tally.counts(self.began)
            self.conn = Connection(self)
            self.club.loop.create_task(self._connect(self.conn, raw))

    async def _connect(self, conn: Connection, raw: bytes) -> None:
        try:
            await self.club.loop.create_connection(lambda: conn, HOST, self.club.port)
        except OSError as error:
            if self.conn is conn:
                self.fail(f"connect: {error}")
            return
        if self.conn is conn and conn.transport is not None:
            conn.transport.write(raw)

    def fail(self, why: str) -> None:
        self.club.tally.failed(self.kind, self.began, why)
        self.kind, self.then = "", None
        if self.conn is not None and self.conn.transport is not None:
            self.conn.transport.close()
        self.conn = None

    def lost(self, conn: Connection) -> None:
        if conn is self.conn:
            self.conn = None
            if self.busy:
                self.fail("the server closed the connection")

    def received(self, conn: Connection) -> None:
        buffer = conn.buffer
        end = buffer.find(b"\r\n\r\n")
        if end < 0:
            return
        lines = bytes(buffer[:end]).decode("latin-1").split("\r\n")
        status = int(lines[0][9:12])
        headers: dict[str, str] = {}
        cookies: list[str] = []
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name = name.lower()
            if name == "set-cookie":
                cookies.append(value.strip())
            else:
                headers[name] = value.strip()
        if "chunked" in headers.get("transfer-encoding", ""):
            self.fail("a chunked answer (this client reads Content-Length only)")
            return
        length = 0 if status in (204, 304) else int(headers.get("content-length", "0"))
        if len(buffer) < end + 4 + length:
            return
        body = bytes(buffer[end + 4 : end + 4 + length])
        del buffer[: end + 4 + length]
        if headers.get("connection", "").lower() == "close" and conn.transport is not None:
            conn.transport.close()
            self.conn = None
        for cookie in cookies:
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        then = self.then
        self.kind, self.then = "", None
        if then is not None:
            then((status, headers, cookies, body))

    def build(self, method: str, path: str, extra: str = "", body: bytes = b"") -> bytes:
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{self.club.port}\r\n"
            "User-Agent: bench_club\r\nAccept: */*\r\nAccept-Language: en\r\n"
            f"Accept-Encoding: gzip\r\n{extra}"
        )
        if self.cookies:
            head += "Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()) + "\r\n"
        if method == "POST":
            head += "Content-Type: application/x-www-form-urlencoded\r\n"
            head += f"Content-Length: {len(body)}\r\n"
        return head.encode("latin-1") + b"\r\n" + body

    def timed_out(self, now: float) -> None:
        if self.busy and now - self.began > TIMEOUT:
            self.fail(f"no answer within {TIMEOUT:g} s")


def page_text(body: bytes, encoding: str | None) -> str:
    if encoding == "gzip":
        body = gzip.decompress(body)
    return body.decode("utf-8")


VERSION = re.compile(r'data-version="([^"]+)"')
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


class Viewer(Phone):
    """A read-only phone: polls the version, reloads the page when it changed.

    By default it watches a table's match; in tournament mode (``watch``) the standings.
    """

    def __init__(self, club: Club, table: Table, watch: Watched | None = None) -> None:
        super().__init__(club)
        watch = watch or Watched(table.view + "/version", table.view, str(table.version))
        self.page_path = watch.page
        self.poll_path = watch.poll
        self.shown = watch.version  # the version on the page it shows, as app.js has it
        self.poll_kind, self.page_kind = watch.kinds

    def tick(self) -> None:
        if self.busy:  # still waiting for the previous poll (or its reload): late
            self.club.tally.failed(
                self.poll_kind, self.club.loop.time(), "the previous poll was late"
            )
            return
        # app.js sends the version its page shows as the tag; the server's ETag is the same.
        extra = "" if self.club.old_poll else f'If-None-Match: "{self.shown}"\r\n'
        self.request(self.poll_kind, self.build("GET", self.poll_path, extra), self.polled)

    def polled(self, answer: Answer) -> None:
        status, _headers, _cookies, body = answer
        now = self.club.loop.time()
        if status == 304:
            self.club.tally.done(self.poll_kind, self.began, now)
        elif status == 200:
            self.club.tally.done(self.poll_kind, self.began, now)
            if str(json.loads(body)["version"]) != self.shown:  # String(d.version) in app.js
                self.request(self.page_kind, self.build("GET", self.page_path), self.reloaded)
        else:
            self.club.tally.failed(self.poll_kind, self.began, f"answered {status}")

    def reloaded(self, answer: Answer) -> None:
        status, headers, _cookies, body = answer
        found = (
            VERSION.search(page_text(body, headers.get("content-encoding")))
            if status == 200
            else None
        )
        if found is None:
            self.club.tally.failed(self.page_kind, self.began, f"answered {status}")
            return
        self.club.tally.done(self.page_kind, self.began, self.club.loop.time())
        self.shown = found.group(1)


class Scorer(Phone):
    """The table's scorer: the hand form, then the hand posted, then the match page."""

    def __init__(self, club: Club, table: Table) -> None:
        super().__init__(club)
        self.table = table
        self.form_path = table.edit + "/hands/new"

    def tick(self) -> None:
        if self.busy:
            self.club.tally.failed("hand", self.club.loop.time(), "the previous hand was late")
            return
        self.request("form", self.build("GET", self.form_path), self.got_form)

    def got_form(self, answer: Answer) -> None:
        status, headers, _cookies, body = answer
        found = (
            CSRF.search(page_text(body, headers.get("content-encoding"))) if status == 200 else None
        )
        if found is None:
            self.club.tally.failed("form", self.began, f"answered {status}")
            return
        self.club.tally.done("form", self.began, self.club.loop.time())
        fields = {"csrf_token": found.group(1), "token": secrets.token_urlsafe(16), **HAND}
        raw = self.build("POST", self.form_path, body=urlencode(fields).encode())
        self.request("hand", raw, self.posted)

    def posted(self, answer: Answer) -> None:
        status, headers, _cookies, _body = answer
        location = urlsplit(headers.get("location", "")).path
        if status != 302 or location != self.table.edit:
            self.club.tally.failed("hand", self.began, f"the POST answered {status}")
            return
        self.request("hand", self.build("GET", location), self.back_on_page, began=self.began)

    def back_on_page(self, answer: Answer) -> None:
        if answer[0] != 200:
            self.club.tally.failed("hand", self.began, f"the match page answered {answer[0]}")
            return
        self.club.tally.done("hand", self.began, self.club.loop.time())


# -- a step -----------------------------------------------------------------------------


class Club:
    """The phones of every table, their timers, and the tally of the timed window."""

    def __init__(
        self,
        port: int,
        tables: list[Table],
        args: argparse.Namespace,
        watch: Watched | None = None,
    ) -> None:
        self.loop = asyncio.get_running_loop()
        self.port = port
        self.old_poll = args.old_poll
        self.poll_every = args.poll_seconds / args.speed
        self.hand_every = HAND_SECONDS / args.speed
        self.scorers = [Scorer(self, t) for t in tables]
        if watch is None:
            self.viewers = [Viewer(self, t) for t in tables for _ in range(args.viewers)]
        else:  # every player's phone and the projector watch the standings
            phones = len(tables) * args.viewers + 1
            self.viewers = [Viewer(self, tables[0], watch) for _ in range(phones)]
        self.running = True
        self.tally = Tally(0.0, 0.0)

    def every(self, phone: Viewer | Scorer, period: float, at: float) -> None:
        """``phone.tick`` at ``at`` and every ``period`` after, as setInterval does."""

        def fire(due: float) -> None:
            if not self.running:
                return
            now = self.loop.time()
            if self.tally.counts(now):
                self.tally.lateness.append((now - due) * 1000)
            self.loop.call_at(due + period, fire, due + period)
            phone.tick()

        self.loop.call_at(at, fire, at)

    async def play(self, warmup: float, seconds: float, mark: Callable[[str], None]) -> Tally:
        """The night: ``warmup`` seconds, then ``seconds`` timed (``mark`` called at either end)."""
        begin = self.loop.time() + 0.1
        self.tally = Tally(begin + warmup, begin + warmup + seconds)
        self.loop.call_at(self.tally.start, mark, "start")
        self.loop.call_at(self.tally.end, mark, "end")
        for viewer in self.viewers:
            self.every(viewer, self.poll_every, begin + random.uniform(0, self.poll_every))
        for scorer in self.scorers:
            self.every(scorer, self.hand_every, begin + random.uniform(0, self.hand_every))
        phones: list[Phone] = [*self.scorers, *self.viewers]
        while self.loop.time() < self.tally.end:
            await asyncio.sleep(0.5)
            now = self.loop.time()
            for phone in phones:
                phone.timed_out(now)
        self.running = False
        deadline = self.loop.time() + TIMEOUT + 1
        while any(p.busy for p in phones) and self.loop.time() < deadline:
            await asyncio.sleep(0.1)
            now = self.loop.time()
            for phone in phones:
                phone.timed_out(now)
        for phone in phones:
            if phone.conn is not None and phone.conn.transport is not None:
                phone.conn.transport.close()
        await asyncio.sleep(0.2)
        return self.tally


@dataclass
class Step:
    tables: int
    tally: Tally
    seconds: float
    server_cpu: float
    client_cpu: float
    speed: float
    worker_cpu: list[float]  # each server process's share of ``server_cpu``, largest first
    other_cpu: float  # what the rest of the machine used meanwhile (other jobs)
    goals: tuple[str, ...] = ("poll", "hand")  # the kinds whose p99 must be at most 100 ms

    def p(self, kind: str, q: float) -> float:
        return percentile(self.tally.latencies.get(kind, []), q)

    @property
    def errors(self) -> int:
        return sum(self.tally.errors.values())

    @property
    def passed(self) -> bool:
        return self.errors == 0 and all(self.p(k, 0.99) <= GOAL_P99_MS for k in self.goals)

    @property
    def cpu_per_table_hour(self) -> float:
        """Server CPU seconds per table per hour of a real (uncompressed) club night."""
        return self.server_cpu / self.seconds / (self.tables * self.speed) * 3600


def _processes() -> dict[int, tuple[int, float]]:
    """Every process's parent and CPU seconds so far (user + system), from Linux's /proc."""
    found = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # it ended meanwhile
            found[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    return found


def machine_cpu() -> float:
    """CPU seconds the whole machine has been busy so far (all cores), from /proc/stat."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def server_pid() -> int:
    """The server (``referee serve``, granian's main process): this process's child."""
    me = os.getpid()
    for pid, (parent, _cpu) in _processes().items():
        if parent == me:
            return pid
    raise SystemExit("cannot find the server among this process's children (Linux /proc)")


def server_cpu(pid: int) -> dict[int, float]:
    """CPU seconds so far of the server ``pid`` and each of its worker processes."""
    every = _processes()
    return {p: cpu for p, (parent, cpu) in every.items() if p == pid or parent == pid}


def poll_cost(port: int, pid: int, poll: str, version: str, rounds: int, each: int = 1000) -> None:
    """What one poll costs the server, before and after, against a request that does nothing.

    One phone, one keep-alive connection, one request after another, in alternating
    rounds: the server CPU per request and the bytes both ways (headers included).
    """
    client = Client(port)
    kinds = {
        "GET /healthz (does nothing)": (client.build("GET", "/healthz"), 200),
        "poll without If-None-Match: 200 + JSON (before)": (client.build("GET", poll), 200),
        "poll with If-None-Match: 304 (after)": (
            client.build("GET", poll, headers=f'If-None-Match: "{version}"\r\n'.encode()),
            304,
        ),
    }
    used: dict[str, float] = defaultdict(float)
    wire: dict[str, int] = {}
    for _ in range(rounds):
        for name, (raw, status) in kinds.items():
            before = sum(server_cpu(pid).values())
            for _ in range(each):
                answer = client.send(raw)
                if answer.status != status:
                    raise SystemExit(f"{name}: answered {answer.status}, not {status}")
            used[name] += sum(server_cpu(pid).values()) - before
            wire[name] = len(raw) + answer.wire
    client.close()
    print(f"  one request at a time, {rounds} alternating rounds of {each}:")
    for name in kinds:
        cost = used[name] / (rounds * each) * 1000
        print(f"    {name:<48} server CPU {cost:.2f} ms, {wire[name]:,} bytes both ways")


def warm_up(port: int, table: Table, workers: int, more: tuple[str, ...] = ()) -> None:
    """Every page the night uses, a few times on new connections, so that each worker
    has compiled its templates and built its form classes before the clock starts."""
    for _ in range(4 * workers):
        client = Client(port)
        page = client.get(table.edit + "/hands/new")
        found = CSRF.search(page_text(page.body, page.header("content-encoding")))
        if page.status != 200 or found is None:
            raise SystemExit(f"the hand form answered {page.status}")
        fields = {"csrf_token": found.group(1), "token": secrets.token_urlsafe(16), **HAND}
        posted = client.post(table.edit + "/hands/new", fields)
        if posted.status != 302:
            raise SystemExit(f"a hand posted before the night answered {posted.status}")
        for path in (table.edit, table.view, table.view + "/version", *more):
            client.get(path)
        client.close()


def run_step(tables: int, args: argparse.Namespace, first: bool) -> Step:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp, "club.db")
        began = time.perf_counter()
        watch: Watched | None = None
        if args.tournament:
            seeded, watch, director = seed_tournament(db, tables)
            (spare,) = seed(db, 1)
            print(
                f"  a tournament of {2 * tables} teams, {tables} tables, made by the director's"
                f" form in {time.perf_counter() - began:.1f} s ({director.split('/')[2]})",
                flush=True,
            )
            poll, version, more = watch.poll, watch.version, (watch.page, watch.poll)
        else:
            *seeded, spare = seed(db, tables + 1)
            print(f"  {tables} matches seeded in {time.perf_counter() - began:.1f} s", flush=True)
            poll, version, more = seeded[0].view + "/version", str(seeded[0].version), ()
        with referee_serve(db, workers=args.workers) as server:
            port = int(server.url.rsplit(":", 1)[1])
            pid = server_pid()
            if first and args.cost_rounds:
                poll_cost(port, pid, poll, version, args.cost_rounds)
            warm_up(port, spare, args.workers, more)

            async def night() -> Step:
                club = Club(port, seeded, args, watch)
                gc.collect()
                gc.freeze()  # the phones live all night: keep the collector off them
                client: dict[str, float] = {}
                machine: dict[str, float] = {}
                server: dict[str, dict[int, float]] = {}

                def mark(name: str) -> None:
                    server[name] = server_cpu(pid)
                    client[name] = time.process_time()
                    machine[name] = machine_cpu()

                tally = await club.play(args.warmup, args.seconds, mark)
                gc.unfreeze()
                used = [cpu - server["start"].get(p, 0.0) for p, cpu in server["end"].items()]
                mine = client["end"] - client["start"]
                return Step(
                    tables,
                    tally,
                    args.seconds,
                    sum(used),
                    mine,
                    args.speed,
                    sorted(used, reverse=True),
                    machine["end"] - machine["start"] - sum(used) - mine,
                    ("hand", *watch.kinds) if watch else ("poll", "hand"),
                )

            step = asyncio.run(night())
            idle(pid)
        if "Traceback" in "".join(server.output):
            print("  the server logged a traceback:\n" + server.output[-1][-2000:])
        return step


def idle(pid: int, most: float = 60.0) -> None:
    """Wait until the server has worked through what was still queued when the night ended
    (an overloaded one has connections waiting to be accepted), so it stops promptly."""
    deadline = time.monotonic() + most
    before = sum(server_cpu(pid).values())
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = sum(server_cpu(pid).values())
        if now - before < 0.05:
            return
        before = now
    print(f"  the server was still busy {most:g} s after the night ended")


# -- the report -------------------------------------------------------------------------


def ms(value: float) -> str:
    return "-" if value != value else f"{value:.1f}"  # NaN: no such request in the window


def report_tournament(steps: list[Step], args: argparse.Namespace) -> None:
    print(
        f"\na tournament: per table 1 scorer and {args.viewers} players' phones, and 1 projector,"
        f" on the standings (poll with ETag every {args.poll_seconds:g} s, reloaded when"
        f" changed); time x{args.speed:g}; {args.seconds:g} s timed after {args.warmup:g} s;"
        f" {args.workers} server workers; {os.cpu_count()} cores shared"
    )
    head = (
        "| tables | phones | req/s | hand p50 / p95 / p99 ms | standings poll p50 / p95 / p99 ms"
        " | standings page p50 / p95 / p99 ms | form p99 | errors | server cores (by process) |"
        " client cores | other jobs' cores | client timers late p99 ms |"
        " p99 <= 100 ms, no error |"
    )
    print(head)
    print("|" + " --- |" * head.count(" | ") + " --- |")
    for s in steps:
        t = s.tally
        done = sum(len(v) for v in t.latencies.values())
        shares = " + ".join(f"{cpu / s.seconds:.2f}" for cpu in s.worker_cpu if cpu > 0.005)
        spread = " | ".join(" / ".join(ms(s.p(k, q)) for q in (0.5, 0.95, 0.99)) for k in s.goals)
        print(
            f"| {s.tables:,} | {s.tables * args.viewers + 1:,} | {done / s.seconds:,.0f} |"
            f" {spread} | {ms(s.p('form', 0.99))} | {s.errors} |"
            f" {s.server_cpu / s.seconds:.2f} ({shares}) | {s.client_cpu / s.seconds:.2f} |"
            f" {max(0.0, s.other_cpu / s.seconds):.2f} |"
            f" {ms(percentile(t.lateness, 0.99))} | {'yes' if s.passed else 'NO'} |"
        )


def report(steps: list[Step], args: argparse.Namespace) -> None:
    if args.tournament:
        report_tournament(steps, args)
    else:
        report_club(steps, args)
    for s in steps:
        t = s.tally
        counts = ", ".join(f"{k} {len(v):,}" for k, v in sorted(t.latencies.items()))
        line = f"  {s.tables:,} tables: answered {counts}; {t.connects:,} connections opened"
        if t.errors:
            line += "; failed " + ", ".join(f"{k} {n:,}" for k, n in sorted(t.errors.items()))
            line += " (e.g. " + "; ".join(t.examples) + ")"
        print(line)
    met = [s.tables for s in steps if s.passed]
    if not met:
        print(f"no step met p99 <= {GOAL_P99_MS:g} ms with no error")
        return
    line = f"largest T with p99 <= {GOAL_P99_MS:g} ms and no error: {max(met):,}"
    missed = [f"{s.tables:,}" for s in steps if not s.passed and s.tables < max(met)]
    if missed:
        line += f" (though {', '.join(missed)} missed: the edge is not sharp)"
    print(line)


def report_club(steps: list[Step], args: argparse.Namespace) -> None:
    poll = "unconditional poll, always 200 (--old-poll)" if args.old_poll else "poll with ETag"
    print(
        f"\n{args.viewers} viewers and 1 scorer per table; {poll} every {args.poll_seconds:g} s;"
        f" time x{args.speed:g};"
        f" {args.seconds:g} s timed after {args.warmup:g} s;"
        f" {args.workers} server workers; {os.cpu_count()} cores shared"
    )
    head = (
        "| tables | req/s | poll p50 / p95 / p99 ms | hand p50 / p95 / p99 ms | page p99 | "
        "form p99 | errors | server cores (by process) | client cores | "
        "other jobs' cores | client timers late p99 ms | server CPU s per table-hour | "
        "p99 <= 100 ms, no error |"
    )
    print(head)
    print("|" + " --- |" * head.count(" | ") + " --- |")
    for s in steps:
        t = s.tally
        done = sum(len(v) for v in t.latencies.values())
        shares = " + ".join(f"{cpu / s.seconds:.2f}" for cpu in s.worker_cpu if cpu > 0.005)
        print(
            f"| {s.tables:,} | {done / s.seconds:,.0f} |"
            f" {ms(s.p('poll', 0.5))} / {ms(s.p('poll', 0.95))} / {ms(s.p('poll', 0.99))} |"
            f" {ms(s.p('hand', 0.5))} / {ms(s.p('hand', 0.95))} / {ms(s.p('hand', 0.99))} |"
            f" {ms(s.p('page', 0.99))} | {ms(s.p('form', 0.99))} | {s.errors} |"
            f" {s.server_cpu / s.seconds:.2f} ({shares}) | {s.client_cpu / s.seconds:.2f} |"
            f" {max(0.0, s.other_cpu / s.seconds):.2f} |"
            f" {ms(percentile(t.lateness, 0.99))} | {s.cpu_per_table_hour:.2f} |"
            f" {'yes' if s.passed else 'NO'} |"
        )


def more_files(wanted: int = 65_536) -> int:
    """Let this process, and the server it starts, hold ``wanted`` open files: every phone
    is a connection, so 3 000 tables are 12 000 sockets on each side."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    for limit in (max(wanted, hard), hard):
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, limit), limit))
            break
        except (ValueError, OSError):  # raising the hard limit needs root
            continue
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def main() -> None:
    more_files()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tables",
        type=lambda text: [int(n) for n in text.split(",")],
        default=None,
        help="tables per step, e.g. 500,1000,2000,3000 or 1500 (default 200,400,600,1000;"
        " with --tournament, 200)",
    )
    parser.add_argument(
        "--tournament",
        action="store_true",
        help="one tournament (2 x T teams of two, Mitchell, made by the director's form): per"
        " table a scorer, and every player's phone (--viewers, default 4) and a projector"
        " watching the standings (poll every 10 s, the page reloaded when it changed)",
    )
    parser.add_argument("--seconds", type=float, default=40.0, help="timed seconds per step")
    parser.add_argument("--warmup", type=float, default=8.0, help="seconds before the timing")
    parser.add_argument(
        "--workers", type=int, default=default_workers(), help="referee serve --workers"
    )
    parser.add_argument(
        "--viewers", type=int, default=None, help="read-only phones per table (3; tournament: 4)"
    )
    parser.add_argument("--speed", type=float, default=1.0, help="time compression factor")
    parser.add_argument(
        "--poll-seconds",
        type=float,
        default=None,
        help=f"the viewers' poll interval before compression (app.js: {POLL_SECONDS:g};"
        f" the standings: {STANDINGS_POLL_SECONDS:g})",
    )
    parser.add_argument(
        "--old-poll", action="store_true", help="poll without If-None-Match (always a 200)"
    )
    parser.add_argument(
        "--cost-rounds",
        type=int,
        default=5,
        help="rounds of the one-phone poll cost before the first step (0: none)",
    )
    args = parser.parse_args()
    if args.tables is None:
        args.tables = [200] if args.tournament else [200, 400, 600, 1000]
    if args.viewers is None:
        args.viewers = 4 if args.tournament else 3
    if args.poll_seconds is None:
        args.poll_seconds = STANDINGS_POLL_SECONDS if args.tournament else POLL_SECONDS
    print(
        f"Python {sys.version.split()[0]}, load average before the run"
        f" {os.getloadavg()[0]:.1f}; a poll every {args.poll_seconds / args.speed:g} s"
        f" and a hand every {HAND_SECONDS / args.speed:g} s per table",
        flush=True,
    )
    steps = []
    for tables in args.tables:
        steps.append(run_step(tables, args, first=not steps))
        print(f"  {tables} tables done, load average {os.getloadavg()[0]:.1f}", flush=True)
    report(steps, args)


if __name__ == "__main__":
    main()
