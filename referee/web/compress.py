"""gzip for text responses: the WSGI server (gunicorn) sends bodies as the app made them.

The match page, its style sheet and its script shrink to a quarter, which a phone
at the edge of the Wi-Fi notices.  Only text (HTML, CSS, JavaScript, JSON, SVG) of
some size is compressed, and only for clients that say they accept gzip; anything
else (PNG icons, PDF sheets) passes through untouched, streamed as the app sends it.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterable
from typing import Any

COMPRESSIBLE = (
    "text/",
    "application/json",
    "application/javascript",
    "application/manifest+json",
    "image/svg+xml",
)
MIN_BYTES = 500  # smaller bodies gain too little for the time spent compressing them
LEVEL = 6

StartResponse = Callable[..., Any]


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header allows gzip (``gzip;q=0`` refuses it)."""
    for item in header.lower().split(","):
        coding, _, params = item.partition(";")
        if coding.strip() in ("gzip", "x-gzip"):
            params = params.strip()
            if not params.startswith("q="):
                return True
            try:
                return float(params[2:]) > 0
            except ValueError:
                return False
    return False


def _compressible(status: str, headers: list[tuple[str, str]]) -> bool:
    if status[:3] in ("204", "206", "304"):
        return False
    found = {name.lower(): value for name, value in headers}
    if "content-encoding" in found:
        return False
    length = found.get("content-length")
    if length is not None and length.isdigit() and int(length) < MIN_BYTES:
        return False
    return found.get("content-type", "").lower().startswith(COMPRESSIBLE)


class Gzip:
    """WSGI middleware: gzip the compressible responses of ``app`` for clients that accept it."""

    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "HEAD" or not accepts_gzip(
            environ.get("HTTP_ACCEPT_ENCODING", "")
        ):
            return self.app(environ, start_response)
        held: list[Any] = []  # status, headers, exc_info of a response to compress
        written: list[bytes] = []  # what the app gave the old write() callable, if anything

        def sniff(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if not _compressible(status, headers):
                return start_response(status, headers, exc_info)
            held[:] = [status, headers, exc_info]
            return written.append

        result = self.app(environ, sniff)
        if not held:
            return result
        try:
            body = b"".join([*written, *result])
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        status, headers, exc_info = held
        vary = [v for k, v in headers if k.lower() == "vary"]
        headers = [(k, v) for k, v in headers if k.lower() not in ("content-length", "vary")]
        headers.append(("Vary", ", ".join([*vary, "Accept-Encoding"])))
        if len(body) >= MIN_BYTES:
            body = gzip.compress(body, LEVEL, mtime=0)
            headers.append(("Content-Encoding", "gzip"))
            # Another representation of the same resource: a weak tag still gets its 304.
            headers = [
                (k, "W/" + v if k.lower() == "etag" and not v.startswith("W/") else v)
                for k, v in headers
            ]
        headers.append(("Content-Length", str(len(body))))
        start_response(status, headers, exc_info)
        return [body]
