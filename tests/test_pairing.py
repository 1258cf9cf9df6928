"""A round's making is pure (referee/match/pairing.py): the same teams, standings and
tables before give the same round, each table's match named by the caller, who sits out."""

from __future__ import annotations

import pytest

from referee.match.pairing import MITCHELL_THEN_SWISS, by_standings, round_games
from referee.match.standings import TableGame, Team, Tournament
from referee.rules.movements import ROUND_ROBIN
from referee.rules.swiss import SWISS


def _tournament(movement: str, rounds: int = 3) -> Tournament:
    return Tournament(
        id=1, name="Club", variant_id="classic", options={}, overrides={}, players=4,
        rounds=rounds, movement=movement, hands=2, minutes=None, ranking="wins",
        edit_token="", view_token="",
    )  # fmt: skip


def _teams(n: int) -> list[Team]:
    return [Team(i, f"Team {i}", (f"A{i}", f"B{i}")) for i in range(1, n + 1)]


def test_a_round_robin_round_of_five_teams():
    games, sits_out = round_games(_tournament(ROUND_ROBIN), _teams(5), 1, "table {}".format)
    assert len(games) == 2
    assert len(sits_out) == 1
    seated = {g.ns for g, _m in games} | {g.ew for g, _m in games} | set(sits_out)
    assert seated == {1, 2, 3, 4, 5}
    for game, match in games:
        assert match.name == f"table {game.table}"
        assert match.side_names == (f"Team {game.ns}", f"Team {game.ew}")
        assert game.round == 1


def test_a_swiss_round_pairs_the_standings_and_avoids_a_rematch():
    tournament = _tournament(SWISS)
    played = [TableGame(1, 1, 1, 2), TableGame(1, 2, 3, 4)]
    games, sits_out = round_games(
        tournament, _teams(4), 2, str, ranked=[1, 2, 3, 4], played=played, byes={}
    )
    pairs = {frozenset((g.ns, g.ew)) for g, _m in games}
    assert sits_out == []
    assert pairs.isdisjoint({frozenset((1, 2)), frozenset((3, 4))})


@pytest.mark.parametrize(
    ("movement", "number", "paired"),
    [
        (SWISS, 1, False),
        (SWISS, 2, True),
        (ROUND_ROBIN, 2, False),
        (MITCHELL_THEN_SWISS, 2, False),
        (MITCHELL_THEN_SWISS, 3, True),
    ],
)
def test_which_rounds_are_paired_from_the_standings(movement, number, paired):
    assert by_standings(_tournament(movement, rounds=3), number) is paired
