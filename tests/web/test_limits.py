"""Limits per client address: 429 with Retry-After and a page that keeps what was typed."""

from __future__ import annotations

import io

import pytest
from flask import Flask

from referee.web.plumbing import settings
from tests.support.web import LONG_MATCH_HAND, hand, make_app, start_match

MATCH = {"preset": "classic", "players": "4", "name": "Friday club"}


@pytest.fixture
def limited(tmp_path):
    def make(**config):
        return make_app(tmp_path, **{"RATELIMIT_ENABLED": True, **config})

    return make


def test_past_the_new_match_limit_a_429_keeps_the_form(limited):
    client = limited(LIMIT_NEW_MATCHES="3 per minute").test_client()
    for _ in range(3):
        assert client.post("/matches/new", data=MATCH).status_code == 302
    response = client.post("/matches/new", data=MATCH)
    assert response.status_code == 429
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    page = response.text
    assert f"try again in {response.headers['Retry-After']} seconds" in page
    assert 'value="Friday club"' in page  # the form, with what was typed
    assert client.get("/matches/new").status_code == 200  # looking is not limited


def test_the_refusal_is_in_the_players_language(limited):
    client = limited(LIMIT_NEW_MATCHES="1 per minute").test_client()
    client.get("/?lang=de")
    client.post("/matches/new", data=MATCH)
    response = client.post("/matches/new", data=MATCH)
    assert response.status_code == 429
    assert "Zu viele Anfragen von deiner Adresse" in response.text


def test_each_address_has_its_own_count(limited):
    client = limited(LIMIT_NEW_MATCHES="1 per minute").test_client()
    assert client.post("/matches/new", data=MATCH).status_code == 302
    assert client.post("/matches/new", data=MATCH).status_code == 429
    other = {"REMOTE_ADDR": "192.0.2.7"}
    assert client.post("/matches/new", data=MATCH, environ_base=other).status_code == 302


def test_a_table_recording_hands_is_never_limited(limited):
    client = limited(LIMIT_NEW_MATCHES="1 per minute", LIMIT_API="1 per minute").test_client()
    url = start_match(client, target="100000")
    for _ in range(25):
        assert client.post(url + "/hands/new", data=hand(**LONG_MATCH_HAND)).status_code == 302
    assert client.get(url).status_code == 200


def test_past_the_import_limit_a_429_on_the_import_form(limited):
    client = limited(LIMIT_IMPORTS="2 per minute").test_client()
    export = client.get(start_match(client) + "/export.json").data

    def send():
        return client.post(
            "/matches/import",
            data={"file": (io.BytesIO(export), "match.json")},
            content_type="multipart/form-data",
        )

    assert [send().status_code for _ in range(2)] == [302, 302]
    response = send()
    assert response.status_code == 429
    assert "Retry-After" in response.headers
    assert 'type="file"' in response.text


def test_past_the_api_limit_a_429_in_json(limited):
    client = limited(LIMIT_API="2 per minute").test_client()
    question = {"variant": "classic", "question": "meld", "cards": "K K K"}
    for _ in range(2):
        assert client.post("/api/check", json=question).status_code == 200
    response = client.post("/api/check", json=question)
    assert response.status_code == 429
    assert "Retry-After" in response.headers
    assert "try again in" in response.get_json()["error"]


def test_the_limits_can_be_turned_off(limited):
    client = limited(LIMIT_NEW_MATCHES="1 per minute", RATELIMIT_ENABLED=False).test_client()
    assert [client.post("/matches/new", data=MATCH).status_code for _ in range(3)] == [302] * 3


def test_limits_come_from_config_toml_then_the_environment(tmp_path, monkeypatch):
    (tmp_path / "config.toml").write_text('LIMIT_IMPORTS = "5 per hour"\nPROXY_HOPS = 1\n')
    app = Flask("probe", instance_path=str(tmp_path), instance_relative_config=True)
    settings.load(app)
    assert app.config["LIMIT_IMPORTS"] == "5 per hour"
    assert app.config["PROXY_HOPS"] == 1
    assert app.config["LIMIT_API"] == "600 per minute"  # the default
    monkeypatch.setenv("REFEREE_LIMIT_IMPORTS", "7 per hour")
    monkeypatch.setenv("REFEREE_PROXY_HOPS", "2")
    settings.load(app)
    assert app.config["LIMIT_IMPORTS"] == "7 per hour"
    assert app.config["PROXY_HOPS"] == 2


def test_the_default_limits_are_the_documented_ones(limited):
    client = limited().test_client()
    for _ in range(20):
        assert client.post("/matches/new", data=MATCH).status_code == 302
    assert client.post("/matches/new", data=MATCH).status_code == 429
