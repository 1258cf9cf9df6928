"""Every question of the evaluation sets asked of this checkout and of another, the answers
compared: a change made for speed must not change one (issue 44's cold start).

``python -m tests.ask_same --against CHECKOUT`` (another worktree, main say, its built files
made) asks each question of every ``tests/ask_*.toml`` of this checkout, under its variant
and language, of both checkouts' live code, each in a process of its own, and compares
``answers_json`` whole: the answers (keys, texts, scores), the ruling, ``covered``,
``did_you_mean``; a question the engine refuses is compared by its error.  Twice: warm, one
index per variant answering every question (the server's case, where a second search reads
the postings), and cold, a new index for each question (a cold ``referee ask``'s: the built
files read, the first search through FTS5).  Prints the differences; exit status 1 if any.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# What each checkout runs: the questions on standard input, one JSON answer a line out.
CHILD = """
import json, sys
from referee.ask import answers_json
from referee.ask.engine import _INDEXES
from referee.rules import MalformedInput, find_variant

cold = sys.argv[1] == "cold"
for line in sys.stdin:
    q = json.loads(line)
    if cold:
        _INDEXES.cache.clear()
    try:
        found = answers_json(find_variant(q["variant"]), q["text"], q["lang"])
    except MalformedInput as error:
        found = {"error": f"{type(error).__name__}: {error}"}
    print(json.dumps(found, ensure_ascii=False, sort_keys=True))
"""


def every_question() -> list[dict[str, str]]:
    """Each question of every ``tests/ask_*.toml``: its text, variant and language."""
    found = []
    for path in sorted(ROOT.glob("tests/ask_*.toml")):
        with path.open("rb") as handle:
            for entries in tomllib.load(handle).values():
                for entry in entries:
                    found.append(
                        {
                            "set": path.stem,
                            "text": entry.get("text", entry.get("q")),
                            "variant": entry.get("variant", "classic"),
                            "lang": entry["lang"],
                        }
                    )
    return found


def answered(checkout: Path, asked: list[dict[str, str]], mode: str) -> list[Any]:
    """``asked`` answered by ``checkout``'s code, in one process."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD, mode],
        input="".join(json.dumps(q) + "\n" for q in asked),
        capture_output=True,
        text=True,
        check=True,
        cwd=checkout,
        env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"},
    )
    return [json.loads(line) for line in out.stdout.splitlines()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, required=True, help="the other checkout")
    parser.add_argument("--mode", choices=("warm", "cold", "both"), default="both")
    args = parser.parse_args()
    asked = every_question()
    differ = 0
    for mode in ("warm", "cold") if args.mode == "both" else (args.mode,):
        here = answered(ROOT, asked, mode)
        there = answered(args.against.resolve(), asked, mode)
        assert len(here) == len(there) == len(asked)
        changed = [(q, a, b) for q, a, b in zip(asked, here, there, strict=True) if a != b]
        rulings = sum(a.get("ruling") is not None for a in here)
        print(
            f"{mode}: {len(asked)} questions of {len({q['set'] for q in asked})} sets "
            f"({rulings} with a ruling), {len(changed)} answered differently"
        )
        for q, a, b in changed[:20]:
            print(f"  {q['set']} {q['variant']} {q['lang']}: {q['text'][:80]!r}")
            print(f"    here:  {json.dumps(a, ensure_ascii=False)[:300]}")
            print(f"    there: {json.dumps(b, ensure_ascii=False)[:300]}")
        differ += len(changed)
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
