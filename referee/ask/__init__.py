"""Ask the referee in your own words: a plain question in any of the six languages finds the
rules of the table's variant that answer it, best first.

The search (:mod:`.index`, kept by :mod:`.engine`) reads the catalogues of all six
languages, so it sits above the rules core, beside the ledger and the contract.  A
question no rule answers gets no answer, never a random rule.  A match total in the
question ("when we have 2600") is looked up as the referee's opening question does:
:meth:`Variant.opening_minimum`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..i18n import LANGUAGES
from ..rules import MalformedInput, Rule, Variant
from ..rules.problems import N_, Text
from ..rules.sources import source_language, source_title
from .asking import about_people, asks_if_a_denial_is_right, asks_nothing, asks_play
from .design import DESIGN, GENERIC, LONG_POST, MARK, OFF, VERDICT_ONLY, Design, Hit
from .engine import index_for
from .index import Index
from .judge import PLAY, Ruling, Table, rule_on_situation
from .situation import (
    SENTENCE_BREAK,
    Situation,
    asks,
    question_sentence,
    read_situation,
    without_cards,
)
from .texts import gettext_of
from .words import names_other_game, numbers

__all__ = [
    "MAX_QUESTION",
    "NO_QUESTION",
    "SILENT",
    "Answer",
    "Asked",
    "BadQuestion",
    "Ruling",
    "Table",
    "answers",
    "answers_json",
    "ask",
    "statement",
]

MAX_QUESTION = 2000  # characters: a player's post, its story, cards and scores, then the question
ANSWERS = 3  # the best rule and the next two
POOL = 12  # rules each part of a long post ranks, before they are added up
SILENT = N_("This rulebook does not say.")
_ASKING = SENTENCE_BREAK  # a post's sentences, as the situation splits them
# a post that asks nothing: a story, an introduction, a boast (asking.asks_nothing)
NO_QUESTION = N_("There is no question here to rule on: ask what a rule says.")


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


def _figure(variant: Variant, question: str, score: int | None) -> Text | None:
    """The opening minimum for the match total ``score`` the question names (as its
    situation reads it: not a meld's points, not a minimum claimed -- "we need 125 to go down"
    was "a match total of 125" when this took the first number, seen in the lead's evening
    play of 2026-11-28), or where it goes by the hand, the hand the question names; as the
    referee's opening question computes it."""
    if variant.opening_by_round:
        hand = next((n for n in numbers(question) if 1 <= n <= 99), None)
        if hand is None:
            return None
        return Text(
            N_("In hand %(hand)s, a side's first meld needs at least %(minimum)s points."),
            {"hand": hand, "minimum": variant.opening_minimum(0, hand_number=hand)},
        )
    if score is None:
        return None
    return Text(
        N_(
            "With a match total of %(score)s, a side's first meld needs at least %(minimum)s "
            "points."
        ),
        {"score": score, "minimum": variant.opening_minimum(score)},
    )


class Asked(NamedTuple):
    """A question answered: the rules found (best first), the ruling on its situation (or
    None), whether the rulebook decides it (False for a matter of play, a question off
    the game, or one the book does not decide), and a close runner-up's key."""

    answers: list[Answer]
    ruling: Ruling | None
    covered: bool
    # the key of the second answer where it scores close to the first: "Or did you mean ..."
    did_you_mean: str | None = None


def _search(
    variant: Variant, text: str, lang: str, design: Design, limit: int = ANSWERS
) -> tuple[list[Hit], bool]:
    """The rules the question finds, and whether it is one no rulebook decides.

    A long post (a story, the cards, the scores, then the question) is searched by its
    question sentence, plus ``design.story`` times the whole post with its cards and scores
    left out: the sentence says what is asked, the story the moment it is asked at, and a
    list of cards no longer pulls every wild-card rule up (docs/benchmarks.md)."""
    index = index_for(variant, design)
    if design.people and about_people(text, lang, lambda rest: _names_a_rule(index, rest, lang)):
        return [], False
    if not design.story or len(text.split()) <= LONG_POST:
        return index.find(text, lang, limit)
    sentence = question_sentence(text, lang)
    if sentence == text or not asks(sentence, lang):  # a story that asks nothing: read whole
        return index.find(text, lang, limit)
    if design.procedures and index.names_off_game(text, lang):  # another game's table
        return [], False
    asked, gap = index.find(sentence, lang, max(POOL, limit))
    told, told_gap = index.find(without_cards(text), lang, max(POOL, limit))
    if not asked and not told:
        return [], gap
    if design.procedures and told_gap and not gap and _asks_a_gap(index, text, sentence, lang):
        return told[:limit], True  # the nearest, as such
    scores: dict[str, float] = {}
    for hit in asked:
        scores[hit.key] = hit.score
    for hit in told:
        scores[hit.key] = scores.get(hit.key, 0.0) + design.story * hit.score
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    return [Hit(key, round(score, 3)) for key, score in ranked[:limit]], (
        gap if asked else told_gap
    )


