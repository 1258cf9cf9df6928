"""Imports bounded by what playing could write, against the real ``referee serve``
(issue 43): a file with junk in a hand, or more deleted hands than a match can leave, is
refused naming the part; the export of an imported match imports again."""

from __future__ import annotations

import json
import urllib.request

import pytest

from referee.exchange import match_to_json
from referee.match import capacity
from tests.support import largest
from tests.support.junk import MULTIPART, _multipart
from tests.support.live import Answer, Phone, referee_serve

pytestmark = pytest.mark.live


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with referee_serve(tmp_path_factory.mktemp("imports") / "referee.db") as running:
        yield running


def _import(phone: Phone, body: bytes) -> Answer:
    """The import page's form sent with ``body`` as its file, as the page sends it."""
    csrf = phone.form("/matches/import")["csrf_token"]
    request = urllib.request.Request(
        phone.base + "/matches/import",
        data=_multipart([("csrf_token", csrf)], body),
        headers={"Content-Type": MULTIPART},
    )
    try:
        with phone.opener.open(request, timeout=120) as answer:
            url = answer.geturl()
            return Answer(answer.status, url, answer.read().decode(), "/matches/import" not in url)
    except urllib.error.HTTPError as error:
        return Answer(error.code, request.full_url, error.read().decode(), False)


def _file(hands: int = 5, changes: int = 10, deleted: int = 0) -> dict:
    match, records, history = largest.largest(changes=changes, hands=hands, deleted=deleted)
    return json.loads(json.dumps(match_to_json(match, records, history)))


def test_junk_in_a_hand_is_refused_naming_where_it_is(server):
    data = _file()
    data["hands"][3]["entry"]["junk"] = ["x" * 100] * 10_000  # a megabyte the app never writes
    answer = _import(Phone(server.url), json.dumps(data).encode())
    assert answer.status == 422
    assert "hand 4: junk is not a field this version knows" in answer.text


def test_more_deleted_hands_than_playing_leaves_are_refused(server):
    most = capacity.most_deleted(5)
    answer = _import(Phone(server.url), json.dumps(_file(deleted=most + 1)).encode())
    assert answer.status == 422
    assert f"The file holds {most + 1:,} deleted hands" in answer.text


def test_the_export_of_an_imported_match_imports_again(server):
    phone = Phone(server.url)
    first = _import(phone, json.dumps(_file(hands=30, changes=400, deleted=100)).encode())
    assert first.redirected, first.text[:300]
    exported = phone.get(first.url.removeprefix(server.url) + "/export.json")
    again = _import(phone, exported.encode())
    assert again.redirected, again.text[:300]
    back = json.loads(phone.get(again.url.removeprefix(server.url) + "/export.json"))
    before = json.loads(exported)
    for part in ("hands", "history", "ledger"):
        assert back[part] == before[part], part
