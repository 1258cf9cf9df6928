"""App, client and helpers for the web tests: each test gets its own database file."""

from __future__ import annotations

import io
import os
import re
import secrets
from pathlib import Path

import pytest

from referee.web import create_app

from ..live import referee_serve


@pytest.fixture
def app(tmp_path):
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,  # the limits have their own tests (test_limits.py)
        }
    )


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def base_url(tmp_path_factory):
    """The real ``referee serve`` (two worker processes) over a fresh database, one for all
    the browser tests of a session (of an xdist worker): each test opens its own browser
    contexts, so it sees only the matches and groups it made.  A whole run makes more
    matches from one address than a table would, so the creation limit is raised here
    (test_limits.py tests the limits)."""
    env = {**os.environ, "REFEREE_LIMIT_NEW_MATCHES": "10000 per minute"}
    with referee_serve(tmp_path_factory.mktemp("browser") / "referee.db", env=env) as server:
        yield server.url


# Every page a browser test opens reports what its Content-Security-Policy refused.
_REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) =>
  console.error(`CSP violation: ${event.violatedDirective} refused ${event.blockedURI}`));
"""


class CheckedBrowser:
    """Chromium whose pages keep the app's CSP on and note every violation of it."""

    def __init__(self, chromium):
        self.chromium = chromium
        self.violations: list[str] = []
        self.contexts: list = []  # closed after each test: no connection outlives it

    def new_context(self, **options):
        context = self.chromium.new_context(**options)
        self.contexts.append(context)
        context.add_init_script(_REPORT_VIOLATIONS)
        context.on("console", self._console)
        return context

    def _console(self, message) -> None:
        text = message.text
        if text.startswith("CSP violation") or "Content Security Policy" in text:
            self.violations.append(f"{message.page.url if message.page else '?'}: {text}")


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright (never a downloaded browser), CSP checked."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: run scripts/setup.sh test (installs Debian's chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield CheckedBrowser(chromium)
        chromium.close()


@pytest.fixture(autouse=True)
def _no_csp_violation(request):
    """A browser test fails if any page it opened broke the Content-Security-Policy."""
    yield
    if "browser" in request.fixturenames:
        checked = request.getfixturevalue("browser")
        # A context left open keeps its keep-alive connections, and the session's server
        # then waits out its graceful shutdown for them (30 s, then the test run fails).
        for context in checked.contexts:
            context.close()
        checked.contexts.clear()
        found, checked.violations[:] = list(checked.violations), []
        assert found == [], "Content-Security-Policy violations:\n" + "\n".join(found)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def csrf_app(tmp_path):
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "csrf.db"),
            "SECRET_KEY": "test",
            "RATELIMIT_ENABLED": False,
        }
    )


@pytest.fixture
def csrf_client(csrf_app):
    return csrf_app.test_client()


def csrf_token(client, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def start_match(client, **fields) -> str:
    """Create a match through the form; return its edit URL (path)."""
    data = {"preset": "classic", "players": "4", **fields}
    response = client.post("/matches/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.location


def start_group(client, name: str = "Family", players: str = "Anna\nBen\nCleo\nDan") -> str:
    """Make a group through its form; return its edit URL (path)."""
    response = client.post("/groups/new", data={"name": name, "players": players})
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.location


def view_url(client, edit_url: str) -> str:
    page = client.get(edit_url).get_data(as_text=True)
    match_id = edit_url.split("/")[2]
    links = re.findall(rf'href="http://localhost(/m/{match_id}/[^"#/]+)"', page)
    return next(link for link in links if link != edit_url)


def hand(mode: str = "detailed", token: str | None = None, **sides) -> dict[str, str]:
    """Form data for a hand: ``hand(side0={"melds": "K K K"}, side1={...})``.  A hand where
    no side says it went out says "Nobody" went out, as the form asks a player to choose."""
    data = {"mode": mode, "token": token or secrets.token_urlsafe(16)}
    if not any("went_out" in fields or "concealed" in fields for fields in sides.values()):
        data["out"] = "none"
    for side, fields in sides.items():
        for key, value in fields.items():
            if value is True:
                value = "y"
            data[f"{side}-{key}"] = str(value)
    return data


def import_file(client, body: bytes, **options):
    """Send ``body`` as a match file through the import form, as a browser uploads it."""
    return client.post(
        "/matches/import",
        data={"file": (io.BytesIO(body), "match.json")},
        content_type="multipart/form-data",
        **options,
    )


def totals(client, edit_url: str) -> list[int]:
    page = client.get(edit_url).get_data(as_text=True)
    # Totals are written as the page's language groups digits (5,000 / 5.000 / 5 000).
    found = re.findall(r'<p class="big">([-−]?[\d.,\s\u00a0\u202f]+)</p>', page)
    return [int(re.sub(r"[^\d-]", "", n.replace("−", "-"))) for n in found]


# A legal hand under classic: North-South go out with a natural canasta of kings.
GOING_OUT = {
    "side0": {"melds": "K K K K K K K\n5 5 5", "went_out": True},
    "side1": {"melds": "A A A", "hand_points": 30},
}
# classic: 7 kings 70 + natural canasta 500 + 3 fives 15 + going out 100 = 685
# the other side: 3 aces 60 - 30 in hand = 30
GOING_OUT_SCORES = [685, 30]
# A hand whose melds open at any classic score (150 and 60, the minimum reaching 120 and
# 50): eight of them play a match to 5 000.  Mixed canasta 300 + melds 230 + out 100 = 630.
LONG_MATCH_HAND = {
    "side0": {"melds": "K K K K K 2 2\nA A A A\nQ Q Q Q Q Q", "went_out": True},
    "side1": {"melds": "A A A", "hand_points": 30},
}
LONG_MATCH_SCORES = [630, 30]


# A small club tournament: two teams, one round of three hands (American).
TOURNAMENT = {
    "name": "Spring cup",
    "preset": "american",
    "players": "4",
    "teams": "Anna & Ben\nCleo & Dan",
    "movement": "mitchell",
    "rounds": "1",
    "game": "hands",
    "hands": "3",
    "ranking": "wins",
}


def first_hand_id(app, match_id: int) -> int:
    """The id of the match's first hand, read on a connection closed again at once."""
    from referee.storage import Storage

    storage = Storage(app.config["DATABASE"])
    try:
        return storage.hands(match_id)[0].id
    finally:
        storage.close()
