"""Real posts, an eighth pass (issue 44): the short questions of question-and-answer pages.
How a hand is scored, asked as "keep score" or about the score sheet, finds the rule on counting
the score, while "score" alone still asks what a thing is worth; the same pages' questions about
rummy and spades (the same words: "lay off", "meld", "keep score") get no rule of this book;
when a hand is over finds how a hand ends, and the end of a hand named beside another rule
leaves that rule first; "a canasta", "a book" named as a thing of the table ask a rule, where
the game's name alone still asks about the game.
The questions here are written for the tests, in the words the pass's posts used."""

from __future__ import annotations

import pytest

from referee.ask import ask
from referee.rules import PRESETS


def _asked(question: str, lang: str = "en", variant: str = "classic"):
    return ask(PRESETS[variant], question, lang)


def _keys(question: str, variant: str = "classic") -> list[str]:
    return [a.key for a in _asked(question, variant=variant).answers]


def _quiet(question: str, variant: str = "classic") -> bool:
    found = _asked(question, variant=variant)
    return not found.answers and not found.covered


@pytest.mark.parametrize(
    "question",
    [
        "How do you keep score?",
        "How do you keep score in canasta?",
        "Who keeps score, and how?",
        "What goes on the score pad after a hand?",
        "How do you fill in the scoresheet?",
    ],
)
def test_keeping_score_asks_how_the_score_is_counted(question):
    assert _keys(question)[:1] == ["scoring.counting"]


@pytest.mark.parametrize(
    "variant", sorted(v for v, preset in PRESETS.items() if "scoring.counting" in preset.rules)
)
def test_keeping_score_finds_the_counting_at_each_table_that_has_it(variant):
    assert "scoring.counting" in _keys("How do you keep score in canasta?", variant)[:3]


@pytest.mark.parametrize(
    ("question", "key"),
    [
        ("How much does a red three score?", "red-threes.bonus"),
        ("What does a natural canasta score?", "canasta.kinds"),
    ],
)
def test_score_alone_still_asks_what_a_thing_is_worth(question, key):
    assert _keys(question)[:1] == [key]


@pytest.mark.parametrize(
    "question",
    [
        "How do you keep score in rummy?",
        "When are you allowed to lay off in gin rummy?",
        "Do you have to meld first in rummy 500?",
        "How do you keep score in spades with four people?",
        "What happens if someone reneges?",
        "Is sandbagging against the rules?",
    ],
)
def test_the_same_pages_questions_about_rummy_and_spades_get_no_rule(question):
    assert _quiet(question)


def test_the_three_of_spades_is_still_a_card_of_this_game():
    assert "pile.black-three" in _keys(
        "Can the next player take the pile if I discard the three of spades?"
    )


@pytest.mark.parametrize(
    "question",
    [
        "When is a hand over?",
        "How does a round end?",
        "What ends a hand of canasta?",
        "What happens at the end of the round?",
    ],
)
def test_when_a_hand_is_over_asks_how_it_ends(question):
    assert _keys(question)[:1] == ["going-out.one-side"]


@pytest.mark.parametrize(
    ("question", "key"),
    [
        ("Is the hand over when the stock runs out?", "play.stock-out"),
        (
            "How much do the cards left in my hand count at the end of the round?",
            "hand.points",
        ),
    ],
)
def test_the_end_of_a_hand_named_beside_a_rule_keeps_that_rule(question, key):
    assert _keys(question)[:1] == [key]


@pytest.mark.parametrize(
    ("question", "variant"),
    [
        ("How many cards in a canasta?", "classic"),
        ("What is a book?", "hand-and-foot"),
        ("How many cards are in a book?", "hand-and-foot"),
    ],
)
def test_a_canasta_or_a_book_named_as_a_thing_asks_a_rule(question, variant):
    assert "canasta.kinds" in _keys(question, variant)[:3]


def test_what_a_canasta_is_gets_a_rule_about_the_canasta():
    assert _keys("What is a canasta?")[0].startswith("canasta.")


@pytest.mark.parametrize(
    "question", ["What is canasta?", "Who invented canasta?", "Is canasta a hard game?"]
)
def test_the_games_name_alone_still_asks_about_the_game(question):
    assert _quiet(question)
