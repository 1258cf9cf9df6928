"""No connection can starve the real server: idle phones, clients that send their headers
or their body a byte at a time, and the watching phones' lean poll, against the real
``referee serve`` (granian, two workers) on loopback."""

from __future__ import annotations

import re
import socket
import threading
import time
import urllib.parse
import urllib.request

import pytest

from tests.support.live import Phone, referee_serve, slow_body

pytestmark = pytest.mark.live

HEADERS = (
    "Content-Security-Policy",
    "Permissions-Policy",
    "Referrer-Policy",
    "X-Content-Type-Options",
    "X-Frame-Options",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with referee_serve(tmp_path_factory.mktemp("connections") / "referee.db") as running:
        yield running


def _address(server) -> tuple[str, int]:
    host, port = server.url.removeprefix("http://").split(":")
    return host, int(port)


def _get(url: str, headers: dict[str, str] | None = None):
    """Status, headers (named in any case) and body of a GET on a new connection."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def _trickle(sock: socket.socket, data: bytes, every: float, stop: threading.Event) -> None:
    try:
        for byte in data:
            if stop.is_set():
                return
            sock.send(bytes([byte]))
            time.sleep(every)
    except OSError:
        pass  # cut off by the server: what it should do


def _still_open(sock: socket.socket) -> bool:
    """Whether the server has not closed ``sock`` (nothing to read, and no end)."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)


def test_idle_and_slow_clients_starve_no_one(server):
    """100 idle connections and 8 clients sending their headers a byte every 2 s: every
    page still answers while they all hold on, and both kinds are closed after the limit.
    (How fast the pages answer meanwhile is bench/bench_slow_bodies.py's, not a test's.)"""
    address = _address(server)
    # Each page once first: a worker's first answer of a page (its templates, its caches)
    # may take seconds on a loaded machine, and the check below must land well inside the
    # idle clients' 15 s, far from the server's own timer.
    for path in ("/", "/matches/new", "/referee", "/healthz"):
        assert _get(server.url + path)[0] == 200, path
    idle = [socket.create_connection(address) for _ in range(100)]
    stop = threading.Event()
    slow = [socket.create_connection(address) for _ in range(8)]
    request = b"GET / HTTP/1.1\r\nHost: phone\r\nX-Slow: " + b"a" * 100 + b"\r\n\r\n"
    for sock in slow:
        threading.Thread(target=_trickle, args=(sock, request, 2.0, stop), daemon=True).start()
    try:
        time.sleep(1)
        for path in ("/", "/matches/new", "/referee", "/healthz"):
            status, _headers, _body = _get(server.url + path)
            assert status == 200, path
        # Answered while every idle and slow client still held its connection (their
        # limit is 15 s): none of them kept the pages waiting.
        assert all(_still_open(sock) for sock in idle + slow)
        # Idle past the limit (15 s), a connection is closed: recv() sees its end.  Waited
        # for as the event it is (the close), with a bound far past the limit, rather than
        # slept through: the slow clients' limit runs out with the idle ones'.
        idle[0].settimeout(120)
        assert idle[0].recv(100) == b""
        closed = 0
        for sock in slow:
            sock.settimeout(120)
            try:
                closed += sock.recv(100) == b""
            except OSError:
                closed += 1
        assert closed == len(slow)
    finally:
        stop.set()
        for sock in idle + slow:
            sock.close()


def test_a_body_sent_too_slowly_is_refused_in_time(server):
    """A POST whose body never finishes is answered 408 within the body's deadline."""
    sock = socket.create_connection(_address(server))
    sock.sendall(
        b"POST /api/score HTTP/1.1\r\nHost: phone\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n{"
    )
    sock.settimeout(120)  # far past the body's deadline (15 s): waited for, not timed
    answer = sock.recv(200)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 408")


def test_slow_bodies_past_their_deadline_stop_no_one(server):
    """Two clients per worker send a POST's body a byte a second, never finishing: each
    is answered 408 and cut off, and a reader's pages are answered all the while --
    before their deadline and after it (where a late body once froze its worker)."""
    stop = threading.Event()
    answers: list[tuple[bytes, bool]] = []
    slow = [
        threading.Thread(target=slow_body, args=(_address(server), answers, stop), daemon=True)
        for _ in range(2 * 2)  # referee_serve's two workers
    ]
    for thread in slow:
        thread.start()
    read: list[int] = []
    after: list[int] = []
    try:
        # Pages read until every slow client has been answered and cut off (at its
        # deadline, 15 s), then read again: a waiting condition, with no clock.
        for _read in range(2400):  # a bound for a server that never cuts them off: 10 min
            if len(answers) == len(slow):
                break
            read.append(_get(server.url + "/healthz")[0])
            time.sleep(0.25)
        for path in ("/healthz", "/", "/matches/new", "/referee"):
            after.append(_get(server.url + path)[0])
    finally:
        stop.set()
        for thread in slow:
            thread.join(60)
    assert read  # pages were read while the bodies were coming
    assert set(read) == {200}
    assert after == [200] * 4  # and after the deadline, where a late body once froze it
    assert len(answers) == len(slow)
    assert all(got.startswith(b"HTTP/1.1 408") for got, _closed in answers), answers
    assert all(closed for _got, closed in answers)


def _new_match(phone: Phone) -> tuple[str, str]:
    """A classic match for four made through the form; its edit and read-only paths."""
    edit, page = phone.post("/matches/new", {"preset": "classic", "players": "4"})
    edit = urllib.parse.urlsplit(edit).path
    match_id = edit.split("/")[2]
    links = re.findall(rf'href="http://[^"/]+(/m/{match_id}/[^"#/]+)"', page)
    return edit, next(link for link in links if link != edit)


def test_the_lean_poll_answers_as_the_app_does(server):
    """The poll, answered before Flask: its JSON and tag, 304 while current, a wrong token
    404, every page's security headers, no cookie; a change seen by every worker."""
    phone = Phone(server.url)
    edit, view = _new_match(phone)
    poll = server.url + view + "/version"
    status, headers, body = _get(poll)
    assert status == 200
    version = int(body.decode().split(":")[1].strip(" }"))
    assert headers["ETag"] == f'"{version}"'
    assert headers["Cache-Control"] == "no-store"
    assert headers["Set-Cookie"] is None
    _status, page_headers, _body = _get(server.url + edit)
    for name in HEADERS:
        assert headers[name] == page_headers[name], name
    assert _get(poll, {"If-None-Match": f'"{version}"'})[0] == 304
    assert _get(poll, {"If-None-Match": f'W/"{version}"'})[0] == 304
    wrong = server.url + view.rsplit("/", 1)[0] + "/guessed/version"
    assert _get(wrong)[0] == 404
    assert _get(server.url + "/m/99999/guessed/version")[0] == 404
    # A hand recorded through one worker: the next poll on every connection (each a new
    # one, landing on either worker) sees the new version at once.
    hand = {"mode": "quick", "out": "0", "side0-canastas_natural": "1", "side0-meld_c10": "7"}
    phone.post(edit + "/hands/new", {**hand, "token": "t" * 22})
    seen = {_get(poll, {"If-None-Match": f'"{version}"'})[0] for _ in range(8)}
    assert seen == {200}
