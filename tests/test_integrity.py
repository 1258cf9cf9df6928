"""A match's data checked as strictly as typing it: each hand's entry, the names, the target,
the paper totals; what a newer version keeps with a hand is left alone."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

from referee.match.integrity import DamagedMatch, check_entry, check_hands, check_match
from referee.match.ledger import HandRecord
from referee.rules.problems import Text
from tests.support import sample

PART = Text("hand %(n)s", {"n": 3})
QUICK = {
    "mode": "quick",
    "sides": [
        {"canastas": {"natural": 1, "mixed": 0}, "red_threes": 1, "went_out": True,
         "concealed": False, "meld_points": 230, "hand_points": 0,
         "meld_cards": {"50": 1, "10": 4}, "unfinished": {"natural": 0}},
        {"canastas": {}, "red_threes": 0, "went_out": False, "meld_points": 0,
         "hand_points": 45},
    ],
}  # fmt: skip


def _refused(entry, sides: int = 2) -> str:
    with pytest.raises(DamagedMatch) as refused:
        check_entry(entry, sides, PART)
    return str(refused.value)


@pytest.mark.parametrize("entry", [*sample.entries(5), QUICK])
def test_entries_the_forms_write_pass(entry):
    check_entry(entry, 2, PART)


def test_keys_a_newer_version_keeps_are_left_alone():
    entry = {**sample.entries(1)[0], "disputed": True, "problems": [{"code": "x"}]}
    entry["sides"] = [{**side, "checked_by": ["a"]} for side in entry["sides"]]
    check_entry(entry, 2, PART)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: e.update(sides="North"), "hand 3: sides must be a list of 2 sides"),
        (lambda e: e["sides"].pop(), "hand 3: sides must be a list of 2 sides"),
        (lambda e: e["sides"].__setitem__(1, "South"), "hand 3, side 2: a side must be an"),
        (lambda e: e["sides"][1].update(melds=["K K K"]), "hand 3, side 2: melds must be text"),
        (lambda e: e["sides"][0].update(red_threes=9), "red_threes must be from 0 to 8"),
        (lambda e: e["sides"][0].update(red_threes=True), "red_threes must be a whole number"),
        (lambda e: e["sides"][0].update(went_out="yes"), "went_out must be true or false"),
        (lambda e: e["sides"][0].update(hand="K" * 501), "hand is longer than 500 characters"),
        (lambda e: e["sides"][0].update(hand_points=-5), "hand_points must be from 0 to 5000"),
        (lambda e: e.update(mode="fast"), "hand 3: mode must be detailed or quick"),
        (lambda e: e.update(note="x" * 201), "note is longer than 200 characters"),
        (lambda e: e.update(note="\x1b[2J"), "note holds a control character"),
    ],
)
def test_a_damaged_detailed_entry_is_refused_naming_hand_side_and_field(change, message):
    entry = copy.deepcopy(sample.entries(1)[0])
    change(entry)
    assert message in _refused(entry)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: e["sides"][0].update(canastas={"golden": 1}), "canastas holds an unknown key"),
        (lambda e: e["sides"][0].update(canastas={"natural": 21}), "canastas.natural must be"),
        (lambda e: e["sides"][0].update(canastas=[1]), "canastas must be an object"),
        (lambda e: e["sides"][0].update(meld_cards={"²": 1}), "meld_cards holds an unknown key"),
        (lambda e: e["sides"][1].update(meld_points=10**30), "side 2: meld_points must be from"),
    ],
)
def test_a_damaged_quick_entry_is_refused(change, message):
    entry = copy.deepcopy(QUICK)
    change(entry)
    assert message in _refused(entry)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "x" * 61}, "the match: name is longer than 60 characters"),
        ({"side_names": ("A", "A")}, "each side needs a name of its own"),
        ({"side_names": ("A",)}, "side_names must hold 2 names"),
        ({"player_names": ("a", "b", "c", "d\x00")}, "player_names holds a control character"),
        ({"target": 2**70}, "target must be from 0 to 1000000"),
        ({"players": 5}, "these rules are not played by 5 players"),
        ({"seating": (0, 0, 1, 2)}, "the seating must name each player once"),
        ({"first_dealer": 4}, "first_dealer must be from 0 to 3"),
        ({"carried_totals": (10**30, 0), "carried_hands": 2}, "carried_over.totals must be"),
        ({"carried_totals": (5,), "carried_hands": 2}, "carried_over must give 2 totals"),
        ({"overrides": {"going_out_bonus": -1}}, "the table's own rules: rules.going_out_bonus"),
        ({"snapshot": {}}, "the rules of the match: unknown snapshot version"),
    ],
)
def test_a_damaged_match_is_refused_naming_the_part(change, message):
    with pytest.raises(DamagedMatch) as refused:
        check_match(dataclasses.replace(sample.match(4, target=5000), **change))
    assert message in str(refused.value)


def test_a_sound_match_and_its_hands_pass():
    match = sample.match(4, target=5000)
    assert check_match(match) == match.variant
    hands = [HandRecord(i, 1, e, {}, "2026", "2026") for i, e in enumerate(sample.entries(9))]
    check_hands(match, hands)
    with pytest.raises(DamagedMatch, match="hand 10, side 1"):
        check_hands(match, [*hands, HandRecord(99, 1, {"sides": [5, {}]}, {})])


def test_the_command_refuses_a_damaged_file_in_one_line_and_stores_nothing(tmp_path, capsys):
    from referee.cli import main
    from referee.exchange import match_to_json

    match = sample.match(4, target=5000)
    hand = HandRecord(1, 1, sample.entries(1)[0], {}, "2026", "2026")
    data = json.loads(json.dumps(match_to_json(match, [(hand, False)], [])))
    data["hands"][0]["entry"]["sides"].append(data["hands"][0]["entry"]["sides"][0])
    (tmp_path / "m.json").write_text(json.dumps(data))
    assert main(["import", str(tmp_path / "m.json"), "--db", str(tmp_path / "r.db")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "hand 1: sides must be a list of 2 sides" in err
    assert not (tmp_path / "r.db").exists()
