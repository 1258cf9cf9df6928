"""Six moments of a hand the tables ask about (issue 44), ruled by the core.

Rows cite what decides them: ``cla-laws`` §Melding (one meld of each rank, at most seven
cards), §Initial Meld (opening by the pile: the cards from the hand alone count), §Deal (no
card turned up: the pile starts empty); ``pagat-american`` §Going Out (the partner may be
asked; the answer binds) and §Special Hands with ``honors-house`` §9 (a special hand is the
side's first meld; by courtesy, also on the turn right after the partner's); ``honors-house``
§1, §5 (the turn card changes the bonus cards and going out).  Each ruling is checked against
the scorer or the check that decides the same thing another way, on generated cards.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules import PRESETS, Card, Meld, Rank, check_opening, parse_cards
from referee.rules.moment_rulings import (
    PARTNER_QUESTIONS,
    check_card_added,
    check_partner_permission,
    check_pile_counts,
    check_pile_turn,
    check_second_meld,
    check_special_hand,
)
from referee.rules.rulings import check_meld, check_pickup
from tests.support.hands import codes, meld, score, side, variant

NATURAL = [r for r in Rank if r not in (Rank.JOKER, Rank.TWO, Rank.THREE)]


def american(**options: bool):
    return variant("american", **options)


# -- (a) a second meld of a rank ----------------------------------------------------------


@pytest.mark.parametrize(
    ("melds", "rank", "allowed", "rule"),
    [
        # cla-laws §Melding: one meld of each rank; more cards of it are added to it
        ((), Rank.FIVE, True, "meld.one-per-rank"),
        (("5 5 5 5",), Rank.FIVE, False, "meld.one-per-rank"),
        (("5 5 5 2",), Rank.FIVE, False, "meld.one-per-rank"),  # "one clean, one dirty": no
        (("K K K",), Rank.FIVE, True, "meld.one-per-rank"),
        # ... closed at seven, the rank is dead for the side
        (("K K K K K K K",), Rank.KING, False, "play.dead-rank"),
        (("K K K K K 2 2",), Rank.KING, False, "play.dead-rank"),
    ],
)
def test_a_side_has_one_meld_of_each_rank(melds, rank, allowed, rule):
    ruling = check_second_meld(american(), rank=rank, melds=[meld(m) for m in melds])
    assert (ruling.allowed, ruling.rule) == (allowed, rule)


@pytest.mark.parametrize(
    ("variant_id", "allowed"),
    [("classic", False), ("german", False), ("samba", True), ("hand-and-foot", True)],
)
def test_a_second_meld_of_a_rank_goes_by_the_book(variant_id, allowed):
    """Samba and hand and foot allow two melds of one rank; the classic and German books one."""
    ruling = check_second_meld(PRESETS[variant_id], rank=Rank.NINE, melds=[meld("9 9 9 9")])
    assert ruling.allowed is allowed
    assert ruling.rule == "meld.one-per-rank"


@given(
    variant_id=st.sampled_from(sorted(PRESETS)),
    rank=st.sampled_from(NATURAL),
    naturals=st.integers(min_value=3, max_value=7),
)
def test_a_second_meld_is_refused_exactly_where_the_scorer_refuses_two(variant_id, rank, naturals):
    """Differential: the ruling on a second meld against `referee score` on a hand holding
    both melds (its problem codes of two melds of one rank)."""
    v = PRESETS[variant_id]
    symbol = Card(rank).symbol()
    first = " ".join([symbol] * naturals)
    ruling = check_second_meld(v, rank=rank, melds=[meld(first)])
    both = score(v, side(first, " ".join([symbol] * 3)))
    refused = "second_meld_of_rank" in codes(both)
    assert ruling.allowed is not refused, codes(both)


# -- (b) the pile's cards toward the opening ------------------------------------------------


def test_neither_the_top_card_nor_the_rest_of_the_pile_counts_in_the_american_game():
    """cla-laws §Initial Meld: the cards from the hand alone must reach the minimum."""
    assert check_pile_counts(american(), top=True).allowed is False
    assert check_pile_counts(american(), top=False).allowed is False
    assert check_pile_counts(american(), top=True).rule == "opening.pile-top"


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_the_rest_of_the_pile_never_counts(variant_id):
    ruling = check_pile_counts(PRESETS[variant_id], top=False)
    assert (ruling.allowed, ruling.rule) == (False, "opening.pile-top")


@given(
    variant_id=st.sampled_from(sorted(PRESETS)),
    rank=st.sampled_from([r for r in NATURAL if r is not Rank.SEVEN]),
    score_=st.integers(min_value=0, max_value=4000),
)
def test_the_top_card_counts_exactly_where_the_opening_check_counts_it(variant_id, rank, score_):
    """Differential: the ruling against ``check_opening``'s points for the same meld made
    with the pile's top card and without it."""
    v = PRESETS[variant_id]
    symbol = Card(rank).symbol()
    hand_pair = meld(" ".join([symbol] * 3))
    with_top = check_opening(v, score_, [hand_pair], pile_top=Card(rank))
    alone = check_opening(v, score_, [hand_pair])
    counts = with_top.points != alone.points
    assert check_pile_counts(v, top=True).allowed is counts


