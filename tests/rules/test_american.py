"""Modern American Canasta (``american``) against its books: bonuses, penalties, legality.

Rows cite the book and section that decide them: ``cla-laws`` (Canasta League of
America, the main book) and ``pagat-american`` (pagat.com, Modern American).  Expected
totals are worked out by hand from the card values: joker 50, ace and two 20, king to
eight 10, seven to four 5; a three left in hand 100.
"""

from __future__ import annotations

import pytest

from referee.rules import CanastaKind, Rank, check_opening, classify, meld_problems, parse_cards
from referee.rules.presets.american import AMERICAN
from referee.rules.presets.classic import CLASSIC
from referee.rules.rulings import best_opening_points, check_going_out, check_meld, check_pickup
from referee.rules.sources import book_of
from tests.support.hands import CANASTA, codes, meld, score, side, variant

QUEENS = "Q Q Q Q Q Q Q"  # a second natural canasta, for the two that going out needs


def american():
    return variant("american")


def card(text):
    (only,) = parse_cards(text)
    return only


# -- the table -------------------------------------------------------------------


def test_the_preset_is_found_by_its_id():
    assert american() is AMERICAN
    assert (AMERICAN.id, AMERICAN.language) == ("american", "en")
    assert AMERICAN.seed == "cla-laws, pagat-american"


def test_the_table():
    v = american()
    # cla-laws §Deal: four players in two partnerships, two packs with four jokers,
    # thirteen cards each.
    assert (v.players, v.default_players) == ((4,), 4)
    assert v.packs == {4: 2}
    assert v.cards_dealt == {4: 13}
    # cla-laws §Scoring: the game is 8500.
    assert v.target_score == 8500
    # cla-laws §Deal: play passes clockwise.
    assert v.play_clockwise is True
    # Five house rules, each the reading of another book (tests/rules/test_american_special.py,
    # tests/rules/test_american_readings.py).
    assert [(o.name, o.source) for o in v.options] == [
        ("special_hand_courtesy", "honors-house §9"),
        ("bonus_cards_with_pile", "pagat-american §Bonus Cards; wca-club §Initial Meld"),
        ("natural_aces_with_pile", "cla-laws §Initial Meld"),
        ("lone_wild_after_opening", "cla-laws §Penalties"),
        ("splash", "pagat-american §Initial Meld; cla-laws §Initial Meld"),
    ]


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        # cla-laws §Scoring: joker 50, ace and two 20, king to eight 10, seven to four 5.
        (Rank.JOKER, 50),
        (Rank.TWO, 20),
        (Rank.ACE, 20),
        (Rank.KING, 10),
        (Rank.EIGHT, 10),
        (Rank.SEVEN, 5),
        (Rank.FOUR, 5),
    ],
)
def test_card_values(rank, points):
    assert american().points(rank) == points


# -- melds -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "problems"),
    [
        # cla-laws §Melding: three to seven cards of one rank.
        ("K K K", []),
        ("K K", ["meld_too_small"]),
        ("K K K K K K K", []),
        ("K K K K K K K K", ["meld_too_big"]),  # a meld of 8 is illegal
        # cla-laws §Melding: at most two wild cards, at least two natural cards.
        ("K K 2", []),
        ("K K K 2 X", []),
        ("K K K 2 2 X", ["too_many_wilds"]),
        ("K 2 X", ["too_few_naturals"]),
        # cla-laws §Melding: sevens never hold a wild card.
        ("7 7 7", []),
        ("7 7 7 2", ["wild_in_natural_rank"]),
        ("7 7 7 7 7 7 X", ["wild_in_natural_rank"]),
        # cla-laws §Melding: aces may hold a wild card that went in with the first meld
        # (then an ordinary mixed meld); the engine cannot see when it went in.
        ("A A A 2", []),
        # cla-laws §Melding: wild cards alone, three to seven of them.
        ("2 2 X", []),  # a wild meld of 3 is legal
        ("2 X", ["meld_too_small"]),
        ("2 2 2 2 X X X", []),
        ("2 2 2 2 X X X X", ["meld_too_big"]),
        # cla-laws §Melding: sequences are not melds.
        ("5h 6h 7h", ["meld_mixed_ranks"]),
        # cla-laws §Threes: threes are never melded, red or black.
        ("3 3 3", ["black_threes_melded"]),
        ("3h 3d 3h", ["red_three_melded"]),
    ],
)
def test_meld_legality(cards, problems):
    assert [p.code for p in meld_problems(american(), meld(cards))] == problems


