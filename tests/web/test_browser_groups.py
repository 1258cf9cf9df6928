"""A club's evening in a real Chromium at phone size: a group of five, a four-player match
picked from the roster, the dealer moving, a note, the finish, a rematch and the statistics
on the read-only link.  Screenshots go to tests/artifacts/ (group-*.png)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .test_browser import PHONE, check_page, totals

pytestmark = pytest.mark.browser


def quick_hand(page: Page, note: str = "") -> None:
    """Side 1 goes out with a natural canasta: 500 + 300 in melds + 100 out = 900 against 60
    (melds reaching the opening minimum of a new match, 50)."""
    page.get_by_role("link", name="Quick hand").click()
    page.locator("#side0-canastas_natural").fill("1")
    page.locator("#side0-meld_points").fill("300")
    page.locator("#out-0").check()
    page.locator("#side1-meld_points").fill("60")
    if note:
        page.locator("#note").fill(note)
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("recorded")


def test_a_club_evening_on_a_phone(browser, base_url):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(base_url)
    page.get_by_role("link", name="Make a group of players").click()
    page.get_by_label("Group name").fill("Thursday club")
    page.get_by_label("Players, one per line").fill("Anna\nBen\nCleo\nDan\nEva")
    check_page(page, "group-new")
    page.get_by_role("button", name="Make the group").click()
    expect(page.locator("h1")).to_have_text("Thursday club")
    expect(page.locator(".roster li")).to_have_count(5)
    check_page(page, "group-page")
    group_url = page.url

    # A four-player match, picked from the roster seat by seat; Ben deals first.
    page.get_by_role("link", name="Start a match").click()
    expect(page.locator('[data-seat="5"]')).to_be_hidden()  # four players: four seats
    for seat, name in enumerate(["Anna", "Ben", "Cleo", "Dan"], start=1):
        page.get_by_label(f"Seat {seat}", exact=True).select_option(label=name)
    dealer = page.get_by_label("Deals the first hand")
    expect(dealer.locator("option").nth(1)).to_have_text("Seat 2 · Ben")
    dealer.select_option(index=1)
    page.get_by_label("Target score").fill("1500")
    check_page(page, "group-match-new")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total h2")).to_have_text(["Anna & Cleo", "Ben & Dan"])
    expect(page.locator("#deal")).to_have_text("Hand 1: Ben deals, Cleo plays first.")

    quick_hand(page, note="Ben misdealt once <b>twice</b>")
    expect(page.locator("#deal")).to_have_text("Hand 2: Cleo deals, Dan plays first.")
    expect(page.locator(".hand-note")).to_have_text("✎ Ben misdealt once <b>twice</b>")
    check_page(page, "group-match-dealer")
    quick_hand(page)
    assert totals(page) == [1800, 120]
    expect(page.locator(".winner")).to_contain_text("Anna & Cleo")
    check_page(page, "group-match-finished")

    # Rematch: the same four, the deal moved on to Dan (Ben, Cleo dealt the two hands).
    page.get_by_role("button", name="Rematch").click()
    expect(page.locator("#deal")).to_have_text("Hand 1: Dan deals, Anna plays first.")

    # The statistics, on the group's read-only link, as any player would open them.
    page.goto(group_url)
    view = page.locator("a.link").first.get_attribute("href")
    assert view
    assert view != group_url
    other = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    reader = other.new_page()
    reader.goto(view)
    expect(reader.get_by_role("link", name="Start a match")).to_have_count(0)
    reader.get_by_role("link", name="Statistics").click()
    anna = reader.locator("table.stats").first.locator("tr", has_text="Anna")
    expect(anna.locator("td").nth(0)).to_have_text("1")  # won
    expect(anna.locator("td").nth(2)).to_have_text("100%")
    expect(reader.locator("svg.chart")).to_be_visible()
    check_page(reader, "group-statistics")
    assert re.search(r"/statistics$", reader.url)
    other.close()
    context.close()
