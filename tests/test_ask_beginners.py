"""Beginners' short questions (issue 44): the plain questions of question-and-answer pages that
named nothing the engine knew as a thing of the game, so their rule was silenced as off the
game -- how long a game lasts asked by its rounds or hands, how a hand is scored, two canastas
"of the same card", whether suits matter, what a canasta is. Each now finds its rule, in six
languages where the words are the languages' own; the game's name alone ("What is canasta?",
"Was ist Canasta?") still asks about the game and gets no rule. The questions are written for
the tests, in the pages' kinds of words."""

from __future__ import annotations

import pytest

from referee.ask import ask
from referee.rules import PRESETS


def _keys(question: str, lang: str = "en", variant: str = "classic") -> list[str]:
    return [a.key for a in ask(PRESETS[variant], question, lang).answers]


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "How many rounds are in canasta?"),
        ("en", "How many hands do you play?"),
        ("en", "How long is a game of canasta?"),
        ("cs", "Kolik kol se hraje?"),
        ("de", "Wie viele Runden spielt man?"),
        ("es", "¿Cuántas manos se juegan?"),
        ("nl", "Hoeveel rondes speel je?"),
        ("pl", "Ile rund się gra?"),
    ],
)
def test_how_long_a_game_lasts_finds_the_end_of_the_game(lang, question):
    assert _keys(question, lang)[:1] == ["scoring.game-end"]


@pytest.mark.parametrize(
    "question",
    [
        "How do you score a hand?",
        "How is a hand scored?",
        "How do you score a hand of canasta?",
        "How do you score canasta?",
    ],
)
def test_how_a_hand_is_scored_finds_the_counting(question):
    assert _keys(question)[:1] == ["scoring.counting"]


@pytest.mark.parametrize(
    "question",
    [
        "We found a joker under the table after the hand was scored. Does the score stand?",
        "The hand was scored already when we saw a card on the floor: do we replay it?",
    ],
)
def test_a_gap_told_after_the_hand_was_scored_is_still_one(question):
    """ "scored" alone is no question of how a hand is counted (the pages' phrase is): the
    book says nothing of a card found after the count."""
    found = ask(PRESETS["american"], question, "en")
    assert not found.covered


def test_two_canastas_of_the_same_card_asks_the_one_meld_of_a_rank():
    assert _keys("Can you have two canastas of the same card?")[:1] == ["meld.one-per-rank"]


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "Do suits matter?"),
        ("en", "Does the suit matter in a meld?"),
        ("es", "¿Importa el palo en una combinación?"),
    ],
)
def test_whether_suits_matter_finds_the_meld_of_one_rank(lang, question):
    assert _keys(question, lang)[:1] == ["meld.one-rank"]


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "What is a canasta?"),
        ("en", "what's a canasta?"),
        ("de", "Was ist eine Canasta?"),
        ("nl", "Wat is een canasta?"),
    ],
)
def test_what_a_canasta_is_finds_its_kinds(lang, question):
    assert _keys(question, lang)[:1] == ["canasta.kinds"]


@pytest.mark.parametrize(
    ("lang", "question"),
    [("en", "What is canasta?"), ("de", "Was ist Canasta?"), ("en", "Who invented canasta?")],
)
def test_the_game_s_name_alone_still_asks_about_the_game(lang, question):
    assert _keys(question, lang) == []
