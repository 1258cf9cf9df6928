"""The real ``referee serve`` (granian, its worker processes) on loopback, for tests."""

from __future__ import annotations

import http.cookiejar
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Server:
    url: str
    output: list[str] = field(default_factory=list)  # what it printed, once it has stopped


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


class Phone:
    """A browser of its own against a real server: its cookies, and its forms with their
    CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as answer:
            return answer.read().decode()

    def post(self, path: str, fields: dict[str, str]) -> str:
        """Send the form at ``path``; the path the server sent the phone on to."""
        form = self.get(path)
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form)
        assert token, form[:2000]
        data = urllib.parse.urlencode({**fields, "csrf_token": token[1]}).encode()
        with self.opener.open(self.base + path, data=data, timeout=30) as answer:
            answer.read()
            return answer.geturl().removeprefix(self.base)
