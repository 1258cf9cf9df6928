"""Whether the pile is frozen, asked of the game (2026-11-30, issue 44): the American game's
pile is always frozen; a classic table's is frozen by a wild card in it for everyone and for a
side that has not melded.  The ruling is the core's ``check_pile_frozen`` -- the same answer
`referee check`'s ``pile_frozen`` gives -- on what the question tells.  Freezing the pile as an
act ("can I throw a deuce to freeze it?", "is it smart to freeze it?") and taking a frozen pile
are other questions.  Written for the tests, as tables say them."""

from __future__ import annotations

import pytest

from referee.ask import ask
from referee.rules import PRESETS
from referee.rules.moment_rulings import check_pile_frozen


def _ruling(question: str, variant: str, lang: str = "en"):
    return ask(PRESETS[variant], question, lang).ruling


@pytest.mark.parametrize(
    ("question", "lang", "variant", "wild_in", "opened"),
    [
        ("Is the pile always frozen in american?", "en", "american", None, None),
        ("so is the pack frozen for everybody the whole hand??", "en", "american", None, None),
        ("If I throw a deuce, is the pile frozen for everybody after that?", "en", "classic",
         True, None),
        ("We haven't melded yet. Is the pile frozen for us?", "en", "classic", None, False),
        ("Is the pile frozen if there's no wild card in it and we've already opened?", "en",
         "classic", False, True),
        ("Je balíček v americké kanastě pořád zmrazený?", "cs", "american", None, None),
        ("Ist der Stapel eingefroren, wenn ein Joker drin liegt?", "de", "classic", True, None),
        ("¿El pozo está congelado si hay un comodín?", "es", "classic", True, None),
    ],
)  # fmt: skip
def test_whether_the_pile_is_frozen_is_the_core_s_ruling(question, lang, variant, wild_in, opened):
    core = check_pile_frozen(PRESETS[variant], wild_in=wild_in, opened=opened)
    assert core is not None
    ruling = _ruling(question, variant, lang)
    assert ruling is not None
    assert ruling.verdict is core.allowed
    assert ruling.rules == (core.rule,)


def test_a_frozen_pile_untold_at_a_classic_table_is_no_yes_nor_no():
    """Whether a classic pile is frozen hangs on a wild card in it and the side's melding:
    neither told, no verdict."""
    ruling = _ruling("Is the discard pile frozen?", "classic")
    assert ruling is None or ruling.verdict is None


@pytest.mark.parametrize(
    "question",
    [
        "is it ever smart to freeze the pile on purpose early in the hand?",
        "Can I throw a deuce to freeze the pile?",
        "When is the pile frozen?",
        "What happens if the discard pile is frozen?",
    ],
)
def test_freezing_as_an_act_or_an_open_question_gets_no_frozen_ruling(question):
    ruling = _ruling(question, "american")
    assert ruling is None or "pile.frozen" not in ruling.rules or ruling.verdict is not True


def test_taking_a_frozen_pile_is_ruled_on_the_taking():
    """ "The pile is frozen, can I take it?" asks the taking: the pickup's ruling, its cards."""
    ruling = _ruling("The pile is frozen and a king is on top. Can I take it with K K?", "classic")
    assert ruling is not None
    assert ruling.verdict is True
    assert "pile.frozen" in ruling.rules
    no = _ruling(
        "The pile is frozen, a king on top. Can I take it with one king and a joker?", "classic"
    )
    assert no is not None
    assert no.verdict is False


def test_a_pile_told_taken_is_still_frozen_in_the_american_game():
    """Asked of a pile the story tells taken, only the answer no story changes is given: the
    American pile is always frozen; a classic one's new pile has no wild card the story told."""
    question = "Somebody picked up the pile. Is it still frozen?"
    ruling = _ruling(question, "american")
    assert ruling is not None
    assert ruling.verdict is True
    assert ruling.rules == ("pile.frozen",)
    told = "A deuce was in the pile. Then somebody picked it up. Is it still frozen?"
    classic = _ruling(told, "classic")
    assert classic is None or classic.verdict is None
