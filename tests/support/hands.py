"""Small builders shared by the rules tests: a meld, a side and a hand from card notation."""

from __future__ import annotations

from referee.rules import (
    Hand,
    HandResult,
    Meld,
    Side,
    Variant,
    find_variant,
    parse_cards,
    score_hand,
)
from referee.rules.minimum import OPENING_SHORT

PRESET_IDS = ("classic", "czech", "czech-fast", "spanish", "german", "polish", "dutch")


def variant(variant_id: str, **options: bool) -> Variant:
    """The preset ``variant_id`` with the named house rules switched on or off."""
    return find_variant(variant_id).with_options(options)


def meld(text: str, concealed: bool = False) -> Meld:
    return Meld(parse_cards(text), concealed)


def side(*melds: str | Meld, hand: str | None = None, **fields: object) -> Side:
    """A side holding ``melds`` (notation, or a :class:`Meld` for a concealed one)."""
    built = tuple(m if isinstance(m, Meld) else meld(m) for m in melds)
    cards = None if hand is None else parse_cards(hand)
    return Side(melds=built, hand=cards, **fields)  # type: ignore[arg-type]


def score(
    variant_id: str | Variant,
    *sides: Side,
    players: int | None = None,
    opening: bool = False,
    **options: bool,
) -> HandResult:
    """Score ``sides`` (by default the opponents hold nothing and melded nothing).

    The tables here test other rules with a few small melds, so a short opening is left
    out of the problems unless ``opening`` is true (the opening minimum has its own tests,
    tests/rules/test_minimum.py, which keep it).
    """
    v = variant_id if isinstance(variant_id, Variant) else variant(variant_id, **options)
    players = players or v.default_players
    wanted = v.sides_for(players)
    all_sides = sides + tuple(Side() for _ in range(wanted - len(sides)))
    result = score_hand(v, Hand(players, all_sides))
    if opening:
        return result
    return result._replace(problems=tuple(p for p in result.problems if p.code != OPENING_SHORT))


def codes(result: HandResult) -> list[str]:
    return [problem.code for problem in result.problems]


# A clean canasta to let a side go out or count its red threes; kings are not
# used elsewhere in the tables that add it.
CANASTA = "K K K K K K K"
