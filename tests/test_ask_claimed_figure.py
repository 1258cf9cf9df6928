"""A figure the question claims ("aces canasta is worth 2000 right?", "is a dirty canasta
300?") is answered Yes or No beside the figure the core computes (2026-11-30, issue 44): Yes
where the claim is that figure, else No -- never where the question asks what (a question
word), or which of two, or claims two numbers.  Written for the tests, as tables say them."""

from __future__ import annotations

import pytest

from referee.ask import ask
from referee.rules import PRESETS, parse_cards
from referee.rules.melds import Meld, classify


def _bonus(cards: str, variant: str = "american") -> int:
    return classify(PRESETS[variant], Meld(parse_cards(cards))).bonus


@pytest.mark.parametrize(
    ("question", "cards", "claimed", "lang"),
    [
        ("aces canasta is worth 2000 right?", "A A A A A A A", 2000, "en"),
        ("Is a sevens canasta worth 2500?", "7 7 7 7 7 7 7", 2500, "en"),
        ("is a dirty canasta 300?", "K K K K K 2 X", 300, "en"),
        ("a clean canasta is 500 right?", "K K K K K K K", 500, "en"),
        ("Ist ein Canasta aus Siebenen 2000 Punkte wert?", "7 7 7 7 7 7 7", 2000, "de"),
    ],
)
def test_a_claimed_figure_is_answered_yes_or_no_beside_the_core_s_figure(
    question, cards, claimed, lang
):
    figure = _bonus(cards)
    ruling = ask(PRESETS["american"], question, lang).ruling
    assert ruling is not None
    assert ruling.figure == figure
    assert ruling.verdict is (claimed == figure)
    assert str(claimed) in ruling.text.render()


@pytest.mark.parametrize(
    "question",
    [
        "is a canasta of aces 2000 or 3000?",
        "we're at 5,200 now, whats the count to go down?",
        "what's a sevens canasta worth, 2000?",
        "at 3,150 how much do we need to go down?",
    ],
)
def test_no_yes_or_no_where_the_question_asks_what_or_which(question):
    ruling = ask(PRESETS["american"], question, "en").ruling
    assert ruling is None or ruling.verdict is None


def test_a_minimum_claimed_keeps_its_own_reading():
    """ "we're at 3200 so we need 120 to go down, right?": the minimum's own claim (No: 155)."""
    ruling = ask(PRESETS["american"], "we're at 3200, we need 120 to go down right?", "en").ruling
    assert ruling is not None
    assert ruling.verdict is (PRESETS["american"].opening_minimum(3200) == 120)


def test_a_sum_written_out_claims_its_total():
    """ "Hubby says we get 500+300+200+100 in bonuses ... Is that right?": the sum claimed,
    1100, against the bonuses the core scores for the hand told."""
    from referee.rules.hand_items import HandItems, score_items
    from referee.rules.variant import CanastaKind

    post = (
        "Final tally for a hand: we had 1 natural canasta, 1 dirty canasta, 2 red threes, and I "
        "went out. Hubby says we get 500+300+200+100 in bonuses before card points. Is that right?"
    )
    american = PRESETS["american"]
    items = HandItems({CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, 2, 0, True, False, True)
    bonuses = score_items(american, american.default_players, items).total
    ruling = ask(american, post, "en").ruling
    assert ruling is not None
    assert ruling.figure == bonuses
    assert ruling.verdict is (bonuses == 500 + 300 + 200 + 100)
