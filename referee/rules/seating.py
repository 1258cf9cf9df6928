"""Who sits where, who deals each hand and who plays first.

Seats are numbered clockwise from 0: seat ``i + 1`` sits at the left of seat ``i``.
Partners sit apart, the sides taking turns around the table (partners opposite each
other at four), so a match's player list -- side by side, each side's players in
seat order -- gives the seating at once.  The deal moves one seat each hand in the
variant's direction of play (``Variant.play_clockwise``); the first player sits
next to the dealer in that direction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .variant import Variant

__all__ = [
    "Deal",
    "SeatingError",
    "deal",
    "dealer_seat",
    "default_seating",
    "seat_sides",
    "seating_problem",
]


class SeatingError(ValueError):
    "A seating is not an order of the match's players around the table."


class Deal(NamedTuple):
    """Who deals a hand and who plays first, as indexes into the match's player list."""

    dealer: int
    first: int


def default_seating(players: int, sides: int) -> tuple[int, ...]:
    """The order around the table (clockwise) of a player list given side by side.

    Four players A1 A2 B1 B2 sit A1 B1 A2 B2: partners opposite.  Six sit A1 B1 A2 B2
    A3 B3; two and three players sit in their list's order.
    """
    per_side = players // sides
    return tuple(side * per_side + p for p in range(per_side) for side in range(sides))


def seat_sides(players: int, sides: int) -> tuple[int, ...]:
    """The side of each seat, clockwise from seat 0: the sides take turns."""
    return tuple(seat % sides for seat in range(players))


def seating_problem(seating: Sequence[int], players: int) -> str | None:
    """Why ``seating`` is not an order of ``players`` players, or None if it is one."""
    if sorted(seating) != list(range(players)):
        return f"the seating must name each of the {players} players once, not {list(seating)}"
    return None


def dealer_seat(variant: Variant, seats: int, first_dealer: int, hands_before: int) -> int:
    """The seat that deals the hand after ``hands_before`` hands, ``first_dealer``'s the first.

    :raises SeatingError: if ``first_dealer`` is not one of the ``seats`` seats.
    """
    if not 0 <= first_dealer < seats:
        raise SeatingError(f"there is no seat {first_dealer + 1} at a table of {seats}")
    return (first_dealer + _step(variant) * hands_before) % seats


def deal(variant: Variant, seating: Sequence[int], first_dealer: int, hands_before: int) -> Deal:
    """Who deals and who plays first in the hand after ``hands_before`` hands.

    ``first_dealer`` is the seat of the first hand's dealer; ``seating`` gives the
    player in each seat, clockwise.

    :raises SeatingError: if ``seating`` is not an order of its players or the seat
        is not one of them.
    """
    problem = seating_problem(seating, len(seating))
    if problem:
        raise SeatingError(problem)
    seat = dealer_seat(variant, len(seating), first_dealer, hands_before)
    return Deal(seating[seat], seating[(seat + _step(variant)) % len(seating)])


def _step(variant: Variant) -> int:
    """One seat in the direction of play: to the left (+1, clockwise) or to the right."""
    return 1 if variant.play_clockwise else -1
