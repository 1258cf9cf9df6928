"""A rulebook's words stand as a rule's authority only where they agree with the variant's
own values (issue 48: the German beginners' book values a 2 at 50, so its "K-K-K-2 (80
Punkte)" contradicts every variant that counts K K K 2 as 50)."""

from __future__ import annotations

import pytest

from referee.rules import PRESETS, Meld, parse_cards
from referee.rules.melds import classify
from referee.rules.quotes import agreeing_quote, contradicted, worked_examples
from referee.rules.variant import Rule

# The German book's sentence (002 §Mindestpunkte für die erste Meldung).
GERMAN = (
    "Hat eine Partei zum Beispiel bereits 2.000 Spielpunkte, darf ein Spieler eine "
    "Erstmeldung mit K-K-K-2 (80 Punkte) und 4-4-4 (15 Punkte) für insgesamt 95 Punkte machen."
)


@pytest.mark.parametrize(
    ("quote", "examples"),
    [
        (GERMAN, [("K K K 2", 80), ("4 4 4", 15)]),
        ("met 10-10-10 (30 punten) uitkomen", [("10 10 10", 30)]),
        ("Q-Q-X (1.050 bodů)", [("Q Q X", 1050)]),
        ("Ein 7-7-7-7-7-2-2 Canasta ist also 425 Punkte wert", []),  # no points in brackets
        ("Negatief: 15 punten; 0000 - 1495: 50 punten", []),  # figures, not cards
        ("", []),
    ],
)
def test_a_quotes_worked_examples_are_read(quote, examples):
    assert worked_examples(quote) == examples


def _points(variant, cards: str) -> int:
    """The meld's points as the scoring counts them (the reference the check must agree with)."""
    return classify(variant, Meld(parse_cards(cards))).points


@pytest.mark.parametrize("variant", list(PRESETS.values()), ids=list(PRESETS))
def test_a_quote_is_the_authority_only_where_its_examples_count_as_the_variant_does(variant):
    for rule in variant.rules.values():
        wrong = [
            (cards, said) for cards, said in worked_examples(rule.quote)
            if _points(variant, cards) != said
        ]  # fmt: skip
        assert [(c, s) for c, s, _counted in contradicted(variant, rule)] == wrong
        assert agreeing_quote(variant, rule) == ("" if wrong else rule.quote)


def test_the_german_example_stands_in_the_german_rules_and_not_in_the_classic():
    german, classic = PRESETS["german"], PRESETS["classic"]
    key = "opening.canasta-bonus"
    assert "K-K-K-2 (80 Punkte)" in german.rules[key].quote
    assert agreeing_quote(german, german.rules[key]) == german.rules[key].quote  # 2 = 50
    assert contradicted(classic, classic.rules[key]) == [("K K K 2", 80, 50)]
    assert agreeing_quote(classic, classic.rules[key]) == ""


def test_a_table_that_counts_a_two_as_fifty_makes_the_example_right_again():
    from referee.rules import Rank

    classic = PRESETS["classic"]
    points = dict(classic.card_points)
    points[Rank.TWO] = 50
    fifty = classic._replace(card_points=points)
    rule = Rule("x", "", "002_33025d4827e4c068.txt §X", GERMAN)
    assert agreeing_quote(fifty, rule) == GERMAN
    assert agreeing_quote(classic, rule) == ""
