"""The evaluation of "Ask the referee": its question set run under one design of the index.

``python -m tests.ask_eval`` prints top-1 and top-3 for each design docs/benchmarks.md compares.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from referee.ask import answers
from referee.ask.design import Design
from referee.rules import PRESETS

QUESTIONS = Path(__file__).with_name("ask_questions.toml")
# Written blind, by someone who never saw the engine nor the set above: 90 questions, 18
# off-topic.  Its questions at even positions (0, 2, 4, ... in file order) are the half
# that may be looked at while tuning; those at odd positions are held out.
BLIND = Path(__file__).with_name("ask_blind.toml")
# A second set written blind (96 questions, 18 off-topic), while the engine was being tuned
# on the sets above; it is only ever measured whole, its misses never printed: the figure to
# expect on questions nobody has seen.
SECOND_BLIND = Path(__file__).with_name("ask_blind2.toml")
# A third (132 questions, 24 off-topic), written blind once the questions players ask
# (referee/ask/examples/) were in; measured first as a judge, then tuned on.
THIRD_BLIND = Path(__file__).with_name("ask_blind3.toml")
# A fourth (132, 24 off-topic, harder ones), written blind after the third was tuned on.
FOURTH_BLIND = Path(__file__).with_name("ask_blind4.toml")
# A fifth (150, 24 off-topic), written blind once the second batch of examples was in: only
# ever measured whole, its misses never printed.
FIFTH_BLIND = Path(__file__).with_name("ask_blind5.toml")
# Three more written blind, each after the examples it was first measured against: the
# sixth (150, 30 off-topic), the seventh (150, 36) and the eighth (180, 36).  With the
# fifth, the judge (tests/test_ask.py pools them).
SIXTH_BLIND = Path(__file__).with_name("ask_blind6.toml")
SEVENTH_BLIND = Path(__file__).with_name("ask_blind7.toml")
EIGHTH_BLIND = Path(__file__).with_name("ask_blind8.toml")


def questions() -> list[dict[str, Any]]:
    with QUESTIONS.open("rb") as handle:
        return list(tomllib.load(handle)["q"])


def blind_questions(half: str | None = None, path: Path = BLIND) -> list[dict[str, Any]]:
    """The blind set in the tuning set's shape (``text``, ``rules``), or one ``half`` of it:
    "tune" (even positions) or "held" (odd positions, never looked at while tuning);
    ``path``: another set written blind (:data:`SECOND_BLIND`)."""
    with path.open("rb") as handle:
        found = tomllib.load(handle)["question"]
    return [
        {"lang": q["lang"], "variant": q["variant"], "text": q["q"], "rules": q["keys"]}
        for i, q in enumerate(found)
        if half is None or i % 2 == (half == "held")
    ]


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


def evaluate(
    design: Design | None = None,
    part: str | None = None,
    asked_set: list[dict[str, Any]] | None = None,
) -> Result:
    """The set under ``design`` (the kept one by default), or one ``part`` of it: "held", the
    held-out half of the questions written for the rules of play; "fresh", those written
    after the glossary's entries for them and never looked at while tuning; "tuned", the rest;
    or ``asked_set``, other questions in the same shape (:func:`blind_questions`)."""
    asked = first = top3 = off = silent = 0
    misses = []
    for q in questions() if asked_set is None else asked_set:
        if part is not None and part != (
            "fresh" if q.get("fresh") else "held" if q.get("held") else "tuned"
        ):
            continue
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


_OLD = {"need_concept": False, "other_min": 0, "weights": (1.0, 1.0, 1.0, 3.0)}
DESIGNS = {
    "BM25 only (folded words, no stemming, no glossary)": Design(
        stem=False,
        glossary=False,
        weights=(1.0, 0.0, 0.0, 0.0),
        threshold=0.0,
        need_concept=False,
        other_min=0,
    ),
    "+ stemming": Design(
        glossary=False,
        weights=(1.0, 0.0, 0.0, 0.0),
        threshold=0.0,
        need_concept=False,
        other_min=0,
    ),
    "+ key and group words": Design(
        glossary=False,
        weights=(1.0, 1.0, 0.0, 0.0),
        threshold=0.0,
        need_concept=False,
        other_min=0,
    ),
    "+ glossary in statements": Design(
        weights=(1.0, 1.0, 1.0, 0.0), threshold=0.0, need_concept=False, other_min=0
    ),
    "+ glossary concepts of the key": Design(threshold=0.0, **_OLD),  # type: ignore[arg-type]
    "+ threshold": Design(any_language=False, **_OLD),  # type: ignore[arg-type]
    "+ glossary words of every language": Design(**_OLD),  # type: ignore[arg-type]
    "+ another language's words of 5 letters or more only": Design(
        need_concept=False, weights=(1.0, 1.0, 1.0, 3.0)
    ),
    "+ a concept of the game needed, not only 'how much'": Design(weights=(1.0, 1.0, 1.0, 3.0)),
    "+ key words x2, statement concepts x0.5, key concepts x4 (kept)": Design(),
    "kept, without diacritics folding": Design(fold=False),
    "kept, a glossary phrase inside a longer one naming nothing (tried)": Design(longest=True),
}

if __name__ == "__main__" and not {
    "--real",
    "--long",
    "--american",
    "--american2",
    "--american3",
    "--american4",
    "--american5",
    "--american6",
    "--american7",
    "--american8",
    "--american9",
    "--american10",
    "--american11",
    "--american12",
    "--american13",
    "--american14",
    "--american15",
    "--american16",
    "--american17",
    "--american18",
    "--american19",
    "--american20",
    "--american21",
    "--american22",
    "--american23",
    "--american24",
    "--american25",
    "--american26",
    "--american27",
    "--american28",
    "--american29",
    "--american30",
    "--american31",
    "--american32",
    "--american33",
    "--american34",
    "--american35",
    "--american36",
    "--american37",
    "--american38",
    "--american39",
    "--american40",
} & set(__import__("sys").argv):
    for name, design in DESIGNS.items():
        print(f"{name:<55} {evaluate(design).line()}")
    for part in ("tuned", "held", "fresh"):
        print(f"kept design, {part} part: {evaluate(part=part).line()}")
    for half in ("tune", "held"):
        blind = evaluate(asked_set=blind_questions(half))
        print(f"kept design, blind set, {half} half: {blind.line()}")
    second = evaluate(asked_set=blind_questions(path=SECOND_BLIND))
    print(f"kept design, the second blind set (its misses not shown): {second.line()}")
    for miss in evaluate().misses:
        print("  ", miss)


# -- Real players' questions (issue 44) -------------------------------------------------------

REAL = Path(__file__).with_name("ask_real.toml")


def real_questions(part: str | None = None) -> list[dict[str, Any]]:
    """The real questions (tests/ask_real.toml), or one ``part`` of them: "dev" or "blind"."""
    with REAL.open("rb") as handle:
        found = tomllib.load(handle)["question"]
    return [q for q in found if part is None or q["part"] == part]


class RealResult(NamedTuple):
    asked: int  # questions the book decides
    first: int
    top3: int
    rulings: int  # ... labelled with a ruling
    right_rulings: int
    off: int  # off-topic and strategy questions
    silent: int  # ... answered with no rule
    gaps: int  # questions the book does not decide
    said_so: int  # ... answered "does not say"
    misses: list[str]
    # posts longer than the engine reads (MAX_QUESTION): refused with an error, so each counts
    # as a miss of its kind -- no rule, no ruling, and never as the silence an off-topic post wants
    refused: int = 0
    # rulings given wrong: a verdict or a figure where the label has no ruling (a gap, play,
    # chatter, a rule question it does not decide), or one that differs from the label's
    wrong_rulings: int = 0

    def line(self) -> str:
        def share(n: int, of: int) -> str:
            return f"{n}/{of} ({n / of:.0%})" if of else "-"

        return (
            f"first {share(self.first, self.asked)}  top-3 {share(self.top3, self.asked)}  "
            f"rulings {share(self.right_rulings, self.rulings)}  "
            f"off/play with no rule {share(self.silent, self.off)}  "
            f"gaps 'does not say' {share(self.said_so, self.gaps)}  "
            f"wrong rulings {self.wrong_rulings}"
            + (f"  refused (too long) {self.refused}" if self.refused else "")
        )


def evaluate_real(asked_set: list[dict[str, Any]]) -> RealResult:
    """The real questions measured whole: rules found, rulings, silence and gaps."""
    from referee.ask import SILENT, BadQuestion, ask

    asked = first = top3 = rulings = right = off = silent = gaps = said = refused = wrong = 0
    misses = []
    for q in asked_set:
        try:
            found = ask(PRESETS[q["variant"]], q["q"], q["lang"])
        except BadQuestion:
            found = None
            refused += 1
        keys = [a.key for a in found.answers] if found else []
        ruling = found.ruling if found else None
        if _wrong_ruling(ruling, q.get("ruling")):
            wrong += 1
            said_got = {"verdict": ruling.verdict, "figure": ruling.figure}  # type: ignore[union-attr]
            misses.append(f"WRONG ruling {q['q']!r}: want {q.get('ruling')}, got {said_got}")
        if q["kind"] in ("off", "play"):
            off += 1
            quiet = found is not None and not keys and not found.covered
            silent += quiet
            if not quiet:
                misses.append(f"{q['kind']} {q['q']!r}: {keys}")
            continue
        if q["kind"] == "gap":
            gaps += 1
            says = ruling is not None and ruling.text.template == SILENT
            said += says
            if not says:
                misses.append(f"gap {q['q']!r}: {keys}")
            continue
        asked += 1
        expected = set(q["keys"])
        first += bool(keys) and keys[0] in expected
        top3 += bool(expected & set(keys[:3]))
        if not keys or keys[0] not in expected:
            misses.append(f"{q['q']!r}: want {sorted(expected)}, got {keys}")
        if "ruling" in q:
            rulings += 1
            want = q["ruling"]
            got = ruling
            ok = (
                got is not None
                and ("figure" not in want or got.figure == want["figure"])
                and ("verdict" not in want or got.verdict == (want["verdict"] == "yes"))
            )
            right += ok
            if not ok:
                said_got = got and {"verdict": got.verdict, "figure": got.figure}
                misses.append(f"ruling {q['q']!r}: want {want}, got {said_got}")
    return RealResult(
        asked, first, top3, rulings, right, off, silent, gaps, said, misses, refused, wrong
    )


def _wrong_ruling(got: Any, want: dict[str, Any] | None) -> bool:
    """Whether ``got`` rules (a verdict or a figure) where ``want``, the label, has no
    ruling, or rules otherwise than the label: a verdict or a figure that differs."""
    if got is None or (got.verdict is None and got.figure is None):
        return False  # no ruling, "does not say", a matter of play: nothing ruled
    if want is None:
        return True
    if "verdict" in want and got.verdict is not None:
        if got.verdict != (want["verdict"] == "yes"):
            return True
    return "figure" in want and got.figure is not None and got.figure != want["figure"]


def said_gap(asked_set: list[dict[str, Any]]) -> int:
    """How many of a written set's rule questions (``text``, ``rules``) are answered "This
    rulebook does not say" (issue 44: a gap found where the book decides): counted, never
    listed, as the judge sets' misses are not printed."""
    from referee.ask import SILENT, ask

    said = 0
    for q in asked_set:
        if q["rules"]:
            found = ask(PRESETS[q.get("variant", "classic")], q["text"], q["lang"])
            said += found.ruling is not None and found.ruling.text.template == SILENT
    return said


