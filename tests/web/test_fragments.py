"""Page fragments are kept once rendered: what they show must be all of their key."""

from __future__ import annotations

from tests.support.web import GOING_OUT, hand, start_match, totals


def test_links_follow_where_the_app_is_mounted(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    mounted = client.get(url, base_url="http://localhost/canasta").text
    assert 'href="/canasta/referee"' in mounted
    assert f'href="/canasta{url}/hands/' in mounted  # a hand row's Edit button
    plain = client.get(url).text
    assert 'href="/referee"' in plain
    assert "/canasta/" not in plain


def test_a_row_shows_its_hand_as_edited_and_in_each_language(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    english = client.get(url).text
    assert "Melded cards" in english
    german = client.get(url, headers={"Accept-Language": "de"}).text
    assert "Melded cards" not in german
    assert "Edit hand 1" not in german
    # The read-only link's rows have no Edit button, though the hand is the same.
    view = client.get(url).text.split("Read-only, for everyone at the table:")[1]
    view_path = view.split('href="http://localhost', 1)[1].split('"', 1)[0]
    assert "Edit hand 1" not in client.get(view_path).text
    # Edited, the hand's row shows its new score.
    side1 = {"melds": "A A A", "hand_points": 0}
    changed = hand(side0={"melds": "K K K K K K K", "went_out": True}, side1=side1)
    assert client.post(url + "/hands/1/edit", data=changed).status_code == 302
    assert totals(client, url) != [685, 30]
    assert totals(client, url) == [670, 60]


def test_a_page_renders_only_the_rows_of_its_new_hands(client, monkeypatch):
    """The rows of the hands that stand are kept per row, language and link (matches._ROWS),
    beside the ledger, not inside its values."""
    from referee.match.ledger import LedgerRow
    from referee.web.views import matches

    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    client.get(url)
    made = []
    render = matches.fragment

    def counted(template, **values):
        made.append(values.get("number"))
        return render(template, **values)

    monkeypatch.setattr(matches, "fragment", counted)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    client.get(url)
    assert made == [2]  # hand 1's row was kept
    client.get(url, headers={"Accept-Language": "de"})
    assert made == [2, 1, 2]  # another language: rows of its own
    assert "rendered" not in LedgerRow.__dataclass_fields__  # no HTML in a domain value
