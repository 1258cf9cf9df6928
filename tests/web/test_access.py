"""Who sees what: the links a browser keeps for its home page; the ledger computed once per
change, and never shown out of date."""

from __future__ import annotations

import re
import secrets

from referee.storage import Storage
from referee.web.parts import access
from tests.support.web import (
    GOING_OUT,
    GOING_OUT_SCORES,
    TOURNAMENT,
    hand,
    start_group,
    start_match,
    totals,
    view_url,
)


def test_the_ledger_is_computed_again_only_after_a_change(client, monkeypatch):
    url = start_match(client)
    computed = []
    real = access.compute_ledger
    monkeypatch.setattr(
        access, "compute_ledger", lambda m, h, p: computed.append(m.id) or real(m, h, p)
    )
    assert totals(client, url) == [0, 0]
    assert totals(client, url) == [0, 0]
    assert len(computed) == 1
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    assert totals(client, url) == GOING_OUT_SCORES
    assert len(computed) == 2  # recording looks before and after; the page reuses "after"
    client.post(url + "/undo")
    assert totals(client, url) == [0, 0]
    assert len(computed) == 3


def test_matches_of_different_databases_are_kept_apart(app, csrf_app):
    # Both databases have a match 1; only one of them has a hand.
    one, other = app.test_client(), csrf_app.test_client()
    csrf_app.config["WTF_CSRF_ENABLED"] = False
    url_one, url_other = start_match(one), start_match(other)
    assert url_one.split("/")[2] == url_other.split("/")[2] == "1"
    one.post(url_one + "/hands/new", data=hand(**GOING_OUT))
    assert totals(one, url_one) == GOING_OUT_SCORES
    assert totals(other, url_other) == [0, 0]


def home_links(client) -> list[str]:
    """Every link to a match, group or tournament on this browser's home page."""
    return re.findall(r'href="(/[mgt]/\d+/[\w-]+)"', client.get("/").text)


def test_a_read_only_link_opened_is_kept_read_only(app, client):
    edit = start_match(client, name="Sunday at Gran's")
    view = view_url(client, edit)
    watcher = app.test_client()
    assert home_links(watcher) == []
    assert watcher.get(view).status_code == 200
    assert home_links(watcher) == [view]  # found again, and only as it was opened
    home = watcher.get("/").text
    assert "Sunday at Gran&#39;s" in home
    assert edit.split("/")[3] not in home  # never the edit link
    assert "Classic · " in home
    assert "· read-only</small>" in home  # and says so
    assert home_links(client) == [edit]  # the scorer's phone keeps its edit link
    assert "read-only" not in client.get("/").text


def test_the_edit_link_opened_after_the_read_only_one_is_offered_instead(app, client):
    edit = start_match(client)
    view = view_url(client, edit)
    other = app.test_client()
    other.get(view)
    other.get(edit)  # the scorer's link, sent on to a second scorer
    assert home_links(other) == [edit]
    other.get(view)  # and read-only again: the edit link stays
    assert home_links(other) == [edit]


def test_a_group_and_a_tournament_opened_by_their_read_only_links_are_kept_read_only(app, client):
    group = start_group(client, "Fri club")
    made = client.post("/tournaments/new", data=TOURNAMENT)
    director = made.headers["Location"]
    storage = Storage(app.config["DATABASE"])
    try:
        found_group = storage.get_group(int(group.split("/")[2]))
        found_tournament = storage.get_tournament(int(director.split("/")[2]))
    finally:
        storage.close()
    group_view = f"/g/{found_group.id}/{found_group.view_token}"
    standings = f"/t/{found_tournament.id}/{found_tournament.view_token}"
    assert home_links(client) == [group, director]
    watcher = app.test_client()
    assert watcher.get(group_view).status_code == 200
    assert watcher.get(standings + "/standings").status_code == 200
    assert home_links(watcher) == [group_view, standings]
    home = watcher.get("/").text
    assert "Fri club" in home
    assert "Spring cup" in home
    assert found_group.edit_token not in home
    assert found_tournament.edit_token not in home
    assert home.count("· read-only</small>") == 2
    assert "read-only" not in client.get("/").text
    # Its read-only link opens no page that changes anything.
    assert "Start a match" not in watcher.get(group_view).text


def test_a_page_opened_again_sets_no_cookie(app, client):
    view = view_url(client, start_match(client))
    watcher = app.test_client()
    assert "Set-Cookie" in watcher.get(view).headers  # kept the first time
    assert "Set-Cookie" not in watcher.get(view).headers


def test_a_link_to_what_was_deleted_or_changed_is_not_offered(app, client):
    edit = start_match(client, name="Gone soon")
    other = app.test_client()
    other.get(view_url(client, edit))
    # Its id taken again by a new match (ids of deleted matches may come back).
    storage = Storage(app.config["DATABASE"])
    try:
        storage.db.execute("UPDATE matches SET view_token = 'new', edit_token = 'other'")
        storage.db.conn.commit()
    finally:
        storage.close()
    assert home_links(other) == []
    assert home_links(client) == []
    assert "Gone soon" not in other.get("/").text


def test_every_list_full_still_fits_in_a_cookie(csrf_app):
    """A browser drops a cookie of more than 4 KB, and with it the whole session (its CSRF
    token, every link): all six lists at their bounds, with long ids, stay well under."""
    client, scorer = csrf_app.test_client(), csrf_app.test_client()
    with client.session_transaction() as session:
        for kind, bound in access.REMEMBERED.items():
            session[kind] = {str(1_000_000 + n): secrets.token_urlsafe(16) for n in range(bound)}
    edit = start_match(client, csrf_token=_form_token(client))
    watched = view_url(scorer, start_match(scorer, csrf_token=_form_token(scorer)))
    answer = client.get(watched)  # a page with a form: its CSRF token in the session too
    assert answer.status_code == 200
    with client.session_transaction() as session:
        for kind, bound in access.REMEMBERED.items():
            assert len(session[kind]) == bound, kind
        assert "1000000" not in session["edit"]  # the oldest went first
        assert edit.split("/")[3] in session["edit"].values()
        assert watched.split("/")[3] in session["view"].values()
        assert "csrf_token" in session
    cookie = client.get_cookie("session")
    assert len(cookie.key) + len(cookie.value) < 3600, len(cookie.value)


def _form_token(client) -> str:
    page = client.get("/matches/new").text
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
