"""A match's data checked as strictly as typing it: for an import, and for a match an
older version stored without these checks.

Every part goes through the checks the forms and the contract make: the names (the
forms' lengths, no control characters), the target and the totals carried over from
paper (bounded as the forms bound them), the rules snapshot and the table's own values
(the rules core's checks, :func:`referee.rules.strict.strict_variant`), the seating, and
each hand's entry (as many sides as the match has, each field of the kind and within
the bounds of its form field).  Keys this version does not know are left alone: a newer
version may keep more with a hand -- except in a file to import, whose entries may hold
only the fields this version writes (an unknown key is refused, named with its place),
and whose results only what scoring writes: a file cannot make the server keep more than
playing could.  Pure Python, no web: the import (web and command)
refuses a match that fails, and the web shows a clear page for a stored one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..rules import CanastaKind, Variant
from ..rules.overrides import checked_changes
from ..rules.problems import N_, MalformedInput, Text
from ..rules.seating import seating_problem
from ..rules.snapshot import SnapshotError
from ..rules.strict import strict_variant
from .entry import MODES, EntryError, score_entry
from .ledger import Change, HandRecord, Match
from .plaintext import control_character

__all__ = [
    "DamagedMatch",
    "check_entry",
    "check_hands",
    "check_match",
    "check_possible",
    "check_text",
]

# The forms' own limits (referee.web.parts.forms), for what an entry or a match holds.
# A side's name is typed (30) or, in a group, made of its players': "A, B & C", 3 × 30 + 5.
NAME_LENGTH = {"name": 60, "side_names": 95, "player_names": 30}
NOTE_LENGTH = 200
MELDS_LENGTH = 2000
HAND_LENGTH = 500
STAMP_LENGTH = 64  # "2026-11-24T00:30:00+00:00": the times a match and its hands keep
TARGET = (0, 1_000_000)  # a table's own rules may set the target up to a million
CARRIED_TOTAL = (-100_000, 100_000)
CARRIED_HANDS = (0, 500)
COUNTS = {  # a side's counts, each bounded as its form field is
    "red_threes": 8,
    "undeclared_red_threes": 8,
    "black_threes": 8,
    "black_threes_out": 8,
    "held_sets": 8,
    "penalties": 20,
    "escalas": 8,
    "escalas_real": 4,
    "meld_points": 20_000,
    "hand_points": 5_000,
}
SWITCHES = ("went_out", "concealed", "acabar", "exact_cut", "first_pickup")
ENTRY_KEYS = frozenset({"mode", "sides", "note"})  # what referee.web.parts.forms writes
KINDS = frozenset(kind.value for kind in CanastaKind)
# By kind of canasta, and cards counted by value: each table's key and its bounds.
TABLES = {"canastas": 20, "unfinished": 8, "meld_cards": 200, "hand_cards": 100,
          "natural_canastas": 20, "mixed_canastas": 20, "mixed_wild": 60,
          "concealed_canastas": 20, "mixed_twos": 60, "mixed_jokers": 60}  # fmt: skip
SIDE_KEYS = frozenset({"melds", "hand", "special_hand", *COUNTS, *SWITCHES, *TABLES})
RESULT_KEYS = frozenset({"valid", "sides"})  # referee.match.ledger.result_to_dict
RESULT_SIDE_KEYS = frozenset({"name", "total", "breakdown", "wins_match"})
BREAKDOWN_PARTS = 32  # a breakdown names a few parts: melds, canastas, red threes, ...
POINTS = 10_000_000  # far past any hand's score, within what a page shows
BY_VALUE = ("meld_cards", "hand_cards", "natural_canastas", "mixed_canastas", "mixed_twos",
            "mixed_jokers")  # fmt: skip
WILD_RANKS = ("X", "2")  # a quick hand's wild cards in its mixed canastas, by rank
CARD_VALUE = 1000  # the most a table's own rules let a card be worth


class DamagedMatch(ValueError):
    "A part of a match is not data this version can play by; ``words`` names it and why."

    def __init__(self, words: Text) -> None:
        self.words = words  # translatable; str(error) is the English
        super().__init__(words.render())


def _damaged(part: Text, problem: str, **params: object) -> DamagedMatch:
    words = Text(N_("%(part)s: %(problem)s"), {"part": part, "problem": Text(problem, params)})
    return DamagedMatch(words)


def check_text(value: Any, part: Text, field: str, most: int, *, lines: bool = False) -> str:
    """``value`` if it is text a person typed: at most ``most`` characters, no control
    character (``lines``: tabs and line breaks allowed)."""
    if not isinstance(value, str):
        raise _damaged(part, N_("%(field)s must be text"), field=field)
    if len(value) > most:
        raise _damaged(part, N_("%(field)s is longer than %(n)s characters"), field=field, n=most)
    if control_character(value, lines=lines) is not None:
        raise _damaged(part, N_("%(field)s holds a control character"), field=field)
    return value


def _whole(value: Any, part: Text, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _damaged(part, N_("%(field)s must be a whole number"), field=field)
    if not low <= value <= high:
        raise _damaged(
            part, N_("%(field)s must be from %(low)s to %(high)s"), field=field, low=low, high=high
        )
    return value


def _table(value: Any, part: Text, field: str, most: int) -> None:
    if not isinstance(value, dict):
        raise _damaged(part, N_("%(field)s must be an object"), field=field)
    for key, count in value.items():
        if field in BY_VALUE:
            known = key.isascii() and key.isdigit() and int(key) <= CARD_VALUE
        elif field == "mixed_wild":
            known = key in WILD_RANKS
        else:
            known = key in KINDS
        if not known:
            raise _damaged(part, N_("%(field)s holds an unknown key"), field=field)
        _whole(count, part, f"{field}.{key}", 0, most)


def _unknown(found: dict[str, Any], known: frozenset[str], part: Text) -> None:
    for key in found:
        if key not in known:
            raise _damaged(part, N_("%(field)s is not a field this version knows"), field=key)


def _side(side: Any, part: Text, known_only: bool = False) -> None:
    if not isinstance(side, dict):
        raise _damaged(part, N_("a side must be an object"))
    if known_only:
        _unknown(side, SIDE_KEYS, part)
    for key, value in side.items():
        if key == "melds":
            check_text(value, part, key, MELDS_LENGTH, lines=True)
        elif key == "hand" and value is not None:
            check_text(value, part, key, HAND_LENGTH)
        elif key in COUNTS and value is not None:
            _whole(value, part, key, 0, COUNTS[key])
        elif key == "special_hand" and value is not None:
            check_text(value, part, key, 40)
        elif key in SWITCHES and not isinstance(value, bool):
            raise _damaged(part, N_("%(field)s must be true or false"), field=key)
        elif key in TABLES:
            _table(value, part, key, TABLES[key])


def check_entry(entry: Any, sides: int, part: Text, *, known_only: bool = False) -> None:
    """A hand's entry as :mod:`referee.match.entry` reads it, for a match of ``sides`` sides
    (``known_only``: holding no key this version does not write).

    :raises DamagedMatch: naming the hand (``part``), the side and the field.
    """
    if not isinstance(entry, dict):
        raise _damaged(part, N_("the entry must be an object"))
    if known_only:
        _unknown(entry, ENTRY_KEYS, part)
    if entry.get("mode", "detailed") not in MODES:
        raise _damaged(part, N_("mode must be detailed or quick"))
    if "note" in entry:
        check_text(entry["note"], part, "note", NOTE_LENGTH)
    found = entry.get("sides")
    if not isinstance(found, list) or len(found) != sides:
        raise _damaged(part, N_("sides must be a list of %(n)s sides"), n=sides)
    for i, side in enumerate(found, start=1):
        where = Text(N_("%(part)s, side %(side)s"), {"part": part, "side": i})
        _side(side, where, known_only)


def check_result(result: Any, sides: int, part: Text) -> None:
    """A hand's stored result as scoring writes it (:func:`referee.match.ledger.result_to_dict`)
    and nothing more: pages score the entry again, so this is only kept, never trusted.
    """
    if not isinstance(result, dict):
        raise _damaged(part, N_("the result must be an object"))
    _unknown(result, RESULT_KEYS, part)
    found = result.get("sides", [])
    if not isinstance(found, list) or len(found) != sides:
        raise _damaged(part, N_("sides must be a list of %(n)s sides"), n=sides)
    for side in found:
        if not isinstance(side, dict):
            raise _damaged(part, N_("a side must be an object"))
        _unknown(side, RESULT_SIDE_KEYS, part)
        check_text(side.get("name", ""), part, "name", NAME_LENGTH["side_names"])
        breakdown = side.get("breakdown", {})
        if not isinstance(breakdown, dict) or len(breakdown) > BREAKDOWN_PARTS:
            raise _damaged(part, N_("%(field)s must be an object"), field="breakdown")
        for key, value in breakdown.items():
            check_text(key, part, "breakdown", NAME_LENGTH["player_names"])
            _whole(value, part, f"breakdown.{key}", -POINTS, POINTS)
        _whole(side.get("total", 0), part, "total", -POINTS, POINTS)


def _hand(n: int) -> Text:
    return Text(N_("hand %(n)s"), {"n": n})


def check_hands(
    match: Match,
    hands: Iterable[tuple[HandRecord, bool] | HandRecord],
    history: Sequence[Change] = (),
    *,
    known_only: bool = False,
) -> None:
    """Every hand's entry (deleted ones too: an undo may bring one back) and every entry
    the history keeps (an undo restores them), numbered from 1 as the file or the match
    numbers them.  ``known_only`` (a file to import): entries hold only the fields this
    version writes, and each hand's result only what scoring writes.

    :raises DamagedMatch: naming the first hand that a page could not show or score.
    """
    sides = len(match.side_names)
    numbers: dict[int, int] = {}
    for n, item in enumerate(hands, start=1):
        hand = item[0] if isinstance(item, tuple) else item
        numbers[hand.id] = n
        check_entry(hand.entry, sides, _hand(n), known_only=known_only)
        if known_only:
            check_result(hand.result, sides, _hand(n))
        for field, value in (("created", hand.created), ("updated", hand.updated)):
            check_text(value, _hand(n), field, STAMP_LENGTH)
    for i, change in enumerate(history, start=1):
        part = Text(N_("change %(n)s of the history"), {"n": i})
        for entry in (change.before, change.after):
            if entry is not None:
                check_entry(entry, sides, part, known_only=known_only)
        check_text(change.at, part, "at", STAMP_LENGTH)


def check_possible(
    match: Match, variant: Variant, hands: Iterable[tuple[HandRecord, bool] | HandRecord]
) -> None:
    """No hand, in play or deleted (an undo brings it back), that no table could have
    played (more cards than the packs hold, a count contradicting another): refused as the
    forms refuse it, "anyway" or not.  A hand that breaks a rule the table may agree to
    break stays, disputed.

    :raises DamagedMatch: naming the first such hand and why.
    """
    for n, item in enumerate(hands, start=1):
        hand = item[0] if isinstance(item, tuple) else item
        try:
            result = score_entry(variant, match.players, match.side_names, hand.entry)
        except (EntryError, ValueError):
            continue  # cards written wrong: the ledger shows them as such (as before)
        wrong = next((p for p in result.problems if p.impossible), None)
        if wrong is not None:
            why = wrong.text if wrong.text is not None else wrong.message
            raise DamagedMatch(Text(N_("%(part)s: %(why)s"), {"part": _hand(n), "why": why}))


def check_match(match: Match) -> Variant:
    """Everything of ``match`` but its hands; answer the rules it plays by.

    :raises DamagedMatch: naming the first part that is missing, of the wrong kind or out
        of the bounds its form field has.
    """
    part = Text(N_("the match"))
    check_text(match.name, part, "name", NAME_LENGTH["name"])
    for field in ("variant_id", "created"):
        check_text(getattr(match, field), part, field, STAMP_LENGTH)
    try:
        preset = strict_variant(match.snapshot, match.options)
        variant = preset
        if match.overrides:
            checked_changes(preset, match.overrides)
            variant = match.variant
    except SnapshotError as error:
        words = Text(N_("the rules of the match: %(why)s"), {"why": str(error)})
        raise DamagedMatch(words) from None
    except MalformedInput as error:  # the table's own values (OverrideError, mostly)
        words = Text(N_("the table's own rules: %(why)s"), {"why": str(error)})
        raise DamagedMatch(words) from None
    if match.players not in variant.players:
        raise _damaged(part, N_("these rules are not played by %(n)s players"), n=match.players)
    sides = variant.sides_for(match.players)
    _names(match, part, sides)
    _whole(match.target, part, "target", *TARGET)
    _seats(match, part)
    if match.carried_totals or match.carried_hands:
        if len(match.carried_totals) != sides:
            raise _damaged(part, N_("carried_over must give %(n)s totals"), n=sides)
        for total in match.carried_totals:
            _whole(total, part, "carried_over.totals", *CARRIED_TOTAL)
        _whole(match.carried_hands, part, "carried_over.hands", *CARRIED_HANDS)
    return variant


def _names(match: Match, part: Text, sides: int) -> None:
    for field, names, count in (
        ("side_names", match.side_names, sides),
        ("player_names", match.player_names, match.players),
    ):
        if len(names) != count:
            raise _damaged(part, N_("%(field)s must hold %(n)s names"), field=field, n=count)
        for name in names:
            check_text(name, part, field, NAME_LENGTH[field])
    if len(set(match.side_names)) != sides or not all(match.side_names):
        raise _damaged(part, N_("each side needs a name of its own"))
    if match.player_ids and len(match.player_ids) != match.players:
        names = N_("%(field)s must hold %(n)s names")
        raise _damaged(part, names, field="player_ids", n=match.players)


def _seats(match: Match, part: Text) -> None:
    seating = match.seating
    if seating and (
        any(type(seat) is not int for seat in seating) or seating_problem(seating, match.players)
    ):
        raise _damaged(part, N_("the seating must name each player once"))
    _whole(match.first_dealer, part, "first_dealer", 0, match.players - 1)
