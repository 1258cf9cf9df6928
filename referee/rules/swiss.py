"""Swiss (Danish) rounds: each round paired from the standings, as a pure plan.

The Danish system of Burraco clubs (*sistema danese*: first against second, third
against fourth, ...) and the Swiss rounds of chess and bridge events pair a round
only once the round before it is over, from the standings as they then are:

* **Round 1** -- the teams in the order given (the list's, or one drawn by the caller).
* **Each later round** -- the best-placed team still unpaired meets the next-best it has
  not met yet; where that leaves teams further down unable to pair without a rematch,
  the choice is taken back and the next opponent tried (backtracking).  Only when no
  pairing at all avoids a rematch are the fewest teams paired again: then, from the top,
  each meets the next-best, met or not.
* **The bye** -- with an odd number of teams, the lowest-placed team that has not had a
  bye sits the round out (everybody has had one: the lowest-placed), unless the others
  could then not pair without a rematch.  How a bye scores
  is the event's rule, not the pairing's.
* **Directions** -- North-South and East-West alternate: of two teams, the one that sat
  North-South more often than East-West sits East-West (even: the one North-South last
  round; still even, the better placed sits North-South).

Tables are numbered from the top: the leaders' game is table 1.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from .movements import Pairing, PlanError, Round

__all__ = ["SWISS", "draw", "pair_round"]

SWISS = "swiss"
# Pairings tried before the search gives up on avoiding every rematch: a club's event
# finds its pairing in a few hundred; a field where none exists would otherwise try them all.
SEARCH_LIMIT = 200_000


def draw(teams: Sequence[int], seed: int) -> list[int]:
    """``teams`` in an order drawn by lot, the same for the same ``seed`` (shown to the
    room, so the draw can be checked)."""
    order = list(teams)
    random.Random(seed).shuffle(order)
    return order


def pair_round(
    number: int,
    standings: Sequence[int],
    met: Collection[frozenset[int]] = (),
    byes: Collection[int] = (),
    balance: Mapping[int, int] | None = None,
    last_ns: Collection[int] = (),
) -> Round:
    """Round ``number`` of a Swiss event, its teams ``standings`` best first.

    ``met``: the pairs of teams that have played each other; ``byes``: the teams that have
    sat a round out; ``balance``: each team's rounds North-South less its rounds
    East-West; ``last_ns``: the teams that sat North-South in the round before.

    :raises PlanError: for fewer than two teams, or a team listed twice.
    """
    if len(set(standings)) != len(standings):
        raise PlanError("a team is listed twice in the standings")
    if len(standings) < 2:
        raise PlanError(f"a round pairs at least two teams, not {len(standings)}")
    counts = balance or {}
    order = list(standings)
    met_pairs = {frozenset(pair) for pair in met}
    budget = [SEARCH_LIMIT]
    sits_out: tuple[int, ...] = ()
    pairs: list[tuple[int, int]] | None = None
    if len(order) % 2:
        # The lowest-placed without a bye, unless the others then cannot pair without a
        # rematch: the next one up, and so on; a rematch is avoided even at the cost of a
        # second bye (then to the lowest-placed that can take it).
        candidates = [t for t in reversed(order) if t not in byes] or [order[-1]]
        for team in candidates + [t for t in reversed(order) if t in byes]:
            found = _pair([t for t in order if t != team], met_pairs, budget)
            if found is not None:
                sits_out, pairs = (team,), found
                break
        if pairs is None:
            sits_out = (candidates[0],)
    if pairs is None:
        rest = [t for t in order if t not in sits_out]
        pairs = _pair(rest, met_pairs, budget) or _fewest_rematches(rest, met_pairs)
    tables = []
    for table, (a, b) in enumerate(pairs, start=1):
        ns, ew = _directions(a, b, counts, last_ns)
        tables.append(Pairing(table, ns, ew))
    return Round(number, tuple(tables), sits_out)


def _pair(
    order: list[int], met: set[frozenset[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Every team of ``order`` paired with no pair in ``met``, the best-placed first each
    with the next-best it may meet; None when there is no such pairing (or the search
    spent the round's ``budget`` of pairings tried, shared by every search of a round)."""

    def search(left: list[int]) -> list[tuple[int, int]] | None:
        if not left:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        top, others = left[0], left[1:]
        for i, opponent in enumerate(others):
            if frozenset((top, opponent)) in met:
                continue
            rest = search(others[:i] + others[i + 1 :])
            if rest is not None:
                return [(top, opponent), *rest]
            if budget[0] < 0:
                return None
        return None

    return search(order)


def _fewest_rematches(order: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """From the top, each team with the next-best it has not met, else the next-best."""
    left = list(order)
    pairs = []
    while left:
        top = left.pop(0)
        fresh = [t for t in left if frozenset((top, t)) not in met]
        opponent = (fresh or left)[0]
        left.remove(opponent)
        pairs.append((top, opponent))
    return pairs


def _directions(
    better: int, other: int, counts: Mapping[int, int], last_ns: Collection[int]
) -> tuple[int, int]:
    """(North-South, East-West) for two teams, ``better`` placed higher."""
    a, b = counts.get(better, 0), counts.get(other, 0)
    if a != b:
        return (other, better) if a > b else (better, other)
    if (better in last_ns) != (other in last_ns):
        return (other, better) if better in last_ns else (better, other)
    return better, other
