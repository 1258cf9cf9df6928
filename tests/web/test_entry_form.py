"""The hand form asks only what a player knows: one going-out choice, concealed only where
the rules have it, counts on the numeric keypad, the picker's "how many"."""

from __future__ import annotations

import re

import pytest

from tests.support.web import hand, start_match, totals


@pytest.mark.parametrize("mode", ["detailed", "quick"])
def test_every_number_opens_the_numeric_keypad(client, mode):
    url = start_match(client, preset="american")
    page = client.get(url + f"/hands/new?mode={mode}").get_data(as_text=True)
    numbers = re.findall(r"<input[^>]*type=\"number\"[^>]*>", page)
    assert numbers
    assert all('inputmode="numeric"' in tag for tag in numbers), numbers


def test_going_out_is_one_choice_and_concealed_only_where_it_applies(client):
    url = start_match(client, side1_name="We", side2_name="They")
    page = client.get(url + "/hands/new").get_data(as_text=True)
    choice = page.split('<fieldset class="out-choice">')[1].split("</fieldset>")[0]
    assert re.findall(r'type="radio" name="out" id="out-(\w+)"', choice) == ["none", "0", "1"]
    assert "We" in choice
    assert "They" in choice
    assert "Went out concealed" in choice  # the Laws pay for it
    assert 'name="side0-went_out"' not in page  # no box per side any more
    # 001 §Acciones: the Spanish rules have no going out concealed: not asked.
    spanish = start_match(client, preset="spanish")
    assert "Went out concealed" not in client.get(spanish + "/hands/new").get_data(as_text=True)


def test_the_choice_names_who_went_out(client):
    url = start_match(client)
    data = hand(side0={"melds": "A A A"}, side1={"melds": "K K K K K K K\n5 5 5"})
    data["out"] = "1"
    assert client.post(url + "/hands/new", data=data).status_code == 302
    # Side 2: 70 + 15 + 500 + 100 out = 685; side 1: 60.
    assert totals(client, url) == [60, 685]
    # The edit form shows the choice as it was made.
    page = client.get(url).get_data(as_text=True)
    edit = re.search(r'href="([^"]+/hands/\d+/edit)"', page).group(1)
    form = client.get(edit).get_data(as_text=True)
    assert re.search(r'id="out-1" value="1" required="" checked', form)


@pytest.mark.parametrize("lang", ["en", "cs", "de", "es", "nl", "pl"])
@pytest.mark.parametrize("page", ["hand", "referee"])
def test_the_hint_names_the_joker_key_as_the_picker_labels_it(client, lang, page):
    # Issue 37: the hint said "X = joker" while the picker's key read "Jkr" ("Žol").
    url = start_match(client)
    path = url + "/hands/new" if page == "hand" else "/referee"
    html = client.get(path, headers={"Accept-Language": lang}).get_data(as_text=True)
    key = re.search(r'data-card="X"[^>]*>([^<]+)</button>', html).group(1)
    hint = re.search(r'<p class="hint">([^<]+)', html).group(1)
    assert re.search(rf"X = \w+ \([^)]*\b{key}\b", hint), (key, hint)


def test_the_picker_takes_how_many(client):
    url = start_match(client)
    page = client.get(url + "/hands/new").get_data(as_text=True)
    assert re.findall(r'data-times="(\d)"', page)[:6] == ["2", "3", "4", "5", "6", "7"]
