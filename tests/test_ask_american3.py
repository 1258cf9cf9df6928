"""The third set of American posts (issue 44): the classes of post its dev half showed the
referee giving no ruling, each ruled by the rules core once read.  The posts here are written
for the tests, in new words; the figures are the american catalogue's (a joker 50, an ace 20,
the minimum 125 / 155 / 180 at 0 / 3000 / 5000, a mixed canasta 300, a natural one 500, a
canasta of sevens 2500, a game to 8500)."""

from __future__ import annotations

import pytest

from referee.ask import ask
from referee.ask.situation import earlier_questions
from referee.rules import PRESETS


def _ruled(question: str, lang: str = "en"):
    return ask(PRESETS["american"], question, lang).ruling


def _keys(question: str, lang: str = "en") -> list[str]:
    return [a.key for a in ask(PRESETS["american"], question, lang).answers]


# -- a joker written short: "jk", "jkr" --------------------------------------------------------


@pytest.mark.parametrize("joker", ["jkr", "JK", "jk", "joker"])
def test_a_joker_written_short_counts_50_in_an_opening(joker):
    # J J J + joker = 80, 9 9 9 = 30, 8 8 8 8 = 40: 150, short of 155 from 3000
    ruling = _ruled(
        f"We're sitting at 3,400 and went down with J J J {joker}, 9 9 9 and 8 8 8 8. Enough?"
    )
    assert (ruling.verdict, ruling.figure) == (False, 150)


def test_a_joker_written_short_makes_an_opening_reach_its_minimum():
    # A A A 60 + K K K jk 80 + Q Q Q 2 50 = 190, past 180 at 5000 and over; the minimum leads
    question = (
        "Score was 5,450. Partner opened with A A A, K K K jk, Q Q Q 2. Was it enough or not?"
    )
    ruling = _ruled(question)
    assert (ruling.verdict, ruling.figure) == (True, 190)
    assert _keys(question)[0] == "opening.minimum"


def test_a_jk_inside_a_word_is_no_joker():
    assert _ruled("Our friend Jkristine asked: what is a four worth?").figure == 5


# -- the American game named by its adjective -------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "question", "points"),
    [
        ("de", "Wie viel zählt ein Ass beim amerikanischen Canasta?", 20),
        ("es", "¿Cuánto vale un comodín en la canasta americana?", 50),
        ("pl", "Ile punktów jest wart dżoker w amerykańskiej kanaście?", 50),
    ],
)
def test_the_games_name_asks_no_canasta(lang, question, points):
    assert _ruled(question, lang).figure == points


# -- the minimum named as what is asked ---------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "minimum"),
    [("our score is 5,600, min to go down?", 180), ("we have 1200. minimum to open?", 125)],
)
def test_the_minimum_asked_by_its_noun(question, minimum):
    assert _ruled(question).figure == minimum


# -- cards left in hand listed one by one -------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "points"),
    [
        # an ace 20, a king 10, two fives 10
        ("They went out and I was caught holding an A, a K and two 5s. How much comes off?", 40),
        # a joker 50, a queen 10, two fours 10
        ("They went out. I was left holding a jkr, a Q and two 4s, what do we lose?", 70),
    ],
)
def test_cards_left_in_hand_one_by_one_are_counted(question, points):
    assert _ruled(question).figure == points


# -- a figure told to be confirmed ------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "points"),
    [
        ("a clean canasta of queens = 500 right?", 500),
        ("mixed canasta of jacks is 300, correct?", 300),
    ],
)
def test_a_canastas_figure_told_to_be_confirmed_is_its_worth(question, points):
    assert _ruled(question).figure == points


# -- two questions in a post --------------------------------------------------------------------


def test_a_second_question_keeps_the_first_ones_figure():
    question = (
        "What is a canasta of sevens worth? And do you have to finish it before the other "
        "side can go out?"
    )
    assert _ruled(question).figure == 2500


def test_a_list_of_questions_is_not_read_for_its_earlier_ones():
    # two questions: the earlier one is asked too; three or more, a list: none of them
    two = "Is a clean canasta 500? And who keeps the score?"
    three = "Is a clean canasta 500? Is a joker 50? And who keeps the score?"
    own = "Is a clean canasta 500? Who keeps the score?"  # a question of its own, not "And"
    assert earlier_questions(two, "en") == ["Is a clean canasta 500?"]
    assert earlier_questions(three, "en") == []
    assert earlier_questions(own, "en") == []


# -- the score to win ---------------------------------------------------------------------------


def test_a_score_asked_to_win_is_the_games_target():
    assert _ruled("Is it 7,500 or 8,500 to win? we forgot").figure == 8500


# -- the pile told taken is not asked as a meld ------------------------------------------------


def test_a_pile_taken_with_a_meld_told_gets_no_yes_for_the_meld():
    # she held one nine: the pile could not be taken, whatever 9 9 2 is as a meld
    ruling = _ruled(
        "The top of the pile was a 9. She had one 9 and a 2, took the pack and melded 9 9 2. "
        "Was that OK?"
    )
    assert ruling is None or ruling.verdict is not True
