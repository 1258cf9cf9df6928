"""Links a phone at the table can open.

A host laptop opens its own pages at ``127.0.0.1``, which no phone can reach; ``referee
serve`` knows the address phones use on the Wi-Fi (the setting ``LAN_URL``, which it
prints).  A link meant for a phone -- a QR code, a table card, a link to share -- is made
on that address when the page was asked for on the loopback, and on the address asked
for otherwise (a public server, or a phone that opened the Wi-Fi address itself).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def on_loopback() -> bool:
    """Whether this request came to the machine's own loopback address."""
    return (urlsplit("//" + request.host).hostname or "") in LOOPBACK


def phone_url(endpoint: str, **values: Any) -> str:
    """The absolute link to ``endpoint`` that a phone on the same Wi-Fi can open."""
    lan = current_app.config.get("LAN_URL")
    if lan and on_loopback():
        return str(lan).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, **values, _external=True)


def home_url() -> str:
    """The app's first page, for a phone (the home page's own QR code)."""
    lan = current_app.config.get("LAN_URL")
    return str(lan) if lan else request.host_url
