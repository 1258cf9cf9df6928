"""``samba`` and ``bolivia`` against their published rulebooks, rule by rule.

Each row names the book (``referee.rules.sources``) and section it comes from; the
numeric examples of the texts are tests of their own.  Totals are worked out by hand
from the Canasta card values (joker 50, ace and 2 20, K–8 10, 7–4 5).
"""

from __future__ import annotations

import pytest

from referee.rules import (
    CanastaKind,
    Card,
    Rank,
    check_opening,
    classify,
    find_variant,
    meld_problems,
    parse_cards,
)
from referee.rules.rulings import check_going_out, check_meld, check_pickup
from referee.rules.sources import book_of
from tests.support.hands import codes, meld, score, side, variant

SAMBA_RUN = "7h 8h 9h 10h Jh Qh Kh"  # a samba: seven hearts in order


def card(text: str) -> Card:
    return parse_cards(text)[0]


@pytest.mark.parametrize("variant_id", ["samba", "bolivia"])
def test_every_rule_cites_a_published_book(variant_id):
    for rule in find_variant(variant_id).rules.values():
        assert book_of(rule.source) is not None, rule.key
        assert rule.quote == ""  # the book's words are not copied


# -- the table: bicycle-samba §The Pack, §The Deal; pagat-samba §Deal ----------------------


def test_three_packs_and_six_jokers():
    samba = variant("samba")
    # E1: 3 x 52 + 6 jokers = 162 cards, 18 of them wild.
    assert samba.packs[4] == 3
    packs = samba.packs[4]
    assert 52 * packs + 2 * packs == 162
    assert 4 * packs + 2 * packs == 18  # twos and jokers
    assert samba.cards_dealt[4] == 15
    assert samba.cards_dealt[6] == 13  # pagat-samba §Deal


def test_seven_jokers_are_more_than_three_packs_hold():
    result = score("samba", side("K K K X X X X X X X"))
    assert "deck_count" in codes(result)


def test_targets():
    assert variant("samba").target_score == 10000  # bicycle-samba §Scoring
    assert variant("bolivia").target_score == 15000  # bicycle-bolivia


# -- melds: bicycle-samba §Sequence Meld, §Wild Cards -------------------------------------


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        ("4h 5h 6h", True),  # E16: 4-5-6 of a suit, four low
        ("5s 6s 7s", True),
        ("Qd Kd Ad", True),  # ace high
        ("Kd Ad 4d", False),  # no going round the corner
        ("4h 5h 6d", False),  # one suit
        ("4d 2c 5d", False),  # E16: no wild card in a sequence
        ("4h 5h X", False),
        ("8h 9h 10h Jh Qh Kh Ah 7h", False),  # E17: eight cards are more than a samba
    ],
)
def test_sequences(cards, legal):
    problems = meld_problems(variant("samba"), meld(cards))
    assert (problems == []) is legal, [p.message for p in problems]


def test_a_sequence_longer_than_seven_is_refused_by_name():
    problems = meld_problems(variant("samba"), meld("7h 8h 9h 10h Jh Qh Kh Ah"))
    assert problems[0].rule == "meld.sequence"
    assert "at most 7 cards" in problems[0].message


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        ("9 9 2", True),
        ("9 9 2 X", True),  # two wild cards
        ("9 9 9 9 2 2 X", False),  # E18: three wild cards
        ("9 2 X", False),  # a group needs two natural cards
        ("X X 2", False),  # no meld of wild cards alone
    ],
)
def test_groups(cards, legal):
    problems = meld_problems(variant("samba"), meld(cards))
    assert (problems == []) is legal, [p.message for p in problems]


def test_two_melds_of_a_rank_are_allowed():
    # bicycle-samba §Canastas: "may have two canastas in the same rank"
    result = score("samba", side("K K K K K K K", "K K K", "Q Q Q Q Q Q Q"))
    assert "second_meld_of_rank" not in codes(result)


