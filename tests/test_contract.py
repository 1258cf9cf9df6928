"""The JSON contracts of ``referee score`` and ``referee check`` (spec/contracts.md §2, §3).

In-process, through :mod:`referee.match.contract`; tests/test_cli.py runs the same
contracts through the command line.  Figures cite the seed that decides them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from referee.match.contract import check_json, score_json, variants_json
from referee.rules import CanastaKind, MalformedInput
from referee.rules.sources import book_of
from tests.support.profiles import examples
from tests.support.sample import EXAMPLE_HAND
from tests.support.strategies import PRESET_IDS, legal_hands, well_formed_hands

ROOT = Path(__file__).parent.parent


def hand(variant: str, *sides: dict, **fields: object) -> dict:
    return {"variant": variant, "sides": list(sides), **fields}


def assert_score_shape(out: dict, status: int) -> None:
    """The output shape of contracts.md §2, whatever the hand."""
    assert list(out)[:4] == ["variant", "valid", "sides", "errors"]
    assert isinstance(out["valid"], bool)
    assert status == (0 if out["valid"] else 1)
    assert (out["errors"] == []) is out["valid"]
    for side in out["sides"]:
        assert {"name", "total", "breakdown", "canastas"} <= set(side)
        assert isinstance(side["name"], str)
        assert sum(side["breakdown"].values()) == side["total"]
        for canasta in side["canastas"]:
            assert {"rank", "kind", "bonus"} <= set(canasta)
            assert isinstance(canasta["rank"], str)
            assert isinstance(canasta["bonus"], int)
    for error in out["errors"]:
        assert {"code", "message", "rule"} <= set(error)
        assert error["message"]
        assert "\n" not in error["message"]
        if error["code"] == "not_in_variant":  # no rule of the variant decides it
            assert error["rule"] is None
        else:
            assert error["rule"].startswith(out["variant"] + ".")
    json.dumps(out)  # plain JSON values only


# -- referee score -------------------------------------------------------------------


def test_example_hand_scores_as_the_laws_count_it():
    out, status = score_json(copy.deepcopy(EXAMPLE_HAND))
    assert status == 0
    assert_score_shape(out, status)
    assert out["variant"] == "classic"
    assert out["errors"] == []
    north, east = out["sides"]
    assert north["name"] == "North-South"
    # 004 §Puntentelling: K=10, 2=20, 7=5, Q=10, X=50; canastas 500/300; red three 100;
    # going out 100 (§Uitgaan).
    assert north["breakdown"] == {
        "melds": 60 + 65 + 70,
        "canastas": 300 + 500,
        "red_threes": 100,
        "going_out": 100,
        "hand": -(10 + 5 + 50),
    }
    assert north["total"] == 1130
    assert north["canastas"] == [
        {"rank": "7", "kind": "mixed", "bonus": 300},
        {"rank": "Q", "kind": "natural", "bonus": 500, "concealed": True},
    ]
    assert east == {
        "name": "East-West",
        "total": -5,
        "breakdown": {"melds": 60, "canastas": 0, "red_threes": 0, "going_out": 0, "hand": -65},
        "canastas": [],
    }


def test_players_default_to_the_variants_table_and_names_default_to_side_numbers():
    data = hand("classic", {"melds": ["A A A"]}, {})
    out, status = score_json(data)
    assert status == 0
    assert [s["name"] for s in out["sides"]] == ["Side 1", "Side 2"]


def test_three_players_make_three_sides():
    out, status = score_json(hand("classic", {}, {}, {}, players=3))
    assert status == 0
    assert len(out["sides"]) == 3


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # 004 §Uitgaan: going out needs a canasta.
        (
            hand("classic", {"melds": ["A A A"], "went_out": True}, {}),
            [("going_out_without_canasta", 0, None)],
        ),
        # 004 §Uitkomen op tafel: at most three wild cards.
        (hand("classic", {"melds": ["9 9 X X X 2"]}, {}), [("too_many_wilds", 0, 0)]),
        # 002 §Meldung, german: no more wild cards than natural ones.
        (
            hand("german", {}, {"melds": ["A A A", "9 9 X X X"]}),
            [("more_wilds_than_naturals", 1, 1)],
        ),
        # 002 §Ausmachen: only one player goes out.
        (
            hand(
                "classic",
                {"melds": ["K K K K K K K"], "went_out": True},
                {"melds": ["Q Q Q Q Q Q Q"], "went_out": True},
            ),
            [("two_went_out", None, None)],
        ),
        # 004 §Delen: two packs hold eight kings.
        (
            hand("classic", {"melds": ["K K K K K"]}, {"melds": ["K K K K", "A A A"]}),
            [("deck_count", None, None)],
        ),
    ],
)
def test_a_hand_that_breaks_the_rules_is_answered_not_refused(data, expected):
    out, status = score_json(data)
    assert status == 1
    assert_score_shape(out, status)
    assert out["valid"] is False
    assert [(e["code"], e.get("side"), e.get("meld")) for e in out["errors"]] == expected
    for error in out["errors"]:
        assert error["message"][0].isupper() or error["message"].startswith('"')
        assert error["rule_text"]  # the rule in words, beside its id


def test_every_problem_of_a_hand_is_listed_at_once():
    data = hand(
        "classic",
        {"melds": ["K K K", "Q Q X X X X"], "went_out": True},
        {"melds": ["3 3 3"], "hand": "3h"},
    )
    out, status = score_json(data)
    assert status == 1
    codes = {e["code"] for e in out["errors"]}
    assert {
        "going_out_without_canasta",
        "too_many_wilds",
        "black_threes_melded",
        "red_three_in_hand",
    } <= codes


# -- the extensions we added to the score input and output -------------------------


def test_options_switch_house_rules_on():
    # 004 §Puntentelling (dutch house rule): a hand canasta scores double.
    data = hand("dutch", {"melds": [{"cards": "K K K K K K K", "concealed": True}]}, {})
    assert score_json(copy.deepcopy(data))[0]["sides"][0]["breakdown"]["canastas"] == 500
    data["options"] = {"hand_canasta": True}
    assert score_json(data)[0]["sides"][0]["breakdown"]["canastas"] == 1000


def test_undeclared_red_threes_cost_500_each_where_the_table_plays_it():
    # 004 §De Rode Drie: "500 punten" for a red three not laid out.
    data = hand(
        "dutch",
        {"melds": ["A A A"], "undeclared_red_threes": 1},
        {},
        options={"undeclared_red_three": True},
    )
    out, status = score_json(data)
    assert status == 0
    assert out["sides"][0]["breakdown"]["undeclared_red_threes"] == -500


def test_acabar_gives_the_other_side_1500():
    # 004 §Uitgaan: "De tegenpartij krijgt daarmee 1500 punten en de eigen partij niets."
    data = hand("dutch", {"melds": ["A A A"], "acabar": True}, {}, options={"acabar": True})
    out, status = score_json(data)
    assert status == 0
    assert [s["total"] for s in out["sides"]] == [0, 1500]


@pytest.mark.parametrize(("melds", "cut"), [(["K K K K K K K"], 100), (["A A A"], -100)])
def test_an_exact_cut_counts_plus_with_a_canasta_minus_without(melds, cut):
    # 001 §Preparación del juego: 100, "sólo serán positivos si hace una canasta".
    out, status = score_json(hand("spanish", {"melds": melds, "exact_cut": True}, {}))
    assert status == 0
    assert out["sides"][0]["breakdown"]["exact_cut"] == cut


def test_going_out_on_the_first_pickup_scores_1000_in_czech_fast():
    # 000 fast variant, bod 7: "Za uzavření kola při první koupi balíku v kole – 1000 bodů".
    side = {"melds": ["K K K K K K K"], "went_out": True, "went_out_on_first_pickup": True}
    out, status = score_json(hand("czech-fast", side, {}))
    assert status == 0
    assert out["sides"][0]["breakdown"]["going_out"] == 1000


def test_a_canasta_of_black_threes_wins_the_match_in_spanish():
    # 001 §Canasta: "Canasta a lo gusto: Canasta realizada con los 3 negros. Gana el partido"
    out, status = score_json(hand("spanish", {"melds": ["3 3 3 3 3 3 3", "A A A"]}, {}))
    assert status == 0
    first, second = out["sides"]
    assert first["wins_match"] is True
    assert first["canastas"] == [{"rank": "3", "kind": "black_threes", "bonus": 0}]
    assert "wins_match" not in second


def test_a_run_canasta_says_it_is_a_run_and_a_wild_one_wild():
    # Issue 37: a samba's (bolivia's escalera's) canasta said "rank": "wild".  E13, E14.
    run = "7h 8h 9h 10h Jh Qh Kh"
    out, status = score_json(hand("bolivia", {"melds": [run, "X X 2 2 2 2 2"]}, {}))
    assert status == 0, out["errors"]
    assert out["sides"][0]["canastas"] == [
        {"rank": "run", "kind": "sequence", "bonus": 1500},
        {"rank": "wild", "kind": "wild", "bonus": 2500},
    ]


def test_a_sambas_canasta_of_a_suit_in_order_is_a_run_too():
    run = "5s 6s 7s 8s 9s 10s Js"
    out, status = score_json(hand("samba", {"melds": [run, "K K K K K K K"]}, {}))
    assert status == 0, out["errors"]
    assert {"rank": "run", "kind": "sequence", "bonus": 1500} in out["sides"][0]["canastas"]


def test_the_contract_lists_every_kind_of_canasta_and_no_other():
    import re

    described = (ROOT / "docs" / "contracts.md").read_text(encoding="utf-8")
    says = described[described.index("Its `kind` is") :].split(";")[0]
    assert sorted(re.findall(r"`(\w+)`", says)[1:]) == sorted(k.value for k in CanastaKind)


def test_an_event_the_variant_does_not_score_is_a_problem():
    out, status = score_json(hand("classic", {"melds": ["A A A"], "exact_cut": True}, {}))
    assert status == 1
    assert [(e["code"], e["side"], e["rule"]) for e in out["errors"]] == [
        ("not_in_variant", 0, None)
    ]


# -- input that is not a hand at all ----------------------------------------------


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "JSON object"),
        ("classic", "JSON object"),
        ({"sides": []}, "variant is required"),
        ({"variant": "rummy", "sides": []}, "unknown variant 'rummy'"),
        ({"variant": 7, "sides": []}, "variant is required"),
        (hand("classic", {}, {}, players="4"), "players must be a whole number"),
        (hand("classic", {}, {}, players=True), "players must be a whole number"),
        (hand("classic", {}, {}, players=5), "not 5"),
        (hand("german", {}, {}, players=2), "german is played by 4 players"),
        ({"variant": "classic", "sides": {}}, "sides must be a list"),
        (hand("classic", {}), "4 players make 2 sides, but 1 were given"),
        (hand("classic", [], {}), "side 1: a side must be an object"),
        (hand("classic", {}, {"melds": "K K K"}), "side 2: melds must be a list"),
        (hand("classic", {"melds": [7]}, {}), "side 1: meld 1: a meld is card notation"),
        (hand("classic", {"melds": [{"concealed": True}]}, {}), "side 1: meld 1: cards is missing"),
        (hand("classic", {"melds": ["K K 1"]}, {}), 'unknown card "1"'),
        (hand("classic", {"melds": ["K Z K"]}, {}), 'unknown card "Z" at position 3'),
        (hand("classic", {"melds": ["K", "Xh X X"]}, {}), 'meld 2: "Xh X X": a joker has no suit'),
        (hand("classic", {"hand": "Q 5 Y"}, {}), 'side 1: hand: "Q 5 Y": unknown card "Y"'),
        (hand("classic", {"hand": ["Q"]}, {}), "side 1: hand must be text"),
        (hand("classic", {"red_threes": -1}, {}), "red_threes cannot be negative"),
        (hand("classic", {"red_threes": 2.0}, {}), "red_threes must be a whole number"),
        (hand("classic", {"went_out": "yes"}, {}), "went_out must be true or false"),
        (hand("classic", {"hand_points": -5}, {}), "hand_points must be between 0 and 100000"),
        (hand("classic", {"score": "1200"}, {}), "score must be a whole number"),
        (hand("classic", {"name": 3}, {}), "name must be text"),
        (hand("classic", {}, {}, options=[]), "options must be an object"),
        (hand("classic", {}, {}, options={"acabar": True}), "classic has no house rule 'acabar'"),
        (hand("dutch", {}, {}, options={"acabar": "yes"}), "dutch has no house rule 'acabar'"),
    ],
)
def test_input_that_is_not_a_hand_raises_one_line_naming_the_field(data, words):
    with pytest.raises(MalformedInput) as caught:
        score_json(data)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message


# -- referee check -------------------------------------------------------------------


def assert_ruling_shape(ruling: dict, variant: str) -> None:
    assert isinstance(ruling["allowed"], bool)
    assert isinstance(ruling["reason"], str)
    assert ruling["reason"]
    assert ruling["rule"]["id"].startswith(variant + ".")
    assert ruling["rule"]["text"]
    json.dumps(ruling)


@pytest.mark.parametrize(
    ("question", "allowed", "rule"),
    [
        # 004 §Uitkomen op tafel: "Dus bijvoorbeeld 9-9-joker-joker-joker mag."
        ({"variant": "classic", "cards": "9 9 X X X", "going_out": False}, True, "meld.wild-limit"),
        # 002 §Meldung: at least as many natural cards as wild ones.
        ({"variant": "german", "cards": "9 9 X X X"}, False, "meld.wild-limit"),
        ({"variant": "classic", "cards": "K K K K 2 2 2"}, True, "canasta.kinds"),
        ({"variant": "classic", "cards": "9 9 X X X X"}, False, "meld.wild-limit"),
        ({"variant": "classic", "cards": "K K"}, False, "meld.min-cards"),
        ({"variant": "classic", "cards": "X X X"}, False, "meld.wild-meld"),
        ({"variant": "classic", "cards": "3h 3d 3h"}, False, "meld.red-threes"),
        # 004 §De zwarte Drie: black threes only when going out.
        ({"variant": "classic", "cards": "3 3 3"}, False, "meld.black-threes"),
        ({"variant": "classic", "cards": "3 3 3", "going_out": True}, True, "meld.min-cards"),
        # 000 §10: sequences of one suit in czech, none in czech-fast.
        ({"variant": "czech", "cards": "7h 8h 9h"}, True, "meld.min-cards"),
        ({"variant": "czech-fast", "cards": "7h 8h 9h"}, False, "meld.one-rank"),
    ],
)
def test_meld_question(question, allowed, rule):
    ruling = check_json({"question": "meld", **question})
    assert_ruling_shape(ruling, question["variant"])
    assert ruling["allowed"] is allowed
    assert ruling["rule"]["id"] == f"{question['variant']}.{rule}"
    assert ruling["reason"].startswith("Yes" if allowed else "No")
    assert "\n" not in ruling["reason"]


def test_a_refused_meld_lists_every_problem():
    ruling = check_json({"variant": "classic", "question": "meld", "cards": "3 3 X X X X"})
    assert ruling["allowed"] is False
    assert {p["code"] for p in ruling["problems"]} >= {"black_threes_melded", "too_many_wilds"}


@pytest.mark.parametrize(
    ("question", "allowed", "minimum", "points"),
    [
        # contracts.md §3 examples; 004 §Uitkomen op tafel: 1500-2995 needs 90.
        ({"score": 1500, "melds": ["K K K 2", "4 4 4"]}, False, 90, 65),
        ({"score": 1500, "melds": ["K K"], "pile_top": "K"}, False, 90, 30),
        ({"score": 0, "melds": ["K K"], "pile_top": "K", "players": 2}, False, 50, 30),
        ({"score": 1495, "melds": ["A A A", "X K K"]}, True, 50, 130),
        ({"score": -20, "melds": ["4 4 4"]}, True, 15, 15),
        ({"score": 3000, "melds": ["A A A A", "K K X"]}, True, 120, 150),
        ({"melds": []}, False, 50, 0),
    ],
)
def test_opening_question_in_classic(question, allowed, minimum, points):
    ruling = check_json({"variant": "classic", "question": "opening", **question})
    assert_ruling_shape(ruling, "classic")
    assert (ruling["allowed"], ruling["minimum"], ruling["points"]) == (allowed, minimum, points)


def test_opening_minimum_rises_with_failed_attempts_in_czech_fast():
    # 000 fast variant, bod 10: "Každý nezdařený pokus ... zvýšením minimálního počtu bodů o 10."
    question = {"variant": "czech-fast", "question": "opening", "score": 0, "melds": ["K K K"]}
    assert check_json(question)["minimum"] == 50
    ruling = check_json({**question, "failed_attempts": 2})
    assert (ruling["allowed"], ruling["minimum"]) == (False, 70)


def test_going_out_with_everything_needs_no_minimum_in_polish():
    # 003 §Punktacja: "Przy takim wyłożeniu nie musi zostać spełniony warunek minimalnej ..."
    question = {
        "variant": "polish",
        "question": "opening",
        "score": 3000,
        "melds": ["4 4 4 4 4 4 4"],
    }
    assert check_json(question)["allowed"] is False
    ruling = check_json({**question, "going_out": True})
    assert ruling["allowed"] is True
    assert ruling["rule"]["id"] == "polish.opening.going-out-waiver"


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ({"variant": "classic"}, "question must be one of"),
        ({"variant": "classic", "question": "bluff"}, "question must be one of"),
        ({"variant": "classic", "question": 3}, "question must be one of"),
        ({"question": "meld", "cards": "K K K"}, "variant is required"),
        ({"variant": "classic", "question": "meld"}, "cards is required"),
        ({"variant": "classic", "question": "meld", "cards": ["K"]}, "cards must be text"),
        ({"variant": "classic", "question": "meld", "cards": "K K 11"}, 'unknown card "1"'),
        ({"variant": "classic", "question": "meld", "cards": "K", "going_out": 1}, "going_out"),
        ({"variant": "classic", "question": "opening", "score": "0"}, "score must be"),
        ({"variant": "classic", "question": "opening", "melds": "K K K"}, "melds must be a list"),
        ({"variant": "classic", "question": "opening", "pile_top": "K Q"}, "one card, not 2"),
        ({"variant": "classic", "question": "opening", "failed_attempts": -1}, "negative"),
    ],
)
def test_a_malformed_question_raises_one_line(question, words):
    with pytest.raises(MalformedInput) as caught:
        check_json(question)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


# -- referee variants ----------------------------------------------------------------


def test_variants_lists_the_eleven_presets_with_their_main_numbers():
    rows = variants_json()
    assert [row["id"] for row in rows] == PRESET_IDS
    for row in rows:
        assert {"name", "seed", "players", "target_score", "two_points"} <= set(row)
        assert {"canasta_bonus", "going_out_bonus", "opening", "options"} <= set(row)
        # A seed text's file, or the published books a preset without one cites.
        books = [name.strip() for name in row["seed"].split(",")]
        assert ".txt" in row["seed"] or all(book_of(b) for b in books), row["seed"]
    by_id = {row["id"]: row for row in rows}
    assert by_id["samba"]["target_score"] == 10000  # bicycle-samba §Scoring
    assert by_id["hand-and-foot"]["rounds"] == 4  # pagat-hand-foot: four hands
    assert by_id["hand-and-foot"]["opening_by_round"] == [50, 90, 120, 150]
    assert by_id["american"]["canasta_bonus"]["sevens"] == 2500
    assert by_id["german"]["two_points"] == 50  # 002: "2 | Wilde Karten | 50"
    assert by_id["czech"]["target_score"] == 10000  # 000 §2
    assert by_id["spanish"]["options"] == ["escalas"]


# -- properties ------------------------------------------------------------------------


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_hands())
def test_a_legal_hand_scores_valid_with_parts_adding_up(data):
    out, status = score_json(data)
    assert out["errors"] == [], out["errors"]
    assert status == 0
    assert_score_shape(out, status)
    assert len(out["sides"]) == len(data["sides"])


@settings(max_examples=examples(200), deadline=None)
@given(well_formed_hands())
def test_any_well_formed_hand_gets_an_answer_never_an_exception(data):
    out, status = score_json(data)
    assert status in (0, 1)
    assert_score_shape(out, status)


# -- the Canasta family's inputs ------------------------------------------------------------


def test_american_black_threes_and_aces_held_in_hand():
    data = {
        "variant": "american",
        "players": 4,
        "sides": [
            {
                "melds": ["7 7 7 7 7 7 7", "K K K K K K K", "Q Q Q"],
                "went_out": True,
                "black_threes": 1,
            },
            {"melds": ["A A A A", "J J J J J"], "held_in_hand": 1},
        ],
    }
    out, status = score_json(data)
    assert status == 0, out["errors"]
    we, they = (side["breakdown"] for side in out["sides"])
    assert we["black_threes"] == 100  # one black three, two canastas: plus
    assert they["unfinished"] == -2500  # cla-laws: an unfinished meld of aces
    assert they["held_in_hand"] == -1500  # a player left holding three aces or sevens
    assert they["melds"] == -130  # no canasta: the melds (aces 80, jacks 50) count minus


def test_black_threes_laid_out_are_refused_where_they_are_not_scored():
    data = {"variant": "classic", "sides": [{"black_threes": 1}, {}]}
    out, status = score_json(data)
    assert status == 1
    assert [e["code"] for e in out["errors"]] == ["not_in_variant"]


@pytest.mark.parametrize(("number", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150), (9, 150)])
def test_hand_and_foot_opening_goes_by_the_hand(number, minimum):
    question = {"variant": "hand-and-foot", "question": "opening", "round": number,
                "melds": ["K K K"]}  # fmt: skip
    answer = check_json(question)
    assert answer["minimum"] == minimum
    assert answer["allowed"] is False
    assert f"in hand {number}" in answer["reason"]


@pytest.mark.parametrize("number", [0, -1, 10**6, "2", True])
def test_a_bad_round_is_refused(number):
    question = {"variant": "hand-and-foot", "question": "opening", "round": number, "melds": []}
    with pytest.raises(MalformedInput):
        check_json(question)


# `referee check`'s hand_score (issue 44): a side's hand by its items, scored as `referee
# score` scores a hand of those cards.


def test_hand_score_is_the_bonuses_a_hand_of_those_items_scores():
    """The Laws §Scoring: a natural canasta 500, a mixed one 300, red threes 100 each, going
    out 100; the melded cards' own points come on top where not given."""
    said = check_json(
        {"variant": "classic", "question": "hand_score", "canastas": {"natural": 1, "mixed": 1},
         "red_threes": 2, "went_out": True}
    )  # fmt: skip
    assert said["allowed"] is True
    assert said["points"] == 1100
    assert said["breakdown"] == {"canastas": 800, "red_threes": 200, "going_out": 100}
    assert said["canastas"] == [{"kind": "natural", "bonus": 500}, {"kind": "mixed", "bonus": 300}]
    assert said["rule"]["id"] == "classic.canasta.kinds"
    # the same hand in cards, through referee score: its bonuses are those
    scored, _ = score_json(
        {"variant": "classic", "sides": [
            {"melds": ["K K K K K K K", "Q Q Q Q Q Q 2"], "red_threes": 2, "went_out": True,
             "hand": ""}, {"hand": ""}]}
    )  # fmt: skip
    parts = scored["sides"][0]["breakdown"]
    assert said["points"] == scored["sides"][0]["total"] - parts["melds"]


