"""The differential check's figures (issue 42): hands of actual cards entered card by card
and through the quick form's fields (the app's test client), against `referee score` on
the same cards; counted per variant.

Run: ``.venv/bin/python bench/bench_differential.py [N]`` (N hands, 1 000 by default).
Prints, per variant: hands, those `referee score` finds legal, those each form stored with
the same total and breakdown, those the quick form refused saying "card by card", and
disagreements (a wrong total stored, or a legal hand refused without that reason): 0 is
the goal.
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from referee.match.contract import score_json  # noqa: E402
from tests.support.differential import (  # noqa: E402
    card_hands,  # noqa: E402
    enter,
    nonzero,
)
from tests.support.web import make_app  # noqa: E402

COLUMNS = ("hands", "legal", "same (cards)", "same (quick)", "quick: card by card", "disagree")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    client = make_app(Path(tempfile.mkdtemp())).test_client()
    tally: defaultdict[str, Counter[str]] = defaultdict(Counter)

    @settings(max_examples=count, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(data=card_hands())
    def run(data: dict) -> None:
        data["round"] = 2 if any(side.get("score") for side in data["sides"]) else 1
        expected, _ = score_json(data)
        row = tally[data["variant"]]
        row["hands"] += 1
        row["legal"] += expected["valid"]
        for mode, label in (("detailed", "same (cards)"), ("quick", "same (quick)")):
            hand, page = enter(client, data, mode)
            if not expected["valid"]:
                row["disagree"] += hand is not None
            elif hand is None:
                said = mode == "quick" and "card by card" in page
                row["quick: card by card" if said else "disagree"] += 1
            else:
                same = hand["scores"] == [s["total"] for s in expected["sides"]] and [
                    nonzero(b) for b in hand["breakdowns"]
                ] == [nonzero(s["breakdown"]) for s in expected["sides"]]
                row[label if same else "disagree"] += 1

    run()
    print(f"{'variant':15}" + "".join(f"{c:>21}" for c in COLUMNS))
    total: Counter[str] = Counter()
    for variant, row in sorted(tally.items()):
        total.update(row)
        print(f"{variant:15}" + "".join(f"{row[c]:>21}" for c in COLUMNS))
    print(f"{'all':15}" + "".join(f"{total[c]:>21}" for c in COLUMNS))


if __name__ == "__main__":
    main()
