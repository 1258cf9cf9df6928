"""The real ``referee serve`` (granian, its worker processes) on loopback, for tests."""

from __future__ import annotations

import fcntl
import http.cookiejar
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from referee.serve import STOP_SECONDS

# How long a server may take to answer once started, on a machine busy with other work.
START_SECONDS = 120
# A stop waits STOP_SECONDS for requests under way (serve.py): the teardown waits well past
# it, so it never races the grace period it is waiting on.
STOPPED_SECONDS = STOP_SECONDS + 60
# Ports are picked by one process at a time among the test workers (xdist), and held until
# the server on one answers: two workers never pick the same one.  A port taken by another
# program between the pick and the bind is picked again (START_TRIES).
PORTS_LOCK = Path(tempfile.gettempdir()) / "referee-test-ports.lock"
START_TRIES = 5


@dataclass
class Server:
    url: str
    output: list[str] = field(default_factory=list)  # what it printed, once it has stopped


@dataclass
class Answer:
    status: int  # of the last answer (after a redirect: the page it led to)
    url: str
    text: str
    redirected: bool


class Phone:
    """A browser's cookies and forms over urllib: one phone at the table."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=60) as answer:
            return answer.read().decode()

    def form(self, path: str) -> dict[str, str]:
        """The hidden fields of the form at ``path`` (its CSRF token, one-time token,
        version), as a browser holds them once the page has opened."""
        page = self.get(path)
        fields = re.findall(r'<input id="\w+" name="(\w+)" type="hidden" value="([^"]*)"', page)
        csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
        return {**dict(fields), **({"csrf_token": csrf.group(1)} if csrf else {})}

    def send(self, path: str, fields: dict[str, str]) -> Answer:
        """Post ``fields`` to ``path`` as the browser would, following a redirect."""
        data = urllib.parse.urlencode(fields).encode()
        try:
            with self.opener.open(self.base + path, data=data, timeout=60) as answer:
                url = answer.geturl()
                return Answer(answer.status, url, answer.read().decode(), url != self.base + path)
        except urllib.error.HTTPError as error:
            return Answer(error.code, self.base + path, error.read().decode(), False)

    def post(self, path: str, fields: dict[str, str]) -> tuple[str, str]:
        """Open the form at ``path`` and send it with ``fields``: (where it led, the page)."""
        csrf = self.form(path)["csrf_token"]
        answer = self.send(path, {**fields, "csrf_token": csrf})
        return answer.url, answer.text


def free_port() -> int:
    """A port the OS has free now (see :data:`PORTS_LOCK` for who may take it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def ports_lock() -> Iterator[None]:
    """Held while a port is picked and its server starts (:data:`PORTS_LOCK`)."""
    with open(PORTS_LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextmanager
def referee_serve(
    db: Path,
    workers: int = 2,
    *,
    command: Sequence[str] = (sys.executable, "-m", "referee.cli"),
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    options: Sequence[str] = (),
) -> Iterator[Server]:
    """``referee serve`` on a free loopback port over ``db``; stopped (SIGTERM) on exit.

    ``command`` is how ``referee`` is run (this checkout's by default; an installed
    copy's ``bin/referee`` for the packaging test), ``options`` extra ``serve`` options.
    """
    # What it prints goes to a file, not a pipe: a pipe nobody reads fills up, and a
    # server that logs a lot (a fuzzer's junk) would then block on its next line.
    log = tempfile.TemporaryFile()

    def printed() -> str:
        log.seek(0)
        return log.read().decode(errors="replace")

    process, server = None, None
    try:
        for _try in range(START_TRIES):
            with ports_lock():
                port = free_port()
                process = subprocess.Popen(
                    [*command, "serve", "--host", "127.0.0.1", "--port", str(port)]
                    + ["--db", str(db), "--workers", str(workers), *options],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=cwd,
                    env=env,
                )
                server = Server(f"http://127.0.0.1:{port}")
                if _answers(server, process):
                    break
            if "Address already in use" not in printed():
                raise RuntimeError(printed())
            log.seek(0)
            log.truncate()
        else:
            raise RuntimeError(f"no free port in {START_TRIES} tries: {printed()}")
        yield server
    finally:
        if process is not None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=STOPPED_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                raise
            finally:
                if server is not None:
                    server.output.append(printed())
                log.close()


def _answers(server: Server, process: subprocess.Popen) -> bool:
    """Whether the server came up (its /healthz answers); False if it stopped first."""
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(server.url + "/healthz", timeout=10) as answer:
                if answer.status == 200:
                    return True
        except OSError:
            if process.poll() is not None:
                return False
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"referee serve did not answer within {START_SECONDS} s"
                ) from None
            time.sleep(0.2)


def at_once(jobs):
    """Run the callables together: each thread waits at a barrier, then all go at once."""
    barrier = threading.Barrier(len(jobs))

    def run(job):
        barrier.wait(timeout=60)
        return job()

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))


def slow_body(address, answers: list[tuple[bytes, bool]], stop: threading.Event) -> None:
    """A POST that declares 100 000 bytes and sends one a second, until cut off or
    ``stop``: appends (what the server answered, whether the server closed it)."""
    sock = socket.create_connection(address)
    sock.sendall(
        b"POST /matches/new HTTP/1.1\r\nHost: phone\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n"
    )
    sock.settimeout(1)
    got, closed = b"", False
    try:
        while not stop.is_set():
            sock.send(b"a")
            try:
                part = sock.recv(4096)
            except TimeoutError:
                continue
            if not part:
                closed = True  # by the server: what it should do once it has answered
                break
            got += part
    except OSError:
        closed = True  # reset by the server, the answer already in
    finally:
        answers.append((got, closed))
        sock.close()
