"""The standings worked out from every table's game (referee.match.standings.standings)."""

from __future__ import annotations

import pytest

from referee.match.standings import Adjustment, GameResult, TableGame, Team, game_result, standings
from referee.rules.victory import LATE_POINTS, SCALES


def result(round_: int, table: int, ns: int, ew: int, totals: tuple[int, int], winner):
    return GameResult(TableGame(round_, table, ns, ew), totals, 3, True, winner, True)


def test_each_team_gets_its_own_games_in_order_and_the_ranking_follows():
    teams = [Team(n, f"T{n}", (f"a{n}", f"b{n}")) for n in range(1, 5)]
    games = [
        result(1, 1, 1, 2, (500, 300), 0),
        result(1, 2, 3, 4, (200, 200), None),
        result(2, 1, 1, 4, (100, 900), 1),
        result(2, 2, 3, 2, (700, 600), 0),
    ]
    ranked = standings(teams, games, "wins")
    by_team = {s.team.number: s for s in ranked}
    for team in teams:
        mine = tuple(g for g in games if team.number in (g.game.ns, g.game.ew))
        assert by_team[team.number].games == mine
    assert [(s.team.number, s.wins, s.points) for s in ranked] == [
        (4, 1.5, 1100),
        (3, 1.5, 900),
        (1, 1.0, 600),
        (2, 0.0, 900),
    ]
    assert [s.rank for s in ranked] == [1, 2, 3, 4]


# FIBur, Codice di Gara, art. 36 (Ritardo): more than 10 minutes late, the pair present
# wins with 70 % (three hands) or 60 % (four hands) of 20, the late pair keeps 6 or 8.
@pytest.mark.parametrize(("scale", "present", "late"), [("fibur-3", 14, 6), ("fibur-4", 12, 8)])
def test_a_pair_more_than_ten_minutes_late_keeps_fiburs_six_or_eight(scale, present, late):
    found = game_result(
        TableGame(1, 1, 1, 2),
        (0, 0),
        0,
        None,
        True,
        adjustment=Adjustment("late", absent=1, late=True, penalty=3),
        scale=SCALES[scale],
    )
    assert (found.vp, found.winner) == ((present, late), 0)
    assert sum(found.vp) == 20


def test_points_taken_for_lateness_can_turn_a_finished_game():
    game = TableGame(1, 1, 1, 2)
    kept = game_result(game, (700, 650), 3, 0, True, scale=SCALES["fibur-3"])
    taken = game_result(
        game, (700, 650), 3, 0, True, scale=SCALES["fibur-3"], penalties=(LATE_POINTS, 0)
    )
    assert (kept.winner, kept.vp) == (0, (10, 10))  # a margin of 50 shares 10-10
    assert (taken.totals, taken.winner, taken.vp) == ((600, 650), 1, (10, 10))
    level = game_result(game, (750, 650), 3, 0, True, penalties=(LATE_POINTS, 0))
    assert (level.totals, level.winner, level.counted) == ((650, 650), None, True)
