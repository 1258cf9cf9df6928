"""Ask the referee in your own words: a plain question in any of the six languages finds the
rules of the table's variant that answer it, best first.

The search (:mod:`.engine`) reads the catalogues of all six languages, so it sits above
the rules core, beside the ledger and the contract.  A question no rule answers gets no
answer, never a random rule.  A match total in the question ("when we have 2600") is
looked up as the referee's opening question does: :meth:`Variant.opening_minimum`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..i18n import LANGUAGES
from ..rules import MalformedInput, Rule, Variant
from ..rules.problems import N_, Text
from ..rules.sources import source_language, source_title
from .engine import DESIGN, Design, index_for, numbers

__all__ = [
    "MAX_QUESTION",
    "Answer",
    "BadQuestion",
    "answers",
    "answers_json",
    "statement",
]

MAX_QUESTION = 500  # characters; a question is a sentence or two
ANSWERS = 3  # the best rule and the next two


class BadQuestion(MalformedInput):
    "The question is empty or too long, or its language is not one the app speaks."


class Answer(NamedTuple):
    """A rule that answers the question: its key, the rule as the table plays it (a house
    rule where the table changed its value), its score, and for a question naming a match
    total the figure for it."""

    key: str
    rule: Rule
    score: float
    figure: Text | None = None


def check_question(question: str, lang: str) -> str:
    """``question`` stripped, or :class:`BadQuestion` saying what is wrong with it."""
    if lang not in LANGUAGES:
        raise BadQuestion(f"lang: {lang!r} is not one of {', '.join(LANGUAGES)}")
    text = question.strip()
    if not text:
        raise BadQuestion("the question is empty")
    if len(text) > MAX_QUESTION:
        raise BadQuestion(
            f"the question has {len(text)} characters; at most {MAX_QUESTION} are read"
        )
    return text


def _figure(variant: Variant, question: str) -> Text | None:
    """The opening minimum for the match total (or, where it goes by the hand, the hand)
    the question names, as the referee's opening question computes it."""
    found = numbers(question)
    if not found:
        return None
    if variant.opening_by_round:
        hand = next((n for n in found if 1 <= n <= 99), None)
        if hand is None:
            return None
        return Text(
            N_("In hand %(hand)s, a side's first meld needs at least %(minimum)s points."),
            {"hand": hand, "minimum": variant.opening_minimum(0, hand_number=hand)},
        )
    score = found[0]
    return Text(
        N_(
            "With a match total of %(score)s, a side's first meld needs at least %(minimum)s "
            "points."
        ),
        {"score": score, "minimum": variant.opening_minimum(score)},
    )


def answers(variant: Variant, question: str, lang: str, design: Design = DESIGN) -> list[Answer]:
    """The rules of ``variant`` (with its house rules) that answer ``question``, asked in
    ``lang``, best first; none when no rule of the book answers it.

    :raises BadQuestion: for an empty or too long question, or an unknown language.
    """
    text = check_question(question, lang)
    hits = index_for(variant, design).search(text, lang, ANSWERS)
    return [
        Answer(
            hit.key,
            variant.rules[hit.key],
            hit.score,
            _figure(variant, text) if hit.key == "opening.minimum" else None,
        )
        for hit in hits
    ]


def statement(rule: Rule, lang: str) -> str:
    """A rule's statement in ``lang``, as the pages say it (``web.plumbing.locale.rule_text``):
    a house rule in the table's words; in its rulebook's own language, the rulebook's
    sentence."""
    from .engine import gettext_of

    gettext = gettext_of(lang)
    if rule.house is not None:
        return rule.house.render(gettext)
    if rule.quote and source_language(rule.source) == lang:
        return rule.quote
    return gettext(rule.text)


def answers_json(variant: Variant, question: str, lang: str) -> dict[str, Any]:
    """What ``referee ask --json`` prints and ``GET /api/ask`` answers."""
    from .engine import gettext_of

    found = answers(variant, question, lang)
    return {
        "variant": variant.id,
        "lang": lang,
        "question": question.strip(),
        "answers": [
            {
                "rule": f"{variant.id}.{a.key}",
                "key": a.key,
                "text": statement(a.rule, lang),
                "figure": a.figure.render(gettext_of(lang)) if a.figure else None,
                "quote": a.rule.quote,
                "source": a.rule.source,
                "source_title": source_title(a.rule.source),
                "url": f"/rules/{variant.id}#rule-{a.key}",
                "score": a.score,
            }
            for a in found
        ],
    }
