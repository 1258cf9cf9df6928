"""A club's tournament: teams, rounds that move, and the standings of their games.

Plain values, like :mod:`referee.match.roster`: storage hands them in and out, the web
shows them.  A tournament lives behind two secret links, as a match does: the
director's (edit) link begins rounds and opens every table's match; the read-only
link shows the standings, fit for a projector and for the players' phones.

Each table's game is an ordinary match (:mod:`referee.match.ledger`); which teams sit at
which table in each round is the movement's plan (:mod:`referee.rules.movements`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

__all__ = [
    "GameResult",
    "Standing",
    "TableGame",
    "Team",
    "Tournament",
    "TournamentEvent",
    "game_result",
    "results_json",
    "standings_rows",
    "step_start",
    "version_text",
    "wins_text",
    "standings",
]

MAX_TEAMS = 400  # at one tournament: a very big club night (200 tables)
MAX_ROUNDS = 30
MAX_HANDS = 20  # hands in a game of a fixed number of hands
MAX_MINUTES = 600  # a round's time limit
RANKINGS = ("wins", "points")  # by wins then total points, or by total points then wins

# The standings move on in steps of some seconds (the setting STANDINGS_SECONDS).  Every
# player's phone and the projector reload the standings when their version changes: with
# 200 tables a hand is entered somewhere about twice a second, and 800 phones reloading a
# 400-team page on each one is more than a small server can give (bench_club.py
# --tournament, 2026-11-25).  The version counts the changes made before the start of the
# current step: the same in every worker process, so a phone never reloads because two
# workers disagree, and the page it reloads to shows everything up to the moment it was
# made.
ALWAYS = "9999-12-31"  # after every time a change is stamped with


def step_start(now: float, step: int) -> str:
    """The start of the step of ``step`` seconds that ``now`` (a POSIX time) is in, as
    changes are stamped (ISO, UTC, to the second); :data:`ALWAYS` when there are no steps."""
    if step <= 0:
        return ALWAYS
    return datetime.fromtimestamp(now - now % step, UTC).isoformat(timespec="seconds")


def version_text(current_round: int, finished: bool, latest: int) -> str:
    """The standings' version: the round, whether it is over, the latest change counted."""
    return f"{current_round}.{int(finished)}.{latest}"


@dataclass(frozen=True)
class Tournament:
    id: int
    name: str
    variant_id: str
    options: Mapping[str, bool]
    overrides: Mapping[str, Any]  # the values every table plays differently from the preset
    players: int  # at each table: 2 (single players) or 4 (two teams of two)
    rounds: int
    movement: str
    hands: int | None  # a game is this many hands; None: to the target score
    minutes: int | None  # a round's time limit; None: untimed
    ranking: str
    edit_token: str
    view_token: str
    current_round: int = 0  # 0: not begun
    clock_end: str | None = None  # when the current round's time is up (ISO, UTC)
    finished: bool = False
    created: str = ""


@dataclass(frozen=True)
class Team:
    number: int  # from 1, as the movement's plan numbers them
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class TableGame:
    """Where a round put two teams: the table, North-South, East-West, and its match."""

    round: int
    table: int
    ns: int  # team numbers
    ew: int
    match_id: int | None = None


@dataclass(frozen=True)
class TournamentEvent:
    """What happened to a round or one of its tables, in the tournament's history."""

    round: int
    table: int | None  # None: the whole round
    match_id: int | None
    # "round ended", "round ended early", "tournament ended", "tournament ended early";
    # for a table: "reopened" (with the director's reason), "closed" (by the director),
    # "closed with the round" (a reopened table closed when the round or tournament ended).
    action: str
    reason: str | None
    at: str


@dataclass(frozen=True)
class GameResult:
    """A table's game as its match stands: totals North-South first."""

    game: TableGame
    totals: tuple[int, int]
    hands: int
    finished: bool  # the match is over by its rules
    # 0: North-South won, 1: East-West, None: level (a half win each) or not decided yet.
    winner: int | None
    counted: bool  # in the standings: finished, or its round is over

    def points(self, team: int) -> int:
        return self.totals[0] if team == self.game.ns else self.totals[1]

    def score(self, team: int) -> float:
        """1 for a win, ½ for a game level when it ended, 0 for a loss."""
        side = 0 if team == self.game.ns else 1
        return 0.5 if self.winner is None else float(self.winner == side)


