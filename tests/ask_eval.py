"""The evaluation of "Ask the referee": its question set run under one design of the index.

``python -m tests.ask_eval`` prints top-1 and top-3 for each design the README compares.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, NamedTuple

from referee.ask import answers
from referee.ask.engine import Design
from referee.rules import PRESETS

QUESTIONS = Path(__file__).with_name("ask_questions.toml")


def questions() -> list[dict[str, Any]]:
    with QUESTIONS.open("rb") as handle:
        return list(tomllib.load(handle)["q"])


class Result(NamedTuple):
    asked: int  # questions a rule answers
    first: int  # ... whose expected rule came first
    top3: int  # ... in the first three
    off_topic: int  # questions no rule answers
    silent: int  # ... answered with nothing
    misses: list[str]

    def line(self) -> str:
        return (
            f"top-1 {self.first / self.asked:.1%}  top-3 {self.top3 / self.asked:.1%}  "
            f"off-topic silent {self.silent}/{self.off_topic}"
        )


def evaluate(design: Design | None = None) -> Result:
    asked = first = top3 = off = silent = 0
    misses = []
    for q in questions():
        variant = PRESETS[q.get("variant", "classic")]
        found = [
            a.key
            for a in (
                answers(variant, q["text"], q["lang"], design)
                if design
                else answers(variant, q["text"], q["lang"])
            )
        ]
        expected = set(q["rules"])
        if not expected:
            off += 1
            silent += not found
            if found:
                misses.append(f"off-topic {q['lang']} {q['text']!r}: {found}")
            continue
        asked += 1
        first += bool(found) and found[0] in expected
        top3 += bool(expected & set(found))
        if not found or found[0] not in expected:
            misses.append(f"{q['lang']} {q['text']!r}: want {sorted(expected)}, got {found}")
    return Result(asked, first, top3, off, silent, misses)


DESIGNS = {
    "BM25 only (folded words, no stemming, no glossary)": Design(
        stem=False, glossary=False, weights=(1.0, 0.0, 0.0, 0.0), threshold=0.0
    ),
    "+ stemming": Design(glossary=False, weights=(1.0, 0.0, 0.0, 0.0), threshold=0.0),
    "+ key and group words": Design(glossary=False, weights=(1.0, 1.0, 0.0, 0.0), threshold=0.0),
    "+ glossary in statements": Design(weights=(1.0, 1.0, 1.0, 0.0), threshold=0.0),
    "+ glossary concepts of the key": Design(threshold=0.0),
    "+ threshold": Design(any_language=False),
    "+ glossary words of every language (kept)": Design(),
    "kept, without diacritics folding": Design(fold=False),
}

if __name__ == "__main__":
    for name, design in DESIGNS.items():
        print(f"{name:<55} {evaluate(design).line()}")
    for miss in evaluate().misses:
        print("  ", miss)
