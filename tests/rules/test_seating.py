"""Who deals each hand and who plays first: 000 and 004 pass play to the left, 001 to the right."""

from __future__ import annotations

import pytest

from referee.rules import PRESETS
from referee.rules.seating import (
    SeatingError,
    deal,
    dealer_seat,
    default_seating,
    seat_sides,
    seating_problem,
)


@pytest.mark.parametrize(
    ("players", "sides", "seating"),
    [
        (2, 2, (0, 1)),
        (3, 3, (0, 1, 2)),
        # A1 A2 B1 B2 sit A1 B1 A2 B2: partners opposite each other.
        (4, 2, (0, 2, 1, 3)),
        # A1 A2 A3 B1 B2 B3 sit A1 B1 A2 B2 A3 B3.
        (6, 2, (0, 3, 1, 4, 2, 5)),
    ],
)
def test_partners_sit_apart(players, sides, seating):
    assert default_seating(players, sides) == seating
    # Whoever sits next to you is on another side.
    owner = seat_sides(players, sides)
    assert all(owner[k] != owner[(k + 1) % players] for k in range(players))


@pytest.mark.parametrize(
    ("players", "sides", "dealers"),
    [
        # Player indexes (side by side: A1 A2 B1 B2 ...) of the dealers of hands 1, 2, 3 ...
        (2, 2, [0, 1, 0, 1]),
        (3, 3, [0, 1, 2, 0]),
        (4, 2, [0, 2, 1, 3, 0]),
        (6, 2, [0, 3, 1, 4, 2, 5, 0]),
    ],
)
def test_the_deal_passes_one_seat_to_the_left_each_hand(players, sides, dealers):
    classic = PRESETS["classic"]
    seating = default_seating(players, sides)
    got = [deal(classic, seating, 0, hand).dealer for hand in range(len(dealers))]
    assert got == dealers
    # 004: "De speler links naast de deler is als eerste aan de beurt" -- the next
    # dealer is the one who played first.
    for hand in range(len(dealers) - 1):
        assert deal(classic, seating, 0, hand).first == deal(classic, seating, 0, hand + 1).dealer


def test_czech_deals_clockwise_and_the_dealers_left_begins():
    # 000 §5: "Rozdává se ... ve směru hodinových ručiček"; §6 "Hráč po levici
    # rozdávajícího zahajuje hru."  Seats A1 B1 A2 B2, seat 2 (A2) deals first.
    czech = PRESETS["czech"]
    seating = default_seating(4, 2)
    assert deal(czech, seating, 2, 0) == (1, 3)  # A2 deals, B2 at A2's left begins
    assert deal(czech, seating, 2, 1) == (3, 0)  # then B2 deals, A1 begins


def test_spanish_deals_to_the_right():
    # 001: "Las cartas serán repartidas por la persona que esté a la izquierda de quien
    # comience a jugar" -- whoever begins sits at the dealer's right.
    spanish = PRESETS["spanish"]
    seating = default_seating(4, 2)  # A1 B1 A2 B2 clockwise
    first_hand = deal(spanish, seating, 0, 0)
    assert first_hand == (0, 3)  # A1 deals; B2, at A1's right, begins
    assert [deal(spanish, seating, 0, n).dealer for n in range(5)] == [0, 3, 1, 2, 0]
    assert dealer_seat(spanish, 3, 0, 1) == 2


def test_a_seating_that_is_not_the_table_is_refused():
    classic = PRESETS["classic"]
    assert seating_problem((0, 1, 1, 3), 4)
    assert seating_problem((0, 2, 1, 3), 4) is None
    with pytest.raises(SeatingError, match="each of the 4 players once"):
        deal(classic, (0, 1, 1, 3), 0, 0)
    with pytest.raises(SeatingError, match="no seat 5"):
        deal(classic, (0, 1, 2, 3), 4, 0)


def test_every_preset_says_how_the_deal_goes():
    for variant in PRESETS.values():
        assert "deal.order" in variant.rules
        rule = variant.rules["deal.order"]
        direction = "left" if variant.play_clockwise else "right"
        assert direction in rule.text
