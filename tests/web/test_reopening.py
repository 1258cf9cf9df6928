"""Closed is closed: a round's end closes its tables' games; the director reopens one,
saying why, and closes it again; all of it in the tournament's history and results."""

from __future__ import annotations

import csv
import http.cookiejar
import io
import random
import re
import secrets
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest

from referee.storage import Storage
from tests.support.live import referee_serve
from tests.support.tournaments import FORM, make, score, tables, won_by
from tests.support.web import make_app


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path, STANDINGS_SECONDS=0)


def api(client, tid, token):
    return client.get(f"/api/tournaments/{tid}?token={token}").get_json()


def hand_ids(client, link):
    return re.findall(rf'href="{re.escape(link)}/hands/(\d+)/edit"', client.get(link).text)


def assert_refused_as_closed(client, link, round_no, hand_id):
    """Every write through the table's edit link is refused, naming the director and the
    round; nothing it sends changes the match."""
    said = f"the tournament director ended round {round_no}"
    typed = won_by(1)
    typed["note"] = "typed at the table"
    new = client.post(f"{link}/hands/new?mode=quick", data=typed)
    assert new.status_code == 409
    assert said in new.text.replace("&#39;", "'")
    assert 'value="typed at the table"' in new.text  # what was typed, kept in the form
    edit = client.post(f"{link}/hands/{hand_id}/edit", data=won_by(1))
    assert edit.status_code == 409
    assert said in edit.text.replace("&#39;", "'")
    for path in (f"/hands/{hand_id}/delete", "/undo", "/redo"):
        answer = client.post(link + path, data={"token": secrets.token_urlsafe(16)})
        assert answer.status_code == 409, path  # never a redirect: offline.js shows it
        assert said in answer.text.replace("&#39;", "'")
        assert f'href="{link}"' in answer.text  # the way back to the match
    for path in ("/hands/new", f"/hands/{hand_id}/edit"):
        opened = client.get(link + path)
        assert opened.status_code == 302
        assert opened.headers["Location"] == link
        assert said in client.get(link).text.replace("&#39;", "'")  # the flash and notice


@pytest.mark.parametrize("how", ["ended early", "next round"])
def test_a_round_that_ends_closes_its_tables(client, how):
    director, tid, token = make(client)
    links = tables(client, director)
    score(client, links[0], side=0)  # table 1 finished: team 1 won
    score(client, links[1], side=1, hands=1)  # table 2: team 6 ahead
    if how == "next round":
        for link in links[1:]:
            score(client, link, side=0, hands=3 - len(hand_ids(client, link)))
        client.post(f"{director}/next")
    else:
        client.post(f"{director}/next", data={"early": "yes"})
    before = api(client, tid, token)
    assert before["current_round"] == 2
    for link in links[:2]:  # a game won, and one that was (or went on) in play
        page = client.get(link).text.replace("&#39;", "'")
        assert "This table's game is closed" in page
        assert "Record a hand" not in page
        assert "Undo last change" not in page
        assert "/edit" not in page  # no hand's Edit button
        assert_refused_as_closed(client, link, 1, hand_ids_stored(client, link)[0])
    after = api(client, tid, token)
    assert after["standings"] == before["standings"]
    assert after["games"] == before["games"]


def hand_ids_stored(client, link):
    """The ids of the match's hands (its page has no Edit buttons once closed)."""
    storage = Storage(client.application.config["DATABASE"])
    try:
        return [h.id for h in storage.hands(int(link.split("/")[2]))]
    finally:
        storage.close()


def _round_links(client, tid, token, number):
    """Each table's edit link of round ``number`` (the director's page lists only the round
    in play; the results JSON holds every game)."""
    storage = Storage(client.application.config["DATABASE"])
    try:
        found = []
        for t in storage.tournament_tables(tid):
            if t.round == number:
                match = storage.get_match(t.match_id)
                found.append(f"/m/{match.id}/{match.edit_token}")
        return found
    finally:
        storage.close()


def test_the_end_of_the_tournament_closes_every_table_and_the_winner_stays(client):
    director, tid, token = make(client)
    client.post(f"{director}/next", data={"early": "yes"})
    last = _round_links(client, tid, token, 2)
    score(client, last[0], side=1, hands=2)  # team 8 ahead at table 1, two hands in
    client.post(f"{director}/next", data={"early": "yes"})
    data = api(client, tid, token)
    assert data["finished"] is True
    before = data["standings"], data["games"]
    game = next(g for g in data["games"] if (g["round"], g["table"]) == (2, 1))
    assert game["winner"] == "ew"  # in play at the end: to the higher total
    assert len(hand_ids_stored(client, last[0])) == 2
    page = client.get(last[0]).text.replace("&#39;", "'")
    assert "the tournament director ended the tournament" in page
    answer = client.post(f"{last[0]}/hands/new?mode=quick", data=won_by(0))
    assert answer.status_code == 409
    assert client.post(f"{last[0]}/undo", data={}).status_code == 409
    after = api(client, tid, token)
    assert (after["standings"], after["games"]) == before
    # The read-only link says it too.
    view = re.search(r'href="http://[^/"]+(/m/\d+/[\w-]+)"', client.get(last[0]).text)[1]
    assert "This table&#39;s game is closed" in client.get(view).text


