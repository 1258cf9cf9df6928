"""Who plays whom in a tournament's next round, from the teams as they are now: the
movement's plan (:mod:`referee.rules.movements`) or a Swiss round paired from the
standings (:mod:`referee.rules.swiss`), with the teams that checked in, came late or
withdrew.

* **Mitchell and round robin** are planned for the teams present when round 1 began (in
  the list's order, or drawn).  A late team takes the plan's empty place, where there is
  one (an odd number of teams): it plays whoever would have sat the round out.  A team
  that withdrew leaves its opponent of each later round sitting out.
* **Swiss** pairs each round from the standings as they are when it begins: the teams
  present, late ones at the bottom, withdrawn ones no more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..rules import PRESETS
from ..rules.movements import MITCHELL, Pairing, PlanError, Round, most_rounds, plan
from ..rules.swiss import SWISS, draw, pair_round
from .ledger import Match
from .standings import ABSENT, TableGame, Team, Tournament

__all__ = [
    "MITCHELL_THEN_SWISS",
    "LateRefused",
    "late_place",
    "playing",
    "by_standings",
    "round_games",
    "round_plan",
    "starters",
]

# A club's mixed event: Mitchell rounds, then a last round paired by the standings (the
# leaders meet at the end), as Burraco clubs end a Mitchell evening with a Danish round.
MITCHELL_THEN_SWISS = "mitchell-swiss"


class LateRefused(ValueError):
    """A late team that the movement has no place for; ``place_taken``: the one empty
    place is a late team's already (else the movement has none: an even number began)."""

    def __init__(self, message: str, *, place_taken: bool) -> None:
        super().__init__(message)
        self.place_taken = place_taken


def playing(teams: Sequence[Team], number: int) -> list[Team]:
    """The teams that play round ``number``: here, joined by then, not withdrawn before."""
    return [
        t
        for t in teams
        if t.status != ABSENT and t.joined <= number and (t.left is None or t.left > number)
    ]


def starters(tournament: Tournament, teams: Sequence[Team]) -> list[Team]:
    """The teams present when round 1 began, in the plan's order (the list's, or drawn)."""
    first = [t for t in teams if t.joined == 0 and t.status != ABSENT]
    if tournament.draw is not None:
        order = draw([t.number for t in first], tournament.draw)
        by_number = {t.number: t for t in first}
        return [by_number[n] for n in order]
    return first


def late_place(tournament: Tournament, teams: Sequence[Team]) -> None:
    """Whether a late team can join: a Swiss event always places it; a planned movement
    only in its empty place (an odd number of teams began, and no late team has it yet).

    :raises LateRefused: saying why not."""
    if tournament.movement == SWISS or (
        tournament.movement == MITCHELL_THEN_SWISS
        and tournament.current_round + 1 == tournament.rounds
    ):
        return
    if len(starters(tournament, teams)) % 2 == 0:
        raise LateRefused(
            "the movement was planned for an even number of teams: it has no empty place",
            place_taken=False,
        )
    if any(t.joined for t in teams):
        raise LateRefused(
            "a late team has the movement's one empty place already", place_taken=True
        )


