"""Ask the referee about six moments of a hand (referee/ask/judge_moments.py, issue 44): a
second meld of a rank, the pile's cards toward the opening, asking the partner, a special hand
after the side has melded, an eighth card or a card with no meld to join, the pile on the first
turn or past the turn card.

Each situation is told in words, and the ruling must be the one the core function
(``referee/rules/moment_rulings.py``) gives on the same moment and cards, at every table
whose book decides it; where the book does not, the answer is "This rulebook does not say"
(``covered`` false), never a verdict.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ask import SILENT, ask
from referee.rules import PRESETS, Card, Meld, Rank
from referee.rules.moment_rulings import (
    check_card_added,
    check_partner_permission,
    check_pile_counts,
    check_pile_turn,
    check_second_meld,
    check_special_hand,
)
from referee.rules.play_rulings import check_dead_rank
from tests.support.asking import ruling
from tests.support.profiles import examples

VARIANTS = sorted(PRESETS)
_PLURALS = {  # a rank as players name it, in the plural
    Rank.ACE: "aces", Rank.KING: "kings", Rank.QUEEN: "queens", Rank.JACK: "jacks",
    Rank.TEN: "tens", Rank.NINE: "nines", Rank.EIGHT: "eights", Rank.SIX: "sixes",
    Rank.FIVE: "fives", Rank.FOUR: "fours",
}  # fmt: skip


def verdict(allowed: bool) -> str:
    return "yes" if allowed else "no"


def _silent(variant: str, question: str, lang: str = "en") -> bool:
    """Whether the answer is the book's silence: "This rulebook does not say", uncovered."""
    found = ask(PRESETS[variant], question, lang)
    return found.ruling is not None and found.ruling.text.template == SILENT and not found.covered


# -- (a) a second meld of a rank (check_second_meld) ------------------------------------------


@settings(max_examples=examples(60), deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    rank=st.sampled_from(sorted(_PLURALS, key=lambda r: r.order)),
    closed=st.booleans(),
    template=st.sampled_from(
        [
            "can we start a second meld of {rank}?",
            "may we have two melds of {rank} going at the same time?",
            "is it allowed to start another meld of {rank}?",
        ]
    ),
)
def test_a_second_meld_of_a_rank_is_ruled_as_the_core_rules_it(variant, rank, closed, template):
    """Differential: the ruling in words against ``check_second_meld`` on the side's meld of
    that rank (closed at the most cards a meld holds where the question says so)."""
    v = PRESETS[variant]
    question = template.format(rank=_PLURALS[rank])
    if closed:
        question = f"we closed our canasta of {_PLURALS[rank]}, " + question
    most = v.max_meld_cards
    shut = closed and most is not None
    meld = Meld((Card(rank),) * (most if shut and most else v.min_meld_cards))
    core = check_second_meld(v, rank=rank, melds=[meld])
    found = ruling(question, "en", variant)
    assert found is not None, question
    assert (found["verdict"], found["rules"]) == (verdict(core.allowed), [core.rule]), question


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "Can you have two melds of the same rank, like two separate piles of 5s?"),
        ("cs", "Můžeme mít dvě skupiny pětky, jednu čistou a jednu s dvojkou?"),
        ("de", "Dürfen wir zwei Meldungen von Fünfen haben?"),
        ("es", "¿Podemos tener dos combinaciones de cincos?"),
        ("nl", "Mogen we twee meldingen van vijven hebben?"),
        ("pl", "Czy możemy mieć dwa wyłożenia piątek?"),
    ],
)
def test_two_melds_of_fives_asked_in_each_language(lang, question):
    """cla-laws §Melding: one meld of each rank; more cards of it join that meld."""
    found = ruling(question, lang, "american")
    assert found is not None
    assert (found["verdict"], found["rules"]) == ("no", ["meld.one-per-rank"])


