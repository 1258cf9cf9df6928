"""The real ``referee serve`` (granian, its worker processes) on loopback, for tests."""

from __future__ import annotations

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
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


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
    port = free_port()
    # What it prints goes to a file, not a pipe: a pipe nobody reads fills up, and a
    # server that logs a lot (a fuzzer's junk) would then block on its next line.
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(
        [*command, "serve", "--host", "127.0.0.1", "--port", str(port)]
        + ["--db", str(db), "--workers", str(workers), *options],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=cwd,
        env=env,
    )
    server = Server(f"http://127.0.0.1:{port}")

    def printed() -> str:
        log.seek(0)
        return log.read().decode(errors="replace")

    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(server.url + "/healthz", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError(printed()) from None
                if time.monotonic() > deadline:
                    raise RuntimeError("referee serve did not answer within 30 s") from None
                time.sleep(0.2)
        yield server
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            raise
        finally:
            server.output.append(printed())
            log.close()


def at_once(jobs):
    """Run the callables together: each thread waits at a barrier, then all go at once."""
    barrier = threading.Barrier(len(jobs))

    def run(job):
        barrier.wait(timeout=60)
        return job()

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))
