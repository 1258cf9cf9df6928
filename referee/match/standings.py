"""A club's tournament: teams, rounds that move, and the standings of their games.

Plain values, like :mod:`referee.match.roster`: storage hands them in and out, the web
shows them.  A tournament lives behind two secret links, as a match does: the
director's (edit) link begins rounds and opens every table's match; the read-only
link shows the standings, fit for a projector and for the players' phones.

Each table's game is an ordinary match (:mod:`referee.match.ledger`); which teams sit at
which table in each round is the movement's plan (:mod:`referee.rules.movements`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from ..rules.victory import Scale, scale_from, victory_points

__all__ = [
    "GameResult",
    "Standing",
    "TableGame",
    "Team",
    "Tournament",
    "TournamentEvent",
    "bye_result",
    "game_result",
    "results_json",
    "standings_rows",
    "step_start",
    "version_text",
    "wins_text",
    "standings",
]

MAX_TEAMS = 1000  # at one tournament: a federation's big event (500 tables)
MAX_ROUNDS = 30
MAX_HANDS = 20  # hands in a game of a fixed number of hands
MAX_MINUTES = 600  # a round's time limit
# by wins then total points, by total points then wins, or by victory points out of 20
RANKINGS = ("wins", "points", "vp")

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


def version_text(current_round: int, finished: bool, latest: int, directed: int = 0) -> str:
    """The standings' version: the round, whether it is over, the latest change counted,
    and what the director changed (a forfeit, a correction, a team late or gone)."""
    return f"{current_round}.{int(finished)}.{latest}.{directed}"


# What sitting a round out gives a team: nothing, or the forfeit award (a win, and the
# scale's award in a victory-point event).
BYE_NOTHING = "nothing"
BYE_AWARD = "award"
BYES = (BYE_NOTHING, BYE_AWARD)

# A team on the director's list: here (checked in), not (yet) here, or gone (withdrawn
# after playing: its games stay).
PRESENT = "present"
ABSENT = "absent"
WITHDRAWN = "withdrawn"


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
    # A victory-point event's scale (:func:`referee.rules.victory.scale_from`): the JSON of a
    # published scale's id or the event's own bands; None: no victory points.
    scale: Mapping[str, Any] | None = None
    bye: str = BYE_NOTHING  # what a round sat out gives (:data:`BYES`)
    draw: int | None = None  # round 1 in an order drawn by this number; None: the list's
    absent_penalty: int = 0  # victory points taken from a team that does not come
    signoff: bool = False  # each table's result is confirmed by the other side

    def victory_scale(self) -> Scale | None:
        return scale_from(self.scale) if self.scale else None


@dataclass(frozen=True)
class Team:
    number: int  # from 1, as entered (a late team after the others)
    name: str
    players: tuple[str, ...]
    status: str = PRESENT
    joined: int = 0  # the round a late team joined before; 0: from the start
    left: int | None = None  # withdrawn before this round; None: still playing


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


# A game's state, as the director's page and the standings tell it.
NOT_STARTED = "not started"  # no hand yet, its round still on
IN_PLAY = "in play"
FINISHED = "finished"  # over by its rules, or its round over with hands played
NOT_PLAYED = "not played"  # its round over without a hand, or so settled: counts for nobody
ADJUSTED = "adjusted"  # the director's result (a forfeit, a correction), with a reason
STATES = (NOT_STARTED, IN_PLAY, FINISHED, NOT_PLAYED, ADJUSTED)


@dataclass(frozen=True)
class Adjustment:
    """The director's word on a game: a forfeit (``absent`` names the side that did not
    come: 0 North-South, 1 East-West; the other is awarded the game), a game not played by
    either, or a result entered (``totals`` North-South first), always with a reason."""

    reason: str
    absent: int | None = None  # a forfeit: the side that did not come
    totals: tuple[int, int] | None = None  # an entered result
    not_played: bool = False
    penalty: int = 0  # victory points taken from the absent side (the event's rule)
    # the absent side came more than ten minutes late: it keeps the scale's late award
    # (FIBur's 6 or 8 victory points) and no event penalty
    late: bool = False


@dataclass(frozen=True)
class GameResult:
    """A table's game as its match stands: totals North-South first."""

    game: TableGame
    totals: tuple[int, int]
    hands: int
    finished: bool  # the match is over by its rules
    # 0: North-South won, 1: East-West, None: level (a half win each) or not decided yet.
    winner: int | None
    counted: bool  # in the standings: finished, adjusted, or its round is over with hands
    state: str = FINISHED
    vp: tuple[int, int] | None = None  # victory points, North-South first (a VP event)
    reason: str | None = None  # why the director adjusted it
    # Confirmed by the other side (or the director for them) as it stands; None: not asked
    # (an event without sign-off, a game not over, or one the director settled).
    confirmed: bool | None = None

    @property
    def unconfirmed(self) -> bool:
        """Over, and waiting for the other side's confirmation."""
        return self.confirmed is False

    def points(self, team: int) -> int:
        return self.totals[0] if team == self.game.ns else self.totals[1]

    def against(self, team: int) -> int:
        return self.totals[1] if team == self.game.ns else self.totals[0]

    def score(self, team: int) -> float:
        """1 for a win, ½ for a game level when it ended, 0 for a loss."""
        side = 0 if team == self.game.ns else 1
        return 0.5 if self.winner is None else float(self.winner == side)

    def victory_points(self, team: int) -> int:
        if self.vp is None:
            return 0
        return self.vp[0] if team == self.game.ns else self.vp[1]