def test_the_director_reopens_a_table_with_a_reason_and_closes_it_again(client):
    director, tid, token = make(client)
    links = tables(client, director)
    score(client, links[0], side=0)
    client.post(f"{director}/next", data={"early": "yes"})
    page = client.get(director).text
    assert "Reopen the table's game" in page
    assert "Round 1 ended early" in page

    # No reason: refused, said, what was typed kept.
    refused = client.post(f"{director}/reopen", data={"round": "1", "table": "1", "reason": " "})
    assert refused.status_code == 422
    assert "Say why the game is reopened" in refused.text.replace("&#39;", "'")
    assert 'name="table" required type="number" value="1"' in refused.text
    too_long = client.post(
        f"{director}/reopen", data={"round": "1", "table": "1", "reason": "x" * 201}
    )
    assert too_long.status_code == 422
    assert "at most 200 characters" in too_long.text
    nowhere = client.post(f"{director}/reopen", data={"round": "1", "table": "9", "reason": "x"})
    assert nowhere.status_code == 422
    assert "Round 1 has no table 9." in nowhere.text
    in_play = client.post(f"{director}/reopen", data={"round": "2", "table": "1", "reason": "x"})
    assert "Table 1 of round 2 is not closed" in in_play.text
    assert client.post(f"{links[0]}/undo", data={}).status_code == 409  # still closed

    reopened = client.post(
        f"{director}/reopen", data={"round": "1", "table": "1", "reason": "scores swapped"}
    )
    assert reopened.status_code == 302
    page = client.get(director).text
    line = "Table 1, round 1: reopened by the director — reason: “\u2068scores swapped\u2069”"
    assert line in page
    assert "Close it again" in page
    # The table records again: its last hand is taken back and played the other way.
    assert "This table" not in client.get(links[0]).text
    assert (
        client.post(f"{links[0]}/undo", data={"token": secrets.token_urlsafe(16)}).status_code
        == 302
    )
    answer = client.post(f"{links[0]}/hands/new?mode=quick", data=won_by(1))
    assert answer.status_code == 302
    assert "changed after reopening" in client.get(director).text

    export = client.get(f"{director}/results.json").get_json()
    assert {"round": 1, "table": 1, "action": "reopened", "reason": "scores swapped"}.items() <= (
        next(e for e in export["events"] if e["action"] == "reopened").items()
    )
    game = next(g for g in export["games"] if (g["round"], g["table"]) == (1, 1))
    assert game["changed_after_reopening"] is True
    rows = list(
        csv.reader(io.StringIO(client.get(f"{director}/results.csv").text.lstrip("\ufeff")))
    )
    assert ["round", "table", "event", "reason", "changed_after_reopening", "at"] in rows
    assert any(r[:5] == ["1", "1", "reopened", "scores swapped", "1"] for r in rows)

    # Closed again by the director's button: refused again, and said.
    client.post(f"{director}/round/1/table/1/close")
    assert "closed again by the director" in client.get(director).text
    assert client.post(f"{links[0]}/undo", data={}).status_code == 409
    assert "the tournament director closed it" in client.get(links[0]).text
    again = client.post(f"{director}/round/1/table/1/close")  # a second press: nothing more
    assert again.status_code == 302
    events = client.get(f"{director}/results.json").get_json()["events"]
    assert [e["action"] for e in events] == ["round ended early", "reopened", "closed"]


def test_a_table_left_open_closes_with_the_next_round(client):
    director, tid, token = make(client, rounds="3")
    links = tables(client, director)
    client.post(f"{director}/next", data={"early": "yes"})
    client.post(f"{director}/reopen", data={"round": "1", "table": "2", "reason": "late hand"})
    client.post(f"{director}/next", data={"early": "yes"})  # round 2 ends: table 2 of round 1 too
    answer = client.post(f"{links[1]}/hands/new?mode=quick", data=won_by(0))
    assert answer.status_code == 409
    assert "ended round 2" in answer.text
    events = [e["action"] for e in api(client, tid, token)["events"]]
    assert events == ["round ended early", "reopened", "round ended early", "closed with the round"]


def test_a_late_second_press_of_the_director_ends_no_other_round(client):
    director, tid, token = make(client, rounds="3")
    client.post(f"{director}/next", data={"early": "yes", "round": "1"})
    client.post(f"{director}/next", data={"early": "yes", "round": "1"})  # the same page again
    data = api(client, tid, token)
    assert data["current_round"] == 2
    assert [e["action"] for e in data["events"]] == ["round ended early"]


def test_a_tournament_and_its_first_round_are_made_in_one_transaction(client, monkeypatch):
    made = []
    create_match = Storage.create_match

    def fails_at_the_third_table(self, match, once=None):
        if len(made) == 2:
            raise RuntimeError("the machine stopped")
        made.append(match.name)
        return create_match(self, match, once)

    monkeypatch.setattr(Storage, "create_match", fails_at_the_third_table)
    assert client.post("/tournaments/new", data=FORM).status_code == 500
    assert len(made) == 2  # two tables' matches made before the third failed
    monkeypatch.undo()
    storage = Storage(client.application.config["DATABASE"])
    try:
        for table in ("tournaments", "tournament_teams", "tournament_tables", "matches"):
            assert storage.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == 0, table
    finally:
        storage.close()
    make(client)  # and then it is made whole
    assert client.get("/").text.count("Club night") >= 1


