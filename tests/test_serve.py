"""`referee serve`: waitress, the LAN address and its QR code, the --db option."""

from __future__ import annotations

import io
import ipaddress

import waitress

from referee import cli
from referee.serve import lan_address, public_url, serve


def test_lan_address_is_an_ip_address():
    ipaddress.ip_address(lan_address())


def test_public_url_uses_the_lan_address_for_every_interface():
    assert public_url("0.0.0.0", 5000) == f"http://{lan_address()}:5000/"
    assert public_url("192.168.1.20", 8080) == "http://192.168.1.20:8080/"


def test_serve_runs_waitress_with_the_app_and_prints_a_qr_code(tmp_path, monkeypatch):
    calls = {}

    def fake_serve(app, **kwargs):
        calls.update(kwargs, app=app)

    monkeypatch.setattr(waitress, "serve", fake_serve)
    out = io.StringIO()
    db = str(tmp_path / "served.db")
    assert serve("0.0.0.0", 5123, db, out=out) == 0
    assert calls["host"] == "0.0.0.0"
    assert calls["port"] == 5123
    assert calls["app"].config["DATABASE"] == db
    assert calls["app"].config["LAN_URL"] == public_url("0.0.0.0", 5123)
    text = out.getvalue()
    assert public_url("0.0.0.0", 5123) in text
    assert "█" in text
    assert (tmp_path / "served.db").exists()


def test_cli_serve_defaults_and_environment(tmp_path, monkeypatch):
    seen = {}
    monkeypatch.setattr(
        "referee.serve.serve", lambda host, port, db: seen.update(host=host, port=port, db=db) or 0
    )
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "env.db"))
    assert cli.main(["serve"]) == 0
    assert seen == {"host": "0.0.0.0", "port": 5000, "db": str(tmp_path / "env.db")}
    assert cli.main(["serve", "--port", "8001", "--db", "x.db", "--host", "127.0.0.1"]) == 0
    assert seen == {"host": "127.0.0.1", "port": 8001, "db": "x.db"}
