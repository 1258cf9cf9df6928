"""The web tests' fixtures: an app and its client (each test its own database file), one
real server and one Chromium per session (per xdist worker), the CSP checked.  What they
are made with, and every helper, is in tests/support/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, LONG
from tests.support.live import referee_serve
from tests.support.web import make_app


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


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
        # A click's navigation, a download, a locator: waited for far from the app's
        # timers and a loaded machine's slowness (tests/support/browser.py, LONG).
        context.set_default_timeout(LONG)
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
    return make_app(tmp_path, DATABASE=str(tmp_path / "csrf.db"), WTF_CSRF_ENABLED=True)


@pytest.fixture
def csrf_client(csrf_app):
    return csrf_app.test_client()
