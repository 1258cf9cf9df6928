"""A few score sheets at a time per server process; the others wait briefly, then 503.

Rendering a sheet keeps a core busy for up to about two seconds (the largest match:
docs/benchmarks.md, "Score sheets") and holds Python's lock for most of it, and each server
process has only a few threads (``referee serve``: four).  Were every thread rendering,
no page of that process would answer until one finished.  So per process at most
``SHEET_RENDERS`` sheets render at once and as many more wait for a turn, each for at
most ``SHEET_WAIT_SECONDS``; any other request for a sheet is answered at once with
503, ``Retry-After`` and a page in the player's language saying to try again.  The
threads left stay free for pages.  A sheet already rendered (the cache in
:mod:`referee.web.parts.sending`) needs no turn.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app
from flask_babel import gettext as _

from .errors import refuse


class Busy(Exception):
    "Every turn to render a sheet in this process is taken, and no turn came in time."


class SheetTurns:
    """At most ``renders`` at once, at most ``renders`` more waiting ``wait`` seconds."""

    def __init__(self, renders: int, wait: float) -> None:
        self.wait = wait
        self._turns = threading.BoundedSemaphore(renders)
        self._places = threading.BoundedSemaphore(2 * renders)  # rendering or waiting

    @contextmanager
    def turn(self) -> Iterator[None]:
        """Hold a turn to render while the block runs.

        :raises Busy: if as many are waiting already, or no turn came within ``wait``.
        """
        with self.place(), self.rendering():
            yield

    @contextmanager
    def place(self) -> Iterator[None]:
        """Hold one of the places (rendering or waiting) while the block runs: a request
        waiting for a paper another request is making holds one too, so that waiting never
        takes more of the process's threads than rendering may.

        :raises Busy: if every place is taken.
        """
        if not self._places.acquire(blocking=False):
            raise Busy
        try:
            yield
        finally:
            self._places.release()

    @contextmanager
    def rendering(self) -> Iterator[None]:
        """Hold a turn to render (inside a :meth:`place`).

        :raises Busy: if no turn came within ``wait``.
        """
        if not self._turns.acquire(timeout=self.wait):
            raise Busy
        try:
            yield
        finally:
            self._turns.release()


def sheet_turns() -> SheetTurns:
    """This app's turns (one per app and process: the tests' apps do not share them)."""
    return _turns("referee.sheet_turns")


def paper_turns() -> SheetTurns:
    """The turns of a tournament's papers (its team cards and results), apart from the
    score sheets': a 1 000-team event's papers take seconds each, and while eight phones
    fetched them every match's sheet waited behind them and was refused (issue 46).  The
    same numbers (``SHEET_RENDERS``, ``SHEET_WAIT_SECONDS``) bound each pool."""
    return _turns("referee.paper_turns")


def _turns(name: str) -> SheetTurns:
    turns = current_app.extensions.get(name)
    if turns is None:
        config = current_app.config
        turns = SheetTurns(int(config["SHEET_RENDERS"]), float(config["SHEET_WAIT_SECONDS"]))
        turns = current_app.extensions.setdefault(name, turns)
    return turns


def too_busy(error: Busy):
    seconds = max(1, round(float(current_app.config["SHEET_WAIT_SECONDS"])))
    message = _(
        "The server is printing other score sheets just now. Try again in a few seconds; "
        "nothing was lost."
    )
    return refuse(_("Busy printing"), message, 503, retry_after=seconds)
