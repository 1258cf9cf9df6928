"""gzip for text responses, for clients that accept it; everything else untouched."""

from __future__ import annotations

import gzip

import pytest

from referee.web.compress import accepts_gzip

from .conftest import start_match

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("gzip, deflate, br", True),
        ("br;q=1.0, gzip;q=0.8", True),
        ("GZIP", True),
        ("gzip;q=0", False),
        ("deflate, br", False),
        ("", False),
    ],
)
def test_accept_encoding(header, expected):
    assert accepts_gzip(header) is expected


def test_the_match_page_is_gzipped_and_says_so(client):
    url = start_match(client)
    plain = client.get(url)
    packed = client.get(url, headers=GZIP)
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert "Cookie" in packed.headers["Vary"]  # Flask's own Vary is kept
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) / 2
    assert gzip.decompress(packed.data) == plain.data


@pytest.mark.parametrize("path", ["/static/style.css", "/static/app.js", "/static/icon.svg"])
def test_text_assets_are_gzipped(client, path):
    plain = client.get(path)
    packed = client.get(path, headers=GZIP)
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    plain.close()
    packed.close()


def test_images_tiny_bodies_and_refusals_pass_through(client):
    png = client.get("/static/icon-192.png", headers=GZIP)
    assert png.headers.get("Content-Encoding") is None
    assert png.data.startswith(b"\x89PNG")
    png.close()
    for small in ("/healthz", "/manifest.webmanifest"):  # under 500 bytes
        assert client.get(small, headers=GZIP).headers.get("Content-Encoding") is None
    refused = client.get("/", headers={"Accept-Encoding": "gzip;q=0"})
    assert refused.headers.get("Content-Encoding") is None


def test_a_gzipped_static_file_still_gets_its_304(client):
    first = client.get("/static/style.css", headers=GZIP)
    etag = first.headers["ETag"]
    first.close()
    assert etag.startswith('W/"')
    again = client.get("/static/style.css", headers={**GZIP, "If-None-Match": etag})
    assert again.status_code == 304
    assert again.data == b""
    again.close()