# Long posts written by us (never counted as real): a story, the cards, the scores, then
# the question; a "dev" part to develop on, a "held" part measured whole only.
LONG = Path(__file__).with_name("ask_long.toml")


def long_questions(part: str | None = None) -> list[dict[str, Any]]:
    """The long posts written by us (tests/ask_long.toml) in the real set's shape, or one
    ``part``: "dev" or "held"."""
    with LONG.open("rb") as handle:
        found = tomllib.load(handle)["question"]
    return [
        {"variant": "classic", "kind": "rule", **q}
        for q in found
        if part is None or q["part"] == part
    ]


def by_length(asked_set: list[dict[str, Any]]) -> list[tuple[str, RealResult]]:
    """:func:`evaluate_real` by the question's length in words: up to 20, 21-40, over 40."""
    bands = (("<= 20 words", 0, 20), ("21-40 words", 21, 40), ("> 40 words", 41, 10**6))
    return [
        (name, evaluate_real([q for q in asked_set if low <= len(q["q"].split()) <= high]))
        for name, low, high in bands
    ]


if __name__ == "__main__" and "--real" in __import__("sys").argv:
    # the real set whole and by half; only the dev half's misses are printed
    for half in (None, "dev", "blind"):
        found = evaluate_real(real_questions(half))
        print(f"real set, {half or 'whole'}: {found.line()}")
        if half == "dev":
            for miss in found.misses:
                print("   ", miss)
    for name, found in by_length(real_questions()):
        print(f"real set, {name}: {found.line()}")
    # the book's gaps found where the book decides: the written sets' rule questions answered
    # "This rulebook does not say" (counted only; the judge sets' misses are never printed)
    judge = [
        q
        for path in (FIFTH_BLIND, SIXTH_BLIND, SEVENTH_BLIND, EIGHTH_BLIND)
        for q in blind_questions(path=path)
    ]
    for name, asked_set in (
        ("own set", questions()),
        ("second blind set", blind_questions(path=SECOND_BLIND)),
        ("third blind set", blind_questions(path=THIRD_BLIND)),
        ("blind sets 5 to 8", judge),
    ):
        rules = sum(bool(q["rules"]) for q in asked_set)
        print(f"{name}: {said_gap(asked_set)} of {rules} rule questions answered 'does not say'")


