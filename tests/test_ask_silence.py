"""Real posts (issue 44, fifth pass): a rule question is not taken for one off the game, and a
question that names the game's name only where it means the game finds the rule it asks."""

from __future__ import annotations

import pytest

from referee.ask import ask
from referee.ask.design import DESIGN
from referee.ask.tokens import Tokens
from referee.rules import PRESETS


def _keys(question: str, lang: str, variant: str = "classic") -> list[str]:
    return [answer.key for answer in ask(PRESETS[variant], question, lang).answers]


# "What makes up a canasta" asks what a canasta is: before, the game's name alone, nothing.
@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "What makes up a canasta?"),
        ("cs", "Z čeho se skládá kanasta?"),
        ("de", "Woraus besteht ein Canasta?"),
        ("es", "¿De qué está formada una canasta?"),
        ("nl", "Waaruit bestaat een canasta?"),
        ("pl", "Z czego składa się kanasta?"),
    ],
)
def test_what_a_canasta_is_made_of_is_answered_by_the_kinds_of_canasta(lang, question):
    found = ask(PRESETS["classic"], question, lang)
    assert found.covered
    assert found.answers[0].key == "canasta.kinds"


# Counting the cards at the hand's end is how a hand is scored, not a question off the game.
@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "How do you count points in canasta?"),
        ("en", "How do you count cards in canasta?"),
        ("cs", "Jak se počítají body v kanastě?"),
        ("de", "Wie zählt man beim Canasta die Punkte?"),
        ("es", "¿Cómo se cuentan los puntos en la canasta?"),
        ("nl", "Hoe tel je de punten bij canasta?"),
        ("pl", "Jak liczyć punkty w kanastę?"),
    ],
)
def test_counting_a_hand_is_answered_by_the_scoring_rule(lang, question):
    assert "scoring.counting" in _keys(question, lang)[:3]


def test_counting_the_cards_of_a_canasta_is_answered_by_the_kinds_of_canasta():
    assert _keys("Do you count the individual cards in a canasta?", "en")[0] == "canasta.kinds"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "how do you count cards in canasta"),
        ("en", "we play canasta on fridays"),
        ("de", "wie zählt man beim Canasta"),
        ("nl", "hoe tel je bij canasta"),
        ("pl", "jak liczyć w kanastę"),
        ("cs", "jak se počítá v kanastě"),
    ],
)
def test_the_games_name_where_it_means_the_game_names_no_meld(lang, text):
    """The game's name "in canasta" claims its word: the question names no canasta (the
    meld of seven), in its own language or read in another's."""
    from referee.ask.engine import index_for

    tokens = index_for(PRESETS["classic"]).query_tokens(text, lang)
    assert "zzcanasta" not in tokens
    assert not any(token.endswith("game") for token in tokens)


def test_a_canasta_with_its_article_is_still_the_meld():
    tokens = Tokens(DESIGN)
    words = tokens.words("how many cards in a canasta", "en", stop=False)
    assert "canasta" in tokens.concepts(words, "en")
