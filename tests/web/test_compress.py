"""Compressed answers (Flask-Compress) for clients that accept them; everything else untouched."""

from __future__ import annotations

import gzip
import zlib

import brotli
import pytest

from tests.support.web import start_match

HTTPS = {"Accept-Encoding": "gzip, deflate, br"}  # what Chrome asks over https
WIFI = {"Accept-Encoding": "gzip, deflate"}  # and on the table's plain-http Wi-Fi


def test_the_match_page_is_compressed_and_says_so(client):
    url = start_match(client)
    plain = client.get(url)
    packed = client.get(url, headers=HTTPS)
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert "Cookie" in packed.headers["Vary"]  # Flask's own Vary is kept
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) / 2
    assert brotli.decompress(packed.data) == plain.data
    wifi = client.get(url, headers=WIFI)
    assert wifi.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(wifi.data) == plain.data


@pytest.mark.parametrize("path", ["/static/style.css", "/static/app.js", "/static/icon.svg"])
@pytest.mark.parametrize("accept", [HTTPS, WIFI], ids=["https", "wifi"])
def test_text_assets_are_compressed(client, path, accept):
    plain = client.get(path)
    packed = client.get(path, headers=accept)
    body = packed.get_data()
    coding = packed.headers["Content-Encoding"]
    unpack = {"br": brotli.decompress, "gzip": gzip.decompress, "deflate": zlib.decompress}
    assert unpack[coding](body) == plain.get_data()
    assert len(body) < len(plain.get_data())
    plain.close()
    packed.close()


def test_images_tiny_bodies_and_refusals_pass_through(client):
    png = client.get("/static/icon-192.png", headers=HTTPS)
    assert png.headers.get("Content-Encoding") is None
    assert png.data.startswith(b"\x89PNG")
    png.close()
    for small in ("/healthz", "/manifest.webmanifest"):  # under 500 bytes
        assert client.get(small, headers=HTTPS).headers.get("Content-Encoding") is None
    for plain in ("identity", "", "compress"):  # nothing compressed asked for, or unknown
        answer = client.get("/", headers={"Accept-Encoding": plain})
        assert answer.headers.get("Content-Encoding") is None


@pytest.mark.parametrize("accept", [HTTPS, WIFI], ids=["https", "wifi"])
def test_a_compressed_static_file_still_gets_its_304(client, accept):
    first = client.get("/static/style.css", headers=accept)
    etag = first.headers["ETag"]
    first.close()
    again = client.get("/static/style.css", headers={**accept, "If-None-Match": etag})
    assert again.status_code == 304
    assert again.data == b""
    again.close()
