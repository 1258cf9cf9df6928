"""Phones at once against the real server: what each phone is told is what is stored.

``referee serve`` with two worker processes; the phones' requests are released together
at a barrier, then what was stored is read back and held against what each was told
(issue 33).  Every change a phone was told was made is in the history, and replaying
the history from the start never acts on a hand that is not there.
"""

from __future__ import annotations

import os
import re
import secrets
from functools import partial

import pytest

from referee.storage import Storage
from tests.support.live import Phone, at_once, referee_serve

pytestmark = pytest.mark.live

# A hand of nothing: nobody went out, nothing melded.  Two hundred of them never end a match.
NOTHING = {"mode": "quick", "out": "none"}
KINGS = {
    "mode": "detailed",
    "out": "0",
    "side0-melds": "K K K K K K K\n5 5 5",
    "side1-melds": "A A A",
    "side1-hand_points": "30",
}
ACES = {"mode": "detailed", "out": "none", "side0-melds": "A A A", "side1-melds": "A A A"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    path = tmp_path_factory.mktemp("races") / "referee.db"
    # Each race starts on a match of its own: more new matches than a visitor may make.
    env = {**os.environ, "REFEREE_LIMIT_NEW_MATCHES": "1000 per minute"}
    with referee_serve(path, workers=2, env=env) as live:
        live.db = path
        yield live


def _new_match(server) -> tuple[str, int]:
    phone = Phone(server.url)
    url, _page = phone.post("/matches/new", {"preset": "classic", "players": "4"})
    path = url.removeprefix(server.url)
    return path, int(path.split("/")[2])


def _stored(server, match_id: int):
    storage = Storage(server.db)
    try:
        return storage.hands(match_id), list(reversed(storage.history(match_id)))
    finally:
        storage.close()


def _replay(history) -> set[int]:
    """Replay a match's history oldest first; fail on a change to a hand not in play."""
    live: set[int] = set()
    for change in history:
        action = change.action
        if action in ("undo", "redo"):  # before/after say which way the hand went
            comes, goes = change.after is not None, change.before is not None
            if comes and not goes:
                assert change.hand_id not in live, change
                live.add(change.hand_id)
            elif goes and not comes:
                assert change.hand_id in live, change
                live.remove(change.hand_id)
            else:
                assert change.hand_id in live, change
        elif action == "add":
            assert change.hand_id not in live, change
            live.add(change.hand_id)
        elif action == "delete":
            assert change.hand_id in live, change
            live.remove(change.hand_id)
        else:
            assert change.hand_id in live, change
    return live


def _a_hand(server, phone) -> tuple[str, int, int]:
    """A new match (its opening stays at 50) with one hand recorded by ``phone``: its path,
    its id and the hand's id."""
    path, match_id = _new_match(server)
    record = phone.form(path + "/hands/new")
    assert phone.send(path + "/hands/new", {**record, **KINGS}).redirected
    return path, match_id, _stored(server, match_id)[0][-1].id


def _once(phone, path: str) -> dict[str, str]:
    """What a delete or undo form of ``phone`` sends: its CSRF token and a one-time token."""
    return {"csrf_token": phone.form(path + "/hands/new")["csrf_token"],
            "token": secrets.token_urlsafe(16)}  # fmt: skip


def _edit_against(server, anna, ben, action: str):
    """Anna edits a new hand (to three aces a side) while Ben sends ``action`` ("undo", or
    "delete" of that hand) at the same moment: (the hand's id, Anna's answer, Ben's
    answer, the match's hands and history as stored)."""
    path, match_id, hand_id = _a_hand(server, anna)
    edit = anna.form(f"{path}/hands/{hand_id}/edit")
    other = path + "/undo" if action == "undo" else f"{path}/hands/{hand_id}/delete"
    edited, answered = at_once(
        [
            partial(anna.send, f"{path}/hands/{hand_id}/edit", {**edit, **ACES}),
            partial(ben.send, other, _once(ben, path)),
        ]
    )
    return (hand_id, edited, answered, *_stored(server, match_id))


def _told(answer, message: str) -> bool:
    return answer.redirected and message in answer.text


def test_the_largest_match_holds_under_twenty_postsat_once(server):
    path, match_id = _new_match(server)
    scorer = Phone(server.url)
    form = scorer.form(path + "/hands/new?mode=quick")
    for _ in range(199):
        fields = {**form, **NOTHING, "token": secrets.token_urlsafe(16)}
        fields.pop("seen")  # sent as an older page or a phone's queue sends it: no version
        assert scorer.send(path + "/hands/new", fields).redirected
    phones = [Phone(server.url) for _ in range(20)]
    forms = [phone.form(path + "/hands/new?mode=quick") for phone in phones]
    for fields in forms:
        fields.pop("seen")

    answers = at_once(
        [
            partial(p.send, path + "/hands/new", {**f, **NOTHING})
            for p, f in zip(phones, forms, strict=True)
        ]
    )
    hands, history = _stored(server, match_id)
    assert len(hands) == 200
    assert sum(_told(a, "Hand 200 recorded.") for a in answers) == 1
    refused = [a for a in answers if not a.redirected]
    assert len(refused) == 19
    assert all(a.status == 409 and "A match holds at most 200 hands" in a.text for a in refused)
    assert len(_replay(history)) == 200


def test_an_edit_racing_an_undo_is_confirmed_only_when_it_is_stored(server):
    anna, ben = Phone(server.url), Phone(server.url)
    for _ in range(12):
        hand_id, edited, undone, hands, history = _edit_against(server, anna, ben, "undo")
        live = {h.id: h for h in hands}
        assert undone.redirected
        if _told(edited, "changed; the totals are recomputed."):
            (edit_row,) = [c for c in history if c.action == "edit" and c.hand_id == hand_id]
            assert edit_row.after["sides"][0]["melds"] == "A A A"
            # The undo came after it and took back the edit, or before it and took back
            # something else: either way the edit itself is stored in the history.
        else:
            assert edited.status == 409
            assert "from another phone" in edited.text
            assert "A A A" in edited.text  # what was typed is kept
            assert hand_id not in live
            assert not [c for c in history if c.action == "edit" and c.hand_id == hand_id]
        _replay(history)


def test_two_phones_deleting_the_same_hand_delete_it_once(server):
    anna = Phone(server.url)
    phones = [anna, Phone(server.url), Phone(server.url)]
    for _ in range(8):
        path, match_id, hand_id = _a_hand(server, anna)
        fields = [_once(p, path) for p in phones]
        answers = at_once(
            [
                partial(p.send, f"{path}/hands/{hand_id}/delete", f)
                for p, f in zip(phones, fields, strict=True)
            ]
        )
        assert sum(_told(a, "Hand 1 deleted. Undo brings it back.") for a in answers) == 1
        gone = "Hand 1 is no longer in the match: it was taken out."
        assert sum(_told(a, gone) for a in answers) == 2
        _hands, history = _stored(server, match_id)
        assert [c.action for c in history if c.hand_id == hand_id] == ["add", "delete"]
        _replay(history)


def test_an_edit_racing_a_delete_never_writes_into_a_deleted_hand(server):
    anna, ben = Phone(server.url), Phone(server.url)
    for _ in range(10):
        hand_id, edited, deleted, _hands, history = _edit_against(server, anna, ben, "delete")
        actions = [c.action for c in history if c.hand_id == hand_id]
        assert _told(deleted, "Hand 1 deleted.")
        if _told(edited, "Hand 1 changed"):
            assert actions == ["add", "edit", "delete"]
        else:
            assert actions == ["add", "delete"]
            assert edited.status == 409
            assert "A A A" in edited.text
        _replay(history)


def test_the_same_hand_from_two_phones_is_stored_once_and_the_other_is_asked(server):
    path, match_id = _new_match(server)
    for round_ in range(10):
        anna, ben = Phone(server.url), Phone(server.url)
        forms = [anna.form(path + "/hands/new"), ben.form(path + "/hands/new")]
        answers = at_once(
            [
                partial(p.send, path + "/hands/new", {**f, **ACES})
                for p, f in zip((anna, ben), forms, strict=True)
            ]
        )
        hands, _history = _stored(server, match_id)
        assert len(hands) == round_ + 1
        told = [a for a in answers if _told(a, f"Hand {round_ + 1} recorded.")]
        asked = [a for a in answers if a.status == 409]
        assert len(told) == 1
        assert len(asked) == 1
        page = asked[0].text
        assert re.search(rf"Hand {round_ + 1} was recorded from another phone", page)
        assert "That's the same hand: drop mine" in page
        assert f"Record mine as hand {round_ + 2}" in page


def _match_to_500(server) -> tuple[str, int]:
    """A classic match for four to 500: one hand of KINGS ends it."""
    phone = Phone(server.url)
    url, _page = phone.post("/matches/new", {"preset": "classic", "players": "4", "target": "500"})
    path = url.removeprefix(server.url)
    return path, int(path.split("/")[2])


@pytest.mark.parametrize("with_seen", [True, False])
def test_twenty_last_hands_at_once_store_one_and_the_match_stays_finished(server, with_seen):
    """Twenty hand forms opened in one browser on a match one hand from its end, sent
    together (issue 43), three times: each time the first is stored and told so, every
    other is refused as the match being over, and the match holds exactly the winning hand."""
    for _try in range(3):
        path, match_id = _match_to_500(server)
        scorer = Phone(server.url)
        forms = [scorer.form(path + "/hands/new") for _ in range(20)]
        for fields in forms:
            if not with_seen:
                fields.pop("seen")  # as an older page or a phone's queue sends it
        answers = at_once(
            [partial(scorer.send, path + "/hands/new", {**f, **KINGS}) for f in forms]
        )
        hands, history = _stored(server, match_id)
        assert len(hands) == 1
        assert sum(_told(a, "Hand 1 recorded.") for a in answers) == 1
        refused = [a for a in answers if not a.redirected]
        assert len(refused) == 19
        over = "The match is over: no more hands."
        assert all(a.status == 409 and over in a.text for a in refused)
        assert len(_replay(history)) == 1
        storage = Storage(server.db)
        try:
            assert storage.get_match(match_id).finished
        finally:
            storage.close()
