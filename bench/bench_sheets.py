"""How long a match's score sheet takes to render, against WeasyPrint's own floor.

Run: ``.venv/bin/python bench/bench_sheets.py`` (``--help`` for the knobs).

* The sheet: :func:`referee.sheets.match_sheet_pdf` for a 30-hand, two-sided match
  (header, the hands with every side's breakdown, totals, winner, chart, rules box).
* The floor: a plain 30-row HTML table with a cell for each value the whole sheet has
  (every ``td`` and ``th``, each number of a side's run of fields, the rules box's rows
  counted as cells too: the 30 × 20 the sheet had when it drew a cell each), in the same
  font, through the same :func:`referee.sheets.html_to_pdf`: what WeasyPrint needs
  for that much content with no styling.  Goal: the sheet ≤ 1.3 × the floor.
* A cached repeat: the second download of an unchanged match through the Flask app
  (``GET /m/<id>/<token>/sheet.pdf``: the link checked, the version read, the cached
  bytes sent).  Goal: ≤ 5 ms.
* The largest match (:data:`referee.match.capacity.MAX_HANDS` hands), two sides on A4 and three
  on landscape Letter: the render's time and the extra peak memory it takes, each in a
  fresh process warmed with a small sheet first.  Goal: ≤ 5 s and ≤ 200 MB.
* Eight at once, against the real server (``referee serve``, two workers, over matches of
  the largest size): eight clients ask for sheets (every language and paper in turn, so
  none comes from the cache) while one more opens an ordinary page (a match's edit link)
  every 100 ms.  Goal: that page answers in ≤ 1 s.  ``--renders N`` sets the server's
  ``SHEET_RENDERS`` (default: the app's); ``--renders 8`` is as good as no limit.

Runs are interleaved (sheet, floor, sheet, ...) in one warm process, and the
median is reported.  This is a benchmark, not a test: it prints figures and never
fails on them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from referee.match.ledger import Ledger
from referee.sheets import html_to_pdf, match_sheet_html, match_sheet_pdf

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' sample matches
from tests.support import sample  # noqa: E402

GOAL_RATIO = 1.3
GOAL_CACHED_MS = 5.0
GOAL_LARGEST_S = 5.0
GOAL_LARGEST_MB = 200
GOAL_PAGE_S = 1.0
ROWS = 30
LANGUAGES = ("en", "cs", "de", "es", "nl", "pl")


def sample_ledger(hands: int) -> Ledger:
    return sample.ledger(hands)  # no winner: every hand of the 30 counts


def count_cells(html: str) -> int:
    """Values of the sheet: table cells, the seven numbers of each run of fields (one cell
    each, as the sheet drew them before), the rules box's rows (a label and a value each)."""
    fields = 6 * len(re.findall(r'<td colspan="7" class="f">', html))
    return len(re.findall(r"<t[dh][\s>]", html)) + fields + 2 * html.count('class="kv"')