def game_result(
    game: TableGame,
    totals: Sequence[int],
    hands: int,
    winner: int | None,
    round_over: bool,
    *,
    adjustment: Adjustment | None = None,
    scale: Scale | None = None,
    penalties: tuple[int, int] = (0, 0),
) -> GameResult:
    """The game with its match's ``totals`` and ``winner`` (None while it plays on); once
    its round is over an unfinished game goes to the higher total, as on paper, and a game
    without a hand was not played (it counts for nobody).  The director's ``adjustment``
    decides over the match; ``scale`` gives a counted game its victory points;
    ``penalties`` (North-South first: points taken by the director, a pair 5 to 10
    minutes late) come off the totals, and a finished game goes to the higher total left."""
    pair = (int(totals[0]), int(totals[1])) if len(totals) >= 2 else (0, 0)
    pair = (pair[0] - penalties[0], pair[1] - penalties[1])
    if adjustment is not None:
        return _adjusted(game, pair, hands, adjustment, scale, penalties)
    if winner is not None and any(penalties):
        winner = None if pair[0] == pair[1] else (0 if pair[0] > pair[1] else 1)
        if winner is None:  # level once the points are taken: a half win each
            vp = victory_points(scale, *pair) if scale is not None else None
            return GameResult(game, pair, hands, True, None, True, FINISHED, vp)
    finished = winner is not None
    if not finished and not hands:
        state = NOT_PLAYED if round_over else NOT_STARTED
        return GameResult(game, pair, hands, False, None, False, state)
    if not finished and round_over and pair[0] != pair[1]:
        winner = 0 if pair[0] > pair[1] else 1
    counted = finished or round_over
    vp = victory_points(scale, *pair) if scale is not None and counted else None
    return GameResult(
        game, pair, hands, finished, winner, counted, FINISHED if counted else IN_PLAY, vp
    )


def _adjusted(
    game: TableGame,
    pair: tuple[int, int],
    hands: int,
    adjustment: Adjustment,
    scale: Scale | None,
    penalties: tuple[int, int] = (0, 0),
) -> GameResult:
    if adjustment.not_played:
        return GameResult(
            game, (0, 0), hands, False, None, False, NOT_PLAYED, None, adjustment.reason
        )
    if adjustment.absent is not None:
        present = 1 - adjustment.absent
        vp = None
        if scale is not None:
            shares = [0, 0]
            shares[present] = scale.forfeit
            shares[adjustment.absent] = (
                scale.late if adjustment.late else scale.absent - adjustment.penalty
            )
            vp = (shares[0], shares[1])
        return GameResult(
            game, (0, 0), hands, False, present, True, ADJUSTED, vp, adjustment.reason
        )
    totals = pair
    if adjustment.totals is not None:
        totals = (adjustment.totals[0] - penalties[0], adjustment.totals[1] - penalties[1])
    winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    vp = victory_points(scale, *totals) if scale is not None else None
    return GameResult(game, totals, hands, False, winner, True, ADJUSTED, vp, adjustment.reason)


def bye_result(number: int, team: int, scale: Scale | None) -> GameResult:
    """Round ``number`` sat out by ``team``, where a bye gives the forfeit award: a win with
    no points, and the scale's award in a victory-point event (table 0, nobody opposite)."""
    vp = (scale.forfeit, 0) if scale is not None else None
    return GameResult(TableGame(number, 0, team, 0), (0, 0), 0, False, 0, True, ADJUSTED, vp, BYE)


