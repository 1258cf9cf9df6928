"""Joining a match by scanning: the QR code holds the read-only link, whichever link asked,
and the edit link waits behind a disclosure."""

from __future__ import annotations

import re

from referee.web.views.share import _svg
from tests.support.web import start_match, view_url


def test_the_code_holds_the_read_only_link_for_either_link(client):
    url = start_match(client)
    view = view_url(client, url)
    expected = _svg("http://localhost" + view)
    for link in (url, view):
        response = client.get(link + "/qr.svg")
        assert response.status_code == 200
        assert response.mimetype == "image/svg+xml"
        assert response.data == expected  # the read-only link, never the edit link
        assert response.headers["Cache-Control"] == "no-store"  # the link is a secret


def test_the_match_page_shows_the_code_and_hides_the_edit_link(client):
    url = start_match(client)
    page = client.get(url).get_data(as_text=True)
    assert re.search(r'<img src="[^"]+/qr\.svg" width="185" height="185" loading="lazy"', page)
    handover = page.split('<details class="fold handover">')[1].split("</details>")[0]
    assert "Give the scoring to another phone" in handover
    assert "http://localhost" + url in handover
    # The read-only page shows the code and no edit link at all.
    viewer = client.get(view_url(client, url)).get_data(as_text=True)
    assert "/qr.svg" in viewer
    assert 'class="handover"' not in viewer


def test_a_wrong_token_gets_no_code(client):
    url = start_match(client)
    assert client.get(url[:-3] + "xyz/qr.svg").status_code == 404


def test_giving_the_scoring_to_another_phone_shows_the_edit_links_code(client):
    """A QR code of the edit link inside *Give the scoring to another phone*, as the
    read-only link has one (issue 48); the read-only link gets no such code."""
    url = start_match(client)
    page = client.get(url).get_data(as_text=True)
    handover = page.split('<details class="fold handover">')[1].split("</details>")[0]
    code = re.search(
        r'<img src="([^"]+/scoring-qr\.svg)"[^>]*alt="QR code of the edit link"', handover
    )
    assert code is not None
    answer = client.get(code.group(1))
    assert answer.status_code == 200
    assert answer.mimetype == "image/svg+xml"
    assert answer.data == _svg("http://localhost" + url)  # the edit link itself
    assert answer.data != client.get(url + "/qr.svg").data
    assert answer.headers["Cache-Control"] == "no-store"
    view = view_url(client, url)
    assert client.get(view + "/scoring-qr.svg").status_code == 403  # no right to score from it
