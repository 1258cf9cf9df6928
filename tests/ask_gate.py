"""Staying silent, measured (issue 44): the signals that might tell a post the engine should
answer with no rule (off the game, a matter of play) from a rule question, and a gate on them.

``python -m tests.ask_gate`` reads every question of the sets that may be tuned on (the
tuning sets, :data:`TUNING`), extracts the candidate signals of each one ``ask()`` answers
with rules, prints their distributions (decided questions against off-topic and strategy
posts), searches the gates of one and two thresholds, and prints each tuning set's figures
without and with the gate chosen (:data:`GATED`).

``python -m tests.ask_gate --held`` measures, once, the sets never tuned on (:data:`HELD`)
without and with :data:`GATED`: totals only, never a question (the blind parts' misses are
never printed).

A benchmark, not a test: it prints figures and never fails on them (docs/benchmarks.md,
"Staying silent: a measured gate").
"""

from __future__ import annotations

import itertools
import statistics
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from referee.ask import BadQuestion, _search, ask
from referee.ask.design import DESIGN, GENERIC, LONG_POST, MARK, Design
from referee.ask.engine import index_for
from referee.ask.situation import asks, question_sentence, without_cards
from referee.rules import PRESETS
from tests.ask_eval import (
    BLIND,
    EIGHTH_BLIND,
    FIFTH_BLIND,
    FOURTH_BLIND,
    SECOND_BLIND,
    SEVENTH_BLIND,
    SIXTH_BLIND,
    THIRD_BLIND,
    american2_questions,
    american_questions,
    blind_questions,
    long_questions,
    questions,
    real_questions,
)


class Post(NamedTuple):
    """A question of any set in one shape: ``kind`` "rule" (the book decides it), "off" (off
    the game or a matter of play: no rule is the answer) or "gap" (the book leaves it open)."""

    lang: str
    variant: str
    text: str
    kind: str
    keys: frozenset[str]


def _written(found: list[dict[str, Any]]) -> list[Post]:
    return [
        Post(
            q["lang"],
            q.get("variant", "classic"),
            q["text"],
            "rule" if q["rules"] else "off",
            frozenset(q["rules"]),
        )
        for q in found
    ]


def _posts(found: list[dict[str, Any]]) -> list[Post]:
    kinds = {"rule": "rule", "off": "off", "play": "off", "gap": "gap"}
    return [
        Post(q["lang"], q["variant"], q["q"], kinds[q["kind"]], frozenset(q.get("keys", ())))
        for q in found
    ]


# The sets that may be looked at while tuning: the own set but its held part, the first blind
# set's tuning half, the third and fourth blind sets, the American sets' and the long posts'
# dev halves, the real set's dev part.
TUNING: dict[str, Callable[[], list[Post]]] = {
    "own set (its held part out)": lambda: _written([q for q in questions() if not q.get("held")]),
    "first blind set, tuning half": lambda: _written(blind_questions("tune")),
    "third blind set": lambda: _written(blind_questions(path=THIRD_BLIND)),
    "fourth blind set": lambda: _written(blind_questions(path=FOURTH_BLIND)),
    "American posts, dev half": lambda: _posts(american_questions("dev")),
    "American posts (second), dev half": lambda: _posts(american2_questions("dev")),
    "long posts, dev half": lambda: _posts(long_questions("dev")),
    "real posts, dev part": lambda: _posts(real_questions("dev")),
}
# The sets never tuned on: measured whole, once, with the gate chosen on :data:`TUNING`.
HELD: dict[str, Callable[[], list[Post]]] = {
    "real posts, blind part": lambda: _posts(real_questions("blind")),
    "second blind set": lambda: _written(blind_questions(path=SECOND_BLIND)),
    "blind sets 5 to 8": lambda: _written(
        [
            q
            for path in (FIFTH_BLIND, SIXTH_BLIND, SEVENTH_BLIND, EIGHTH_BLIND)
            for q in blind_questions(path=path)
        ]
    ),
    "American posts, held half": lambda: _posts(american_questions("held")),
    "American posts (second), held half": lambda: _posts(american2_questions("held")),
    "long posts, held half": lambda: _posts(long_questions("held")),
    "first blind set, held half": lambda: _written(blind_questions("held", path=BLIND)),
    "own set, held part": lambda: _written([q for q in questions() if q.get("held")]),
}