def report(name: str, load: Any, parts: tuple[str, str]) -> None:
    """A set written by us measured whole and by part (the first part's misses printed, the
    second's never), and by length."""
    for part in (None, *parts):
        found = evaluate_real(load(part))
        print(f"{name} (written by us), {part or 'whole'}: {found.line()}")
        if part == parts[0]:
            for miss in found.misses:
                print("   ", miss)
    for band, found in by_length(load()):
        print(f"{name}, {band}: {found.line()}")


if __name__ == "__main__" and "--long" in __import__("sys").argv:
    report("long posts", long_questions, ("dev", "held"))


def _parted(path: Path, part: str | None) -> list[dict[str, Any]]:
    """The questions of the set at ``path``, or those of one ``part`` ("dev", "held")."""
    with path.open("rb") as handle:
        found = tomllib.load(handle)["question"]
    return [q for q in found if part is None or q["part"] == part]


# Posts at the American game's tables written by us (never counted as real): a proxy for the
# held-back player groups' posts; a "dev" part to tune on, a "held" part measured whole only.
AMERICAN = Path(__file__).with_name("ask_american.toml")


def american_questions(part: str | None = None) -> list[dict[str, Any]]:
    """The American posts written by us (tests/ask_american.toml), or one ``part``: "dev" or
    "held"."""
    return _parted(AMERICAN, part)


