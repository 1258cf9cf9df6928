"""What the packs hold: the one check of a hand's cards against the packs its table uses,
whichever way the hand was entered.

Card by card, every card is known.  Quick entry knows less: "two natural canastas of
aces" is fourteen aces, "three cards of 20 each" three cards that are aces or twos.  Both
say their cards as *groups*, each the ranks its cards may be and how many there are
(:data:`Counted`); the packs can hold them if and only if, for every set of ranks, the
groups that must come from those ranks need no more cards than the packs hold of them
(Hall's condition for sharing the counted cards out among the ranks).  So a hand is
refused only when no deal of the packs could give it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

from .cards import RANK_PLURALS, Rank
from .problems import N_, Problem, Text, problem
from .variant import Variant

__all__ = ["Counted", "overfull", "rank_limits"]

# Counted cards: (the ranks they may be, how many).
Counted = tuple[frozenset[Rank], int]

# Red threes are counted apart (laid out, never melded or kept): what is left of the threes
# in the packs are the black ones.
_TWO_A_PACK = (Rank.JOKER, Rank.THREE)


def packs_of(variant: Variant, players: int) -> int:
    """How many packs a table of ``players`` plays with."""
    return variant.packs.get(players, 2)


def rank_limits(variant: Variant, players: int) -> dict[Rank, int]:
    """How many cards of each rank the packs hold (threes: the black ones)."""
    packs = packs_of(variant, players)
    return {rank: (2 if rank in _TWO_A_PACK else 4) * packs for rank in Rank}


# Up to so many groups every union is tried (2^12 unions: a few ms); a hand of more groups
# than any form makes is tried on the unions of two or three and on all of them.
_EVERY_UNION = 12


def _merged(groups: Iterable[Counted]) -> dict[frozenset[Rank], int]:
    merged: dict[frozenset[Rank], int] = {}
    for ranks, count in groups:
        if count > 0 and ranks:
            merged[ranks] = merged.get(ranks, 0) + count
    return merged


def _names(ranks: frozenset[Rank]) -> str:
    return " ".join(rank.value for rank in Rank if rank in ranks)  # A K Q … 2 X, in order


def overfull(variant: Variant, players: int, groups: Iterable[Counted]) -> list[Problem]:
    """The cards the packs cannot hold, once each: a rank with more cards than the packs
    hold of it, else the smallest set of ranks whose counted cards overflow it.

    Sound for counts that say less than the cards: only a hand no packs could give is
    refused (see the module's docstring)."""
    limits = rank_limits(variant, players)
    packs = packs_of(variant, players)
    merged = _merged(groups)
    problems: list[Problem] = []
    single = {next(iter(r)): n for r, n in merged.items() if len(r) == 1}
    for rank in Rank:  # the plainest first: one rank over, in the words a player reads
        if single.get(rank, 0) > limits[rank]:
            problems.append(
                problem(
                    "deck_count",
                    "deck.composition",
                    N_(
                        "there are %(count)s %(rank)s on the table and in the hands, but "
                        "%(packs)s packs hold only %(limit)s"
                    ),
                    count=single[rank],
                    rank=Text(RANK_PLURALS[rank]),
                    packs=packs,
                    limit=limits[rank],
                )
            )
    if problems:
        return problems
    # Unions of the groups' rank sets, smallest first: the first that overflows is said.
    # The groups are few (a quick side's values: five or six sets), so are their unions.
    kinds = list(merged)
    seen: set[frozenset[Rank]] = set()
    sizes = list(range(1, len(kinds) + 1))
    if sum(map(len, kinds)) == len(frozenset().union(*kinds)):
        sizes = [1]  # no two groups share a rank (card by card, always): each on its own
    elif len(kinds) > _EVERY_UNION:  # more than any form says: the small unions and all
        sizes = [*range(1, 4), len(kinds)]
    for size in sizes:
        for chosen in combinations(kinds, size):
            union = frozenset().union(*chosen)
            if union in seen:
                continue
            seen.add(union)
            need = sum(n for ranks, n in merged.items() if ranks <= union)
            hold = sum(limits[rank] for rank in union)
            if need > hold:
                return [
                    problem(
                        "deck_count",
                        "deck.composition",
                        N_(
                            "the counts say at least %(count)s cards of %(ranks)s, but "
                            "%(packs)s packs hold only %(limit)s"
                        ),
                        count=need,
                        ranks=_names(union),
                        packs=packs,
                        limit=hold,
                    )
                ]
    return []


def worth(points: Mapping[Rank, int], value: int, among: Iterable[Rank] = Rank) -> frozenset[Rank]:
    """The ranks among ``among`` whose cards are worth ``value`` each."""
    return frozenset(rank for rank in among if points.get(rank) == value)
