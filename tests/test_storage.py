"""Storage: named migrations, WAL, restarts, idempotency tokens, history and undo."""

from __future__ import annotations

import sqlite3

import pytest

from referee.storage import DuplicateSubmission, Storage, migrations


def _open(path):
    Storage.initialise(path)
    return Storage(path)


def _match(storage):
    return storage.create_match(
        name="m",
        variant_id="classic",
        options={},
        snapshot={"snapshot_version": 1},
        players=4,
        side_names=["A", "B"],
        player_names=["a", "b", "c", "d"],
        target=5000,
    )


ENTRY = {"mode": "quick", "sides": [{"meld_points": 50}, {"meld_points": 0}]}


def test_migrations_are_named_and_applied_once(tmp_path):
    path = tmp_path / "r.db"
    Storage.initialise(path)
    Storage.initialise(path)  # a restart applies nothing twice
    storage = Storage(path)
    assert [m.name for m in migrations.applied(storage.db)] == ["create_matches_and_hands"]
    assert storage.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_everything_survives_a_restart(tmp_path):
    path = tmp_path / "r.db"
    storage = _open(path)
    match = _match(storage)
    storage.add_hand(match.id, ENTRY, {"valid": True}, "t" * 20)
    storage.close()
    again = _open(path)
    assert again.get_match(match.id) == match
    assert [h.entry for h in again.hands(match.id)] == [ENTRY]


def test_a_token_records_a_hand_only_once(tmp_path):
    storage = _open(tmp_path / "r.db")
    match = _match(storage)
    storage.add_hand(match.id, ENTRY, {}, "t" * 20)
    with pytest.raises(DuplicateSubmission):
        storage.add_hand(match.id, ENTRY, {}, "t" * 20)
    assert len(storage.hands(match.id)) == 1
    assert len(storage.history(match.id)) == 1  # the refused try left no trace


def test_history_and_undo(tmp_path):
    storage = _open(tmp_path / "r.db")
    match = _match(storage)
    first = storage.add_hand(match.id, ENTRY, {}, "a" * 20)
    edited = {"mode": "quick", "sides": [{"meld_points": 75}, {"meld_points": 0}]}
    storage.update_hand(match.id, first.id, edited, {})
    storage.delete_hand(match.id, first.id)
    assert [c.action for c in storage.history(match.id)] == ["delete", "edit", "add"]
    storage.undo(match.id, lambda entry: {"rescored": True})
    assert storage.get_hand(match.id, first.id).entry == edited
    storage.undo(match.id, lambda entry: {"rescored": True})
    restored = storage.get_hand(match.id, first.id)
    assert restored.entry == ENTRY
    assert restored.result == {"rescored": True}
    storage.undo(match.id, lambda entry: {})
    assert storage.hands(match.id) == []
    assert storage.undo(match.id, lambda entry: {}) is None


def test_the_database_refuses_a_hand_for_no_match(tmp_path):
    storage = _open(tmp_path / "r.db")
    with pytest.raises(sqlite3.IntegrityError):
        storage.db.execute(
            "INSERT INTO hands (match_id, entry, result, deleted) VALUES (99, '{}', '{}', 0)"
        )
