"""Impossible is not disputable (issue 42): a hand no packs could hold is refused with its
reason, whatever way it comes — a new hand, an edit, an import — even when the post says
"anyway", and *Record it anyway* is not offered for it.  A hypothesis test sends generated
quick counts "anyway" and checks that no stored hand asks more of a rank than the packs hold.
"""

from __future__ import annotations

import json
import re
import secrets

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.profiles import examples
from tests.support.web import import_file, make_app, start_match, totals

# (table, what each side says on the quick form, the words of the refusal)
IMPOSSIBLE = [
    pytest.param(
        {},
        {"side0-mixed_c10": "2", "side0-mixed_jokers_c10": "5", "out": "none"},
        "5 jokers",
        id="5-jokers-in-two-mixed-canastas-2-packs",
    ),
    pytest.param(
        {},
        {"side0-mixed_c10": "3", "side0-mixed_twos_c10": "9", "out": "none"},
        "9 twos",
        id="9-twos",
    ),
    pytest.param(
        {},
        {"side0-natural_c20": "2", "out": "none"},
        "14 aces",
        id="two-natural-canastas-of-aces",
    ),
    pytest.param(
        {"players": "2"},
        {"side0-natural_c10": "5", "side1-natural_c10": "5", "out": "none"},
        "70 cards",
        id="70-cards-in-canastas-at-a-2-player-table",
    ),
    pytest.param(
        {},
        {
            "side0-mixed_c10": "1",
            "side0-mixed_jokers_c10": "3",
            "side0-meld_c50": "3",
            "out": "none",
        },
        "6 jokers",
        id="3-jokers-in-a-mixed-canasta-and-3-in-other-melds",
    ),
    pytest.param(
        {},
        {"side0-meld_c50": "2", "side1-meld_c50": "2", "side1-hand_c50": "1", "out": "none"},
        "5 jokers",
        id="jokers-on-both-sides-and-one-in-hand",
    ),
    pytest.param(
        {"players": "6"},
        {"side0-meld_c50": "4", "side1-meld_c50": "3", "out": "none"},
        "7 jokers",
        id="7-jokers-with-3-packs",
    ),
    pytest.param(
        {"players": "2"},
        {"side0-natural_c10": "1", "side0-hand_c10": "2", "out": "0"},
        "no cards left in hand",
        id="a-lone-player-out-holding-cards",
    ),
    pytest.param(
        {},
        {"side0-red_threes": "3", "side1-red_threes": "2", "out": "none"},
        "5 red threes",
        id="five-red-threes-with-2-packs",
    ),
]


def _form(fields: dict[str, str], token: str) -> dict[str, str]:
    return {"mode": "quick", "token": token, "anyway": "yes", **fields}


def _refused(page: str, words: str) -> None:
    text = re.sub(r"<[^>]+>", " ", page)
    numbers = re.findall(r"\d+", words)
    assert all(n in text for n in numbers), words  # the reason, with its figures
    assert 'name="anyway"' not in page  # no "Record it anyway" for a typo


@pytest.mark.parametrize(("table", "fields", "words"), IMPOSSIBLE)
def test_an_impossible_hand_is_refused_even_anyway(client, table, fields, words):
    url = start_match(client, **table)
    answer = client.post(url + "/hands/new", data=_form(fields, "t" * 20))
    assert answer.status_code == 422
    _refused(answer.get_data(as_text=True), words)
    assert (
        client.get(f"/api/matches/{url.split('/')[2]}?token={url.split('/')[3]}").get_json()[
            "hands"
        ]
        == []
    )


@pytest.mark.parametrize(("table", "fields", "words"), IMPOSSIBLE)
def test_an_edit_to_an_impossible_hand_is_refused_even_anyway(client, table, fields, words):
    url = start_match(client, **table)
    legal = {"side0-meld_c10": "3", "side1-meld_c10": "3", "out": "none"}
    assert client.post(url + "/hands/new", data=_form(legal, "a" * 20)).status_code == 302
    before = totals(client, url)
    match_id, token = url.split("/")[2], url.split("/")[3]
    hand_id = client.get(f"/api/matches/{match_id}?token={token}").get_json()["hands"][0]["id"]
    answer = client.post(f"{url}/hands/{hand_id}/edit", data=_form(fields, "b" * 20))
    assert answer.status_code == 422
    _refused(answer.get_data(as_text=True), words)
    assert totals(client, url) == before


