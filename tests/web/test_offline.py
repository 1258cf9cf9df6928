"""The server's side of working offline: the worker and its version, exactly-once
deletes and undos, and a late hand refused with its form."""

from __future__ import annotations

import re
import secrets
import shutil

import pytest

from referee.web.views import offline
from tests.support.web import GOING_OUT, first_hand_id, hand, start_match, totals


def test_the_worker_is_served_from_the_root_never_cached_with_its_version(app, client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"
    version = re.search(r'var VERSION\s*=\s*"(\w+)"', response.text)[1]
    assert version == offline.asset_version(app.static_folder)
    assert "__" not in response.text  # every placeholder filled in


def test_every_url_the_worker_keeps_at_install_answers(client):
    worker = client.get("/sw.js").text
    shell = re.search(r"var SHELL\s*=\s*(\[.*?\]);", worker)[1]
    for url in re.findall(r'"([^"]+)"', shell):
        with client.get(url) as response:
            assert response.status_code == 200, url


def test_any_change_to_an_asset_is_a_new_version(app, tmp_path):
    copy = tmp_path / "static"
    shutil.copytree(app.static_folder, copy)
    before = offline.asset_version(str(copy))
    assert before == offline.asset_version(app.static_folder)
    changed = tmp_path / "changed"
    shutil.copytree(copy, changed)
    (changed / "app.js").write_text((changed / "app.js").read_text() + "\n// 2")
    assert offline.asset_version(str(changed)) != before
    added = tmp_path / "added"
    shutil.copytree(copy, added)
    (added / "new.css").write_text("p{}")
    assert offline.asset_version(str(added)) != before


@pytest.mark.parametrize(
    ("path", "kept"),
    [
        ("/m/3/abcdefghijklmnop/hands/new", True),
        ("/m/3/abcdefghijklmnop/hands/12/edit", True),
        ("/m/3/abcdefghijklmnop/hands/12/delete", True),
        ("/m/3/abcdefghijklmnop/undo", True),
        ("/m/3/abcdefghijklmnop/referee", False),
        ("/matches/new", False),
        ("/matches/import", False),
        ("/referee", False),
    ],
)
def test_only_the_edit_links_forms_may_be_kept_offline(client, path, kept):
    pattern = re.search(r'var QUEUED\s*=\s*(".*?");', client.get("/sw.js").text)[1]
    regex = re.compile(__import__("json").loads(pattern).replace("\\/", "/"))
    assert bool(regex.search(path)) is kept


def test_an_undo_sent_twice_undoes_once(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    token = secrets.token_urlsafe(16)
    client.post(url + "/undo", data={"token": token})
    again = client.post(url + "/undo", data={"token": token}, follow_redirects=True)
    assert "already done" in again.text
    assert totals(client, url) == [685, 30]  # one hand left of two: one undo


def test_a_delete_sent_twice_deletes_once(client, app):

    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    hand_id = first_hand_id(app, int(url.split("/")[2]))
    token = secrets.token_urlsafe(16)
    client.post(f"{url}/hands/{hand_id}/delete", data={"token": token})
    client.post(url + "/undo", data={"token": secrets.token_urlsafe(16)})  # back again
    again = client.post(f"{url}/hands/{hand_id}/delete", data={"token": token})
    assert again.status_code == 302
    assert totals(client, url) == [685, 30]  # the resent delete did not delete it again


def test_the_match_page_and_edit_form_carry_one_time_tokens(client, app):

    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    page = client.get(url).text
    undo = re.search(r'action="[^"]*/undo">(.*?)</form>', page, re.S)[1]
    assert re.search(r'name="token" value="[\w-]{22}"', undo)
    hand_id = first_hand_id(app, int(url.split("/")[2]))
    form = client.get(f"{url}/hands/{hand_id}/edit").text
    delete = re.search(r'action="[^"]*/delete" class="stack">(.*?)</form>', form, re.S)[1]
    assert re.search(r'name="token" value="[\w-]{22}"', delete)


def test_a_hand_sent_after_the_match_ended_comes_back_with_its_form(client):
    url = start_match(client, target="500")
    client.post(url + "/hands/new", data=hand(**GOING_OUT))  # 685: the match is won
    late = hand(side0={"melds": "Q Q Q"}, side1={"melds": "7 7 7", "hand_points": 15})
    response = client.post(url + "/hands/new", data=late)
    assert response.status_code == 409
    assert "The match is over" in response.text
    assert "Q Q Q</textarea>" in response.text
    assert 'value="15"' in response.text
    assert client.get(url + "/hands/new").status_code == 302  # opening the form: the match


def test_scripts_go_out_without_comments_and_still_whole(client, app):
    from pathlib import Path

    for name in ("app.js", "offline.js", "queue.js"):
        source = (Path(app.static_folder) / name).read_text()
        with client.get(f"/static/{name}") as response:
            served = response.text
            assert response.headers["Content-Length"] == str(len(response.data))
        assert "/*" in source
        assert "/*" not in served, name
        assert len(served) < len(source) * 0.8, name
    assert "RefereeQueue" in client.get("/static/queue.js").text
    worker = client.get("/sw.js").text
    assert "/*" not in worker
    assert 'addEventListener("fetch"' in worker


def test_a_plain_saved_page_is_kept_for_a_form_whose_match_the_phone_never_kept(client):
    """The worker answers such a post with this page (static/sw.js, keepPost)."""
    worker = client.get("/sw.js").text
    assert '"/offline/saved"' in re.search(r"var SHELL\s*=\s*(\[.*?\]);", worker)[1]
    page = client.get("/offline/saved").text
    assert "<h1>Saved on this phone</h1>" in page
    assert "sent by itself, once, when the connection is back" in page
