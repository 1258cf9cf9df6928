"""What a hand scores told by its items (``referee/rules/hand_items.py``, issue 44): each kind
of canasta a game has is scored as that kind, each event a game scores as its own part, and
the parts add up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import PRESETS, CanastaKind, Meld, parse_cards
from referee.rules.hand import Hand, Side, score_hand
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
    if meld is not None:  # against a side without a canasta where its book says so
        against = table.no_canasta_scores_all_negative and not ruling.canastas
        assert ruling.breakdown["melds"] == (-meld if against else meld)
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


def _with_option(variant: str, option: str | None):
    table = PRESETS[variant]
    return table if option is None else table.with_options({option: True})


# The events only some games score, each told alone (with what it needs: going out for the
# first pickup and a special hand, the two canastas the fast Czech game goes out with), and
# the part of referee score's breakdown it makes, as the game's own numbers give it.
EVENTS = [
    ("dutch", "undeclared_red_three", {"undeclared_red_threes": 2}, "undeclared_red_threes",
     lambda v: -2 * v.undeclared_red_three_penalty),
    ("hand-and-foot", None, {"undeclared_red_threes": 1}, "undeclared_red_threes",
     lambda v: -v.undeclared_red_three_penalty),
    ("dutch", "acabar", {"other_acabar": True}, "acabar", lambda v: v.acabar_points),
    ("dutch", "acabar", {"acabar": True}, "acabar", lambda v: 0),
    ("spanish", None, {"exact_cut": True}, "exact_cut", lambda v: -v.exact_cut_bonus),
    ("spanish", None, {"exact_cut": True, "canastas": {CanastaKind.NATURAL: 1}}, "exact_cut",
     lambda v: v.exact_cut_bonus),
    ("spanish", "escalas", {"escalas": 1, "canastas": {CanastaKind.NATURAL: 1}}, "escalas",
     lambda v: v.escala_bonus),
    ("spanish", "escalas", {"escalas_real": 1, "canastas": {CanastaKind.NATURAL: 1}}, "escalas",
     lambda v: v.escala_real_bonus),
    ("czech-fast", None,
     {"first_pickup": True, "went_out": True, "canastas": {CanastaKind.NATURAL: 2}},
     "going_out", lambda v: v.first_pickup_going_out_bonus),
    ("american", None, {"held_sets": 2}, "held_in_hand", lambda v: -2 * v.held_penalty),
    ("american", None, {"penalties": 3}, "penalties", lambda v: -3 * v.penalty_points),
    ("american", None, {"special_hand": "straight", "went_out": True}, "special_hand",
     lambda v: v.special_hands["straight"]),
    ("american", None, {"unfinished": {CanastaKind.SEVENS: 1, CanastaKind.WILD_DEUCES: 1}},
     "unfinished", lambda v: -v.unfinished_penalty[CanastaKind.SEVENS]
     - v.unfinished_penalty[CanastaKind.WILD_DEUCES]),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "option", "told", "part", "points"), EVENTS)
def test_each_event_a_game_scores_is_its_own_part(variant, option, told, part, points):
    """dutch §De Rode Drie and §Uitgaan (house rules), hand and foot's red threes left,
    spanish §Corte and §Variaciones, czech fast's first pickup, american §Penalties and
    special hands: the item told makes its part of the figure, and nothing is refused."""
    table = _with_option(variant, option)
    ruling = check_hand_score(table, table.default_players, HandItems(**told))
    assert ruling.problems == ()
    assert ruling.breakdown[part] == points(table)
    assert ruling.points == sum(ruling.breakdown.values())


@pytest.mark.parametrize(
    ("variant", "told"),
    [
        ("classic", {"undeclared_red_threes": 1}),
        ("dutch", {"acabar": True}),  # a house rule the table has not switched on
        ("classic", {"exact_cut": True}),
        ("spanish", {"escalas": 1}),  # the escalas' house rule off
        ("classic", {"first_pickup": True, "went_out": True}),
        ("classic", {"held_sets": 1}),
        ("classic", {"penalties": 1}),
        ("classic", {"special_hand": "straight", "went_out": True}),
        ("classic", {"unfinished": {CanastaKind.SEVENS: 1}}),
    ],
)
def test_an_event_the_game_does_not_score_is_refused_not_scored(variant, told):
    table = PRESETS[variant]
    ruling = check_hand_score(table, table.default_players, HandItems(**told))
    assert not ruling.allowed
    assert "not_in_variant" in {p.code for p in ruling.problems}


@pytest.mark.parametrize("variant", ["american", "czech", "spanish", "classic"])
def test_melded_cards_count_as_referee_score_counts_them_without_a_canasta(variant):
    """The books whose side without a canasta loses its melded cards' points (american, czech,
    spanish: ``no_canasta_scores_all_negative``) and those where they count for it: the
    points told count as referee score counts a meld of those points (K K K: 30)."""
    table = PRESETS[variant]
    told = check_hand_score(table, table.default_players, HandItems(meld_points=30))
    side = Side("", (Meld(parse_cards("K K K")),), hand=())
    others = (Side("", hand=()),) * (table.sides_for(table.default_players) - 1)
    scored = score_hand(table, Hand(table.default_players, (side, *others))).sides[0]
    assert told.breakdown["melds"] == scored.breakdown["melds"]
    assert told.points == scored.total