def test_hand_score_counts_the_cards_points_where_given_and_every_problem():
    said = check_json(
        {"variant": "samba", "question": "hand_score", "canastas": {"natural": 1},
         "went_out": True, "meld_points": 300, "hand_points": 0}
    )  # fmt: skip
    assert said["allowed"] is False  # samba: two canastas to go out
    assert [p["code"] for p in said["problems"]] == ["going_out_without_canasta"]
    assert said["rule"]["id"] == "samba.going-out.canastas"
    assert said["points"] == 300 + 500 + 200 == sum(said["breakdown"].values())
    not_here = check_json(
        {"variant": "classic", "question": "hand_score", "canastas": {"sevens": 1}}
    )
    assert [p["code"] for p in not_here["problems"]] == ["not_in_variant"]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"canastas": {"natural": -1}}, "canastas.natural cannot be negative"),
        ({"canastas": {"clean": 1}}, "classic has no canasta 'clean'"),
        ({"canastas": [1]}, "canastas must be an object"),
        ({"red_threes": "2"}, "red_threes must be a whole number"),
        ({"meld_points": -5}, "meld_points must be between 0 and 100000"),
        ({"held_in_hand": -1}, "held_in_hand cannot be negative"),
        ({"unfinished": {"eights": 1}}, "unfinished: classic has no canasta 'eights'"),
        ({"acabar": "yes"}, "acabar must be true or false"),
    ],
)
def test_a_malformed_hand_score_question_names_its_field(data, words):
    with pytest.raises(MalformedInput, match=words):
        check_json({"variant": "classic", "question": "hand_score", **data})