# The design without the phrase lists and the other games' words: no people's frames, no story
# asking nothing, no frames of play, no words off the game.  The tuning sets' off/play posts
# are nearly all kept silent by those lists; without them, the posts a general signal would
# have to catch.
BARE = DESIGN._replace(people=False, quiet=False, play_frames=False, off_words=False)


class Signals(NamedTuple):
    """What the search computed for a post it answers, and what it is made of."""

    words: int  # the post's words
    best: float  # the first rule's score
    margin: float  # (first - second) / first
    per_token: float  # the first rule's score by the tokens it was searched by
    concepts: int  # the game's concepts the searched text names (GENERIC's left out)
    sentence_concepts: int  # ... its asking sentence names
    game_share: float  # the share of its plain tokens that are words of the rules
    example: float  # the BM25 closeness of the first rule's closest example question
    off_example: float  # ... of the closest off-topic example question
    example_share: float  # example / (example + off_example)
    story_share: float  # the share of the first rule's score the story adds (long posts)


def signals(post: Post, first: str, design: Design = DESIGN) -> Signals:
    """The candidate signals of ``post``, answered with ``first`` (its first rule), read again
    from the index (a benchmark may spend what the engine must not); the scores are the
    search's (:func:`referee.ask._search`), before a ruling puts its own rules first."""
    variant = PRESETS[post.variant]
    index = index_for(variant, design)
    text = post.text
    hits, _ = _search(variant, text, post.lang, design)
    sentence = question_sentence(text, post.lang)
    long_post = len(text.split()) > LONG_POST and sentence != text and asks(sentence, post.lang)
    searched = sentence if long_post else text
    tokens = index.query_tokens(searched, post.lang)
    plain = [t for t in tokens if not t.startswith(MARK)]
    named = {t[len(MARK) :] for t in tokens if t.startswith(MARK)} - GENERIC
    in_sentence = {
        t[len(MARK) :] for t in index.query_tokens(sentence, post.lang) if t.startswith(MARK)
    } - GENERIC
    match = " OR ".join('"' + t.replace('"', "") + '"' for t in tokens)
    with index._lock:
        closest = index._closest(tokens, match) if tokens else []
    top = hits[0].key if hits else first
    # each key's closeness as Index.find adds it up: its closest example, and a share of the next
    tops: dict[str, list[float]] = {}
    for key, score in closest:
        tops.setdefault(key, []).append(score)
    example, off = (
        tops[k][0] + design.second * (tops[k][1] if len(tops[k]) > 1 else 0.0) if k in tops else 0.0
        for k in (top, "off")
    )
    best = hits[0].score if hits else 0.0
    second = hits[1].score if len(hits) > 1 else 0.0
    story = 0.0
    if long_post and hits:
        told, _ = index.find(without_cards(text), post.lang, 12)
        story = next((DESIGN.story * h.score for h in told if h.key == top), 0.0)
    return Signals(
        words=len(text.split()),
        best=best,
        margin=(best - second) / best if best else 0.0,
        per_token=best / max(1, len(tokens)),
        concepts=len(named),
        sentence_concepts=len(in_sentence),
        game_share=sum(t in index.vocabulary for t in plain) / max(1, len(plain)),
        example=example,
        off_example=off,
        example_share=example / (example + off) if example + off else 0.0,
        story_share=story / best if best else 0.0,
    )


class Row(NamedTuple):
    """A post as ``ask()`` answers it today, and its signals where it is answered with rules."""

    set: str
    post: Post
    keys: list[str]  # the rules found, best first
    answered: bool  # with rules (not "does not say", not silence)
    signals: Signals | None
    refused: bool = False