# -- a race against the real server ----------------------------------------------------------


class Phone:
    """A browser with its own cookies that does not follow redirects."""

    class _Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    def __init__(self, base: str) -> None:
        self.base = base
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(jar), self._Stay()
        )
        self.csrf = ""

    def get(self, path: str) -> tuple[int, str, str]:
        return self._open(urllib.request.Request(self.base + path))

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, str, str]:
        body = urllib.parse.urlencode({"csrf_token": self.csrf, **fields}).encode()
        return self._open(urllib.request.Request(self.base + path, data=body))

    def _open(self, request) -> tuple[int, str, str]:
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, answer.headers.get("Location", ""), answer.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, answer.headers.get("Location", ""), answer.read().decode()

    def take_csrf(self, path: str) -> None:
        status, _where, page = self.get(path)
        assert status == 200, (path, status)
        self.csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)[1]


CLOSED = "This table&#39;s game is closed: the tournament director ended round 1."


@pytest.mark.live
def test_hands_in_flight_when_the_director_ends_the_round(tmp_path):
    """Phones at every table record and undo hands while two presses of *End this round
    now* arrive at once: every change a phone was told of is stored, nothing is stored
    after the close, and the round ends once."""
    db = tmp_path / "race.db"
    app = make_app(tmp_path, DATABASE=str(db), STANDINGS_SECONDS=0)
    client = app.test_client()
    director, tid, token = make(client, game="target", minimums="")
    links = tables(client, director)
    with referee_serve(db, workers=2) as server:
        phones = {link: Phone(server.url) for link in links}
        for link, phone in phones.items():
            phone.take_csrf(link + "/hands/new?mode=quick")
        directors = [Phone(server.url) for _ in range(2)]
        for press in directors:
            press.take_csrf(director + "?end=1")
        told: dict[str, list[tuple[str, str]]] = {link: [] for link in links}
        pressed: list[tuple[int, str]] = []
        problems: list[str] = []
        barrier = threading.Barrier(len(phones) + len(directors))

        def play(link: str, phone: Phone, seed: int) -> None:
            moves = random.Random(seed)
            barrier.wait()
            for _ in range(12):
                if told[link] and moves.random() < 0.3:
                    kind, path, fields = "undo", "/undo", {"token": secrets.token_urlsafe(16)}
                else:
                    kind, path = "add", "/hands/new?mode=quick"
                    fields = won_by(moves.randrange(2))
                status, where, page = phone.post(link + path, fields)
                if status == 302 and where.split("#")[0].endswith(link):
                    _s, _w, shown = phone.get(link)
                    if kind == "add" and "recorded." not in shown:
                        problems.append(f"{link}: a hand confirmed without 'recorded'")
                    if kind == "undo" and "removed." not in shown:
                        kind = "undo of nothing"
                    told[link].append((kind, fields.get("token", "")))
                elif status == 409 and CLOSED in page:
                    told[link].append(("refused", fields.get("token", "")))
                    break
                else:
                    problems.append(f"{link} {kind}: {status} {where} {page[:300]}")
                    break

        def end(press: Phone) -> None:
            barrier.wait()
            threading.Event().wait(0.3)  # a few hands and undos in first
            fields = {"early": "yes", "round": "1"}
            pressed.append(press.post(director + "/next", fields)[:2])

        threads = [
            threading.Thread(target=play, args=(link, phone, n))
            for n, (link, phone) in enumerate(phones.items())
        ] + [threading.Thread(target=end, args=(press,)) for press in directors]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
    assert not problems, problems
    assert sorted(status for status, _where in pressed) == [302, 302]

    storage = Storage(db)
    try:
        events = storage.tournament_events(tid)
        assert [e.action for e in events] == ["round ended early"]  # two presses: once
        assert storage.get_tournament(tid).current_round == 2
        closed_at = events[0].at
        for link in links:
            match_id = int(link.split("/")[2])
            assert storage.get_match(match_id).closed == "round:1"
            adds = [token for kind, token in told[link] if kind == "add"]
            undos = sum(kind == "undo" for kind, _token in told[link])
            # Every hand a phone was told of is stored, less those its undos took back.
            assert len(storage.hands(match_id)) == len(adds) - undos, told[link]
            # Nothing stored that no phone was told of, and nothing after the close.
            history = storage.history(match_id)
            assert len(history) == len(adds) + undos
            assert all(change.at <= closed_at for change in history)
            for kind, token in told[link]:
                if token:
                    assert storage.token_used(token) == (kind != "refused"), (kind, token)
    finally:
        storage.close()
    # Each phone was stopped by the close, or had played all its moves before it.
    assert sum(told[link][-1][0] == "refused" for link in links if told[link]) >= 1
