"""The table's setup asked (issue 44, 2026-11-29 late): how many cards each player is dealt,
how many a turn draws, how many jokers and packs -- the variant's own figures
(``cards_dealt``, ``cards_drawn``, ``packs``), a count claimed answered Yes or No beside the
figure, and no ruling where the post asks nothing of the setup. The questions are written
for the tests, as a table says them; the expected figures are read from the presets, never
written here."""

from __future__ import annotations

import pytest

from referee.ask import ask
from referee.ask.judge import Table
from referee.i18n import translator
from referee.rules import PRESETS


def _ruling(question: str, variant: str = "american", lang: str = "en", table=None):
    return ask(PRESETS[variant], question, lang, table).ruling


DEAL = {
    "en": "How many cards does each player get?",
    "cs": "Kolik karet se rozdává každému hráči?",
    "de": "Wie viele Karten bekommt jeder Spieler?",
    "es": "¿Cuántas cartas se reparten a cada jugador?",
    "nl": "Hoeveel kaarten krijgt elke speler?",
    "pl": "Ile kart dostaje każdy gracz?",
}

JOKERS = {
    "en": "How many jokers are in the deck?",
    "cs": "Kolik žolíků je v balíčku?",
    "de": "Mit wie vielen Jokern spielt man?",
    "es": "¿Cuántos comodines hay en la baraja?",
    "nl": "Hoeveel jokers zitten er in het spel?",
    "pl": "Ile jokerów jest w talii?",
}


@pytest.mark.parametrize("lang", sorted(DEAL))
@pytest.mark.parametrize("variant", ["classic", "american", "samba"])
def test_the_deal_asked_in_each_language_is_the_variants_figure(variant: str, lang: str) -> None:
    preset = PRESETS[variant]
    ruling = _ruling(DEAL[lang], variant, lang)
    assert ruling is not None
    assert ruling.figure == preset.cards_dealt[preset.default_players]
    assert ruling.verdict is None
    assert ruling.rules == ("deal.cards",)


@pytest.mark.parametrize("lang", sorted(JOKERS))
def test_the_jokers_asked_in_each_language_are_two_to_a_pack(lang: str) -> None:
    preset = PRESETS["classic"]
    ruling = _ruling(JOKERS[lang], "classic", lang)
    assert ruling is not None
    assert ruling.figure == 2 * preset.packs[preset.default_players]


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_two_cards_drawn_claimed_is_yes_only_where_the_book_draws_two(variant: str) -> None:
    ruling = _ruling("in this game do you draw two cards a turn?", variant)
    assert ruling is not None
    assert ruling.figure == PRESETS[variant].cards_drawn
    assert ruling.verdict is (PRESETS[variant].cards_drawn == 2)
    assert ruling.rules == ("play.draw",)


def test_the_books_that_draw_two_say_so_in_their_draw_rule() -> None:
    """The field the figure reads agrees with the rule each book quotes."""
    for preset in PRESETS.values():
        text = preset.rules["play.draw"].text.lower()
        assert ("two" in text) is (preset.cards_drawn == 2), preset.id


def test_players_told_pick_the_deal_of_that_table() -> None:
    preset = PRESETS["classic"]
    assert (
        _ruling("how many cards do you deal for 2 players?", "classic").figure
        == (preset.cards_dealt[2])
    )
    # players counted in two words, the count no card ("4 of us": the twenty-third
    # American posts' dev half)
    assert (
        _ruling("how many cards do we deal each person when its 2 of us?", "classic").figure
        == (preset.cards_dealt[2])
    )
    # a table the book has no deal for: no figure borrowed from another
    assert _ruling("how many cards do you deal with 5 players?", "classic") is None


def test_inside_a_match_the_deal_is_the_matchs_table() -> None:
    table = Table(totals=(("We", 0), ("They", 0)), players=2)
    ruling = _ruling("how many cards do we deal each?", "classic", table=table)
    assert ruling is not None
    assert ruling.figure == PRESETS["classic"].cards_dealt[2]


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("How many cards do you deal each in american canasta with 4 people? 11 or 13?", None),
        ("do you deal 13 cards each?", True),
        ("do you deal 11 cards each?", False),
        ("how many jokers do you play with? 4?", True),
        ("how many jokers go in the deck? Two or four?", None),
    ],
)
def test_a_count_claimed_is_answered_yes_or_no_an_either_or_with_the_figure(
    question: str, verdict: bool | None
) -> None:
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is verdict
    assert ruling.figure in (13, 4)


@pytest.mark.parametrize(
    "question",
    [
        # counts of packs that are no question of the game's setup
        "Is there a good automatic card shuffler that handles 6 decks?",
        "Anyone know where to buy the wooden card trays that hold 4 decks?",
        # a draw told in a story, the question asking something else of it
        "When I drew my two cards from the deck one of them came up face up. "
        "Is there a rule for a face-up card found in the stock?",
        # cards dealt, not the deal's size
        "I was dealt three red threes, how many points are they worth?",
        # the bonus cards' draw, not the turn's
        "how many bonus cards do you draw after the first meld?",
    ],
)
def test_no_setup_ruling_where_the_post_asks_no_setup(question: str) -> None:
    ruling = _ruling(question)
    assert ruling is None or not {"deal.cards", "play.draw", "deck.composition"} & set(ruling.rules)


def test_the_setup_ruling_is_said_in_the_pages_language() -> None:
    ruling = _ruling(DEAL["de"], "classic", "de")
    assert ruling is not None
    said = ruling.text.render(translator("de"))
    assert "Karten" in said
    assert str(PRESETS["classic"].cards_dealt[4]) in said
