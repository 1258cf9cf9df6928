"""Modern American Canasta: where the league's players read the books otherwise (issue 45).

The preset follows one reading and a house rule gives the league's (``cla-laws`` as its
players cite it): ``natural_aces_with_pile`` (a first meld taking the pile with an ace on top
keeps its aces natural; the preset follows ``wca-club`` §Aces and ``wikipedia-american``
§Melding Rules), ``lone_wild_after_opening`` (a first meld that keeps only wild cards to
discard goes back and costs 10) and ``splash`` (``pagat-american`` §Initial Meld: a natural
canasta opens whatever the count).  Each test shows the same case flip with the switch, and
on generated openings and hands that nothing else changes.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.match.contract import check_json
from referee.rules import Card, Hand, Meld, Rank, check_opening, classify, parse_cards, score_hand
from referee.rules.melds import MeldShape
from referee.rules.minimum import OPENING_SHORT
from referee.rules.rulings import check_bonus_cards, check_discard, check_pickup
from tests.support.hands import codes, score, side, variant
from tests.support.strategies import any_cards, random_hands

# The switch, the Variant field it sets and that field's value in the preset.
SWITCHES = [
    ("natural_aces_with_pile", "pile_top_natural_ranks", frozenset()),
    ("lone_wild_after_opening", "lone_wild_penalty", None),
    ("splash", "opening_natural_canasta", False),
]


def american(**options: bool):
    return variant("american", **options)


def cards(text):
    return parse_cards(text)


def card(text):
    (only,) = parse_cards(text)
    return only


def melds(*texts):
    return [Meld(parse_cards(text)) for text in texts]


def opening(v, **question):
    """The opening ruling for ``question`` (melds as notation, the rest as check_opening's)."""
    question = dict(question)
    question["melds"] = melds(*question.get("melds", ()))
    score = question.pop("score", 0)
    for key in ("pile_top",):
        if isinstance(question.get(key), str):
            question[key] = card(question[key])
    if isinstance(question.get("kept"), str):
        question["kept"] = cards(question["kept"])
    return check_opening(v, score, question.pop("melds"), **question)


# -- each switch sets its own value and nothing else -----------------------------------


@pytest.mark.parametrize(("name", "field", "preset_value"), SWITCHES)
def test_a_switch_sets_only_its_value(name, field, preset_value):
    off, on = american(), american(**{name: True})
    assert getattr(off, field) == preset_value
    assert getattr(on, field) != preset_value
    assert on._replace(**{field: preset_value}) == off
    assert american(**{name: False}) == off  # off is the preset's reading


# -- (a) an ace on the pile, opening with mixed aces --------------------------------------


def test_natural_aces_with_pile_flips_a_mixed_ace_opening_with_the_pile():
    # wca-club §Aces, wikipedia-american §Melding Rules: aces take a wild card in the first
    # meld.  A A 2 from the hand with the top ace: 20 + 20 + 20 (the top ace not counted),
    # K K K K: 40, 9 9 9 9: 40 -- 140 of 125.
    case = {"melds": ("A A 2", "K K K K", "9 9 9 9"), "pile_top": "A"}
    off = opening(american(), **case)
    assert (off.allowed, off.rule, off.points) == (True, "opening.minimum", 140)
    # cla-laws §Initial Meld, as the league's players cite it: the aces stay natural.
    on = opening(american(natural_aces_with_pile=True), **case)
    assert (on.allowed, on.rule) == (False, "opening.pile-natural")
    assert "natural" in on.reason
    assert "aces" in on.reason


def test_natural_aces_with_pile_keeps_what_it_does_not_touch():
    on = american(natural_aces_with_pile=True)
    # Natural aces with the pile, mixed aces without it, another rank's top card: allowed.
    for case in (
        {"melds": ("A A A", "K K K K", "9 9 9 9"), "pile_top": "A"},
        {"melds": ("A A 2", "K K K K", "9 9 9 9")},
        {"melds": ("K K 2", "A A A", "9 9 9 9"), "pile_top": "K"},
    ):
        assert opening(on, **case) == opening(american(), **case), case
        assert opening(on, **case).allowed, case


# -- (b) a lone wild card after the first meld --------------------------------------------


def test_lone_wild_after_opening_flips_an_opening_that_keeps_only_a_wild_card():
    case = {"melds": ("A A A", "K K K K", "9 9 9 9"), "kept": "X"}
    # cla-laws §The Pack as the preset reads it: the lone wild card is discarded.
    off = opening(american(), **case)
    assert (off.allowed, off.rule) == (True, "opening.minimum")
    assert check_discard(american(), card=card("X"), hand=cards("X")).allowed
    # cla-laws §Penalties, as the league's players cite it: the melds go back, 10 points.
    on = opening(american(lone_wild_after_opening=True), **case)
    assert (on.allowed, on.rule, on.points, on.minimum) == (
        False,
        "opening.lone-wild",
        off.points,
        off.minimum,
    )
    assert "10" in on.reason


@pytest.mark.parametrize(
    ("kept", "going_out"),
    [
        ("X 5", False),  # a natural card to discard
        ("5", False),
        (None, False),  # the question does not say what is kept
        ("X", True),  # going out: the wild card is the last discard
    ],
)
def test_lone_wild_after_opening_keeps_what_it_does_not_touch(kept, going_out):
    case = {"melds": ("A A A", "K K K K", "9 9 9 9"), "kept": kept, "going_out": going_out}
    on = opening(american(lone_wild_after_opening=True), **case)
    assert on == opening(american(), **case)


def test_referee_check_takes_the_cards_kept():
    question = {
        "variant": "american",
        "question": "opening",
        "melds": ["A A A", "K K K K", "9 9 9 9"],
        "hand": "X",
    }
    off = check_json(question)
    assert off["allowed"] is True
    on = check_json({**question, "options": {"lone_wild_after_opening": True}})
    assert on["allowed"] is False
    assert on["rule"]["id"].endswith("opening.lone-wild")


# -- (d) the splash --------------------------------------------------------------------------


def test_splash_flips_a_natural_canasta_short_of_the_count():
    # Seven fives: 35 of the 125 needed.
    case = {"melds": ("5 5 5 5 5 5 5",)}
    off = opening(american(), **case)
    assert (off.allowed, off.rule, off.points) == (False, "opening.minimum", 35)
    # pagat-american §Initial Meld: the splash opens whatever the count.
    on = opening(american(splash=True), **case)
    assert (on.allowed, on.rule, on.points) == (True, "opening.splash", 35)


@pytest.mark.parametrize(
    "case",
    [
        {"melds": ("5 5 5 5 5 2 2",)},  # a mixed canasta is not a splash
        {"melds": ("2 2 2 X X X 2",)},  # nor a wild one
        {"melds": ("5 5 5 5 5 5",)},  # nor six cards
        {"melds": ("5 5 5 5 5 5",), "pile_top": "5"},  # nor a canasta the pile's top card makes
    ],
)
def test_splash_keeps_what_it_does_not_touch(case):
    assert opening(american(splash=True), **case) == opening(american(), **case)


def test_splash_at_the_end_of_a_hand():
    # A side that opened with seven fives (35 points) and melded nothing more: short of the
    # 125 in the preset, legal with the splash (the score form checks the opening too).
    splashed = side("5 5 5 5 5 5 5", "A A A A A A A", went_out=True)  # 175 points
    short = side("5 5 5 5 5 5 5")
    assert OPENING_SHORT in codes(score("american", short, opening=True))
    assert OPENING_SHORT not in codes(score("american", short, opening=True, splash=True))
    # Melds worth less than seven of the cheapest natural card hold no natural canasta.
    assert OPENING_SHORT in codes(score("american", side("4 4 4"), opening=True, splash=True))
    on = score("american", splashed, opening=True, splash=True)
    assert on == score("american", splashed, opening=True)


# -- generated: the other reading changes only what it should -------------------------------

MELD_CARDS = st.lists(
    st.sampled_from(["A", "K", "9", "7", "5", "2", "X"]), min_size=1, max_size=8
).map(" ".join)
OPENINGS = st.fixed_dictionaries(
    {
        "melds": st.lists(MELD_CARDS, min_size=1, max_size=3).map(tuple),
        "score": st.sampled_from([-50, 0, 3000, 5000]),
        "going_out": st.booleans(),
    },
    optional={
        "pile_top": st.sampled_from(["A", "K", "9", "5", "2"]),
        "kept": st.lists(st.sampled_from(["X", "2", "5", "K"]), max_size=3).map(" ".join),
    },
)


def _natural_canasta_from_hand(case) -> bool:
    v = american()
    return any(
        (info := classify(v, meld)).canasta is not None
        and info.shape is MeldShape.RANK
        and info.wilds == 0
        for meld in melds(*case["melds"])
    )


@given(OPENINGS)
def test_natural_aces_with_pile_only_refuses_mixed_aces_under_an_ace(case):
    off, on = opening(american(), **case), opening(american(natural_aces_with_pile=True), **case)
    if on != off:
        assert (on.allowed, on.rule) == (False, "opening.pile-natural")
        assert case.get("pile_top") == "A"
        assert any(
            "A" in m.split() and ("2" in m.split() or "X" in m.split()) for m in case["melds"]
        )
    assert on.allowed <= off.allowed


@given(OPENINGS)
def test_lone_wild_after_opening_only_refuses_an_opening_keeping_only_wild_cards(case):
    off, on = opening(american(), **case), opening(american(lone_wild_after_opening=True), **case)
    kept = cards(case.get("kept", ""))
    only_wild = bool(kept) and all(c.is_wild for c in kept) and not case["going_out"]
    if only_wild and off.allowed:
        assert (on.allowed, on.rule) == (False, "opening.lone-wild")
        assert (on.points, on.minimum) == (off.points, off.minimum)
    else:
        assert on == off


@given(OPENINGS)
def test_splash_only_opens_with_a_natural_canasta(case):
    off, on = opening(american(), **case), opening(american(splash=True), **case)
    assert (on.points, on.minimum) == (off.points, off.minimum)
    if on != off:
        assert (on.allowed, on.rule) == (True, "opening.splash")
        assert _natural_canasta_from_hand(case)
    assert on.allowed >= off.allowed


@pytest.mark.parametrize(("name", "field", "preset_value"), SWITCHES)
@given(hand=random_hands(), pile=st.lists(any_cards, min_size=1, max_size=4))
def test_no_switch_changes_a_score_a_pickup_a_discard_or_the_bonus_cards(
    name, field, preset_value, hand, pile
):
    """The three readings are the opening's: a hand's score, the pile, the discard and the
    bonus cards rule the same with the switch on or off."""
    _, drawn = hand
    off, on = american(), american(**{name: True})
    played = Hand(4, drawn.sides[:2])
    if name == "splash":
        # The splash forgives an end-of-hand opening check, and nothing else.
        scored_on, scored_off = _scored(on, played), _scored(off, played)
        if not isinstance(scored_on, str):
            short_on = [p for p in scored_on.problems if p.code == OPENING_SHORT]
            short_off = [p for p in scored_off.problems if p.code == OPENING_SHORT]
            assert all(problem in short_off for problem in short_on)
            scored_on, scored_off = _without_short(scored_on), _without_short(scored_off)
        assert scored_on == scored_off
    else:
        assert _scored(on, played) == _scored(off, played)
    held: list[Card] = [c for side in drawn.sides for c in (side.hand or ())][:8]
    top = pile[-1]
    side_melds = drawn.sides[0].melds
    for frozen in (False, True):
        args = {"top": top, "frozen": frozen, "stopped": False, "hand": held, "melds": side_melds}
        assert check_pickup(on, **args) == check_pickup(off, **args)
    for discard in held[:3]:
        for empty in (False, True):
            args = {"card": discard, "hand": held, "pile_empty": empty}
            assert check_discard(on, **args) == check_discard(off, **args)
    for took in (False, True):
        assert check_bonus_cards(on, first_side=True, took_pile=took) == check_bonus_cards(
            off, first_side=True, took_pile=took
        )


def _without_short(result):
    return result._replace(problems=tuple(p for p in result.problems if p.code != OPENING_SHORT))


def _scored(v, hand):
    try:
        return score_hand(v, hand)
    except ValueError as error:  # a hand the core refuses: refused alike
        return repr(error)


def test_the_jokers_are_wild_in_these_tables():
    # Guard the generated tests: "X" is a joker, "2" a two; both are wild here.
    assert all(c.is_wild for c in cards("X 2"))
    assert not card("A").is_wild
    assert card("A").rank is Rank.ACE


@pytest.mark.parametrize(
    ("option", "key", "names"),
    [
        ("special_hand_courtesy", "going-out.special-hands", "house rule of courtesy"),
        ("bonus_cards_with_pile", "play.bonus-cards", "house rule of bonus cards with the pile"),
        ("natural_aces_with_pile", "opening.pile-natural", "house rule of natural aces under"),
        ("lone_wild_after_opening", "opening.lone-wild", "house rule of no lone wild card"),
        ("splash", "opening.splash", "house rule of the splash"),
    ],
)
def test_the_rules_page_names_the_house_rule_of_each_other_reading(option, key, names):
    """The catalogue rule (the rules page shows it) states the preset's reading and names the
    house rule that gives the other; the house rule exists and is off by default."""
    preset = american()
    assert names in preset.rules[key].text
    (switch,) = [o for o in preset.options if o.name == option]
    assert switch.default is False
    label = switch.help.split(":")[0].lower()
    assert names.split("house rule of ")[1] in f"{label} {option.replace('_', ' ')}"
