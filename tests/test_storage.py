"""Storage: named migrations, WAL, restarts, idempotency tokens, history and undo."""

from __future__ import annotations

import sqlite3

import pytest

from referee.storage import DuplicateSubmission, Storage, TurnMoved, migrations
from tests.support.database import ENTRY, match_of_four, open_storage, turn


def test_migrations_are_named_and_applied_once(tmp_path):
    path = tmp_path / "r.db"
    Storage.initialise(path)
    Storage.initialise(path)  # a restart applies nothing twice
    storage = Storage(path)
    assert [m.name for m in migrations.applied(storage.db)] == [
        "create_matches_and_hands",
        "groups_seating_and_paper",
        "table_rules",
        "tournaments",
        "closed_matches_and_phones",
        "tournament_events",
        "tournament_directing",
        "tournament_lateness",
        "history_hand_numbers",
        "tournament_signoff",
    ]
    assert storage.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_everything_survives_a_restart(tmp_path):
    path = tmp_path / "r.db"
    storage = open_storage(path)
    match = match_of_four(storage)
    storage.add_hand(match.id, ENTRY, {"valid": True}, "t" * 20)
    storage.close()
    again = open_storage(path)
    assert again.get_match(match.id) == match
    assert [h.entry for h in again.hands(match.id)] == [ENTRY]


def test_a_token_records_a_hand_only_once(tmp_path):
    storage = open_storage(tmp_path / "r.db")
    match = match_of_four(storage)
    storage.add_hand(match.id, ENTRY, {}, "t" * 20)
    with pytest.raises(DuplicateSubmission):
        storage.add_hand(match.id, ENTRY, {}, "t" * 20)
    assert len(storage.hands(match.id)) == 1
    assert len(storage.history(match.id)) == 1  # the refused try left no trace


def test_history_and_undo(tmp_path):
    storage = open_storage(tmp_path / "r.db")
    match = match_of_four(storage)
    first = storage.add_hand(match.id, ENTRY, {}, "a" * 20)
    edited = {"mode": "quick", "sides": [{"meld_points": 75}, {"meld_points": 0}]}
    storage.update_hand(match.id, first.id, edited, {})
    storage.delete_hand(match.id, first.id)
    assert [c.action for c in storage.history(match.id)] == ["delete", "edit", "add"]
    turn(storage, match.id, lambda entry: {"rescored": True})
    assert storage.get_hand(match.id, first.id).entry == edited
    turn(storage, match.id, lambda entry: {"rescored": True})
    restored = storage.get_hand(match.id, first.id)
    assert restored.entry == ENTRY
    assert restored.result == {"rescored": True}
    turn(storage, match.id, lambda entry: {})
    assert storage.hands(match.id) == []
    assert turn(storage, match.id, lambda entry: {}) is None


def test_an_undo_scored_for_a_change_no_longer_the_last_is_refused_and_stores_nothing(tmp_path):
    """Storage scores nothing: the caller scores the hand the change puts back, and storage
    checks in its transaction that the change is still the one to turn."""
    storage = open_storage(tmp_path / "r.db")
    match = match_of_four(storage)
    first = storage.add_hand(match.id, ENTRY, {}, "a" * 20)
    storage.delete_hand(match.id, first.id)
    scored = storage.next_turn(match.id)  # the deletion, scored by this phone ...
    storage.add_hand(match.id, ENTRY, {}, "b" * 20)  # ... as another phone adds a hand
    with pytest.raises(TurnMoved):
        storage.undo(match.id, scored.id, {"stale": True})
    assert storage.get_hand(match.id, first.id) is None
    assert storage.history(match.id)[0].action == "add"  # no undo kept
    # Undoing the addition takes that hand out: no score needed.
    assert storage.undo(match.id, storage.next_turn(match.id).id, None).action == "add"
    # Undoing the deletion puts a hand back: never without its score.
    with pytest.raises(ValueError, match="its score is needed"):
        storage.undo(match.id, storage.next_turn(match.id).id, None)
    assert storage.get_hand(match.id, first.id) is None


def test_the_database_refuses_a_hand_for_no_match(tmp_path):
    storage = open_storage(tmp_path / "r.db")
    with pytest.raises(sqlite3.IntegrityError):
        storage.db.execute(
            "INSERT INTO hands (match_id, entry, result, deleted) VALUES (99, '{}', '{}', 0)"
        )


# -- backup --------------------------------------------------------------------------------


def _count(path, table="hands"):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
    finally:
        conn.close()


