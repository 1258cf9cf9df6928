"""`referee check`'s questions on six moments of a hand (issue 44): each answered by the core
function of referee/rules/moment_rulings.py, as JSON; the book's silence as ``covered`` false
with a null verdict and rule; a malformed question exits 2."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.match.contract import check_json
from referee.rules import PRESETS, Card, MalformedInput, Rank, parse_cards
from referee.rules.melds import Meld
from referee.rules.moment_rulings import (
    check_card_added,
    check_partner_permission,
    check_pile_counts,
    check_pile_turn,
    check_second_meld,
    check_special_hand,
)

VARIANTS = sorted(PRESETS)
NATURAL = [r for r in Rank if r not in (Rank.JOKER, Rank.TWO, Rank.THREE)]
MELDS = ["K K K", "K K K K K K K", "5 5 5 2", "A A A A A 2 2", "9 9 9 9"]


def _same(answer: dict, variant: str, core) -> None:
    """The JSON says what the core function said, or the book's silence."""
    if core is None:
        assert answer == {
            "allowed": None,
            "reason": "This rulebook does not say.",
            "rule": None,
            "covered": False,
        }
        return
    assert answer["covered"] is True
    assert answer["allowed"] is core.allowed
    assert answer["reason"] == core.reason
    assert answer["rule"]["id"] == f"{variant}.{core.rule}"


@given(
    variant=st.sampled_from(VARIANTS),
    rank=st.sampled_from(NATURAL),
    melds=st.lists(st.sampled_from(MELDS), max_size=2, unique=True),
)
def test_second_meld_and_card_added_answer_as_the_core(variant, rank, melds):
    symbol = Card(rank).symbol()
    read = [Meld(parse_cards(m)) for m in melds]
    asked = {"variant": variant, "rank": symbol, "melds": melds}
    _same(
        check_json({**asked, "question": "second_meld"}),
        variant,
        check_second_meld(PRESETS[variant], rank=rank, melds=read),
    )
    added = {"variant": variant, "question": "card_added", "card": symbol, "melds": melds}
    _same(
        check_json({**added, "going_out": True}),
        variant,
        check_card_added(PRESETS[variant], card=Card(rank), melds=read, going_out=True),
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_moments_answer_as_the_core_at_every_table(variant):
    v = PRESETS[variant]
    for top in (True, False):
        asked = {"variant": variant, "question": "pile_counts", "top": top}
        _same(check_json(asked), variant, check_pile_counts(v, top=top))
    for ask in ("must_ask", "binding", "without_asking", "after_no"):
        asked = {"variant": variant, "question": "partner", "ask": ask}
        core = check_partner_permission(v, players=v.default_players, question=ask)
        _same(check_json(asked), variant, core)
    for melded, after in ((False, False), (True, False), (True, True)):
        asked = {
            "variant": variant,
            "question": "special_hand",
            "side_melded": melded,
            "right_after_partner": after,
        }
        core = check_special_hand(v, side_melded=melded, right_after_partner=after)
        _same(check_json(asked), variant, core)
    for moment in ("first_turn", "past_turn_card"):
        asked = {"variant": variant, "question": "pile_turn", moment: True}
        _same(check_json(asked), variant, check_pile_turn(v, **{moment: True}))


def test_the_american_answers():
    """cla-laws §Melding, §Initial Meld, §Deal; pagat-american §Going Out."""

    def asked(question, **fields):
        return check_json({"variant": "american", "question": question, **fields})

    assert asked("second_meld", rank="5", melds=["5 5 5 2"])["allowed"] is False
    assert asked("pile_counts")["allowed"] is False
    assert asked("partner", ask="must_ask")["allowed"] is False
    assert asked("partner", ask="binding")["allowed"] is True
    assert asked("partner", ask="without_asking")["allowed"] is True
    assert asked("partner", ask="after_no")["allowed"] is False
    assert asked("special_hand", side_melded=True)["allowed"] is False
    eighth = asked("card_added", card="K", melds=["K K K K K K K"], going_out=True)
    assert eighth["rule"]["id"] == "american.meld.max-cards"
    assert asked("pile_turn", first_turn=True)["rule"]["id"] == "american.deal.upcard"


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ({"question": "second_meld"}, "rank is required"),
        ({"question": "second_meld", "rank": "X"}, "natural rank"),
        ({"question": "card_added"}, "card is required"),
        ({"question": "card_added", "card": "2"}, "natural rank"),
        ({"question": "partner", "ask": "nod"}, "ask must be one of"),
        ({"question": "pile_counts", "top": "yes"}, "top"),
        ({"question": "pile_turn"}, "first_turn or past_turn_card"),
        ({"question": "pile_frozen", "wild_in": "yes"}, "wild_in must be true or false"),
        ({"question": "canasta_kind", "kind": "red"}, "kind must be one of"),
    ],
)
def test_a_malformed_moment_question_says_what_is_wrong(question, words):
    with pytest.raises(MalformedInput, match=words):
        check_json({"variant": "american", **question})


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_last_discard_and_red_threes_toward_the_opening_answer_as_the_core(variant):
    """The questions `referee ask` rules on since 2026-11-29 ("do you have to discard to go
    out?", "can you go out without discarding?", "do red threes count toward the opening?"),
    asked of `referee check` too."""
    from referee.rules.moment_rulings import (
        check_last_discard,
        check_meld_every_card,
        check_red_threes_toward_opening,
    )

    rules = PRESETS[variant]
    last = check_json({"variant": variant, "question": "last_discard"})
    _same(last, variant, check_last_discard(rules))
    assert last["allowed"] is rules.going_out_needs_discard
    every = check_json({"variant": variant, "question": "meld_every_card"})
    _same(every, variant, check_meld_every_card(rules))
    assert every["allowed"] is (not rules.going_out_needs_discard)
    threes = check_json({"variant": variant, "question": "red_threes_opening"})
    _same(threes, variant, check_red_threes_toward_opening(rules))
    assert threes["allowed"] in (False, None)  # never a yes: a red three is never melded


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_card_on_the_other_sides_meld_answers_as_the_core(variant):
    """May a player lay off a card on the other side's meld (`referee check`'s
    ``opponents_meld``, 2026-11-29 late): no in every book, citing how its partners meld."""
    from referee.rules.moment_rulings import check_opponents_meld

    answer = check_json({"variant": variant, "question": "opponents_meld"})
    _same(answer, variant, check_opponents_meld(PRESETS[variant]))
    assert answer["allowed"] is False
    assert answer["rule"]["id"] == f"{variant}.play.partners"


