"""Behind a reverse proxy (Caddy, nginx): whom to believe, and what HTTPS changes.

With ``PROXY_HOPS`` = N (``referee serve --proxy-hops N``), werkzeug's ProxyFix takes
the client's address, the scheme, host, port and path prefix from the last N
proxies' ``X-Forwarded-*`` headers; with 0 (the default) it is not installed and
such headers are ignored, since any client could send them.

When a request came over HTTPS (directly, or as a trusted proxy says), the
session cookie is ``Secure`` and the answer carries ``Strict-Transport-Security``;
links and redirects follow the request's scheme by themselves.  Over plain HTTP
(the usual server on a table's Wi-Fi) neither is set: a Secure cookie would never
come back.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

# A year, as browsers and the HSTS preload list expect; not includeSubDomains: other
# sites under the same domain may not have HTTPS.
HSTS = "max-age=31536000"


class _SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, ``Secure`` whenever the request was."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def _over_https(response: Response) -> Response:
    if request.is_secure:
        response.headers["Strict-Transport-Security"] = HSTS
    return response


def init_app(app: Flask) -> None:
    """Trust ``PROXY_HOPS`` proxies; call last, so ProxyFix sees the request first."""
    hops = int(app.config["PROXY_HOPS"])
    if hops < 0:
        raise ValueError(f"PROXY_HOPS must be 0 or more, not {hops}")
    if hops:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops
        )
    app.session_interface = _SessionInterface()
    app.after_request(_over_https)
