"""``referee serve``: the phone companion on a production WSGI server (gunicorn).

Prints the address phones on the same Wi-Fi can open, with a QR code of it in
the terminal; the home page shows the same code.

gunicorn runs one worker process per core, each with a few threads: Python runs
one thread at a time per process, so a single process (waitress, as before) left
all but one core idle while phones waited.  The app is made once, in the first
process, before the workers are forked: the database's migrations run once, and
the secret key is made once.  SQLite in WAL mode lets the workers share the file.
"""

from __future__ import annotations

import os
import socket
import sys
from typing import Any, TextIO

ANY_HOST = ("0.0.0.0", "::", "")
THREADS = 4  # per worker: one request may wait on SQLite while another runs
KEEPALIVE = 30  # seconds a phone's idle connection is kept open (it polls every few)


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
    """gunicorn's ``bind`` setting for ``host`` and ``port`` (IPv6 addresses in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host or '0.0.0.0'}:{port}"


def default_workers() -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, cores or 1)


def gunicorn_options(host: str, port: int, workers: int | None) -> dict[str, Any]:
    return {
        "bind": bind_address(host, port),
        "workers": workers or default_workers(),
        "worker_class": "gthread",
        "threads": THREADS,
        "keepalive": KEEPALIVE,
        "preload_app": True,
        "proc_name": "canasta-referee",
        # gunicorn would believe X-Forwarded-Proto from 127.0.0.1 by itself; only the
        # app's ProxyFix (--proxy-hops) decides whom to believe.
        "forwarded_allow_ips": "",
        "secure_scheme_headers": {},
        "accesslog": None,
        "errorlog": "-",
        # No control socket: it would sit in the user's home, shared by every server
        # started there (two tables on one laptop, the tests); nothing here uses it.
        "control_socket_disable": True,
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
    from gunicorn.app.base import BaseApplication

    from .web import create_app

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
        app.config["LAN_URL"] = url
        out.write(f"Canasta Referee: open {url} on a phone on the same Wi-Fi\n")
        out.write(f"Database: {app.config['DATABASE']}\n")
        segno.make(url, error="m").terminal(out=out, compact=True)
    out.flush()

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in gunicorn_options(host, port, workers).items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return app

    Server().run()
    return 0
