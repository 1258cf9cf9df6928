"""Sending the result from a phone, and keeping its saved hands: real Chromium at 390×844
against the real ``referee serve``, the share sheet and the storage manager stubbed (a
headless browser has neither a sheet nor a person to ask)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import (
    LONG,
    NO_SHEET,
    PHONE,
    PNG,
    SHEET,
    SMALL,
    check_page,
    controlled,
    hand_over_http,
    kept_count,
    match_over_http,
    quick,
    until,
)

pytestmark = pytest.mark.browser


def finished(page: Page, base_url: str) -> str:
    """A match of four named players and no side names, won in one hand, made by the
    phone's forms sent over HTTP (what these tests check is the finished match's page,
    opened here): its edit link."""
    names = {"side1_p1": "Anna", "side1_p2": "Ben", "side2_p1": "Cleo", "side2_p2": "Dan"}
    match = match_over_http(page.context, base_url, name="Friday", target="500", **names)
    scores = {"side0-meld_points": "600", "side1-meld_points": "50", "out": "none"}
    hand_over_http(page.context, match, **scores)
    page.goto(match)
    expect(page.locator(".winner")).to_contain_text("Winner: Anna & Ben, with 600")
    return match


EXPECTED = [
    "Friday",
    "Anna & Ben: 600",
    "Cleo & Dan: 50",
    "★ Winner: Anna & Ben, with 600",
    "Classic (Laws of Canasta) · to 500 · 1 hand",
]


def test_share_hands_the_text_and_the_card_to_the_share_sheet(browser, base_url):
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(SHEET.replace("FILES", "true"))
    page = context.new_page()
    match = finished(page, base_url)
    share = page.get_by_role("link", name="Share the result")
    check_page(page, "match-finished-share")
    share.click()
    until(page, "() => window.shared !== undefined")
    shared = page.evaluate("window.shared")
    assert shared["text"].splitlines() == EXPECTED
    [card] = shared["files"]
    assert card["type"] == "image/png"
    assert card["head"] == PNG
    assert 0 < card["size"] <= SMALL
    assert card["name"].endswith(".png")
    assert page.url == match  # the sheet opened over the match page, which stays
    # A second tap shares again, at once (the script and the card are already here).
    page.evaluate("window.shared = undefined")
    share.click()
    until(page, "() => window.shared !== undefined")
    # The result page's own Share does the same.
    page.goto(match + "/result")
    page.get_by_role("button", name="Share").click()
    until(page, "() => window.shared !== undefined")
    assert page.evaluate("window.shared.text").splitlines() == EXPECTED
    assert page.evaluate("window.shared.files[0].head") == PNG
    context.close()


def test_a_sheet_that_takes_no_files_gets_the_text(browser, base_url):
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(SHEET.replace("FILES", "false"))
    page = context.new_page()
    finished(page, base_url)
    page.get_by_role("link", name="Share the result").click()
    until(page, "() => window.shared !== undefined")
    shared = page.evaluate("window.shared")
    assert shared["text"].splitlines() == EXPECTED
    assert shared["files"] == []
    context.close()


def test_without_a_share_sheet_the_text_is_copied_and_the_page_says_so(browser, base_url):
    context = browser.new_context(viewport=PHONE, permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script(NO_SHEET)
    page = context.new_page()
    finished(page, base_url)
    assert page.evaluate("navigator.share === undefined")
    page.get_by_role("link", name="Share the result").click()
    expect(page.get_by_role("status").filter(has_text="Copied")).to_have_text(
        "Copied: paste it into your chat."
    )
    assert page.evaluate("navigator.clipboard.readText()").splitlines() == EXPECTED
    context.close()


def test_the_result_page_without_javascript_has_the_card_and_the_text(browser, base_url):
    scorer = browser.new_context(viewport=PHONE).new_page()
    match = finished(scorer, base_url)
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(match)
    page.get_by_role("link", name="Share the result").click()
    assert page.url == match + "/result"
    expect(page.locator("#result-text")).to_have_value("\n".join(EXPECTED))
    card = page.get_by_role("img")
    expect(card).to_have_attribute("alt", "\n".join(EXPECTED))
    expect(card).to_have_js_property("naturalWidth", 800)  # loaded: the picture itself
    picture = page.get_by_role("link", name="Save the picture").get_attribute("href")
    assert base_url + picture == match + "/result.png"
    expect(page.get_by_role("button", name="Share")).to_be_hidden()  # it needs JavaScript
    context.close()
    # With JavaScript: the page is axe clean, every target a finger's, in Czech too.
    page = scorer.context.new_page()
    page.goto(match + "/result")
    check_page(page, "result")
    page.goto(match + "/result?lang=cs")
    expect(page.get_by_role("button", name="Sdílet")).to_be_visible()
    check_page(page, "result-cs")
    scorer.context.close()


# What the phone's browser answers when asked to keep its storage, and how often it was asked.
STORAGE = """
const granted = GRANTED;
Object.defineProperty(StorageManager.prototype, 'persist', {configurable: true, value: () => {
  localStorage.setItem('asked', String(+(localStorage.getItem('asked') || 0) + 1));
  return Promise.resolve(granted);
}});
Object.defineProperty(StorageManager.prototype, 'persisted', {configurable: true,
  value: () => Promise.resolve(granted && localStorage.getItem('asked') !== null)});
