"""The whole flow in a real Chromium at phone size, with an accessibility scan of every page.

Playwright's Python client drives Debian's /usr/bin/chromium (never a downloaded
browser); the app runs in the real ``referee serve`` (granian, two workers).
Screenshots go to tests/artifacts/ for a human to look at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    LONG,
    PHONE,
    check_page,
    first_hand_by_picker,
    pick,
    row_labels,
    second_hand_quick,
    small_targets,
    totals,
)

pytestmark = pytest.mark.browser


# The base_url (the real `referee serve`) and browser fixtures live in conftest.py.


def test_the_touch_check_finds_what_a_finger_misses(browser):
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_content(
        "<style>.big{display:inline-block;min-width:44px;min-height:44px}</style>"
        '<p><a href="/a">alone</a></p>'  # a standalone link, as tall as its line: too small
        '<p>Read the <a href="/b">rules</a> first.</p>'  # in a sentence: left out
        '<p><button class="big">ok</button><a class="big" href="/c">ok</a></p>'
        '<input type="checkbox" id="c1"><label for="c1" class="big">tapped here</label>'
        '<input type="radio" id="r1"><label for="r1">too small</label>'
        "<details><summary class=big>More</summary><button>inside, hidden</button></details>"
    )
    found = [line.split(":")[0] for line in small_targets(page)]
    assert found == ['a "alone"', 'input#r1[type=radio] "too small"']


def test_a_whole_match_on_two_phones(browser, base_url):
    scorer = browser.new_context(viewport=PHONE).new_page()
    scorer.goto(base_url + "/")
    check_page(scorer, "01-home-empty")

    # Start a 4-player classic match.
    scorer.get_by_role("link", name="Start a new match").click()
    expect(scorer.get_by_label("Rules", exact=True)).to_have_value("classic")
    expect(scorer.locator("#target")).to_have_attribute("placeholder", "5000")
    check_page(scorer, "02-new-match")
    scorer.get_by_label("Players").select_option("4")
    scorer.locator("#side1_name").fill("We")
    scorer.locator("#side2_name").fill("They")
    scorer.locator("#target").fill("2000")
    scorer.get_by_role("button", name="Start the match").click()
    expect(scorer.locator(".total h2")).to_have_text(["We", "They"])
    check_page(scorer, "03-match-new")
    match_url = scorer.url

    # Hand 1 with the card picker only: no typing of cards.
    first_hand_by_picker(scorer, check=lambda: check_page(scorer, "04-hand-picker"))

    # Hand 2 in quick mode.
    second_hand_quick(scorer, hand_points="10")
    expect(scorer.locator('output[data-side="0"]')).to_have_text("+800 → 1,485")
    expect(scorer.locator('output[data-side="1"]')).to_have_text("+40 → 70")
    labels = row_labels(scorer)
    # Canastas by what they are made of: their cards count themselves (issue 37); a span of
    # ranks is never broken at its dash (word joiners around it).
    assert [label.replace("\u2060", "") for label in labels[:3]] == [
        "Natural, A",
        "Natural, K–8",
        "Natural, 7–4",
    ]
    check_page(scorer, "05-hand-quick")
    scorer.get_by_role("button", name="Record the hand").click()
    expect(scorer.locator(".flash")).to_contain_text("Hand 2 recorded")
    assert totals(scorer) == [1485, 70]

    # A second phone with the read-only link.
    view_link = scorer.locator("a.link").first.get_attribute("href")
    viewer = browser.new_context(viewport=PHONE).new_page()
    viewer.goto(view_link)
    expect(viewer.locator(".hands > li")).to_have_count(2)
    check_page(viewer, "06-viewer-before")

    # Hand 3: an illegal meld, refused next to it, corrected in place.
    scorer.get_by_role("link", name="Record a hand").click()
    scorer.locator("#side0-melds").fill("Q Q Q Q Q Q X\n9 9 X X X X")
    scorer.locator("#out-0").check()
    scorer.locator("#side1-melds").fill("A A A")
    scorer.locator("#side1-hand_points").fill("20")
    scorer.evaluate("document.getElementById('hand-form').noValidate = true")
    scorer.get_by_role("button", name="Record the hand").click()
    error = scorer.locator("#side0-melds-err")
    expect(error).to_contain_text("Meld 2")
    expect(error).to_contain_text("at most 3 wild cards")
    expect(error).to_contain_text("Rule:")
    expect(scorer.locator("#side1-hand_points")).to_have_value("20")
    check_page(scorer, "07-hand-error")
    scorer.locator("#side0-melds").fill("Q Q Q Q Q Q X\n9 9 X")
    scorer.get_by_role("button", name="Record the hand").click()
    expect(scorer.locator(".flash")).to_contain_text("Hand 3 recorded")
    # 60 + 50 + 300 (mixed canasta) + 20 + 50 + 100 (out) = 580; They: 60 - 20 = 40
    assert totals(scorer) == [2065, 110]
    expect(scorer.locator(".winner")).to_contain_text("Winner: We, with 2,065")

    # The viewer sees the new hand appear by itself.
    expect(viewer.locator(".hands > li")).to_have_count(3, timeout=LONG)
    expect(viewer.locator(".winner")).to_contain_text("Winner: We")
    check_page(viewer, "08-viewer-after")

    # Edit hand 1: They had nothing left in hand after all.
    scorer.goto(match_url)
    scorer.locator("#hand-1 summary").click()
    check_page(scorer, "09-match-breakdown")
    scorer.get_by_role("link", name="Edit hand 1").click()
    expect(scorer.locator("#side1-hand_points")).to_have_value("30")
    scorer.locator("#side1-hand_points").fill("0")
    # The total after hand 1 as it will stand (issue 37): 0 before it, +60 now.
    expect(scorer.locator('output[data-side="1"]')).to_have_text("+60 → 60")
    check_page(scorer, "10-hand-edit")
    scorer.get_by_role("button", name="Save changes").click()
    expect(scorer.locator(".flash")).to_contain_text("recomputed")
    assert totals(scorer) == [2065, 140]
    first_row = scorer.locator("#hand-1 summary").inner_text()
    assert re.search(r"They:\s*\+60\s*→\s*60", first_row)  # 3 aces, nothing in hand now
    check_page(scorer, "11-match-finished")

    scorer.get_by_role("link", name="History of changes").click()
    expect(scorer.locator(".history")).to_contain_text("Edited hand 1")
    check_page(scorer, "12-history")

    scorer.goto(base_url + "/")
    expect(scorer.locator(".matches")).to_contain_text("won by We")
    check_page(scorer, "13-home")
    scorer.goto(base_url + "/m/1/wrong-token")
    check_page(scorer, "14-not-found")


def test_dark_mode_pages_pass_the_scan(browser, base_url):
    page = browser.new_context(viewport=PHONE, color_scheme="dark").new_page()
    page.goto(base_url + "/matches/new")
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("link", name="Record a hand").click()
    pick(page, 0, "A A A")
    page.locator("#side0-red_threes").fill("1")
    page.locator("#out-none").check()
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".hands > li")).to_have_count(1)
    check_page(page, "15-match-dark")
    page.get_by_role("link", name="Record a hand").click()
    check_page(page, "16-hand-dark")


def test_the_first_dealer_is_offered_among_the_tables_seats_only(browser, base_url):
    """Seats 5 and 6 are not offered for a 4-player match, and come back for 6 (issue 48)."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(base_url + "/matches/new")
    dealer = page.get_by_label("Deals the first hand")
    seats = dealer.locator("option")
    expect(seats).to_have_count(4)
    page.get_by_label("Players").select_option("6")
    expect(seats).to_have_count(6)
    page.locator("#side1_p3").fill("Olga")
    expect(seats.nth(4)).to_have_text("Seat 5 · Olga")  # side 1's third player
    dealer.select_option("5")
    page.get_by_label("Players").select_option("2")
    expect(seats).to_have_count(2)
    expect(seats).to_have_text(["Seat 1", "Seat 2"])
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total h2")).to_have_count(2)
