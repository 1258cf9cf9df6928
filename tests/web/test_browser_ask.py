"""Asking the referee in plain words in a real Chromium at phone size (390x844): a Czech
question typed without diacritics inside a Czech match finds the rule, shows its quote, and
its link opens the rule on the match's rules page; an axe-core scan of both pages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    PHONE,
    check_page,
    czech_match_over_http,
    quick_hand_over_http,
)

pytestmark = pytest.mark.browser


def test_a_czech_question_without_diacritics_in_a_czech_match(browser, base_url):
    page = browser.new_context(viewport=PHONE).new_page()
    match_url = czech_match_over_http(page.context, base_url)  # made as the phone's form sends it
    page.goto(f"{match_url}/referee?lang=cs")
    box = page.get_by_label("Vaše otázka, vlastními slovy")
    box.fill("muzu vzit balicek kdyz je zmrazeny")
    page.get_by_role("button", name="Zeptat se", exact=True).click()

    expect(box).to_have_value("muzu vzit balicek kdyz je zmrazeny")  # the question stays
    best = page.locator("#ask-answer .found.best")
    expect(best).to_have_attribute("data-rule", "pile.frozen")
    # The Czech book's own sentence is the answer, cited in its language, and said once
    # (issue 48: not quoted again under itself).
    expect(best.locator("cite")).to_have_attribute("lang", "cs")
    expect(best.locator("blockquote")).to_have_count(0)
    expect(page.locator("#ask-answer .found")).to_have_count(3)
    check_page(page, "50-ask-czech")

    best.get_by_role("link", name="Toto pravidlo na stránce pravidel").click()
    page.wait_for_url(f"{match_url}/rules#rule-pile.frozen")
    rule = page.locator('[id="rule-pile.frozen"]')
    expect(rule).to_be_in_viewport()
    check_page(page, "51-ask-rule-opened")


def _grouped(n: int) -> str:
    """A figure as a pattern of the Czech page's grouping: 2200 -> 2\\s200."""
    return f"{n:,}".replace(",", r"\s")


def test_a_czech_situation_inside_a_match_is_ruled_on_its_totals(browser, base_url):
    """Two hands played: "how many points do we need to meld first" is ruled for each side's
    own total, in Czech, first and large; the minimums are those the match's ledger gives
    (``/api/matches``); "is K K K and Q Q Q enough" is ruled for each side too, and its link
    opens the opening form filled in."""
    page = browser.new_context(viewport=PHONE).new_page()
    # The match and its two hands as the phone's forms send them (the forms are walked in
    # other tests; this one checks the referee page).
    match_url = czech_match_over_http(page.context, base_url)
    quick_hand_over_http(page.context, match_url)
    quick_hand_over_http(page.context, match_url)
    match_id, token = match_url.rstrip("/").split("/")[-2:]
    ledger = page.request.get(f"{base_url}/api/matches/{match_id}?token={token}").json()
    sides = list(zip(ledger["totals"], ledger["opening_minimums"], strict=True))
    assert len({minimum for _total, minimum in sides}) == 2  # the sides' minimums differ
    page.goto(f"{match_url}/referee?lang=cs")
    box = page.get_by_label("Vaše otázka, vlastními slovy")
    box.fill("kolik bodů potřebujeme na první vyložení?")
    page.get_by_role("button", name="Zeptat se", exact=True).click()

    said = page.locator("#ask-answer .ruling.said")
    for total, minimum in sides:
        expect(said).to_contain_text(
            re.compile(
                rf"\({_grouped(total)}\): Se skóre partie {_grouped(total)} "
                rf".*? aspoň {minimum} bodů"
            )
        )
    # the ruling comes before the rules that decide it
    expect(page.locator("#ask-answer > *").first).to_have_class(re.compile(r"\bsaid\b"))
    expect(page.locator("#ask-answer .found").first).to_have_attribute(
        "data-rule", "opening.minimum"
    )
    check_page(page, "52-ask-czech-situation")

    box.fill("stačí nám K K K a Q Q Q na první vyložení?")
    page.get_by_role("button", name="Zeptat se", exact=True).click()
    for total, minimum in sides:
        verdict = "Ano: 60 bodů dosahuje" if 60 >= minimum else "Ne: 60 bodů nedosahuje"
        expect(said).to_contain_text(
            re.compile(rf"\({_grouped(total)}\): {verdict} minima {minimum}")
        )
    page.locator("#ask-answer .ruling.said a.button").click()
    expect(page.locator("#opening-melds")).to_have_value("K K K\nQ Q Q")
