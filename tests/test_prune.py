"""``referee prune``: finished matches last changed before a date go, with all that is theirs."""

from __future__ import annotations

import secrets
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from referee.cli import main
from referee.match.entry import score_entry
from referee.match.ledger import result_to_dict
from referee.storage import Storage
from referee.web import create_app
from referee.web.parts.access import match_ledger
from tests.support import sample
from tests.support.database import turn

TARGET = 1000  # three of sample.entries() take side 0 past it, two do not
TODAY = datetime.now(UTC).date()
OWNED = ("hands", "history", "form_tokens")  # every table that refers to a match


def _record(storage, match, count, seed=1):
    def result(entry):
        return result_to_dict(score_entry(match.variant, match.players, match.side_names, entry))

    for entry in sample.entries(count, seed=seed):
        storage.add_hand(match.id, entry, result(entry), secrets.token_urlsafe(8))


def _new_match(storage, name, hands):
    match = sample.stored(storage, name, TARGET)
    _record(storage, match, hands)
    return match


def _look(path, match_id):
    """What a phone opening the match page does: the web's ledger updates the stored flag."""
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})
    with app.app_context():
        storage = Storage(path)
        try:
            return match_ledger(storage.get_match(match_id)).finished
        finally:
            storage.close()


def _backdate(storage, match_id, when=None):
    """Every time of the match set to ``when`` (default: 400 days ago), as if played then."""
    when = when or (datetime.now(UTC) - timedelta(days=400)).isoformat(timespec="seconds")
    with storage.db.atomic():
        storage.db.execute("UPDATE matches SET created = ? WHERE id = ?", [when, match_id])
        storage.db.execute(
            "UPDATE hands SET created = ?, updated = ? WHERE match_id = ?", [when, when, match_id]
        )
        for table in ("history", "form_tokens"):
            storage.db.execute(f"UPDATE {table} SET at = ? WHERE match_id = ?", [when, match_id])


def _rows(path, table, match_id):
    conn = sqlite3.connect(path)
    try:
        query = (
            f"SELECT COUNT(*) FROM {table} WHERE {'id' if table == 'matches' else 'match_id'} = ?"
        )
        return conn.execute(query, [match_id]).fetchone()[0]
    finally:
        conn.close()


@pytest.fixture
def db(tmp_path):
    """Old and recent matches, finished and in play: only the two old finished ones may go."""
    path = tmp_path / "r.db"
    Storage.initialise(path)
    storage = Storage(path)
    made = {
        "old_named": _new_match(storage, "Pátek u Žofie ♠", 3),
        "old_unnamed": _new_match(storage, "", 4),
        "old_in_play": _new_match(storage, "still going", 2),
        "recent": _new_match(storage, "last night", 3),
        "recent_in_play": _new_match(storage, "tonight", 1),
    }
    storage.close()
    ids = {key: m.id for key, m in made.items()}
    assert [_look(path, i) for i in ids.values()] == [True, True, False, True, False]
    storage = Storage(path)
    for key in ("old_named", "old_unnamed", "old_in_play"):
        _backdate(storage, ids[key])
    storage.close()
    return path, ids


def _prune(path, *args):
    return main(["prune", *args, "--db", str(path)])


def test_a_dry_run_lists_the_old_finished_matches_and_deletes_nothing(db, capsys):
    path, ids = db
    cutoff = str(TODAY - timedelta(days=30))
    assert _prune(path, "--finished-before", cutoff) == 0
    out = capsys.readouterr().out.splitlines()
    old = (datetime.now(UTC) - timedelta(days=400)).date()
    assert out[0].startswith(f"match {ids['old_named']} 'Pátek u Žofie ♠': finished, ")
    assert out[0].endswith(", 3 hands")
    assert f"last changed {old}" in out[0]
    assert out[1].startswith(f"match {ids['old_unnamed']}: finished, last changed {old}")
    assert out[1].endswith(", 4 hands")
    assert out[2:] == ["would delete 2 matches (7 hands); run again with --yes to delete them"]
    for match_id in ids.values():
        assert _rows(path, "matches", match_id) == 1


def test_yes_deletes_exactly_those_with_all_that_is_theirs(db, capsys):
    path, ids = db
    before = {key: [_rows(path, t, i) for t in OWNED] for key, i in ids.items()}
    cutoff = str(TODAY - timedelta(days=30))
    assert _prune(path, "--finished-before", cutoff, "--yes") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "deleted 2 matches (7 hands)"
    assert len(out) == 3
    for key in ("old_named", "old_unnamed"):
        assert _rows(path, "matches", ids[key]) == 0
        assert [_rows(path, t, ids[key]) for t in OWNED] == [0, 0, 0]
    storage = Storage(path)
    try:
        for key, hands in (("old_in_play", 2), ("recent", 3), ("recent_in_play", 1)):
            assert [_rows(path, t, ids[key]) for t in OWNED] == before[key]
            match = storage.get_match(ids[key])
            assert len(storage.hands(match.id)) == hands
            assert len(storage.history(match.id)) == hands
    finally:
        storage.close()
    # Nothing is left to prune, and the database is whole.
    assert _prune(path, "--finished-before", cutoff, "--yes") == 0
    assert "nothing to delete" in capsys.readouterr().out
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()


