"""Storage as its tests use it: a new database, a match in it, a hand's entry."""

from __future__ import annotations

from referee.match.ledger import Match
from referee.rules import find_variant
from referee.storage import Storage


def open_storage(path):
    """A new database at ``path``, opened."""
    Storage.initialise(path)
    return Storage(path)


def match_of_four(storage):
    """A classic match of four, stored."""
    return storage.create_match(
        Match.begin(find_variant("classic"), {}, 4, ["A", "B"], "abcd", name="m", target=5000)
    )


ENTRY = {"mode": "quick", "sides": [{"meld_points": 50}, {"meld_points": 0}]}
