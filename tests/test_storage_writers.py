"""Several server processes writing one database: a writer waits its turn, never fails.

Each test holds the write lock on one connection with a change not yet committed,
has another connection write meanwhile (on a thread, as another server process
would), then commits: the second write must wait and succeed, not answer "database
is locked" (which the app turns into a 503 for the player).
"""

from __future__ import annotations

import threading
import time

import pytest

from referee.storage import Storage
from tests.support.database import ENTRY, match_of_four, open_storage


def _while_another_writes(path, write):
    """Run ``write(storage)`` on a second connection while the first holds the lock."""
    holder = open_storage(path)
    other = Storage(path)
    match_of_four(other)  # the tables exist, and the other connection has read them
    holder.db.execute("BEGIN IMMEDIATE")
    holder.db.execute("UPDATE matches SET name = 'held' WHERE id = 1")
    outcome: list[object] = []

    def run():
        try:
            outcome.append(write(other))
        except Exception as error:  # what a view would see
            outcome.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(0.3)  # the other writer is waiting now
    holder.db.conn.commit()
    thread.join(15)
    holder.close()
    other.close()
    return outcome[0]


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(match_of_four, id="a new match"),
        pytest.param(lambda s: s.add_hand(1, ENTRY, {"scores": [50, 0]}, "tok-1"), id="a hand"),
    ],
)
def test_a_writer_waits_for_the_lock_instead_of_failing(tmp_path, write):
    result = _while_another_writes(tmp_path / "r.db", write)
    assert not isinstance(result, Exception), repr(result)
