"""Limits against abuse, per client address, with Flask-Limiter.

Creating matches and groups, importing matches and the JSON API are counted (the settings
``LIMIT_NEW_MATCHES``, ``LIMIT_IMPORTS``, ``LIMIT_API``); reading a match, recording
hands and the referee are not: a table must never be locked out mid-game.  The
address is the request's, which behind a trusted proxy (``PROXY_HOPS``) is the
forwarded one.

Past a limit the answer is 429 with ``Retry-After`` and a page in the player's
language saying when to try again; a form comes back with what was typed.

Flask-Limiter (the ``limits`` package's Flask side, kept up since 2014) does the
counting and knows how to share counts through Redis or Memcached; one Limiter per
app, so two apps in one process (the tests) never share counts.  With the default
``memory://`` each server process counts on its own: with N processes a client may
get up to N times a limit before every process has refused it.
"""

from __future__ import annotations

import time

from flask import Flask, current_app
from flask_babel import gettext as _
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from .errors import refusal, refuse
from .marks import marked


def _limiter() -> Limiter:
    limiter: Limiter = current_app.extensions["referee.limiter"]
    return limiter


def _setting(name: str):
    return lambda: str(current_app.config[name])


def _being_shown_again() -> bool:
    # A refused form is shown by running its view once more: that is not a new try.
    return refusal() is not None


def too_many(error: RateLimitExceeded):
    limit = _limiter().current_limit
    seconds = 60
    if limit:  # the window's end, which `limits` rounds up to a whole second
        seconds = min(max(1, round(limit.reset_at - time.time())), limit.limit.get_expiry())
    message = _(
        "Too many requests from your address: try again in %(seconds)s seconds. "
        "Nothing you typed was lost.",
        seconds=seconds,
    )
    return refuse(_("Too many requests"), message, 429, retry_after=seconds)


def init_app(app: Flask) -> None:
    limiter = Limiter(
        get_remote_address,
        app=app,
        storage_uri=app.config["RATELIMIT_STORAGE_URI"],
        strategy="fixed-window",
        headers_enabled=False,  # Retry-After on the 429 only, set below
    )
    app.extensions["referee.limiter"] = limiter
    # Every view marked limited (marks.py): the setting that limits it, the methods counted.
    for endpoint, (setting, methods) in marked(app, "limited").items():
        app.view_functions[endpoint] = limiter.limit(
            _setting(setting), methods=methods, exempt_when=_being_shown_again
        )(app.view_functions[endpoint])
    limiter.limit(_setting("LIMIT_API"))(app.blueprints["api"])
    app.register_error_handler(RateLimitExceeded, too_many)
