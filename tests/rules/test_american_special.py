"""Modern American Canasta's special hands, house-rule switches and turn-by-turn rulings.

Rows cite the book and section that decide them: ``pagat-american`` (pagat.com, Modern
American, §Special Hands: straight 3000, pairs without wild cards 2500, pairs with wild
cards 2000, garbage 2000), ``honors-house`` (a club's published house rules: §1 the turn
card, §3 the rule of five, §5 no bonus cards after the turn card, §6 never the pile and the
bonus cards, §9 special hands as the first meld, its courtesy) and ``cla-laws``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.match.contract import score_json
from referee.rules import Hand, MalformedInput, Meld, Side, parse_cards, score_hand
from referee.rules.quick import QuickSide, score_quick_hand
from referee.rules.rulings import check_bonus_cards, check_discard, check_wild_card
from tests.support.hands import codes, score, side, variant

QUEENS = "Q Q Q Q Q Q Q"
KINGS = "K K K K K K K"


def american(**options: bool):
    return variant("american", **options)


def card(text):
    (only,) = parse_cards(text)
    return only


# -- special hands: each scored as its book gives it ------------------------------------


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("straight", 3000),  # pagat-american §Special Hands
        ("pairs", 2500),  # pagat-american §Special Hands; honors-house §9
        ("pairs_wild", 2000),  # pagat-american §Special Hands; honors-house §9
        ("garbage", 2000),  # pagat-american §Special Hands
    ],
)
def test_a_special_hand_is_the_sides_whole_score(hand, value):
    result = score(
        "american",
        side(went_out=True, special_hand=hand, red_threes=2),
        side(QUEENS, "A A A", hand="9 9"),
        opening=True,
    )
    assert result.valid, codes(result)
    out, other = result.sides
    assert (out.total, out.breakdown) == (value, {"special_hand": value})
    # The other side scores its hand as usual (pagat-american §Special Hands).
    ordinary = score("american", side(), side(QUEENS, "A A A", hand="9 9"), opening=True)
    assert other == ordinary.sides[1]


def test_a_special_hand_needs_no_canasta_to_go_out():
    # Going out ordinarily needs two canastas (cla-laws §Going Out).
    plain = score("american", side(went_out=True))
    assert "going_out_without_canasta" in codes(plain)
    special = score("american", side(went_out=True, special_hand="straight"))
    assert special.valid, codes(special)


def test_a_special_hand_is_laid_down_going_out():
    result = score("american", side(special_hand="straight"))
    assert codes(result) == ["special_hand_without_going_out"]
    assert result.problems[0].rule == "going-out.special-hands"


def test_a_special_hand_is_the_sides_first_meld():
    # honors-house §9: special hands must be made on the initial meld.
    result = score("american", side("K K K K", went_out=True, special_hand="pairs"))
    assert "special_hand_after_melding" in codes(result)


def test_an_unknown_special_hand_is_refused():
    result = score("american", side(went_out=True, special_hand="flush"))
    # Not a special hand, so the ordinary going out is judged too.
    assert codes(result) == ["unknown_special_hand", "going_out_without_canasta"]


def test_a_game_without_special_hands_says_so():
    result = score("classic", side(KINGS, went_out=True, special_hand="straight"))
    assert "not_in_variant" in codes(result)


def test_the_quick_form_scores_a_special_hand_the_same():
    v = american()
    quick = score_quick_hand(
        v,
        4,
        (
            QuickSide(went_out=True, special_hand="garbage"),
            QuickSide(meld_points=150, hand_points=20),
        ),
    )
    assert quick.valid, quick.problems
    assert quick.sides[0].total == 2000
    assert quick.sides[1].total == -150 - 20  # no canasta: melds count minus


@given(
    hand=st.sampled_from(["straight", "pairs", "pairs_wild", "garbage"]),
    red_threes=st.integers(0, 4),
    black_threes=st.integers(0, 4),
    hand_points=st.integers(0, 40).map(lambda n: n * 5),
    held=st.integers(0, 2),
    score_before=st.integers(-5000, 9000),
    unfinished=st.integers(0, 2),
)
def test_a_special_hands_score_is_the_books_whatever_else_is_on_the_table(
    hand, red_threes, black_threes, hand_points, held, score_before, unfinished
):
    """Whatever threes, penalties and cards a side also reports, a special hand scores what
    pagat-american §Special Hands gives, and nothing else."""
    v = american()
    quick = QuickSide(
        went_out=True,
        special_hand=hand,
        red_threes=red_threes,
        black_threes=black_threes,
        hand_points=hand_points,
        held_sets=held,
        score=score_before,
    )
    result = score_quick_hand(v, 4, (quick, QuickSide()))
    assert result.sides[0].total == v.special_hands[hand]
    detailed = Side(
        went_out=True,
        special_hand=hand,
        red_threes=red_threes,
        black_threes=black_threes,
        hand_points=hand_points,
        held_sets=held,
        score=score_before,
        melds=tuple(Meld(parse_cards("7 7 7")) for _ in range(unfinished)),
    )
    card_by_card = score_hand(v, Hand(4, (detailed, Side())))
    assert card_by_card.sides[0].total == v.special_hands[hand]


def test_referee_score_takes_a_special_hand():
    data = {
        "variant": "american",
        "sides": [{"went_out": True, "special_hand": "straight"}, {"hand_points": 25}],
    }
    out, status = score_json(data)
    assert status == 0, out["errors"]
    assert out["sides"][0]["total"] == 3000
    assert out["sides"][0]["special_hand"] == "straight"
    assert "special_hand" not in out["sides"][1]
    data["sides"][0]["special_hand"] = "royal"
    with pytest.raises(MalformedInput, match="special_hand must be one of"):
        score_json(data)


# -- house rules: the other reading changes what it should and nothing else ------------


def test_special_hand_courtesy_lets_the_partners_melds_stand():
    # honors-house §9: a special hand on the turn right after the partner's first meld.
    after = side("K K K K", "9 9 9", went_out=True, special_hand="pairs")
    assert "special_hand_after_melding" in codes(score("american", after))
    result = score("american", after, special_hand_courtesy=True)
    assert result.valid, codes(result)
    assert result.sides[0].total == 2500  # the melds do not count beside it


def test_special_hand_courtesy_changes_nothing_else():
    on, off = american(special_hand_courtesy=True), american()
    assert on._replace(special_hand_after_partner=False) == off._replace(options=on.options)
    hands = [
        (side(QUEENS, KINGS, went_out=True), side("9 9 9", hand="4")),
        (side(went_out=True, special_hand="garbage"), side(QUEENS, hand="A A")),
        (side("K K K"), side("J J J", hand="3")),
    ]
    for sides in hands:
        assert score(on, *sides, opening=True) == score(off, *sides, opening=True)
    for args in ({"first_side": True}, {"first_side": False, "took_pile": True}):
        assert check_bonus_cards(on, **args) == check_bonus_cards(off, **args)


def test_bonus_cards_with_pile():
    # honors-house §6: never the pile and the bonus cards in one turn (the league's reading,
    # as its players cite it); pagat-american §Bonus Cards, wca-club §Initial Meld: no such
    # exception.
    off, on = american(), american(bonus_cards_with_pile=True)
    assert not check_bonus_cards(off, first_side=True, took_pile=True).allowed
    ruling = check_bonus_cards(on, first_side=True, took_pile=True)
    assert (ruling.allowed, ruling.points) == (True, 4)
    # Nothing else changes: without the pile, past the turn card, and every score.
    for args in (
        {"first_side": True},
        {"first_side": False},
        {"first_side": True, "took_pile": True, "past_turn_card": True},
    ):
        assert check_bonus_cards(on, **args) == check_bonus_cards(off, **args)
    sides = (side(QUEENS, KINGS, went_out=True), side("9 9 9", hand="4"))
    assert score(on, *sides) == score(off, *sides)
    assert on._replace(bonus_cards_with_pile=False) == off._replace(options=on.options)


# -- the play rules, ruled turn by turn ----------------------------------------------------


@pytest.mark.parametrize(
    ("first_side", "took_pile", "past_turn_card", "allowed", "count", "rule"),
    [
        (True, False, False, True, 4, "play.bonus-cards"),  # cla-laws §Deal: four to the first
        (False, False, False, True, 3, "play.bonus-cards"),  # ...three to the second
        (True, True, False, False, None, "play.bonus-cards"),  # honors-house §6
        (True, False, True, False, None, "play.turn-card"),  # honors-house §5
    ],
)
def test_bonus_cards(first_side, took_pile, past_turn_card, allowed, count, rule):
    ruling = check_bonus_cards(
        american(), first_side=first_side, took_pile=took_pile, past_turn_card=past_turn_card
    )
    assert (ruling.allowed, ruling.points, ruling.rule) == (allowed, count, rule)


def test_a_game_without_bonus_cards_says_so():
    assert not check_bonus_cards(variant("classic"), first_side=True).allowed


@pytest.mark.parametrize(
    ("meld", "opening", "allowed", "rule"),
    [
        ("K K K K K", False, True, "meld.wild-limit"),  # cla-laws §Melding: five naturals
        ("K K K K", False, False, "play.rule-of-five"),  # honors-house §3
        ("K K K", True, True, "meld.wild-limit"),  # the first meld: not the rule of five
        ("K K K K K 2 2", False, False, "meld.max-cards"),  # a canasta takes no more
        ("7 7 7 7 7", False, False, "meld.natural-only"),  # sevens never hold a wild card
    ],
)
def test_the_rule_of_five(meld, opening, allowed, rule):
    ruling = check_wild_card(american(), meld=Meld(parse_cards(meld)), opening=opening)
    assert (ruling.allowed, ruling.rule) == (allowed, rule), ruling.reason


def test_the_classic_game_has_no_rule_of_five():
    ruling = check_wild_card(variant("classic"), meld=Meld(parse_cards("K K K")), opening=False)
    assert ruling.allowed


@pytest.mark.parametrize(
    ("discard", "hand", "pile_empty", "allowed"),
    [
        ("A", "A 9", True, False),  # cla-laws §The Pack: not onto an empty pile…
        ("A", "A 9", False, True),  # …onto a pile it may
        ("7", "7 7 2", True, True),  # no other natural card than sevens: it may
        ("2", "2 9", False, False),  # a wild card only when nothing else can be
        ("X", "X", False, True),  # …as the last card it may
        ("3", "3 9", False, False),  # threes are laid out, never discarded
        ("9", "9 A", True, True),
    ],
)
def test_the_discard(discard, hand, pile_empty, allowed):
    ruling = check_discard(
        american(), card=card(discard), hand=parse_cards(hand), pile_empty=pile_empty
    )
    assert ruling.allowed is allowed, ruling.reason
    assert ruling.rule == "play.discard-limits"


def test_the_classic_game_discards_anything():
    ruling = check_discard(variant("classic"), card=card("2"), hand=parse_cards("2 9"))
    assert ruling.allowed


def test_a_table_may_change_a_special_hands_value():
    from referee.rules.overrides import apply_overrides

    own = apply_overrides(american(), {"special_hands": {"garbage": 1500}})
    result = score(own, side(went_out=True, special_hand="garbage"))
    assert result.sides[0].total == 1500
    assert score(own, side(went_out=True, special_hand="straight")).sides[0].total == 3000
    with pytest.raises(MalformedInput, match="special_hands.flush"):
        apply_overrides(american(), {"special_hands": {"flush": 100}})