def test_black_threes_are_not_melded_even_going_out():
    # cla-laws §Threes: threes are laid out as bonus cards, never melded.
    found = meld_problems(american(), meld("3 3 3"), going_out=True)
    assert [(p.code, p.rule) for p in found] == [("black_threes_melded", "meld.black-threes")]


@pytest.mark.parametrize(
    ("cards", "allowed", "rule"),
    [
        # cla-laws §Melding: sevens with a wild card are illegal.
        ("7 7 7 X", False, "meld.natural-only"),
        # cla-laws §Melding: a wild meld of three is legal.
        ("2 2 X", True, "meld.wild-limit"),
        # cla-laws §Melding: a meld holds at most seven cards.
        ("J J J J J J J J", False, "meld.max-cards"),
        # cla-laws §Canastas: seven sevens are a canasta.
        ("7 7 7 7 7 7 7", True, "canasta.kinds"),
    ],
)
def test_the_referee_on_melds(cards, allowed, rule):
    ruling = check_meld(american(), meld(cards))
    assert (ruling.allowed, ruling.rule) == (allowed, rule)


def test_one_meld_per_rank():
    # cla-laws §Melding: one meld of each rank per side.
    assert codes(score("american", side("K K K", "K K K"))) == ["second_meld_of_rank"]


# -- canastas --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "bonus"),
    [
        # cla-laws §Canastas: natural 500, mixed 300.
        ("K K K K K K K", CanastaKind.NATURAL, 500),
        ("K K K K K K 2", CanastaKind.MIXED, 300),
        ("K K K K K 2 X", CanastaKind.MIXED, 300),
        # cla-laws §Canastas: sevens 2500, natural aces 2500.
        ("7 7 7 7 7 7 7", CanastaKind.SEVENS, 2500),
        ("A A A A A A A", CanastaKind.ACES, 2500),
        # cla-laws §Canastas: an ace meld with a wild card is an ordinary mixed one.
        ("A A A A A A 2", CanastaKind.MIXED, 300),
        # cla-laws §Canastas: seven twos 3000; four jokers and three twos 2500; any other
        # wild canasta 2000.
        ("2 2 2 2 2 2 2", CanastaKind.WILD_TWOS, 3000),
        ("X X X X 2 2 2", CanastaKind.WILD_JOKERS, 2500),
        ("X X X 2 2 2 2", CanastaKind.WILD_DEUCES, 2000),
        ("X 2 2 2 2 2 2", CanastaKind.WILD_DEUCES, 2000),
    ],
)
def test_canasta_bonuses(cards, kind, bonus):
    v = american()
    m = meld(cards)
    assert meld_problems(v, m) == []
    info = classify(v, m)
    assert (info.canasta, info.bonus, info.penalty) == (kind, bonus, 0)


@pytest.mark.parametrize(
    ("cards", "total"),
    [
        # cla-laws §Canastas: the bonus and the cards both count.  One canasta: the
        # threes (none here) count nothing.
        ("K K K K K K K", 570),  # 500 + 7 x 10
        ("K K K K K 2 X", 420),  # 300 + 5 x 10 + 20 + 50
        ("7 7 7 7 7 7 7", 2535),  # 2500 + 7 x 5
        ("A A A A A A A", 2640),  # 2500 + 7 x 20
        ("2 2 2 2 2 2 2", 3140),  # 3000 + 7 x 20
        ("X X X X 2 2 2", 2760),  # 2500 + 4 x 50 + 3 x 20
        ("X X X 2 2 2 2", 2230),  # 2000 + 3 x 50 + 4 x 20
    ],
)
def test_a_canasta_scores_its_bonus_and_its_cards(cards, total):
    result = score("american", side(cards))
    assert result.valid
    assert result.sides[0].total == total


