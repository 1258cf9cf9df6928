"""Locked down by default: the headers on every answer, the cookies, the secrets in links."""

from __future__ import annotations

import base64
import logging
import os
import re
import sqlite3
import stat

import pytest

from referee.storage import Storage
from referee.web.parts import access
from referee.web.plumbing import tokens
from tests.support.live import Phone, referee_serve
from tests.support.web import (
    GOING_OUT,
    TOURNAMENT,
    first_hand_id,
    hand,
    start_group,
    start_match,
    view_url,
)

VALUES = {"variant_id": "classic", "filename": "style.css"}


def every_get_url(app, client) -> list[str]:
    """One URL for each GET route of the app, about a real match with a hand."""
    edit = start_match(client)
    client.post(edit + "/hands/new", data=hand(**GOING_OUT))
    _, _, match_id, token = edit.split("/")
    hand_id = first_hand_id(app, int(match_id))
    values = {**VALUES, "match_id": match_id, "token": token, "hand_id": str(hand_id)}
    _, _, group_id, group_token = start_group(client).split("/")
    director = client.post("/tournaments/new", data=TOURNAMENT).headers["Location"]
    _, _, tournament_id, director_token = director.split("/")
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods:
            path = rule.rule
            if path.startswith("/g/"):
                path = path.replace("<int:group_id>/<token>", f"{group_id}/{group_token}")
            if path.startswith("/t/"):
                path = path.replace("<int:tournament_id>/<token>", director[3:])
            path = path.replace("<int:number>", "1")  # a tournament's round
            path = path.replace("<int:tournament_id>", tournament_id)  # the API's
            for name in rule.arguments - {"group_id", "number", "tournament_id"}:
                path = re.sub(rf"<(\w+:)?{name}>", values[name], path)
            if path.startswith("/api/tournaments/"):
                urls.append(path + "?token=" + director_token)
                continue
            urls.append(path + ("?token=" + token if path.startswith("/api/") else ""))
    return [*urls, "/no/such/page", "/m/1/wrong-token"]


def test_every_answer_carries_the_security_headers(app, client):
    urls = every_get_url(app, client)
    assert len(urls) >= 20
    documents = 0
    for url in urls:
        with client.get(url) as response:
            assert response.status_code < 500, url
            headers = response.headers
        assert headers["X-Content-Type-Options"] == "nosniff", url
        assert headers["Referrer-Policy"] == "no-referrer", url
        assert "Strict-Transport-Security" not in headers, url  # plain HTTP on the table's Wi-Fi
        if (url.startswith("/static/") or url == "/manifest.webmanifest") and not url.endswith(
            ".svg"
        ):
            # A style sheet, script, picture or manifest is never a document: no
            # document-only headers (they were most of a small file's bytes).
            assert "Content-Security-Policy" not in headers, url
            continue
        documents += 1
        policy = headers["Content-Security-Policy"]
        assert "unsafe-inline" not in policy, url
        assert "unsafe-eval" not in policy, url
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["default-src"] == "'self'", url
        assert directives["script-src"] == "'self'", url
        assert directives["style-src"] == "'self'", url
        assert directives["frame-ancestors"] == "'none'", url
        assert directives["object-src"] == "'none'", url
        assert headers["X-Frame-Options"] == "DENY", url
        assert "camera=()" in headers["Permissions-Policy"], url
    assert documents >= 18


def test_every_static_file_is_nosniff_and_an_svg_keeps_its_policy(client):
    with client.get("/static/icon.svg") as response:
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    for name in ("style.css", "app.js", "icon-192.png"):
        with client.get(f"/static/{name}") as response:
            assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_no_page_holds_inline_script_or_style(app, client):
    """What the CSP would refuse: inline <script>, <style>, style="" and on...= handlers."""
    pages = 0
    for url in every_get_url(app, client):
        with client.get(url) as response:
            page = response.text if response.mimetype == "text/html" else ""
        pages += bool(page)
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page) == [], url
        assert "<style" not in page, url
        assert re.findall(r"\sstyle=", page) == [], url
        assert re.findall(r"\son[a-z]+=", page) == [], url
    assert pages >= 12


def test_session_and_language_cookies_are_httponly_and_samesite_lax(csrf_client):
    cookies = csrf_client.get("/matches/new?lang=de").headers.getlist("Set-Cookie")
    names = {cookie.split("=", 1)[0] for cookie in cookies}
    assert names == {"session", "lang"}
    for cookie in cookies:
        assert "; HttpOnly" in cookie, cookie
        assert "; SameSite=Lax" in cookie, cookie


