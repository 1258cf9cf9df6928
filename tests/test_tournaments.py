"""Standings: wins then points or points then wins, half a win for a level game, shared
ranks, and a game that counts once its round is over."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.match.standings import Adjustment, TableGame, Team, game_result, standings, wins_text
from referee.rules.victory import SCALES

TEAMS = [Team(n, f"Team {n}", (f"P{n}a", f"P{n}b")) for n in range(1, 5)]


def game(table, ns, ew, totals, *, winner=None, round_over=False, number=1, hands=3):
    return game_result(TableGame(number, table, ns, ew, table), totals, hands, winner, round_over)


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


def test_a_level_game_is_half_a_win_each_and_a_lot_drawn_the_same_each_time_parts_them():
    level = game(1, 1, 3, (500, 500), round_over=True)
    ranked = standings(TEAMS, [level], "wins", seed=7)
    assert sorted((s.team.number, s.wins) for s in ranked[:2]) == [(1, 0.5), (3, 0.5)]
    assert [s.rank for s in ranked] == [1, 2, 3, 4]
    # level on wins, points, their game and the points ratio: the lot, shown
    assert [s.tie_break for s in ranked] == [None, "lot", None, "lot"]
    assert standings(TEAMS, [level], "wins", seed=7) == ranked
    orders = {
        tuple(s.team.number for s in standings(TEAMS, [level], "wins", seed=k)) for k in range(20)
    }
    assert len(orders) > 1  # the lot is a lot, not the team numbers
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


def test_a_game_nobody_started_before_its_round_ended_counts_for_nobody():
    # four tables: one played and lost by team 1, three never started
    played = game(1, 1, 2, (900, 1200), round_over=True)
    empty = [
        game(t, ns, ew, (0, 0), round_over=True, hands=0)
        for t, ns, ew in ((2, 3, 4), (3, 5, 6), (4, 7, 8))
    ]
    teams = [Team(n, f"T{n}", ("a", "b")) for n in range(1, 9)]
    ranked = standings(teams, [played, *empty], "wins")
    assert [r.state for r in empty] == ["not played"] * 3
    assert not any(r.counted for r in empty)
    by_team = {s.team.number: s for s in ranked}
    assert by_team[2].wins == 1
    assert by_team[1].played == 1
    assert all(by_team[n].played == 0 and by_team[n].wins == 0 for n in range(3, 9))
    # the team that played a whole game and lost is level on wins with those that never
    # sat down, and above them by its points
    assert [s.team.number for s in ranked][:2] == [2, 1]


def test_a_game_without_a_hand_while_its_round_is_on_is_not_started_and_one_with_hands_in_play():
    assert game(1, 1, 2, (0, 0), hands=0).state == "not started"
    playing = game_result(TableGame(1, 1, 1, 2), (300, 100), 2, None, False)
    assert playing.state == "in play"
    assert not playing.counted
    assert game(1, 1, 2, (5100, 300), winner=0).state == "finished"


def test_victory_points_rank_the_teams_and_a_big_win_outweighs_two_small_ones():
    scale = SCALES["fibur-3"]
    teams = [Team(n, f"T{n}", ("a", "b")) for n in range(1, 5)]

    def vp_game(round_, table, ns, ew, totals):
        winner = None if totals[0] == totals[1] else 0 if totals[0] > totals[1] else 1
        return game_result(TableGame(round_, table, ns, ew), totals, 3, winner, True, scale=scale)

    games = [
        vp_game(1, 1, 1, 2, (2000, 300)),  # 1 wins by 1700: 20-0
        vp_game(1, 2, 3, 4, (1060, 1000)),  # 3 wins by 60: 11-9
        vp_game(2, 1, 1, 3, (1000, 1100)),  # 3 wins by 100: 11-9
        vp_game(2, 2, 2, 4, (1000, 1000)),  # level: 10-10
    ]
    ranked = standings(teams, games, "vp")
    assert [(s.team.number, s.vp, s.wins) for s in ranked] == [
        (1, 29, 1.0),
        (3, 22, 2.0),
        (4, 19, 0.5),
        (2, 10, 0.5),
    ]
    assert [s.team.number for s in standings(teams, games, "wins")][:2] == [3, 1]


def test_teams_level_on_wins_and_points_are_parted_by_their_own_game_then_the_points_ratio():
    teams = [Team(n, f"T{n}", ("a", "b")) for n in range(1, 5)]
    games = [
        game(1, 1, 2, (600, 500), round_over=True, number=1),  # 1 beats 2
        game(2, 3, 4, (400, 300), round_over=True, number=1),
        game(1, 2, 3, (700, 500), round_over=True, number=2),  # 2 beats 3
        game(2, 1, 4, (300, 700), round_over=True, number=2),  # 4 beats 1
    ]
    # 1 win each; points: 2 1200, 4 1000, 1 900 (against 1200), 3 900 (against 1000)
    ranked = standings(teams, games, "wins")
    assert [s.team.number for s in ranked] == [2, 4, 3, 1]
    # 1 and 3 are level on wins and points and never met: the points ratio (900/1200 vs
    # 900/1000) puts 3 first, and says so
    pos = {s.team.number: (s.rank, s.tie_break) for s in ranked}
    assert pos[3][0] < pos[1][0]
    assert pos[1][1] == "points ratio"


def test_head_to_head_decides_before_the_ratio():
    teams = [Team(n, f"T{n}", ("a", "b")) for n in range(1, 3)]
    # each won one game against the other by the same total: level on wins and points,
    # the head-to-head level too -> ratio level -> lot; make 2 win their meeting outright
    games = [
        game(1, 1, 2, (500, 600), round_over=True, number=1),  # 2 beats 1
        game(1, 1, 2, (600, 500), round_over=False, number=2),  # in play: counts no win
    ]
    ranked = standings(teams, games, "wins")
    assert ranked[0].team.number == 2
    assert ranked[1].tie_break is None
    level = [
        game(1, 1, 2, (500, 600), round_over=True),
        game(1, 2, 1, (500, 600), round_over=True, number=2),
    ]
    ranked = standings(teams, level, "wins")
    # one win each, 1100 points each, one win each between them, same ratio: a lot
    assert ranked[1].tie_break == "lot"


def test_a_forfeit_gives_the_team_present_the_scales_award_and_the_absent_one_nothing():
    scale = SCALES["fibur-4"]
    table = TableGame(1, 1, 1, 2)
    forfeit = game_result(
        table,
        (0, 0),
        0,
        None,
        True,
        adjustment=Adjustment("East-West did not come", absent=1),
        scale=scale,
    )
    assert forfeit.state == "adjusted"
    assert forfeit.counted
    assert forfeit.vp == (12, 0)
    assert forfeit.winner == 0
    assert forfeit.reason == "East-West did not come"
    penalised = game_result(
        table,
        (0, 0),
        0,
        None,
        True,
        adjustment=Adjustment("no-show", absent=0, penalty=3),
        scale=scale,
    )
    assert penalised.vp == (-3, 12)
    none = game_result(
        table, (0, 0), 0, None, True, adjustment=Adjustment("both absent", not_played=True)
    )
    assert none.state == "not played"
    assert not none.counted


def test_a_corrected_result_replaces_the_matchs_and_keeps_its_reason():
    scale = SCALES["fibur-3"]
    table = TableGame(1, 1, 1, 2)
    fixed = game_result(
        table,
        (1200, 1000),
        3,
        0,
        True,
        adjustment=Adjustment("score sheet misread", totals=(1000, 1200)),
        scale=scale,
    )
    assert fixed.totals == (1000, 1200)
    assert fixed.winner == 1
    assert fixed.vp == (8, 12)
    assert fixed.reason == "score sheet misread"