def test_no_bonus_for_a_canasta_laid_from_the_hand():
    # cla-laws §Canastas: a canasta laid in one go scores like any other.
    ns = score("american", side(meld("K K K K K K K", concealed=True))).sides[0]
    assert ns.breakdown["canastas"] == 500


# -- penalties -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "penalty"),
    [
        # cla-laws §Penalties: an unfinished meld of sevens 2500, of natural aces 2500.
        ("7 7 7", 2500),
        ("7 7 7 7 7 7", 2500),
        ("A A A A", 2500),
        # An ace meld with a wild card is ordinary: no penalty.
        ("A A A 2", 0),
        # cla-laws §Penalties: an unfinished wild meld 2000, with all four jokers too
        # (pagat-american's 2500 for that one is the minority reading).
        ("2 2 2", 2000),
        ("X 2 2", 2000),
        ("X X X X 2 2", 2000),
        # An ordinary meld costs nothing unfinished.
        ("K K K", 0),
        ("K K K 2", 0),
    ],
)
def test_unfinished_meld_penalties(cards, penalty):
    assert classify(american(), meld(cards)).penalty == penalty


def test_unfinished_sevens_in_a_score():
    # cla-laws §Penalties: melds 70 + 15 = 85, canasta 500, unfinished sevens -2500:
    # 85 + 500 - 2500 = -1915.
    result = score("american", side(CANASTA, "7 7 7"))
    assert result.valid
    ns = result.sides[0]
    assert ns.breakdown["unfinished"] == -2500
    assert ns.total == -1915


def test_several_unfinished_melds_add_up():
    # cla-laws §Penalties: the penalties are compounded: -2500 (aces) - 2000 (wild).
    ns = score("american", side(CANASTA, "A A A", "2 2 X")).sides[0]
    assert ns.breakdown["unfinished"] == -4500


@pytest.mark.parametrize(
    ("hand", "held_sets", "held", "total"),
    [
        # cla-laws §Penalties: one player holding three aces and three sevens: -1500 -1500
        # = -3000.  Two canastas: melds 140, bonuses 1000; hand 3 x 20 + 3 x 5 = 75:
        # 140 + 1000 - 75 - 3000 = -1935.
        ("A A A 7 7 7", 2, -3000, -1935),
        # cla-laws §Penalties: each partner holding three aces: once per player, -3000.
        # Hand 6 x 20 = 120: 140 + 1000 - 120 - 3000 = -1980.
        ("A A A A A A", 2, -3000, -1980),
        # cla-laws §Penalties: four aces are still one -1500.  Hand 80:
        # 140 + 1000 - 80 - 1500 = -440.
        ("A A A A", 1, -1500, -440),
    ],
)
def test_aces_and_sevens_held_in_hand(hand, held_sets, held, total):
    result = score("american", side(CANASTA, QUEENS, hand=hand, held_sets=held_sets))
    assert result.valid
    ns = result.sides[0]
    assert ns.breakdown["held_in_hand"] == held
    assert ns.total == total


def test_unfinished_sevens_and_three_sevens_in_hand():
    # pagat-american §Scoring, cla-laws §Penalties: both penalties count, -2500 - 1500.
    # Melds 70 + 15 = 85, canasta 500, hand -15: 85 + 500 - 15 - 2500 - 1500 = -3430.
    result = score("american", side(CANASTA, "7 7 7", hand="7 7 7", held_sets=1))
    assert result.valid
    ns = result.sides[0]
    assert (ns.breakdown["unfinished"], ns.breakdown["held_in_hand"]) == (-2500, -1500)
    assert ns.total == -3430


def test_a_three_in_hand_costs_100():
    # cla-laws §Penalties: a three left in hand -100 (entered without its suit).
    # 140 + 1000 - 100 = 1040.
    result = score("american", side(CANASTA, QUEENS, hand="3"))
    assert result.valid
    assert result.sides[0].breakdown["hand"] == -100
    assert result.sides[0].total == 1040