def round_plan(
    tournament: Tournament,
    teams: Sequence[Team],
    number: int,
    *,
    ranked: Sequence[int] = (),
    played: Sequence[TableGame] = (),
    byes: Mapping[int, Sequence[int]] | None = None,
) -> Round:
    """Round ``number``: its tables and who sits out.  ``ranked``: the team numbers as the
    standings order them now; ``played``: every table of the rounds before; ``byes``: who sat
    each round out (a Swiss round needs all three).

    :raises PlanError: when the teams present cannot play the round (too few, or more
        rounds than the movement has without a pair meeting twice)."""
    active = playing(teams, number)
    movement, rounds = tournament.movement, tournament.rounds
    if movement == MITCHELL_THEN_SWISS:  # Mitchell rounds, then a last round by the standings
        if number == rounds:
            return _swiss(tournament, active, number, ranked, played, byes or {})
        movement, rounds = MITCHELL, rounds - 1
    if movement == SWISS:
        return _swiss(tournament, active, number, ranked, played, byes or {})
    first = starters(tournament, teams)
    if len(first) < 2:
        raise PlanError(f"a tournament needs at least two teams present, not {len(first)}")
    if rounds > most_rounds(len(first), movement):
        raise PlanError(
            f"{len(first)} teams play at most {most_rounds(len(first), movement)}"
            f" rounds of this movement without a pair meeting twice"
        )
    planned = plan(len(first), rounds, movement).rounds[number - 1]
    slot = {i + 1: team.number for i, team in enumerate(first)}
    here = {t.number for t in active}
    late = [t.number for t in active if t.joined]
    tables: list[Pairing] = []
    sits_out: list[int] = []
    for pairing in planned.tables:
        ns, ew = slot[pairing.ns], slot[pairing.ew]
        if ns in here and ew in here:
            tables.append(Pairing(len(tables) + 1, ns, ew))
        else:  # a team withdrew: its opponent sits out
            sits_out += [t for t in (ns, ew) if t in here]
    for out in (slot[n] for n in planned.sits_out):
        if late and out in here:  # the late team has the empty place
            tables.append(Pairing(len(tables) + 1, late.pop(0), out))
        elif out in here:
            sits_out.append(out)
    return Round(number, tuple(tables), tuple(sorted(sits_out)))


def _swiss(
    tournament: Tournament,
    active: Sequence[Team],
    number: int,
    ranked: Sequence[int],
    played: Sequence[TableGame],
    byes: Mapping[int, Sequence[int]],
) -> Round:
    numbers = [t.number for t in active]
    if number == 1:
        order = draw(numbers, tournament.draw) if tournament.draw is not None else numbers
    else:
        present = set(numbers)
        order = [n for n in ranked if n in present]
        order += [n for n in numbers if n not in order]  # not in the standings yet: last
    before = [g for g in played if g.round < number]
    balance: dict[int, int] = {}
    for g in before:
        balance[g.ns] = balance.get(g.ns, 0) + 1
        balance[g.ew] = balance.get(g.ew, 0) - 1
    return pair_round(
        number,
        order,
        met=[frozenset((g.ns, g.ew)) for g in before],
        byes=[t for r, teams in byes.items() if r < number for t in teams],
        balance=balance,
        last_ns=[g.ns for g in before if g.round == number - 1],
    )


def by_standings(tournament: Tournament, number: int) -> bool:
    """Whether round ``number`` is paired from the standings (Swiss, or the last round of a
    Mitchell then Swiss): the caller then gives :func:`round_games` the ranking."""
    return number > 1 and (
        tournament.movement == SWISS
        or (tournament.movement == MITCHELL_THEN_SWISS and number == tournament.rounds)
    )


def round_games(
    tournament: Tournament,
    teams: Sequence[Team],
    number: int,
    name: Callable[[int], str],
    *,
    ranked: Sequence[int] = (),
    played: Sequence[TableGame] = (),
    byes: Mapping[int, Sequence[int]] | None = None,
) -> tuple[list[tuple[TableGame, Match]], list[int]]:
    """Round ``number`` made: each table with its match, not stored yet (as storage's
    ``begin_round`` takes them), and the teams that sit it out.  ``name``: a table's
    match's name, by the table's number; ``ranked``, ``played``, ``byes`` as
    :func:`round_plan` takes them (a round :func:`by_standings` needs all three).

    :raises PlanError: when the teams present cannot play the round."""
    by_number = {t.number: t for t in teams}
    base = PRESETS[tournament.variant_id]
    planned = round_plan(tournament, teams, number, ranked=ranked, played=played, byes=byes)
    games = []
    for pairing in planned.tables:
        ns, ew = by_number[pairing.ns], by_number[pairing.ew]
        match = Match.begin(
            base,
            tournament.options,
            tournament.players,
            [ns.name, ew.name],
            [*ns.players, *ew.players],
            name=name(pairing.table),
            overrides=tournament.overrides,
        )
        games.append((TableGame(number, pairing.table, ns.number, ew.number), match))
    return games, list(planned.sits_out)