def _asks_a_gap(index: Index, text: str, sentence: str, lang: str) -> bool:
    """Whether a post whose question sentence asks only for a verdict or a penalty on what it
    told ("Is there a penalty for that?": :data:`~.design.VERDICT_ONLY`) asks, in another of
    its asking sentences, about a procedure the book leaves open ("Is table talk allowed?")."""
    named = {t[len(MARK) :] for t in index.query_tokens(sentence, lang) if t.startswith(MARK)}
    if named - VERDICT_ONLY - GENERIC:
        return False
    return any(
        index.uncovered({t for t in index.query_tokens(other, lang) if t.startswith(MARK)})
        for other in _ASKING.split(text)
        if other.strip() and other.strip() != sentence and asks(other, lang)
    )


def _tells_only(variant: Variant, text: str, lang: str, design: Design) -> bool:
    """Whether ``text`` asks nothing (:func:`~.asking.asks_nothing`) and tells of no procedure
    the book leaves open (a story of a shuffle at another table is the book's gap, said so)."""
    if not asks_nothing(text, lang):
        return False
    index = index_for(variant, design)
    named = {token for token in index.query_tokens(text, lang) if token.startswith(MARK)}
    return not index.uncovered(named)


def _figure_off_game(
    variant: Variant, situation: Situation, ruling: Ruling, text: str, lang: str, design: Design
) -> bool:
    """Whether ``ruling`` is a figure read from words alone (no card told) in a question whose
    words are off the game (:data:`~.design.OFF`: a shop, an app, card games compared): "What is
    the easiest card game to learn?" asks no target, though "game to" is how one is asked."""
    if ruling.verdict is not None or ruling.figure is None:
        return False
    if situation.groups or situation.singles or situation.top is not None:
        return False
    return MARK + OFF in index_for(variant, design).query_tokens(text, lang)


def _the_claims(ruling: Ruling) -> Ruling:
    """The answer to "is that right?" asked of a claim that something may not be done: the
    act's verdict the other way round, the act's ruling after it ("That is not right. Yes:
    your side may go out ..."); where the act's verdict says whether a thing must be done
    (:attr:`Ruling.must`: "do you HAVE to discard to go out? ... the other team said thats not
    allowed. is that right?", seen in the ninth American posts' dev half), the claim is right
    as the obligation holds."""
    right = bool(ruling.verdict) if ruling.must else not ruling.verdict
    if right:
        template = N_("That is right. %(ruling)s")
    else:
        template = N_("That is not right. %(ruling)s")
    return ruling._replace(verdict=right, text=Text(template, {"ruling": ruling.text}))


def _at_another_table(variant: Variant, text: str, lang: str, design: Design) -> bool:
    """Whether ``text`` is at another game's table: it names the game ("in rummy") or speaks
    in its own terms ("my partner revoked", "the pot": :meth:`Index.names_off_game`, the
    lead's probes of 2026-11-29, where "My partner revoked ... laid down K K K 2. Is that
    legal?" was given this book's Yes)."""
    return names_other_game(text) or index_for(variant, design).names_off_game(text, lang)


def _names_a_rule(index: Index, text: str, lang: str) -> bool:
    """Whether ``text`` finds a rule of ``index``, not only a procedure the book leaves open."""
    hits, gap = index.find(text, lang)
    return bool(hits) and not gap