def test_cards_left_in_hand_count_against():
    # cla-laws §Scoring: X 2 A K 7 = 50 + 20 + 20 + 10 + 5 = 105.
    result = score("american", side(CANASTA, QUEENS, hand="X 2 A K 7"))
    assert result.sides[0].breakdown["hand"] == -105


@pytest.mark.parametrize(
    ("melds", "hand", "total"),
    [
        # cla-laws §Scoring: no canasta, the melds count minus: -(30 + 30) = -60.
        (("K K K", "J J J"), None, -60),
        # ... and the hand too: -60 - 5 = -65.
        (("K K K", "J J J"), "4", -65),
        # With a canasta they count plus: 70 + 30 + 500 = 600.
        ((CANASTA, "J J J"), None, 600),
    ],
)
def test_without_a_canasta_the_melds_count_minus(melds, hand, total):
    result = score("american", side(*melds, hand=hand))
    assert result.valid
    assert result.sides[0].total == total


# -- threes ----------------------------------------------------------------------

NO_CANASTA = ("J J J",)
ONE_CANASTA = (CANASTA,)
TWO_CANASTAS = (CANASTA, QUEENS)


@pytest.mark.parametrize(
    ("melds", "red", "black", "points"),
    [
        # cla-laws §Threes: one colour, 1 / 2 / 3 / 4 = 100 / 300 / 500 / 1000, plus with
        # two canastas or more.
        (TWO_CANASTAS, 1, 0, 100),
        (TWO_CANASTAS, 2, 0, 300),
        (TWO_CANASTAS, 3, 0, 500),
        (TWO_CANASTAS, 4, 0, 1000),  # not the classic 800
        (TWO_CANASTAS, 0, 1, 100),
        (TWO_CANASTAS, 0, 4, 1000),
        # ... nothing with one canasta ...
        (ONE_CANASTA, 4, 0, 0),
        (ONE_CANASTA, 0, 2, 0),
        # ... minus with none.
        (NO_CANASTA, 1, 0, -100),
        (NO_CANASTA, 4, 0, -1000),
        (NO_CANASTA, 0, 3, -500),
        # Red and black are counted apart: 2 red + 1 black = 300 + 100 = 400, signed.
        (TWO_CANASTAS, 2, 1, 400),
        (ONE_CANASTA, 2, 1, 0),
        (NO_CANASTA, 2, 1, -400),
    ],
)
def test_threes_by_colour_signed_by_canastas(melds, red, black, points):
    result = score("american", side(*melds, red_threes=red, black_threes=black))
    assert result.valid
    parts = result.sides[0].breakdown
    assert parts["red_threes"] + parts.get("black_threes", 0) == points


def test_too_many_black_threes():
    # cla-laws §Deal: two packs hold four black threes.
    assert codes(score("american", side(CANASTA, black_threes=5))) == ["deck_count"]


def test_a_red_three_in_hand_is_entered_as_a_three():
    # cla-laws §Threes: threes are laid out at once; the referee takes a red one in hand
    # only as a three without its suit.
    assert codes(score("american", side(CANASTA, QUEENS, hand="3h"))) == ["red_three_in_hand"]


# -- going out -------------------------------------------------------------------


def test_going_out_scores_100():
    # cla-laws §Scoring: going out 100.  140 + 1000 + 100 = 1240.
    result = score("american", side(CANASTA, QUEENS, went_out=True))
    assert result.valid
    assert result.sides[0].breakdown["going_out"] == 100
    assert result.sides[0].total == 1240


def test_no_extra_bonus_for_going_out_concealed():
    # cla-laws §Going Out: going out concealed scores the ordinary 100.
    result = score("american", side(CANASTA, QUEENS, went_out=True, concealed=True))
    assert result.valid
    assert result.sides[0].breakdown["going_out"] == 100


def test_going_out_needs_two_canastas():
    # cla-laws §Going Out: two canastas of any kind.
    assert codes(score("american", side(CANASTA, went_out=True))) == ["going_out_without_canasta"]
    assert score("american", side(CANASTA, "7 7 7 7 7 7 7", went_out=True)).valid


