"""Sharing a match's result: its text and its card (a PNG), in every language, behind its link."""

from __future__ import annotations

import html
import io
import re

import pytest
from PIL import Image

from referee.i18n import LANGUAGES
from tests.support.web import GOING_OUT, LONG_MATCH_HAND, hand, start_match, totals, view_url

SMALL = 60 * 1024  # what a chat takes without a second thought

# Named players, one side named by them ("Anna & Ben"), the other with a name of its own.
FAMILY = {
    "name": "Pátek u Žofie",
    "side1_p1": "Anna",
    "side1_p2": "Ben",
    "side2_name": "Dědeček a Łucja",
    "side2_p1": "Karel",
    "side2_p2": "Łucja",
    "target": "1000",
}


def finished(client) -> str:
    """A match to 1,000 won by Anna & Ben in two hands (1,370 to 60)."""
    url = start_match(client, **FAMILY)
    for _ in range(2):
        client.post(url + "/hands/new", data=hand(**GOING_OUT))
    assert totals(client, url) == [1370, 60]
    return url


def shown(page: str, pattern: str) -> str:
    """The text of the first element of ``page`` matching ``pattern``, tags dropped."""
    found = re.search(pattern, page, re.S)
    assert found, pattern
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_text_says_what_the_match_page_says_in_its_language(client, lang):
    url = finished(client)
    page = client.get(f"{url}?lang={lang}").get_data(as_text=True)
    big = re.findall(r'<p class="big">([^<]+)</p>', page)  # the totals as the page writes them
    banner = shown(page, r'<p class="winner" id="result" role="status">(.*?)</p>')
    answer = client.get(f"{url}/result.txt")
    assert answer.status_code == 200
    assert answer.mimetype == "text/plain"
    lines = answer.get_data(as_text=True).splitlines()
    assert lines[0] == "Pátek u Žofie"
    # Anna & Ben are named by their players; the other side by its name, with its players.
    assert lines[1] == f"Anna & Ben: {big[0]}"
    assert lines[2] == f"Dědeček a Łucja (Karel, Łucja): {big[1]}"
    assert lines[3] == banner  # "★ Winner: Anna & Ben, with 1,370", as the page says it
    assert big[0] in lines[3]
    # The rules and the target as the page's head says them; how many hands.
    variant, _players, target = shown(page, r'<p class="muted">(.*?)\n').split(" · ")[:3]
    assert lines[4].startswith(f"{variant} · {target} · 2 ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_is_a_small_png_a_thumbnail_can_read(client, lang):
    url = finished(client)
    client.get(f"{url}?lang={lang}")
    answer = client.get(f"{url}/result.png")
    assert answer.status_code == 200
    assert answer.mimetype == "image/png"
    assert len(answer.data) <= SMALL
    card = Image.open(io.BytesIO(answer.data))
    assert card.format == "PNG"
    assert card.width == 800
    # The page that shows it sets its size: nothing moves as it loads.
    page = client.get(f"{url}/result").get_data(as_text=True)
    assert f'width="800" height="{card.height}"' in page
    assert 500 <= card.height <= 1200  # a card, not a strip


def test_the_largest_card_stays_small(client):
    """Three sides of the longest names, a long match's name and twelve hands: still small."""
    long = "Wilhelmina Konstantynopolitań"  # 30 characters, the most a name takes
    url = start_match(
        client,
        preset="classic",
        players="3",
        name="Ž" * 60,
        side1_p1=long,
        side2_p1=long[:-1] + "B",
        side3_p1=long[:-1] + "C",
        target="100000",
    )
    for _ in range(12):
        client.post(url + "/hands/new", data=hand(**LONG_MATCH_HAND))
    assert "12 hands" in client.get(url + "/result.txt").get_data(as_text=True)
    answer = client.get(url + "/result.png")
    assert answer.status_code == 200
    assert len(answer.data) <= SMALL
    assert Image.open(io.BytesIO(answer.data)).width == 800


def test_a_match_in_play_says_who_leads_after_which_hand(client):
    url = start_match(client, **FAMILY)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    text = client.get(url + "/result.txt").get_data(as_text=True)
    assert "After hand 1: Anna & Ben in the lead, with 685" in text
    assert "Winner" not in text
    page = client.get(url).get_data(as_text=True)
    assert "Share the score" in page
    assert "Share the result" not in page


def test_the_match_page_offers_the_share_under_the_totals_once_a_hand_is_in(client):
    url = start_match(client, **FAMILY)
    assert "/result" not in client.get(url).get_data(as_text=True)  # nothing to share yet
    url = finished(client)
    page = client.get(url).get_data(as_text=True)
    button = r'<a class="button" href="([^"]+)" data-js="/static/result\.js"[^>]*>([^<]+)</a>'
    share = re.search(button, page)
    assert share
    assert share.group(2) == "Share the result"
    assert share.group(1) == url + "/result"
    assert page.index('id="totals"') < share.start() < page.index('id="hands"')
    scripts = re.findall(r"<script[^>]*>", page)
    assert not any("result.js" in tag for tag in scripts)  # loaded when tapped, not before


def test_without_javascript_the_result_page_has_the_picture_and_the_text_to_copy(client):
    url = finished(client)
    page = client.get(url + "/result").get_data(as_text=True)
    text = client.get(url + "/result.txt").get_data(as_text=True)
    box = shown(page, r'<textarea id="result-text" readonly[^>]*>(.*?)</textarea>')
    assert box == text
    assert f'href="{url}/result.png"' in page  # the picture, to keep
    assert 'download="Pátek u Žofie.png"' in page


def test_the_read_only_link_shares_the_same_and_nothing_opens_without_a_link(client):
    url = finished(client)
    view = view_url(client, url)
    for ending in ("/result", "/result.txt", "/result.png"):
        edit_answer, view_answer = client.get(url + ending), client.get(view + ending)
        assert edit_answer.status_code == view_answer.status_code == 200
        if ending != "/result":
            assert edit_answer.data == view_answer.data
        match_id = url.split("/")[2]
        assert client.get(f"/m/{match_id}/not-its-token{ending}").status_code == 404
        assert client.get(f"/m/999999/{url.split('/')[3]}{ending}").status_code == 404
        assert client.get(f"/m/{match_id}/{url.split('/')[3][:-1]}{ending}").status_code == 404
        # Under a secret link: no browser or proxy keeps it.
        assert view_answer.headers["Cache-Control"] == "no-store"
    other = start_match(client)  # another match's token opens nothing of this one
    assert (
        client.get(f"{url.rsplit('/', 1)[0]}/{other.split('/')[3]}/result.png").status_code == 404
    )


def test_a_card_is_drawn_again_when_the_match_changes(client):
    url = start_match(client, **FAMILY)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    before = client.get(url + "/result.png").data
    assert client.get(url + "/result.png").data == before  # the same card, the same bytes
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    assert client.get(url + "/result.png").data != before
    client.get(url + "?lang=cs")
    assert client.get(url + "/result.png").data != client.get(url + "/result.png?lang=en").data


def test_right_to_left_names_are_drawn_and_kept_apart_in_the_text(client):
    url = start_match(client, side1_name="אנה ובן", side2_name="كريم وليلى", target="1000")
    for _ in range(2):
        client.post(url + "/hands/new", data=hand(**GOING_OUT))
    answer = client.get(url + "/result.png")
    assert answer.status_code == 200
    assert Image.open(io.BytesIO(answer.data)).width == 800
    text = client.get(url + "/result.txt").get_data(as_text=True)
    # Each name isolated, so "Winner: …, with 1,370" reads in its own order around it.
    assert "\u2068אנה ובן\u2069: 1,370" in text
    assert "Winner: \u2068אנה ובן\u2069, with 1,370" in text
