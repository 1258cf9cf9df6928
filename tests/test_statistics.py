"""A group's statistics on a hand-made set of matches, each figure worked out here by hand."""

from __future__ import annotations

import csv
import dataclasses
import io

import pytest

from referee.match.ledger import HandRecord, Match, compute_ledger
from referee.match.statistics import group_statistics, statistics_csv
from referee.rules import PRESETS
from referee.rules.snapshot import variant_to_dict

ROSTER = {1: "Anna", 2: "Ben", 3: "Cleo", 4: "Dan", 5: "Eva"}


def _match(match_id, preset, names, ids, sides, created, target=500):
    return Match(
        id=match_id, name="", variant_id=preset, options={},
        snapshot=variant_to_dict(PRESETS[preset]), players=len(names),
        side_names=tuple(sides), player_names=tuple(names), target=target,
        edit_token="e", view_token="v", created=created, player_ids=tuple(ids),
    )  # fmt: skip


def _hand(number, *sides):
    return HandRecord(number, 0, {"mode": "detailed", "sides": list(sides)}, {})


def played():
    # 1. Classic, Anna & Ben against Cleo & Dan, to 500: one hand decides it.
    #    Anna & Ben: 7 kings 70 + natural canasta 500 + 3 fives 15 + out 100 + a red three
    #    100 = 785.  Cleo & Dan: 3 aces 60 - 30 in hand = 30.
    one = _match(
        1, "classic", ["Anna", "Ben", "Cleo", "Dan"], [1, 2, 3, 4], ["AB", "CD"], "2026-11-01"
    )
    one_hands = [
        _hand(
            1,
            {"melds": "K K K K K K K\n5 5 5", "went_out": True, "red_threes": 1},
            {"melds": "A A A", "hand_points": 30},
        )
    ]
    # 2. Classic, Eva against Anna, to 500, two hands.
    #    Hand 1: Eva 3 aces 60 - 10 = 50; Anna 6 jacks and a two 80 + mixed 300 + out 100 = 480.
    #    Hand 2: Eva 3 fours 15; Anna 7 eights 70 + natural 500 + out 100 = 670 (total 1150).
    two = _match(2, "classic", ["Eva", "Anna"], [5, 1], ["Eva", "Anna"], "2026-11-02")
    two_hands = [
        _hand(
            1, {"melds": "A A A", "hand_points": 10}, {"melds": "J J J J J J 2", "went_out": True}
        ),
        _hand(2, {"melds": "4 4 4"}, {"melds": "8 8 8 8 8 8 8", "went_out": True}),
    ]
    # 3. Czech, Cleo & Dan against Anna & Ben, to 5 000: unfinished, one hand.
    #    Cleo & Dan: 7 queens 70 + clean canasta 600 + out 200 = 870 (000's values).
    #    Anna & Ben: 3 nines, but no canasta, so all negative: -30
    #    (000: a side without a canasta scores everything negative).
    three = _match(
        3, "czech", ["Cleo", "Dan", "Anna", "Ben"], [3, 4, 1, 2], ["CD", "AB"], "2026-11-03", 5000
    )
    three_hands = [
        _hand(1, {"melds": "Q Q Q Q Q Q Q", "went_out": True}, {"melds": "9 9 9"}),
    ]
    return [
        (m, compute_ledger(m, hands))
        for m, hands in [(one, one_hands), (two, two_hands), (three, three_hands)]
    ]


def test_the_scores_the_figures_rest_on():
    (_, one), (_, two), (_, three) = played()
    assert one.rows[0].scores == (785, 30)
    assert one.winner == 0
    assert [r.scores for r in two.rows] == [(50, 480), (15, 670)]
    assert two.winner == 1
    assert three.rows[0].scores[1] == -30
    assert three.winner is None
    assert three.rows[0].canastas[0] == ("natural",)