def test_match_links_carry_128_random_bits_each(client):
    links = set()
    for _ in range(5):
        edit = start_match(client)
        links |= {edit.split("/")[3], view_url(client, edit).split("/")[3]}
    assert len(links) == 10  # no two alike
    for token in links:
        assert len(base64.urlsafe_b64decode(token + "==")) >= 16, token


def test_tokens_are_compared_in_constant_time(client, monkeypatch):
    edit = start_match(client)
    token = edit.split("/")[3]
    compared = []

    def spy(a, b):
        compared.append((a, b))
        return a == b

    monkeypatch.setattr(access, "compare_digest", spy)  # the links a browser keeps
    monkeypatch.setattr(tokens, "compare_digest", spy)  # a link opened
    assert client.get(edit).status_code == 200  # the link, and the token the browser kept
    assert client.get(edit[: -len(token)] + "x" * len(token)).status_code == 404
    assert any(token.encode() in pair for pair in compared)
    assert any(b"x" * len(token) in pair for pair in compared)
    assert client.get("/").status_code == 200  # the home page offers the kept links back
    assert len(compared) >= 4


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_database_and_its_journal_are_readable_by_their_owner_only(tmp_path):
    old = os.umask(0o022)  # a usual umask: new files would be world-readable
    try:
        path = tmp_path / "data" / "referee.db"
        Storage.initialise(str(path))
        storage = Storage(str(path))
        storage.db.execute("CREATE TABLE probe (x)")  # makes SQLite open its write-ahead log
        wal = tmp_path / "data" / "referee.db-wal"
        assert wal.exists()
        assert _mode(path) & 0o077 == 0
        assert _mode(wal) & 0o077 == 0
        assert _mode(path.parent) & 0o077 == 0
        storage.close()
    finally:
        os.umask(old)


def test_a_failing_request_is_logged_without_the_match_secret(app, caplog, monkeypatch):
    client = app.test_client()
    edit = start_match(client)
    token = edit.split("/")[3]
    app.config["PROPAGATE_EXCEPTIONS"] = False

    def broken(self, match_id):
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(Storage, "hands", broken)
    with caplog.at_level(logging.ERROR):
        response = client.get(edit + "/history")
    assert response.status_code == 500
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert f"unexpected error on GET /m/{edit.split('/')[2]}/<token>/history" in logged
    assert token not in logged


def test_a_backup_is_readable_by_its_owner_only_as_the_database_is(tmp_path):
    old = os.umask(0o022)  # a usual umask: a new file would be world-readable
    try:
        path = tmp_path / "referee.db"
        Storage.initialise(str(path))
        storage = Storage(str(path))
        copy = storage.backup(tmp_path / "copy.db")  # it holds every secret link
        storage.close()
        assert _mode(copy) == 0o600
        assert _mode(path) & 0o077 == 0
    finally:
        os.umask(old)


def test_a_failing_director_page_is_logged_without_its_secret(app, caplog, monkeypatch):
    from tests.support.tournaments import make

    client = app.test_client()
    director, tournament_id, token = make(client)
    app.config["PROPAGATE_EXCEPTIONS"] = False

    def broken(self, tournament_id):
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(Storage, "tournament_teams", broken)
    with caplog.at_level(logging.ERROR):
        response = client.get(director)
    assert response.status_code == 500
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert f"unexpected error on GET /t/{tournament_id}/<token>" in logged
    assert token not in logged


@pytest.mark.parametrize(
    "path",
    ["/m/1/abc", "/m/12/abc/hands/3/edit", "/t/3/abc", "/t/3/abc/round/2/table/1/close",
     "/g/7/abc", "/g/7/abc/matches/new"],
)  # fmt: skip
def test_the_secret_is_cut_from_logged_paths(path):
    from referee.web.plumbing.security import without_secret

    assert "abc" not in without_secret(path)
    assert without_secret(path).startswith(path.split("abc")[0])


def test_forms_work_over_https_without_a_referer(csrf_client):
    """Referrer-Policy: no-referrer means no Referer: the CSRF token alone must do."""
    https = "https://cards.example.org"
    page = csrf_client.get("/matches/new", base_url=https).text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = csrf_client.post(
        "/matches/new",
        base_url=https,
        data={"preset": "classic", "players": "4", "csrf_token": token},
    )
    assert response.status_code == 302
    forged = csrf_client.post(
        "/matches/new", base_url=https, data={"preset": "classic", "players": "4"}
    )
    assert forged.status_code == 400


