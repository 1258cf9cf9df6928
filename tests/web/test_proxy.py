"""Behind a reverse proxy: X-Forwarded-* believed only from trusted hops; HTTPS hardening."""

from __future__ import annotations

import http.client
import re

import pytest

from tests.support.live import referee_serve
from tests.support.web import make_app

FORWARDED = {
    "X-Forwarded-For": "203.0.113.9",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "cards.example.org",
}
MATCH = {"preset": "classic", "players": "4"}


def _app(tmp_path, hops: int):
    return make_app(
        tmp_path, RATELIMIT_ENABLED=True, PROXY_HOPS=hops, LIMIT_NEW_MATCHES="1 per minute"
    )


def test_without_proxy_hops_forwarded_headers_are_ignored(tmp_path):
    client = _app(tmp_path, 0).test_client()
    response = client.post("/matches/new", data=MATCH, headers=FORWARDED)
    assert response.location.startswith("/m/")
    assert "Strict-Transport-Security" not in response.headers
    assert "Secure" not in response.headers["Set-Cookie"]
    page = client.get(response.location, headers=FORWARDED).text
    assert "https://" not in page
    assert "cards.example.org" not in page
    # The limit counts the real address: a forged X-Forwarded-For does not escape it.
    forged = {**FORWARDED, "X-Forwarded-For": "198.51.100.1"}
    assert client.post("/matches/new", data=MATCH, headers=forged).status_code == 429


def test_with_one_hop_https_is_honoured_everywhere(tmp_path):
    client = _app(tmp_path, 1).test_client()
    response = client.post("/matches/new", data=MATCH, headers=FORWARDED)
    assert response.status_code == 302
    assert response.location.startswith("/m/")  # relative: the browser stays on https
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"
    session = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "; Secure" in session
    page = client.get(response.location, headers=FORWARDED)
    links = re.findall(r'(?:href|action|src)="(https?://[^"]+)"', page.text)
    assert links, "the match page offers its links in full"
    assert all(link.startswith("https://cards.example.org/") for link in links), links
    language = client.get("/?lang=nl", headers=FORWARDED).headers["Set-Cookie"]
    assert "; Secure" in language


def test_with_one_hop_the_limit_counts_the_forwarded_address(tmp_path):
    client = _app(tmp_path, 1).test_client()
    assert client.post("/matches/new", data=MATCH, headers=FORWARDED).status_code == 302
    assert client.post("/matches/new", data=MATCH, headers=FORWARDED).status_code == 429
    other = {**FORWARDED, "X-Forwarded-For": "198.51.100.1"}
    assert client.post("/matches/new", data=MATCH, headers=other).status_code == 302


def test_one_hop_believes_only_the_last_proxy(tmp_path):
    client = _app(tmp_path, 1).test_client()
    # A client's own X-Forwarded-For comes first; the trusted proxy appends the real one.
    spoofed = {**FORWARDED, "X-Forwarded-For": "198.51.100.1, 203.0.113.9"}
    assert client.post("/matches/new", data=MATCH, headers=spoofed).status_code == 302
    again = {**FORWARDED, "X-Forwarded-For": "192.0.2.55, 203.0.113.9"}
    assert client.post("/matches/new", data=MATCH, headers=again).status_code == 429


def test_plain_http_over_one_hop_gets_no_hsts(tmp_path):
    client = _app(tmp_path, 1).test_client()
    response = client.get("/", headers={**FORWARDED, "X-Forwarded-Proto": "http"})
    assert "Strict-Transport-Security" not in response.headers


@pytest.mark.live
@pytest.mark.parametrize(("how", "secure"), [("option", True), ("environment", True), ("", False)])
def test_the_real_server_takes_proxy_hops_from_its_option_or_environment(tmp_path, how, secure):
    import os

    env = {**os.environ, "REFEREE_PROXY_HOPS": "1"} if how == "environment" else None
    options = ["--proxy-hops", "1"] if how == "option" else []
    with referee_serve(tmp_path / "served.db", env=env, options=options) as server:
        host, port = server.url.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        connection.request("GET", "/", headers=FORWARDED)
        answer = connection.getresponse()
        answer.read()
        connection.close()
    assert answer.status == 200
    assert (answer.getheader("Strict-Transport-Security") is not None) is secure
