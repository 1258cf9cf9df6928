"""The book's gaps (issue 44): which of the table's procedures a catalogue decides is read from
its rules, and a rule question of the written sets is not taken for one the book leaves open."""

from __future__ import annotations

import pytest

from referee.ask import SILENT, ask
from referee.ask.design import PROCEDURES
from referee.ask.engine import index_for
from referee.rules import PRESETS
from tests.ask_eval import (
    EIGHTH_BLIND,
    FIFTH_BLIND,
    SEVENTH_BLIND,
    SIXTH_BLIND,
    blind_questions,
    questions,
    said_gap,
)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_procedure_is_covered_where_a_rule_is_about_it(variant):
    """A catalogue covers the cut where one of its rules is about the cut (its key or its
    statement names it): the Czech and Spanish books' deal.cut, the American turn card's cut;
    the classic book has none, so a question about the cut is a gap there."""
    index = index_for(PRESETS[variant])
    about_cut = any("cut" in key for key in PRESETS[variant].rules)
    assert ("cut" in index.covered) >= about_cut
    assert index.covered <= PROCEDURES
    if variant == "classic":
        assert index.covered == frozenset()


def test_a_question_about_an_uncovered_procedure_says_so_with_the_nearest_rules():
    found = ask(PRESETS["classic"], "Who cuts the cards before the deal?", "en")
    assert found.ruling is not None
    assert found.ruling.text.template == SILENT
    assert not found.covered
    assert found.answers  # the nearest, shown as such
    ruled = ask(PRESETS["czech"], "Who cuts the cards before the deal?", "en")
    assert ruled.covered
    assert ruled.ruling is None
    assert ruled.answers[0].key == "deal.cut"


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_the_written_sets_rule_questions_are_rarely_taken_for_gaps():
    """Of the own set's 160 rule questions none, of the judge sets' 504 at most two are
    answered "This rulebook does not say" (docs/benchmarks.md, "The book's gaps"); the
    judge's are counted, never listed."""
    assert said_gap(questions()) == 0
    pooled = []
    for path in (FIFTH_BLIND, SIXTH_BLIND, SEVENTH_BLIND, EIGHTH_BLIND):
        pooled += blind_questions(path=path)
    assert said_gap(pooled) <= 2


def test_a_gap_s_nearest_rules_are_its_table_s():
    """tests/ask_real.toml: a gap's optional ``near`` names rules its table's variant has, and
    only gaps carry it."""
    from tests.ask_eval import real_questions

    gaps = [q for q in real_questions() if q["kind"] == "gap"]
    assert len(gaps) >= 20
    for q in real_questions():
        near = q.get("near", [])
        assert not near or q["kind"] == "gap", q
        assert set(near) <= set(PRESETS[q["variant"]].rules), q
