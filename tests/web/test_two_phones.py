"""Two phones at one match: a form knows the version it was opened on, and a change made
from another phone since is shown, with what was typed kept and a choice, never stored
silently (issue 33)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.profiles import examples
from tests.support.web import GOING_OUT, LONG_MATCH_HAND, first_hand_id, hand, start_match, totals


def _seen(page: str) -> str:
    return re.search(r'name="seen" type="hidden" value="(\d+)"', page).group(1)


def _opened(phone, url: str) -> str:
    """The version a phone's freshly opened form carries (as its page holds it)."""
    return _seen(phone.get(url).get_data(as_text=True))


def _hand_count(app, match_id: int) -> int:
    from referee.storage import Storage

    storage = Storage(app.config["DATABASE"])
    try:
        return len(storage.hands(match_id))
    finally:
        storage.close()


def _phones(app):
    return app.test_client(), app.test_client()


def test_the_same_hand_sent_from_two_phones_is_stored_once_and_the_second_is_asked(app):
    anna, ben = _phones(app)
    url = start_match(anna)
    match_id = int(url.split("/")[2])
    seen_a = _opened(anna, url + "/hands/new")
    seen_b = _opened(ben, url + "/hands/new")
    first = anna.post(url + "/hands/new", data={**hand(**GOING_OUT), "seen": seen_a})
    assert first.status_code == 302
    second = ben.post(url + "/hands/new", data={**hand(**GOING_OUT), "seen": seen_b})
    page = second.get_data(as_text=True)
    assert second.status_code == 409
    assert "Hand 1 was recorded from another phone just now: Side A 685, Side B 30." in page
    assert "That's the same hand: drop mine" in page
    assert "Record mine as hand 2" in page
    assert "Put mine in place of hand 1" in page
    # The filled button, the one a hurried thumb takes, is the safe one (issue 42).
    (primary,) = re.findall(
        r'<button class="button primary wide" type="submit" name="resolve"[^>]*>([^<]*)<', page
    )
    assert primary == "That's the same hand: drop mine"
    # What Ben typed is still in his form.
    assert "K K K K K K K\n5 5 5" in page
    assert _hand_count(app, match_id) == 1


def _ben_clashes(app):
    """Anna and Ben open hand 1; Anna records hers first; Ben sends his (seven aces'
    long-match hand): (Anna, Ben, the match, Ben's fields, the conflict he is shown)."""
    anna, ben = _phones(app)
    url = start_match(anna)
    seen_b = _opened(ben, url + "/hands/new")
    anna.post(url + "/hands/new", data=hand(**GOING_OUT))
    data = {**hand(**LONG_MATCH_HAND), "seen": seen_b}
    clash = ben.post(url + "/hands/new", data=data)
    assert clash.status_code == 409
    return anna, ben, url, data, clash.get_data(as_text=True)


def test_dropping_mine_keeps_the_other_phones_hand(app):
    anna, ben, url, data, _clash = _ben_clashes(app)
    dropped = ben.post(url + "/hands/new", data={**data, "resolve": "drop"}, follow_redirects=True)
    assert "Your copy was dropped" in dropped.get_data(as_text=True)
    assert totals(anna, url) == [685, 30]


def test_record_mine_as_the_next_hand_stores_both_once(app):
    anna, ben, url, data, clash = _ben_clashes(app)
    # The choice is sent on the version the conflict showed.
    again = {**data, "seen": _seen(clash), "resolve": "append"}
    answer = ben.post(url + "/hands/new", data=again, follow_redirects=True)
    assert "Hand 2 recorded." in answer.get_data(as_text=True)
    assert totals(anna, url) == [685 + 630, 60]
    # Sending that form once more (a double tap) counts nothing twice.
    ben.post(url + "/hands/new", data=again)
    assert totals(anna, url) == [685 + 630, 60]


def test_put_mine_in_place_of_it_replaces_the_other_phones_hand(app):
    anna, ben, url, data, clash = _ben_clashes(app)
    replaces = re.search(r'name="replaces" value="(\d+)"', clash).group(1)
    again = {**data, "seen": _seen(clash), "resolve": "replace", "replaces": replaces}
    answer = ben.post(url + "/hands/new", data=again, follow_redirects=True)
    assert "Hand 1 is now the one you typed." in answer.get_data(as_text=True)
    assert totals(anna, url) == [630, 30]


def test_hands_sent_one_after_another_from_the_same_phone_never_stand_in_its_way(app):
    # Two hands typed offline on one phone carry the version the phone saw: the first one
    # stored is its own change, not another phone's.
    anna, _ben = _phones(app)
    url = start_match(anna)
    seen = _opened(anna, url + "/hands/new")
    for fields in (GOING_OUT, LONG_MATCH_HAND):
        assert (
            anna.post(url + "/hands/new", data={**hand(**fields), "seen": seen}).status_code == 302
        )
    assert totals(anna, url) == [685 + 630, 60]


def _one_hand(app):
    """Anna and Ben at a match where Anna recorded one hand: (Anna, Ben, the match, the
    hand's id)."""
    anna, ben = _phones(app)
    url = start_match(anna)
    anna.post(url + "/hands/new", data=hand(**GOING_OUT))
    return anna, ben, url, first_hand_id(app, int(url.split("/")[2]))


