"""Issue 45: a Modern American table records a special hand on the quick form in a real
Chromium at 390×844 and reads the total: the side that went out with pairs without wild
cards scores 2500 and nothing else (pagat-american §Special Hands), the other side its
melds and cards as usual, as ``referee score`` gives them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from referee.match.contract import score_json
from tests.support.browser import PHONE, check_page, open_points, totals

pytestmark = pytest.mark.browser


def test_a_special_hand_on_the_quick_form(browser, base_url):
    page = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True).new_page()
    page.goto(base_url + "/matches/new")
    page.get_by_label("Rules", exact=True).select_option("american")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total .big").first).to_be_visible()
    page.goto(page.url.split("#")[0] + "/hands/new?mode=quick")
    page.locator("#out-0").check()
    page.get_by_label("Went out with a special hand").select_option("pairs")
    open_points(page)
    page.locator("#side1-meld_points").fill("150")
    page.locator("#side1-hand_points").fill("25")
    # The live preview says it before the hand is recorded.
    expect(page.locator(".preview output.s0")).to_contain_text("2,500")
    check_page(page, "entry-american-special-hand")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".total .big").first).to_be_visible()
    expected, status = score_json(
        {
            "variant": "american",
            "sides": [
                {"went_out": True, "special_hand": "pairs"},
                {"hand_points": 25},
            ],
        }
    )
    assert status == 0
    # The other side melded 150 without a canasta: they count minus (cla-laws §Scoring).
    assert totals(page) == [2500, -150 - 25]
    assert totals(page)[0] == expected["sides"][0]["total"]
