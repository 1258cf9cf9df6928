"""Rows into values and values into rows: a stored match, group, tournament, hand and change
read back as the plain values of :mod:`referee.match`, and the columns written for them.

A stored JSON column that no reader could read comes back as :data:`UNREADABLE` for the
match's checks to name, rather than failing every reader of it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

from ..caches import lru_cached
from ..match.ledger import Change, HandRecord, Match
from ..match.roster import Group
from ..match.standings import Tournament

TOKEN_BYTES = 16  # 128 random bits in each secret link (edit and read-only)


def in_chunks(ids: Sequence[int], size: int = 500) -> Iterator[tuple[list[int], str]]:
    """``ids`` a few hundred at a time (SQLite's limit on parameters), each with its ``?``
    marks for an ``IN (...)``."""
    for start in range(0, len(ids), size):
        chunk = list(ids[start : start + size])
        yield chunk, ", ".join("?" * len(chunk))


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def dumps(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def match_from(row: dict[str, Any]) -> Match:
    # Without its count of changes, which moves with every hand: the match it holds doesn't.
    return _stored_match(tuple((k, v) for k, v in row.items() if k != "changes"))


UNREADABLE = "unreadable"  # a stored JSON column no reader could read


def stored_json(text: Any, default: Any) -> Any:
    """A stored JSON column; one that is not JSON comes back as :data:`UNREADABLE`, which
    the match's checks (:mod:`referee.match.integrity`) refuse, naming it, instead of failing
    here on every page of a match a damaged database holds."""
    if text is None or text == "":
        return default
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return UNREADABLE
    return default if value is None else value


def as_tuple(value: Any) -> tuple[Any, ...]:
    return tuple(value) if isinstance(value, list) else ()


# Saves 0.90 ms (23 %) of the 3.91 ms match page, 2.25 ms (41 %) of the 5.44 ms statistics
# (bench/bench_caches.py "stored matches", 2026-11-27).  Bound: 256 matches, each a few KB with
# its rules; safe: the key is the whole row, so a changed match is a new entry, never a stale
# one.
@lru_cached(256)
def _stored_match(columns: tuple[tuple[str, Any], ...]) -> Match:
    """The match a stored row holds, made once per content of the row and shared: a
    :class:`Match` is immutable, and one made once keeps its rules (rebuilt from the
    snapshot) from request to request.  Columns of the wrong kind are handed on for the
    match's checks to name (a tuple column that is no list is empty)."""
    row = dict(columns)
    carried = stored_json(row.get("carried_over"), {})
    if not isinstance(carried, dict):
        carried = {"totals": (), "hands": -1}  # refused by the checks: damaged
    return Match(
        id=row["id"],
        name=row["name"] or "",
        variant_id=row["variant_id"],
        options=stored_json(row["options"], {}),
        snapshot=stored_json(row["snapshot"], {}),
        players=row["players"],
        side_names=as_tuple(stored_json(row["side_names"], [])),
        player_names=as_tuple(stored_json(row["player_names"], [])),
        target=row["target"],
        edit_token=row["edit_token"],
        view_token=row["view_token"],
        created=row["created"],
        finished=bool(row["finished"]),
        winner=row["winner"],
        group_id=row.get("group_id"),
        player_ids=as_tuple(stored_json(row.get("player_ids"), [])),
        seating=as_tuple(stored_json(row.get("seating"), [])),
        first_dealer=row.get("first_dealer") or 0,
        closed=row.get("closed"),
        carried_totals=as_tuple(carried.get("totals", [])),
        carried_hands=carried.get("hands", 0),
        overrides=stored_json(row.get("overrides"), {}),
    )


def match_columns(match: Match) -> dict[str, Any]:
    """The columns of a match that the values of :class:`Match` give as they are."""
    carried = {"totals": list(match.carried_totals), "hands": match.carried_hands}
    return {
        "name": match.name,
        "variant_id": match.variant_id,
        "options": dumps(dict(match.options)),
        "snapshot": dumps(dict(match.snapshot)),
        "players": match.players,
        "side_names": dumps(list(match.side_names)),
        "player_names": dumps(list(match.player_names)),
        "target": match.target,
        "group_id": match.group_id,
        "player_ids": dumps(list(match.player_ids)) if match.player_ids else None,
        "seating": dumps(list(match.seating)) if match.seating else None,
        "first_dealer": match.first_dealer,
        "carried_over": dumps(carried) if match.carried_totals else None,
        "overrides": dumps(dict(match.overrides)) if match.overrides else None,
    }


def group_from(row: dict[str, Any]) -> Group:
    return Group(row["id"], row["name"], row["edit_token"], row["view_token"], row["created"])


def as_mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def tournament_from(row: dict[str, Any]) -> Tournament:
    return Tournament(
        id=row["id"],
        name=row["name"],
        variant_id=row["variant_id"],
        # A damaged column plays the preset as it is rather than failing every page.
        options=as_mapping(stored_json(row["options"], {})),
        overrides=as_mapping(stored_json(row["overrides"], {})),
        players=row["players"],
        rounds=row["rounds"],
        movement=row["movement"],
        hands=row["hands"],
        minutes=row["minutes"],
        ranking=row["ranking"],
        edit_token=row["edit_token"],
        view_token=row["view_token"],
        current_round=row["current_round"],
        clock_end=row["clock_end"],
        finished=bool(row["finished"]),
        created=row["created"],
        scale=_scale_of(row.get("scale")),
        bye=row.get("bye") or "nothing",
        draw=row.get("draw"),
        absent_penalty=row.get("absent_penalty") or 0,
        signoff=bool(row.get("signoff")),
    )


def _scale_of(text: Any) -> Any:
    found = stored_json(text, None) if text else None
    return found if isinstance(found, dict) else None


CHANGE_COLUMNS = "id, hand_id, action, before, after, at, undone, number, phone"


def entry_from(text: Any) -> Any:
    """A stored entry of the history: None (no entry), its value, or :data:`UNREADABLE`
    (not JSON), which the checks refuse by name (referee.web.parts.damaged) rather than every
    reader of the history failing on it."""
    return None if text is None else stored_json(text, None)


def change_from(row: Sequence[Any]) -> Change:
    """A row of ``history`` read as :data:`CHANGE_COLUMNS`."""
    change_id, hand_id, action, before, after, at, undone, number, phone = row
    return Change(
        change_id,
        hand_id,
        action,
        entry_from(before),
        entry_from(after),
        at,
        bool(undone),
        number,
        phone,
    )


ROWID_END = 2**63 - 1  # above every change's number: "before the end"


def hand_from(row: dict[str, Any]) -> HandRecord:
    return HandRecord(
        id=row["id"],
        match_id=row["match_id"],
        # Parsed each time: a cache of the texts saved nothing measurable (0.5 % of a hand
        # POST and its page, 1.0 % of the history page; bench/bench_caches.py, 2026-11-25).
        entry=json.loads(row["entry"]),
        result=json.loads(row["result"]),
        created=row["created"],
        updated=row["updated"],
    )
