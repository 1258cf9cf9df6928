"""Whether a long history costs a match's requests anything: 10 changes against 10 000.

Run: ``.venv/bin/python bench/bench_history.py`` (``--help``); ``--before
/work/main/.venv/bin/python`` adds a column pair for another checkout's code (the
``referee`` package that interpreter imports), measured in the same run.

For each code (this checkout's, and ``--before``'s if given), one worker process, one app
(``create_app`` over a fresh database in a temporary folder, CSRF and the rate limits off
as in the tests), driven through Flask's test client: no server, no network, only what
the app itself does (the poll through its WSGI middleware, as a phone reaches it).  Two
matches, classic for four, 10 hands each, stored as an import stores them: one with 10
changes (the hands recorded), one with 4 900 and one with 10 000 (then edits, the issue's
"3 000 edits of one hand" over ten hands; the change cap, 5 000, refuses new changes, not
a match an older version stored).  The requests, each one whole through every hook of the
app, its status checked:

* the match page by its edit link (which asks whether there is a change to undo or
  redo) and by its read-only link (the phones watching the table);
* the poll, answered 304 (what each watching phone asks every 3 s);
* a hand POST (the redirect not followed; a new hand each time, so each is a new
  change: 90 of them at most, the match stays under 200 hands), at 10 and 4 900 changes
  (at 10 000 it is refused: past the cap), into a copy of the match made for them, so
  that the pages' matches stay as stored;
* the history page (its newest page: 10 changes of the small match, 50 of the others).

``--rounds`` rounds; in each, each request at each size, timed over ``--requests``
requests (a third of them for the POST, a tenth for the history page: before this
issue it took seconds) in CPU time of the worker process (the machine
is shared), after a garbage collection.  A cell is the median over the rounds of
milliseconds per request; the "×" column is the largest cell over the 10 cell.

This is a benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = (10, 4_900, 10_000)
POSTS_UNDER = 4_910  # a hand POST is timed on matches this far from the change cap (5 000)
HANDS = 10
KINDS = ("match page (edit link)", "match page (read-only link)", "poll (304)", "hand POST")
KINDS += ("history page",)

# A legal classic hand at any total: North-South go out with a mixed canasta of kings;
# East-West's melds (130) reach every opening minimum (120 from 3 000).
HAND = {
    "mode": "detailed",
    "side0-melds": "K K K K K 2 2\nA A A A\nQ Q Q Q Q Q",
    "side0-went_out": "y",
    "side1-melds": "A A A A\n10 10 10 10 10",
    "side1-hand_points": "30",
}


def _entries(count: int, seed: int) -> list[dict]:
    out = []
    for n in range(count):
        winner = (n + seed) % 2
        out.append(
            {
                "mode": "detailed",
                "note": f"hand {n} as typed, seed {seed}",
                "sides": [
                    {
                        "melds": "K K K K K 2 2\n8 8 8 8 8" if side == winner else "A A A A A",
                        "red_threes": (n + side) % 2,
                        "went_out": side == winner,
                        "concealed": False,
                        "hand": "" if side == winner else "5 6",
                    }
                    for side in range(2)
                ],
            }
        )
    return out


def _store(database: str, changes: int):
    """A match of :data:`HANDS` hands and ``changes`` changes, stored as an import is."""
    from referee.match.entry import score_entry
    from referee.match.ledger import Change, HandRecord, Match, result_to_dict
    from referee.rules import find_variant
    from referee.storage import Storage

    variant = find_variant("classic")
    match = Match.begin(
        variant, {}, 4, ("North-South", "East-West"), ("Ann", "Ben", "Cleo", "Dan"),
        name="A long history", target=100_000, created="2026-11-26T19:00:00+00:00",
    )  # fmt: skip
    entries, edits = _entries(HANDS, 0), _entries(HANDS, 1)
    stamp = match.created

    def result(entry: dict) -> dict:
        return result_to_dict(score_entry(variant, 4, match.side_names, entry))

    hands = [
        (HandRecord(i, 0, e, result(e), stamp, stamp), False) for i, e in enumerate(entries, 1)
    ]
    history = [Change(i, i, "add", None, e, stamp, False) for i, e in enumerate(entries, 1)]
    while len(history) < changes:  # each hand edited in turn, and back
        n = len(history) % HANDS + 1
        turn = (len(history) // HANDS) % 2
        before, after = (entries, edits) if turn else (edits, entries)
        history.append(
            Change(len(history) + 1, n, "edit", before[n - 1], after[n - 1], stamp, False)
        )
    storage = Storage(database)
    try:
        return storage.import_match(match, hands, history)
    finally:
        storage.close()


def worker(rounds: int, requests: int) -> dict[str, dict[int, float]]:
    """Time each request at each size in this process; ms per request, median of rounds."""
    from referee.web import create_app

    folder = tempfile.mkdtemp(prefix="bench-history-")
    database = os.path.join(folder, "referee.db")
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": database,
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
        }
    )
    client = app.test_client()
    client.get("/")  # the database made and migrated
    matches = {size: _store(database, size) for size in SIZES}
    # The POSTs go to matches of their own: the pages' matches stay as stored.
    posted = {size: _store(database, size) for size in SIZES if size <= POSTS_UNDER}

    sizes = {match.id: size for size, match in matches.items()}

    def version(match) -> str:
        got = client.get(f"/m/{match.id}/{match.view_token}/version")
        return got.headers["ETag"]

    def request(kind: str, match) -> int:
        edit = f"/m/{match.id}/{match.edit_token}"
        if kind == "match page (edit link)":
            return client.get(edit).status_code
        if kind == "match page (read-only link)":
            return client.get(f"/m/{match.id}/{match.view_token}").status_code
        if kind == "poll (304)":
            headers = {"If-None-Match": tags[match.id]}
            return client.get(
                f"/m/{match.id}/{match.view_token}/version", headers=headers
            ).status_code
        if kind == "hand POST":
            data = {**HAND, "token": secrets.token_urlsafe(16)}
            into = posted[sizes[match.id]]
            return client.post(f"/m/{into.id}/{into.edit_token}/hands/new", data=data).status_code
        return client.get(edit + "/history").status_code

    expected = {"poll (304)": 304, "hand POST": 302}
    times: dict[str, dict[int, list[float]]] = {k: {s: [] for s in SIZES} for k in KINDS}
    for kind in KINDS:  # warm: every cache as a phone would find it
        for size, match in matches.items():
            tags = {m.id: version(m) for m in matches.values()}
            if kind != "hand POST" or size <= POSTS_UNDER:
                request(kind, match)
    for _round in range(rounds):
        for kind in KINDS:
            count = {"hand POST": requests // 3, "history page": requests // 10}.get(kind, requests)
            count = max(1, count)
            for size, match in matches.items():
                if kind == "hand POST" and size > POSTS_UNDER:
                    continue
                tags = {m.id: version(m) for m in matches.values()}
                gc.collect()
                start = time.process_time()
                for _ in range(count):
                    status = request(kind, match)
                    assert status == expected.get(kind, 200), (kind, size, status)
                times[kind][size].append((time.process_time() - start) * 1000 / count)
    return {k: {s: statistics.median(v) for s, v in by.items() if v} for k, by in times.items()}


def _run(python: str, rounds: int, requests: int) -> tuple[str, dict[str, dict[int, float]]]:
    code = subprocess.run(  # from a folder of its own: that Python's own referee imported
        [python, __file__, "--worker", "--rounds", str(rounds), "--requests", str(requests)],
        check=True,
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    found = json.loads(code.stdout.strip().splitlines()[-1])
    return found["where"], {k: {int(s): v for s, v in by.items()} for k, by in found["ms"].items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=30, help="per cell and round")
    parser.add_argument(
        "--before", help="another checkout's Python, e.g. /work/main/.venv/bin/python"
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        import referee

        ms = worker(args.rounds, args.requests)
        where = str(Path(next(iter(referee.__path__))).parent)
        print(json.dumps({"where": where, "ms": ms}))
        return
    codes = [("before", args.before)] if args.before else []
    codes.append(("after", sys.executable))
    results = [(name, *_run(python, args.rounds, args.requests)) for name, python in codes]
    load = os.getloadavg()[0]
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, load average {load:.1f}; ms of CPU per request")
    for name, where, _ms in results:
        print(f"  {name}: {where}")
    head = "| request |"
    for name, _where, _ms in results:
        head += "".join(f" {name}: {size:,} |".replace(",", " ") for size in SIZES) + " × |"
    print(head)
    print("| --- |" + " --- |" * (len(SIZES) + 1) * len(results))
    for kind in KINDS:
        line = f"| {kind} |"
        for _name, _where, ms in results:
            cells = [ms[kind].get(size) for size in SIZES]
            line += "".join(" – |" if c is None else f" {c:.2f} |" for c in cells)
            largest = [c for c in cells if c is not None][-1]
            line += f" {largest / cells[0]:.1f} |"
        print(line)


if __name__ == "__main__":
    main()
