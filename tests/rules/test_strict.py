"""A rules snapshot read strictly: every preset passes, a damaged one is refused naming the
field (the snapshot of an imported file, or one an older version stored without asking)."""

from __future__ import annotations

import copy
import json

import pytest

from referee.rules import PRESETS
from referee.rules.snapshot import SnapshotError, variant_to_dict
from referee.rules.strict import strict_variant


def _snapshot(preset: str = "classic") -> dict:
    return json.loads(json.dumps(variant_to_dict(PRESETS[preset])))  # as a file gives it back


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_with_every_house_rule_either_way_passes(preset):
    data = _snapshot(preset)
    assert strict_variant(data, {}) == PRESETS[preset]
    for option in PRESETS[preset].options:
        for state in (True, False):
            chosen = {option.name: state}
            assert strict_variant(data, chosen) == PRESETS[preset].with_options(chosen)


@pytest.mark.parametrize(
    ("damage", "field"),
    [
        (lambda d: d.update(opening_table=[]), "opening_table: must be a list of 1 to 12"),
        (lambda d: d.update(opening_table=[[0, 50], [0, 90]]), "opening_table[1]"),
        (lambda d: d.update(failed_opening_step=None), "failed_opening_step: must be a whole"),
        (lambda d: d.update(going_out_bonus=10**30), "going_out_bonus: must be from 0 to"),
        (lambda d: d.update(min_meld_cards="3"), "min_meld_cards: must be a whole number"),
        (lambda d: d.update(pile_freezing="yes"), "pile_freezing: must be true or false"),
        (lambda d: d.update(partner_permission="always"), "partner_permission"),
        (lambda d: d["card_points"].update(K=float("inf")), "unreadable"),
        (lambda d: d["card_points"].pop("K"), "card_points: must give every rank"),
        (lambda d: d.update(players=[]), "players: must be numbers of players"),
        (lambda d: d.update(players=[4, 9]), "players: must be numbers of players"),
        (lambda d: d.update(default_players=5), "default_players: must be one of players"),
        (lambda d: d.update(name=["Classic"]), "name: must be text"),
        (lambda d: d.update(rules={"x": {"text": 5, "source": "", "quote": ""}}), "rules.x.text"),
        (lambda d: d.update(opening_by_round=[10**30]), "opening_by_round"),
        (lambda d: d.update(min_natural=5), "min_natural: a meld cannot need more natural"),
    ],
)
def test_a_damaged_snapshot_is_refused_naming_the_field(damage, field):
    data = _snapshot()
    damage(data)
    with pytest.raises(SnapshotError) as refused:
        strict_variant(data, {})
    assert field in str(refused.value)


def test_a_house_rule_that_switches_to_an_impossible_value_is_refused():
    data = _snapshot("czech-fast")
    assert data["options"], "czech-fast has house rules"
    broken = copy.deepcopy(data)
    option = broken["options"][0]
    option["on"] = {**option["on"], "going_out_bonus": -5}
    option["off"] = {**option["off"], "going_out_bonus": -5}
    with pytest.raises(SnapshotError, match="going_out_bonus"):
        strict_variant(broken, {})
    unknown = copy.deepcopy(data)
    unknown["options"][0]["on"] = {"no_such_field": 1}
    with pytest.raises(SnapshotError, match="must name fields of a variant"):
        strict_variant(unknown, {})
    with pytest.raises(SnapshotError, match="options"):
        strict_variant(data, {"no such rule": True})