def test_hand_score_pays_a_canasta_laid_from_the_hand_where_the_book_does():
    """001 §Canasta oculta: a canasta laid from the hand in one go scores 1000 in place of its
    kind's bonus; the Laws pay nothing more, and say so."""
    said = check_json(
        {"variant": "spanish", "question": "hand_score", "canastas": {"natural": 2},
         "concealed_canastas": {"natural": 1}}
    )  # fmt: skip
    assert (said["allowed"], said["points"]) == (True, 1000 + 500)
    laid = {"canastas": {"natural": 1}, "concealed_canastas": {"natural": 2}}
    too_many = check_json({"variant": "spanish", "question": "hand_score", **laid})
    assert [p["code"] for p in too_many["problems"]] == ["concealed_canastas"]
    classic = check_json(
        {"variant": "classic", "question": "hand_score", **laid | {"canastas": {"natural": 2}}}
    )
    assert [p["code"] for p in classic["problems"]] == ["not_in_variant"]


@pytest.mark.parametrize("threes", [3, 4])
def test_hand_score_counts_black_threes_melded_going_out_where_they_raise_its_bonus(threes):
    """czech-fast: black threes melded in going out raise the going-out bonus; the figure is
    referee score's on the same hand in cards."""
    said = check_json(
        {"variant": "czech-fast", "question": "hand_score", "canastas": {"natural": 1},
         "went_out": True, "black_threes_out": threes}
    )  # fmt: skip
    scored, _ = score_json(
        {"variant": "czech-fast", "sides": [
            {"melds": ["K K K K K K K", " ".join(["3"] * threes)], "went_out": True, "hand": ""},
            {"hand": ""}]}
    )  # fmt: skip
    side = scored["sides"][0]
    assert said["allowed"] is True
    assert said["breakdown"]["going_out"] == side["breakdown"]["going_out"] > 100
    assert said["points"] == side["total"] - side["breakdown"]["melds"]