def test_every_samba_holds_the_eight_nine_and_ten_of_its_suit():
    # E10 (the Hoyle text's tip): the five sambas of a suit run 4–10, 5–J, 6–Q, 7–K, 8–A.
    ranks = "4 5 6 7 8 9 10 J Q K A".split()
    for start in range(5):
        run = " ".join(f"{r}s" for r in ranks[start : start + 7])
        info = classify(variant("samba"), meld(run))
        assert info.canasta is CanastaKind.SEQUENCE
        assert {"8s", "9s", "10s"} <= set(run.split())


# -- canastas and bonuses: bicycle-samba §Sequence Meld, §Scoring -------------------------


def test_a_samba_is_a_canasta_worth_1500():
    # E6: 7+8+9+10+J+Q+K of hearts = 5 + 6 x 10 = 65 in cards, 1500 bonus.
    info = classify(variant("samba"), meld(SAMBA_RUN))
    assert (info.canasta, info.bonus, info.points) == (CanastaKind.SEQUENCE, 1500, 65)
    ruling = check_meld(variant("samba"), meld(SAMBA_RUN))
    assert ruling.allowed
    assert ruling.rule == "canasta.kinds"


@pytest.mark.parametrize(
    ("cards", "kind", "bonus"),
    [
        ("Q Q Q Q Q Q Q", CanastaKind.NATURAL, 500),
        ("Q Q Q Q Q 2 X", CanastaKind.MIXED, 300),
    ],
)
def test_group_canastas(cards, kind, bonus):
    info = classify(variant("samba"), meld(cards))
    assert (info.canasta, info.bonus) == (kind, bonus)


def test_going_out_with_a_samba_and_a_canasta():
    # 200 going out + 1500 + 65 + 500 + 70 = 2335
    result = score("samba", side(SAMBA_RUN, "K K K K K K K", went_out=True))
    assert result.valid, codes(result)
    assert result.sides[0].total == 2335
    assert result.sides[0].breakdown["going_out"] == 200


def test_going_out_needs_two_canastas():
    result = score("samba", side("K K K K K K K", "5 5 5", went_out=True))
    assert "going_out_without_canasta" in codes(result)
    ruling = check_going_out(variant("samba"), players=4, melds=[meld("K K K K K K K")], hand=[])
    assert not ruling.allowed
    assert ruling.rule == "going-out.canastas"


def test_going_out_concealed_scores_no_more():
    # E9: "No bonus is awarded for a concealed hand".
    result = score("samba", side(SAMBA_RUN, "K K K K K K K", went_out=True, concealed=True))
    assert result.valid
    assert result.sides[0].breakdown["going_out"] == 200


# -- red threes: bicycle-samba §Scoring --------------------------------------------------


@pytest.mark.parametrize(
    ("reds", "two_canastas", "points"),
    [
        (1, True, 100),  # E7
        (5, True, 500),
        (6, True, 1000),  # all six: 1000, not 600
        (2, False, -200),  # E8: fewer than two canastas, they count against
        (6, False, -1000),
    ],
)
def test_red_threes(reds, two_canastas, points):
    melds = ("K K K K K K K", "Q Q Q Q Q Q Q") if two_canastas else ("K K K K K K K",)
    result = score("samba", side(*melds, red_threes=reds))
    assert result.sides[0].breakdown["red_threes"] == points


def test_seven_red_threes_are_more_than_three_packs_hold():
    assert "deck_count" in codes(score("samba", side(red_threes=4), side(red_threes=3)))


# -- opening: bicycle-samba §Scoring; bicycle-bolivia; scarne-bolivia ---------------------


