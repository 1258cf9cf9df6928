"""The rest of a rulebook in the catalogue: dealing, a turn, the stock, the match's end.

Pins what a player would ask of classic, dutch (004_329166eab24d8248.txt, the Laws as the
Dutch article gives them) and polish (003_03884858e0794d50.txt, the online room), and
that 004's own rules (classic's LAWS) reach no preset whose book is another.
"""

from __future__ import annotations

import re

import pytest

from referee.rules import PRESETS, Rank
from referee.rules.presets.classic import LAWS
from referee.rules.presets.classic import RULES as CLASSIC_RULES

D = "004_329166eab24d8248.txt"
P = "003_03884858e0794d50.txt"


def rule_of(variant_id: str, key: str):
    return PRESETS[variant_id].rules[key]


@pytest.mark.parametrize(
    ("variant_id", "key", "says", "source"),
    [
        # 004 §Delen: "2 personen worden 15 kaarten ... 3 personen 13 ... 4 deelnemers 11"
        ("classic", "deal.cards", ("15 cards with two", "13 with three", "11 with four"), "§Delen"),
        ("dutch", "deal.cards", ("15 cards with two", "13 with three", "11 with four"), "§Delen"),
        ("classic", "deal.stock", ("face down", "stock"), "§Delen"),
        # 004 §Delen: a 2, a red 3 or a joker as the first upcard is laid crosswise, another turned
        (
            "classic",
            "deal.upcard",
            ("two, a joker or a red three", "crosswise", "frozen"),
            "§Delen",
        ),
        ("classic", "play.turn-order", ("clockwise", "dealer's left"), "§Verloop van het spel"),
        ("classic", "play.draw", ("top card of the stock", "whole discard pile"), "§Beurt"),
        ("classic", "play.discard", ("one card discarded", "need not discard"), "§Beurt"),
        ("classic", "play.red-three-drawn", ("at once", "replaced"), "§Beurt"),
        ("classic", "play.meld-after-draw", ("may not meld from the hand first",), "§Beurt"),
        ("classic", "play.discard-limits", ("keep at least one card",), "§Uitgaan"),
        ("classic", "play.partners", ("belong to both",), "§Spelen met partners"),
        ("classic", "play.stock-out", ("stock runs out", "must take it"), "§Uitgaan"),
        ("classic", "play.stock-out-red-three", ("red three", "no bonus"), "§Uitgaan"),
        ("classic", "scoring.game-end", ("first reaches 5000", "highest"), "§Doel"),
        # dutch plays the one-card-pile rule, so its stock-out rule carries the exception
        ("dutch", "play.stock-out", ("stock runs out", "pile of one"), "§Uitgaan"),
        # 003 §Jak zacząć: "11 kart (w wersji 2 na 2) lub 15 kart (w wersji 1 na 1)"
        ("polish", "deal.cards", ("11 cards in 2 v 2", "15 in 1 v 1"), "§Jak zacząć"),
        ("polish", "deal.upcard", ("red three", "frozen"), "§Jak zacząć"),
        ("polish", "play.players", ("Two or four", "pairs"), "§intro"),
        ("polish", "play.draw", ("from the stock", "discard pile"), "§Jak zacząć"),
        ("polish", "play.discard", ("discarding one card",), "§Jak zacząć"),
        ("polish", "play.red-three-drawn", ("taken with the discard pile is not",), "§Trójki"),
        ("polish", "play.partners", ("opponents' melds",), "§Rozgrywka"),
        # 003 §Zakończenie: the hand ends at once, the only end without the canastas needed
        ("polish", "play.stock-out", ("ends at once", "without the canastas"), "§Zakończenie"),
        ("polish", "scoring.game-end", ("first reaches 5000", "end of a hand"), "§Zakończenie"),
        ("polish", "pile.whole", ("all of it",), "§Stos kart odkrytych"),
    ],
)
def test_a_rule_a_player_asks_about(variant_id, key, says, source):
    rule = rule_of(variant_id, key)
    book = D if variant_id in ("classic", "dutch") else P
    assert rule.source.startswith(f"{book} {source}")
    for words in says:
        assert words in rule.text
    assert rule.quote


@pytest.mark.parametrize("variant_id", ["classic", "dutch", "polish"])
def test_deal_statement_agrees_with_the_numbers(variant_id):
    variant = PRESETS[variant_id]
    text = rule_of(variant_id, "deal.cards").text
    for cards in set(variant.cards_dealt.values()):
        assert str(cards) in text


def test_classic_and_dutch_share_the_laws():
    for key, rule in LAWS.items():
        assert rule_of("classic", key) is rule
        if key != "play.stock-out":
            assert rule_of("dutch", key) is rule
    assert rule_of("dutch", "play.stock-out") is not LAWS["play.stock-out"]


@pytest.mark.parametrize("variant_id", [v for v in PRESETS if v not in ("classic", "dutch")])
def test_the_laws_stay_with_their_book(variant_id):
    """004's dealing, turn and stock rules are not another book's: a preset built on
    classic spreads its shared RULES, and states such a rule in its own words or not at all."""
    rules = PRESETS[variant_id].rules
    assert not [key for key, rule in LAWS.items() if rules.get(key) is rule]
    assert not set(LAWS) & set(CLASSIC_RULES)


def test_polish_states_its_own_rules_in_its_own_book():
    rules = PRESETS["polish"].rules
    for key in LAWS:
        if key in rules:
            assert rules[key].source.startswith(P), key


# -- what a card counts, said as a rule in every catalogue (issue 45, part 4) ----------------

CARD_WORDS = [
    # the rule's words for a card, and the rank whose value must follow them
    (r"\bjoker\b", "X"),
    (r"\bace\b", "A"),
    (r"\btwo\b", "2"),
    (r"\bking\b", "K"),
    (r"\bseven\b", "7"),
]


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_every_catalogue_says_what_each_card_counts(preset_id):
    """ "Are eights worth 10 or 5?": each preset's ``deck.values`` rule gives every card's value,
    and the values it gives are the ones its scoring uses."""
    variant = PRESETS[preset_id]
    text = variant.rules["deck.values"].text
    for words, rank in CARD_WORDS:
        found = re.search(words + r"[^,\d]*?(\d+)", text)
        assert found, (preset_id, words)
        assert int(found.group(1)) == variant.card_points[Rank(rank)], (preset_id, words)