@pytest.mark.parametrize("path", ["/static/no-such.css", "/static/../secret_key", "/static/"])
def test_an_error_under_static_is_a_page_with_every_header_of_a_page(client, path):
    with client.get(path) as response:
        assert response.status_code == 404
        assert response.mimetype == "text/html"
        headers = response.headers
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] == "DENY"
    assert "camera=()" in headers["Permissions-Policy"]


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_secret_link_pages_and_the_api_are_never_kept_by_a_cache(app, client):
    # no-store, not "private, no-cache": the service worker's offline copy is made with
    # the Cache API, which no Cache-Control header reaches (see referee/web/plumbing/caching.py).
    urls = every_get_url(app, client)
    secret = [u for u in urls if u.startswith(("/m/", "/g/", "/t/", "/api/"))]
    assert len(secret) >= 15
    for url in secret:
        with client.get(url) as response:
            assert response.headers.get("Cache-Control") == "no-store", url
    posted = client.post("/api/score", json={"variant": "nope"})
    assert posted.status_code == 400
    assert posted.headers["Cache-Control"] == "no-store"
    # The home page holds this browser's links: its secrets too.
    with client.get("/") as response:
        assert 'href="/m/' in response.get_data(as_text=True)
        assert response.headers.get("Cache-Control") == "no-store"
    # The pages without a secret may be kept as usual (the rules, the assets).
    for url in ("/rules", "/static/style.css"):
        with client.get(url) as response:
            assert "no-store" not in response.headers.get("Cache-Control", ""), url


def _links(page: str) -> list[str]:
    return re.findall(r'href="(/[mgt]/\d+/[\w-]+)"', page)


@pytest.mark.live
def test_a_strangers_first_page_on_the_real_server_shows_nothing_of_anyones(tmp_path):
    with referee_serve(tmp_path / "served.db") as server:
        family = Phone(server.url)
        fields = {"preset": "classic", "players": "4"}

        def made(path: str, form: dict[str, str]) -> str:  # the path the phone is sent on to
            return family.post(path, form)[0].removeprefix(server.url)

        matches = [made("/matches/new", {**fields, "name": f"Novak {n}"}) for n in "ABC"]
        group = made("/groups/new", {"name": "Novak family", "players": "Anna\nBen"})
        director = made("/tournaments/new", {**TOURNAMENT, "name": "Novak cup"})
        table = re.findall(r'href="(/m/\d+/[\w-]+)"', family.get(director))[0]
        family.get(table)  # the director opens a table's match too
        assert all(re.fullmatch(r"/[mgt]/\d+/[\w-]+", path) for path in [*matches, group])

        stranger = Phone(server.url).get("/")
        assert _links(stranger) == []
        assert re.findall(r"/[mgt]/\d", stranger) == []
        assert "Novak" not in stranger
        assert "Start a new match" in stranger
        assert 'href="/rules/compare"' in stranger  # what is public stays reachable

        home = family.get("/")
        assert sorted(_links(home)) == sorted([*matches, group, director, table])
        for name in ("Novak A", "Novak B", "Novak C", "Novak family", "Novak cup"):
            assert name in home

        # A phone at the table opens the read-only link it was shown: that match, that
        # link, nothing else; never the edit link.
        match_id, edit_token = matches[1].split("/")[2:]
        page = family.get(matches[1])
        view = next(
            link
            for link in re.findall(rf"(/m/{match_id}/[\w-]+)", page)
            if not link.endswith(edit_token)
        )
        watcher = Phone(server.url)
        watcher.get(view)
        watching = watcher.get("/")
        assert _links(watching) == [view]
        assert "Novak B" in watching
        assert edit_token not in watching
        assert "Novak A" not in watching


def test_with_a_public_address_no_host_header_reaches_a_links_address(tmp_path):
    """Issue 43: a request naming another host gets the match page's links on the
    configured public address, never on the host it named."""
    from tests.support.web import make_app, start_match

    app = make_app(tmp_path, PUBLIC_URL="https://cards.example.org")
    client = app.test_client()
    edit = start_match(client)
    forged = {"Host": "evil.example.net"}
    page = client.get(edit, headers=forged).get_data(as_text=True)
    assert "evil.example.net" not in page
    assert "https://cards.example.org/m/" in page