def test_going_out_with_unfinished_sevens_is_illegal():
    # cla-laws §Going Out: not while a meld of sevens is unfinished.
    result = score("american", side(CANASTA, QUEENS, "7 7 7", went_out=True))
    assert codes(result) == ["went_out_unfinished"]
    assert [p.rule for p in result.problems] == ["going-out.unfinished"]


@pytest.mark.parametrize(
    ("melds", "hand", "allowed", "rule"),
    [
        # cla-laws §Going Out: not with an unfinished meld of sevens, aces or wild cards.
        ((CANASTA, QUEENS, "7 7 7"), "4", False, "going-out.unfinished"),
        ((CANASTA, QUEENS, "A A A"), "4", False, "going-out.unfinished"),
        ((CANASTA, QUEENS, "2 2 X"), "4", False, "going-out.unfinished"),
        # An ordinary unfinished meld does not stop it.
        ((CANASTA, QUEENS, "J J J"), "4", True, "going-out.canastas"),
        # cla-laws §Going Out: two canastas.
        ((CANASTA,), "4", False, "going-out.canastas"),
        # cla-laws §Going Out: a last card to discard; not melding every card.
        ((CANASTA, QUEENS), "", False, "going-out.discard"),
        ((CANASTA, QUEENS), "4 5", False, "going-out.discard"),
        ((CANASTA, QUEENS), "4", True, "going-out.canastas"),
        # cla-laws §Going Out: "the last discard may be a wild card but not a three" -- the
        # form once let a black three go out as the last card (the eighth American posts)
        ((CANASTA, QUEENS), "3s", False, "going-out.discard"),
        ((CANASTA, QUEENS), "X", True, "going-out.canastas"),
        ((CANASTA, QUEENS), "2", True, "going-out.canastas"),
    ],
)
def test_the_referee_on_going_out(melds, hand, allowed, rule):
    ruling = check_going_out(
        american(), players=4, melds=[meld(m) for m in melds], hand=parse_cards(hand)
    )
    assert (ruling.allowed, ruling.rule) == (allowed, rule)


def test_going_out_ruling_names_the_bonus_and_the_partner():
    ruling = check_going_out(
        american(), players=4, melds=[meld(CANASTA), meld(QUEENS)], hand=parse_cards("4")
    )
    # cla-laws §Scoring: 100; pagat-american §Going Out: the partner may be asked.
    assert "100" in ruling.reason
    assert "partner" in ruling.reason


# -- the opening -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("match_score", "minimum"),
    [
        # pagat-american §Initial Meld: a negative score needs 125 as well.
        (-5, 125),
        # cla-laws §Initial Meld: 125 below 3000, 155 from 3000, 180 from 5000.
        (0, 125),
        (2995, 125),
        (3000, 155),
        (4995, 155),
        (5000, 180),
        (8000, 180),
    ],
)
def test_opening_minimum(match_score, minimum):
    assert american().opening_minimum(match_score) == minimum


@pytest.mark.parametrize(
    ("match_score", "melds", "allowed", "rule"),
    [
        # cla-laws §Initial Meld: a natural meld of three is needed.  A A X (90) and K K X
        # (70) make 160, but neither is natural.
        (0, ("A A X", "K K X"), False, "opening.natural-group"),
        # A wild meld of three (150) is not enough either (pagat-american accepts it; the
        # league does not).
        (0, ("X X X",), False, "opening.natural-group"),
        # A A A (60) and K K X (70) = 130 >= 125.
        (0, ("A A A", "K K X"), True, "opening.minimum"),
        # ... but short of 155 from 3000.
        (3000, ("A A A", "K K X"), False, "opening.minimum"),
        # A A A (60) and K K 2 (40) = 100 < 125.
        (0, ("A A A", "K K 2"), False, "opening.minimum"),
        # cla-laws §Initial Meld: a natural canasta may be closed in the first meld, but its
        # bonus does not count: 7 x 10 + 60 = 130.
        (0, ("K K K K K K K", "A A A"), True, "opening.minimum"),
        (0, ("K K K K K K K",), False, "opening.minimum"),  # 70 < 125
    ],
)
def test_opening(match_score, melds, allowed, rule):
    ruling = check_opening(american(), match_score, [meld(m) for m in melds])
    assert (ruling.allowed, ruling.rule) == (allowed, rule)


