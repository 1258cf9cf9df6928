"""Recording, validating, editing, deleting and undoing hands."""

from __future__ import annotations

import pytest

from tests.support.web import (
    GOING_OUT,
    GOING_OUT_SCORES,
    csrf_token,
    hand,
    start_match,
    totals,
    view_url,
)


def test_detailed_hand_updates_the_ledger(client):
    url = start_match(client)
    response = client.post(url + "/hands/new", data=hand(**GOING_OUT), follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Hand 1 recorded" in page
    assert totals(client, url) == GOING_OUT_SCORES
    assert "Canasta bonuses" in page
    assert "500" in page
    assert "Needs 50 to open" in page  # 685 is still below classic's 1500 step


def test_opening_minimum_follows_the_total(client):
    url = start_match(client)
    for _ in range(3):
        client.post(url + "/hands/new", data=hand(**GOING_OUT))
    page = client.get(url).get_data(as_text=True)
    assert totals(client, url) == [2055, 90]
    assert "Needs 90 to open" in page
    assert "Needs 50 to open" in page


def test_quick_hand_scores_from_counts(client):
    url = start_match(client)
    data = hand(
        "quick",
        side0={
            "canastas_natural": 1,
            "canastas_mixed": 1,
            "red_threes": 1,
            "went_out": True,
            "meld_points": 250,
            "hand_points": 0,
        },
        side1={"canastas_natural": 0, "canastas_mixed": 0, "meld_points": 60, "hand_points": 45},
    )
    response = client.post(url + "/hands/new?mode=quick", data=data)
    assert response.status_code == 302
    # 250 + 500 + 300 + 100 (red three) + 100 (going out) = 1250; 60 - 45 = 15
    assert totals(client, url) == [1250, 15]


def test_quick_canastas_by_what_they_are_made_of_count_their_own_cards(client):
    # Issue 37's first hand: a canasta of kings and one of five aces and two twos, 12 more
    # ten-point cards; no canasta's cards counted by the scorer.
    url = start_match(client)
    form = client.get(url + "/hands/new?mode=quick").text
    assert "Canastas, seven cards each" in form
    assert 'id="side0-canastas_natural"' not in form  # by kind alone: not offered here
    data = hand(
        "quick",
        side0={"natural_c10": 1, "mixed_c20": 1, "mixed_twos_c20": 2, "meld_c10": 12,
               "red_threes": 1, "went_out": True},
        side1={"meld_c50": 1, "meld_c10": 3, "meld_c5": 4, "red_threes": 1,
               "hand_c20": 2, "hand_c10": 1, "hand_c5": 3},
    )  # fmt: skip
    assert client.post(url + "/hands/new?mode=quick", data=data).status_code == 302
    assert totals(client, url) == [1330, 135]  # as the rules core scores the cards
    # What was counted comes back when the hand is edited, and an edit is said in the
    # form's words.
    first = _hand_ids(client, url)[0]
    edit = client.get(f"{url}/hands/{first}/edit").text
    for field, value in (("natural_c10", "1"), ("mixed_c20", "1"), ("mixed_twos_c20", "2")):
        assert f'value="{value}"' in edit.split(f'id="side0-{field}"')[1].split(">")[0]
    changed = {
        **data,
        "side0-mixed_twos_c20": "1",
        "side0-mixed_jokers_c20": "1",
        "token": "j" * 16,
    }
    assert client.post(f"{url}/hands/{first}/edit", data=changed).status_code == 302
    assert totals(client, url) == [1360, 135]  # a joker for a two: 30 more
    history = client.get(url + "/history").text
    assert "Jokers in the mixed A" in history


def test_quick_mixed_canastas_without_their_wild_cards_are_refused_beside_the_field(client):
    url = start_match(client)
    data = hand("quick", side0={"mixed_c10": 1, "went_out": True}, side1={})
    page = client.post(url + "/hands/new?mode=quick", data=data).text
    assert "A mixed canasta holds at least one wild card" in page
    assert 'id="side0-mixed_twos_c10-err"' in page
    assert totals(client, url) == [0, 0]


def test_quick_hand_records_an_event_only_its_variant_scores(client):
    # 001 §Preparación: the exact cut scores 100 (positive with a canasta).
    url = start_match(client, preset="spanish")
    assert "Exact cut" in client.get(url + "/hands/new?mode=quick").text
    data = hand(
        "quick",
        side0={"canastas_natural": 1, "canastas_mixed": 1, "went_out": True,
               "meld_points": 150, "exact_cut": True},
        side1={"meld_points": 60, "hand_points": 45},
    )  # fmt: skip
    assert client.post(url + "/hands/new?mode=quick", data=data).status_code == 302
    # 150 + 500 + 300 + 200 (closing) + 100 (exact cut) = 1250; the other side has no
    # canasta, so "contarán todas sus cartas en negativo": -60 - 45 = -105
    assert totals(client, url) == [1250, -105]


def test_quick_hand_counts_escalas_where_the_table_plays_them(client):
    # 001 §Variaciones (house rule): an escala is worth 1500, an escala real 4000.
    plain = start_match(client, preset="spanish")
    assert "Escalas" not in client.get(plain + "/hands/new?mode=quick").text
    url = start_match(client, preset="spanish", opt_spanish_escalas="y")
    assert "Escalas reales" in client.get(url + "/hands/new?mode=quick").text
    data = hand(
        "quick",
        side0={"canastas_natural": 1, "escalas": 1, "meld_points": 200},
        side1={"meld_points": 60},
    )
    assert client.post(url + "/hands/new?mode=quick", data=data).status_code == 302
    # 200 + 500 (clean canasta) + 1500 (escala) = 2200; the side without a canasta
    # counts its cards against it: -60
    assert totals(client, url) == [2200, -60]
    # What was counted comes back when the hand is edited.
    edit = client.get(url + "/hands/1/edit").text
    assert 'id="side0-escalas" ' in edit
    assert 'value="1"' in edit.split('id="side0-escalas"')[1].split(">")[0]


def test_quick_form_offers_the_variants_canasta_kinds(client):
    url = start_match(client, preset="czech")
    page = client.get(url + "/hands/new?mode=quick").get_data(as_text=True)
    assert "Wild canastas of four jokers" in page
    assert "Natural canastas" in page


def test_illegal_meld_is_shown_next_to_it_with_the_rule_and_input_kept(client):
    url = start_match(client)
    data = hand(
        side0={"melds": "K K K K K K K\n9 9 X X X X", "went_out": True},
        side1={"melds": "A A A", "hand_points": 30},
    )
    response = client.post(url + "/hands/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    errors = page.split('id="side0-melds-err"', 1)[1].split("</ul>", 1)[0]
    assert "Meld 2" in errors
    assert "at most 3 wild cards" in errors
    assert "Rule:" in errors
    assert "at most three wild cards" in errors
    assert "K K K K K K K\n9 9 X X X X</textarea>" in page
    assert totals(client, url) == [0, 0]


@pytest.mark.parametrize(
    ("side0", "field", "message"),
    [
        ({"melds": "K K Z"}, "side0-melds", "meld 1"),
        ({"hand": "Q 5 ?"}, "side0-hand", "?"),
        ({"red_threes": 99}, "side0-red_threes", "Number must be between 0 and 8"),
        ({"red_threes": "three"}, "side0-red_threes", "Not a valid integer value"),
        ({"hand_points": 10**15}, "side0-hand_points", "Number must be between 0 and 5,000"),
        ({"hand_points": 33}, "side0-hand_points", "multiple of 5"),
        # Going out is one choice for the hand: its problems stand by that choice.
        ({"went_out": True, "melds": "K K K"}, "out", "needs one canasta"),
        ({"concealed": True}, "out_concealed", "only the side that went out"),
        ({"hand": "3h"}, "side0-hand", "red threes are never kept"),
    ],
)
def test_bad_hand_is_refused_next_to_the_field(client, side0, field, message):
    url = start_match(client)
    response = client.post(url + "/hands/new", data=hand(side0=side0, side1={"melds": "A A A"}))
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f'id="{field}-err"' in page
    errors = page.split(f'id="{field}-err"', 1)[1].split("</ul>", 1)[0]
    assert message.lower() in errors.lower()
    assert 'value="A A A"' not in page  # melds box is a textarea …
    assert "A A A</textarea>" in page  # … and it keeps what was typed


def test_two_sides_going_out_is_a_problem_for_the_whole_hand(client):
    url = start_match(client)
    canasta = {"melds": "K K K K K K K", "went_out": True}
    response = client.post(
        url + "/hands/new", data=hand(side0=canasta, side1={**canasta, "melds": "Q Q Q Q Q Q Q"})
    )
    assert response.status_code == 422
    assert "Only one side can go out" in response.get_data(as_text=True)


def test_double_submit_records_the_hand_once(client):
    url = start_match(client)
    data = hand(**GOING_OUT)
    first = client.post(url + "/hands/new", data=data)
    second = client.post(url + "/hands/new", data=data, follow_redirects=True)
    assert first.status_code == 302
    assert "already recorded" in second.get_data(as_text=True)
    assert totals(client, url) == GOING_OUT_SCORES


def test_a_form_without_its_token_is_refused(client):
    url = start_match(client)
    data = hand(**GOING_OUT)
    del data["token"]
    response = client.post(url + "/hands/new", data=data)
    assert response.status_code == 422
    assert "one-time token" in response.get_data(as_text=True)


def test_hand_post_without_csrf_is_refused_and_keeps_input(csrf_client):
    token = csrf_token(csrf_client, "/matches/new")
    url = csrf_client.post(
        "/matches/new", data={"preset": "classic", "players": "4", "csrf_token": token}
    ).location
    response = csrf_client.post(url + "/hands/new", data=hand(**GOING_OUT))
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "security token" in page
    assert "K K K K K K K\n5 5 5</textarea>" in page
    assert totals(csrf_client, url) == [0, 0]


def test_read_only_link_cannot_change_anything(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    hand_id = client.get(f"/api/matches/{url.split('/')[2]}?token={url.split('/')[3]}").get_json()[
        "hands"
    ][0]["id"]
    read_only = view_url(client, url)
    for method, suffix in [
        ("get", "/hands/new"),
        ("post", "/hands/new"),
        ("get", f"/hands/{hand_id}/edit"),
        ("post", f"/hands/{hand_id}/edit"),
        ("post", f"/hands/{hand_id}/delete"),
        ("post", "/undo"),
    ]:
        response = getattr(client, method)(read_only + suffix, data=hand(**GOING_OUT))
        assert response.status_code == 403, suffix
        assert "read-only link" in response.get_data(as_text=True)
    assert totals(client, url) == GOING_OUT_SCORES


def _hand_ids(client, url):
    match_id, token = url.split("/")[2:4]
    return [
        h["id"] for h in client.get(f"/api/matches/{match_id}?token={token}").get_json()["hands"]
    ]


def test_edit_recomputes_the_ledger_and_keeps_history(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    first = _hand_ids(client, url)[0]
    form = client.get(f"{url}/hands/{first}/edit").get_data(as_text=True)
    assert "K K K K K K K\n5 5 5</textarea>" in form  # the stored entry comes back
    changed = {**GOING_OUT, "side1": {"melds": "A A A", "hand_points": 0}}
    response = client.post(f"{url}/hands/{first}/edit", data=hand(**changed))
    assert response.status_code == 302
    assert totals(client, url) == [1370, 90]
    history = client.get(url + "/history").get_data(as_text=True)
    assert "Edited" in history
    assert "Side B</bdi>, Points of cards left in hand" in history  # the form's words
    assert "<del>30</del>" in history
    assert "<ins>0</ins>" in history


def test_bad_edit_is_refused_and_changes_nothing(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    first = _hand_ids(client, url)[0]
    bad = {**GOING_OUT, "side0": {"melds": "K K", "went_out": True}}
    response = client.post(f"{url}/hands/{first}/edit", data=hand(**bad))
    assert response.status_code == 422
    assert totals(client, url) == GOING_OUT_SCORES


def test_delete_then_undo_brings_the_hand_back(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    first = _hand_ids(client, url)[0]
    client.post(f"{url}/hands/{first}/delete")
    assert totals(client, url) == [0, 0]
    client.post(url + "/undo")
    assert totals(client, url) == GOING_OUT_SCORES


def test_undo_reverts_an_edit_then_the_recording(client):
    url = start_match(client)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    first = _hand_ids(client, url)[0]
    changed = {**GOING_OUT, "side1": {"melds": "A A A", "hand_points": 0}}
    client.post(f"{url}/hands/{first}/edit", data=hand(**changed))
    client.post(url + "/undo")
    assert totals(client, url) == GOING_OUT_SCORES
    client.post(url + "/undo")
    assert totals(client, url) == [0, 0]
    response = client.post(url + "/undo", follow_redirects=True)
    assert "nothing to undo" in response.get_data(as_text=True)


def test_edit_of_a_missing_hand_says_so(client):
    url = start_match(client)
    response = client.get(url + "/hands/12345/edit", follow_redirects=True)
    assert "no longer in the match" in response.get_data(as_text=True)


def test_winner_when_target_is_reached(client):
    url = start_match(client, target="1000")
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    assert "Winner:" not in client.get(url).get_data(as_text=True)
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    assert "Winner: <bdi>Side A</bdi>, with 1,370" in client.get(url).get_data(as_text=True)


def test_higher_total_wins_when_both_sides_pass_the_target(client):
    url = start_match(client, target="500")
    both = {
        "side0": {"melds": "K K K K K K K", "went_out": True},
        "side1": {"melds": "Q Q Q Q Q Q Q\n4 4 4 4 4 4", "hand_points": 30},
    }
    # 70 + 500 + 100 = 670 against 70 + 500 + 30 - 30 = 570: both over 500, A higher
    client.post(url + "/hands/new", data=hand(**both))
    page = client.get(url).get_data(as_text=True)
    assert "Winner: <bdi>Side A</bdi>, with 670" in page


def test_preview_gives_each_sides_total(client):
    url = start_match(client)
    data = hand(**GOING_OUT)
    preview = client.get(url + "/hands/preview", query_string=data).get_json()
    assert [s["total"] for s in preview["sides"]] == GOING_OUT_SCORES
    bad = client.get(url + "/hands/preview", query_string={"side0-red_threes": "x"}).get_json()
    assert bad["sides"] is None


@pytest.mark.parametrize(
    ("field", "value", "error", "side"),
    [
        ("side1-red_threes", "-1", "Red threes laid out: Number must be between 0 and 8.", 1),
        ("side0-red_threes", "x", "Red threes laid out: Not a valid integer value.", 0),
        ("note", "n" * 201, "Note on this hand (optional): Field cannot be longer", None),
    ],
)
def test_a_preview_of_a_field_typed_wrong_names_the_field_and_why(
    client, field, value, error, side
):
    # Issue 37: a negative count made the preview "…" with no reason given.
    url = start_match(client)
    query = {**hand(**GOING_OUT), field: value}
    answer = client.get(url + "/hands/preview", query_string=query).get_json()
    assert answer["sides"] is None
    assert answer["error"].startswith(error)
    assert answer["side"] == side


def test_a_preview_says_every_field_typed_wrong_not_only_the_first(client):
    # Issue 37: the preview named the first field typed wrong and hid the rest.
    url = start_match(client)
    query = {
        **hand(**GOING_OUT),
        "side0-red_threes": "-2",
        "side1-red_threes": "9",
        "side1-hand_points": "x",
    }
    answer = client.get(url + "/hands/preview", query_string=query).get_json()
    said = [(e["field"], e["side"], e["message"]) for e in answer["errors"]]
    assert said == [
        ("side0-red_threes", 0, "Red threes laid out: Number must be between 0 and 8."),
        ("side1-red_threes", 1, "Red threes laid out: Number must be between 0 and 8."),
        ("side1-hand_points", 1, "…or their points: Not a valid integer value."),
    ]
    assert (answer["error"], answer["side"]) == (said[0][2], 0)  # as pages before read it


def test_a_typo_in_one_meld_hides_nothing_of_the_other_side(client):
    # Issue 37: a typo on side A hid side B's score and problems until it was fixed.
    url = start_match(client)
    query = hand(side0={"melds": "K K K\nQ Q Z", "went_out": True}, side1={"melds": "5 5 5"})
    answer = client.get(url + "/hands/preview", query_string=query).get_json()
    assert answer["sides"] is None
    assert [e["field"] for e in answer["errors"]] == ["side0-melds"]
    assert answer["errors"][0]["message"].startswith("Meld 2: ")
    ours, theirs = answer["scored"]
    assert ours is None  # its score waits for the typo
    assert theirs["total"] == 15  # three fives: scored all the same
    # …with what it breaks: 15 melded points are short of the opening minimum of 50.
    assert [p["message"] for p in theirs["problems"]] == [
        "This side's melds hold 15 points, less than the opening minimum of 50 at a score "
        "of 0: it cannot have opened legally"
    ]


@pytest.mark.parametrize(
    ("side0", "says"),
    [
        ({"mixed_c10": 1}, "A mixed canasta holds at least one wild card"),
        ({"mixed_c10": 1, "mixed_c5": 1, "mixed_twos_c10": 2}, "at least one wild card"),
        ({"mixed_jokers_c10": 1}, "Wild cards in mixed canastas, but no mixed canasta"),
    ],
)
def test_a_preview_says_why_mixed_canastas_do_not_count_beside_their_wild_cards(
    client, side0, says
):
    url = start_match(client)
    query = hand("quick", side0=side0, side1={"meld_c10": 6})
    answer = client.get(url + "/hands/preview", query_string=query).get_json()
    (error,) = answer["errors"]
    assert error["field"].startswith(("side0-mixed_twos_c", "side0-mixed_jokers_c"))
    assert says in error["message"]
    assert answer["scored"][0] is None
    assert answer["scored"][1]["total"] == 60  # the other side, scored all the same


def test_a_finished_match_takes_no_more_hands_until_reopened(client):
    url = start_match(client, target="600")
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    response = client.post(url + "/hands/new", data=hand(**GOING_OUT), follow_redirects=True)
    assert "The match is over" in response.get_data(as_text=True)
    assert totals(client, url) == GOING_OUT_SCORES
    client.post(url + "/undo")
    assert client.get(url + "/hands/new").status_code == 200


@pytest.mark.parametrize(
    ("edited", "shown"), [(0, ["+30 → 30", "+685 → 685"]), (1, ["+30 → 715", "+685 → 715"])]
)
def test_preview_of_an_edit_shows_the_total_after_that_hand(client, edited, shown):
    # Issue 37: editing hand 1 after hand 3 showed today's total after the arrow.
    url = start_match(client)
    for _ in range(3):
        client.post(url + "/hands/new", data=hand(**GOING_OUT))
    swapped = {"side0": GOING_OUT["side1"], "side1": GOING_OUT["side0"]}  # 30 and 685
    query = {**hand(**swapped), "hand": _hand_ids(client, url)[edited]}
    preview = client.get(url + "/hands/preview", query_string=query).get_json()
    assert [s["shown"] for s in preview["sides"]] == shown
    after = [int(s.split("→ ")[1].replace(",", "")) for s in shown]
    assert [s["match_total"] for s in preview["sides"]] == after


def test_the_history_names_each_changed_field_in_the_pages_language(client):
    url = start_match(client)
    client.post(
        url + "/hands/new",
        data=hand(
            side0={"melds": "K K K K K K K", "red_threes": 1, "went_out": True},
            side1={"melds": "A A A"},
        ),
    )
    client.post(
        url + "/hands/1/edit",
        data=hand(
            side0={"melds": "K K K K K K K", "red_threes": 2, "went_out": True},
            side1={"melds": "A A A"},
        ),
    )
    client.post(
        url + "/hands/new?mode=quick",
        data=hand(
            "quick",
            side0={"canastas_natural": 1, "meld_points": 200, "went_out": True},
            side1={"meld_points": 100},
        ),
    )
    client.post(
        url + "/hands/2/edit?mode=quick",
        data=hand(
            "quick",
            side0={"canastas_natural": 2, "meld_points": 200, "went_out": True},
            side1={"meld_points": 100},
        ),
    )
    page = client.get(url + "/history?lang=cs").text
    assert "Vyložené červené trojky" in page
    assert "Čisté canasty" in page
    assert "red threes" not in page
    assert "canastas natural" not in page
    english = client.get(url + "/history?lang=en").text
    assert "canastas natural" not in english  # the form's own words, not the entry's keys
