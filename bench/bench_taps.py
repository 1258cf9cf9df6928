"""How many taps the scorer's minute takes: five reference hands entered on a phone.

Run: ``.venv/bin/python bench/bench_taps.py`` (``--code DIR`` to serve another checkout,
e.g. a ``git worktree`` of the code before, for the "before" figures).

It starts the real ``referee serve`` on loopback, opens Debian's Chromium at 390×844
(Playwright), starts a match per hand and enters the hand in each mode as
``tests/support/taps.py`` describes, counting

* taps: every touch on the page (a button, a radio, a field to type in),
* keystrokes: every key typed on the keypad,
* whether a point sum had to be worked out and typed (mental arithmetic),

checks that the match then shows the score the rules core gives for the hand, and prints
a table and the median per mode.  Goal: median ≤ 10 taps in the better mode, no sums.
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
from tests.support.taps import HANDS, enter  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", help="serve this checkout instead (its referee package)")
    args = parser.parse_args()
    env = dict(os.environ, REFEREE_RATELIMIT_ENABLED="false")
    code = Path(args.code).resolve() if args.code else None
    if code is not None:  # python -m puts the working folder first on the path
        env["PYTHONPATH"] = str(code)
    results: dict[str, list[int]] = {"card by card": [], "quick": []}
    with tempfile.TemporaryDirectory() as folder:
        served = referee_serve(Path(folder) / "taps.db", env=env, cwd=code)
        with served as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
            print(f"{'hand':24} {'mode':13} {'taps':>5} {'keys':>5}  sums typed")
            for ref in HANDS:
                for mode in results:
                    c = enter(page, server.url, ref, "quick" if mode == "quick" else "cards")
                    results[mode].append(c.taps)
                    sums = "yes" if c.sums else "no"
                    print(f"{ref.name:24} {mode:13} {c.taps:5} {c.keys:5}  {sums}")
            browser.close()
    for mode, taps in results.items():
        print(f"median taps, {mode}: {statistics.median(taps)}")
    best = min(statistics.median(t) for t in results.values())
    print(f"better mode's median: {best} (goal: <= 10)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
