"""Generated junk at every route of the app, with CSRF on: never a 5xx, always a reason.

The routes are the app's own URL map (a new route is fuzzed without a change
here), the fields those the pages render; see ``tests/support/junk.py`` for what is
thrown.  Requests go through Flask's test client with the session of a real
browser: a real CSRF token, a real match with a hand, its real links.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.web import create_app
from tests.support.junk import (
    MULTIPART,
    Junk,
    Known,
    _multipart,
    harvest,
    made_match,
    match_pages,
    mutated,
    requests_for,
    routes,
    says_why,
)
from tests.support.profiles import examples

pytestmark = pytest.mark.fuzz

EXAMPLES = examples(120)  # per route: some 3 000 requests in all, in about a minute


ROUTES = routes()


@pytest.fixture(scope="module", autouse=True)
def _each_sheet_laid_out_once():
    """A match the junk made has every page opened, its three PDFs among them: 430 ms of
    its 470, most often for a sheet already laid out (the blank sheet of a preset, a new
    match's empty one).  WeasyPrint's PDF depends on the HTML alone, so a sheet whose
    HTML was laid out lately is answered with the same bytes; every new one is laid out."""
    from referee import sheets

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sheets, "html_to_pdf", functools.lru_cache(maxsize=64)(sheets.html_to_pdf))
        yield


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    """An app with CSRF on, a browser's session on it, and the real values of one match."""
    app = create_app(
        {
            "DATABASE": str(tmp_path_factory.mktemp("fuzz") / "referee.db"),
            "SECRET_KEY": "fuzz",
            "PROPAGATE_EXCEPTIONS": False,
            # Every generated form reaches its view (bench/fuzz_server.py keeps the limits).
            "RATELIMIT_ENABLED": False,
        }
    )
    client = app.test_client()

    def fetch(method: str, path: str, headers: dict[str, str], body: bytes):
        response = client.open(path, method=method, headers=headers, data=body)
        return response.status_code, response.location or "", response.get_data()

    known = harvest(fetch)
    return client, known


def _fetch(client):
    def fetch(method: str, path: str, headers: dict[str, str], body: bytes):
        with client.open(path, method=method, headers=headers, data=body) as response:
            return response.status_code, response.location or "", response.get_data()

    return fetch


def send(client, junk: Junk):
    return client.open(junk.path, method=junk.method, headers=list(junk.headers), data=junk.body)


def test_every_route_is_fuzzed():
    paths = {rule for rule, _methods in ROUTES}
    # The routes a person or a program can send something to, by name: none left out.
    assert {"/matches/new", "/m/<int:match_id>/<token>/hands/new", "/api/score"} <= paths
    assert "/matches/import" in paths
    assert len(ROUTES) >= 25


@pytest.mark.parametrize(("rule", "methods"), ROUTES)
def test_junk_never_gets_a_server_error(fuzzed, rule, methods):
    client, known = fuzzed

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(junk=requests_for(rule, methods, known))
    def check(junk: Junk):
        with send(client, junk) as response:  # a static file's answer holds the file open
            status, body = response.status_code, response.get_data()
        encoding = response.headers.get("Content-Encoding", "")
        shown = (status, junk.show(), body[:3000].decode("utf-8", "replace"))
        assert status < 500, shown
        assert says_why(status, response.content_type, body, encoding), shown
        link = made_match(status, response.location or "")
        if link is not None:  # a match the junk made: every page of it answers
            for path, answered in match_pages(_fetch(client), link):
                assert answered < 500, (path, answered, junk.show())

    check()


def test_a_mutated_match_file_is_refused_or_every_page_of_the_match_answers(fuzzed):
    client, known = fuzzed
    made = []

    @settings(
        max_examples=examples(150),
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(upload=mutated(known.export))
    def check(upload: bytes):
        body = _multipart([("csrf_token", known.csrf_token)], upload)
        junk = Junk("POST", "/matches/import", (("Content-Type", MULTIPART),), body)
        with send(client, junk) as response:
            status, page = response.status_code, response.get_data()
        assert status in (302, 413, 422), (status, junk.show(), page[:2000])
        encoding = response.headers.get("Content-Encoding", "")
        assert says_why(status, response.content_type, page, encoding), junk.show()
        link = made_match(status, response.location or "")
        if link is not None:
            made.append(link)
            for path, answered in match_pages(_fetch(client), link):
                assert answered < 500, (path, answered, junk.show())

    check()
    assert made, "no mutation was harmless enough to import: the pages were never opened"


@given(st.data())
@settings(max_examples=1, deadline=None, database=None)
def test_the_junk_reaches_past_the_first_check(data):
    # Guard against a generator that only ever produces 404s: most requests to a
    # match's page use its real id and link.
    known = Known(7, "e" * 22, "v" * 22, 3, "csrf", {"format": "x"})
    paths = [
        data.draw(requests_for("/m/<int:match_id>/<token>", ["GET"], known)).path for _ in range(60)
    ]
    real = [p for p in paths if p.startswith(("/m/7/" + "e" * 22, "/m/7/" + "v" * 22))]
    assert len(real) > 15
