"""A rules snapshot read strictly: every field of the kind and within the bounds play needs.

:func:`~.snapshot.variant_from_dict` rebuilds what :func:`~.snapshot.variant_to_dict`
wrote, trusting its kinds.  A snapshot from an imported file, or one an older version
stored without asking, may hold anything JSON can: an empty opening table, a null
step, a count of 10**30.  Here every value a table may change goes through the checks
of a table's own values (:func:`.overrides.check_values`), and the few others -- the
players, the house-rule switches, the catalogue -- are checked by kind, so that what
passes can be played, shown and printed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Rank
from .overrides import OverrideError, check_values
from .overrides.kinds import MOST
from .snapshot import SnapshotError, variant_from_dict
from .variant import Option, Variant

__all__ = ["strict_variant"]

TEXT_LENGTH = 2000  # a name, a source, a rule's sentence: none comes near
PLAYERS = range(2, 7)


def _text(value: Any, where: str) -> None:
    if not isinstance(value, str) or len(value) > TEXT_LENGTH:
        raise SnapshotError(f"{where}: must be text of at most {TEXT_LENGTH} characters")


def _option(option: Option, where: str) -> None:
    for name in ("name", "help", "source"):
        _text(getattr(option, name), f"{where}.{name}")
    if not isinstance(option.default, bool):
        raise SnapshotError(f"{where}.default: must be true or false")
    for state in ("on", "off"):
        fields = getattr(option, state)
        if not isinstance(fields, Mapping) or any(f not in Variant._fields for f in fields):
            raise SnapshotError(f"{where}.{state}: must name fields of a variant")


def _fields(variant: Variant) -> None:
    """The fields :func:`.overrides.check_values` does not know: no table changes them."""
    for name in ("id", "name", "seed", "language"):
        _text(getattr(variant, name), name)
    players = variant.players
    if not players or any(type(n) is not int or n not in PLAYERS for n in players):
        raise SnapshotError("players: must be numbers of players from 2 to 6")
    if variant.default_players not in players:
        raise SnapshotError("default_players: must be one of players")
    if set(variant.card_points) != set(Rank):
        raise SnapshotError("card_points: must give every rank its value")
    if not isinstance(variant.options, tuple):
        raise SnapshotError("options: must be a list")
    for i, option in enumerate(variant.options):
        _option(option, f"options[{i}]")
    if not isinstance(variant.rules, Mapping):
        raise SnapshotError("rules: must be an object")
    for key, rule in variant.rules.items():
        for part in ("text", "source", "quote"):
            _text(getattr(rule, part), f"rules.{key}.{part}")


# The values of play no table changes (so :func:`.overrides.check_values` does not know them),
# which a house rule may switch: checked by kind and bound, in the snapshot and under each
# switch (a fuzzed file's "penalty_points": "text" reached the score sheet's printing)
_SWITCHES = (
    "upcard",
    "special_hand_after_partner",
    "bonus_cards_with_pile",
    "wild_discard_last",
    "opening_natural_canasta",
)
_COUNTS = ("turn_card", "rule_of_five", "lone_wild_penalty", "penalty_points")


def _play_fields(variant: Variant) -> None:
    for name in _SWITCHES:
        if not isinstance(getattr(variant, name), bool):
            raise SnapshotError(f"{name}: must be true or false")
    for name in _COUNTS:
        value = getattr(variant, name)
        if value is not None and (type(value) is not int or not 0 <= value <= MOST):
            raise SnapshotError(f"{name}: must be empty or a whole number from 0 to {MOST}")
    cards = variant.bonus_cards
    if not isinstance(cards, tuple) or any(type(n) is not int or not 0 <= n <= MOST for n in cards):
        raise SnapshotError(f"bonus_cards: must be whole numbers from 0 to {MOST}")
    named = variant.irregularities
    if not isinstance(named, tuple):
        raise SnapshotError("irregularities: must be a list")
    for i, name in enumerate(named):
        _text(name, f"irregularities[{i}]")


def strict_variant(data: Any, options: Mapping[str, bool]) -> Variant:
    """The variant ``data`` (a snapshot) holds, with the house rules ``options`` switched.

    :raises SnapshotError: naming the first field that is missing, of the wrong kind or
        out of bounds, in the snapshot itself or once any one house rule is switched.
    """
    if not isinstance(data, Mapping):
        raise SnapshotError("must be an object")
    variant = variant_from_dict(data)
    _fields(variant)
    try:
        for each in (variant, *_switched(variant)):  # each switch, either way, plays soundly
            check_values(each)
            _play_fields(each)
        chosen = variant.with_options(dict(options))
        check_values(chosen)
        _play_fields(chosen)
    except OverrideError as error:
        raise SnapshotError(f"{error.field}: {error.problem}") from None
    except SnapshotError:  # a value of play, named by :func:`_play_fields`
        raise
    except (KeyError, TypeError, ValueError) as error:  # UnknownOption is a KeyError
        raise SnapshotError(f"options: {error}") from None
    return chosen


def _switched(variant: Variant) -> list[Variant]:
    """``variant`` with each of its house rules switched on, and off, one at a time."""
    return [
        variant.with_options({option.name: state})
        for option in variant.options
        for state in (True, False)
    ]