def test_a_date_to_come_takes_every_finished_match_and_one_long_past_none(db, capsys):
    path, ids = db
    assert _prune(path, "--finished-before", "2001-01-01") == 0
    assert capsys.readouterr().out == (
        "no finished match was last changed before 2001-01-01: nothing to delete\n"
    )
    tomorrow = str(TODAY + timedelta(days=1))
    assert _prune(path, "--finished-before", tomorrow, "--yes") == 0
    assert capsys.readouterr().out.splitlines()[-1] == "deleted 3 matches (10 hands)"
    left = [key for key, i in ids.items() if _rows(path, "matches", i)]
    assert left == ["old_in_play", "recent_in_play"]  # in play, however old


@pytest.mark.parametrize(
    ("table", "column"),
    [
        ("matches", "created"),
        ("hands", "created"),
        ("hands", "updated"),
        ("history", "at"),
        ("form_tokens", "at"),
    ],
)
def test_any_recent_time_of_a_match_keeps_it(db, capsys, table, column):
    path, ids = db
    match_id = ids["old_named"]
    key = "id" if table == "matches" else "match_id"
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            f"UPDATE {table} SET {column} = ? WHERE rowid = "
            f"(SELECT MAX(rowid) FROM {table} WHERE {key} = ?)",
            [datetime.now(UTC).isoformat(timespec="seconds"), match_id],
        )
    conn.close()
    assert _prune(path, "--finished-before", str(TODAY - timedelta(days=30)), "--yes") == 0
    assert capsys.readouterr().out.splitlines()[-1] == "deleted 1 match (4 hands)"
    assert _rows(path, "matches", match_id) == 1


def test_a_time_with_another_offset_is_read_as_the_moment_it_names(tmp_path):
    path = tmp_path / "r.db"
    Storage.initialise(path)
    storage = Storage(path)
    match = _new_match(storage, "imported", 3)
    _backdate(storage, match.id, "2019-06-01T20:00:00+00:00")
    storage.set_outcome(match.id, "A")
    # 23:30 on the 1st in New York is already the 2nd in UTC.
    storage.db.execute(
        "UPDATE history SET at = '2020-01-01T23:30:00-05:00' WHERE match_id = ?", [match.id]
    )
    storage.db.conn.commit()
    try:
        assert storage.prunable(datetime(2020, 1, 2).date()) == []
        (listed,) = storage.prunable(datetime(2020, 1, 3).date())
        assert listed.last_change == datetime(2020, 1, 2, 4, 30, tzinfo=UTC)
    finally:
        storage.close()


def test_a_match_reopened_since_the_web_last_looked_stays(db, capsys):
    path, ids = db
    storage = Storage(path)
    match = storage.get_match(ids["old_named"])
    turn(storage, match.id, lambda entry: {})  # the winning hand goes; the flag still says over
    _backdate(storage, match.id)
    assert storage.get_match(match.id).finished
    storage.close()
    assert _prune(path, "--finished-before", str(TODAY), "--yes") == 0
    assert capsys.readouterr().out.splitlines()[-1] == "deleted 1 match (4 hands)"
    assert _rows(path, "matches", match.id) == 1


def test_prune_chooses_again_when_it_deletes(db):
    path, ids = db
    storage = Storage(path)
    try:
        listed = storage.prunable(TODAY)
        assert [p.id for p in listed] == [ids["old_named"], ids["old_unnamed"]]
        _record(storage, storage.get_match(ids["old_named"]), 1, seed=5)  # a change since
        gone = storage.prune([p.id for p in listed], TODAY)
        assert [p.id for p in gone] == [ids["old_unnamed"]]
        assert storage.get_match(ids["old_named"]) is not None
        assert storage.prune([ids["recent"]], TODAY + timedelta(days=1)) != []
        assert storage.prune([ids["old_in_play"]], TODAY + timedelta(days=1)) == []
    finally:
        storage.close()


@pytest.mark.parametrize(
    "date", ["2026-13-01", "2026-02-30", "20260101", "2026-1-5", "yesterday", "", "２０２６-01-01"]
)
def test_a_bad_date_is_one_line_and_exit_2(db, capsys, date):
    path, ids = db
    assert _prune(path, "--finished-before", date, "--yes") == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("referee prune: ")
    assert captured.err.count("\n") == 1
    assert "is not a date" in captured.err
    assert all(_rows(path, "matches", i) == 1 for i in ids.values())


def test_no_database_is_one_line_and_exit_2(tmp_path, capsys):
    assert _prune(tmp_path / "none.db", "--finished-before", str(TODAY)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no database at" in err
