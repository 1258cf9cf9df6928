"""`referee serve`: granian over the app, the LAN address and its QR code, its options."""

from __future__ import annotations

import io
import ipaddress
import json
import os
import urllib.request

import granian
import pytest

from referee import cli
from referee import serve as serve_module
from referee.serve import bind_address, default_workers, lan_address, public_url, serve
from tests.support.live import referee_serve
from tests.support.sample import EXAMPLE_HAND


def test_lan_address_is_an_ip_address():
    ipaddress.ip_address(lan_address())


def test_public_url_uses_the_lan_address_for_every_interface():
    assert public_url("0.0.0.0", 5000) == f"http://{lan_address()}:5000/"
    assert public_url("192.168.1.20", 8080) == "http://192.168.1.20:8080/"


def test_bind_address_brackets_ipv6():
    assert bind_address("0.0.0.0", 5000) == "0.0.0.0:5000"
    assert bind_address("::", 5000) == "[::]:5000"


def test_serve_runs_granian_with_the_app_and_prints_a_qr_code(tmp_path, monkeypatch):
    ran = {}

    class FakeGranian:
        def __init__(self, target, **options):
            ran.update(options, target=target)

        def serve(self):
            ran["served"] = True

    monkeypatch.setattr(granian, "Granian", FakeGranian)
    # serve sets REFEREE_* for its workers: on a copy of the environment, put back after.
    monkeypatch.setattr(os, "environ", dict(os.environ))
    monkeypatch.setattr(serve_module, "lan_address", lambda: "192.168.1.20")
    out = io.StringIO()
    db = str(tmp_path / "served.db")
    assert serve("0.0.0.0", 5123, db, out=out, workers=3) == 0
    assert ran["served"]
    assert ran["target"] == "referee.web:create_server"
    assert ran["factory"] is True
    assert (ran["address"], ran["port"], ran["workers"]) == ("0.0.0.0", 5123, 3)
    assert ran["interface"] == "asginl"  # bodies read by the event loop (bodies.py)
    assert ran["log_access"] is False  # a match's path holds its secret
    assert ran["http1_settings"].header_read_timeout == 15_000
    # Each worker makes the app from the environment, as this process made it.
    assert os.environ["REFEREE_DB"] == db
    assert os.environ["REFEREE_LAN_URL"] == public_url("0.0.0.0", 5123)
    text = out.getvalue()
    assert public_url("0.0.0.0", 5123) in text
    assert "█" in text
    assert (tmp_path / "served.db").exists()  # the migrations ran once, here


def test_one_worker_per_core_and_never_fewer_than_two():
    assert default_workers() >= 2
    assert default_workers() >= len(os.sched_getaffinity(0))


def test_cli_serve_defaults_and_environment(tmp_path, monkeypatch):
    seen = {}

    def fake_serve(host, port, db, workers=None, proxy_hops=None):
        seen.update(host=host, port=port, db=db, workers=workers, proxy_hops=proxy_hops)
        return 0

    monkeypatch.setattr("referee.serve.serve", fake_serve)
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "env.db"))
    assert cli.main(["serve"]) == 0
    assert seen == {
        "host": "0.0.0.0",
        "port": 5000,
        "db": str(tmp_path / "env.db"),
        "workers": None,
        "proxy_hops": None,
    }
    assert cli.main(["serve", "--port", "8001", "--db", "x.db", "--host", "127.0.0.1"]) == 0
    assert seen == {
        "host": "127.0.0.1",
        "port": 8001,
        "db": "x.db",
        "workers": None,
        "proxy_hops": None,
    }
    assert cli.main(["serve", "--proxy-hops", "1"]) == 0
    assert seen["proxy_hops"] == 1
    assert cli.main(["serve", "--workers", "3"]) == 0
    assert seen["workers"] == 3


@pytest.mark.parametrize("bad", ["0", "many", "-2"])
def test_cli_serve_refuses_a_bad_number_of_workers(bad, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["serve", "--workers", bad])
    assert stop.value.code == 2
    assert "number of processes" in capsys.readouterr().err


@pytest.mark.live
def test_the_real_server_runs_its_workers_over_one_database(tmp_path):
    """Two worker processes over one database: answers agree, whichever worker gives them."""
    db = tmp_path / "real.db"
    with referee_serve(db, workers=2) as server:
        scored = urllib.request.Request(
            server.url + "/api/score",
            data=json.dumps(EXAMPLE_HAND).encode(),
            headers={"Content-Type": "application/json"},
        )
        answers = set()
        for _ in range(6):  # fresh connections land on either worker
            with urllib.request.urlopen(scored, timeout=10) as response:
                answers.add(response.read())
        assert len(answers) == 1
    output = server.output[0]
    assert f"{server.url}/" in output
    assert output.count("Spawning worker") == 2
    assert db.exists()


@pytest.mark.parametrize(("host", "lan"), [("127.0.0.1", "192.168.1.20"), ("0.0.0.0", "127.0.0.1")])
def test_a_loopback_address_is_said_to_be_out_of_phones_reach_and_has_no_qr_code(
    tmp_path, monkeypatch, host, lan
):
    """--host 127.0.0.1, or every address of a machine with no network: no phone can open
    it, so no QR code, and the way to serve phones instead."""

    class FakeGranian:
        def __init__(self, target, **options):
            pass

        def serve(self):
            pass

    monkeypatch.setattr(granian, "Granian", FakeGranian)
    monkeypatch.setattr(
        os, "environ", {k: v for k, v in os.environ.items() if k != "REFEREE_LAN_URL"}
    )
    monkeypatch.setattr(serve_module, "lan_address", lambda: lan)
    out = io.StringIO()
    assert serve(host, 5124, str(tmp_path / "served.db"), out=out) == 0
    text = out.getvalue()
    assert "on a phone" not in text
    assert "Phones cannot reach" in text
    assert "--host 0.0.0.0" in text
    assert "█" not in text
    assert "REFEREE_LAN_URL" not in os.environ
