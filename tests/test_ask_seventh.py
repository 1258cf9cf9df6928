"""Real posts, a seventh pass (issue 44): posts about another game's table, a reader's letter
and a poll of the readers get no rule of this book; the same words asking a rule of Canasta
keep it; the table's conduct the book leaves open (a draw when it is not your turn, a
partner's body language, another player's cards) is said to be the book's gap.  The posts here
are written for the tests, in the words the pass's posts used."""

from __future__ import annotations

import pytest

from referee.ask import SILENT, ask
from referee.rules import PRESETS


def _asked(question: str, lang: str = "en", variant: str = "classic"):
    return ask(PRESETS[variant], question, lang)


def _quiet(question: str, lang: str = "en", variant: str = "classic") -> bool:
    found = _asked(question, lang, variant)
    return not found.answers and not found.covered


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("de", "Kann man bei UNO mit einer Aussetzen Karte ausgehen?"),
        ("cs", "Můžu v Uno skončit poslední kartou, když je to žolík?"),
        ("nl", "Mag je bij Uno uitgaan met je laatste kaart als dat een joker is?"),
        ("pl", "Czy w Uno można zakończyć grę kartą stop?"),
        (
            "en",
            "We got out the Phase 10 deck; nobody wanted to shuffle, so I shuffled and dealt "
            "every hand. Mom said I only lost when I dealt.",
        ),
        ("en", "If you won the bid, do you have to lead with trump or can you discard any card?"),
        ("en", "In Mah Jongg can you take a discarded joker from the wall?"),
        ("en", "Can you pick up the discard pile in Rook?"),
        ("en", "If you shoot the moon, do your opponents get the points?"),
        (
            "en",
            "Should the pair get an average-minus when the dealer passed with last deal's "
            "cards? What is the rule?",
        ),
    ],
)
def test_a_post_about_another_games_table_gets_no_rule(lang, question):
    assert _quiet(question, lang)


def test_uno_in_spanish_is_one_and_leaves_a_rule_question_alone():
    found = _asked("¿Puede uno tomar el pozo con un comodín encima?", "es")
    assert found.covered
    assert "pile.wild-top" in [a.key for a in found.answers] or "pile.frozen" in [
        a.key for a in found.answers
    ]


@pytest.mark.parametrize(
    "question",
    [
        "A friend lets her grandchildren cheat whenever we play cards, and everyone laughs. "
        "I don't know what to do or say. Any suggestions?",
        "Have you ever been caught cheating at cards?",
        "Have you ever been caught looking at someone's cards?",
    ],
)
def test_a_letter_or_a_poll_about_people_gets_no_rule(question):
    assert _quiet(question)


def test_a_poll_naming_a_rule_keeps_the_rule():
    found = _asked("Have you ever had to discard a joker?")
    assert found.covered
    assert found.answers


def test_the_same_plea_after_a_rule_asked_keeps_the_rule():
    found = _asked(
        "The pile was frozen and my partner took it with one natural card and a joker. "
        "I don't know what to do. Is that allowed?"
    )
    assert found.covered
    assert {"pile.frozen", "pile.natural-and-wild"} & {a.key for a in found.answers}


@pytest.mark.parametrize(
    "question",
    [
        "Is it allowed to draw a card when it's not your turn?",
        "Can you take the discard pile when it is not your turn to draw?",
        "Is reading your partner's body language against the rules?",
        "She kept making facial expressions every time her partner discarded. Is that allowed?",
        "Is it ok to look at his hand after the round is over?",
    ],
)
def test_the_tables_conduct_the_book_leaves_open_is_said_to_be_its_gap(question):
    found = _asked(question)
    assert not found.covered
    assert found.ruling is not None
    assert found.ruling.text.template == SILENT


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        (
            "en",
            "My uncle invented a rule that three red threes are worth an extra 100 points. "
            "Is that right?",
        ),
        ("es", "Mi tío se inventó una regla: tres treses rojos valen 100 puntos más. ¿Es así?"),
    ],
)
def test_a_rule_someone_invented_is_a_rule_question_not_the_games_history(lang, question):
    assert [a.key for a in _asked(question, lang).answers][:1] == ["red-threes.bonus"]


@pytest.mark.parametrize(
    ("lang", "question"),
    [("en", "Who invented canasta?"), ("es", "¿Quién inventó la canasta?")],
)
def test_who_invented_the_game_is_still_off_the_rules(lang, question):
    assert _quiet(question, lang)