def test_an_edit_of_a_hand_changed_meanwhile_is_asked_not_stored(app):
    anna, ben, url, hand_id = _one_hand(app)
    edit = f"{url}/hands/{hand_id}/edit"
    seen_a, seen_b = _opened(anna, edit), _opened(ben, edit)
    assert anna.post(edit, data={**hand(**LONG_MATCH_HAND), "seen": seen_a}).status_code == 302
    mine = {**hand("detailed", side0={"melds": "A A A"}, side1={"melds": "A A A"}), "seen": seen_b}
    clash = ben.post(edit, data=mine)
    page = clash.get_data(as_text=True)
    assert clash.status_code == 409
    assert "Hand 1 was changed from another phone just now: Side A 630, Side B 30." in page
    assert "Keep theirs: drop my changes" in page
    assert totals(anna, url) == [630, 30]  # Anna's edit stands
    again = {**mine, "seen": _seen(page), "resolve": "replace"}
    assert ben.post(edit, data=again).status_code == 302
    assert totals(anna, url) == [60, 60]


def test_an_edit_of_a_hand_deleted_meanwhile_keeps_what_was_typed_and_offers_a_new_hand(app):
    anna, ben, url, hand_id = _one_hand(app)
    edit = f"{url}/hands/{hand_id}/edit"
    seen_b = _opened(ben, edit)
    anna.post(f"{url}/hands/{hand_id}/delete", data={"token": "x" * 20})
    mine = {**hand(**LONG_MATCH_HAND), "seen": seen_b}
    answer = ben.post(edit, data=mine)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 409
    assert "Hand 1 was taken out of the match from another phone just now." in page
    assert "Q Q Q Q Q Q" in page  # typed, kept
    assert f'formaction="{url}/hands/new"' in page
    assert "Record mine as hand 1" in page
    assert totals(anna, url) == [0, 0]


def test_two_phones_deleting_the_same_hand_are_not_both_told_it_was_deleted(app):
    anna, ben, url, hand_id = _one_hand(app)
    first = anna.post(
        f"{url}/hands/{hand_id}/delete", data={"token": "a" * 20}, follow_redirects=True
    )
    second = ben.post(
        f"{url}/hands/{hand_id}/delete", data={"token": "b" * 20}, follow_redirects=True
    )
    assert "Hand 1 deleted. Undo brings it back." in first.get_data(as_text=True)
    assert "Hand 1 is no longer in the match: it was taken out." in second.get_data(as_text=True)
    # One undo brings it back: the history holds one delete, not two.
    back = anna.post(url + "/undo", data={"token": "c" * 20}, follow_redirects=True)
    assert "Hand 1 is back." in back.get_data(as_text=True)
    assert totals(anna, url) == [685, 30]


_JUNK = st.one_of(
    st.text(max_size=30),
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["drop", "append", "replace", "", "1", "0"]),
)


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seen_=_JUNK, resolve=_JUNK, replaces=_JUNK, edit=st.booleans())
def test_any_version_choice_or_hand_to_replace_is_answered_never_a_500(
    app, seen_, resolve, replaces, edit
):
    phone = app.test_client()
    url = getattr(app, "_junk_match", None)
    if url is None:
        url = app._junk_match = start_match(phone)
        phone.post(url + "/hands/new", data=hand(**GOING_OUT))
    target = (
        f"{url}/hands/{first_hand_id(app, int(url.split('/')[2]))}/edit"
        if edit
        else url + "/hands/new"
    )
    fields = {**hand(**LONG_MATCH_HAND), "seen": seen_, "resolve": resolve, "replaces": replaces}
    answer = phone.post(target, data=fields)
    assert answer.status_code in (302, 409, 422), answer.status_code


def _history_entries(phone, url: str) -> list[str]:
    """Each entry of the match's history as it reads, newest first, tags and spaces gone."""
    page = phone.get(url + "/history").get_data(as_text=True)
    items = re.findall(r"<li[^>]*>(.*?)</li>\n", page.split('<ol class="history"')[1], re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]


def test_the_history_names_a_hand_deleted_from_another_phone_and_what_happened(app):
    """Not "a hand no longer in the match" (issue 48): its number, and that the other phone
    deleted it; the phone that deleted it reads that it did."""
    anna, ben, url, hand_id = _one_hand(app)
    ben.get(f"{url}/hands/{hand_id}/edit")  # Ben's phone gets its id, as any hand form gives
    gone = ben.post(
        f"{url}/hands/{hand_id}/delete", data={"token": "d" * 20}, follow_redirects=True
    )
    assert "Hand 1 deleted. Undo brings it back." in gone.get_data(as_text=True)
    deleted, recorded = _history_entries(anna, url)
    assert deleted.startswith("Deleted hand 1")
    assert "from another phone" in deleted
    assert "Hand 1 was deleted from another phone and is no longer in the match." in recorded
    assert recorded.startswith("Recorded hand 1 ")  # not "a hand no longer in the match"
    assert "Hand 1 was deleted from this phone" in _history_entries(ben, url)[1]


def test_an_edit_and_a_deletion_say_which_hand(app):
    anna, _ben, url, _hand_id = _one_hand(app)
    anna.post(url + "/hands/new", data={**hand(**LONG_MATCH_HAND), "out": "0"})
    second = first_hand_id(app, int(url.split("/")[2])) + 1
    edited = anna.post(f"{url}/hands/{second}/edit", data={**hand(**GOING_OUT), "out": "0"},
                       follow_redirects=True)  # fmt: skip
    assert "Hand 2 changed; the totals are recomputed." in edited.get_data(as_text=True)
    deleted = anna.post(f"{url}/hands/{second}/delete", data={"token": "e" * 20},
                        follow_redirects=True)  # fmt: skip
    assert "Hand 2 deleted. Undo brings it back." in deleted.get_data(as_text=True)
