"""What a hand scores told by its items (``referee/rules/hand_items.py``, issue 44): each kind
of canasta a game has is scored as that kind, and the parts add up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import PRESETS, CanastaKind
from referee.rules.hand_items import HandItems, check_hand_score, score_items
from tests.support.profiles import examples

KINDS = [
    (name, players, kind)
    for name, v in PRESETS.items()
    for players in v.players
    for kind in v.canasta_bonus
]


@pytest.mark.parametrize(("variant", "players", "kind"), KINDS)
def test_every_kind_of_canasta_a_game_has_scores_as_that_kind(variant, players, kind):
    """Each book's table of canasta bonuses (canasta.kinds): one canasta of a kind, told by its
    kind alone, is a hand the packs hold and scores that kind's bonus."""
    scored = score_items(PRESETS[variant], players, HandItems({kind: 1}))
    assert scored.problems == ()
    assert [(c.kind, c.bonus) for c in scored.canastas] == [
        (kind, PRESETS[variant].canasta_bonus[kind])
    ]


@settings(max_examples=examples(200), deadline=None)
@given(
    variant=st.sampled_from(sorted(PRESETS)),
    data=st.data(),
    threes=st.integers(0, 6),
    out=st.booleans(),
    melded=st.booleans(),
    meld=st.none() | st.integers(0, 4000),
    hand=st.none() | st.integers(0, 2000),
)
def test_the_parts_add_up_and_the_cards_points_are_those_told(
    variant, data, threes, out, melded, meld, hand
):
    table = PRESETS[variant]
    kinds = sorted(table.canasta_bonus, key=lambda k: k.value)
    counts = data.draw(st.dictionaries(st.sampled_from(kinds), st.integers(0, 3)))
    items = HandItems(counts, threes, 0, out, False, melded, meld, hand)
    ruling = check_hand_score(table, table.default_players, items)
    assert ruling.points == sum(ruling.breakdown.values())
    assert ruling.allowed is (ruling.problems == ())
    assert ("melds" in ruling.breakdown) is (meld is not None)
    if meld is not None:
        assert ruling.breakdown["melds"] == meld
    if hand is not None:
        assert ruling.breakdown.get("hand", 0) == -hand
    assert ruling.rule in table.rules
    assert len(ruling.canastas) <= sum(counts.values())


def test_a_kind_the_game_has_not_is_a_problem_not_another_kind():
    """classic has no canasta of sevens: told one, it is said, never scored as a natural."""
    ruling = check_hand_score(PRESETS["classic"], 4, HandItems({CanastaKind.SEVENS: 1}))
    assert not ruling.allowed
    assert [p.code for p in ruling.problems] == ["not_in_variant"]
    assert ruling.canastas == ()


def test_counts_past_what_the_packs_make_are_refused_by_the_packs():
    """A count typed in the thousands: the packs' count refuses it (once per rank), as it
    refuses any hand no deal could give."""
    ruling = check_hand_score(
        PRESETS["classic"], 4, HandItems({CanastaKind.NATURAL: 100_000, CanastaKind.MIXED: 3})
    )
    assert not ruling.allowed
    assert ruling.rule == "deck.composition"
    assert ruling.reason.startswith("No such hand: there are ")
    assert {p.code for p in ruling.problems} >= {"deck_count"}
