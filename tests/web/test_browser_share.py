"""Joining by scanning, in a real Chromium at phone size: the QR code on the match page is
screenshotted as the phone draws it and decoded with zbar (Debian's zbar-tools); it holds
the read-only link.  Copy puts that link on the clipboard; the edit link stays folded."""

from __future__ import annotations

import subprocess

import pytest
from playwright.sync_api import expect

from tests.support.browser import PHONE, check_page, until

pytestmark = pytest.mark.browser


def test_another_phone_joins_by_scanning(browser, base_url, tmp_path):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(base_url + "/matches/new")
    page.get_by_role("button", name="Start the match").click()
    view = page.locator(".join figcaption a").get_attribute("href")
    edit = page.url

    code = page.get_by_role("img", name="QR code of the read-only link")
    code.scroll_into_view_if_needed()
    expect(code).to_be_visible()
    until(page, "() => document.querySelector('.join img').complete")
    shot = tmp_path / "qr.png"
    code.screenshot(path=str(shot))
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert decoded == view
    assert decoded != edit

    # The edit link is folded away until asked for; its code is not even fetched till then.
    expect(page.get_by_role("link", name=edit)).to_be_hidden()
    assert not [url for url in asked if url.endswith("/scoring-qr.svg")]
    page.get_by_text("Give the scoring to another phone").click()
    expect(page.get_by_role("link", name=edit)).to_be_visible()
    # Its QR code, as the read-only link has one (issue 48), holds the edit link.
    scoring = page.get_by_role("img", name="QR code of the edit link")
    scoring.scroll_into_view_if_needed()
    until(page, "() => document.querySelector('.handover img').complete")
    scoring.screenshot(path=str(shot))
    handed = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert handed == edit.split("#")[0]

    page.get_by_role("button", name="Copy the link").click()
    expect(page.get_by_role("button", name="Copied")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == view
    check_page(page, "share-match")

    # The scanned link opens the match read-only on another phone.
    other = browser.new_context(viewport=PHONE).new_page()
    other.goto(decoded)
    expect(other.locator("main p.muted").first).to_contain_text("read-only")
    context.close()
