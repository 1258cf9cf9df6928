"""The largest match: how many hands one match may hold, playing and importing alike.

Every page, sheet and export of a match does work in proportion to its hands, so the
hands bound the work of any one request.  The bound is far beyond any real table:

* a game to 5000 (classic and most presets) is over in 5 to 15 hands, one to 7000,
  8500 or 10 000 (spanish, american, czech, samba) in 10 to 30, bolivia's 15 000 in
  about as many (its hands score more); hand and foot plays 4 hands (a table's own
  rules allow at most 50);
* a long evening at one table, a hand every 10 to 15 minutes, is 20 to 30 hands, and a
  very slow game of weak hands perhaps 50.

200 is four times the slowest game; a match kept over a holiday week of evenings still
fits.  Its score sheet is 10 pages and renders in under 2 seconds (docs/benchmarks.md,
"Score sheets").  A table that does reach it starts a new match carrying the totals over
(*Continue a match begun on paper*), which costs nothing per hand.

Only the hands in play count: the totals carried over from paper are two numbers, and
a deleted hand is in no ledger.  An undo can never go past the bound either: it takes
back the last change, so a deleted hand comes back only where it was before.
"""

from __future__ import annotations

from ..rules.problems import N_, Text

__all__ = [
    "MAX_CHANGES",
    "MAX_HANDS",
    "changes_full",
    "full",
    "match_full",
    "most_deleted",
    "too_many_changes",
    "too_many_deleted",
    "too_many_hands",
]

MAX_HANDS = 200

# Every change to a match (a hand recorded, edited, deleted, an undo, a redo) is a row of
# its history.  200 hands, each edited, undone and redone several times, is some 2 000;
# 5 000 is more than any table makes, and keeps what one link can make the server store
# (and its history page and export) bounded.  The export of a match at both caps, a note
# on every hand, is about 10 MB (tests/support/largest.py): the import page takes 16 MB
# (MAX_IMPORT_BYTES, referee/web/plumbing/settings.py), so every export imports again.
MAX_CHANGES = 5000


def full(hands: int) -> bool:
    """Whether a match of ``hands`` hands in play may take no more."""
    return hands >= MAX_HANDS


def match_full() -> Text:
    """What a scorer reads on a hand past the bound."""
    return Text(
        N_(
            "A match holds at most %(most)s hands, and this one has them all. To play on, "
            "start a new match that carries the totals over (Continue a match begun on paper)."
        ),
        {"most": MAX_HANDS},
    )


def changes_full() -> Text:
    """What a scorer reads on a change past the bound of changes."""
    return Text(
        N_(
            "A match keeps at most %(most)s changes, and this one has had them all. To play "
            "on, start a new match that carries the totals over (Continue a match begun on "
            "paper)."
        ),
        {"most": MAX_CHANGES},
    )


def too_many_hands(hands: int) -> Text:
    """Why a match file of ``hands`` hands in play is refused."""
    return Text(
        N_("The file holds %(n)s hands; a match holds at most %(most)s."),
        {"n": hands, "most": MAX_HANDS},
    )


def too_many_changes(changes: int) -> Text:
    """Why a match file of ``changes`` changes in its history is refused."""
    return Text(
        N_("The file holds %(n)s changes; a match keeps at most %(most)s."),
        {"n": changes, "most": MAX_CHANGES},
    )


def most_deleted(in_play: int) -> int:
    """The most deleted hands a match with ``in_play`` hands in play can have: each hand
    in play took one of the :data:`MAX_CHANGES` changes (its recording), each deleted hand
    two (its recording, then its deletion or an undo of it)."""
    return max(0, MAX_CHANGES - in_play) // 2


def too_many_deleted(deleted: int, in_play: int) -> Text:
    """Why a match file of ``deleted`` deleted hands (and ``in_play`` in play) is refused."""
    return Text(
        N_(
            "The file holds %(n)s deleted hands; a match of %(hands)s hands keeps at most %(most)s."
        ),
        {"n": deleted, "hands": in_play, "most": most_deleted(in_play)},
    )
