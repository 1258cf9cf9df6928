"""How fast Canasta Referee scores hands, and how fast ``referee score`` starts.

Run: ``.venv/bin/python bench/bench_score.py`` (``--help`` for the knobs).

* Throughput: a fixed, realistic mix of end-of-hand positions across every preset
  and table size (mostly legal hands, some where nobody went out, a few illegal),
  scored on one core through the JSON contract (``referee.match.contract.score_json`` on
  already-parsed dicts) and through the rules core (``score_hand`` on built
  :class:`~referee.rules.Hand` values).  Goal: 20 000 hands per second.
* Cold start: the median wall time of ``referee score FILE`` (a new process scoring
  one hand) against ``python -c "import json"``, measured in the same run, runs
  interleaved.  Goal: at most 1.5 times as long.

This is a benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.match.contract import score_json

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from referee.rules import PRESETS, Hand, Meld, Side, Variant, find_variant, parse_cards, score_hand
from tests.support.sample import EXAMPLE_HAND  # noqa: E402 – the contract's example hand

GOAL_HANDS_PER_SECOND = 20_000
GOAL_COLD_START_RATIO = 1.5
NATURAL_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]


# -- a realistic mix of hands ------------------------------------------------------


class _Pool:
    """The cards still unseen: melds and hands are drawn from it, so the packs hold them."""

    def __init__(self, variant: Variant, players: int) -> None:
        packs = variant.packs.get(players, 2)
        self.count = {rank: 4 * packs for rank in NATURAL_RANKS}
        self.count.update({"2": 4 * packs, "X": 2 * packs, "3": 2 * packs})
        self.red_threes = 2 * packs

    def take(self, symbol: str, wanted: int) -> int:
        got = min(wanted, self.count[symbol])
        self.count[symbol] -= got
        return got


def _meld(rng: random.Random, pool: _Pool, rank: str, naturals: int, wilds: int) -> str | None:
    """Take a meld from the pool, or None if the pool no longer holds its cards."""
    twos = min(wilds, pool.count["2"])
    if pool.count[rank] < naturals or pool.count["X"] < wilds - twos:
        return None
    pool.take(rank, naturals)
    pool.take("2", twos)
    pool.take("X", wilds - twos)
    cards = [rank] * naturals + ["2"] * twos + ["X"] * (wilds - twos)
    rng.shuffle(cards)
    return " ".join(cards) if rng.random() < 0.7 else ",".join(cards)


def _side_melds(
    rng: random.Random, variant: Variant, pool: _Pool, canastas: list[str], extra: int
) -> list[object]:
    ranks = NATURAL_RANKS[:]
    rng.shuffle(ranks)
    biggest = variant.max_meld_cards or 9
    melds: list[object] = []
    for kind in canastas + ["meld"] * extra:
        if kind == "meld":
            naturals = rng.choice([3, 3, 4, 2, 5])
            wilds = rng.choice([0, 0, 1]) if naturals > 2 else 1
        else:
            size = min(rng.choice([7, 7, 8]), biggest)
            wilds = 0 if kind == "natural" else rng.choice([1, 2, 3])
            naturals = size - wilds
        text = None
        while text is None and ranks:
            text = _meld(rng, pool, ranks.pop(), naturals, wilds)
        if text is None:
            break
        if kind != "meld" and rng.random() < 0.1:
            melds.append({"cards": text, "concealed": True})
        else:
            melds.append(text)
    return melds


def _cards_left(rng: random.Random, pool: _Pool, how_many: int) -> str:
    symbols = [s for s, n in pool.count.items() for _ in range(n)]
    left = rng.sample(symbols, min(how_many, len(symbols)))
    for symbol in left:
        pool.count[symbol] -= 1
    return " ".join(left)


def random_hand(rng: random.Random, variant_id: str) -> dict[str, object]:
    """One end-of-hand position for ``variant_id`` as ``referee score`` reads it.

    Most are legal (one side went out with the canastas it needs); about one in
    ten ended with nobody going out; about one in twenty breaks a rule.
    """
    variant = find_variant(variant_id)
    players = variant.default_players if rng.random() < 0.7 else rng.choice(variant.players)
    pool = _Pool(variant, players)
    sides_n = variant.sides_for(players)
    out = rng.randrange(sides_n) if rng.random() < 0.9 else None
    needed = variant.going_out_canastas.get(players, 1)
    sides = []
    for i in range(sides_n):
        if i == out:
            canastas = ["natural", "mixed"] if variant.going_out_needs_clean_and_dirty else []
            while len(canastas) < needed:
                canastas.append(rng.choice(["natural", "mixed"]))
            canastas += ["mixed"] * rng.choice([0, 0, 1])
        else:
            canastas = rng.choice([[], [], ["mixed"], ["natural"]])
        side: dict[str, object] = {
            "name": f"Side {i + 1}",
            "score": rng.choice([-200, 0, 750, 1600, 3100, 4800]),
            "melds": _side_melds(rng, variant, pool, canastas, rng.choice([1, 2, 3])),
            "red_threes": min(rng.choice([0, 0, 1, 2]), pool.red_threes),
        }
        pool.red_threes -= side["red_threes"]  # type: ignore[operator]
        partner_holds = players != sides_n
        if i == out:
            side["went_out"] = True
            if partner_holds:
                side["hand"] = _cards_left(rng, pool, rng.randrange(0, 8))
        elif rng.random() < 0.5:
            side["hand"] = _cards_left(rng, pool, rng.randrange(1, 12))
        else:
            side["hand_points"] = 5 * rng.randrange(0, 40)
        sides.append(side)
    if rng.random() < 0.05:  # a mistake at the table: a second side says it went out
        sides[0 if out else -1]["went_out"] = True
    return {"variant": variant_id, "players": players, "sides": sides}


def hand_mix(count: int, seed: int = 2024) -> list[dict[str, object]]:
    rng = random.Random(seed)
    ids = list(PRESETS)
    return [random_hand(rng, ids[i % len(ids)]) for i in range(count)]


def _core_hand(data: dict[str, object]) -> tuple[Variant, Hand]:
    """Build the rules core's values directly, without the JSON contract."""
    sides = []
    for side in data["sides"]:  # type: ignore[attr-defined]
        melds = []
        for meld in side["melds"]:
            if isinstance(meld, dict):
                melds.append(Meld(parse_cards(meld["cards"]), meld["concealed"]))
            else:
                melds.append(Meld(parse_cards(meld)))
        hand = side.get("hand")
        sides.append(
            Side(
                name=side["name"],
                melds=tuple(melds),
                red_threes=side["red_threes"],
                went_out=side.get("went_out", False),
                hand=None if hand is None else parse_cards(hand),
                hand_points=side.get("hand_points"),
                score=side["score"],
            )
        )
    return find_variant(data["variant"]), Hand(data["players"], tuple(sides))  # type: ignore[arg-type]


