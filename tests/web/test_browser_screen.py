"""A match on the family's TV: the read-only link with ``?screen=1`` at 1920×1080 shows
the totals large, the last hands and whose deal, fills the screen without scrolling, and
follows a hand recorded on the scorer's phone by itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    LONG,
    PHONE,
    PROJECTOR,
    axe_clean,
    match_over_http,
    quick_hand,
    quick_hand_over_http,
)

pytestmark = pytest.mark.browser


def test_the_tv_view_fills_the_screen_and_follows_the_scorer(browser, base_url):
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    # The scorer's match and hands as the phone's forms send them, over HTTP (the TV is
    # what this test watches; the forms are walked in the test below and elsewhere).
    match = match_over_http(phone.context, base_url, preset="classic")
    quick_hand_over_http(phone.context, match)  # 900 to 60
    phone.goto(match)
    expect(phone.locator(".total h2")).to_have_count(2)
    tv_link = phone.get_by_role("link", name="The match on a TV").get_attribute("href")
    assert tv_link.endswith("?screen=1")

    tv = browser.new_context(viewport=PROJECTOR).new_page()
    tv.goto(tv_link)
    totals = tv.locator(".screen-totals .big")
    expect(totals).to_have_text(["900", "60"])
    expect(tv.locator(".last-hands tbody tr")).to_have_count(1)
    expect(tv.get_by_role("button")).to_have_count(0)  # read-only: nothing to press
    size = float(totals.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 120  # readable across a room
    height = tv.evaluate("document.documentElement.scrollHeight")
    assert height <= PROJECTOR["height"]  # the whole match on one screen, nothing to scroll
    axe_clean(tv, "screen-01-tv")

    # The scorer records another hand; the TV follows by itself (it polls as phones do).
    quick_hand_over_http(phone.context, match)
    expect(totals).to_have_text(["1,800", "120"], timeout=LONG)
    expect(tv.locator(".last-hands tbody tr")).to_have_count(2)


def test_after_recording_the_confirmation_and_the_totals_are_both_on_the_phones_screen(
    browser, base_url
):
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(base_url + "/matches/new")
    phone.get_by_role("button", name="Start the match").click()
    for _hand in range(2):
        quick_hand(phone)
    said = phone.locator(".flash").bounding_box()
    totals = phone.locator("#totals").bounding_box()
    assert said["y"] >= 0  # "Hand 2 recorded." is not above the screen
    assert totals["y"] + totals["height"] <= PHONE["height"]  # and the totals are in sight
