"""Matches, hands and their history in SQLite: the only package that imports sqlite_utils.

Takes and returns the plain values of :mod:`referee.match`.  The schema is made and
changed only through the named migrations of :mod:`.schema`; the database runs in WAL
mode so phones reading the ledger never wait for a phone recording a hand.

:class:`Storage` is one connection, made of a part per concern -- matches
(:mod:`.match_store`), their history (:mod:`.history_store`), hands
(:mod:`.hand_store`), groups (:mod:`.group_store`), tournaments
(:mod:`.tournament_store`), their directing (:mod:`.directing_store`) and each
table's confirmed result (:mod:`.signoff_store`), retention
(:mod:`.retention`) -- over one connection and its one transaction helper
(:mod:`.connection`).  Every public method wears :func:`~.connection.guarded` at its
``def``.
"""

from __future__ import annotations

from ..match.ledger import Change
from .connection import Unavailable
from .directing_store import DirectingStore
from .group_store import GroupStore
from .hand_store import HandStore
from .refusals import (
    AlreadyConfirmed,
    DuplicateSubmission,
    HandGone,
    MatchClosed,
    MatchFull,
    MatchOver,
    NoSignOff,
    ResultChanged,
    SamePhone,
    Stale,
    StandingsMoved,
    TurnMoved,
)
from .retention import Prunable, Retention
from .schema import migrations
from .signoff_store import DIRECTOR, OTHER_SIDE, Confirming, SignoffStore
from .versions import Versions

__all__ = [
    "DIRECTOR",
    "OTHER_SIDE",
    "AlreadyConfirmed",
    "Change",
    "Confirming",
    "DuplicateSubmission",
    "HandGone",
    "MatchClosed",
    "MatchFull",
    "MatchOver",
    "NoSignOff",
    "Prunable",
    "ResultChanged",
    "SamePhone",
    "Stale",
    "StandingsMoved",
    "TurnMoved",
    "Storage",
    "Unavailable",
    "Versions",
    "migrations",
]


class Storage(SignoffStore, DirectingStore, GroupStore, HandStore, Retention):
    """One connection to the referee database; open one per request or thread."""
