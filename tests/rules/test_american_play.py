"""Modern American Canasta's play rulings and penalties, computed by the core.

Rows cite the book and section that decide them: ``cla-laws`` (§Melding: at most seven cards
in a meld, one meld of each rank; §Penalties: 10 points for an irregularity), ``honors-house``
(§2 bonus cards not drawn later, §6 never with the pile) and ``pagat-american`` (§Going Out:
play on while each player takes the pile once the stock is out).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.match.contract import check_json, parse_hand, score_json
from referee.rules import Hand, MalformedInput, Rank, Side, parse_cards, score_hand
from referee.rules.play_rulings import (
    IRREGULARITIES,
    check_dead_rank,
    check_penalty,
    check_stock_out,
)
from referee.rules.quick import QuickSide, score_quick_hand
from referee.rules.rulings import check_bonus_cards
from referee.rules.snapshot import variant_from_dict
from tests.support.hands import codes, meld, score, side, variant
from tests.support.strategies import legal_hands

KINGS = "K K K K K K K"


def american(**options: bool):
    return variant("american", **options)


def top(text):
    (only,) = parse_cards(text)
    return only


# -- dead ranks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs", "action", "pile_empty", "allowed"),
    [
        # cla-laws §Melding: a closed canasta takes no more and a side has one meld of a rank.
        ([KINGS], [], "meld", False, False),
        (["K K K K K 2 2"], [], "meld", False, False),  # mixed, closed at seven all the same
        (["K K K K K K"], [], "meld", False, True),  # six: not closed, not dead
        ([], [KINGS], "meld", False, False),  # seven of eight kings in theirs: one left
        ([], ["K K K K K 2 2"], "meld", False, True),  # five in theirs: three left
        (["K K K"], [KINGS], "meld", False, True),  # a meld of our own takes the last one
        # canastajunction §Picking the Pack: never the pile with a dead card, whoever closed
        # it; a dead card is a safe discard, but never onto an empty pile.
        ([KINGS], [], "pickup", False, False),
        ([], [KINGS], "pickup", False, False),
        ([], [], "pickup", False, True),
        ([KINGS], [], "discard", False, True),
        ([], [KINGS], "discard", False, True),
        ([], [KINGS], "discard", True, False),
        ([], [], "discard", True, True),
    ],
)
def test_a_dead_rank(mine, theirs, action, pile_empty, allowed):
    ruling = check_dead_rank(
        american(),
        rank=Rank.KING,
        action=action,
        melds=[meld(m) for m in mine],
        other_melds=[meld(m) for m in theirs],
        pile_empty=pile_empty,
    )
    assert ruling.allowed is allowed, ruling.reason
    assert ruling.rule == "play.dead-rank"


def test_a_dead_card_is_named_a_safe_discard():
    for ours, theirs in (([meld(KINGS)], []), ([], [meld(KINGS)])):
        ruling = check_dead_rank(
            american(), rank=Rank.KING, action="discard", melds=ours, other_melds=theirs
        )
        assert "a safe discard" in ruling.reason


def test_the_pile_ruling_agrees_with_the_dead_rank():
    # The pile's own ruling refuses the same pickup: the kings have no room (meld.max-cards).
    from referee.rules.rulings import check_pickup

    pickup = check_pickup(
        american(), top=top("K"), frozen=True, stopped=False, hand=parse_cards("K K 9"),
        melds=[meld(KINGS)],
    )  # fmt: skip
    dead = check_dead_rank(american(), rank=Rank.KING, action="pickup", melds=[meld(KINGS)])
    assert (pickup.allowed, dead.allowed) == (False, False)


@pytest.mark.parametrize("preset", ["classic", "samba", "dutch"])
def test_no_rank_is_dead_where_a_canasta_grows_or_ranks_meld_twice(preset):
    ruling = check_dead_rank(
        variant(preset), rank=Rank.KING, action="meld", melds=[meld(KINGS)], other_melds=[]
    )
    assert ruling.allowed
    assert ruling.rule in variant(preset).rules


# -- the stock running out ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("pile_top", "hand", "melds", "red_three", "allowed", "rule"),
    [
        ("9", "9 9 4", ["K K K"], False, True, "play.stock-out"),  # a natural pair: play on
        ("9", "9 4", ["K K K"], False, False, "play.stock-out"),  # none: the hand ends
        ("9", "9 9 4", ["K K K"], True, False, "play.stock-out-red-three"),
        ("K", "K K", [KINGS], False, False, "play.stock-out"),  # dead kings: it ends
    ],
)
def test_the_stock_running_out(pile_top, hand, melds, red_three, allowed, rule):
    ruling = check_stock_out(
        american(),
        top=top(pile_top),
        hand=parse_cards(hand),
        melds=[meld(m) for m in melds],
        frozen=True,
        red_three=red_three,
    )
    assert (ruling.allowed, ruling.rule) == (allowed, rule), ruling.reason
    assert ruling.points == 0  # nobody went out: no going-out bonus (pagat-american)


def test_a_book_silent_on_the_stock_says_so():
    ruling = check_stock_out(variant("czech"), top=top("9"), hand=parse_cards("9 9"))
    assert ruling.rule == "deal.stock"
    assert "does not say" in ruling.reason


# -- bonus cards ---------------------------------------------------------------------------


def test_bonus_cards_come_once_and_never_late():
    assert not check_bonus_cards(american(), first_side=False, opened_before=True).allowed
    late = check_bonus_cards(american(), first_side=True, late=True)
    assert (late.allowed, late.rule) == (False, "play.bonus-cards-forgotten")  # honors §2
    on_time = check_bonus_cards(american(), first_side=True)
    assert (on_time.allowed, on_time.points) == (True, 4)


# -- penalties -----------------------------------------------------------------------------


@pytest.mark.parametrize("irregularity", sorted(IRREGULARITIES))
def test_each_irregularity_costs_the_books_penalty(irregularity):
    ruling = check_penalty(american(), irregularity=irregularity)  # cla-laws §Penalties
    assert (ruling.allowed, ruling.points, ruling.rule) == (False, 10, "irregularities.penalty")


def test_a_book_without_a_points_penalty_names_none():
    assert check_penalty(variant("classic"), irregularity="mismeld").points == 0
    # czech-fast Bod 10: a failed opening raises the minimum instead.
    fast = check_penalty(variant("czech-fast"), irregularity="short_opening")
    assert (fast.points, fast.rule) == (0, "irregularities.insufficient-opening")


def test_a_hands_penalties_cost_ten_each():
    ours = side(KINGS, "Q Q Q Q Q Q Q", hand="", went_out=True, penalties=3)
    result = score("american", ours, side("9 9 9", penalties=1))
    assert result.valid, codes(result)
    plain = score("american", ours._replace(penalties=0), side("9 9 9"))
    assert [a.total - b.total for a, b in zip(plain.sides, result.sides, strict=True)] == [30, 10]
    assert result.sides[0].breakdown["penalties"] == -30


def test_penalties_where_the_book_names_none_are_a_problem():
    result = score("classic", side(KINGS, went_out=True, penalties=1))
    assert "not_in_variant" in codes(result)
    assert "penalties" not in result.sides[0].breakdown


@given(data=legal_hands())
def test_an_input_without_penalties_scores_as_before(data):
    """The contract's new field is optional: absent and 0 are the same hand."""
    before, status = score_json(data)
    with_zero = {**data, "sides": [{**s, "penalties": 0} for s in data["sides"]]}
    assert score_json(with_zero) == (before, status)


