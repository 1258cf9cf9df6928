"""A table's result confirmed by the other side (issue 46): one tap on its own phone that
names the totals, the result then locked; a second tap told, a result changed since the page
opened shown again, the scorer's own phone turned away; the director's list of tables not
confirmed and the button confirming for them; a change after the confirmation only through
the director, with a reason; the standings marking what is not confirmed."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.support.tournaments import NAMES, make, score, tables, won_by
from tests.support.web import make_app, totals


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path, STANDINGS_SECONDS=0)


def _event(client, **changes):
    return make(client, signoff="y", **changes)


def _text(response) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def _confirm_link(client, match_url: str) -> str:
    """The other side's link, as the scorer's match page shows it once the game is over."""
    page = client.get(match_url).get_data(as_text=True)
    found = re.search(r'href="https?://[^/"]+(/c/\d+/[\w-]+)"', page)
    assert found, "the match page shows no link to confirm"
    return found[1]


def _tap(client, link: str):
    page = client.get(link).get_data(as_text=True)
    found = re.search(r'<input[^>]*name="seen"[^>]*>', page)
    assert found, "no confirm button"
    seen = re.search(r'value="(\d+)"', found[0])[1]
    return client.post(link, data={"seen": seen}, follow_redirects=True)


def test_the_other_side_confirms_with_one_tap_naming_the_totals_and_the_result_locks(app):
    scorer, other = app.test_client(), app.test_client()
    director, _tid, _token = _event(scorer)
    match = tables(scorer, director)[0]
    score(scorer, match)  # North-South win three hands
    link = _confirm_link(scorer, match)
    ns, ew = totals(scorer, match)
    button = re.search(
        r'<button[^>]*id="confirm"[^>]*>(.*?)</button>', other.get(link).get_data(as_text=True)
    )
    assert button
    said = unescape(button[1]).replace("\u2068", "").replace("\u2069", "")
    # Mitchell's table 1: team 1 North-South, team 5 East-West
    assert said == f"Confirm: {NAMES[0]} {ns:,} · {NAMES[4]} {ew:,}"
    answer = _tap(other, link)
    assert "the result is confirmed and locked" in _text(answer)
    assert "Confirmed:" in _text(other.get(link))
    # Locked: the scorer's phone can no longer take the last hand back (it could before).
    refused = scorer.post(f"{match}/undo", data={"token": "a" * 22})
    assert refused.status_code == 409
    assert "the other side confirmed its result" in _text(refused)
    assert "the other side confirmed its result" in _text(scorer.get(match))


def test_before_the_confirmation_the_scorer_may_still_take_a_hand_back(app):
    scorer = app.test_client()
    director, _tid, _token = _event(scorer)
    match = tables(scorer, director)[0]
    score(scorer, match)
    answer = scorer.post(f"{match}/undo", data={"token": "b" * 22})
    assert answer.status_code in (302, 303)


def test_a_second_tap_is_told_it_was_done_and_the_confirmations_stay_one(app):
    scorer, other = app.test_client(), app.test_client()
    director, tid, _token = _event(scorer)
    match = tables(scorer, director)[0]
    score(scorer, match)
    link = _confirm_link(scorer, match)
    page = other.get(link).get_data(as_text=True)
    seen = re.search(r'<input[^>]*name="seen"[^>]*>', page)[0]
    seen = re.search(r'value="(\d+)"', seen)[1]
    first = other.post(link, data={"seen": seen}, follow_redirects=True)
    second = other.post(link, data={"seen": seen}, follow_redirects=True)
    assert "confirmed and locked" in _text(first)
    assert "already done" in _text(second)
    with app.app_context():
        from referee.web.plumbing.db import get_storage

        rows = (
            get_storage()
            .db.execute(
                "SELECT COUNT(*) FROM tournament_confirmations WHERE tournament_id = ?", [tid]
            )
            .fetchone()[0]
        )
    assert rows == 1


def test_a_result_changed_after_the_page_opened_is_not_confirmed_blindly(app):
    scorer, other = app.test_client(), app.test_client()
    director, _tid, token = _event(scorer, hands="4")
    match = tables(scorer, director)[0]
    score(scorer, match, hands=3)
    # The round ends with the game in play: it counts as it stands, and can be confirmed.
    link = _confirm_link_after_round(scorer, director, match)
    page = other.get(link).get_data(as_text=True)
    seen = re.search(r'value="(\d+)"', re.search(r'<input[^>]*name="seen"[^>]*>', page)[0])[1]
    before = _text(other.get(link))
    # Meanwhile the director reopens it and a hand is corrected.
    _reopen(scorer, director, 1, 1, "scores entered the wrong way round")
    score(scorer, match, hands=1)
    answer = other.post(link, data={"seen": seen})
    assert answer.status_code == 409
    shown = _text(answer)
    assert "The result changed after this page opened" in shown
    assert shown != before
    assert "Confirmed:" not in _text(other.get(link))


def _confirm_link_after_round(client, director, match):
    answer = client.post(f"{director}/next", data={"round": "1", "early": "yes"})
    assert answer.status_code in (302, 303), _text(answer)[:2000]
    return _confirm_link(client, match)


def _reopen(client, director, number, table, reason):
    answer = client.post(
        f"{director}/reopen", data={"round": str(number), "table": str(table), "reason": reason}
    )
    assert answer.status_code == 302, _text(answer)[:2000]


def test_the_phone_that_entered_the_result_cannot_confirm_it(app):
    scorer = app.test_client()
    director, _tid, _token = _event(scorer)
    match = tables(scorer, director)[0]
    score(scorer, match)
    link = _confirm_link(scorer, match)
    answer = _tap(scorer, link)
    assert "This phone entered the result" in _text(answer)
    assert "Confirmed:" not in _text(scorer.get(link))


def test_the_director_sees_what_is_not_confirmed_and_confirms_for_a_table(app):
    client = app.test_client()
    director, _tid, token = _event(client)
    first, second = tables(client, director)[:2]
    score(client, first)
    score(client, second, side=1)
    other = app.test_client()
    _tap(other, _confirm_link(client, first))
    page = _text(client.get(director))
    assert "Results not confirmed yet" in page
    assert "Round 1, table 2:" in page
    assert "Round 1, table 1:" not in page
    standings = _text(client.get(f"{director}/standings"))
    assert "not confirmed yet" in standings
    games = client.get(f"{director}/results.json").get_json()["games"]
    assert [(g["table"], g["confirmed"]) for g in games if g["round"] == 1][:3] == [
        (1, True),
        (2, False),
        (3, None),  # not over yet: nothing to confirm
    ]
    html = client.get(director).get_data(as_text=True)
    form = re.search(r'action="([^"]*/round/1/table/2/confirm)"[^>]*>.*?value="(\d+)"', html, re.S)
    assert form
    answer = client.post(unescape(form[1]), data={"seen": form[2]}, follow_redirects=True)
    assert "result confirmed for its players" in _text(answer)
    assert "Results not confirmed yet" not in _text(client.get(director))
    assert "not confirmed yet" not in _text(client.get(f"{director}/standings"))


def test_a_confirmed_result_changes_only_through_the_director_with_a_reason(app):
    client, other = app.test_client(), app.test_client()
    director, _tid, _token = _event(client, hands="4")
    match = tables(client, director)[0]
    score(client, match, hands=3)
    link = _confirm_link_after_round(client, director, match)  # ended with the game in play
    _tap(other, link)
    assert "Round 1, table 1:" not in _text(client.get(director))
    assert "The other side confirmed this result" in _text(client.get(match))
    # The director reopens it, saying why; the reason goes into the history.
    _reopen(client, director, 1, 1, "East-West's canasta was missed")
    assert "East-West's canasta was missed" in _text(client.get(director))
    answer = client.post(f"{match}/hands/new?mode=quick", data=won_by(1))
    assert answer.status_code in (302, 303)
    # What was confirmed is no longer the result: the table is listed again.
    assert "Round 1, table 1:" in _text(client.get(director))
    assert "Confirm:" in _text(other.get(link))


def test_a_family_match_and_an_event_without_sign_off_ask_for_nothing(app):
    client = app.test_client()
    director, _tid, _token = make(client)  # the form's sign-off box left unticked
    match = tables(client, director)[0]
    score(client, match)
    page = client.get(match).get_data(as_text=True)
    assert "/c/" not in page
    assert "Results not confirmed yet" not in _text(client.get(director))
    family = client.post("/matches/new", data={"preset": "classic", "players": "4"})
    assert "/c/" not in client.get(family.headers["Location"]).get_data(as_text=True)


def test_the_directors_form_asks_for_sign_off_by_default(app):
    page = app.test_client().get("/tournaments/new").get_data(as_text=True)
    box = re.search(r'<input[^>]*name="signoff"[^>]*>', page)
    assert box
    assert "checked" in box[0]
