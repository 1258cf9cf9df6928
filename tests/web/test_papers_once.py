"""A tournament's papers made once and shared (issue 46): phones fetching the same paper of
the same version at the same moment get one render's bytes; a new version is a new paper;
the papers have turns of their own, so a match's sheet is not refused behind them."""

from __future__ import annotations

import re
import threading

import pytest

from referee.web.views import tournament_files
from tests.support.tournaments import make, score, tables
from tests.support.web import make_app

PHONES = 8


@pytest.fixture
def app(tmp_path):
    # Four renders at once per process: without a single flight per paper, four of the
    # eight phones would each render the same paper.
    return make_app(tmp_path, STANDINGS_SECONDS=0, SHEET_RENDERS=4, SHEET_WAIT_SECONDS=60)


def _counting_renders(app, monkeypatch, phones: int):
    """Count the renders; hold each until ``phones`` requests have come in, so that every
    one of them asks before the first paper is made (none finds it kept)."""
    renders: list[str] = []
    arrived = threading.Semaphore(0)
    real = tournament_files.render_pdf

    def counted(template, *args, **kwargs):
        renders.append(template)
        for _ in range(phones):
            assert arrived.acquire(timeout=60), "the other phones never asked"
        for _ in range(phones):
            arrived.release()
        return real(template, *args, **kwargs)

    def came() -> None:
        arrived.release()

    monkeypatch.setattr(tournament_files, "render_pdf", counted)
    # every request from now on is one of the phones (the setup method refuses, once served)
    app.before_request_funcs.setdefault(None, []).append(came)
    return renders


def _fetch_together(app, url: str, phones: int) -> list[tuple[int, bytes]]:
    answers: list[tuple[int, bytes]] = []
    lock = threading.Lock()

    def fetch() -> None:
        response = app.test_client().get(url)
        with lock:
            answers.append((response.status_code, response.get_data()))

    threads = [threading.Thread(target=fetch) for _ in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
@pytest.mark.parametrize("paper", ["teams.pdf", "results.pdf"])
def test_eight_phones_fetching_a_paper_at_once_get_one_render(app, monkeypatch, paper):
    client = app.test_client()
    director, tid, token = make(client, movement="swiss", ranking="vp", rounds="3")
    score(client, tables(client, director)[0])
    page = client.get(director).get_data(as_text=True)
    # the read-only link: anyone in the room may have it
    view_token = next(t for t in re.findall(rf"/t/{tid}/([\w-]+)", page) if t != token)
    renders = _counting_renders(app, monkeypatch, PHONES)
    answers = _fetch_together(app, f"/t/{tid}/{view_token}/{paper}", PHONES)
    assert [status for status, _body in answers] == [200] * PHONES
    assert len({body for _status, body in answers}) == 1
    assert answers[0][1].startswith(b"%PDF")
    assert len(renders) == 1


def test_a_new_hand_makes_a_new_paper_and_the_same_version_none(app, monkeypatch):
    client = app.test_client()
    director, _tid, _token = make(client, movement="swiss", ranking="vp", rounds="3")
    renders: list[str] = []
    real = tournament_files.render_pdf

    def counted(template, *args, **kwargs):
        renders.append(template)
        return real(template, *args, **kwargs)

    monkeypatch.setattr(tournament_files, "render_pdf", counted)
    first = client.get(f"{director}/results.pdf").get_data()
    assert client.get(f"{director}/results.pdf").get_data() == first
    assert len(renders) == 1
    score(client, tables(client, director)[0], hands=1)
    client.get(f"{director}/results.pdf")
    assert len(renders) == 2  # the hand is on the new paper, not the kept one
    client.get(f"{director}/results.pdf?paper=letter")
    client.get(f"{director}/results.pdf", headers={"Accept-Language": "de"})
    assert len(renders) == 4  # another paper size, another language: papers of their own


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_a_match_sheet_is_not_refused_while_a_paper_is_rendering(tmp_path, monkeypatch):
    # One render at a time, a second's wait: were the sheets and papers one pool, the
    # sheet would wait for the paper's turn and be refused.
    app = make_app(tmp_path, STANDINGS_SECONDS=0, SHEET_RENDERS=1, SHEET_WAIT_SECONDS=1)
    client = app.test_client()
    director, _tid, _token = make(client, movement="swiss", ranking="vp", rounds="3")
    match = tables(client, director)[0]
    score(client, match, hands=1)
    inside = threading.Event()
    release = threading.Event()
    real = tournament_files.render_pdf

    def held(template, *args, **kwargs):
        inside.set()
        assert release.wait(timeout=60)
        return real(template, *args, **kwargs)

    monkeypatch.setattr(tournament_files, "render_pdf", held)
    answers = []
    fetching = threading.Thread(
        target=lambda: answers.append(app.test_client().get(f"{director}/teams.pdf"))
    )
    fetching.start()
    try:
        assert inside.wait(timeout=60)
        sheet = app.test_client().get(f"{match}/sheet.pdf")
    finally:
        release.set()
        fetching.join(timeout=120)
    assert sheet.status_code == 200
    assert sheet.get_data().startswith(b"%PDF")
    assert answers[0].status_code == 200


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_a_large_paper_is_laid_out_in_a_process_of_its_own(app, monkeypatch, tmp_path):
    import subprocess

    from referee import sheets

    started = []
    real = sheets.subprocess.run

    def run(*args, **kwargs):
        started.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(sheets, "APART_BYTES", 0)  # every paper counts as large here
    monkeypatch.setattr(sheets.subprocess, "run", run)
    client = app.test_client()
    director, _tid, _token = make(client, movement="swiss", ranking="vp", rounds="3")
    answer = client.get(f"{director}/teams.pdf")
    assert answer.status_code == 200
    assert len(started) == 1
    path = tmp_path / "teams.pdf"
    path.write_bytes(answer.get_data())
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Anna & Ben" in text
