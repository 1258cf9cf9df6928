"""A few score sheets at a time per process (referee/web/plumbing/sheet_turns.py): the others wait
briefly, then get 503 with Retry-After and a page saying to try again."""

from __future__ import annotations

import threading

import pytest

from referee.storage import Storage
from referee.web.parts import sending
from referee.web.plumbing.sheet_turns import Busy, SheetTurns, sheet_turns
from tests.support import sample
from tests.support.web import make_app


@pytest.fixture
def app(tmp_path):
    return make_app(
        tmp_path,
        WTF_CSRF_ENABLED=True,
        SHEET_RENDERS=1,
        SHEET_WAIT_SECONDS=0.05,  # a small wait: the test never depends on timing
    )


@pytest.fixture
def sheet_url(app):
    storage = Storage(app.config["DATABASE"])
    match = sample.stored_match(storage, 3, churn=False)
    storage.close()
    return f"/m/{match.id}/{match.view_token}/sheet.pdf"


def test_a_sheet_asked_for_while_every_turn_is_taken_gets_503_and_retry_after(app, sheet_url):
    client = app.test_client()
    with app.app_context():
        turns = sheet_turns()
    with turns.turn():  # another request is rendering
        busy = client.get(sheet_url, headers={"Accept-Language": "de"})
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == "1"
    assert busy.mimetype == "text/html"
    assert '<html lang="de">' in busy.text
    assert "Der Server druckt gerade andere Punkteblätter." in busy.text
    done = client.get(sheet_url)  # the turn is free again
    assert done.status_code == 200
    assert done.data.startswith(b"%PDF")


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_a_sheet_already_rendered_needs_no_turn(app, sheet_url):
    client = app.test_client()
    assert client.get(sheet_url).status_code == 200
    with app.app_context():
        turns = sheet_turns()
    with turns.turn():
        again = client.get(sheet_url)
    assert again.status_code == 200
    assert again.data.startswith(b"%PDF")


def test_one_more_than_may_wait_is_refused_at_once():
    turns = SheetTurns(renders=1, wait=60)  # a wait that would hang the test if taken
    entered = threading.Event()
    waiter_done = threading.Event()

    def waiting() -> None:
        entered.set()
        with turns.turn():
            waiter_done.set()

    with turns.turn():
        waiter = threading.Thread(target=waiting)
        waiter.start()
        entered.wait()
        while turns._places._value != 0:  # the waiter has taken its place in the line
            threading.Event().wait(0.01)
        with pytest.raises(Busy), turns.turn():
            pass
    waiter.join()
    assert waiter_done.is_set()  # the one waiting got its turn once the render ended


def test_the_cache_of_sheets_is_bounded_in_count_and_bytes():
    cache = sending.SheetCache(size=3, max_bytes=100)
    for n in range(5):
        cache.put((n,), b"x" * 10)
    assert [cache.get((n,)) is not None for n in range(5)] == [False, False, True, True, True]
    cache.put(("big",), b"x" * 90)
    assert cache.get(("big",)) is not None
    assert sum(cache.get((n,)) is not None for n in range(5)) == 1  # 90 + 10 ≤ 100
    cache.put(("big",), b"x" * 40)  # a sheet rendered again counts once
    assert cache.weight == sum(len(v) for v in cache.cache.values())


def test_a_blank_sheet_takes_its_turn_too(app, sheet_url):
    client = app.test_client()
    blank = sheet_url.replace("sheet.pdf", "blank.pdf")
    with app.app_context():
        turns = sheet_turns()
    with turns.turn():
        busy = client.get(blank)
    assert busy.status_code == 503
    assert "Retry-After" in busy.headers
    assert client.get(blank).data.startswith(b"%PDF")
