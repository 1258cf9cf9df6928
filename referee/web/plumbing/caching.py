"""``Cache-Control: no-store`` on every answer under a secret link and from the API.

A match's link (``/m/<id>/<token>/...``), a group's (``/g/<id>/<token>/...``) and a
tournament's (``/t/<id>/<token>/...``: its table cards hold every table's edit link) carry
their secret in the address, and the API answers with a match's or group's data for
a token: no browser or proxy cache may keep any of it -- a shared tablet, a club's
caching proxy -- so each says ``no-store``, whatever the view set (the sheet's
``private`` with its ETag, the QR code's day).

Why ``no-store`` and not ``private, no-cache``: the offline copy of a match page is
made by the service worker (``static/sw.js``: ``keep()`` puts the page it fetched into
its own Cache Storage with ``cache.put``), and the Cache API does not look at
``Cache-Control`` at all.  So ``no-store`` costs the phone nothing offline, while it
keeps the secret pages out of the browser's HTTP cache, which the worker never needs.
A sheet downloaded again is still not rendered again: that cache is the server's
(:class:`referee.web.parts.sending.SheetCache`).
"""

from __future__ import annotations

import re

from flask import Flask, Response, request

SECRET_PATHS = re.compile(r"^/(?:m|g|t)/[^/]+/[^/]+(?:/|$)|^/api/")


def _no_store(response: Response) -> Response:
    if SECRET_PATHS.match(request.path):
        response.headers["Cache-Control"] = "no-store"
        response.headers.pop("Expires", None)
    return response


def init_app(app: Flask) -> None:
    app.after_request(_no_store)
