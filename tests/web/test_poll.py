"""The poll that keeps the other phones current: a bodiless 304 while nothing changed."""

from __future__ import annotations

import pytest

from tests.support.web import GOING_OUT, hand, make_app, start_match, view_url


@pytest.fixture
def poll(client):
    """The read-only link's poll, as the viewers' phones send it."""
    return view_url(client, start_match(client)) + "/version"


def test_the_version_carries_its_etag(client, poll):
    response = client.get(poll)
    assert response.status_code == 200
    version = response.get_json()["version"]
    assert response.headers["ETag"] == f'"{version}"'
    assert response.headers["Cache-Control"] == "no-store"


def test_the_same_version_answers_304_with_no_body(client, poll):
    tag = client.get(poll).headers["ETag"]
    response = client.get(poll, headers={"If-None-Match": tag})
    assert response.status_code == 304
    assert response.data == b""
    assert response.headers["ETag"] == tag
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize(
    ("sent", "status"),
    [
        ('"{v}"', 304),
        ('W/"{v}"', 304),  # If-None-Match compares weakly
        ('"1000", "{v}"', 304),
        ("*", 304),
        ('"{later}"', 200),
        ("", 200),
    ],
)
def test_which_tags_are_current(client, poll, sent, status):
    version = client.get(poll).get_json()["version"]
    tag = sent.format(v=version, later=version + 1)
    assert client.get(poll, headers={"If-None-Match": tag}).status_code == status


def test_a_recorded_hand_answers_the_old_tag_with_the_new_version(client):
    edit = start_match(client)
    poll = view_url(client, edit) + "/version"
    old = client.get(poll)
    client.post(edit + "/hands/new", data=hand(**GOING_OUT))
    response = client.get(poll, headers={"If-None-Match": old.headers["ETag"]})
    assert response.status_code == 200
    version = response.get_json()["version"]
    assert version > old.get_json()["version"]
    assert response.headers["ETag"] == f'"{version}"'
    current = client.get(poll, headers={"If-None-Match": response.headers["ETag"]})
    assert current.status_code == 304


def test_a_wrong_token_is_still_not_found(client, poll):
    tag = client.get(poll).headers["ETag"]
    match_id = poll.split("/")[2]
    for wrong in (f"/m/{match_id}/guessed/version", "/m/999/guessed/version"):
        response = client.get(wrong, headers={"If-None-Match": tag})
        assert response.status_code == 404
        assert "ETag" not in response.headers


def test_the_poll_interval_is_a_setting(tmp_path):
    app = make_app(tmp_path, POLL_SECONDS=10)
    client = app.test_client()
    page = client.get(start_match(client)).text
    assert 'data-every="10"' in page