def test_each_players_figures():
    stats = group_statistics(ROSTER, played())
    anna, ben, cleo, dan, eva = stats.players
    assert anna.names == ("Anna",)
    # Anna: finished matches 1 (won) and 2 (won); match 3 is unfinished.
    assert (anna.matches, anna.won, anna.win_rate) == (2, 2, 1.0)
    # Her hands: 785, 480, 670, -30 -> 1905 over 4 hands.
    assert (anna.hands, anna.points, anna.best_hand) == (4, 1905, 785)
    assert anna.points_per_hand == pytest.approx(476.25)
    # Canastas: natural (match 1), mixed and natural (match 2): 2 natural, 1 mixed.
    assert anna.canastas == {"natural": 2, "mixed": 1}
    assert anna.per_hand(anna.canastas["natural"]) == 0.5
    # Went out in hands 1 of match 1 and both hands of match 2: 3 of 4.
    assert (anna.went_out, anna.went_out_rate) == (3, 0.75)
    assert (anna.red_threes, anna.per_hand(anna.red_threes)) == (1, 0.25)
    # Ben: match 1 won, match 3 unfinished: hands 785 and -30.
    assert (ben.matches, ben.won, ben.hands, ben.points, ben.best_hand) == (1, 1, 2, 755, 785)
    # Cleo: lost match 1 (30), made 870 in match 3.
    assert (cleo.matches, cleo.won, cleo.win_rate) == (1, 0, 0.0)
    assert (cleo.hands, cleo.points, cleo.best_hand, cleo.went_out) == (2, 900, 870, 1)
    assert dan.points == cleo.points
    # Eva: lost match 2: 50 and 15.
    assert (eva.matches, eva.won, eva.hands, eva.points, eva.best_hand) == (1, 0, 2, 65, 50)
    assert eva.canastas == {}
    assert eva.went_out == 0


def test_partnerships_count_the_pair_not_the_player():
    stats = group_statistics(ROSTER, played())
    pairs = {f.names: f for f in stats.partnerships}
    assert set(pairs) == {("Anna", "Ben"), ("Cleo", "Dan")}  # Eva and Anna played alone
    ab = pairs[("Anna", "Ben")]
    assert (ab.matches, ab.won, ab.hands, ab.points) == (1, 1, 2, 755)
    cd = pairs[("Cleo", "Dan")]
    assert (cd.matches, cd.won, cd.hands, cd.points) == (1, 0, 2, 900)


def test_filtering_by_rules_and_wins_over_time():
    stats = group_statistics(ROSTER, played(), "czech")
    anna = stats.players[0]
    assert (anna.matches, anna.hands, anna.points) == (0, 1, -30)
    assert anna.win_rate is None
    assert stats.variants == ("classic", "czech")
    every = group_statistics(ROSTER, played())
    # Wins of Anna, Ben, Cleo, Dan, Eva after each finished match, in date order.
    assert every.wins_over_time == ((0, 0, 0, 0, 0), (1, 1, 0, 0, 0), (2, 1, 0, 0, 0))


def test_a_player_not_on_the_roster_counts_for_nobody():
    m, ledger = played()[1]
    stranger = dataclasses.replace(m, player_ids=(None, 1))
    stats = group_statistics(ROSTER, [(stranger, ledger)])
    assert stats.players[4].hands == 0  # Eva's seat was someone else
    assert stats.players[0].hands == 2


def test_the_csv_holds_the_same_figures():
    rows = list(csv.DictReader(io.StringIO(statistics_csv(group_statistics(ROSTER, played())))))
    anna = rows[0]
    assert (anna["kind"], anna["players"], anna["matches"], anna["won"]) == (
        "player",
        "Anna",
        "2",
        "2",
    )
    assert (anna["win_rate"], anna["points_per_hand"], anna["best_hand"]) == (
        "1.000",
        "476.2",
        "785",
    )
    assert anna["canastas_natural_per_hand"] == "0.500"
    assert anna["went_out_per_hand"] == "0.750"
    pair = next(r for r in rows if r["kind"] == "partnership" and r["players"] == "Anna & Ben")
    assert pair["points_per_hand"] == "377.5"


def test_a_name_that_looks_like_a_formula_stays_text():
    roster = {**ROSTER, 5: "=HYPERLINK(1)"}
    text = statistics_csv(group_statistics(roster, played()))
    assert "'=HYPERLINK(1)" in text