def rows(sets: dict[str, Callable[[], list[Post]]], design: Design = DESIGN) -> list[Row]:
    """Every post of ``sets`` asked under ``design``: :data:`BARE` shows what the gate alone
    could do without the phrase lists that keep most of the tuning sets' posts silent."""
    found = []
    for name, load in sets.items():
        for post in load():
            try:
                asked = ask(PRESETS[post.variant], post.text, post.lang, design=design)
            except BadQuestion:  # too long a post: refused, as the evaluation counts it
                found.append(Row(name, post, [], False, None, refused=True))
                continue
            keys = [a.key for a in asked.answers]
            answered = bool(keys) and asked.covered
            sig = signals(post, keys[0], design) if answered else None
            found.append(Row(name, post, keys, answered, sig))
    return found


# A gate: the silence it decides, from a post's signals.
Gate = Callable[[Signals], bool]


class Figures(NamedTuple):
    rule: int
    first: int
    top3: int
    lost: int  # rule questions answered with rules, made silent
    lost_right: int  # ... of which the expected rule was among the first three
    off: int
    silent: int
    gained: int  # off/play posts answered with rules, made silent
    gap_silenced: int  # the book's gaps answered with rules, made silent

    def line(self) -> str:
        def share(n: int, of: int) -> str:
            return f"{n}/{of} ({n / of:.0%})" if of else "-"

        return (
            f"first {share(self.first, self.rule)}  top-3 {share(self.top3, self.rule)}  "
            f"off/play silent {share(self.silent, self.off)}  "
            f"rule questions silenced {self.lost} (right ones {self.lost_right})  "
            f"off/play silenced {self.gained}  gaps silenced {self.gap_silenced}"
        )


def _quantiles(values: list[float]) -> str:
    if not values:
        return "-"
    if len(values) == 1:
        return f"{values[0]:.2f}"
    q = statistics.quantiles(values, n=10, method="inclusive")
    return f"min {min(values):.2f}  p10 {q[0]:.2f}  median {q[4]:.2f}  p90 {q[8]:.2f}"


def separation(higher: list[float], lower: list[float]) -> float:
    """How often a value of ``higher`` (a decided question's) exceeds one of ``lower`` (an
    off/play post's), ties half: 1.0 separates them, 0.5 tells nothing (the ROC's area)."""
    if not higher or not lower:
        return 0.5
    wins = sum((h > low) + 0.5 * (h == low) for h in higher for low in lower)
    return wins / (len(higher) * len(lower))


def distributions(found: list[Row]) -> None:
    """Each signal's spread among the rule questions answered and among the off/play posts
    answered (those a gate could make silent), and how well it separates them."""
    answered = [r for r in found if r.signals is not None]
    for field in Signals._fields:
        spread = {
            kind: [float(getattr(r.signals, field)) for r in answered if r.post.kind == kind]
            for kind in ("rule", "off")
        }
        print(f"  {field}: decided above off/play {separation(spread['rule'], spread['off']):.2f}")
        for kind, label in (("rule", "decided"), ("off", "off/play")):
            print(f"    {label:<9} ({len(spread[kind]):>3}): {_quantiles(spread[kind])}")


class Candidate(NamedTuple):
    name: str
    gate: Gate
    lost: int
    gained: int


def _below(field: str, limit: float) -> Gate:
    return lambda s: float(getattr(s, field)) < limit


def _both(one: Gate, other: Gate) -> Gate:
    return lambda s: one(s) and other(s)


