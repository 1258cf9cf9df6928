"""Standings: wins then points or points then wins, half a win for a level game, shared
ranks, and a game that counts once its round is over."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.match.standings import TableGame, Team, game_result, standings, wins_text

TEAMS = [Team(n, f"Team {n}", (f"P{n}a", f"P{n}b")) for n in range(1, 5)]


def game(table, ns, ew, totals, *, winner=None, round_over=False, number=1):
    return game_result(TableGame(number, table, ns, ew, table), totals, 3, winner, round_over)


def test_wins_first_then_points():
    results = [
        game(1, 1, 3, (900, 1000), winner=1),  # team 3 wins by 100
        game(2, 2, 4, (2000, 100), winner=0),  # team 2 wins by a lot
    ]
    ranked = standings(TEAMS, results, "wins")
    assert [s.team.number for s in ranked] == [2, 3, 1, 4]
    assert [(s.wins, s.points, s.played) for s in ranked] == [
        (1.0, 2000, 1),
        (1.0, 1000, 1),
        (0.0, 900, 1),
        (0.0, 100, 1),
    ]
    by_points = standings(TEAMS, results, "points")
    assert [s.team.number for s in by_points] == [2, 3, 1, 4]
    assert [s.rank for s in by_points] == [1, 2, 3, 4]


def test_points_ranking_puts_a_big_loser_above_a_small_winner():
    results = [game(1, 1, 3, (1500, 1600), winner=1), game(2, 2, 4, (300, 200), winner=0)]
    assert [s.team.number for s in standings(TEAMS, results, "points")] == [3, 1, 2, 4]
    assert [s.team.number for s in standings(TEAMS, results, "wins")] == [3, 2, 1, 4]


def test_a_game_in_play_gives_points_but_no_win_until_its_round_is_over():
    playing = game(1, 1, 3, (400, 100))
    assert not playing.counted
    assert playing.winner is None
    ranked = {s.team.number: s for s in standings(TEAMS, [playing], "wins")}
    assert ranked[1].points == 400
    assert ranked[1].wins == 0
    assert ranked[1].played == 0
    over = game(1, 1, 3, (400, 100), round_over=True)
    assert over.counted
    assert over.winner == 0
    assert not over.finished
    ranked = {s.team.number: s for s in standings(TEAMS, [over], "wins")}
    assert ranked[1].wins == 1
    assert ranked[3].wins == 0
    assert ranked[1].played == 1


def test_a_level_game_is_half_a_win_each_and_level_teams_share_a_rank():
    level = game(1, 1, 3, (500, 500), round_over=True)
    ranked = standings(TEAMS, [level], "wins")
    assert [(s.team.number, s.rank, s.wins) for s in ranked[:2]] == [(1, 1, 0.5), (3, 1, 0.5)]
    assert [s.rank for s in ranked[2:]] == [3, 3]
    assert wins_text(0.5) == "½"
    assert wins_text(2.5) == "2½"
    assert wins_text(3.0) == "3"


@given(st.lists(st.tuples(st.integers(-2000, 9000), st.integers(-2000, 9000)), max_size=6))
def test_every_counted_game_gives_out_exactly_one_win(pairs):
    teams = [Team(n, f"T{n}", ("a", "b")) for n in range(1, 2 * len(pairs) + 3)]
    results = [
        game(i + 1, 2 * i + 1, 2 * i + 2, totals, round_over=True) for i, totals in enumerate(pairs)
    ]
    ranked = standings(teams, results, "wins")
    assert sum(s.wins for s in ranked) == len(pairs)
    assert sum(s.points for s in ranked) == sum(a + b for a, b in pairs)
    ranks = [s.rank for s in ranked]
    assert ranks == sorted(ranks)
    assert ranks[0] == 1
