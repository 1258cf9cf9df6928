"""A big event's papers fetched by many phones at once, and the rest of the room meanwhile.

Run: ``.venv/bin/python bench/bench_papers.py`` (``--help`` for the knobs).

Seeds one Swiss tournament of ``--teams`` teams (the form's most, 1 000: 500 tables), round 1
begun and a hand at every table, in a fresh database, and starts the real server
(``referee serve``, ``--workers``).  Then for ``--seconds``:

* ``--clients`` phones (8) loop on the event's papers through its read-only link: the team
  cards and the results PDF, one after the other, as fast as they are answered (a 503
  answered with ``Retry-After`` is waited out, as a browser's user would);
* one more phone opens the other pages every 100 ms in turn: a table's match page, the
  standings, and a score sheet of a match of its own (each paper and language in turn, so
  the first few are rendered and the rest come from the cache).

It prints each kind's count, p50, p95 and max, every status other than 200, the papers'
renders (the server's log is not read: a paper's first answer per version is the render,
the rest are kept bytes) and the peak resident memory of each server process.  Goals
(issue 46): other pages p95 <= 100 ms, no sheet refused.

This is a benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.support
from tests.support.live import referee_serve  # noqa: E402
from tests.support.tournaments import won_by  # noqa: E402

GOAL_P95_MS = 100.0
PROBE_SECONDS = 0.1


def seed(db: Path, teams: int) -> tuple[str, list[str], str]:
    """The read-only link, the tables' match pages (read-only) and a match's edit link."""
    from referee.storage import Storage
    from referee.web import create_app

    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(db),
            "SECRET_KEY": "seed",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    client = app.test_client()
    fields = {
        "name": "Federation cup",
        "preset": "american",
        "players": "4",
        "teams": "\n".join(f"N{n}a & N{n}b" for n in range(1, teams + 1)),
        "movement": "swiss",
        "rounds": "5",
        "game": "hands",
        "hands": "3",
        "minimums": "125, 155, 180",
        "ranking": "vp",
    }
    answer = client.post("/tournaments/new", data=fields)
    if answer.status_code != 302:
        raise SystemExit(f"the director's form answered {answer.status_code}")
    director = urlsplit(answer.location).path
    page = client.get(director).get_data(as_text=True)
    links = re.findall(r'href="(/m/[0-9]+/[A-Za-z0-9_-]+)"', page)
    for n, link in enumerate(links):
        client.post(f"{link}/hands/new?mode=quick", data=won_by(n % 2))
    tournament_id = int(director.split("/")[2])
    storage = Storage(db)
    try:
        tournament = storage.get_tournament(tournament_id)
        assert tournament is not None
        view = f"/t/{tournament_id}/{tournament.view_token}"
        views = []
        for link in links[:50]:
            match = storage.get_match(int(link.split("/")[2]))
            assert match is not None
            views.append(f"/m/{match.id}/{match.view_token}")
    finally:
        storage.close()
    own = urlsplit(
        client.post("/matches/new", data={"preset": "classic", "players": "4"}).location
    ).path
    return view, views, own


def fetch(url: str) -> tuple[int, float, int]:
    """(status, milliseconds, bytes) of one GET."""
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=300) as answer:
            body = answer.read()
            status = answer.status
    except urllib.error.HTTPError as error:
        body = error.read()
        status = error.code
    return status, (time.perf_counter() - began) * 1000, len(body)


def rss_peaks(root: int) -> dict[int, int]:
    """The peak resident memory (VmHWM, MB) of ``root`` and its children."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        parent = int(re.search(r"PPid:\s+(\d+)", status)[1])
        if int(entry.name) == root or parent == root:
            peak = re.search(r"VmHWM:\s+(\d+)", status)
            if peak:
                found[int(entry.name)] = int(peak[1]) // 1024
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "referee.db"
        began = time.perf_counter()
        view, pages, own = seed(db, args.teams)
        print(f"seeded {args.teams} teams in {time.perf_counter() - began:.0f} s")
        with referee_serve(db, workers=args.workers) as server:
            base = server.url
            for path in (pages[0], view + "/standings", own):  # every worker warmed a little
                for _ in range(2 * args.workers):
                    fetch(base + path)
            me = os.getpid()
            stop = threading.Event()
            tally: dict[str, list[float]] = defaultdict(list)
            statuses: dict[tuple[str, int], int] = defaultdict(int)
            sizes: dict[str, int] = {}
            lock = threading.Lock()

            def note(kind: str, status: int, ms: float, size: int) -> None:
                with lock:
                    if status == 200:
                        tally[kind].append(ms)
                        sizes[kind] = size
                    statuses[(kind, status)] += 1

            def phone(n: int) -> None:
                papers = ("teams.pdf", "results.pdf")
                i = n
                while not stop.is_set():
                    paper = papers[i % 2]
                    status, ms, size = fetch(f"{base}{view}/{paper}")
                    note(paper, status, ms, size)
                    if status == 503:
                        stop.wait(1.0)
                    i += 1

            def probe() -> None:
                sheets = [
                    f"{own}/sheet.pdf?paper={p}&lang={lang}"
                    for lang in ("en", "de", "cs")
                    for p in ("a4", "letter")
                ]
                kinds = [("match page", lambda i: pages[i % len(pages)])]
                kinds.append(("standings", lambda _i: view + "/standings"))
                kinds.append(("own sheet", lambda i: sheets[i % len(sheets)]))
                i = 0
                while not stop.is_set():
                    kind, path = kinds[i % len(kinds)]
                    status, ms, size = fetch(base + path(i // len(kinds)))
                    note(kind, status, ms, size)
                    i += 1
                    stop.wait(PROBE_SECONDS)

            threads = [threading.Thread(target=phone, args=(n,)) for n in range(args.clients)]
            threads.append(threading.Thread(target=probe))
            started = time.perf_counter()
            for thread in threads:
                thread.start()
            stop.wait(args.seconds)
            stop.set()
            for thread in threads:
                thread.join()
            took = time.perf_counter() - started
            server_pid = next(
                int(e.name)
                for e in Path("/proc").iterdir()
                if e.name.isdigit()
                and re.search(r"PPid:\s+(\d+)", (e / "status").read_text())[1] == str(me)
            )
            peaks = rss_peaks(server_pid)

    print(
        f"{args.clients} clients on {args.teams} teams' papers,"
        f" {took:.0f} s, {args.workers} workers, load {os.getloadavg()[0]:.1f}"
    )
    print(f"{'kind':<12} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'KB':>7}")
    for kind, values in sorted(tally.items()):
        values.sort()
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        print(
            f"{kind:<12} {len(values):>5} {statistics.median(values):>8.0f} {p95:>8.0f}"
            f" {values[-1]:>8.0f} {sizes[kind] // 1024:>7}"
        )
    refused = {k: v for k, v in statuses.items() if k[1] != 200}
    print("other statuses:", dict(refused) or "none")
    print("peak memory (MB) of the server's processes:", sorted(peaks.values()))
    others = [v for k, v in tally.items() if not k.endswith(".pdf")]
    worst = max(sorted(v)[min(len(v) - 1, int(0.95 * len(v)))] for v in others if v)
    print(f"goal: other pages p95 <= {GOAL_P95_MS:.0f} ms: worst {worst:.0f} ms")


if __name__ == "__main__":
    main()