def search(found: list[Row], most_lost: int = 0) -> list[Candidate]:
    """The gates of one threshold ("silent where SIGNAL < t") and of two ("silent where both
    are under theirs"), each at the thresholds the tuning posts' own values give, that lose at
    most ``most_lost`` rule questions answered right; the best by off/play posts gained.
    Each cut is the set of posts under it, as the bits of an int: a pair is their ``&``."""
    answered = [r for r in found if r.signals is not None]
    fields = [f for f in Signals._fields if f != "words"]

    def bits(keep: Callable[[Row], bool]) -> int:
        return sum(1 << i for i, r in enumerate(answered) if keep(r))

    right = bits(lambda r: r.post.kind == "rule" and bool(r.post.keys & set(r.keys[:3])))
    rule = bits(lambda r: r.post.kind == "rule")
    off = bits(lambda r: r.post.kind == "off")
    masks: dict[tuple[str, float], int] = {}
    for f in fields:
        # a threshold just above an off/play post's value: every cut that could gain one
        for v in sorted({float(getattr(r.signals, f)) for r in answered if r.post.kind == "off"}):
            t = v + 1e-6
            masks[f, t] = bits(lambda r, f=f, t=t: float(getattr(r.signals, f)) < t)
    kept: list[Candidate] = []

    def keep(name: str, gate: Gate, mask: int) -> None:
        if (mask & right).bit_count() <= most_lost and mask & off:
            kept.append(Candidate(name, gate, (mask & rule).bit_count(), (mask & off).bit_count()))

    for (f, t), mask in masks.items():
        keep(f"{f} < {t:.3f}", _below(f, t), mask)
    for ((f, t), m), ((g, u), n) in itertools.combinations(masks.items(), 2):
        if f != g:
            keep(
                f"{f} < {t:.3f} and {g} < {u:.3f}",
                _both(_below(f, t), _below(g, u)),
                m & n,
            )
    kept.sort(key=lambda c: (-c.gained, c.lost, c.name))
    return kept


# The gate chosen on the tuning sets' posts under :data:`BARE` (:func:`search`): silent where
# the best rule scores under 8.5 a token and the off-topic examples are at least as close as the
# best rule's (per_token < 7.804 and example_share <= 0.5 gained 10 of 27 and lost none; 8.5
# sits between the last off-topic post gained, 7.80, and the first rule question it would lose,
# 9.55), as :attr:`Design.weak_per_token`.  Measured once on :data:`HELD`: 3 off/play posts
# gained, 2 rule questions lost (both right in the top three), so it is not wired in.
GATED = DESIGN._replace(weak_per_token=8.5)


def compare(before: list[Row], after: list[Row]) -> Figures:
    """The figures of ``after`` (the same posts asked under another design), and what it made
    silent that ``before`` answered with rules."""
    rule = first = top3 = lost = right = off = silent = gained = gaps = 0
    for was, row in zip(before, after, strict=True):
        shut = was.answered and not row.answered
        if row.post.kind == "rule":
            rule += 1
            first += bool(row.keys) and row.keys[0] in row.post.keys
            top3 += bool(row.post.keys & set(row.keys[:3]))
            lost += shut
            right += shut and bool(row.post.keys & set(was.keys[:3]))
        elif row.post.kind == "off":
            off += 1
            silent += not row.refused and not row.answered and not row.keys
            gained += shut
        else:
            gaps += shut
    return Figures(rule, first, top3, lost, right, off, silent, gained, gaps)


def report(sets: dict[str, Callable[[], list[Post]]]) -> None:
    """Each set's figures under the kept design and under :data:`GATED`, and all together."""
    before, after = rows(sets), rows(sets, GATED)
    for name in (*sets, None):
        was = [r for r in before if name is None or r.set == name]
        now = [r for r in after if name is None or r.set == name]
        print(
            f"{name or 'all'}\n  without: {compare(was, was).line()}\n"
            f"  with:    {compare(was, now).line()}"
        )


if __name__ == "__main__":
    if "--held" in sys.argv:  # once, with the gate chosen: totals only, never a post
        report(HELD)
    else:
        bare = rows(TUNING, BARE)
        print("signals of the posts answered with rules, tuning sets, without the phrase lists:")
        distributions(bare)
        for most in (0, 1, 2):
            print(f"gates losing at most {most} rule question(s) answered right, best first:")
            for c in search(bare, most)[:8]:
                print(f"  {c.name}: off/play gained {c.gained}, rule questions silenced {c.lost}")
        print("signals of the posts answered with rules, tuning sets, kept design:")
        distributions(rows(TUNING))
        print("the tuning sets, kept design without and with the gate:")
        report(TUNING)
