"""A variant survives the round trip through JSON, house rules included."""

from __future__ import annotations

import json

import pytest

from referee.rules import PRESETS, Vocabulary
from referee.rules.snapshot import SnapshotError, variant_from_dict, variant_to_dict


@pytest.mark.parametrize("variant", PRESETS.values(), ids=list(PRESETS))
def test_round_trip_through_json(variant):
    again = variant_from_dict(json.loads(json.dumps(variant_to_dict(variant))))
    assert again == variant
    for option in variant.options:
        choice = {option.name: not option.default}
        assert again.with_options(choice) == variant.with_options(choice)


def test_an_unreadable_snapshot_says_so():
    with pytest.raises(SnapshotError):
        variant_from_dict({"snapshot_version": 99})
    data = variant_to_dict(PRESETS["classic"])
    del data["card_points"]
    with pytest.raises(SnapshotError):
        variant_from_dict(data)


@pytest.mark.parametrize(
    ("preset", "vocabulary"),
    [("hand-and-foot", Vocabulary.BOOKS), ("bolivia", Vocabulary.BOLIVIA), ("classic", None)],
)
def test_a_snapshot_from_before_the_words_takes_its_presets(preset, vocabulary):
    # A match stored before the games had words of their own still says books, an escalera;
    # a snapshot of no preset (an imported file's own rules) says canastas.
    data = variant_to_dict(PRESETS[preset])
    del data["vocabulary"]
    if vocabulary is None:
        data["id"] = "friday-rules"
    assert variant_from_dict(data).vocabulary is (vocabulary or Vocabulary.CANASTA)
    data["vocabulary"] = "gibberish"
    with pytest.raises(SnapshotError):
        variant_from_dict(data)


@pytest.mark.parametrize(("preset", "upcard"), [("american", False), ("classic", True)])
def test_a_snapshot_from_before_the_upcard_takes_its_presets(preset, upcard):
    """cla-laws §Deal: an American match stored before ``upcard`` still starts its pile
    empty (the referee's first-turn ruling at that match's table); no score changes by it."""
    data = variant_to_dict(PRESETS[preset])
    del data["upcard"]
    assert variant_from_dict(data).upcard is upcard
    data["id"] = "friday-rules"  # a snapshot of no preset: the default, a card turned up
    assert variant_from_dict(data).upcard is True


@pytest.mark.parametrize(("preset", "drawn"), [("samba", 2), ("american", 1)])
def test_a_snapshot_from_before_the_draw_takes_its_presets(preset, drawn):
    """A samba match stored before ``cards_drawn`` still draws two a turn (the referee's
    answer at that match's table); no score changes by it."""
    data = variant_to_dict(PRESETS[preset])
    del data["cards_drawn"]
    assert variant_from_dict(data).cards_drawn == drawn
    data["id"] = "friday-rules"  # a snapshot of no preset: the default, one card
    assert variant_from_dict(data).cards_drawn == 1


# The values of play no table changes, read strictly from an imported file: each of the wrong
# kind or out of bounds is refused, naming it (a fuzzed file's "penalty_points": "text" was
# accepted, and the match's score sheet then failed to print)
_BAD_PLAY_VALUES = [
    ("penalty_points", "text"),
    ("penalty_points", -5),
    ("turn_card", "x"),
    ("turn_card", 10**12),
    ("rule_of_five", -3),
    ("lone_wild_penalty", True),
    ("upcard", "yes"),
    ("special_hand_after_partner", 1),
    ("bonus_cards_with_pile", None),
    ("wild_discard_last", "no"),
    ("opening_natural_canasta", None),
]


@pytest.mark.parametrize("preset", ["classic", "american"])
@pytest.mark.parametrize(("field", "value"), _BAD_PLAY_VALUES)
def test_a_value_of_play_of_the_wrong_kind_is_refused_naming_it(preset, field, value):
    from referee.rules.strict import strict_variant

    data = variant_to_dict(PRESETS[preset])
    strict_variant(data, {})  # the preset's own passes
    data[field] = value
    with pytest.raises(SnapshotError, match=f"^{field}:"):
        strict_variant(data, {})


def test_a_house_rule_that_switches_a_value_of_play_to_junk_is_refused():
    from referee.rules.strict import strict_variant

    data = variant_to_dict(PRESETS["american"])
    data["options"][0]["on"] = {"penalty_points": "ten"}
    with pytest.raises(SnapshotError, match="^penalty_points:"):
        strict_variant(data, {})
