"""How fast "Ask the referee" answers, and what its index costs.

Run: ``.venv/bin/python bench/bench_ask.py`` (``--help`` for the knobs).

* ``GET /api/ask`` on the real server (``referee serve``, two workers, a fresh database,
  the API's rate limit lifted), one client at a time after a warm-up that builds each
  worker's indexes, over three sets: "short", the evaluation set's questions; "long", the
  posts of more than ``LONG_POST`` words (those we wrote, tests/ask_long.toml, and the real
  set's, tests/ask_real.toml: a long post costs two searches); "mix", both shuffled
  together.  Goal: p99 within 30 ms, on each.  And the floor, what any answer of the server
  costs: "healthz", ``GET /healthz`` (Flask's bare answer) and "empty", ``GET /api/ask``
  with no question (the API's plumbing, its 400 answer), 200 of each a round.
* ``--stages``: the same sets in this process, each question's parts timed (reading the
  situation, the search, the whole answer), p50 and p99 of each.
* ``referee ask`` from a cold process against ``referee score`` from a cold process,
  alternated, the median of each.  Goal: ``ask`` within twice ``score``.  And the floor in
  the same turns: ``python -c pass`` and ``python -c "import referee"``.
* ``--against CHECKOUT``: another checkout (main, say) timed in the same turns: its server
  asked each question right after this one's, its ``referee ask`` started in the same
  rounds; the ratios hold when the machine's load drifts.
* The index of each preset: build time (the catalogues already read) and its size in
  memory (SQLite pages).

A benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.ask.design import LONG_POST  # noqa: E402
from tests.ask_eval import long_questions, questions, real_questions  # noqa: E402
from tests.support.live import referee_serve  # noqa: E402

GOAL_P99_MS = 30.0
GOAL_COLD_RATIO = 2.0
HAND = {
    "variant": "classic",
    "sides": [{"melds": ["K K K K K 2 2"], "went_out": True}, {"melds": ["A A A"]}],
}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def question_sets() -> dict[str, list[dict[str, str]]]:
    """Each set the API is timed over, its questions as variant, language and text."""
    short = [
        {"variant": q.get("variant", "classic"), "lang": q["lang"], "text": q["text"]}
        for q in questions()
    ]
    long = [
        {"variant": q["variant"], "lang": q["lang"], "text": q["q"]}
        for q in long_questions() + real_questions()
        if len(q["q"].split()) > LONG_POST
    ]
    mix = short + long
    random.Random(44).shuffle(mix)
    healthz = [{"path": "/healthz"}] * 200
    empty = [{"variant": "classic", "lang": "en", "text": ""}] * 200
    return {"short": short, "long": long, "mix": mix, "healthz": healthz, "empty": empty}


def api(
    rounds: int,
    extra_env: dict[str, str] | None = None,
    sets: tuple[str, ...] = ("short",),
    against: Path | None = None,
) -> dict[str, dict[str, list[float]]]:
    """``GET /api/ask``'s times (ms) over each of ``sets`` (:func:`question_sets`), printed;
    ``extra_env``: more of the server's environment (bench/bench_rerank.py's); ``against``:
    another checkout (its built files made), whose server is asked each question right
    after this one's, so that both see the same moments of the machine."""
    every = question_sets()
    trees = {"this": ROOT} if against is None else {"this": ROOT, "other": against}
    found: dict[str, dict[str, list[float]]] = {tree: {} for tree in trees}
    with contextlib.ExitStack() as stack:
        urls = {}
        for tree, folder in trees.items():
            env = {**os.environ, "REFEREE_LIMIT_API": "1000000 per minute"}
            env.update({"PYTHONPATH": str(folder), **(extra_env or {})})
            db = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "b.db"
            urls[tree] = stack.enter_context(referee_serve(db, env=env, cwd=folder)).url

        def get(url: str, q: dict[str, str]) -> float:
            if "path" in q:
                address = url + q["path"]
            else:
                query = {"variant": q["variant"], "lang": q["lang"], "q": q["text"]}
                address = f"{url}/api/ask?{urllib.parse.urlencode(query)}"
            start = time.perf_counter()
            try:
                with urllib.request.urlopen(address, timeout=30) as answer:
                    body = answer.read()
                if "path" not in q:
                    json.loads(body)
            except urllib.error.HTTPError as refused:  # the empty question's 400
                refused.read()
            return (time.perf_counter() - start) * 1000

        for _ in range(4):  # each worker builds the indexes it is asked for
            for q in every["mix"]:
                for url in urls.values():
                    get(url, q)
        for name in sets:
            for tree in trees:
                found[tree][name] = []
            for _ in range(rounds):
                for q in every[name]:
                    for tree, url in urls.items():
                        found[tree][name].append(get(url, q))
    for tree, times_of in found.items():
        for name, times in times_of.items():
            p50, p99 = percentile(times, 50), percentile(times, 99)
            verdict = "meets" if p99 <= GOAL_P99_MS else "misses"
            label = f" ({tree} checkout)" if against is not None else ""
            print(f"GET /api/ask{label}, {name}: {len(times)} questions, p50 {p50:.1f} ms, "
                  f"p99 {p99:.1f} ms, max {max(times):.1f} ms ({verdict} the goal of "
                  f"{GOAL_P99_MS:.0f} ms)")  # fmt: skip
    if against is not None:
        for name in sets:
            this, other = found["this"][name], found["other"][name]
            p50 = percentile(this, 50) / percentile(other, 50)
            p99 = percentile(this, 99) / percentile(other, 99)
            print(f"  {name}: this / other, p50 {p50:.2f}, p99 {p99:.2f}")
    return found