if __name__ == "__main__" and "--american" in __import__("sys").argv:
    report("American posts", american_questions, ("dev", "held"))


# A second set of American posts written by us, after the first was tuned on, to measure
# whether that tuning generalises (tests/ask_american2.toml's header says how).
AMERICAN2 = Path(__file__).with_name("ask_american2.toml")


def american2_questions(part: str | None = None) -> list[dict[str, Any]]:
    """The second set of American posts written by us (tests/ask_american2.toml), or one
    ``part``: "dev" or "held"."""
    return _parted(AMERICAN2, part)


if __name__ == "__main__" and "--american2" in __import__("sys").argv:
    report("American posts, second set", american2_questions, ("dev", "held"))


# A third set of American posts written by us, blind, after the second was tuned on
# (tests/ask_american3.toml's header says how).
AMERICAN3 = Path(__file__).with_name("ask_american3.toml")


def american3_questions(part: str | None = None) -> list[dict[str, Any]]:
    """The third set of American posts written by us (tests/ask_american3.toml), or one
    ``part``: "dev" or "held"."""
    return _parted(AMERICAN3, part)


if __name__ == "__main__" and "--american3" in __import__("sys").argv:
    report("American posts, third set", american3_questions, ("dev", "held"))


# The fourth to twenty-eighth sets of American posts, each written by a helper (2026-11-29)
# before it read the catalogue and labelled from it afterwards (each file's header says how).
def _helpers_set(number: int) -> Callable[[str | None], list[dict[str, Any]]]:
    path = Path(__file__).with_name(f"ask_american{number}.toml")

    def questions(part: str | None = None) -> list[dict[str, Any]]:
        return _parted(path, part)

    questions.__doc__ = (
        f"The American posts of tests/ask_american{number}.toml (written by a helper), or one "
        '``part``: "dev" or "held".'
    )
    return questions


