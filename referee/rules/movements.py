"""Who plays whom at which table, round by round: a tournament's movement as a pure plan.

Teams (partnerships, or single players at a two-handed game) are numbered from 1.
Each table seats two teams, North-South and East-West, and plays one game a round.

* **Mitchell** -- the teams of the first half sit North-South and stay at their table;
  the others sit East-West and, after each round, move up one table (the last table's
  to table 1).  North-South teams meet only East-West ones, so a plan has at most as
  many rounds as there are East-West places.  With an odd number of teams the last
  table is a phantom: North-South there is nobody, and the East-West team that comes
  to it sits the round out.
* **Round robin** -- every team meets every other once (the circle method: team 1
  stays, the others turn round it).  With an odd number of teams a phantom joins, and
  whoever meets it sits out.  A whole cycle is ``teams - 1`` rounds (``teams`` when
  odd); a plan may stop before it, never go past it.

A plan that would put a pair of teams together twice is refused (:class:`PlanError`):
nothing here is fair beyond the plan's last round.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "MAX_TEAMS",
    "MOVEMENTS",
    "Pairing",
    "Plan",
    "PlanError",
    "Round",
    "most_rounds",
    "plan",
]

MITCHELL = "mitchell"
ROUND_ROBIN = "round-robin"
MOVEMENTS = (MITCHELL, ROUND_ROBIN)
MAX_TEAMS = 1000  # 500 tables: more than any club room holds


class PlanError(ValueError):
    "A plan that cannot be made fairly (or at all) from what was asked."


@dataclass(frozen=True)
class Pairing:
    """One table's game in a round: its number and the two teams at it."""

    table: int
    ns: int
    ew: int


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Pairing, ...]
    sits_out: tuple[int, ...] = ()


@dataclass(frozen=True)
class Plan:
    teams: int
    movement: str
    rounds: tuple[Round, ...]

    def to_json(self) -> dict[str, object]:
        """The plan as ``referee tournament plan --json`` prints it."""
        return {
            "teams": self.teams,
            "movement": self.movement,
            "rounds": [
                {
                    "round": r.number,
                    "tables": [{"table": p.table, "ns": p.ns, "ew": p.ew} for p in r.tables],
                    "sits_out": list(r.sits_out),
                }
                for r in self.rounds
            ],
        }


def tables_for(teams: int) -> int:
    """The tables a round needs: one for every two teams (a team short sits out)."""
    return teams // 2


def most_rounds(teams: int, movement: str) -> int:
    """The most rounds the movement plays before a pair of teams would meet again."""
    if movement == MITCHELL:
        return (teams + 1) // 2  # the East-West places, the phantom's among them
    return teams - 1 if teams % 2 == 0 else teams


def plan(teams: int, rounds: int, movement: str) -> Plan:
    """The movement of ``teams`` teams over ``rounds`` rounds.

    :raises PlanError: for an unknown movement, fewer than two teams, no rounds, or
        more rounds than the movement plays without a pair meeting twice.
    """
    if movement not in MOVEMENTS:
        raise PlanError(f"the movement must be one of {', '.join(MOVEMENTS)}, not {movement!r}")
    if not 2 <= teams <= MAX_TEAMS:
        raise PlanError(f"a tournament has from 2 to {MAX_TEAMS} teams, not {teams}")
    if rounds < 1:
        raise PlanError(f"a tournament has at least one round, not {rounds}")
    most = most_rounds(teams, movement)
    if rounds > most:
        raise PlanError(
            f"{teams} teams play at most {most} rounds of a {movement} movement"
            f" before a pair meets again, not {rounds}"
        )
    build = _mitchell if movement == MITCHELL else _round_robin
    return Plan(teams, movement, tuple(build(teams, r) for r in range(1, rounds + 1)))


def _mitchell(teams: int, number: int) -> Round:
    places = (teams + 1) // 2  # East-West places: one per table, and the phantom's
    north_south = teams // 2
    tables = []
    sits_out = []
    for place in range(places):
        # East-West team k (0-based) starts at place k and moves up one place a round.
        ew = north_south + 1 + (place - (number - 1)) % places
        if place < north_south:
            tables.append(Pairing(place + 1, place + 1, ew))
        else:  # the phantom's place: nobody sits North-South here
            sits_out.append(ew)
    return Round(number, tuple(tables), tuple(sits_out))


def _round_robin(teams: int, number: int) -> Round:
    size = teams + teams % 2  # a phantom, numbered teams + 1, makes it even
    # The circle: team 1 stays in place 0; the others turn one place a round.
    others = list(range(2, size + 1))
    shift = (number - 1) % (size - 1)
    circle = [1] + others[-shift:] + others[:-shift] if shift else [1] + others
    tables: list[Pairing] = []
    sits_out: list[int] = []
    for k in range(size // 2):
        a, b = circle[k], circle[size - 1 - k]
        if teams < a or teams < b:
            sits_out.append(min(a, b))
            continue
        # Team 1 changes direction each round, so no team sits one way all evening.
        if k == 0 and number % 2 == 0:
            a, b = b, a
        tables.append(Pairing(len(tables) + 1, a, b))
    return Round(number, tuple(tables), tuple(sits_out))