# -- measuring ----------------------------------------------------------------------


def _pin_one_core() -> str:
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
    except (AttributeError, OSError):
        return "not pinned"
    return f"pinned to CPU {cpu}"


def throughput(
    runs: dict[str, tuple[Callable[[Any], object], list[Any]]], seconds: float
) -> dict[str, tuple[float, float]]:
    """Hands per second of each run: the best whole pass over its items, and the median.

    Passes of the runs alternate, so a busy moment of the machine hits them alike;
    the best pass is the figure least disturbed by whatever else the machine runs.
    """
    for func, items in runs.values():
        for item in items[:200]:  # warm caches (parsed notation) the way a long run would
            func(item)
    rates: dict[str, list[float]] = {name: [] for name in runs}
    deadline = time.perf_counter() + seconds * len(runs)
    while time.perf_counter() < deadline or min(map(len, rates.values())) < 3:
        for name, (func, items) in runs.items():
            start = time.perf_counter()
            for item in items:
                func(item)
            rates[name].append(len(items) / (time.perf_counter() - start))
    return {name: (max(r), statistics.median(r)) for name, r in rates.items()}


def _wall_ms(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=env, check=False
    )
    return (time.perf_counter() - start) * 1000


def cold_start(runs: int) -> tuple[float, float]:
    """Median ms of ``referee score FILE`` and of ``python -c "import json"``, interleaved."""
    here = Path(sys.executable).parent
    script = here / "referee"
    referee = [str(script)] if script.exists() else [sys.executable, "-m", "referee.cli"]
    # A fresh process, not a fresh machine: byte-code caches are written on the first
    # run (as they are for any user) even where the environment turns them off.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "hand.json")
        path.write_text(json.dumps(EXAMPLE_HAND), encoding="utf-8")
        score = [*referee, "score", str(path)]
        python = [sys.executable, "-c", "import json"]
        check = subprocess.run(score, capture_output=True, text=True, env=env, check=False)
        if check.returncode != 0:
            raise SystemExit(f"referee score failed: {check.stderr.strip()}")
        for _ in range(3):  # warm the disk cache and the byte-code caches
            _wall_ms(score, env)
            _wall_ms(python, env)
        referee_ms, python_ms = [], []
        for _ in range(runs):
            referee_ms.append(_wall_ms(score, env))
            python_ms.append(_wall_ms(python, env))
    return statistics.median(referee_ms), statistics.median(python_ms)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="distinct hands in the mix")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per throughput run")
    parser.add_argument("--runs", type=int, default=21, help="cold-start runs of each command")
    args = parser.parse_args()

    pinned = _pin_one_core()
    hands = hand_mix(args.hands)
    statuses = [score_json(h)[1] for h in hands]
    core = [_core_hand(h) for h in hands]
    print(f"Python {sys.version.split()[0]}, {pinned}")
    print(
        f"mix: {len(hands)} hands over {len(PRESETS)} presets; "
        f"{statuses.count(0)} legal, {statuses.count(1)} with rule problems"
    )
    rates = throughput(
        {
            "score_json (JSON contract)": (score_json, hands),
            "score_hand (rules core)": (lambda pair: score_hand(*pair), core),
        },
        args.seconds,
    )
    print("hands/s on one core, best pass (median pass):")
    for name, (best, median) in rates.items():
        met = "goal met" if best >= GOAL_HANDS_PER_SECOND else "goal MISSED"
        print(f"  {name:<28} {best:>7,.0f} ({median:,.0f})  {met}")

    referee_ms, python_ms = cold_start(args.runs)
    ratio = referee_ms / python_ms
    print(f"cold start, median of {args.runs}:")
    print(f"  referee score FILE:        {referee_ms:7.1f} ms")
    print(f'  python -c "import json":   {python_ms:7.1f} ms')
    met = "met" if ratio <= GOAL_COLD_START_RATIO else "MISSED"
    print(f"  ratio {ratio:.2f} (goal <= {GOAL_COLD_START_RATIO}): {met}")


if __name__ == "__main__":
    main()
