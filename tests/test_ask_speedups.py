"""What makes "Ask the referee" faster answers as the plain way did (issue 44,
docs/benchmarks.md): the closest examples read by SQLite's own ORDER BY ... LIMIT
(referee/ask/index.py ``CLOSEST_EXAMPLES``) are the rows FTS5's ``ORDER BY rank`` gives,
the same scores, ties (many) in the same order."""

from __future__ import annotations

import pytest

from referee.ask.design import LONG_POST
from referee.ask.engine import index_for
from referee.ask.example_questions import EXAMPLES_READ
from referee.ask.index import CLOSEST_EXAMPLES
from referee.ask.situation import question_sentence, without_cards
from referee.rules import PRESETS
from tests.ask_eval import long_questions, questions, real_questions

LONG = [q for q in long_questions() + real_questions() if len(q["q"].split()) > LONG_POST]


# FTS5's own order: what the index read before (ties among equal scores are many).
BY_RANK = "SELECT key, -bm25(examples) FROM examples WHERE examples MATCH ? ORDER BY rank LIMIT ?"


def closest_both_ways(questions_asked: list[tuple[str, str]]) -> int:
    """Assert both queries give the same rows for each question; the number with ties."""
    index = index_for(PRESETS["classic"])
    tied = 0
    for text, lang in questions_asked:
        tokens = index.query_tokens(text, lang)
        if not tokens:
            continue
        match = " OR ".join('"' + t.replace('"', "") + '"' for t in tokens)
        fast = index._db.execute(CLOSEST_EXAMPLES, (match, EXAMPLES_READ)).fetchall()
        assert fast == index._db.execute(BY_RANK, (match, EXAMPLES_READ)).fetchall(), text
        tied += any(a[1] == b[1] and a[0] != b[0] for a, b in zip(fast, fast[1:], strict=False))
    return tied


def test_the_closest_examples_are_fts5s_own_ties_and_all():
    asked = [(q["text"], q["lang"]) for q in questions()[::8]]
    asked += [(without_cards(q["q"]), q["lang"]) for q in LONG[::4]]
    assert closest_both_ways(asked) > len(asked) // 2  # ties put to the test


@pytest.mark.slow
def test_the_closest_examples_are_fts5s_own_for_every_part_of_every_set():
    asked = [(q["text"], q["lang"]) for q in questions()]
    for q in long_questions() + real_questions():
        for text in {q["q"], question_sentence(q["q"], q["lang"]), without_cards(q["q"])}:
            asked.append((text, q["lang"]))
    assert closest_both_ways(asked) > len(asked) // 2
