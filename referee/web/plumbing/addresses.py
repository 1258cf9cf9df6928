"""Links a phone at the table can open.

A host laptop opens its own pages at ``127.0.0.1``, which no phone can reach; ``referee
serve`` knows the address phones use on the Wi-Fi (the setting ``LAN_URL``, which it
prints).  A link meant for a phone -- a QR code, a table card, a link to share -- is made
on that address when the page was asked for on the loopback, and on the address asked
for otherwise (a public server, or a phone that opened the Wi-Fi address itself); a
configured ``PUBLIC_URL`` (a server behind a name) always.
"""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for


def on_loopback() -> bool:
    """Whether this request came to the machine's own loopback address."""
    return is_loopback(urlsplit("//" + request.host).hostname or "")


def phone_url(endpoint: str, **values: Any) -> str:
    """The absolute link to ``endpoint`` that a phone on the same Wi-Fi can open."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return str(public).rstrip("/") + url_for(endpoint, **values)
    lan = current_app.config.get("LAN_URL")
    if lan and on_loopback():
        return str(lan).rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, **values, _external=True)


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 perhaps in brackets) is this machine's
    own loopback (127.0.0.0/8, ::1, localhost), which no phone can reach."""
    host = host.strip("[]")
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def reachable(url: str) -> bool:
    """Whether a phone could open ``url``: not on a loopback address (``--host 127.0.0.1``)."""
    return not is_loopback(urlsplit(url).hostname or "")


def home_url() -> str:
    """The app's first page, for a phone (the home page's own QR code)."""
    lan = current_app.config.get("PUBLIC_URL") or current_app.config.get("LAN_URL")
    return str(lan) if lan else request.host_url
