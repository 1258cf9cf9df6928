"""Generated junk against the real ``referee serve``: how many answers are 5xx (goal: 0).

Run: ``.venv/bin/python bench/fuzz_server.py`` (``--requests``, ``--seconds``, ``--seed``).

It starts the real server (granian, two worker processes) on 127.0.0.1 only, a
free port, a fresh database in a temporary folder; makes a match with a hand
through the app's own forms, as a phone would (a real session and CSRF token);
then sends ``--requests`` generated requests, spread evenly over every route of
the app's URL map, with the same generator as the route fuzz test
(``tests/support/junk.py``): numbers of hundreds of digits, NUL bytes, unpaired
surrogates, megabyte fields, repeated fields, wrong content types, JSON nested
100 000 deep, damaged match files, names with control and bidirectional characters.
Then ``--imports`` match files more, each a real export mutated where its structure
is (wrong kinds, missing keys, huge, negative, infinite and NaN numbers, deep
nesting, a side more or less), posted to the import with the real CSRF token.
Every match any request made (an import, a new match, a rematch) is then opened
page by page -- the ledger, both hand forms, each hand's edit form, history, both
sheets, CSV, JSON, rules, referee, QR code, version poll and the API -- and those
answers are counted too.  It stops early after ``--seconds``.

It prints the count of answers by status code, every 5xx with the request that
got it, and whether the server logged a traceback.  This is a benchmark, not a
test: it never fails, it reports.
"""

from __future__ import annotations

import argparse
import http.client
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' generator
from tests.support.junk import (  # noqa: E402
    MULTIPART,
    Junk,
    _multipart,
    harvest,
    made_match,
    match_pages,
    mutated,
    requests_for,
    routes,
)
from tests.support.live import referee_serve  # noqa: E402


class Phone:
    """One keep-alive connection with a browser's session cookie."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def fetch(self, method: str, path: str, headers: dict[str, str], body: bytes):
        sent = dict(headers)
        if self.cookies and "Cookie" not in sent:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body or None, headers=sent)
                answer = self.conn.getresponse()
                data = answer.read()
                break
            except (http.client.HTTPException, OSError):
                # The server may close a connection after refusing a request; that is
                # an answer of its own, not a 5xx.  Try once more on a new connection.
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    return 0, "", b""
        for cookie in answer.headers.get_all("Set-Cookie") or []:
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        if answer.will_close:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        return answer.status, answer.headers.get("Location", ""), data


class Fuzz:
    """The answers counted over both servers, and the matches the requests made."""

    def __init__(self) -> None:
        self.counts: Counter[int] = Counter()
        self.failures: list[tuple[int, Junk, bytes]] = []
        self.made: list[str] = []  # the links of the matches the requests made
        self.followed = 0  # requests that opened their pages
        self.imports = [0, 0]  # mutated files imported, refused

    def send(self, phone: Phone, junk: Junk) -> None:
        """Send ``junk``; if it made a match, open every page of that match too."""
        status, location, body = phone.fetch(junk.method, junk.path, dict(junk.headers), junk.body)
        self.counts[status] += 1
        if status >= 500:
            self.failures.append((status, junk, body))
        link = made_match(status, location)
        if link is None:
            return
        self.made.append(link)
        for path, answered in match_pages(phone.fetch, link):
            self.counts[answered] += 1
            self.followed += 1
            if answered >= 500:
                self.failures.append((answered, Junk("GET", path, (), b""), b""))


def _settings(examples: int) -> Any:
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


def every_route(fuzz: Fuzz, url: str, per_route: int, args: argparse.Namespace) -> None:
    phone = Phone(int(url.rsplit(":", 1)[1]))
    known = harvest(phone.fetch)
    started = time.monotonic()
    for rule, methods in routes():
        if time.monotonic() - started > args.seconds:
            print(f"stopped after {args.seconds:.0f} s", file=sys.stderr)
            break

        @seed(args.seed)
        @_settings(per_route)
        @given(junk=requests_for(rule, methods, known))
        def fire(junk: Junk) -> None:
            fuzz.send(phone, junk)

        fire()
        print(f"{rule:55} {sum(fuzz.counts.values()):6} requests", file=sys.stderr)


def mutated_files(fuzz: Fuzz, url: str, args: argparse.Namespace) -> None:
    phone = Phone(int(url.rsplit(":", 1)[1]))
    known = harvest(phone.fetch)
    started = time.monotonic()

    @seed(args.seed)
    @_settings(args.imports)
    @given(upload=mutated(known.export))
    def upload(upload: bytes) -> None:
        if time.monotonic() - started > args.seconds:
            return
        body = _multipart([("csrf_token", known.csrf_token)], upload)
        before = len(fuzz.made)
        fuzz.send(phone, Junk("POST", "/matches/import", (("Content-Type", MULTIPART),), body))
        fuzz.imports[0 if len(fuzz.made) > before else 1] += 1

    upload()
    print(f"{'mutated match files':55} {sum(fuzz.counts.values()):6} requests", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--imports", type=int, default=2_000, help="mutated match files more")
    parser.add_argument("--seconds", type=float, default=900, help="stop each part after this")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    fuzz = Fuzz()
    per_route = -(-args.requests // len(routes()))
    logs = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        with referee_serve(Path(folder) / "referee.db", workers=2) as server:
            every_route(fuzz, server.url, per_route, args)
        logs += server.output
        # The mutated files go to a server whose import limit (10 a minute per address)
        # is lifted, so that each reaches the checks; the limit met the junk above.
        lifted = {**os.environ, "REFEREE_LIMIT_IMPORTS": "1000000 per minute"}
        with referee_serve(Path(folder) / "imports.db", workers=2, env=lifted) as server:
            mutated_files(fuzz, server.url, args)
        logs += server.output
    elapsed = time.monotonic() - started
    log = "\n".join(logs)
    counts = fuzz.counts
    total = sum(counts.values())
    print(f"\n{total} generated requests in {elapsed:.0f} s against referee serve")
    print(f"  mutated match files: {fuzz.imports[0]} imported, {fuzz.imports[1]} refused")
    print(f"  matches made: {len(fuzz.made)}, their pages opened: {fuzz.followed} requests")
    for status in sorted(counts):
        label = "connection closed by the server" if status == 0 else f"HTTP {status}"
        print(f"  {label:34} {counts[status]:6}")
    server_errors = sum(n for status, n in counts.items() if status >= 500)
    print(f"answers of 5xx: {server_errors} (goal: 0)")
    for status, junk, body in fuzz.failures:
        print(f"  {status}: {junk.show()}\n      {body[:300]!r}")
    print("server log: " + ("a traceback!" if "Traceback" in log else "no traceback"))
    if "Traceback" in log:
        print(log[-5000:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