@pytest.mark.parametrize(
    ("variant_id", "total", "minimum"),
    [
        # E4: Bicycle's Samba table
        ("samba", -5, 15),
        ("samba", 0, 50),
        ("samba", 1495, 50),
        ("samba", 1500, 90),
        ("samba", 2995, 90),
        ("samba", 3000, 120),
        ("samba", 6995, 120),
        ("samba", 7000, 160),
        # E5: Bolivia stays at 150 from 7000
        ("bolivia", -5, 15),
        ("bolivia", 1500, 90),
        ("bolivia", 3000, 120),
        ("bolivia", 6995, 120),
        ("bolivia", 7000, 150),
        ("bolivia", 14000, 150),
    ],
)
def test_opening_minimum(variant_id, total, minimum):
    assert variant(variant_id).opening_minimum(total) == minimum


@pytest.mark.parametrize(
    ("total", "melds", "enough"),
    [
        # E2: at 90, a natural canasta of kings is 70 in cards (its bonus does not count)…
        (1500, ["K K K K K K K"], False),
        # …but seven aces are 140.
        (1500, ["A A A A A A A"], True),
        # E3: below 0 any group of three does: 4+4+4 = 15.
        (-200, ["4 4 4"], True),
        # E11: 7-8-9 of hearts count 25 towards the opening.
        (0, ["7h 8h 9h", "Q Q Q"], True),  # 25 + 30 = 55
        (0, ["7h 8h 9h"], False),
    ],
)
def test_opening(total, melds, enough):
    ruling = check_opening(variant("samba"), score=total, melds=[meld(m) for m in melds])
    assert ruling.allowed is enough, ruling.reason


# -- the pile: bicycle-samba §The Deal ---------------------------------------------------


def pickup(top, hand, melds=(), frozen=False, variant_id="samba"):
    return check_pickup(
        variant(variant_id),
        top=card(top),
        frozen=frozen,
        stopped=False,
        hand=parse_cards(hand),
        melds=[meld(m) for m in melds],
    )


def test_a_natural_pair_takes_the_pile():
    assert pickup("9", "9 9 4", melds=["K K K"]).allowed


def test_the_top_card_onto_an_unfinished_group():
    assert pickup("9", "4 5", melds=["9 9 9"]).allowed


def test_not_onto_a_finished_canasta():
    ruling = pickup("9", "4 5", melds=["9 9 9 9 9 9 9"])
    assert not ruling.allowed


def test_the_top_card_extends_an_unfinished_sequence():
    ruling = pickup("10h", "4 5", melds=["7h 8h 9h"])
    assert ruling.allowed
    assert ruling.rule == "pile.add-to-meld"


def test_not_to_extend_a_samba_or_start_a_sequence():
    # Onto a finished samba: no.  To start a run with two cards of the hand: no.
    assert not pickup("7h", "4 5", melds=["8h 9h 10h Jh Qh Kh Ah"]).allowed
    assert not pickup("9h", "10h Jh", melds=["K K K"]).allowed


def test_not_with_one_natural_and_a_wild_card():
    assert not pickup("9", "9 X", melds=["K K K"]).allowed


def test_frozen_pile_needs_a_natural_pair():
    assert not pickup("9", "4", melds=["9 9 9"], frozen=True).allowed
    assert pickup("9", "9 9", melds=["K K K"], frozen=True).allowed


# -- bolivia: bicycle-bolivia ------------------------------------------------------------


def test_bolivia_melds_wild_cards_alone():
    # E12: joker, joker, two = 120, a legal meld in bolivia, not in samba.
    bolivia = variant("bolivia")
    assert meld_problems(bolivia, meld("X X 2")) == []
    assert classify(bolivia, meld("X X 2")).points == 120
    assert meld_problems(variant("samba"), meld("X X 2")) != []


def test_a_bolivia_is_worth_2500():
    # E13: seven wild cards, 2500 (and 2 x 50 + 5 x 20 = 200 in cards).
    info = classify(variant("bolivia"), meld("X X 2 2 2 2 2"))
    assert (info.canasta, info.bonus, info.points) == (CanastaKind.WILD, 2500, 200)


def test_an_escalera_is_worth_1500():
    # E14
    info = classify(variant("bolivia"), meld(SAMBA_RUN))
    assert (info.canasta, info.bonus) == (CanastaKind.SEQUENCE, 1500)