"""


def test_share_tapped_offline_says_it_needs_the_connection_and_stays(browser, base_url):
    """Offline, the text and the card cannot be made (the server makes them): the match
    page says so beside the button and stays, rather than opening a page with no copy."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(SHEET.replace("FILES", "true"))
    page = context.new_page()
    page.goto(base_url + "/matches/new")
    controlled(page)  # the worker keeps the scripts, result.js among them
    match = finished(page, base_url)
    context.set_offline(True)
    page.get_by_role("link", name="Share the result").click()
    expect(page.get_by_role("status").filter(has_text="connection")).to_have_text(
        "Sharing needs the connection: share again once this phone is back online."
    )
    assert page.url == match
    assert page.evaluate("window.shared") is None
    context.set_offline(False)
    page.get_by_role("link", name="Share the result").click()  # back online: it shares
    until(page, "() => window.shared !== undefined")
    context.close()


@pytest.mark.parametrize(
    ("granted", "says"),
    [
        (True, "The browser keeps this phone's saved hands for good."),
        (False, "The browser may clear this phone's saved hands when space runs short."),
    ],
)
def test_the_first_hand_kept_offline_asks_to_keep_the_phones_hands(
    browser, base_url, granted, says
):
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(STORAGE.replace("GRANTED", "true" if granted else "false"))
    page = context.new_page()
    page.goto(base_url + "/matches/new")
    controlled(page)
    page.get_by_role("button", name="Start the match").click()
    match = page.url
    expect(page.locator("#persist")).to_have_count(0)  # nothing kept yet: nothing asked
    assert page.evaluate("localStorage.getItem('asked')") is None

    page.goto(match + "/hands/new?mode=quick")
    context.set_offline(True)
    quick(page, "150", "60")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash.kept")).to_contain_text("waiting: 1")
    expect(page.locator("#persist")).to_have_text(says)
    # A second hand kept offline does not ask again.
    page.goto(match + "/hands/new?mode=quick")
    quick(page, "90", "50")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash.kept")).to_contain_text("waiting: 2")
    expect(page.locator("#persist")).to_have_text(says)
    assert page.evaluate("localStorage.getItem('asked')") == "1"

    context.set_offline(False)
    expect(page.locator(".flash.sent")).to_be_visible(timeout=LONG)
    assert kept_count(page) == 0
    page.reload()  # online, the match page still says it
    expect(page.locator("#persist")).to_have_text(says)
    assert page.evaluate("localStorage.getItem('asked')") == "1"
    check_page(page, f"match-persist-{granted}")
    context.close()