@given(hand=st.sampled_from(["straight", "pairs", "pairs_wild", "garbage"]),
       penalties=st.integers(0, 5), other=st.integers(0, 5),
       other_points=st.integers(0, 40).map(lambda n: n * 5))  # fmt: skip
def test_a_special_hand_is_the_books_whatever_the_penalties(hand, penalties, other, other_points):
    """pagat-american §Special Hands: the side scores the hand's value and nothing else; the
    other side scores its hand as usual, its penalties with it (cla-laws §Penalties)."""
    v = american()
    them = QuickSide(meld_points=200, hand_points=other_points, penalties=other)
    result = score_quick_hand(
        v, 4, (QuickSide(went_out=True, special_hand=hand, penalties=penalties), them)
    )
    assert result.sides[0].total == v.special_hands[hand]
    alone = score_quick_hand(v, 4, (QuickSide(), them))
    assert result.sides[1] == alone.sides[1]
    assert result.sides[1].total == -200 - other_points - 10 * other  # no canasta: minus


def test_the_contract_refuses_a_negative_penalty():
    with pytest.raises(MalformedInput, match="penalties cannot be negative"):
        score_json({"variant": "american", "sides": [{"penalties": -1}, {}]})


def test_referee_check_answers_the_play_questions():
    dead = check_json(
        {"variant": "american", "question": "dead_rank", "rank": "K", "action": "meld",
         "other_melds": [KINGS]}
    )  # fmt: skip
    assert (dead["allowed"], dead["left"]) == (False, 1)
    with pytest.raises(MalformedInput, match="natural rank"):
        check_json({"variant": "american", "question": "dead_rank", "rank": "X"})
    with pytest.raises(MalformedInput, match="action must be one of"):
        check_json({"variant": "american", "question": "dead_rank", "rank": "K", "action": "eat"})
    out = check_json({"variant": "american", "question": "stock_out", "red_three": True})
    assert (out["allowed"], out["going_out_bonus"]) == (False, 0)
    fine = check_json({"variant": "american", "question": "penalty", "irregularity": "mismeld"})
    assert (fine["allowed"], fine["penalty"]) == (False, 10)
    with pytest.raises(MalformedInput, match="irregularity must be one of"):
        check_json({"variant": "american", "question": "penalty", "irregularity": "cheat"})