# -- the pile --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "frozen", "hand", "melds", "allowed", "rule"),
    [
        # cla-laws §The Pack (discard pile): five jacks and a pair of jacks may not take the
        # pile: 5 + 2 + 1 = 8 > 7.
        ("J", False, "J J 4", ("J J J J J",), False, "meld.max-cards"),
        ("J", True, "J J 4", ("J J J J J",), False, "meld.max-cards"),
        # Four jacks and a pair: 4 + 2 + 1 = 7.
        ("J", False, "J J 4", ("J J J J",), True, "pile.take"),
        # The pile is always frozen: a natural pair from the hand, nothing less; not one
        # jack and a wild card, nor the top card onto the meld on the table.
        ("J", False, "J 2 4", ("J J J",), False, "pile.take"),
        ("J", False, "4 5", ("J J J",), False, "pile.take"),
        ("J", True, "J J 4", ("K K K",), True, "pile.frozen"),
        ("J", True, "J X 4", ("K K K",), False, "pile.frozen"),
        # A wild card on top cannot be taken.
        ("X", False, "X X 4", ("K K K",), False, "pile.wild-top"),
        # Threes are never discarded; one on top stops everyone.
        ("3", False, "4 5", ("K K K",), False, "pile.black-three"),
    ],
)
def test_taking_the_pile(top, frozen, hand, melds, allowed, rule):
    ruling = check_pickup(
        american(),
        top=card(top),
        frozen=frozen,
        stopped=False,
        hand=parse_cards(hand),
        melds=[meld(m) for m in melds],
    )
    assert (ruling.allowed, ruling.rule) == (allowed, rule)


def test_a_three_on_the_pile_stops_everyone():
    ruling = check_pickup(
        american(), top=card("3"), frozen=False, stopped=True, hand=parse_cards("4"), melds=[]
    )
    assert "everyone" in ruling.reason


@pytest.mark.parametrize(
    ("hand", "allowed", "rule"),
    [
        # pagat-american §The Pack: before opening, the pair must open that turn.  K K with
        # A A A: at most 90 (80 without the top card), short of 125.
        ("K K A A A 4", False, "opening.pile-top"),
        # K K, A A A and two jokers: 190 (180 without the top card), enough either way.
        ("K K A A A X X", True, "opening.pile-top"),
        # One king is not a pair.
        ("K A A A X X", False, "pile.unopened"),
    ],
)
def test_taking_the_pile_to_open(hand, allowed, rule):
    ruling = check_pickup(
        american(), top=card("K"), frozen=False, stopped=False, hand=parse_cards(hand), melds=[]
    )
    assert (ruling.allowed, ruling.rule) == (allowed, rule)


# -- a whole hand ----------------------------------------------------------------


def test_a_whole_hand():
    # Side 1 goes out with sevens (2500), a mixed canasta of kings (300) and three queens,
    # two red threes and a black one laid out; two canastas, so the threes count plus.
    #   melds 7 x 5 + (5 x 10 + 20 + 50) + 3 x 10 = 35 + 120 + 30 = 185
    #   185 + 2800 + 300 (red) + 100 (black) + 100 (out) = 3485
    # Side 2 has one canasta of jacks, unfinished aces and wild cards, a red three, and
    # holds three aces (one player), a four and a three.
    #   melds 70 + 60 + 90 = 220, bonus 500, threes 0 (one canasta)
    #   unfinished -2500 - 2000, hand 60 + 5 + 100 = 165, held -1500
    #   220 + 500 - 4500 - 165 - 1500 = -5445
    one = side(
        "7 7 7 7 7 7 7",
        "K K K K K 2 X",
        "Q Q Q",
        red_threes=2,
        black_threes=1,
        went_out=True,
    )
    two = side("J J J J J J J", "A A A", "2 2 X", red_threes=1, hand="A A A 4 3", held_sets=1)
    result = score("american", one, two)
    assert result.valid
    assert [s.total for s in result.sides] == [3485, -5445]
    assert result.sides[1].breakdown == {
        "melds": 220,
        "canastas": 500,
        "red_threes": 0,
        "going_out": 0,
        "hand": -165,
        "unfinished": -4500,
        "held_in_hand": -1500,
    }


