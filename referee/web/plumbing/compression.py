"""Compressed answers for the phones, by Flask-Compress.

The match page, its style sheet and its scripts shrink to a quarter, which a phone at
the edge of the Wi-Fi notices, and granian sends bodies as the app makes them.
Flask-Compress (kept up by the Flask community: gzip, brotli and zstd) replaced a
middleware of our own that spoke only gzip: brotli takes another tenth off the text a
phone receives over https.  Only text of some size is compressed; PNG icons and PDF
sheets pass through.  Behind Caddy the proxy compresses instead (deploy/Caddyfile drops
``Accept-Encoding`` on its way in), and the app sends plain text over loopback.
(Flask-Compress takes ``gzip;q=0`` for gzip, where our middleware refused it; no browser
sends it.)
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_compress import Compress

MIMETYPES = [
    "text/html",
    "text/css",
    "text/plain",
    "text/csv",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
]
SETTINGS = {
    "COMPRESS_MIMETYPES": MIMETYPES,
    "COMPRESS_MIN_SIZE": 500,  # smaller bodies gain too little for the time spent on them
    # Best first; a phone names what it takes.  Browsers offer br over https only: on the
    # table's plain-http Wi-Fi Chrome asks for "gzip, deflate".
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_BR_LEVEL": 5,
    "COMPRESS_LEVEL": 6,
    "COMPRESS_STREAMS": False,  # nothing compressible is streamed (see _whole)
}


def _whole(response: Response) -> Response:
    """A static text file as bytes rather than a stream, read and closed here: Flask-Compress
    then compresses it with its length and answers its 304s (it streams only br, zstd or
    deflate, so a plain-http phone got the style sheet uncompressed, and it left the file
    it streamed to the garbage collector).  The files are a few KB each."""
    if request.endpoint == "static" and response.is_streamed and response.mimetype in MIMETYPES:
        response.direct_passthrough = False
        response.make_sequence()
    return response


def init_app(app: Flask) -> None:
    for key, value in SETTINGS.items():
        app.config.setdefault(key, value)
    Compress(app)
    app.after_request(_whole)  # after Compress's: Flask runs it first
