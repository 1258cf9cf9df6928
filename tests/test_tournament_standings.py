"""The standings worked out from every table's game (referee.match.standings.standings)."""

from __future__ import annotations

from referee.match.standings import GameResult, TableGame, Team, standings


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