# -- (b) the pile's cards toward the opening (check_pile_counts) ----------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_top_card_asked_about_is_ruled_as_the_core_rules_it(variant):
    core = check_pile_counts(PRESETS[variant], top=True)
    found = ruling(
        "does the top card count toward the minimum when I take the pile?", "en", variant
    )
    assert (found["verdict"], found["rules"]) == (verdict(core.allowed), ["opening.pile-top"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_pile_s_cards_count_only_where_top_and_rest_agree(variant):
    """Asked of the pile's cards as a whole: a verdict where its top card and the rest rule
    alike (american: neither counts), else none, both stated."""
    v = PRESETS[variant]
    top, rest = check_pile_counts(v, top=True), check_pile_counts(v, top=False)
    found = ruling(
        "do the cards you pick up from the pile count toward the opening?", "en", variant
    )
    assert found["rules"] == ["opening.pile-top"]
    if top.allowed is rest.allowed:
        assert found["verdict"] == verdict(rest.allowed)
    else:
        assert found["verdict"] is None
        assert found["text"] == f"{top.reason} {rest.reason}"


def test_the_american_tray_does_not_count_toward_the_125():
    """cla-laws §Initial Meld: the cards from the hand alone must reach the minimum."""
    question = (
        "Can the cards you pick up from the tray count towards your opening? I had two 9s in "
        "hand, a 9 on top, and we needed 125."
    )
    found = ruling(question, "en", "american")
    assert (found["verdict"], found["rules"]) == ("no", ["opening.pile-top"])


# -- (c) asking the partner (check_partner_permission) -----------------------------------------

_PARTNER = {
    "must_ask": (
        "Do I have to ask my partner before going out?",
        "Is it a penalty to go out without asking my partner?",
    ),
    "binding": ("I asked my partner if I may go out and she said no. Is the answer binding?",),
}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    ("question", "asked"), [(q, kind) for kind, qs in _PARTNER.items() for q in qs]
)
def test_asking_the_partner_is_ruled_as_the_core_rules_it(variant, question, asked):
    v = PRESETS[variant]
    core = check_partner_permission(v, players=v.default_players, question=asked)
    if core is None:
        assert _silent(variant, question)
        return
    found = ruling(question, "en", variant)
    assert (found["verdict"], found["rules"]) == (verdict(core.allowed), ["going-out.partner"])


def test_the_american_partner_need_not_be_asked_but_binds():
    """pagat-american §Going Out: a player may ask once; the answer is binding."""
    question = (
        "Do you have to ask your partner before going out? Mine just went out without asking "
        "and the other team said that's a penalty."
    )
    assert ruling(question, "en", "american")["verdict"] == "no"
    assert ruling(_PARTNER["binding"][0], "en", "american")["verdict"] == "yes"
    assert ruling(_PARTNER["must_ask"][0], "en", "hand-and-foot")["verdict"] == "yes"


# -- (d) a special hand once the side has melded (check_special_hand) --------------------------


@pytest.mark.parametrize("courtesy", [False, True])
@pytest.mark.parametrize(
    ("question", "melded", "right_after"),
    [
        ("We have not melded yet. Can I go out with a special hand?", False, False),
        ("Can I go out with a special hand after my partner has melded?", True, False),
        (
            "My partner went down; on my very next turn, may I go out with a special hand?",
            True,
            True,
        ),
    ],
)
def test_a_special_hand_is_ruled_as_the_core_rules_it(courtesy, question, melded, right_after):
    """honors-house §9 and pagat-american §Special Hands: the side's first meld only, or (the
    house rule of courtesy) also on the turn right after the partner's."""
    v = PRESETS["american"].with_options({"special_hand_courtesy": courtesy})
    core = check_special_hand(v, side_melded=melded, right_after_partner=right_after)
    found = ask(v, question, "en").ruling
    assert (found.verdict, found.rules) == (core.allowed, ("going-out.special-hands",))


def test_too_late_for_a_special_hand_in_a_long_post():
    question = (
        "Can you go out with a special hand after your team has already melded? I had a "
        "straight ready in my hand, but partner had put down 125 two turns before. The table "
        "said too late. Is that right?"
    )
    assert ruling(question, "en", "american")["verdict"] == "no"


@pytest.mark.parametrize("variant", [v for v in VARIANTS if not PRESETS[v].special_hands])
def test_a_book_without_special_hands_does_not_say(variant):
    assert _silent(variant, "Can I go out with a special hand after my partner has melded?")


# -- (e) an eighth card, a card with no meld (check_card_added) ----------------------------------


@settings(max_examples=examples(40), deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    rank=st.sampled_from(sorted(_PLURALS, key=lambda r: r.order)),
    going_out=st.booleans(),
)
def test_an_eighth_card_is_ruled_as_the_core_rules_it(variant, rank, going_out):
    """Differential: "an eighth king on our canasta of kings" against ``check_card_added`` on
    the canasta at the most cards a meld holds; a game whose canastas grow on gives no such
    ruling."""
    v = PRESETS[variant]
    question = f"can I add an eighth card to our canasta of {_PLURALS[rank]}"
    question += " to go out?" if going_out else "?"
    found = ruling(question, "en", variant)
    if v.max_meld_cards is None:
        assert found is None or found["rules"] != ["meld.max-cards"], question
        return
    canasta = Meld((Card(rank),) * v.max_meld_cards)
    core = check_card_added(v, card=Card(rank), melds=[canasta], going_out=going_out)
    assert (found["verdict"], found["rules"]) == (verdict(core.allowed), [core.rule]), question


def test_no_eighth_card_even_going_out():
    """cla-laws §Melding: a meld holds at most seven cards (pagat's longer meld going out is
    not the league's)."""
    question = (
        "My partner went out by putting an 8th card on one of our canastas. Is that allowed? "
        "She said going out is different."
    )
    found = ruling(question, "en", "american")
    assert (found["verdict"], found["rules"]) == ("no", ["meld.max-cards"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_card_with_no_meld_of_its_rank_joins_nothing(variant):
    core = check_card_added(PRESETS[variant], card=Card(Rank.EIGHT), melds=[])
    found = ruling("We have no meld of eights. Can I add an 8 to our melds?", "en", variant)
    assert (found["verdict"], found["rules"]) == (verdict(core.allowed), ["meld.min-cards"])


# -- (f) the pile on the first turn, past the turn card (check_pile_turn) -------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    ("question", "moment"),
    [
        ("Can I take the pile on the first turn?", "first_turn"),
        ("Can we still pick up the pile after the turn card?", "past_turn_card"),
    ],
)
def test_the_pile_s_moment_is_ruled_as_the_core_rules_it(variant, question, moment):
    core = check_pile_turn(PRESETS[variant], **{moment: True})
    if core is None:  # a book without a turn card
        assert _silent(variant, question)
        return
    found = ruling(question, "en", variant)
    assert (found["verdict"], found["rules"]) == (verdict(core.allowed), [core.rule])


def test_the_american_pile_is_taken_past_the_turn_card_but_not_on_the_first_turn():
    """honors-house §1, §5: the turn card changes the bonus cards and going out; cla-laws
    §Deal: no card turned up, the pile starts empty."""
    past = (
        "We're past the turn card and our LHO picked up the tray with a pair of kings. Is she "
        "allowed to take it after the turn card?"
    )
    assert ruling(past, "en", "american")["verdict"] == "yes"
    assert ruling("Can I take the pile on the first turn?", "en", "american")["verdict"] == "no"
    # the bonus cards past the turn card stay the bonus cards' question
    bonus = ruling("We are past the turn card, do we still get the bonus cards?", "en", "american")
    assert bonus["rules"] == ["play.turn-card"]
    assert bonus["verdict"] == "no"


# -- The six moments asked in each language -------------------------------------------------------

ASKED = {  # kind -> language -> the question
    "partner": {
        "en": "Do I have to ask my partner before going out?",
        "cs": "Musím se před uzavřením kola zeptat spoluhráče?",
        "de": "Muss ich meinen Partner fragen, bevor ich ausmache?",
        "es": "¿Tengo que preguntar al compañero antes de cerrar?",
        "nl": "Moet ik mijn partner vragen voordat ik uitga?",
        "pl": "Czy muszę zapytać partnera przed wyjściem?",
    },
    "special hand": {
        "en": "May I go out with a special hand after my partner has melded?",
        "cs": "Smím uzavřít se speciální kombinací, když už spoluhráč vyložil?",
        "de": "Darf ich mit einer Sonderhand ausmachen, nachdem mein Partner schon ausgelegt hat?",
        "es": "¿Puedo cerrar con una mano especial si mi compañero ya bajó?",
        "nl": "Mag ik uitgaan met een speciale hand als mijn partner al heeft uitgelegd?",
        "pl": "Czy mogę wyjść ze specjalnym układem, gdy partner już wyłożył?",
    },
    "eighth card": {
        "en": "May I add an eighth card to the canasta?",
        "cs": "Smím přiložit osmou kartu ke kanastě?",
        "de": "Darf ich eine achte Karte an den Canasta anlegen?",
        "es": "¿Puedo añadir una octava carta a la canasta?",
        "nl": "Mag ik een achtste kaart aanleggen bij de canasta?",
        "pl": "Czy mogę dołożyć ósmą kartę do kanasty?",
    },
    "first turn": {
        "en": "May I take the pile on the first turn?",
        "cs": "Smím vzít balíček v prvním tahu?",
        "de": "Darf ich im ersten Zug den Stapel nehmen?",
        "es": "¿Puedo tomar el pozo en el primer turno?",
        "nl": "Mag ik in de eerste beurt de stapel pakken?",
        "pl": "Czy mogę wziąć stos w pierwszym ruchu?",
    },
    "top card": {
        "en": "Does the top card of the pile count toward the minimum?",
        "cs": "Počítá se horní karta balíčku do minima?",
        "de": "Zählt die oberste Karte des Stapels zum Minimum?",
        "es": "¿La carta de arriba del pozo cuenta para el mínimo?",
        "nl": "Telt de bovenste kaart van de stapel mee voor het minimum?",
        "pl": "Czy wierzchnia karta stosu liczy się do minimum?",
    },
}


def _core(kind: str, variant: str):
    """The core's ruling on what each kind of :data:`ASKED` asks, at ``variant``'s table."""
    v = PRESETS[variant]
    if kind == "partner":
        return check_partner_permission(v, players=v.default_players, question="must_ask")
    if kind == "special hand":
        return check_special_hand(v, side_melded=True)
    if kind == "eighth card":
        if v.max_meld_cards is None:
            return None
        canasta = Meld((Card(Rank.KING),) * v.max_meld_cards)
        return check_card_added(v, card=Card(Rank.KING), melds=[canasta])
    if kind == "first turn":
        return check_pile_turn(v, first_turn=True)
    return check_pile_counts(v, top=True)


@pytest.mark.parametrize("variant", ["american", "classic", "hand-and-foot"])
@pytest.mark.parametrize(("kind", "lang"), [(k, lang) for k in ASKED for lang in ASKED[k]])
def test_each_moment_asked_in_each_language_is_ruled_as_the_core_rules_it(kind, lang, variant):
    question = ASKED[kind][lang]
    core = _core(kind, variant)
    if core is None:
        if kind == "eighth card":  # canastas grow on: an eighth card asks nothing of it
            found = ruling(question, lang, variant)
            assert found is None or found["rules"] != ["meld.max-cards"]
        else:
            assert _silent(variant, question, lang), question
        return
    found = ruling(question, lang, variant)
    assert found is not None, question
    assert (found["verdict"], found["rules"]) == (verdict(core.allowed), [core.rule]), question


def test_the_other_side_s_meld_is_no_bar_to_a_meld_of_one_s_own():
    """A side has one meld of each rank (cla-laws §Melding): the other side's meld of kings
    does not make a meld of our own a second one, so that ruling is not given on it; their
    closed canasta is the dead rank's question (``check_dead_rank``)."""
    asked = "They have a meld of kings; can we start a new meld of kings too?"
    found = ruling(asked, "en", "american")
    assert found is None or found["rules"] != ["meld.one-per-rank"]
    closed = "They closed their canasta of kings; can we start a new meld of kings?"
    core = check_dead_rank(
        PRESETS["american"],
        rank=Rank.KING,
        action="meld",
        melds=[],
        other_melds=[Meld((Card(Rank.KING),) * 7)],
    )
    found = ruling(closed, "en", "american")
    assert (found["verdict"], found["rules"]) == (verdict(core.allowed), [core.rule])
    # a card laid off on their canasta: not the eighth card's question but whose meld it is
    # (``check_opponents_meld``, 2026-11-29 late; before, no ruling at all)
    found = ruling("Can I add an 8th card to their canasta of kings?", "en", "american")
    assert (found["verdict"], found["rules"]) == ("no", ["play.partners"])


def test_my_first_turn_is_not_the_hand_s_first_turn():
    """The second player's first turn finds a card on the pile: only the hand's first turn
    (the first player's) is ruled on as such (cla-laws §Deal: the pile starts empty)."""
    found = ruling("Can I take the pile on my first turn?", "en", "american")
    assert found is None or found["rules"] != ["deal.upcard"]
    found = ruling("Can the first player pick up the pile?", "en", "american")
    assert (found["verdict"], found["rules"]) == ("no", ["deal.upcard"])