def ask(
    variant: Variant,
    question: str,
    lang: str,
    table: Table | None = None,
    design: Design = DESIGN,
) -> Asked:
    """``question``, asked in ``lang`` under ``variant`` (in the match ``table`` describes,
    if any), answered: the rules that answer it and the ruling on its situation.

    :raises BadQuestion: for an empty or too long question, or an unknown language.
    """
    text = check_question(question, lang)
    if design.quiet and _tells_only(variant, text, lang, design):
        return Asked([], Ruling(None, None, Text(NO_QUESTION), ()), False)
    if design.play_frames and asks_play(text, lang):  # "what's the best way to", "do you always"
        return Asked([], Ruling(None, None, Text(PLAY), (), play=True), False)
    situation = read_situation(text, lang)
    ruling = rule_on_situation(variant, situation, table)
    if ruling is not None and not ruling.play and _at_another_table(variant, text, lang, design):
        ruling = None  # rummy's or poker's cards: that game's table, not this rulebook's
    if ruling is not None and _figure_off_game(variant, situation, ruling, text, lang, design):
        ruling = None  # "the easiest card game to learn": no game's target asked
    claim_ruled = situation.claimed is not None or situation.canastas_claimed is not None
    if (
        ruling is not None
        and ruling.verdict is not None
        and not claim_ruled  # "she says you need 120 to open": the claim's own Yes or No
        and not ruling.figure_claimed  # ... or a figure's: "it's 300, right?"
        and asks_if_a_denial_is_right(text, lang)
    ):
        # "she said you can't. Is that right?": a Yes to the act is a No to her, the act's
        # ruling after it
        ruling = _the_claims(ruling)
    if ruling is not None and ruling.play:
        return Asked([], ruling, False)
    hits, gap = _search(variant, text, lang, design)
    if ruling is not None and ruling.text.template == SILENT:  # the core finds the book silent
        nearest = [Answer(hit.key, variant.rules[hit.key], hit.score) for hit in hits]
        return Asked(nearest, ruling, False)
    if ruling is not None and ruling.searched and (gap or not hits):
        ruling = None  # a play rule's ruling stands only beside the rules the search finds
    if gap and ruling is None:  # the nearest rules, shown as such
        nearest = [Answer(hit.key, variant.rules[hit.key], hit.score) for hit in hits]
        return Asked(nearest, Ruling(None, None, Text(SILENT), ()), False)
    keys = [hit.key for hit in hits]
    # the rules that decide a No or a figure lead (a Yes has no one rule that decides it)
    if ruling is not None and ruling.lead:
        first = [key for key in ruling.rules if key in variant.rules]
        keys = first + [key for key in keys if key not in first]
        keys = keys[: max(ANSWERS, len(first))]
    elif ruling is not None and not keys:  # the search found none: the ruling's rules
        keys = [key for key in ruling.rules if key in variant.rules]
    elif ruling is not None and not set(ruling.rules) & set(keys):
        # a Yes or a figure whose rules the search did not find ("stačí nám tři esa a žolík
        # na vyložení?" found the pile's rules): the rule it applied among the answers, last
        shown = [key for key in ruling.rules if key in variant.rules][:1]
        keys = keys[: ANSWERS - len(shown)] + shown
    scores = {hit.key: hit.score for hit in hits}
    found = [
        Answer(
            key,
            variant.rules[key],
            scores.get(key, 0.0),
            _figure(variant, text, situation.score) if key == "opening.minimum" else None,
        )
        for key in keys
    ]
    close = (
        len(found) > 1
        and not (ruling is not None and ruling.lead)
        and found[0].score > 0
        and found[1].score >= design.runner_up * found[0].score
    )
    return Asked(found, ruling, bool(found), found[1].key if close else None)


def answers(variant: Variant, question: str, lang: str, design: Design = DESIGN) -> list[Answer]:
    """The rules of ``variant`` (with its house rules) that answer ``question``, asked in
    ``lang``, best first; none when no rule of the book answers it.

    :raises BadQuestion: for an empty or too long question, or an unknown language.
    """
    return ask(variant, question, lang, design=design).answers


def ruling_json(ruling: Ruling | None, lang: str) -> dict[str, Any] | None:
    """A ruling as the contract gives it: ``verdict`` "yes", "no" or null, ``figure``,
    ``text`` in ``lang``, ``rules`` (the keys that decide it)."""
    if ruling is None:
        return None
    return {
        "verdict": None if ruling.verdict is None else "yes" if ruling.verdict else "no",
        "figure": ruling.figure,
        "text": ruling.text.render(gettext_of(lang)),
        "rules": list(ruling.rules),
    }


def statement(rule: Rule, lang: str) -> str:
    """A rule's statement in ``lang``, as the pages say it (``web.plumbing.locale.rule_text``):
    a house rule in the table's words; in its rulebook's own language, the rulebook's
    sentence."""
    gettext = gettext_of(lang)
    if rule.house is not None:
        return rule.house.render(gettext)
    if rule.quote and source_language(rule.source) == lang:
        return rule.quote
    return gettext(rule.text)


def answers_json(
    variant: Variant, question: str, lang: str, table: Table | None = None
) -> dict[str, Any]:
    """What ``referee ask --json`` prints and ``GET /api/ask`` answers."""
    asked = ask(variant, question, lang, table)
    return {
        "variant": variant.id,
        "lang": lang,
        "question": question.strip(),
        "ruling": ruling_json(asked.ruling, lang),
        "covered": asked.covered,
        "did_you_mean": asked.did_you_mean,
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
            for a in asked.answers
        ],
    }
