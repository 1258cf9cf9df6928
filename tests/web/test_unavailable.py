"""When the server cannot write its data (a read-only file, a full disk), a clear 503.

SQLite itself refuses the writes here: ``PRAGMA query_only`` makes it answer as for a
read-only database file, ``PRAGMA max_page_count`` as for a full disk (the tests run
as root, for whom a read-only file mode means nothing).
"""

from __future__ import annotations

import io

import pytest

from referee.web.plumbing.db import get_storage
from tests.support.web import GOING_OUT, hand, start_match, totals

SAVED_NOTHING = "Nothing you typed was lost"


def _break(app, how: str) -> None:
    """Make the app's database refuse writes, on the connection the test client uses."""
    with app.app_context():
        db = get_storage().db
        if how == "read-only":
            db.execute("PRAGMA query_only = 1")
        else:  # full: not one page more than it has now, and none free inside it
            db.execute("VACUUM")
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {pages}")


def _mend(app) -> None:
    with app.app_context():
        db = get_storage().db
        db.execute("PRAGMA query_only = 0")
        db.execute("PRAGMA max_page_count = 1073741823")


@pytest.mark.parametrize("how", ["read-only", "full"])
def test_a_new_match_that_cannot_be_saved_is_a_503_with_the_form_kept(app, client, how):
    client.get("/")  # the database exists and is open
    _break(app, how)
    response = client.post(
        "/matches/new", data={"preset": "classic", "players": "4", "name": "Grandma's table"}
    )
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "30"
    page = response.text
    assert SAVED_NOTHING in page
    assert 'value="Grandma&#39;s table"' in page
    _mend(app)
    again = client.post("/matches/new", data={"preset": "classic", "players": "4"})
    assert again.status_code == 302


def test_a_hand_that_cannot_be_saved_is_a_503_with_the_hand_kept(app, client):
    url = start_match(client)
    _break(app, "read-only")
    entry = hand(**GOING_OUT)
    response = client.post(url + "/hands/new", data=entry)
    assert response.status_code == 503
    assert SAVED_NOTHING in response.text
    assert "K K K K K K K" in response.text  # the melds typed are in the form again
    _mend(app)
    assert client.post(url + "/hands/new", data=entry).status_code == 302
    assert totals(client, url) == [685, 30]


def test_an_undo_that_cannot_be_saved_is_a_503_and_the_match_still_reads(app, client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    _break(app, "read-only")
    response = client.post(url + "/undo")
    assert response.status_code == 503
    assert SAVED_NOTHING in response.text
    assert totals(client, url) == [685, 30]  # reading still works, nothing was undone
    _, _, match_id, token = url.split("/")
    assert client.get(f"/api/matches/{match_id}?token={token}").status_code == 200


def test_an_import_onto_a_full_disk_is_a_503_on_the_import_form(app, client):
    url = start_match(client)
    for _ in range(12):
        client.post(url + "/hands/new", data=hand(**GOING_OUT))
    export = client.get(url + "/export.json").data
    _break(app, "full")
    response = client.post(
        "/matches/import",
        data={"file": (io.BytesIO(export), "match.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 503
    assert SAVED_NOTHING in response.text
    assert 'type="file"' in response.text  # the import form, to send the file again
    _mend(app)
    response = client.post(
        "/matches/import",
        data={"file": (io.BytesIO(export), "match.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
