"""``referee serve``: the phone companion on a production WSGI server (waitress).

Prints the address phones on the same Wi-Fi can open, with a QR code of it in
the terminal; the home page shows the same code.
"""

from __future__ import annotations

import socket
import sys
from typing import TextIO

ANY_HOST = ("0.0.0.0", "::", "")


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


def serve(host: str, port: int, db: str | None, out: TextIO = sys.stdout) -> int:
    import segno
    import waitress

    from .web import create_app

    app = create_app({"DATABASE": db} if db else None)
    url = public_url(host, port)
    app.config["LAN_URL"] = url
    out.write(f"Canasta Referee: open {url} on a phone on the same Wi-Fi\n")
    out.write(f"Database: {app.config['DATABASE']}\n")
    segno.make(url, error="m").terminal(out=out, compact=True)
    out.flush()
    waitress.serve(app, host=host, port=port, threads=8, ident="canasta-referee")
    return 0
