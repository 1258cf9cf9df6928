"""The headers that lock every answer down, set in one place by flask-talisman.

Talisman is Google's small, widely used extension for exactly this list; writing the
headers by hand would be a few lines too, but Talisman also keeps the session cookie
settings and per-view exceptions (none so far) next to them.

- Content-Security-Policy: everything from this server only, no inline script or
  style at all (app.js and style.css are files; the chart and the QR code are SVG
  without style attributes), nothing may frame a page, forms post only here.
- ``Referrer-Policy: no-referrer``: a match link carries its secret; a page never
  tells another site where it came from.
- ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` for old browsers,
  and a Permissions-Policy that turns off what a score sheet never needs (the
  screen wake lock stays allowed for the app's own pages).
- Logs: a match path carries its secret, so :func:`without_secret` cuts it out of
  the path logged with an unexpected error (the access log is off in ``referee serve``,
  and the query string with the API's ``?token=`` is never logged).
- Cookies: HttpOnly and SameSite=Lax.  Not Secure here: the usual table server is
  plain HTTP on the local Wi-Fi (Talisman's redirect to HTTPS is off for the same
  reason); :mod:`referee.web.plumbing.proxy` makes them Secure, and adds HSTS, on a request
  that came over HTTPS.
- Static files and the manifest carry only nosniff and the referrer policy: the
  document-only headers would be most of a small file's bytes (see DOCUMENT_ONLY).
"""

from __future__ import annotations

import re

from flask import Flask, Response, request
from flask_talisman import Talisman

from .marks import mark_of

CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "manifest-src": "'self'",
    "worker-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

PERMISSIONS_POLICY = {
    "camera": "()",
    "microphone": "()",
    "geolocation": "()",
    "payment": "()",
    "usb": "()",
    "browsing-topics": "()",
    "screen-wake-lock": "(self)",
}


# Every link that holds a secret: a match's (/m/), a group's (/g/) and a tournament's (/t/,
# the director's among them), each /<kind>/<id>/<secret>/...
_LINK_SECRET = re.compile(r"^(/[mgt]/[^/]+/)[^/]+")


def without_secret(path: str) -> str:
    """``path`` with a match's, group's or tournament's secret replaced by ``<token>``."""
    return _LINK_SECRET.sub(r"\1<token>", path)


# What matters only for a page (a document): a style sheet, script, picture or the
# manifest is never framed and runs no script of its own, so these are left off them, where
# they were most of the bytes of a small file's answer (the 25 KB first visit).  SVG
# keeps them: opened by itself it is a document.  nosniff stays on everything.
DOCUMENT_ONLY = ("Content-Security-Policy", "Permissions-Policy", "X-Frame-Options")


def _lighter_static(response: Response) -> Response:
    # An error (a 404 under /static/) is a page, with every header a page has.
    light = response.status_code < 400 and response.mimetype != "image/svg+xml"
    # Flask's own static files, and the views marked not_a_document (marks.py).
    if (request.endpoint == "static" or mark_of("not_a_document")) and light:
        for header in DOCUMENT_ONLY:
            response.headers.pop(header, None)
    return response


def init_app(app: Flask) -> None:
    # Over HTTPS Flask-WTF also wants a Referer from this site on every form post; with
    # ``no-referrer`` no browser sends one (its Origin is "null" too), so every form
    # failed behind Caddy.  The signed CSRF token, bound to the session cookie, which is
    # SameSite=Lax (and Secure over https), is the protection; the Referer check goes.
    app.config["WTF_CSRF_SSL_STRICT"] = False
    # Registered before Talisman's, so it runs after it (Flask runs them last first).
    app.after_request(_lighter_static)
    Talisman(
        app,
        force_https=False,
        session_cookie_secure=False,
        session_cookie_http_only=True,
        session_cookie_samesite="Lax",
        frame_options="DENY",
        content_security_policy=CONTENT_SECURITY_POLICY,
        referrer_policy="no-referrer",
        permissions_policy=PERMISSIONS_POLICY,
        x_content_type_options=True,
        x_xss_protection=False,  # retired by browsers; the CSP does the work
        strict_transport_security=False,  # set by .proxy, which knows a trusted https
    )
