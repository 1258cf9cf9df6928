"""deploy/Caddyfile in front of the real ``referee serve --proxy-hops 1``, over HTTPS.

Caddy (Debian's package) runs the project's own Caddyfile, with its internal CA for
``localhost`` instead of a public certificate and free ports instead of 80 and 443;
Chromium (ignoring certificate errors, in this test only) plays a whole match
through it with a second phone watching, and the answers are checked for HTTPS's
hardening: Secure cookies, HSTS, https links, http:// redirected to https://.
"""

from __future__ import annotations

import http.client
import os
import shutil
import subprocess
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.browser import LONG, PHONE, first_hand_by_picker, second_hand_quick, totals
from tests.support.live import START_SECONDS, STOPPED_SECONDS, free_port, ports_lock, referee_serve

pytestmark = [pytest.mark.browser, pytest.mark.live]
CADDYFILE = Path(__file__).resolve().parents[2] / "deploy" / "Caddyfile"


@contextmanager
def caddy(folder: Path, upstream: str):
    """Caddy on free ports with the project's Caddyfile; yields (https_port, http_port)."""
    binary = shutil.which("caddy")
    if binary is None:
        pytest.fail("Caddy is missing: run scripts/setup.sh test (installs Debian's caddy)")
    lock = ports_lock()
    lock.__enter__()  # until Caddy listens: no other test worker picks its ports
    https_port, http_port = free_port(), free_port()
    config = folder / "Caddyfile"
    config.write_text(
        "{\n"
        f"\thttp_port {http_port}\n\thttps_port {https_port}\n"
        "\tlocal_certs\n\tskip_install_trust\n\tadmin off\n"
        f"\tstorage file_system {folder / 'data'}\n"
        "}\n"
        f"import {CADDYFILE}\n"
    )
    env = {
        **os.environ,
        "HOME": str(folder),
        "XDG_CONFIG_HOME": str(folder / "config"),
        "XDG_DATA_HOME": str(folder / "data"),
        "REFEREE_DOMAIN": "localhost",
        "REFEREE_UPSTREAM": upstream,
    }
    log = (folder / "caddy.log").open("wb")
    process = subprocess.Popen(
        [binary, "run", "--config", str(config), "--adapter", "caddyfile"],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        deadline = time.monotonic() + START_SECONDS
        try:
            while True:
                try:
                    with socket_to(http_port):
                        break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError((folder / "caddy.log").read_text()) from None
                    time.sleep(0.2)
        finally:
            lock.__exit__(None, None, None)
        yield https_port, http_port
    finally:
        process.terminate()
        process.wait(timeout=STOPPED_SECONDS)
        log.close()


@contextmanager
def socket_to(port: int):
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
        yield sock


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("caddy")
    with referee_serve(folder / "referee.db", options=["--proxy-hops", "1"]) as server:
        with caddy(folder, server.url.removeprefix("http://")) as (https_port, http_port):
            # Caddy makes its certificate on the first TLS handshake; wait for it.
            deadline = time.monotonic() + 30
            while True:
                try:
                    connection = http.client.HTTPSConnection(
                        "localhost", https_port, timeout=5, context=_unverified()
                    )
                    try:
                        connection.request("GET", "/healthz")
                        if connection.getresponse().status == 200:
                            break
                    finally:
                        connection.close()
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.3)
            yield f"https://localhost:{https_port}", http_port


def _unverified():
    import ssl

    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def test_plain_http_is_redirected_to_https(site):
    _, http_port = site
    connection = http.client.HTTPConnection("localhost", http_port, timeout=10)
    connection.request("GET", "/rules/classic?lang=de")
    answer = connection.getresponse()
    connection.close()
    assert answer.status in (301, 308)
    assert answer.getheader("Location").startswith("https://localhost")
    assert answer.getheader("Location").endswith("/rules/classic?lang=de")


def test_caddy_compresses_and_the_app_sends_plain_text(site):
    base, _ = site
    request = urllib.request.Request(base + "/rules/classic", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, context=_unverified(), timeout=10) as answer:
        assert answer.headers["Content-Encoding"] == "gzip"
        assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"
        assert answer.headers["Content-Security-Policy"].startswith("default-src 'self'")


def test_a_whole_match_over_https_through_caddy(browser, site):
    base, _ = site
    context = browser.new_context(viewport=PHONE, ignore_https_errors=True)
    scorer = context.new_page()
    answers = []
    scorer.on("response", lambda answer: answers.append(answer))
    scorer.goto(base + "/")
    scorer.get_by_role("link", name="Start a new match").click()
    scorer.get_by_label("Players").select_option("4")
    scorer.locator("#side1_name").fill("We")
    scorer.locator("#side2_name").fill("They")
    scorer.locator("#target").fill("1000")
    scorer.get_by_role("button", name="Start the match").click()
    expect(scorer.locator(".total h2")).to_have_text(["We", "They"])
    assert scorer.url.startswith(base + "/m/")

    # Every link the match page offers (read-only link, sheet, exports) is https.
    for link in scorer.locator("a[href^='http']").evaluate_all("as => as.map(a => a.href)"):
        assert link.startswith(base + "/"), link
    view_link = scorer.locator("a.link").first.get_attribute("href")
    assert view_link.startswith(base + "/m/")
    viewer = browser.new_context(viewport=PHONE, ignore_https_errors=True).new_page()
    viewer.goto(view_link)

    first_hand_by_picker(scorer)
    second_hand_quick(scorer, hand_points="0")
    scorer.get_by_role("button", name="Record the hand").click()
    expect(scorer.locator(".flash")).to_contain_text("Hand 2 recorded")
    assert totals(scorer) == [1485, 80]
    expect(scorer.locator(".winner")).to_contain_text("Winner: We")

    # The phone watching over https sees the end of the match by itself.
    expect(viewer.locator(".winner")).to_contain_text("Winner: We", timeout=LONG)

    cookies = context.cookies()
    assert cookies, "the scorer's browser holds the session"
    assert all(cookie["secure"] for cookie in cookies), cookies
    pages = [a for a in answers if a.request.resource_type == "document"]
    assert pages
    for answer in pages:
        assert answer.url.startswith(base), answer.url
        assert answer.headers["strict-transport-security"] == "max-age=31536000"
