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


def turn(storage, match_id, score, token=None, *, redo=False, phone=None):
    """Undo (``redo``: redo) the match's change as the web does: the change storage would
    turn, the hand it puts back scored by ``score`` (an entry's result), then turned."""
    change = storage.next_turn(match_id, redo=redo)
    if change is None:
        return None
    back = change.after if redo else change.before
    result = score(back) if back is not None else None
    return (storage.redo if redo else storage.undo)(match_id, change.id, result, token, phone=phone)
