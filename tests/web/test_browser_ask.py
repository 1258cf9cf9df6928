"""Asking the referee in plain words in a real Chromium at phone size (390x844): a Czech
question typed without diacritics inside a Czech match finds the rule, shows its quote, and
its link opens the rule on the match's rules page; an axe-core scan of both pages."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import PHONE, check_page, start_czech_match

pytestmark = pytest.mark.browser


def test_a_czech_question_without_diacritics_in_a_czech_match(browser, base_url):
    page = browser.new_context(viewport=PHONE).new_page()
    start_czech_match(page, base_url)
    match_url = page.url.split("?")[0].split("#")[0]
    page.goto(f"{match_url}/referee?lang=cs")
    box = page.get_by_label("Vaše otázka, vlastními slovy")
    box.fill("muzu vzit balicek kdyz je zmrazeny")
    page.get_by_role("button", name="Zeptat se", exact=True).click()

    expect(box).to_have_value("muzu vzit balicek kdyz je zmrazeny")  # the question stays
    best = page.locator("#ask-answer .found.best")
    expect(best).to_have_attribute("data-rule", "pile.frozen")
    expect(best.locator("blockquote")).to_be_visible()
    expect(best.locator("blockquote")).to_have_attribute("lang", "cs")
    expect(page.locator("#ask-answer .found")).to_have_count(3)
    check_page(page, "50-ask-czech")

    best.get_by_role("link", name="Toto pravidlo na stránce pravidel").click()
    page.wait_for_url(f"{match_url}/rules#rule-pile.frozen")
    rule = page.locator('[id="rule-pile.frozen"]')
    expect(rule).to_be_in_viewport()
    check_page(page, "51-ask-rule-opened")
