"""The server's settings: defaults, then ``instance/config.toml``, then ``REFEREE_*``.

Each setting can be given in the instance folder's ``config.toml`` (``PROXY_HOPS =
1``) or as an environment variable with the ``REFEREE_`` prefix
(``REFEREE_PROXY_HOPS=1``; values are read as JSON where they parse, else as
text).  Settings a caller passes to :func:`referee.web.create_app` (the tests,
``referee serve``'s options) come last and win.  docs/server.md has the table.
"""

from __future__ import annotations

import tomllib
from typing import Any

from flask import Flask

DEFAULTS: dict[str, Any] = {
    # How many reverse proxies in front of the server to believe about the client's
    # address and scheme (X-Forwarded-For, -Proto, -Host, -Port, -Prefix); 0: none.
    "PROXY_HOPS": 0,
    # The address phones reach the server at, for every link and QR code made for a phone
    # (table cards, a match's read-only link, the standings): "https://cards.example.org".
    # Empty: the address asked for, or, asked on the host's loopback, the Wi-Fi address
    # `referee serve` prints (referee/web/plumbing/addresses.py).
    "PUBLIC_URL": "",
    # How often a phone watching a match asks whether it changed.  Most of a club
    # night's server work (bench/bench_club.py): 10 keeps ~800 tables, 3 ~300.
    "POLL_SECONDS": 3,
    # How often a tournament's standings move on (referee/match/standings.py): every phone and
    # the projector reload them once a step; 20 keeps 200 tables and 800 phones at p99
    # under 20 ms on 2 cores (bench/bench_club.py --tournament).  0: with every hand.
    "STANDINGS_SECONDS": 20,
    # How often the standings, the projector and the director's page ask whether they moved on.
    "STANDINGS_POLL_SECONDS": 10,
    # Per client address (the forwarded one behind a trusted proxy).  Flask-Limiter's
    # notation: "20 per minute; 200 per day".
    "LIMIT_NEW_MATCHES": "20 per minute; 200 per day",
    "LIMIT_IMPORTS": "10 per minute",
    "LIMIT_API": "600 per minute",
    "RATELIMIT_ENABLED": True,
    # Where the counts are kept: each server process's memory, or a shared store
    # such as "redis://localhost:6379" (docs/server.md, "Settings").
    "RATELIMIT_STORAGE_URI": "memory://",
    # Score sheets rendered at once per server process (as many more wait for a turn),
    # and how long one waits before a 503 (referee/web/plumbing/sheet_turns.py).
    "SHEET_RENDERS": 1,
    "SHEET_WAIT_SECONDS": 5,
    # The largest match file the import page takes (referee/web/plumbing/bodies.py); every other
    # request stays within MAX_CONTENT_LENGTH (256 KB).  The largest match's export is
    # about 10 MB (docs/guide.md, "JSON").
    "MAX_IMPORT_BYTES": 16 * 1024 * 1024,
}


def load(app: Flask) -> None:
    """Fill ``app.config`` from the defaults, the instance's config.toml and the environment."""
    app.config.from_mapping(DEFAULTS)
    app.config.from_file("config.toml", load=tomllib.load, text=False, silent=True)
    app.config.from_prefixed_env("REFEREE")