BYE = "bye"  # the reason a bye's result gives

# How teams level on the ranking's figures are told apart, in this order.
HEAD_TO_HEAD = "head-to-head"  # what they scored in their games against each other
RATIO = "points ratio"  # their points for, divided by the points against
LOT = "lot"  # drawn, the same for the same tournament (shown beside the team)
TIE_BREAKS = (HEAD_TO_HEAD, RATIO, LOT)


@dataclass(frozen=True)
class Standing:
    rank: int
    team: Team
    played: int
    wins: float
    points: int
    games: tuple[GameResult, ...] = field(default=())
    vp: int = 0
    against: int = 0
    # which tie-break put this team below the one above it, level on the ranking's figures
    # (None: the figures did)
    tie_break: str | None = None


def _ratio(points: int, against: int) -> float:
    if against > 0:
        return points / against
    return float("inf") if points > 0 else 0.0


def standings(
    teams: Sequence[Team],
    results: Sequence[GameResult],
    ranking: str,
    *,
    seed: int = 0,
) -> list[Standing]:
    """The teams in order: by wins then total points, by total points then wins, or by
    victory points then total points; teams level on those by :data:`TIE_BREAKS`, so every
    rank is one team's.

    Only games that count (finished, adjusted, or their round over with a hand played)
    give wins, victory points and the points ratio; every game's points count as they
    stand, so the standings move with each hand entered.  The lot is drawn from ``seed``
    (the tournament's number): the same order each time the standings are made."""
    by_team: dict[int, list[GameResult]] = {}  # each team's games in the order given
    for r in results:
        by_team.setdefault(r.game.ns, []).append(r)
        if r.game.ew != r.game.ns:
            by_team.setdefault(r.game.ew, []).append(r)
    rows = []
    for team in teams:
        games = tuple(by_team.get(team.number, ()))
        counted = [r for r in games if r.counted]
        rows.append(
            Standing(
                0,
                team,
                len(counted),
                sum((r.score(team.number) for r in counted), 0.0),
                sum(r.points(team.number) for r in games),
                games,
                sum(r.victory_points(team.number) for r in counted),
                sum(r.against(team.number) for r in counted),
            )
        )

    def key(row: Standing) -> tuple[float, float]:
        if ranking == "points":
            return (-row.points, -row.wins)
        if ranking == "vp":
            return (-row.vp, -row.points)
        return (-row.wins, -row.points)

    lots = {team.number: i for i, team in enumerate(_drawn(teams, seed))}
    rows.sort(key=lambda row: key(row))
    out: list[Standing] = []
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and key(rows[end]) == key(rows[start]):
            end += 1
        out += _break_ties(rows[start:end], ranking, lots, start)
        start = end
    return out


def _drawn(teams: Sequence[Team], seed: int) -> list[Team]:
    order = list(teams)
    random.Random(seed).shuffle(order)
    return order


def _break_ties(
    level: list[Standing], ranking: str, lots: Mapping[int, int], before: int
) -> list[Standing]:
    """Teams level on the ranking's figures, in order by :data:`TIE_BREAKS`."""
    numbers = {row.team.number for row in level}

    def head_to_head(row: Standing) -> float:
        mine = row.team.number
        among = [
            r
            for r in row.games
            if r.counted and {r.game.ns, r.game.ew} <= numbers and r.game.ns != r.game.ew
        ]
        if ranking == "vp":
            return float(sum(r.victory_points(mine) for r in among))
        return sum((r.score(mine) for r in among), 0.0)

    figures = {
        row.team.number: (
            -head_to_head(row),
            -_ratio(row.points, row.against),
            lots[row.team.number],
        )
        for row in level
    }
    level = sorted(level, key=lambda row: figures[row.team.number])
    out = []
    for i, row in enumerate(level):
        tie_break = None
        if i:
            above, mine = figures[level[i - 1].team.number], figures[row.team.number]
            tie_break = next(
                name for name, a, b in zip(TIE_BREAKS, above, mine, strict=True) if a != b
            )
        out.append(replace(row, rank=before + i + 1, tie_break=tie_break))
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
                "vp": s.vp,
                "against": s.against,
                "tiebreak": s.tie_break,
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
                "state": g.state,
                "vp": None if g.vp is None else list(g.vp),
                "reason": g.reason,
                "changed_after_reopening": g.game.match_id in changed,
                # sign-off: true confirmed, false waiting for it, null not asked
                "confirmed": g.confirmed,
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
