"""What the pages the test suite asks for most cost the app to render, and what they send.

Run: ``.venv/bin/python bench/bench_pages.py [--profile PAGE] [--dump FOLDER] [--rounds N]``.

One app over a new database (as the tests make it, tests/support/web.py), a classic match
of three hands, a quick and a full hand form, the referee page, a tournament and its pages,
and a hand posted.  Each page is asked for ``--rounds`` times after two; the median CPU
(``time.process_time``) of one request is printed.  ``--dump FOLDER`` writes each page's
bytes (the one-time tokens made in order, the CSRF tokens and the moments of writing
blanked) so two versions of the app can be compared byte for byte (``diff -r``);
``--profile NAME`` runs cProfile over that page's requests and prints the costliest
functions.  A benchmark: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import re
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.web import GOING_OUT, TOURNAMENT, hand, make_app, start_match  # noqa: E402


def _fixed_tokens() -> None:
    """The one-time tokens a form is given, the same in every run (so two runs' pages compare)."""
    counter = iter(range(10**9))
    secrets.token_urlsafe = lambda n=None: f"tok{next(counter):020d}"  # type: ignore[assignment]
    random.seed(0)


def pages(client) -> dict[str, tuple[str, str, dict | None]]:
    edit = start_match(client, side1_name="We", side2_name="They")
    for _ in range(3):
        assert client.post(edit + "/hands/new", data=hand(**GOING_OUT)).status_code == 302
    response = client.post("/tournaments/new", data=TOURNAMENT)
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    director = response.location
    table = re.findall(
        r'href="(?:http://localhost)?(/m/\d+/[^"#/]+)"', client.get(director).get_data(as_text=True)
    )
    found = {
        "home": ("GET", "/", None),
        "new match": ("GET", "/matches/new", None),
        "match": ("GET", edit, None),
        "match cs": ("GET", edit + "?lang=cs", None),
        "hand form full": ("GET", edit + "/hands/new", None),
        "hand form quick": ("GET", edit + "/hands/new?mode=quick", None),
        "hand posted (422)": (
            "POST",
            edit + "/hands/new",
            {"mode": "detailed", "token": "x", "out": "none", "side0-melds": "K K"},
        ),
        "referee": ("GET", "/referee", None),
        "match referee": ("GET", edit + "/referee", None),
        "history": ("GET", edit + "/history", None),
        "result": ("GET", edit + "/result", None),
        "rules": ("GET", "/rules/classic", None),
        "tournament new": ("GET", "/tournaments/new", None),
        "tournament": ("GET", director, None),
        "standings": ("GET", director + "/standings", None),
    }
    if table:
        found["tournament table"] = ("GET", table[0], None)
    return found


def _steady(body: bytes) -> bytes:
    """``body`` without what differs from run to run by design: the CSRF token (signed with
    the time) and the moments hands were written (now)."""
    body = re.sub(rb'(name="csrf_token" type="hidden" value=")[^"]+', rb"\1CSRF", body)
    body = re.sub(rb'(name="csrf_token" value=")[^"]+', rb"\1CSRF", body)
    body = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+Z0-9:]*", b"WHEN", body)
    return re.sub(rb"\d{4}-\d\d-\d\d \d\d:\d\d UTC", b"WHEN UTC", body)


def ask(client, method: str, url: str, data) -> bytes:
    if method == "GET":
        return client.get(url).get_data()
    return client.post(url, data=data).get_data()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--dump")
    parser.add_argument("--profile")
    parser.add_argument("--only")
    args = parser.parse_args()
    _fixed_tokens()
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        client = app.test_client()
        found = pages(client)
        if args.dump:
            out = Path(args.dump)
            out.mkdir(parents=True, exist_ok=True)
            for name, (method, url, data) in found.items():
                body = _steady(ask(client, method, url, data))
                (out / (name.replace(" ", "_") + ".html")).write_bytes(body)
            return
        total = 0.0
        for name, (method, url, data) in found.items():
            if args.only and name != args.only:
                continue
            if args.profile and name != args.profile:
                continue
            for _ in range(2):
                ask(client, method, url, data)
            if args.profile:
                profiler = cProfile.Profile()
                profiler.enable()
                for _ in range(args.rounds):
                    ask(client, method, url, data)
                profiler.disable()
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(60)
                pstats.Stats(profiler).sort_stats("tottime").print_stats(40)
                continue
            times = []
            for _ in range(args.rounds):
                start = time.process_time()
                ask(client, method, url, data)
                times.append(time.process_time() - start)
            median = statistics.median(times) * 1000
            total += median
            print(f"{name:22} {median:7.2f} ms")
        if not args.profile:
            print(f"{'sum':22} {total:7.2f} ms")


if __name__ == "__main__":
    main()
