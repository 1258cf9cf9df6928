"""The secret key: written whole or not at all, an empty one replaced, a short one refused
at start with a clear message (issue 43)."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from referee.web import create_app
from referee.web.plumbing import secret_key as module
from referee.web.plumbing.secret_key import SHORTEST, ShortKey, secret_key


@pytest.fixture
def instance(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path / "state"))
    monkeypatch.delenv("REFEREE_DB", raising=False)
    (tmp_path / "state").mkdir()
    return tmp_path / "state"


def _forms_work(app) -> None:
    client = app.test_client()
    page = client.get("/matches/new")
    assert page.status_code == 200
    assert b'name="csrf_token"' in page.data


@pytest.mark.parametrize("left", ["", "\n", "   \n"])
def test_an_empty_key_left_by_a_crash_is_replaced_and_forms_work(instance, left):
    (instance / "secret_key").write_text(left)
    app = create_app()
    key = (instance / "secret_key").read_text()
    assert key == app.secret_key
    assert len(key) >= SHORTEST
    assert (instance / "secret_key").stat().st_mode & 0o077 == 0
    _forms_work(app)
    assert create_app().secret_key == key  # kept from then on


def test_a_short_key_is_refused_at_start_naming_the_file(instance):
    (instance / "secret_key").write_text("abc123")
    with pytest.raises(ShortKey, match="holds a key of 6 characters; it needs at least 32"):
        create_app()
    answer = subprocess.run(
        [sys.executable, "-m", "referee.cli", "serve", "--port", "0"],
        env={**os.environ, "REFEREE_INSTANCE": str(instance)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert answer.returncode == 2
    assert "referee serve:" in answer.stderr
    assert "secret_key holds a key of 6 characters" in answer.stderr
    assert "Traceback" not in answer.stderr


def test_a_full_disk_while_writing_leaves_no_key_and_no_leftover(instance, monkeypatch):
    def full(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(module.os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        secret_key(instance)
    assert list(instance.iterdir()) == []  # next start makes a whole key
    monkeypatch.undo()
    assert len(secret_key(instance)) >= SHORTEST


def test_processes_making_the_key_at_once_all_use_the_first_one(instance):
    with ThreadPoolExecutor(8) as pool:
        keys = list(pool.map(lambda _i: secret_key(instance), range(8)))
    assert len(set(keys)) == 1
    assert (instance / "secret_key").read_text() == keys[0]
    assert [p.name for p in instance.iterdir()] == ["secret_key"]