def test_hand_score_takes_each_event_under_referee_score_s_own_key():
    """The events only some games score, asked of a side's hand (issue 44): under the keys
    `referee score`'s side takes them (and acabar called by the other side), scored as it
    scores a hand with them: dutch §De Rode Drie (house rule), spanish §Corte, czech fast's
    first pickup, american §Penalties."""
    for body, side, other in (
        ({"variant": "dutch", "options": {"undeclared_red_three": True},
          "undeclared_red_threes": 1}, {"undeclared_red_threes": 1}, {}),
        ({"variant": "dutch", "options": {"acabar": True}, "other_acabar": True}, {},
         {"acabar": True}),
        ({"variant": "spanish", "exact_cut": True}, {"exact_cut": True}, {}),
        ({"variant": "american", "held_in_hand": 1, "penalties": 2},
         {"held_in_hand": 1, "penalties": 2}, {}),
        ({"variant": "american", "special_hand": "garbage", "went_out": True},
         {"special_hand": "garbage", "went_out": True}, {}),
        ({"variant": "czech-fast", "went_out_on_first_pickup": True, "went_out": True,
          "canastas": {"natural": 1}},
         {"went_out_on_first_pickup": True, "went_out": True, "melds": ["K K K K K K K"]}, {}),
    ):  # fmt: skip
        said = check_json({"question": "hand_score", **body})
        assert said["allowed"] is True, said
        table = {k: body[k] for k in ("variant", "options") if k in body}
        scored, _ = score_json(table | {"sides": [{"hand": "", **side}, {"hand": "", **other}]})
        parts = scored["sides"][0]["breakdown"]
        assert said["points"] == scored["sides"][0]["total"] - parts.get("melds", 0), body
    with pytest.raises(MalformedInput, match="special_hand must be one of straight"):
        check_json({"variant": "american", "question": "hand_score", "special_hand": "flush"})
