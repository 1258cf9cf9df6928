"""Each language in a real Chromium at phone size: a match page and a hand form, screenshots.

The screenshots (tests/artifacts/40-lang-*.png) are for looking at: longer words must
still fit at 360 px, and axe must find nothing in any language.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from referee.i18n import LANGUAGES
from tests.support.browser import PHONE, check_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def match_page(browser, base_url):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(base_url + "/matches/new")
    page.get_by_label("Rules", exact=True).select_option("czech")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total h2")).to_have_count(2)
    return page.url.split("?")[0]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_match_page_and_hand_form_in_each_language(browser, match_page, lang):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{match_page}?lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    check_page(page, f"40-lang-{lang}-match")
    # The choice is remembered: the next page, without ?lang=, speaks it too.
    page.goto(f"{match_page}/hands/new")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    check_page(page, f"41-lang-{lang}-hand")
