"""The largest match one link can make: the most hands (200), the most changes (the cap of
:mod:`referee.match.capacity`), every name and note as long as its form field allows.

Shared by the round-trip test of the web import (tests/web/test_downloads.py) and the
history bench (bench/bench_history.py).  The history is a table's, only longer: each hand
recorded, then edits, deletions, undos and redos, in turn, until the cap.
"""

from __future__ import annotations

import itertools
from typing import Any

from referee.match import capacity
from referee.match.entry import score_entry
from referee.match.ledger import Change, HandRecord, Match, result_to_dict
from referee.rules import find_variant
from referee.rules.snapshot import variant_to_dict
from tests.support import sample

PLAYERS = 3  # classic for three: three sides, the largest entries
# The longest each form field takes, in letters a table types (and a few it may not).
NAME = ("Pátek u Žofie, dlouhý večer ♠♥♦♣ " * 3)[:60]
SIDES = tuple((f"{n} Łódź Wschód a přátelé Ñandú" * 2)[:30] for n in "ABC")
PLAYER_NAMES = tuple((f"{n} Jürgen Iñigo Bořek Grüße Zoë" * 2)[:30] for n in "123")
NOTE = ("Přebíral balíček, pak se dohodli: sedmičky platí. Grüße! ¿Señoría? " * 4)[:200]
STAMP = "2026-11-22T19:30:00+00:00"


def match() -> Match:
    variant = find_variant("classic")
    return Match(
        id=0,
        name=NAME,
        variant_id="classic",
        options={},
        snapshot=variant_to_dict(variant),
        players=PLAYERS,
        side_names=SIDES,
        player_names=PLAYER_NAMES,
        target=100_000,
        edit_token="",
        view_token="",
        created=STAMP,
    )


def _entry(base: dict[str, Any], note: str) -> dict[str, Any]:
    return {**base, "note": note}


def largest(
    changes: int = capacity.MAX_CHANGES, hands: int = capacity.MAX_HANDS, deleted: int = 0
) -> tuple[Match, list[tuple[HandRecord, bool]], list[Change]]:
    """A match of ``hands`` hands in play, ``deleted`` deleted hands after them (each with
    its note) and ``changes`` changes, as :meth:`referee.storage.Storage.import_match`
    takes it."""
    found = match()
    variant = found.variant
    typed = sample.entries(hands + 4, sides=len(SIDES), seed=5)
    entries = [_entry(e, NOTE) for e in typed[:hands]]
    spare = [_entry(e, NOTE[::-1]) for e in typed[hands:]]  # what the edits type

    def result(entry: dict[str, Any]) -> dict[str, Any]:
        scored = score_entry(variant, found.players, found.side_names, entry)
        return result_to_dict(scored)

    records = [HandRecord(i, 0, e, result(e), STAMP, STAMP) for i, e in enumerate(entries, 1)]
    history = [Change(i, i, "add", None, e, STAMP, False) for i, e in enumerate(entries, 1)]
    # Then, hand after hand: an edit, undone, redone, and edited back (the entry as typed).
    # The hands end as recorded; every change holds whole entries, as a table's would.
    for n in itertools.cycle(range(1, hands + 1)):
        if len(history) >= changes:
            break
        entry, other = entries[n - 1], spare[n % len(spare)]
        for action, before, after in (
            ("edit", entry, other),
            ("undo", other, entry),
            ("redo", entry, other),
            ("edit", other, entry),
        ):
            if len(history) < changes:
                history.append(Change(len(history) + 1, n, action, before, after, STAMP, False))
    gone = [
        HandRecord(hands + i, 0, e, result(e), STAMP, STAMP)
        for i, e in enumerate(itertools.islice(itertools.cycle(spare), deleted), 1)
    ]
    return found, [(r, False) for r in records] + [(r, True) for r in gone], history