def test_backup_of_a_live_database_holds_what_was_committed(tmp_path):
    path = tmp_path / "live.db"
    storage = open_storage(path)
    match = match_of_four(storage)
    for i in range(5):
        storage.add_hand(match.id, ENTRY, {}, f"t{i}")
    # Another connection (a request of the running server) is half-way through a write.
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute(
        "INSERT INTO hands (match_id, entry, result, created, updated, deleted) "
        "VALUES (?, '{}', '{}', '', '', 0)",
        [match.id],
    )
    copy = storage.backup(tmp_path / "copy.db")
    writer.execute("COMMIT")
    writer.close()
    assert _count(copy) == 5  # the unfinished write is not in the copy
    assert _count(path) == 6
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one file
    conn.close()
    restored = Storage(copy)
    assert restored.hands(match.id) == storage.hands(match.id)[:5]
    restored.close()
    assert not list(tmp_path.glob(".*partial"))
    storage.close()


def test_backups_while_another_thread_keeps_writing_are_each_consistent(tmp_path):
    import threading

    path = tmp_path / "busy.db"
    storage = open_storage(path)
    matches = [match_of_four(storage), match_of_four(storage)]  # a match holds at most 200 hands
    done = threading.Event()

    def keep_writing():
        other = Storage(path)
        try:
            for i in range(300):
                other.add_hand(matches[i % 2].id, ENTRY, {}, f"w{i}")
        finally:
            other.close()
            done.set()

    thread = threading.Thread(target=keep_writing)
    thread.start()
    counts = []
    for n in range(6):
        copy = storage.backup(tmp_path / f"b{n}.db")
        # Each hand is written with its history line in one transaction: a consistent copy
        # has exactly as many of one as of the other.
        counts.append((_count(copy), _count(copy, "history")))
    thread.join()
    assert done.is_set()
    assert all(hands == history for hands, history in counts)
    assert _count(path) == 300
    storage.close()


def test_backup_refuses_to_overwrite_the_database_itself(tmp_path):
    storage = open_storage(tmp_path / "r.db")
    with pytest.raises(ValueError, match="is the database itself"):
        storage.backup(tmp_path / "r.db")
    storage.close()


def test_a_match_takes_no_change_past_its_cap_and_says_so(tmp_path, monkeypatch):
    from referee.storage import MatchFull, history_store

    monkeypatch.setattr(history_store, "MAX_CHANGES", 5)
    storage = open_storage(tmp_path / "r.db")
    match = match_of_four(storage)
    hand = storage.add_hand(match.id, ENTRY, {}, "t1")
    for _ in range(4):
        storage.update_hand(match.id, hand.id, ENTRY, {})
    with pytest.raises(MatchFull, match="changes"):
        storage.delete_hand(match.id, hand.id)
    with pytest.raises(MatchFull):
        turn(storage, match.id, lambda entry: {})
    assert storage.get_hand(match.id, hand.id) is not None  # nothing was done
    assert len(storage.history(match.id)) == 5
    storage.close()


def test_the_count_of_changes_is_kept_by_every_write_and_by_an_import(tmp_path):
    storage = open_storage(tmp_path / "r.db")
    match = match_of_four(storage)
    hand = storage.add_hand(match.id, ENTRY, {}, "t1")
    storage.update_hand(match.id, hand.id, ENTRY, {})
    turn(storage, match.id, lambda entry: entry)
    turn(storage, match.id, lambda entry: entry, redo=True)
    storage.delete_hand(match.id, hand.id)

    def counted(match_id):
        return storage.db.execute(
            "SELECT changes FROM matches WHERE id = ?", [match_id]
        ).fetchone()[0]

    assert counted(match.id) == len(storage.history(match.id)) == 5
    copy = storage.import_match(
        storage.get_match(match.id), storage.all_hands(match.id), storage.history(match.id)[::-1]
    )
    assert counted(copy.id) == 5
    storage.close()


def _changes(storage, match_id: int, count: int) -> None:
    hand = storage.add_hand(match_id, ENTRY, {}, f"t{match_id}-{count}")
    for n in range(count - 1):
        entry = {**ENTRY, "note": str(n)}
        storage.update_hand(match_id, hand.id, entry, {})