# -- (c) asking the partner ---------------------------------------------------------------


def test_the_american_partner_may_be_asked_and_the_answer_binds():
    """pagat-american §Going Out: a player may ask once; the answer is binding."""
    must = check_partner_permission(american(), players=4, question="must_ask")
    binding = check_partner_permission(american(), players=4, question="binding")
    assert (must.allowed, must.rule) == (False, "going-out.partner")
    assert (binding.allowed, binding.rule) == (True, "going-out.partner")


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_asking_is_required_exactly_where_the_book_says_must(variant_id):
    v = PRESETS[variant_id]
    ruling = check_partner_permission(v, players=4, question="must_ask")
    assert ruling.allowed is (v.partner_permission == "must")


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_going_out_without_asking_is_the_must_asks_other_side(variant_id):
    # the same rule asked the other way round: allowed exactly where asking is not required
    v = PRESETS[variant_id]
    must = check_partner_permission(v, players=4, question="must_ask")
    skipped = check_partner_permission(v, players=4, question="without_asking")
    assert skipped.allowed is (not must.allowed)
    assert skipped.rule == must.rule == "going-out.partner"


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_going_out_after_the_partners_no_is_never_allowed(variant_id):
    # "yes, go out; no, play on": the answer binds wherever the partner may be asked
    ruling = check_partner_permission(PRESETS[variant_id], players=4, question="after_no")
    assert ruling is not None
    assert (ruling.allowed, ruling.rule) == (False, "going-out.partner")


def test_a_table_without_partners_has_no_one_to_ask():
    assert check_partner_permission(PRESETS["classic"], players=2, question="must_ask") is None
    assert check_partner_permission(PRESETS["classic"], players=3, question="binding") is None


def test_the_partner_question_must_be_one_it_knows():
    with pytest.raises(ValueError, match="must_ask"):
        check_partner_permission(american(), players=4, question="nod")
    assert PARTNER_QUESTIONS == ("must_ask", "binding", "without_asking", "after_no")


# -- (d) a special hand once the side has melded ------------------------------------------


@pytest.mark.parametrize(
    ("melded", "right_after", "courtesy", "allowed"),
    [
        (False, False, False, True),  # the side's first meld: pagat §Special Hands
        (True, False, False, False),  # the partner has melded: too late
        (True, True, False, False),  # ... even on the next turn, without the courtesy
        (True, True, True, True),  # honors-house §9: the courtesy, right after
        (True, False, True, False),  # ... and not later
    ],
)
def test_a_special_hand_is_the_sides_first_meld(melded, right_after, courtesy, allowed):
    v = american(special_hand_courtesy=courtesy)
    ruling = check_special_hand(v, side_melded=melded, right_after_partner=right_after)
    assert (ruling.allowed, ruling.rule) == (allowed, "going-out.special-hands")


@pytest.mark.parametrize("courtesy", [False, True])
@pytest.mark.parametrize("hand", ["straight", "pairs", "pairs_wild", "garbage"])
def test_a_special_hand_after_melding_is_ruled_as_the_scorer_scores_it(courtesy, hand):
    """Differential: the scorer refuses a special hand beside the side's melds exactly where
    the ruling (on the turn the house rule allows, if any) says no."""
    v = american(special_hand_courtesy=courtesy)
    result = score(v, side("K K K K", went_out=True, special_hand=hand))
    refused = "special_hand_after_melding" in codes(result)
    assert check_special_hand(v, side_melded=True, right_after_partner=True).allowed is not refused


def test_a_game_without_special_hands_does_not_say():
    assert check_special_hand(PRESETS["classic"], side_melded=True) is None


# -- (e) a card with no meld to join ----------------------------------------------------


def test_no_eighth_card_on_a_canasta_not_even_going_out():
    """cla-laws §Melding: at most seven cards; pagat's longer meld going out is not taken."""
    canasta = meld("K K K K K K K")
    for going_out in (False, True):
        ruling = check_card_added(
            american(), card=Card(Rank.KING), melds=[canasta], going_out=going_out
        )
        assert (ruling.allowed, ruling.rule) == (False, "meld.max-cards")


def test_a_card_with_no_meld_of_its_rank_joins_nothing():
    ruling = check_card_added(american(), card=Card(Rank.EIGHT), melds=[meld("K K K K")])
    assert (ruling.allowed, ruling.rule) == (False, "meld.min-cards")
    assert check_card_added(american(), card=Card(Rank.EIGHT), melds=[meld("8 8 8")]).allowed


