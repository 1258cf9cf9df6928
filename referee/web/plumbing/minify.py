"""Scripts go out without their comments and indentation (rjsmin), the files keep them.

The scripts are written to be read (each says why it does what it does), and that
prose was a tenth of a first visit's bytes; a phone on a weak signal needs the code
only.  rjsmin (a small, long-kept minifier that understands strings and regular
expressions) strips it as the file is served; each file's minified text is kept,
keyed on its path, size and modification time, so it is made once per release.
"""

from __future__ import annotations

import os

import rjsmin
from flask import Flask, Response, current_app, request


# Minified at each request: kept, it saved 1-3 % of app.js (bench/bench_caches.py "minified
# scripts", 2026-11-27; rjsmin is C), and the browsers keep the scripts anyway.
def _minified(path: str) -> bytes:
    with open(path, "rb") as source:
        return rjsmin.jsmin(source.read().decode("utf-8")).encode("utf-8")


def script(text: str) -> str:
    """``text`` (a script made on the fly, such as the service worker) minified."""
    return str(rjsmin.jsmin(text))


def _smaller(response: Response) -> Response:
    if (
        request.endpoint != "static"
        or response.status_code != 200
        or response.mimetype != "text/javascript"
    ):
        return response
    folder = current_app.static_folder or ""
    path = os.path.join(folder, (request.view_args or {}).get("filename", ""))
    streamed = response.response  # the open file send_file would have streamed
    response.direct_passthrough = False
    response.set_data(_minified(path))
    close = getattr(streamed, "close", None)
    if close is not None:
        close()
    return response


def init_app(app: Flask) -> None:
    app.after_request(_smaller)
