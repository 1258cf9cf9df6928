"""The reader held to its own posts rewritten (issue 44): how many rewrites of the posts the
referee rules right change the ruling.

``python -m tests.ask_rewrites`` takes the posts of the dev halves (tests/ask_american.toml,
tests/ask_american2.toml, tests/ask_long.toml) that carry a ruling and are ruled right, and
the own set's questions (tests/ask_questions.toml) the referee gives a verdict or a figure,
rewrites each by every rewrite of tests/support/rewrites.py (:func:`~.support.rewrites.
variants`) and prints, per rewrite, the rewrites tried, those ruled otherwise and the posts
they came from; ``-v`` lists each one ruled otherwise.  Only dev posts and the own set are
read: the held halves are never rewritten.
"""

from __future__ import annotations

import random
import sys
from typing import Any, NamedTuple

from referee.ask import ask
from referee.rules import PRESETS
from tests.ask_eval import american2_questions, american_questions, long_questions, questions
from tests.support.rewrites import REWRITES, stacks, variants


class Post(NamedTuple):
    """A post the referee rules right: its text, language, variant, and the ruling (verdict,
    figure) it gives."""

    text: str
    lang: str
    variant: str
    ruling: tuple[bool | None, int | None]
    source: str


def ruled(text: str, lang: str, variant: str) -> tuple[bool | None, int | None]:
    """The verdict and figure the referee gives ``text`` (None, None: no ruling)."""
    found = ask(PRESETS[variant], text, lang).ruling
    return (None, None) if found is None else (found.verdict, found.figure)


def _right(q: dict[str, Any], got: tuple[bool | None, int | None]) -> bool:
    want = q["ruling"]
    return ("figure" not in want or got[1] == want["figure"]) and (
        "verdict" not in want or got[0] == (want["verdict"] == "yes")
    )


def dev_posts() -> list[Post]:
    """The dev halves' posts with a ruling that the referee rules right, with that ruling."""
    found = []
    for name, load in (
        ("american", american_questions),
        ("american2", american2_questions),
        ("long", long_questions),
    ):
        for q in load("dev"):
            if "ruling" not in q:
                continue
            got = ruled(q["q"], q["lang"], q["variant"])
            if _right(q, got):
                found.append(Post(q["q"], q["lang"], q["variant"], got, name))
    return found


def own_posts() -> list[Post]:
    """The own set's questions the referee gives a verdict or a figure, with it (no label
    says the ruling: the referee's own answer is what a rewrite must keep)."""
    found = []
    for q in questions():
        if not q["rules"]:
            continue
        variant = q.get("variant", "classic")
        got = ruled(q["text"], q["lang"], variant)
        if got != (None, None):
            found.append(Post(q["text"], q["lang"], variant, got, "own"))
    return found


def count(posts: list[Post], verbose: bool = False) -> dict[str, tuple[int, int, int, int]]:
    """Per rewrite: posts it applies to, rewrites tried, rewrites ruled otherwise, posts with
    one ruled otherwise."""
    table = {}
    for name in REWRITES:
        applies = tried = failed = posts_failed = 0
        for post in posts:
            found = list(variants(name, post.text, post.lang))
            applies += bool(found)
            bad = 0
            for text in found:
                tried += 1
                got = ruled(text, post.lang, post.variant)
                if got != post.ruling:
                    bad += 1
                    if verbose:
                        print(f"  [{name}] {post.source} want {post.ruling} got {got}: {text!r}")
            failed += bad
            posts_failed += bool(bad)
        table[name] = (applies, tried, failed, posts_failed)
    return table


def count_stacked(posts: list[Post], n: int, verbose: bool = False) -> tuple[int, int, int]:
    """Rewrites of two to four rewrites at once, ``n`` a post drawn by ``random.Random(44)``:
    tried, ruled otherwise, posts with one ruled otherwise."""
    rng = random.Random(44)
    tried = failed = posts_failed = 0
    for post in posts:
        bad = 0
        for text in stacks(post.text, post.lang, rng, n):
            tried += 1
            got = ruled(text, post.lang, post.variant)
            if got != post.ruling:
                bad += 1
                if verbose:
                    print(f"  [stacked] {post.source} want {post.ruling} got {got}: {text!r}")
        failed += bad
        posts_failed += bool(bad)
    return tried, failed, posts_failed


if __name__ == "__main__":
    verbose = "-v" in sys.argv
    for label, posts in (("dev posts", dev_posts()), ("own set", own_posts())):
        if label == "own set" and "--own" not in sys.argv:
            continue
        print(f"{label}: {len(posts)} ruled right")
        for name, (applies, tried, failed, bad) in count(posts, verbose).items():
            print(
                f"{name:<28} posts {applies:>3}  rewrites {tried:>4}  ruled otherwise {failed:>3}"
                f"  (posts {bad})"
            )
        tried, failed, bad = count_stacked(posts, 20, verbose)
        print(
            f"{'stacked (2-4 at once)':<28} posts {len(posts):>3}  rewrites {tried:>4}  "
            f"ruled otherwise {failed:>3}  (posts {bad})"
        )
