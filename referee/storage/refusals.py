"""What a write refuses, raised inside the write's own transaction so that nothing of it is
stored: a form sent twice, a hand gone, a closed, finished or full match, a form opened on a match
another phone has changed since."""

from __future__ import annotations

from ..match.ledger import Change


class DuplicateSubmission(Exception):
    "This form was already recorded (its idempotency token has been used)."


class HandGone(Exception):
    "The hand is no longer in the match: deleted, or taken back, from another phone."


class MatchClosed(Exception):
    "The match is closed (its tournament's round is over): it takes no more changes."


class MatchOver(Exception):
    "The match is over (a side has won, as its stored hands score): it takes no more hands."


class MatchFull(Exception):
    """The match holds the most hands, or has had the most changes, one match may have
    (:mod:`referee.match.capacity`); ``args[0]`` says which: ``"hands"`` or ``"changes"``."""


class Stale(Exception):
    """The match (or, for an edit, its hand) was changed from another phone after the form
    was opened on it; ``changes`` are those changes, oldest first, and ``version`` the
    match's version now.  Nothing was stored."""

    def __init__(self, changes: list[Change], version: int) -> None:
        super().__init__(f"{len(changes)} change(s) since the form was opened")
        self.changes = changes
        self.version = version


class StandingsMoved(Exception):
    "A hand or the director's change came in while the round was being paired: pair it again."


class TurnMoved(Exception):
    """The change an undo or a redo was scored for is no longer the one to turn (another
    phone undid or changed something meanwhile); ``args[0]``: the one to turn now."""


class AlreadyConfirmed(Exception):
    "This table's result was confirmed already, as it stands: nothing was done twice."


class ResultChanged(Exception):
    "The table's result changed after the confirming page was opened: nothing was confirmed."


class SamePhone(Exception):
    "This phone entered the table's last hand: the other side confirms it on its own phone."


class NoSignOff(Exception):
    "This table's result is not confirmed by the other side (the event does not ask for it)."
