"""How many taps the scorer's minute takes: reference hands entered on a phone.

Run: ``.venv/bin/python bench/bench_taps.py`` (``--code DIR`` to serve another checkout,
e.g. a ``git worktree`` of the code before, for the "before" figures; ``--set real`` or
``--set reference`` for one set of hands).

It starts the real ``referee serve`` on loopback, opens Debian's Chromium at 390×844
(Playwright) and enters two sets of hands (``tests/support/taps.py``): the five reference
hands of five variants, and issue 37's five real classic hands, each in both modes (card by
card, quick), each as the first hand of a new match; the real hands also as one evening,
the five hands of one match in order.  It counts

* taps: every touch on the page but a digit (a field, a stepper, a radio, a box, a submit),
* keys: every digit typed (and, on the code before, every card typed),
* whether a point sum had to be worked out and typed (mental arithmetic),

checks that the match then shows the totals the rules core gives, and prints a table and
the medians per set and mode, and the fewest taps and digits each hand's information
allows in any form that takes a touch per thing counted (``floor``).  Goal (issue 37): the
real hands' median ≤ 10 taps and ≤ 4 digits in quick entry, no sums.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.support.live import referee_serve  # noqa: E402
from tests.support.taps import HANDS, REAL_HANDS, Counted, enter, evening, floor  # noqa: E402

MODES = {"card by card": "cards", "quick": "quick"}
SETS = {"reference": HANDS, "real": REAL_HANDS}


def _row(name: str, mode: str, c: Counted) -> None:
    sums = "yes" if c.sums else "no"
    print(f"{name:24} {mode:13} {c.taps:5} {c.keys:5}  {sums}")


def _medians(label: str, counted: list[Counted]) -> None:
    taps = statistics.median(c.taps for c in counted)
    keys = statistics.median(c.keys for c in counted)
    sums = sum(c.sums for c in counted)
    print(f"  median, {label}: {taps:g} taps, {keys:g} keys; hands with a sum typed: {sums}")


def _floors(hands) -> None:
    """What the hands' information allows at best (``floor``): a count typed from 2, or
    tapped on its + up to 2."""
    print("  the fewest the hand allows (any form): taps, digits; tapping counts of 2 instead")
    typed, tapped = [floor(ref) for ref in hands], [floor(ref, 2) for ref in hands]
    for ref, (t1, d1), (t2, d2) in zip(hands, typed, tapped, strict=True):
        print(f"  {ref.name:24} {t1:5} {d1:5}   {t2:5} {d2:5}")
    for label, pairs in (("typed from 2", typed), ("tapped up to 2", tapped)):
        taps = statistics.median(t for t, _ in pairs)
        digits = statistics.median(d for _, d in pairs)
        print(f"  median at best, {label}: {taps:g} taps, {digits:g} digits")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", help="serve this checkout instead (its referee package)")
    parser.add_argument("--set", choices=[*SETS, "both"], default="both")
    args = parser.parse_args()
    env = dict(os.environ, REFEREE_RATELIMIT_ENABLED="false")
    code = Path(args.code).resolve() if args.code else None
    if code is not None:  # python -m puts the working folder first on the path
        env["PYTHONPATH"] = str(code)
    sets = SETS if args.set == "both" else {args.set: SETS[args.set]}
    with tempfile.TemporaryDirectory() as folder:
        served = referee_serve(Path(folder) / "taps.db", env=env, cwd=code)
        with served as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
            for name, hands in sets.items():
                print(f"\n{name} hands, each the first hand of a new match")
                print(f"{'hand':24} {'mode':13} {'taps':>5} {'keys':>5}  sums typed")
                results: dict[str, list[Counted]] = {mode: [] for mode in MODES}
                for ref in hands:
                    for mode, how in MODES.items():
                        c = enter(page, server.url, ref, how, before_submit=lambda: None)
                        results[mode].append(c)
                        _row(ref.name, mode, c)
                for mode, counted in results.items():
                    _medians(mode, counted)
                _floors(hands)
                if name == "real":
                    print("\nreal hands as one evening: the five hands of one match, in order")
                    for mode, how in MODES.items():
                        counted = evening(page, server.url, list(hands), how)
                        for ref, c in zip(hands, counted, strict=True):
                            _row(ref.name, mode, c)
                        _medians(f"{mode}, one evening", counted)
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