@given(
    variant_id=st.sampled_from(sorted(PRESETS)),
    rank=st.sampled_from(NATURAL),
    naturals=st.integers(min_value=2, max_value=9),
    wilds=st.integers(min_value=0, max_value=2),
)
def test_a_card_joins_a_meld_exactly_where_the_grown_meld_is_legal(
    variant_id, rank, naturals, wilds
):
    """Differential: adding a card against the meld form's ruling on the meld it makes."""
    v = PRESETS[variant_id]
    cards = (Card(rank),) * naturals + (Card(Rank.TWO),) * wilds
    on_table = Meld(cards)
    if not check_meld(v, on_table).allowed:
        return  # a meld the table could not hold in the first place
    ruling = check_card_added(v, card=Card(rank), melds=[on_table])
    assert ruling.allowed is check_meld(v, Meld((*cards, Card(rank)))).allowed


def test_a_wild_card_is_the_wild_card_question():
    with pytest.raises(ValueError, match="natural"):
        check_card_added(american(), card=Card(Rank.JOKER), melds=[])


# -- (f) the pile on the first turn and past the turn card -----------------------------------


def test_the_american_pile_is_empty_on_the_first_turn():
    """cla-laws §Deal: no card is turned up; the first player draws from the stock."""
    ruling = check_pile_turn(american(), first_turn=True)
    assert (ruling.allowed, ruling.rule) == (False, "deal.upcard")


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_the_first_turn_is_ruled_as_the_pile_question_rules_it(variant_id):
    """Differential: where a card is turned up, the first turn's ruling against the pile
    question asked on the first round with a natural pair matching the top card."""
    v = PRESETS[variant_id]
    ruling = check_pile_turn(v, first_turn=True)
    if not v.upcard:
        assert ruling.allowed is False
        return
    pickup = check_pickup(
        v,
        top=Card(Rank.NINE),
        frozen=False,
        stopped=False,
        hand=parse_cards("9 9 9 9 K K K"),
        melds=[],
        score=0,
        first_round=True,
    )
    assert ruling.allowed is (pickup.rule != "pile.first-round"), pickup


def test_the_turn_card_leaves_the_pile_as_it_was():
    """honors-house §1, §5: the turn card changes the bonus cards and going out only."""
    ruling = check_pile_turn(american(), past_turn_card=True)
    assert (ruling.allowed, ruling.rule) == (True, "play.turn-card")


def test_a_book_without_a_turn_card_does_not_say():
    assert check_pile_turn(PRESETS["classic"], past_turn_card=True) is None
    assert check_pile_turn(PRESETS["classic"]) is None


@pytest.mark.parametrize("variant", ["american", "classic", "czech", "spanish"])
def test_a_last_discard_is_required_exactly_where_going_out_needs_one(variant):
    from referee.rules.moment_rulings import check_last_discard
    from referee.rules.rulings import check_going_out

    rules = PRESETS[variant]
    ruling = check_last_discard(rules)
    assert ruling.rule == "going-out.discard"
    assert ruling.rule in rules.rules
    # the going-out form's answer on a hand melded to its last card, canastas enough
    canastas = [Meld(parse_cards(f"{r} {r} {r} {r} {r} {r} {r}")) for r in ("K", "Q", "J", "A")]
    melded_all = check_going_out(rules, players=rules.default_players, melds=canastas, hand=())
    assert ruling.allowed is (not melded_all.allowed) is rules.going_out_needs_discard


@pytest.mark.parametrize("variant", ["american", "classic", "czech", "spanish"])
def test_going_out_melding_every_card_is_allowed_exactly_where_no_last_discard_is_needed(
    variant,
):
    from referee.rules.moment_rulings import check_last_discard, check_meld_every_card
    from referee.rules.rulings import check_going_out

    rules = PRESETS[variant]
    ruling = check_meld_every_card(rules)
    assert ruling.rule == check_last_discard(rules).rule == "going-out.discard"
    # the going-out form's answer on a hand melded to its last card, canastas enough
    canastas = [Meld(parse_cards(f"{r} {r} {r} {r} {r} {r} {r}")) for r in ("K", "Q", "J", "A")]
    melded_all = check_going_out(rules, players=rules.default_players, melds=canastas, hand=())
    assert ruling.allowed is melded_all.allowed is (not rules.going_out_needs_discard)


def test_red_threes_never_count_toward_the_opening_where_the_book_says_so():
    """classic and dutch (opening.minimum: "Red threes do not count"), american ("Threes do
    not count"), german (its own opening.red-threes), hand-and-foot (opening.canasta-bonus:
    "not book bonuses or red threes"): a No citing that rule; the other books say nothing of
    it, and get no ruling."""
    from referee.rules.moment_rulings import check_red_threes_toward_opening

    cited = {
        name: ruling.rule
        for name, rules in PRESETS.items()
        if (ruling := check_red_threes_toward_opening(rules)) is not None
        and ruling.allowed is False
    }
    assert cited == {
        "classic": "opening.minimum",
        "dutch": "opening.minimum",
        "american": "opening.minimum",
        "german": "opening.red-threes",
        "hand-and-foot": "opening.canasta-bonus",
    }
    for name, key in cited.items():
        assert "three" in PRESETS[name].rules[key].text.lower()
