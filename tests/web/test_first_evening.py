"""What a first evening runs into on the scorer's path, through the web: going out as a
deliberate choice, a typo explained live, undo that says what it did and can be redone,
the result first at the end, numbers in the page's language, history in the phone's time."""

from __future__ import annotations

import html
import re

from tests.support.web import GOING_OUT, hand, import_file, start_match, totals


def _page(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def _ids(client, url: str) -> list[int]:
    match_id, token = url.split("/")[2:4]
    api = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    return [h["id"] for h in api["hands"]]


def test_going_out_must_be_chosen_and_a_forgotten_choice_keeps_the_hand(client):
    url = start_match(client)
    form = hand(side0={"melds": "A A A"}, side1={"melds": "K K K K K"})
    del form["out"]  # nobody chose
    refused = client.post(url + "/hands/new", data=form)
    assert refused.status_code == 422
    page = _page(refused)
    assert "Choose who went out: a side, or Nobody." in page
    assert "A A A</textarea>" in page  # what was typed, kept
    assert totals(client, url) == [0, 0]
    # The form asks for it before sending: the choice is required.
    form_page = _page(client.get(url + "/hands/new"))
    assert re.search(
        r'<input type="radio" name="out" id="out-none" value="none" required', form_page
    )
    # One tap, Nobody included, and the hand is recorded.
    assert client.post(url + "/hands/new", data={**form, "out": "none"}).status_code == 302
    assert totals(client, url) == [60, 50]
    # A form kept on a phone from before the one choice says it per side: still taken.
    assert client.post(url + "/hands/new", data=hand(**GOING_OUT)).status_code == 302


def test_a_typo_is_explained_live_on_its_side_in_the_servers_words(client):
    url = start_match(client)
    data = hand(side0={"melds": "A A A"}, side1={"melds": "4 4 4 1"})
    preview = client.get(url + "/hands/preview", query_string=data).get_json()
    assert preview["sides"] is None
    assert preview["side"] == 1
    sent = _page(client.post(url + "/hands/new", data=data))
    assert preview["error"] in sent  # the same words the server says when it is sent
    assert 'unknown card "1"' in preview["error"]


def test_the_preview_writes_numbers_as_the_page_does(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    data = hand(**GOING_OUT)
    shown = client.get(url + "/hands/preview", query_string=data).get_json()["sides"][0]["shown"]
    assert shown == "+685 → 2,055"
    client.get(url + "?lang=de")
    shown = client.get(url + "/hands/preview", query_string=data).get_json()["sides"][0]["shown"]
    assert shown == "+685 → 2.055"


def test_undo_says_what_it_undid_and_redo_makes_it_again(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    page = _page(client.post(url + "/undo", data={"token": "u" * 20}, follow_redirects=True))
    assert "Hand 2 removed." in page
    assert "↷ Redo" in page
    assert totals(client, url) == [685, 30]
    page = _page(client.post(url + "/redo", data={"token": "r" * 20}, follow_redirects=True))
    assert "Hand 2 is back." in page
    assert totals(client, url) == [2 * 685, 60]
    assert "↷ Redo" not in page  # nothing left to redo
    assert "Redid a change to" in _page(client.get(url + "/history"))
    # A match with a redo in its history exports and imports again.
    exported = client.get(url + "/export.json").data
    again = import_file(client, exported)
    assert again.status_code == 302
    # An undo after the redo reverses it again; a new hand ends what could be redone.
    client.post(url + "/undo", data={"token": "v" * 20})
    assert totals(client, url) == [685, 30]
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    assert "↷ Redo" not in _page(client.get(url))
    assert _page(client.post(url + "/redo", data={"token": "w" * 20}, follow_redirects=True))
    assert totals(client, url) == [2 * 685, 60]
    # Undo of an edit, said of its hand.
    first = _ids(client, url)[0]
    edited = hand(side0={"melds": "K K K K K K K\n5 5 5\n6 6 6", "went_out": True},
                  side1={"melds": "A A A", "hand_points": 30})  # fmt: skip
    client.post(f"{url}/hands/{first}/edit", data=edited)
    page = _page(client.post(url + "/undo", data={"token": "x" * 20}, follow_redirects=True))
    assert "Hand 1 is as it was before its edit." in page


def test_the_winning_hand_shows_the_result_first_and_no_minimums(client):
    url = start_match(client, target="600")
    response = client.post(url + "/hands/new", data=hand(**GOING_OUT))
    assert response.location.endswith(url)  # the top of the page: the result first
    page = _page(client.get(url))
    assert page.index("★ Winner: <bdi>Side A</bdi>, with 685") < page.index("<h1>")
    assert "to open" not in page


def test_history_shows_melds_apart_and_its_times_for_the_phone_to_localise(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    first = _ids(client, url)[0]
    edited = hand(side0={"melds": "K K K K K K K\n5 5 5\n6 6 6", "went_out": True},
                  side1={"melds": "A A A", "hand_points": 30})  # fmt: skip
    client.post(f"{url}/hands/{first}/edit", data=edited)
    page = _page(client.get(url + "/history"))
    assert "<ins>K K K K K K K · 5 5 5 · 6 6 6</ins>" in page
    stamp = re.search(r'<time datetime="([^"]+)" data-local="">([^<]+) UTC</time>', page)
    assert stamp is not None  # machine-readable for the script; UTC, said so, without it
    assert stamp[1].startswith(stamp[2].replace(" ", "T")[:16])


def test_the_referee_inside_a_match_starts_from_the_matchs_own_totals(client):
    url = start_match(client, paper_hands="5", paper_side1="3560", paper_side2="900")
    page = _page(client.get(url + "/referee?q=opening"))
    options = re.findall(r'<option value="(-?\d+)"[^>]*>(.*?)</option>', page)
    assert [(value, re.sub("<[^>]+>", "", name)) for value, name in options[-2:]] == [
        ("3560", "Side A — 3,560"),
        ("900", "Side B — 900"),
    ]
    # Choosing the side is the question's total: 3 560 needs 120, not 0's 50.
    data = {"question": "opening", "opening-score": "3560", "opening-melds": "A A A\nK K K"}
    answer = _page(client.post(url + "/referee", data=data))
    assert "90 points fall short of the minimum of 120" in answer
    # What a person reads carries no internal rule id; the book's own words are labelled.
    shown = re.sub(r'data-rule="[^"]*"', "", answer)
    assert "classic.opening" not in shown
    assert "(original language: Dutch):" in answer


def test_the_referee_inside_hand_and_foot_knows_the_hand(client):
    url = start_match(client, preset="hand-and-foot")
    books = "K K K K K K K\nQ Q Q Q Q Q Q\nJ J J J J 2 2\n8 8 8 8 8 8 X\n2 2 2 X X X X"
    data = hand(side0={"melds": books, "went_out": True}, side1={"melds": "A A A"})
    assert client.post(url + "/hands/new", data=data).status_code == 302
    page = _page(client.get(url + "/referee?q=opening"))
    assert re.search(r'name="opening-round_number"[^>]*value="2"', page)
