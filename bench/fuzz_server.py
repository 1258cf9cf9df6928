"""Generated junk against the real ``referee serve``: how many answers are 5xx (goal: 0).

Run: ``.venv/bin/python bench/fuzz_server.py`` (``--requests``, ``--seconds``, ``--seed``).

It starts the real server (gunicorn, two worker processes) on 127.0.0.1 only, a
free port, a fresh database in a temporary folder; makes a match with a hand
through the app's own forms, as a phone would (a real session and CSRF token);
then sends ``--requests`` generated requests, spread evenly over every route of
the app's URL map, with the same generator as the route fuzz test
(``tests/junk.py``): numbers of hundreds of digits, NUL bytes, unpaired
surrogates, megabyte fields, repeated fields, wrong content types, JSON nested
100 000 deep, damaged match files.  It stops early after ``--seconds``.

It prints the count of answers by status code, every 5xx with the request that
got it, and whether the server logged a traceback.  This is a benchmark, not a
test: it never fails, it reports.
"""

from __future__ import annotations

import argparse
import http.client
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings

from referee.web import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' generator
from tests.junk import Junk, harvest, requests_for  # noqa: E402
from tests.live import referee_serve  # noqa: E402


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


def routes() -> list[tuple[str, tuple[str, ...]]]:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": f"{folder}/routes.db", "SECRET_KEY": "routes"})
    return sorted((r.rule, tuple(sorted(r.methods or ()))) for r in app.url_map.iter_rules())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=900, help="stop after this long")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    counts: Counter[int] = Counter()
    failures: list[tuple[int, Junk, bytes]] = []
    table = routes()
    per_route = -(-args.requests // len(table))
    with tempfile.TemporaryDirectory() as folder:
        with referee_serve(Path(folder) / "referee.db", workers=2) as server:
            phone = Phone(int(server.url.rsplit(":", 1)[1]))
            known = harvest(phone.fetch)
            started = time.monotonic()
            for rule, methods in table:
                if time.monotonic() - started > args.seconds:
                    print(f"stopped after {args.seconds:.0f} s", file=sys.stderr)
                    break

                @seed(args.seed)
                @settings(
                    max_examples=per_route,
                    deadline=None,
                    database=None,
                    phases=[Phase.generate],
                    suppress_health_check=list(HealthCheck),
                )
                @given(junk=requests_for(rule, methods, known))
                def fire(junk: Junk) -> None:
                    status, _location, body = phone.fetch(
                        junk.method, junk.path, dict(junk.headers), junk.body
                    )
                    counts[status] += 1
                    if status >= 500:
                        failures.append((status, junk, body))

                fire()
                print(f"{rule:55} {sum(counts.values()):6} requests", file=sys.stderr)
            elapsed = time.monotonic() - started
    log = server.output[0] if server.output else ""
    total = sum(counts.values())
    print(f"\n{total} generated requests in {elapsed:.0f} s against referee serve")
    for status in sorted(counts):
        label = "connection closed by the server" if status == 0 else f"HTTP {status}"
        print(f"  {label:34} {counts[status]:6}")
    server_errors = sum(n for status, n in counts.items() if status >= 500)
    print(f"answers of 5xx: {server_errors} (goal: 0)")
    for status, junk, body in failures:
        print(f"  {status}: {junk.show()}\n      {body[:300]!r}")
    print("server log: " + ("a traceback!" if "Traceback" in log else "no traceback"))
    if "Traceback" in log:
        print(log[-5000:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