# -- the catalogue ---------------------------------------------------------------


AMERICAN_BOOKS = (
    "cla-laws",
    "pagat-american",
    "honors-house",
    "wca-club",
    "wikipedia-american",
    "nvso-senior",
    "canastajunction",
)


def test_every_rule_cites_an_american_book_without_a_quote():
    for key, rule in AMERICAN.rules.items():
        assert rule.key == key
        for part in rule.source.split("; "):
            # every part names a Modern American book that sources.py knows, and a section
            assert part.split(" §")[0] in AMERICAN_BOOKS, key
            assert book_of(part) is not None, (key, part)
            assert " §" in part, (key, part)
        assert rule.quote == ""
        assert rule.text


def test_every_house_rule_names_a_known_book_and_section():
    for option in AMERICAN.options:
        for part in option.source.split("; "):
            assert part.split(" §")[0] in AMERICAN_BOOKS, option.name
            assert book_of(part) is not None, (option.name, part)
            assert " §" in part, (option.name, part)


def test_every_american_book_has_a_title_and_an_address():
    for book_id in AMERICAN_BOOKS:
        book = book_of(book_id)
        assert book is not None, book_id
        assert book.title
        assert book.url.startswith("https://") or book.url.startswith("http://"), book_id


def test_no_rule_is_inherited_from_the_classic_catalogue():
    shared = [key for key, rule in AMERICAN.rules.items() if CLASSIC.rules.get(key) is rule]
    assert shared == []


def test_the_top_card_does_not_count_towards_an_opening_with_the_pile():
    # cla-laws §Initial Meld: the cards from the hand alone must reach the minimum.
    # K K from the hand and the top K: 20, not 30; A A A A from the hand: 80.
    american = variant("american")
    melds = [meld("K K"), meld("A A A A")]
    ruling = check_opening(american, 0, melds, pile_top=parse_cards("K")[0])
    assert ruling.points == 100
    assert not ruling.allowed  # 100 of the 125 needed
    # The classic game counts the top card: the same melds make 110 there.
    classic = check_opening(variant("classic"), 0, melds, pile_top=parse_cards("K")[0])
    assert classic.points == 110


def test_the_referee_does_not_count_the_top_card_for_taking_the_pile():
    # best_opening_points: A A A A A and K K with the top K: 100 + 20, the top card left out.
    top = parse_cards("K")[0]
    hand = parse_cards("K K A A A A A")
    assert best_opening_points(variant("american"), top, hand) == 120
    assert best_opening_points(variant("classic"), top, hand) == 130


# -- the rest of the rulebook: the deal and a turn (issue 34) ------------------------------


@pytest.mark.parametrize(
    ("key", "words", "section"),
    [
        ("deal.cards", ("Thirteen",), "cla-laws §Deal"),
        ("deal.upcard", ("No card is turned up", "starts empty"), "cla-laws §Deal"),
        # Unlike Samba, one card from the stock, not two.
        ("play.draw", ("one card from the stock", "whole pile"), "cla-laws §Deal"),
        ("play.bonus-cards", ("four for the first side", "three for the second"), "cla-laws"),
        ("play.discard", ("going out included",), "cla-laws §Going Out"),
        ("play.discard-limits", ("A three may never be discarded", "ace or a seven"), "pagat"),
        ("play.players", ("four", "partners facing"), "cla-laws §Deal"),
        ("scoring.game-end", ("8500",), "cla-laws §Scoring"),
    ],
)
def test_rulebook_rules_a_player_asks_about(key, words, section):
    rule = AMERICAN.rules[key]
    for word in words:
        assert word in rule.text, (key, word)
    assert section in rule.source


def test_the_game_end_rule_agrees_with_the_target():
    assert str(AMERICAN.target_score) in AMERICAN.rules["scoring.game-end"].text
