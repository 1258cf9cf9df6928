"""A match in and out of the referee: JSON (the whole match) and CSV (its numbers).

Pure Python over :mod:`referee.match.ledger`; no storage and no web here.  The JSON
export holds everything needed to recreate the match: its names, rules snapshot,
house rules, target, every hand as typed (deleted ones too, which an undo may
bring back) and the history of changes.  It holds no database ids and no secret
links: hands are numbered within the file, and an imported match gets new links.
The CSV export is for spreadsheets: a row per hand and side, with the breakdown.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .match import capacity
from .match.contract import problem_json
from .match.integrity import DamagedMatch, check_hands, check_match, check_possible
from .match.ledger import Change, HandRecord, Ledger, Match, compute_ledger
from .match.plaintext import spreadsheet_cell
from .rules import MalformedInput, Problem, Variant
from .rules.overrides import checked_changes
from .rules.problems import N_, Text
from .rules.seating import seating_problem
from .rules.snapshot import SnapshotError
from .rules.strict import strict_variant

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "Imported",
    "NotAnExport",
    "TooManyChanges",
    "TooManyHands",
    "ledger_csv",
    "spreadsheet_cell",
    "match_from_json",
    "match_to_json",
]

FORMAT = "canasta-referee/match"
# 2 added the seating, the first dealer and the totals from paper; 3 the table's own rules
FORMAT_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)
ACTIONS = ("add", "edit", "delete", "undo", "redo")
# The breakdown's parts every preset has, in the sheet's order; a preset's own parts follow.
CSV_PARTS = ("melds", "canastas", "red_threes", "going_out", "hand")


class NotAnExport(ValueError):
    "The data is not a match exported by Canasta Referee, or a part of it is damaged."

    def __init__(self, words: Text | str) -> None:
        self.words = words if isinstance(words, Text) else Text(words)  # str(self): English
        super().__init__(self.words.render())


class TooManyHands(NotAnExport):
    "The match file holds more hands in play than a match may (referee.match.capacity)."

    def __init__(self, hands: int) -> None:
        super().__init__(capacity.too_many_hands(hands))  # translatable; str(error): English


class TooManyDeleted(NotAnExport):
    "The match file holds more deleted hands than a match can have (referee.match.capacity)."

    def __init__(self, deleted: int, in_play: int) -> None:
        super().__init__(capacity.too_many_deleted(deleted, in_play))


class TooManyChanges(NotAnExport):
    "The match file's history holds more changes than a match keeps (referee.match.capacity)."

    def __init__(self, changes: int) -> None:
        super().__init__(capacity.too_many_changes(changes))


@dataclass(frozen=True)
class Imported:
    """A match read from an export, ready for :meth:`referee.storage.Storage.import_match`.

    ``match`` has id 0 and no links; hand ids are the file's own numbers (1, 2, ...),
    which ``history`` refers to.
    """

    match: Match
    hands: tuple[tuple[HandRecord, bool], ...]
    history: tuple[Change, ...]


# -- JSON out ------------------------------------------------------------------------------


def disputed(variant: Variant, problems: Sequence[Problem]) -> dict[str, Any]:
    """``"disputed": true`` and the problems as the contract's errors, for a disputed hand;
    nothing for the others (a file stays as small as before for them)."""
    if not problems:
        return {}
    return {"disputed": True, "problems": [problem_json(variant, p) for p in problems]}


def match_to_json(
    match: Match, hands: Sequence[tuple[HandRecord, bool]], history: Sequence[Change]
) -> dict[str, Any]:
    """The whole match as JSON values: ``hands`` as (hand, deleted), oldest first."""
    numbers = {hand.id: n for n, (hand, _deleted) in enumerate(hands, start=1)}
    ledger = compute_ledger(match, [hand for hand, deleted in hands if not deleted])
    problems = {row.hand.id: row.problems for row in ledger.rows}
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "match": {
            "name": match.name,
            "variant_id": match.variant_id,
            "options": dict(match.options),
            "snapshot": dict(match.snapshot),
            "players": match.players,
            "side_names": list(match.side_names),
            "player_names": list(match.player_names),
            "target": match.target,
            "created": match.created,
            "finished": match.finished,
            "winner": match.winner,
            "seating": list(match.seats),
            "first_dealer": match.first_dealer,
            "carried_over": {"totals": list(match.carried_totals), "hands": match.carried_hands}
            if match.carried_hands or match.carried_totals
            else None,
            "rules": dict(match.overrides),
        },
        "hands": [
            {
                "number": numbers[hand.id],
                "entry": dict(hand.entry),
                "result": dict(hand.result),
                "created": hand.created,
                "updated": hand.updated,
                "deleted": deleted,
                # For a reader of the file, on a hand recorded although it breaks these rules,
                # as the table agreed (an import judges the hands again).
                **disputed(match.variant, problems.get(hand.id, ())),
            }
            for hand, deleted in hands
        ],
        "history": [
            {
                "hand": numbers[change.hand_id],
                "action": change.action,
                "before": change.before,
                "after": change.after,
                "at": change.at,
                "undone": change.undone,
            }
            for change in sorted(history, key=lambda change: change.id)
        ],
        # For a reader of the file; an import recomputes it from the hands.
        "ledger": {
            "totals": list(ledger.totals),
            "winner": None if ledger.winner is None else match.side_names[ledger.winner],
        },
    }


# -- JSON in -------------------------------------------------------------------------------


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise NotAnExport(f"{where}.{key} is missing")
    value = data[key]
    # bool is an int to Python, never to this format.
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        names = " or ".join(k.__name__ for k in _kinds(kind))
        raise NotAnExport(f"{where}.{key} should be {names}, not {type(value).__name__}")
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _strings(values: list[Any], where: str) -> tuple[str, ...]:
    for i, value in enumerate(values):
        if not isinstance(value, str):
            raise NotAnExport(f"{where}[{i}] should be str, not {type(value).__name__}")
    return tuple(values)


def _match(data: Mapping[str, Any]) -> Match:
    where = "match"
    options = _get(data, "options", dict, where)
    if not all(isinstance(k, str) and isinstance(v, bool) for k, v in options.items()):
        raise NotAnExport("match.options should map house rules to true or false")
    match = Match(
        id=0,
        name=_get(data, "name", str, where),
        variant_id=_get(data, "variant_id", str, where),
        options=options,
        snapshot=_get(data, "snapshot", dict, where),
        players=_get(data, "players", int, where),
        side_names=_strings(_get(data, "side_names", list, where), "match.side_names"),
        player_names=_strings(_get(data, "player_names", list, where), "match.player_names"),
        target=_get(data, "target", int, where),
        edit_token="",
        view_token="",
        created=_get(data, "created", str, where),
        finished=_get(data, "finished", bool, where),
        winner=_get(data, "winner", (str, type(None)), where),
    )
    try:  # the rules core judges the snapshot, every value of it
        variant = strict_variant(match.snapshot, match.options)
        sides = variant.sides_for(match.players)
    except SnapshotError as error:
        why = {"why": str(error)}
        words = Text(N_("match.snapshot is not rules this version reads: %(why)s"), why)
        raise NotAnExport(words) from None
    if "rules" in data:  # the table's own values (version 3)
        try:
            overrides = checked_changes(variant, data["rules"])
        except MalformedInput as error:
            raise NotAnExport(f"match.{error}") from None
        match = dataclasses.replace(match, overrides=overrides)
    if match.players not in variant.players:
        allowed = ", ".join(map(str, variant.players))
        raise NotAnExport(f"match.players is {match.players}; {variant.id} is for {allowed}")
    if len(match.side_names) != sides:
        raise NotAnExport(
            f"match.side_names has {len(match.side_names)} names; "
            f"{match.players} players of {variant.id} play as {sides} sides"
        )
    return dataclasses.replace(match, **_table(data, match.players, sides))


def _table(data: Mapping[str, Any], players: int, sides: int) -> dict[str, Any]:
    """The seating, first dealer and paper totals of a version 2 export (none in 1)."""
    where = "match"
    out: dict[str, Any] = {}
    if "seating" in data:
        seating = _get(data, "seating", list, where)
        if any(type(seat) is not int for seat in seating) or seating_problem(seating, players):
            raise NotAnExport(f"match.seating should name each of the {players} players once")
        out["seating"] = tuple(seating)
    if "first_dealer" in data:
        dealer = _get(data, "first_dealer", int, where)
        if not 0 <= dealer < players:
            raise NotAnExport(f"match.first_dealer should be a seat from 0 to {players - 1}")
        out["first_dealer"] = dealer
    carried = data.get("carried_over")
    if carried is not None:
        if not isinstance(carried, dict):
            raise NotAnExport("match.carried_over should be an object or null")
        totals = _get(carried, "totals", list, "match.carried_over")
        hands = _get(carried, "hands", int, "match.carried_over")
        if len(totals) != sides or any(type(t) is not int for t in totals):
            raise NotAnExport(f"match.carried_over.totals should be {sides} whole numbers")
        if hands < 0:
            raise NotAnExport("match.carried_over.hands should be 0 or more")
        out.update(carried_totals=tuple(totals), carried_hands=hands)
    return out


def _hands(items: list[Any]) -> tuple[tuple[HandRecord, bool], ...]:
    hands = []
    for i, item in enumerate(items):
        where = f"hands[{i}]"
        if not isinstance(item, dict):
            raise NotAnExport(f"{where} should be an object")
        number = _get(item, "number", int, where)
        if number != i + 1:
            raise NotAnExport(f"{where}.number should be {i + 1}, not {number}")
        record = HandRecord(
            id=number,
            match_id=0,
            entry=_get(item, "entry", dict, where),
            result=_get(item, "result", dict, where),
            created=_get(item, "created", str, where),
            updated=_get(item, "updated", str, where),
        )
        hands.append((record, _get(item, "deleted", bool, where)))
    return tuple(hands)


def _history(items: list[Any], count: int) -> tuple[Change, ...]:
    changes = []
    for i, item in enumerate(items):
        where = f"history[{i}]"
        if not isinstance(item, dict):
            raise NotAnExport(f"{where} should be an object")
        hand = _get(item, "hand", int, where)
        if not 1 <= hand <= count:
            raise NotAnExport(f"{where}.hand is {hand}, but the file has hands 1 to {count}")
        action = _get(item, "action", str, where)
        if action not in ACTIONS:
            raise NotAnExport(f"{where}.action should be one of {', '.join(ACTIONS)}")
        changes.append(
            Change(
                id=i + 1,
                hand_id=hand,
                action=action,
                before=_get(item, "before", (dict, type(None)), where),
                after=_get(item, "after", (dict, type(None)), where),
                at=_get(item, "at", str, where),
                undone=_get(item, "undone", bool, where),
            )
        )
    return tuple(changes)


def match_from_json(data: Any) -> Imported:
    """Read a JSON export (parsed) back.

    :raises NotAnExport: naming the first part that is missing or of the wrong kind.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotAnExport(
            Text(
                N_('not a Canasta Referee match export (no "format": "%(format)s")'),
                {"format": FORMAT},
            )
        )
    version = data.get("format_version")
    if version not in READABLE_VERSIONS:
        readable = " and ".join(map(str, READABLE_VERSIONS))
        raise NotAnExport(
            Text(
                N_("export format version %(version)s; this version reads %(readable)s"),
                {"version": repr(version), "readable": readable},
            )
        )
    try:  # text anywhere in it (kept as it is, even under keys unknown here) must be text
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise NotAnExport(Text(N_("the file holds text that is not Unicode"))) from None
    except RecursionError:
        raise NotAnExport(Text(N_("the file is nested too deeply"))) from None
    match = _match(_get(data, "match", dict, "export"))
    hands = _hands(_get(data, "hands", list, "export"))
    in_play = sum(not deleted for _hand, deleted in hands)
    if in_play > capacity.MAX_HANDS:  # more than a match may hold: refused as when playing
        raise TooManyHands(in_play)
    deleted = len(hands) - in_play
    if deleted > capacity.most_deleted(in_play):  # more than playing could have left
        raise TooManyDeleted(deleted, in_play)
    changes = _get(data, "history", list, "export")
    if len(changes) > capacity.MAX_CHANGES:  # more than a match keeps: refused as when playing
        raise TooManyChanges(len(changes))
    history = _history(changes, len(hands))
    try:  # every part as strictly as the forms check what is typed
        variant = check_match(match)
        check_hands(match, hands, history, known_only=True)
        check_possible(match, variant, hands)
    except DamagedMatch as error:
        raise NotAnExport(error.words) from None
    return Imported(match, hands, history)