def game_result(
    game: TableGame, totals: Sequence[int], hands: int, winner: int | None, round_over: bool
) -> GameResult:
    """The game with its match's ``totals`` and ``winner`` (None while it plays on); once
    its round is over an unfinished game goes to the higher total, as on paper."""
    pair = (int(totals[0]), int(totals[1])) if len(totals) >= 2 else (0, 0)
    finished = winner is not None
    if not finished and round_over and pair[0] != pair[1]:
        winner = 0 if pair[0] > pair[1] else 1
    return GameResult(game, pair, hands, finished, winner, finished or round_over)


@dataclass(frozen=True)
class Standing:
    rank: int  # teams level on the ranking's figures share a rank
    team: Team
    played: int
    wins: float
    points: int
    games: tuple[GameResult, ...] = field(default=())


def standings(teams: Sequence[Team], results: Sequence[GameResult], ranking: str) -> list[Standing]:
    """The teams in order: by wins then total points, or by total points then wins.

    Only games that count (finished, or their round over) give wins; every game's
    points count as they stand, so the standings move with each hand entered."""
    by_team: dict[int, list[GameResult]] = {}  # each team's games in the order given
    for r in results:
        by_team.setdefault(r.game.ns, []).append(r)
        if r.game.ew != r.game.ns:
            by_team.setdefault(r.game.ew, []).append(r)
    rows = []
    for team in teams:
        games = tuple(by_team.get(team.number, ()))
        counted = [r for r in games if r.counted]
        wins = sum((r.score(team.number) for r in counted), 0.0)
        points = sum(r.points(team.number) for r in games)
        rows.append((team, len(counted), wins, points, games))

    def key(row: tuple[Team, int, float, int, tuple[GameResult, ...]]) -> tuple[float, float]:
        _team, _played, wins, points, _games = row
        return (-wins, -points) if ranking == "wins" else (-points, -wins)

    rows.sort(key=lambda row: (*key(row), row[0].number))
    out: list[Standing] = []
    for i, row in enumerate(rows):
        level = i > 0 and key(rows[i - 1]) == key(row)
        rank = out[-1].rank if level else i + 1
        team, played, wins, points, games = row
        out.append(Standing(rank, team, played, wins, points, games))
    return out


def results_json(
    tournament: Tournament,
    ranked: Sequence[Standing],
    games: Sequence[GameResult],
    events: Sequence[TournamentEvent] = (),
    changed: Collection[int] = (),
) -> dict[str, Any]:
    """The tournament's standings, every game and its history (``events``) as JSON values
    (the export and the API); ``changed``: the matches changed after the director reopened
    them."""
    return {
        "tournament": tournament.id,
        "name": tournament.name,
        "variant": tournament.variant_id,
        "movement": tournament.movement,
        "rounds": tournament.rounds,
        "current_round": tournament.current_round,
        "finished": tournament.finished,
        "ranking": tournament.ranking,
        "hands_per_game": tournament.hands,
        "clock_end": tournament.clock_end,
        "standings": [
            {
                "rank": s.rank,
                "team": s.team.number,
                "name": s.team.name,
                "players": list(s.team.players),
                "played": s.played,
                "wins": s.wins,
                "points": s.points,
            }
            for s in ranked
        ],
        "games": [
            {
                "round": g.game.round,
                "table": g.game.table,
                "ns": g.game.ns,
                "ew": g.game.ew,
                "totals": list(g.totals),
                "hands": g.hands,
                "finished": g.finished,
                "counted": g.counted,
                "winner": None if g.winner is None else ("ns", "ew")[g.winner],
                "changed_after_reopening": g.game.match_id in changed,
            }
            for g in games
        ],
        "events": [
            {
                "round": e.round,
                "table": e.table,
                "action": e.action,
                "reason": e.reason,
                "at": e.at,
            }
            for e in events
        ],
    }


CSV_HEADER = ("rank", "team", "name", "players", "played", "wins", "points")


def standings_rows(ranked: Sequence[Standing]) -> list[tuple[Any, ...]]:
    """The standings as rows of :data:`CSV_HEADER`."""
    return [
        (s.rank, s.team.number, s.team.name, " & ".join(s.team.players), s.played, s.wins, s.points)
        for s in ranked
    ]


def wins_text(wins: float) -> str:
    """Wins as a player writes them: "2", "2½", "½"."""
    whole = int(wins)
    if wins == whole:
        return str(whole)
    return f"{whole or ''}½"