def stages(rounds: int) -> None:
    """Each set's questions answered in this process, their parts timed."""
    from referee.ask import DESIGN, _search, answers_json
    from referee.ask.situation import read_situation
    from referee.rules import PRESETS

    every = question_sets()
    for q in every["mix"]:  # the indexes built, the patterns compiled
        answers_json(PRESETS[q["variant"]], q["text"], q["lang"])
    for name in ("short", "long"):
        parts: dict[str, list[float]] = {"situation": [], "search": [], "answer": []}
        for _ in range(rounds):
            for q in every[name]:
                variant, text, lang = PRESETS[q["variant"]], q["text"].strip(), q["lang"]
                for part, run, args in (
                    ("situation", read_situation, (text, lang)),
                    ("search", _search, (variant, text, lang, DESIGN)),
                    ("answer", answers_json, (variant, text, lang)),
                ):
                    start = time.perf_counter()
                    run(*args)
                    parts[part].append((time.perf_counter() - start) * 1000)
        print(f"in process, {name} ({len(every[name])} questions): " + ", ".join(
            f"{part} p50 {percentile(t, 50):.2f} ms p99 {percentile(t, 99):.2f} ms"
            for part, t in parts.items()
        ))  # fmt: skip


def cold(runs: int, against: Path | None = None) -> None:
    """``referee ask`` and ``referee score`` started cold, alternated (and ``against``'s
    ``referee ask``, another checkout's, in the same turns)."""
    hand = json.dumps(HAND).encode()
    question = ["kolik stoji cervena trojka", "--variant", "czech", "--lang", "cs"]
    commands = {
        # the floor: Python itself, and the package's import
        "python -c pass": ([sys.executable, "-c", "pass"], b"", ROOT),
        "import referee": ([sys.executable, "-c", "import referee"], b"", ROOT),
        "score": ([sys.executable, "-m", "referee.cli", "score"], hand, ROOT),
        "ask": ([sys.executable, "-m", "referee.cli", "ask", *question], b"", ROOT),
    }
    if against is not None:
        commands["other ask"] = (commands["ask"][0], b"", against)
    times: dict[str, list[float]] = {name: [] for name in commands}
    # As installed: bytecode written once (pip compiles it), then read at every start.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for n in range(runs + 1):
        for name, (args, stdin, folder) in commands.items():
            start = time.perf_counter()
            subprocess.run(
                args,
                input=stdin,
                capture_output=True,
                check=True,
                cwd=folder,
                env={**env, "PYTHONPATH": str(folder)},
            )
            if n:  # the first run writes the bytecode
                times[name].append((time.perf_counter() - start) * 1000)
    a, s = statistics.median(times["ask"]), statistics.median(times["score"])
    for floor in ("python -c pass", "import referee"):
        print(f"the floor: {floor} {statistics.median(times[floor]):.0f} ms")
    verdict = "meets" if a <= GOAL_COLD_RATIO * s else "misses"
    print(f"cold start: referee ask {a:.0f} ms, referee score {s:.0f} ms: {a / s:.2f}x "
          f"({verdict} the goal of {GOAL_COLD_RATIO:.0f}x)")  # fmt: skip
    if against is not None:
        other = statistics.median(times["other ask"])
        print(f"  the other checkout's referee ask {other:.0f} ms: {other / s:.2f}x; "
              f"this / other {a / other:.2f}")  # fmt: skip


def index() -> None:
    from referee.ask.index import Index
    from referee.ask.texts import gettext_of
    from referee.i18n import LANGUAGES
    from referee.rules import PRESETS

    start = time.perf_counter()
    for lang in LANGUAGES:
        gettext_of(lang)
    print(f"catalogues of six languages read in {(time.perf_counter() - start) * 1000:.0f} ms")
    Index(PRESETS["classic"])  # the glossary's own stems, once per process
    for vid in PRESETS:
        variant = PRESETS[vid]
        start = time.perf_counter()
        built = Index(variant)
        took = (time.perf_counter() - start) * 1000
        print(f"  index of {vid:<13} {len(variant.rules):>3} rules: built in {took:5.1f} ms, "
              f"{built.size() / 1024:.0f} KB")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="passes over the set (API)")
    parser.add_argument("--runs", type=int, default=7, help="cold processes of each command")
    parser.add_argument(
        "--sets",
        default="short,long,mix",
        help="the API's sets, comma-separated (short,long,mix; healthz,empty: the floor)",
    )
    parser.add_argument("--stages", action="store_true", help="in process, each part timed")
    parser.add_argument(
        "--against",
        type=Path,
        metavar="CHECKOUT",
        help="another checkout (its built files made: python -m referee.prebuild there), "
        "timed in the same turns as this one (a branch against main)",
    )
    parser.add_argument("--only", choices=("cold", "api"), help="one part alone")
    args = parser.parse_args()
    if args.stages:
        stages(args.rounds)
        return
    if args.only is None:
        index()
    if args.only in (None, "cold"):
        cold(args.runs, args.against)
    if args.only in (None, "api"):
        api(args.rounds, sets=tuple(args.sets.split(",")), against=args.against)


if __name__ == "__main__":
    main()