@pytest.mark.parametrize(("table", "fields", "words"), IMPOSSIBLE)
def test_an_import_holding_an_impossible_hand_is_refused(client, table, fields, words):
    url = start_match(client, **table)
    legal = {"side0-meld_c10": "3", "side1-meld_c10": "3", "out": "none"}
    assert client.post(url + "/hands/new", data=_form(legal, "c" * 20)).status_code == 302
    match_id, token = url.split("/")[2], url.split("/")[3]
    exported = json.loads(client.get(f"{url}/export.json").get_data(as_text=True))
    # The same hand as the form would keep it, put in the file in place of the legal one.
    entry = _entry(client, url, fields)
    exported["hands"][0]["entry"] = entry
    answer = import_file(client, json.dumps(exported).encode())
    page = answer.get_data(as_text=True)
    assert answer.status_code != 302, page[:500]
    assert "hand 1" in page.lower()
    assert all(n in re.sub(r"<[^>]+>", " ", page) for n in re.findall(r"\d+", words))
    assert match_id  # the original is untouched
    assert client.get(f"/api/matches/{match_id}?token={token}").status_code == 200


def _entry(client, url: str, fields: dict[str, str]) -> dict:
    """The entry the quick form makes of ``fields`` (read back from the form's own reader)."""
    from referee.web.parts.forms import entry_from_form, hand_form

    app = client.application
    match_id, token = url.split("/")[2], url.split("/")[3]
    found = client.get(f"/api/matches/{match_id}?token={token}").get_json()
    from referee.rules import find_variant

    variant = find_variant(found["variant"])
    sides = len(found["sides"])
    with app.test_request_context(method="POST", data={**fields, "mode": "quick"}):
        form = hand_form(variant, sides, "quick", meta={"csrf": False})
        form.validate()
        return entry_from_form(form, sides, "quick")


# -- generated counts: nothing stored asks more than the packs hold ----------------------

count = st.integers(0, 9).map(str)
QUICK = ["natural_c20", "natural_c10", "natural_c5", "mixed_c20", "mixed_c10", "mixed_c5",
         "mixed_twos_c10", "mixed_jokers_c10", "mixed_twos_c20", "mixed_jokers_c20",
         "meld_c50", "meld_c20", "meld_c10", "hand_c50", "hand_c20", "red_threes"]  # fmt: skip


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("impossible")).test_client()


def _known(entry: dict) -> dict[str, int]:
    """What a stored quick hand says for certain, counted apart from the app's own check:
    jokers (a joker alone is worth 50), twos, aces (a natural canasta of aces), red threes."""
    known = {"X": 0, "2": 0, "A": 0, "red": 0}
    for side in entry["sides"]:
        known["X"] += sum((side.get("mixed_jokers") or {}).values())
        known["X"] += (side.get("meld_cards") or {}).get("50", 0)
        known["X"] += (side.get("hand_cards") or {}).get("50", 0)
        known["2"] += sum((side.get("mixed_twos") or {}).values())
        known["A"] += 7 * (side.get("natural_canastas") or {}).get("20", 0)
        known["red"] += side.get("red_threes", 0)
    return known


@settings(
    max_examples=examples(200),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    sides=st.lists(
        st.fixed_dictionaries({}, optional=dict.fromkeys(QUICK, count)), min_size=2, max_size=2
    ),
    out=st.sampled_from(["none", "0", "1"]),
)
def test_no_stored_hand_asks_more_than_the_packs_hold(shared, sides, out):
    url = start_match(shared)
    fields = {f"side{i}-{k}": v for i, side in enumerate(sides) for k, v in side.items()}
    shared.post(url + "/hands/new", data=_form({**fields, "out": out}, secrets.token_urlsafe(16)))
    match_id, token = url.split("/")[2], url.split("/")[3]
    for stored in shared.get(f"/api/matches/{match_id}?token={token}").get_json()["hands"]:
        known = _known(stored["entry"])
        # classic, 4 players: two packs, 4 jokers, 8 twos, 8 aces, 4 red threes
        assert known["X"] <= 4
        assert known["2"] <= 8
        assert known["A"] <= 8
        assert known["red"] <= 4