def test_bolivia_going_out_needs_an_escalera():
    two_groups = side("K K K K K K K", "Q Q Q Q Q Q Q", went_out=True)
    result = score("bolivia", two_groups)
    assert "going_out_without_canasta" in codes(result)
    assert "canasta in sequence" in result.problems[0].message
    assert score("bolivia", side(SAMBA_RUN, "K K K K K K K", went_out=True)).valid
    ruling = check_going_out(
        variant("bolivia"),
        players=4,
        melds=[meld("K K K K K K K"), meld("Q Q Q Q Q Q Q")],
        hand=[],
    )
    assert not ruling.allowed
    assert "sequence" in ruling.reason
    # Samba itself takes any two canastas.
    assert score("samba", two_groups).valid


def test_bolivia_black_threes():
    # E15: two black threes left in hand cost 200; three melded going out count 15.
    left = score("bolivia", side("K K K", hand="3s 3c")).sides[0]
    assert left.breakdown["hand"] == -200
    out = score("bolivia", side(SAMBA_RUN, "K K K K K K K", "3s 3s 3c", went_out=True))
    assert out.valid, codes(out)
    assert out.sides[0].breakdown["melds"] == 65 + 70 + 15


def test_bolivia_wild_card_on_top_stops_the_pile():
    ruling = pickup("X", "X X", melds=["K K K"], variant_id="bolivia")
    assert not ruling.allowed
    assert ruling.rule == "pile.wild-top"


def test_a_three_wild_group_is_still_too_many_in_bolivia():
    # bicycle-bolivia changes only melds of wild cards: a group keeps Samba's two.
    assert meld_problems(variant("bolivia"), meld("9 9 9 9 2 2 X")) != []


def test_samba_red_threes_count_against_in_bolivia_too():
    result = score("bolivia", side(SAMBA_RUN, red_threes=1))
    assert result.sides[0].breakdown["red_threes"] == -100


def test_the_two_of_hearts_is_wild_not_a_sequence_card():
    # Twos are wild: 2h 3h 4h is no sequence (the three and the two are not in sequences).
    assert meld_problems(variant("samba"), meld("4h 5h 2h")) != []
    assert Rank.TWO in (c.rank for c in parse_cards("2h"))


# -- the rest of the rulebook: the deal and a turn (issue 34) ------------------------------


@pytest.mark.parametrize(
    ("variant_id", "key", "words", "section"),
    [
        ("samba", "deal.cards", ("Fifteen", "thirteen each with six"), "pagat-samba §Deal"),
        ("samba", "deal.upcard", ("face up", "pile"), "pagat-samba §Deal"),
        ("samba", "play.draw", ("top two cards of the stock",), "bicycle-samba §The Deal"),
        ("samba", "play.discard", ("discarding one card", "need not discard"), "bicycle-samba"),
        ("samba", "play.players", ("three partnerships of two",), "pagat-samba §Players"),
        ("samba", "scoring.game-end", ("10,000",), "bicycle-samba §Scoring"),
        # bicycle-bolivia: "the same game as Samba", so the deal and the turn are Samba's …
        ("bolivia", "deal.cards", ("Fifteen",), "pagat-samba §Deal"),
        ("bolivia", "play.draw", ("top two cards of the stock",), "bicycle-samba §The Deal"),
        # … but the game is longer.
        ("bolivia", "scoring.game-end", ("15,000",), "bicycle-bolivia §Game"),
    ],
)
def test_rulebook_rules_a_player_asks_about(variant_id, key, words, section):
    rule = find_variant(variant_id).rules[key]
    for word in words:
        assert word in rule.text, (key, word)
    assert section in rule.source


def test_the_deal_rule_agrees_with_the_cards_dealt():
    samba = variant("samba")
    text = samba.rules["deal.cards"].text
    assert samba.cards_dealt[4] == 15
    assert "Fifteen" in text
    assert samba.cards_dealt[6] == 13
    assert "thirteen" in text
