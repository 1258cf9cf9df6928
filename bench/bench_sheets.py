"""How long a match's score sheet takes to render, against WeasyPrint's own floor.

Run: ``.venv/bin/python bench/bench_sheets.py`` (``--help`` for the knobs).

* The sheet: :func:`referee.sheets.match_sheet_pdf` for a 30-hand, two-sided match
  (header, the hands with every side's breakdown, totals, winner, chart, rules box).
* The floor: a plain 30-row HTML table with as many cells as the whole sheet has
  (every ``td`` and ``th``, the rules box's rows counted as cells too), in the same
  font, through the same :func:`referee.sheets.html_to_pdf`: what WeasyPrint needs
  for that much content with no styling.  Goal: the sheet ≤ 1.3 × the floor.
* A cached repeat: the second download of an unchanged match through the Flask app
  (``GET /m/<id>/<token>/sheet.pdf``: the link checked, the version read, the cached
  bytes sent).  Goal: ≤ 5 ms.

Runs are interleaved (sheet, floor, sheet, ...) in one warm process, and the
median is reported.  This is a benchmark, not a test: it prints figures and never
fails on them.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from referee.ledger import Ledger
from referee.sheets import html_to_pdf, match_sheet_html, match_sheet_pdf

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' sample matches
from tests import sample  # noqa: E402

GOAL_RATIO = 1.3
GOAL_CACHED_MS = 5.0
ROWS = 30


def sample_ledger(hands: int) -> Ledger:
    return sample.ledger(hands)  # no winner: every hand of the 30 counts


def count_cells(html: str) -> int:
    """Cells of the sheet: table cells, and the rules box's rows (a label and a value each)."""
    return len(re.findall(r"<t[dh][\s>]", html)) + 2 * html.count('class="kv"')


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="renders of each (default 9)")
    parser.add_argument("--repeats", type=int, default=200, help="cached downloads (200)")
    args = parser.parse_args(argv)

    sheet, floor, cells, columns = bench_render(args.runs)
    ratio = statistics.median(sheet) / statistics.median(floor)
    print(f"Python {sys.version.split()[0]}; {args.runs} interleaved runs, medians")
    print(f"  30-hand match sheet             {statistics.median(sheet):7.1f} ms")
    print(
        f"  floor: plain table, 30 × {columns:<3}     {statistics.median(floor):7.1f} ms"
        f"   ({cells} cells, as many as the sheet has)"
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
