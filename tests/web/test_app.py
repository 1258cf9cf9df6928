"""The app factory: the secret key, the database setting, the asset folders."""

from __future__ import annotations

from pathlib import Path

from referee.web import create_app


def test_secret_key_is_made_once_and_kept_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("REFEREE_DB", raising=False)
    first = create_app({"DATABASE": str(tmp_path / "a.db")})
    key_file = Path(first.instance_path) / "secret_key"
    assert key_file.read_text() == first.secret_key
    assert key_file.stat().st_mode & 0o077 == 0  # readable by its owner only
    again = create_app({"DATABASE": str(tmp_path / "b.db")})
    assert again.secret_key == first.secret_key
    assert not (Path(__file__).parents[2] / "referee" / "web" / "secret_key").exists()


def test_database_comes_from_the_environment_or_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "env.db"))
    assert create_app({"SECRET_KEY": "k"}).config["DATABASE"] == str(tmp_path / "env.db")
    assert (tmp_path / "env.db").exists()


def test_templates_and_static_files_are_the_checkouts_top_level_folders(app):
    root = Path(__file__).parents[2]
    assert Path(app.template_folder) == root / "templates"
    assert Path(app.static_folder) == root / "static"


def test_healthz_answers_ok_without_a_session_or_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.data == b"ok"
    assert response.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in response.headers


def test_the_instance_folder_can_be_chosen_for_a_server(tmp_path, monkeypatch):
    monkeypatch.delenv("REFEREE_DB", raising=False)
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path / "state"))
    app = create_app()
    assert app.instance_path == str(tmp_path / "state")
    assert (tmp_path / "state" / "secret_key").read_text() == app.secret_key
    assert app.config["DATABASE"] == str(tmp_path / "state" / "data" / "referee.db")
    assert (tmp_path / "state" / "data" / "referee.db").exists()
