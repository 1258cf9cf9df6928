"""``referee serve``: the phone companion on a production WSGI server (granian).

Prints the address phones on the same Wi-Fi can open, with a QR code of it in
the terminal; the home page shows the same code.  On a loopback address (``--host
127.0.0.1``, or a machine with no network) it says instead that phones cannot reach it
and how to make it reachable, and offers no code, here or on the home page.

Granian's HTTP layer is Rust (hyper on tokio): a connection, idle or sending its
headers one byte at a time, costs no Python thread, so no number of slow or idle phones
can keep the others waiting (with gunicorn's threads, eight such clients stopped it);
and a request costs about half the server CPU it did (bench/bench_server.py, the
"The server's own cost" in docs/benchmarks.md).  It runs one worker process per core, each with a
few threads for the app: Python runs one thread at a time per process.  The app is
made once here first, so the database's migrations run once and the secret key is made
once; each worker then makes its own from the same settings, passed as ``REFEREE_*``
environment variables.  SQLite in WAL mode lets the workers share the file.
"""

from __future__ import annotations

import os
import socket
import sys
from typing import Any, TextIO
from urllib.parse import urlsplit

ANY_HOST = ("0.0.0.0", "::", "")
# How long a connection may take to send a request's headers, and may stay idle between
# requests: a watching phone asks every 3 s (POLL_SECONDS), so 15 s keeps its connection
# while a slow or silent client is shut out after 15 s, not gunicorn's 30 s per thread.
HEADER_TIMEOUT_MS = 15_000
STOP_SECONDS = 30  # a stop waits this long for requests under way (as gunicorn's did)
# Connections a worker serves at once (granian's "backpressure": more wait to be accepted).
# Its default, the backlog shared out (512 a worker), left a club night of 1 000 tables (4 000
# phones, each keeping its connection) mostly waiting; an idle connection costs Rust a
# little memory, not a thread, so a worker takes 8 192 (3 000 tables on two workers).
CONNECTIONS = 8192
BACKLOG = 4096  # connections waiting to be accepted (Linux caps it at net.core.somaxconn)


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent), or 127.0.0.1."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # Connecting a UDP socket only picks the outgoing interface; nothing goes out.
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def public_url(host: str, port: int) -> str:
    shown = lan_address() if host in ANY_HOST else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def bind_address(host: str, port: int) -> str:
    """``host:port`` as a person reads it (IPv6 addresses in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host or '0.0.0.0'}:{port}"


def default_workers() -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, cores or 1)


def granian_options(host: str, port: int, workers: int | None) -> dict[str, Any]:
    """Granian's settings for ``referee serve`` (its Python API's keyword arguments)."""
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings

    return {
        "address": host or "0.0.0.0",
        "port": port,
        # ASGI without lifespan events: the event loop reads each body whole before a thread
        # runs the app (referee/web/plumbing/bodies.py), so a slow body holds no thread.
        "interface": Interfaces.ASGINL,
        "factory": True,  # the target is create_server, called in each worker
        "workers": workers or default_workers(),
        "backlog": BACKLOG,
        "backpressure": CONNECTIONS,
        "http": HTTPModes.http1,  # phones over the Wi-Fi, or Caddy in front: HTTP/1.1
        "http1_settings": HTTP1Settings(header_read_timeout=HEADER_TIMEOUT_MS),
        "websockets": False,
        "log_access": False,  # a match's path holds its secret: no access log
        "respawn_failed_workers": True,
        "workers_kill_timeout": STOP_SECONDS,
    }


def serve(
    host: str,
    port: int,
    db: str | None,
    out: TextIO = sys.stdout,
    workers: int | None = None,
    proxy_hops: int | None = None,
) -> int:
    import segno

    from .web import create_app
    from .web.plumbing.addresses import is_loopback

    config: dict[str, Any] = {"DATABASE": db} if db else {}
    if proxy_hops is not None:
        config["PROXY_HOPS"] = proxy_hops
    app = create_app(config or None)
    hops = app.config["PROXY_HOPS"]
    if hops:
        # Phones come through the proxy's address, which this machine cannot know;
        # the app's links and QR codes follow the forwarded host and scheme.
        out.write(f"Canasta Referee: serving on {bind_address(host, port)} ")
        out.write(f"behind {hops} reverse prox{'y' if hops == 1 else 'ies'}\n")
        out.write(f"Database: {app.config['DATABASE']}\n")
    else:
        url = public_url(host, port)
        if is_loopback(urlsplit(url).hostname or ""):
            # No QR code: no phone can open it.
            out.write(f"Canasta Referee: serving on {url} for this computer only\n")
            out.write(
                f"Phones cannot reach {bind_address(host, port)}: it is this machine's own "
                "loopback address. To play from phones on the same Wi-Fi, start it on every "
                "address: referee serve --host 0.0.0.0 (scripts/run.sh serve --host 0.0.0.0)"
                " and open the address it then prints.\n"
            )
            out.write(f"Database: {app.config['DATABASE']}\n")
        else:
            app.config["LAN_URL"] = url
            out.write(f"Canasta Referee: open {url} on a phone on the same Wi-Fi\n")
            out.write(f"Database: {app.config['DATABASE']}\n")
            segno.make(url, error="m").terminal(out=out, compact=True)
    out.flush()

    # Each worker makes the app from the environment: the same settings as this one.
    os.environ["REFEREE_DB"] = str(app.config["DATABASE"])
    os.environ["REFEREE_PROXY_HOPS"] = str(hops)
    if app.config["LAN_URL"]:
        os.environ["REFEREE_LAN_URL"] = app.config["LAN_URL"]
    from granian import Granian

    Granian("referee.web:create_server", **granian_options(host, port, workers)).serve()
    return 0