@pytest.mark.parametrize("variant", VARIANTS)
def test_going_out_concealed_answers_as_the_core(variant):
    """May a player go out concealed (`referee check`'s ``concealed``, 2026-11-29): yes where
    the book scores it (its bonus named), no where it has none (spanish, hand-and-foot)."""
    from referee.rules.moment_rulings import check_concealed_going_out

    rules = PRESETS[variant]
    answer = check_json({"variant": variant, "question": "concealed"})
    _same(answer, variant, check_concealed_going_out(rules))
    assert answer["allowed"] is (rules.concealed_going_out_bonus is not None)
    if answer["allowed"]:
        assert str(rules.concealed_going_out_bonus) in answer["reason"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_whether_the_pile_is_frozen_answers_as_the_core(variant):
    """ "Is the pile frozen?" (2026-11-30), asked of `referee check`: a wild card in it or not,
    the side melded or not (untold: no wild card, melded) -- each answered as the core does."""
    from referee.rules.moment_rulings import check_pile_frozen

    for wild_in in (True, False, None):
        for opened in (True, False, None):
            asked = {"variant": variant, "question": "pile_frozen"}
            asked |= {k: v for k, v in (("wild_in", wild_in), ("opened", opened)) if v is not None}
            core = check_pile_frozen(
                PRESETS[variant],
                wild_in=bool(wild_in),
                opened=True if opened is None else opened,
            )
            _same(check_json(asked), variant, core)


def test_the_pile_is_frozen_always_in_the_american_game_and_by_a_wild_card_in_classic():
    """cla-laws §The Pack (the pile is always frozen); the classic book: a wild card in the
    pile freezes it, and it is frozen for a side that has not melded."""

    def asked(variant, **fields):
        return check_json({"variant": variant, "question": "pile_frozen", **fields})

    for fields in ({}, {"wild_in": False, "opened": True}):
        found = asked("american", **fields)
        assert found["allowed"] is True
        assert found["rule"]["id"] == "american.pile.frozen"
    assert asked("classic", wild_in=True)["allowed"] is True
    assert asked("classic", opened=False)["rule"]["id"] == "classic.pile.unopened"
    assert asked("classic", wild_in=False, opened=True)["allowed"] is False
    assert asked("classic")["allowed"] is False  # no wild card, melded: as untold


@pytest.mark.parametrize("variant", VARIANTS)
def test_how_many_wild_cards_a_meld_holds_answers_as_the_core(variant):
    """ "How many wild cards can a meld hold?" (2026-11-30), asked of `referee check`: the
    book's most, ``most``, as the core's ``wild_cards_allowed`` gives it."""
    from referee.rules.moment_rulings import wild_cards_allowed

    core = wild_cards_allowed(PRESETS[variant])
    found = check_json({"variant": variant, "question": "wild_cards"})
    _same({k: v for k, v in found.items() if k != "most"}, variant, core)
    assert found["most"] == (core.points if core is not None else None)
    assert found["most"] in (None, PRESETS[variant].max_wild)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_kind_of_canasta_going_out_needs_answers_as_the_core(variant):
    """ "Do you need a natural canasta to go out?", "... go out without one?" (2026-11-30),
    asked of `referee check`: each kind, both ways, as the core's
    ``check_canasta_kind_needed`` answers."""
    from referee.rules.moment_rulings import check_canasta_kind_needed
    from referee.rules.variant import CanastaKind

    v = PRESETS[variant]
    kinds = {"natural": CanastaKind.NATURAL, "mixed": CanastaKind.MIXED, "wild": CanastaKind.WILD}
    for name in ("natural", "mixed", "wild", "special"):
        for without in (False, True):
            asked = {"variant": variant, "question": "canasta_kind", "kind": name}
            core = check_canasta_kind_needed(
                v, kind=kinds.get(name), players=v.default_players, without=without
            )
            _same(check_json({**asked, "without": without}), variant, core)


def test_the_american_game_needs_no_kind_of_canasta_to_go_out():
    """cla-laws §Going Out: two canastas, of any kind."""
    found = check_json({"variant": "american", "question": "canasta_kind", "kind": "natural"})
    assert found["allowed"] is False
    without = {"variant": "american", "question": "canasta_kind", "kind": "wild", "without": True}
    assert check_json(without)["allowed"] is True