american4_questions = _helpers_set(4)
american5_questions = _helpers_set(5)
american6_questions = _helpers_set(6)
american7_questions = _helpers_set(7)
american8_questions = _helpers_set(8)
american9_questions = _helpers_set(9)
american10_questions = _helpers_set(10)
american11_questions = _helpers_set(11)
american12_questions = _helpers_set(12)
american13_questions = _helpers_set(13)
american14_questions = _helpers_set(14)
american15_questions = _helpers_set(15)
american16_questions = _helpers_set(16)
american17_questions = _helpers_set(17)
american18_questions = _helpers_set(18)
american19_questions = _helpers_set(19)
american20_questions = _helpers_set(20)
american21_questions = _helpers_set(21)
american22_questions = _helpers_set(22)
american23_questions = _helpers_set(23)
american24_questions = _helpers_set(24)
american25_questions = _helpers_set(25)
american26_questions = _helpers_set(26)
american27_questions = _helpers_set(27)
american28_questions = _helpers_set(28)
american29_questions = _helpers_set(29)
american30_questions = _helpers_set(30)
american31_questions = _helpers_set(31)
american32_questions = _helpers_set(32)
american33_questions = _helpers_set(33)
american34_questions = _helpers_set(34)
american35_questions = _helpers_set(35)
american36_questions = _helpers_set(36)
american37_questions = _helpers_set(37)
american38_questions = _helpers_set(38)
american39_questions = _helpers_set(39)
american40_questions = _helpers_set(40)
_HELPERS_SETS = {
    "--american4": ("fourth", american4_questions),
    "--american5": ("fifth", american5_questions),
    "--american6": ("sixth", american6_questions),
    "--american7": ("seventh", american7_questions),
    "--american8": ("eighth", american8_questions),
    "--american9": ("ninth", american9_questions),
    "--american10": ("tenth", american10_questions),
    "--american11": ("eleventh", american11_questions),
    "--american12": ("twelfth", american12_questions),
    "--american13": ("thirteenth", american13_questions),
    "--american14": ("fourteenth", american14_questions),
    "--american15": ("fifteenth", american15_questions),
    "--american16": ("sixteenth", american16_questions),
    "--american17": ("seventeenth", american17_questions),
    "--american18": ("eighteenth", american18_questions),
    "--american19": ("nineteenth", american19_questions),
    "--american20": ("twentieth", american20_questions),
    "--american21": ("twenty-first", american21_questions),
    "--american22": ("twenty-second", american22_questions),
    "--american23": ("twenty-third", american23_questions),
    "--american24": ("twenty-fourth", american24_questions),
    "--american25": ("twenty-fifth", american25_questions),
    "--american26": ("twenty-sixth", american26_questions),
    "--american27": ("twenty-seventh", american27_questions),
    "--american28": ("twenty-eighth", american28_questions),
    "--american29": ("twenty-ninth", american29_questions),
    "--american30": ("thirtieth", american30_questions),
    "--american31": ("thirty-first", american31_questions),
    "--american32": ("thirty-second", american32_questions),
    "--american33": ("thirty-third", american33_questions),
    "--american34": ("thirty-fourth", american34_questions),
    "--american35": ("thirty-fifth", american35_questions),
    "--american36": ("thirty-sixth", american36_questions),
    "--american37": ("thirty-seventh", american37_questions),
    "--american38": ("thirty-eighth", american38_questions),
    "--american39": ("thirty-ninth", american39_questions),
    "--american40": ("fortieth", american40_questions),
}

if __name__ == "__main__":
    for flag, (nth, helpers) in _HELPERS_SETS.items():
        if flag in __import__("sys").argv:
            report(f"American posts, {nth} set", helpers, ("dev", "held"))