# -- CSV -----------------------------------------------------------------------------------


def ledger_csv(ledger: Ledger, translate: Callable[[str], str] | None = None) -> str:
    """A row per hand and side: the opening minimum that applied, the breakdown, the
    hand's score and the running total.  ``left_in_hand`` is the breakdown's ``hand``
    (cards left in the hand); a preset's own parts follow the common ones.  The columns
    are named for programs; the reasons of a disputed hand are in ``translate``'s
    language (the page's, downloaded from it), its figures plain for the spreadsheet."""
    match = ledger.match
    variant = match.variant
    extra: list[str] = []
    for row in ledger.rows:
        for breakdown in row.breakdowns:
            extra += [key for key in breakdown if key not in CSV_PARTS and key not in extra]
    parts = [*CSV_PARTS, *extra]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    names = {"hand": "left_in_hand"}
    writer.writerow(
        ["hand", "side", "side_name", "opening_minimum"]
        + [names.get(part, part) for part in parts]
        + ["score", "total", "error", "dealer", "note", "disputed"]
    )
    for row in ledger.rows:
        before = ledger.history[row.number - 1]
        dealer = match.dealer_name(row.number)
        # "disputed": why the hand breaks the rules, recorded as the table agreed.
        disputed = spreadsheet_cell("; ".join(row.reasons(match.side_names, translate)))
        for side, name in enumerate(match.side_names):
            breakdown = row.breakdowns[side]
            writer.writerow(
                [
                    row.number,
                    side + 1,
                    spreadsheet_cell(name),
                    variant.opening_minimum(before[side], 0, match.carried_hands + row.number),
                ]
                + [breakdown.get(part, 0) for part in parts]
                + [row.scores[side], row.totals[side], spreadsheet_cell(row.error or "")]
                + [spreadsheet_cell(dealer), spreadsheet_cell(row.hand.entry.get("note", ""))]
                + [disputed]
            )
    return out.getvalue()