# -- an American match stored before special hands ------------------------------------------

BEFORE = json.loads(
    (Path(__file__).parent / "data" / "american_before_special_hands.json").read_text()
)


def test_a_snapshot_from_before_special_hands_loads_as_the_preset_was():
    old = variant_from_dict(BEFORE["snapshot"])
    assert "special_hands" not in BEFORE["snapshot"]
    # Read as the preset was then: no special hands, no bonus cards, no penalty.
    assert (old.special_hands, old.bonus_cards, old.penalty_points) == ({}, (), None)


@pytest.mark.parametrize("stored", BEFORE["hands"], ids=["ordinary", "sevens-aces", "wild"])
def test_a_snapshot_from_before_special_hands_scores_the_same(stored):
    old = variant_from_dict(BEFORE["snapshot"])
    _preset, hand = parse_hand(stored["input"])
    result = score_hand(old, hand)
    assert result.valid, result.problems
    # The totals and parts that version's referee score gave.
    assert [s.total for s in result.sides] == stored["totals"]
    assert [s.breakdown for s in result.sides] == stored["breakdowns"]


def test_a_special_hand_under_a_snapshot_from_before_is_not_scored():
    old = variant_from_dict(BEFORE["snapshot"])
    result = score_hand(old, Hand(4, (Side(went_out=True, special_hand="straight"), Side())))
    assert "not_in_variant" in codes(result)
    assert result.sides[0].total != 3000


def test_the_pile_is_never_taken_with_a_card_the_other_side_closed():
    # canastajunction §Picking the Pack: the pile's ruling and the dead rank's agree.
    from referee.rules.rulings import check_pickup

    args = {"top": top("K"), "frozen": True, "stopped": False, "hand": parse_cards("K K 4"),
            "melds": [meld("Q Q Q")]}  # fmt: skip
    assert check_pickup(american(), **args).allowed  # not knowing the other side's melds
    dead = check_pickup(american(), **args, other_melds=[meld(KINGS)])
    assert (dead.allowed, dead.rule) == (False, "play.dead-rank")
    # Six kings are not closed: the rank is not dead.
    assert check_pickup(american(), **args, other_melds=[meld("K K K K K K")]).allowed
    # In the classic game a canasta grows on: no rank is ever dead.
    classic = check_pickup(variant("classic"), **args, other_melds=[meld(KINGS)])
    assert classic.allowed
    out = check_json(
        {"variant": "american", "question": "pickup", "top": "K", "frozen": True,
         "hand": "K K 4", "melds": ["Q Q Q"], "other_melds": [KINGS]}
    )  # fmt: skip
    assert (out["allowed"], out["rule"]["id"]) == (False, "american.play.dead-rank")


# -- sevens or aces held at the hand's end (cla-laws §Penalties), the `held` question ---------


@given(st.lists(st.sampled_from(["7", "A", "K", "4", "X", "2"]), max_size=11))
def test_holding_three_or_more_sevens_or_aces_costs_1500_a_rank(symbols):
    """``check_held`` against the rule counted by hand: 1500 for each of sevens and aces held
    three or more times, once per rank however many; what `referee score` charges for the
    ``held_sets`` the cards make."""
    from referee.rules.play_rulings import check_held

    v = american()
    cards = parse_cards(" ".join(symbols)) if symbols else ()
    want = 1500 * sum(symbols.count(rank) >= 3 for rank in ("7", "A"))
    ruling = check_held(v, hand=cards)
    assert (ruling.allowed, ruling.points) == (want == 0, want)
    assert ruling.rule == "hand.held"
    sets = want // 1500
    result = score_hand(v, Hand(4, (Side(melds=(meld(KINGS),), went_out=True, hand=()),
                                    Side(hand=tuple(cards), held_sets=sets))))  # fmt: skip
    assert -result.sides[1].breakdown.get("held_in_hand", 0) == ruling.points
    answer = check_json({"variant": "american", "question": "held", "hand": " ".join(symbols)})
    assert (answer["allowed"], answer["penalty"]) == (ruling.allowed, want)


def test_a_game_without_the_penalty_charges_the_cards_alone():
    from referee.rules.play_rulings import check_held

    ruling = check_held(variant("classic"), hand=parse_cards("7 7 7"))
    assert (ruling.allowed, ruling.points, ruling.rule) == (True, 0, "hand.points")