def floor_html(cells: int, rows: int = ROWS) -> str:
    """A plain table of ``rows`` rows holding ``cells`` cells, numbers like the sheet's."""
    columns = -(-cells // rows)
    rng = random.Random(2)
    body = "".join(
        "<tr>" + "".join(f"<td>{rng.randint(-200, 9000)}</td>" for _ in range(columns)) + "</tr>"
        for _ in range(rows)
    )
    return (
        '<!doctype html><html><head><meta charset="utf-8"><style>'
        '@page { size: A4 } html { font: 7.5pt "DejaVu Sans", sans-serif } '
        "table { border-collapse: collapse } td { border: 0.6pt solid #000 }"
        f"</style></head><body><table>{body}</table></body></html>"
    )


def timed(func, *args) -> float:
    start = time.perf_counter()
    func(*args)
    return (time.perf_counter() - start) * 1000


def bench_render(runs: int) -> tuple[list[float], list[float], int, int]:
    ledger = sample_ledger(ROWS)
    html = match_sheet_html(ledger)
    cells = count_cells(html)
    plain = floor_html(cells)
    match_sheet_pdf(ledger)  # warm: WeasyPrint imported, fonts loaded, templates compiled
    html_to_pdf(plain)
    sheet, floor = [], []
    for _ in range(runs):
        sheet.append(timed(match_sheet_pdf, ledger))
        floor.append(timed(html_to_pdf, plain))
    return sheet, floor, cells, -(-cells // ROWS)


def bench_cached(repeats: int) -> tuple[list[float], float]:
    from referee.storage import Storage
    from referee.web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        app = create_app({"DATABASE": str(db), "SECRET_KEY": "bench", "TESTING": True})
        storage = Storage(db)
        match = sample.stored_match(storage, ROWS, churn=False)
        storage.close()
        client = app.test_client()
        url = f"/m/{match.id}/{match.view_token}/sheet.pdf"
        first = timed(client.get, url)  # renders and fills the cache
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200
            assert response.data.startswith(b"%PDF")
        return times, first


def _largest_child(hands: int, players: int, paper: str) -> None:
    """In a fresh process: warm up, then render the sheet once; print seconds and MB."""
    match_sheet_pdf(sample.ledger(3, players=players), paper)  # WeasyPrint, fonts, templates
    ledger = sample_ledger_of(hands, players)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    pdf = match_sheet_pdf(ledger, paper)
    seconds = time.perf_counter() - start
    extra = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    print(json.dumps({"seconds": seconds, "extra_mb": extra, "kb": len(pdf) / 1024}))


def sample_ledger_of(hands: int, players: int) -> Ledger:
    return sample.ledger(hands, players=players)


def bench_largest(hands: int, players: int, paper: str, runs: int) -> list[dict[str, float]]:
    results = []
    for _ in range(runs):
        child = subprocess.run(
            [sys.executable, __file__, "--largest-child", str(hands), str(players), paper],
            capture_output=True,
            text=True,
            check=True,
        )
        results.append(json.loads(child.stdout))
    return results


def _get(url: str, timeout: float = 120) -> tuple[int, float, dict[str, str]]:
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            answer.read()
            status, headers = answer.status, dict(answer.headers)
    except urllib.error.HTTPError as error:
        error.read()
        status, headers = error.code, dict(error.headers)
    return status, time.perf_counter() - start, headers


def bench_concurrent(hands: int, seconds: float, renders: int | None) -> dict[str, object]:
    """Eight sheet clients and one page client against ``referee serve`` for ``seconds``."""
    from referee.storage import Storage
    from tests.support.live import referee_serve

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        Storage.initialise(db)
        storage = Storage(db)
        matches = [sample.stored_match(storage, hands, churn=False) for _ in range(8)]
        page_match = sample.stored_match(storage, 12, churn=False)
        storage.close()
        env = dict(os.environ)
        if renders is not None:
            env["REFEREE_SHEET_RENDERS"] = str(renders)
        with referee_serve(db, workers=2, env=env) as server:
            page = f"{server.url}/m/{page_match.id}/{page_match.edit_token}"
            _get(page)
            stop = time.monotonic() + seconds
            sheets: list[tuple[int, float, str]] = []
            pages: list[float] = []
            lock = threading.Lock()

            def sheet_client(n: int) -> None:
                match = matches[n]
                kinds = [(lang, paper) for paper in ("a4", "letter") for lang in LANGUAGES]
                i = 0
                while time.monotonic() < stop:
                    lang, paper = kinds[i % len(kinds)]
                    i += 1
                    url = (
                        f"{server.url}/m/{match.id}/{match.view_token}/sheet.pdf"
                        f"?paper={paper}&lang={lang}"
                    )
                    status, took, headers = _get(url)
                    with lock:
                        sheets.append((status, took, headers.get("Retry-After", "")))
                    if status == 503:  # as a browser would: wait as told, then again
                        time.sleep(min(float(headers.get("Retry-After") or 1), 5))

            def page_client() -> None:
                while time.monotonic() < stop:
                    status, took, _headers = _get(page, timeout=60)
                    assert status == 200, status
                    pages.append(took)
                    time.sleep(0.1)

            threads = [threading.Thread(target=sheet_client, args=(n,)) for n in range(8)]
            threads.append(threading.Thread(target=page_client))
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    rendered = [took for status, took, _r in sheets if status == 200]
    return {
        "pages": pages,
        "rendered": rendered,
        "busy": sum(status == 503 for status, _t, _r in sheets),
        "retry_after": sorted({r for status, _t, r in sheets if status == 503}),
        "other": sorted({status for status, _t, _r in sheets if status not in (200, 503)}),
    }


def largest_match() -> int:
    from referee.match.capacity import MAX_HANDS

    return MAX_HANDS


def report_largest(args: argparse.Namespace) -> None:
    hands = args.hands or largest_match()  # --hands: e.g. the code before the bound
    print(f"The largest match: {hands} hands, fresh process each, {args.largest_runs} runs")
    for players, paper, label in ((4, "a4", "2 sides, A4"), (3, "letter", "3 sides, Letter")):
        runs = bench_largest(hands, players, paper, args.largest_runs)
        worst_s = max(r["seconds"] for r in runs)
        worst_mb = max(r["extra_mb"] for r in runs)
        verdict = "met" if worst_s <= GOAL_LARGEST_S and worst_mb <= GOAL_LARGEST_MB else "missed"
        print(
            f"  {label:<16} {statistics.median(r['seconds'] for r in runs):6.2f} s "
            f"(worst {worst_s:.2f}), +{worst_mb:.0f} MB at most, "
            f"{runs[0]['kb']:.0f} KB   goal ≤ {GOAL_LARGEST_S:.0f} s, "
            f"≤ {GOAL_LARGEST_MB} MB: {verdict}"
        )


def report_concurrent(args: argparse.Namespace) -> None:
    hands = args.hands or largest_match()
    found = bench_concurrent(hands, args.seconds, args.renders)
    pages = sorted(found["pages"])  # type: ignore[arg-type]
    rendered = sorted(found["rendered"])  # type: ignore[arg-type]
    limit = "the app's" if args.renders is None else str(args.renders)
    print(
        f"Eight sheet clients and a page client, {args.seconds:.0f} s, real server "
        f"(2 workers), {hands}-hand matches, SHEET_RENDERS {limit}"
    )
    if pages:
        p99 = pages[min(len(pages) - 1, int(len(pages) * 0.99))]
        verdict = "met" if pages[-1] <= GOAL_PAGE_S else "missed"
        print(
            f"  page answers {len(pages):4}      p50 {statistics.median(pages) * 1000:6.0f} ms, "
            f"p99 {p99 * 1000:6.0f} ms, max {pages[-1] * 1000:6.0f} ms   "
            f"goal ≤ {GOAL_PAGE_S * 1000:.0f} ms: {verdict}"
        )
    if rendered:
        print(
            f"  sheets sent  {len(rendered):4}      p50 {statistics.median(rendered):6.2f} s, "
            f"max {rendered[-1]:6.2f} s"
        )
    print(
        f"  503 Retry-After {found['busy']:4}   (Retry-After {found['retry_after']}); "
        f"any other status: {found['other'] or 'none'}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="renders of each (default 9)")
    parser.add_argument("--repeats", type=int, default=200, help="cached downloads (200)")
    parser.add_argument("--largest-runs", type=int, default=3, help="largest sheets (3)")
    parser.add_argument("--hands", type=int, help="hands of the largest match (MAX_HANDS)")
    parser.add_argument("--seconds", type=float, default=30, help="eight at once (30 s)")
    parser.add_argument("--renders", type=int, help="the server's SHEET_RENDERS")
    parser.add_argument(
        "--only", choices=["render", "largest", "concurrent"], help="one part of the bench"
    )
    parser.add_argument("--largest-child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.largest_child:
        hands, players, paper = args.largest_child
        _largest_child(int(hands), int(players), paper)
        return 0
    if args.only in (None, "largest"):
        report_largest(args)
    if args.only in (None, "concurrent"):
        report_concurrent(args)
    if args.only not in (None, "render"):
        return 0

    sheet, floor, cells, columns = bench_render(args.runs)
    ratio = statistics.median(sheet) / statistics.median(floor)
    print(f"Python {sys.version.split()[0]}; {args.runs} interleaved runs, medians")
    print(f"  30-hand match sheet             {statistics.median(sheet):7.1f} ms")
    print(
        f"  floor: plain table, 30 × {columns:<3}     {statistics.median(floor):7.1f} ms"
        f"   ({cells} cells, as many as the sheet has values)"
    )
    verdict = "met" if ratio <= GOAL_RATIO else "missed"
    print(f"  sheet / floor                   {ratio:7.2f} ×   goal ≤ {GOAL_RATIO} ×: {verdict}")

    cached, first = bench_cached(args.repeats)
    median = statistics.median(cached)
    verdict = "met" if median <= GOAL_CACHED_MS else "missed"
    print(f"  first download (renders)        {first:7.1f} ms")
    print(
        f"  cached repeat download          {median:7.2f} ms   "
        f"(p90 {statistics.quantiles(cached, n=10)[-1]:.2f}) goal ≤ {GOAL_CACHED_MS} ms: {verdict}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