def test_the_history_is_read_a_page_at_a_time_by_change_number(tmp_path):
    storage = open_storage(tmp_path / "r.db")
    one, other = match_of_four(storage), match_of_four(storage)
    _changes(storage, one.id, 7)
    _changes(storage, other.id, 3)  # numbered after the first match's: never on its pages
    _changes(storage, one.id, 2)
    everything = [c.id for c in storage.history(one.id)]  # newest first: 9 changes
    assert len(everything) == 9
    assert [c.id for c in storage.changes_before(one.id, None, 4)] == everything[:4]
    assert [c.id for c in storage.changes_before(one.id, everything[3], 4)] == everything[4:8]
    assert [c.id for c in storage.changes_before(one.id, everything[7], 4)] == everything[8:]
    assert storage.changes_before(one.id, everything[-1], 4) == []
    # Where the page of newer changes begins: the ones after a change, oldest first.
    assert storage.change_ids_after(one.id, everything[6], 3) == everything[3:6][::-1]
    # A change's number in its match's history, counted from its first.
    assert storage.changes_up_to(one.id, everything[0]) == 9
    assert storage.changes_up_to(one.id, everything[-1]) == 1


def test_a_history_entry_that_is_not_json_is_read_as_unreadable_not_raised(tmp_path):
    storage = open_storage(tmp_path / "r.db")
    match = match_of_four(storage)
    _changes(storage, match.id, 2)
    storage.db.execute("UPDATE history SET after = '{not json' WHERE match_id = ?", [match.id])
    storage.db.conn.commit()
    assert {c.after for c in storage.changes_before(match.id, None, 5)} == {"unreadable"}
    assert storage.can_undo(match.id)  # the match page asks this: no traceback


def test_the_polls_version_and_a_history_page_are_read_by_the_index(tmp_path):
    # The poll (Versions.QUERY) and a page of the history cost the same whatever the
    # history's length only while SQLite seeks them in the index on match_id.
    from referee.storage import Versions

    storage = open_storage(tmp_path / "r.db")
    match = match_of_four(storage)
    run: list[str] = []
    storage.db.conn.set_trace_callback(run.append)  # each statement, its values bound
    storage.changes_before(match.id, 9, 51)
    storage.change_ids_after(match.id, 3, 50)
    storage.db.conn.set_trace_callback(None)
    queries = [Versions.QUERY.replace("?", str(match.id)), *run]
    assert len(queries) == 3
    details = [
        " ".join(str(step[-1]) for step in storage.db.execute(f"EXPLAIN QUERY PLAN {q}"))
        for q in queries
    ]
    assert all("INDEX idx_history_match_id (match_id=?" in d for d in details), details
    assert not any("SCAN history" in d or "TEMP B-TREE" in d for d in details), details


def test_every_way_into_storage_is_guarded():
    """Each public method of every part of Storage (and its opening) wears ``guarded`` at
    its def, so that a full disk or a read-only file is Unavailable (a 503), never a 500."""
    from referee.storage.connection import guarded

    wrapper = guarded(len).__code__  # what guarded puts in front of any method
    ways_in = {
        name: getattr(attr, "__func__", attr)
        for part in Storage.__mro__[:-1]
        for name, attr in vars(part).items()
        if (name == "__init__" or not name.startswith("_"))
        and callable(getattr(attr, "__func__", attr))
    }
    assert {"__init__", "initialise", "add_hand", "begin_round", "prune"} <= set(ways_in)
    assert [name for name, method in ways_in.items() if method.__code__ is not wrapper] == []


def test_the_history_keeps_each_hands_number_and_what_took_it_out(tmp_path):
    """A hand deleted is named by the number it had, and by what took it out, from which
    phone (issue 48: "a hand no longer in the match" told a family nothing)."""
    storage = open_storage(tmp_path / "r.db")
    match = match_of_four(storage)
    ids = [storage.add_hand(match.id, ENTRY, {"valid": True}, f"t{n}" * 10, phone="anna").id
           for n in range(3)]  # fmt: skip
    storage.update_hand(match.id, ids[1], ENTRY, {"valid": True}, phone="ben")
    storage.delete_hand(match.id, ids[0], phone="ben")  # hand 1 goes: hand 2 becomes hand 1
    storage.delete_hand(match.id, ids[1], phone="ben")
    said = [(c.action, c.number, c.phone) for c in reversed(storage.history(match.id))]
    assert said == [
        ("add", 1, "anna"), ("add", 2, "anna"), ("add", 3, "anna"),
        ("edit", 2, "ben"), ("delete", 1, "ben"), ("delete", 1, "ben"),
    ]  # fmt: skip
    last = storage.last_changes(match.id, [ids[0], ids[1], ids[2]])
    assert {hand: (c.action, c.number) for hand, c in last.items()} == {
        ids[0]: ("delete", 1),
        ids[1]: ("delete", 1),
        ids[2]: ("add", 3),
    }
